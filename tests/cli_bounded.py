"""Run the command line in a child process under bounds: CPU seconds and address space set
as resource limits in the child, and a wall-clock guard against a child that waits."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

#: what one command may take, however bad its input
CPU_SECONDS = 5
MEMORY = 512 * 2**20
#: a guard for a child that blocks (its CPU time would never run out); a busy machine can
#: take a while to schedule it, so this is not a measure of speed
WALL_SECONDS = 120


@dataclass(frozen=True)
class Ran:
    status: int
    out: bytes
    err: str

    @property
    def lines(self) -> list[str]:
        """Standard error's lines (a bad input gets exactly one)."""
        return self.err.strip().splitlines()


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _limits_no_stdout() -> None:
    _limits()
    os.close(1)


def run_bounded(args: Sequence[str | bytes], stdin: bytes | Path | None = None,
                stdout: int | IO[Any] = subprocess.PIPE, env: dict[str, str] | None = None,
                home: Path | None = None, close_stdout: bool = False) -> Ran:
    """``puzzleterm ARGS`` with ``stdin`` (bytes, a file, or nothing: /dev/null) under the
    bounds (``close_stdout``: with no standard output at all); a child killed by a limit has
    a negative status."""
    child_env = dict(os.environ if env is None else env)
    child_env.pop("COLUMNS", None)
    if home is not None:
        child_env["PUZZLETERM_HOME"] = str(home)
    with open(stdin if isinstance(stdin, Path) else os.devnull, "rb") as source:
        done = subprocess.run(
            [sys.executable, "-m", "puzzleterm", *args],
            input=stdin if isinstance(stdin, bytes) else None,
            stdin=None if isinstance(stdin, bytes) else source,
            stdout=stdout, stderr=subprocess.PIPE, env=child_env,
            preexec_fn=_limits_no_stdout if close_stdout else _limits,
            timeout=WALL_SECONDS, check=False)
    return Ran(done.returncode, done.stdout or b"", done.stderr.decode("utf-8", "replace"))


def assert_one_line_error(ran: Ran, statuses: tuple[int, ...] = (1, 2)) -> None:
    """The command refused in one line on standard error, with a status of ``statuses``."""
    assert ran.status in statuses, (ran.status, ran.err[-2000:])
    assert "Traceback" not in ran.err, ran.err[-2000:]
    assert len(ran.lines) == 1, ran.err[-2000:]
    assert ran.lines[0].startswith("puzzleterm: "), ran.err
