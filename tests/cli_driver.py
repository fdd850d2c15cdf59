"""Run many puzzleterm command lines from one warm process, each in a child of its own.

    python -m tests.cli_driver CASES.json RESULTS.json

The driver imports the command line once; each case is a fork whose standard input, output
and error are files of its own, with the bounds of :mod:`tests.cli_bounded` set in the child
(CPU seconds and address space) and a wall-clock guard in the driver.  The child runs
``puzzleterm.cli.main`` as the ``puzzleterm`` program does, then flushes standard output as
the interpreter does at exit.  A case costs milliseconds where a fresh interpreter costs a
third of a second, so the suite can try every verb with every kind of bad input.

CASES.json is a list of ``{"args": [...], "stdin": PATH or null, "stdout": PATH or null}``
(``stdout`` null: a file of the driver's); RESULTS.json has, per case, ``status`` (the exit
status, ``-N`` for a child killed by signal N), the first 4,000 bytes of standard output,
standard error, and the CPU seconds taken.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from typing import Any

from puzzleterm.cli import main
from puzzleterm.engine.kind import load_builtin_kinds

from .cli_bounded import CPU_SECONDS, MEMORY, WALL_SECONDS


def _child(args: list[str], stdin: str, stdout: str, stderr: str) -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    os.dup2(os.open(stdin, os.O_RDONLY), 0)
    os.dup2(os.open(stdout, os.O_WRONLY | os.O_CREAT), 1)
    os.dup2(os.open(stderr, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
    sys.argv = ["puzzleterm", *args]
    status = 1
    try:
        status = main(args)
    except SystemExit as exc:  # argparse: --help, or a usage error
        status = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    except BaseException:
        traceback.print_exc()
        status = 1
    try:  # what the interpreter does at exit
        sys.stdout.flush()
    except Exception as exc:
        print(f"Exception ignored in: {sys.stdout!r}\n{type(exc).__name__}: {exc}",
              file=sys.stderr)
        status = 120
    sys.stderr.flush()
    os._exit(status)


def run_case(case: dict[str, Any], workdir: str, n: int) -> dict[str, Any]:
    out = case.get("stdout") or os.path.join(workdir, f"{n}.out")
    err = os.path.join(workdir, f"{n}.err")
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            _child(case["args"], case.get("stdin") or os.devnull, out, err)
        finally:
            os._exit(70)
    deadline = time.monotonic() + WALL_SECONDS
    while True:
        got, wait_status, usage = os.wait4(pid, os.WNOHANG)
        if got:
            break
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.002)
    head = b""
    if not case.get("stdout"):
        with open(out, "rb") as fh:
            head = fh.read(4000)
    with open(err, "rb") as fh:
        error = fh.read(20_000).decode("utf-8", "replace")
    return {"status": os.waitstatus_to_exitcode(wait_status),
            "stdout": head.decode("utf-8", "replace"), "stderr": error,
            "cpu": usage.ru_utime + usage.ru_stime}


def run_all(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    load_builtin_kinds()
    with tempfile.TemporaryDirectory() as workdir:
        return [run_case(case, workdir, n) for n, case in enumerate(cases)]


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as fh:
        todo = json.load(fh)
    with open(sys.argv[2], "w", encoding="utf-8") as fh:
        json.dump(run_all(todo), fh)
