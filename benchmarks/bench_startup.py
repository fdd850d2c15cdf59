"""Startup time of the UI: from starting ``puzzleterm`` to its first screen drawn, and from
starting ``puzzleterm daily`` to today's daily Sudoku on the board, cold and warm.

Each run starts the real command in a fresh tmux server (80x24) and polls ``capture-pane``
until the screen's text is there; the time includes Python's start, imports, opening the
store and the first paint (tmux's own start is measured separately and subtracted).  Beside
the wall time, each run reports the CPU time the command's processes had used when the
screen was seen (user + system, all threads; 10 ms resolution): on a shared, busy machine
that figure moves far less than the wall time.

- **home**: ``puzzleterm`` to the home screen (its menu and today's set listed);
- **daily cold**: ``puzzleterm daily`` with an empty store until today's Sudoku is on the
  board, playable (its givens drawn and the panel's ``Filled`` count shown; the "Dealing…"
  placeholder shown while it is dealt does not count);
- **daily warm**: the same once a first run has dealt and cached today's set.

    .venv/bin/python benchmarks/bench_startup.py [--runs 7] [--against OTHER_PYTHON]

A run ends once the command's processes have ended (killed after 5 s): a process that
lingers after its terminal closed would slow the next run.

``--against`` measures a second checkout in the same run, its runs interleaved with this
one's so that both see the same load: pass the Python of that checkout's venv (e.g. the
base's ``/tmp/base/.venv/bin/python``); its ``puzzleterm`` is started the same way, and the
ratios of the medians are printed.

Python is started as a player's installed copy runs: with its bytecode cache (the first,
warm-up run writes it).  A ``PYTHONDONTWRITEBYTECODE`` in the environment is dropped for the
command measured, unless ``--keep-env`` keeps it: a checkout whose modules were never cached
then compiles puzzleterm's own modules at every start (about 0.1-0.2 s more on a slow
machine; existing ``__pycache__`` files are still read).

Prints every run and the medians; the goal is under one second for each.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

READY = ("Daily ·", "Latin square")
#: today's Sudoku on the board: its title and the panel's count of filled cells (drawn only
#: once the puzzle is dealt; the placeholder meanwhile says "Dealing the daily puzzle…")
DAILY_READY = ("Daily 20", "Filled")
TICK = os.sysconf("SC_CLK_TCK")


def command(python: str) -> list[str]:
    exe = Path(python).parent / "puzzleterm"
    return [str(exe)] if exe.exists() else [python, "-m", "puzzleterm"]


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system, every thread) of a process and its descendants."""
    total = 0.0
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICK
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            children = [int(c) for c in fh.read().split()]
    except (OSError, ValueError, IndexError):
        return total
    return total + sum(tree_cpu(c) for c in children)


def tree(pid: int) -> list[int]:
    """A process and its descendants."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            children = [int(c) for c in fh.read().split()]
    except (OSError, ValueError):
        return [pid]
    return [pid, *(p for c in children for p in tree(c))]


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def wait_gone(pids: list[int], limit: float = 5.0) -> None:
    """Wait until the processes of a run have ended (a process that lingers after its
    terminal closed, e.g. on a thread's work, would slow the next run), killing what is
    still there after ``limit`` seconds."""
    end = time.perf_counter() + limit
    while any(alive(p) for p in pids) and time.perf_counter() < end:
        time.sleep(0.02)
    for p in pids:
        if alive(p):
            with contextlib.suppress(OSError):
                os.kill(p, signal.SIGKILL)


def one_run(tmux: str, cmd: list[str], home: Path, ready: tuple[str, ...],
            bytecode: bool = True) -> tuple[float, float]:
    """Seconds from the start of the tmux session to the ready text, and the CPU seconds the
    command had used by then.  The run ends once its processes have."""
    socket = f"pt-bench-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TMUX")}
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PUZZLETERM_HOME"] = str(home)
    env["TERM"] = "xterm-256color"
    base = [tmux, "-L", socket, "-f", "/dev/null"]
    shell = " ".join("'" + c.replace("'", "'\\''") + "'" for c in cmd)
    pids: list[int] = []
    try:
        start = time.perf_counter()
        subprocess.run([*base, "new-session", "-d", "-s", "b", "-x", "80", "-y", "24", shell],
                       env=env, check=True)
        pid = int(subprocess.run([*base, "display-message", "-p", "-t", "b", "#{pane_pid}"],
                                 env=env, capture_output=True, text=True).stdout.strip() or 0)
        while True:
            text = subprocess.run([*base, "capture-pane", "-p", "-t", "b"], env=env,
                                  capture_output=True, text=True).stdout
            if all(r in text for r in ready):
                wall = time.perf_counter() - start
                pids = tree(pid) if pid else []
                return wall, tree_cpu(pid) if pid else 0.0
            if time.perf_counter() - start > 20:
                raise RuntimeError(f"no first screen after 20 s:\n{text}")
            time.sleep(0.005)
    finally:
        subprocess.run([*base, "kill-server"], env=env, capture_output=True)
        wait_gone(pids)


Run = Callable[[], tuple[float, float]]


def series(runs: int, sides: dict[str, Run]) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each side, its runs interleaved with the others'."""
    walls: dict[str, list[float]] = {name: [] for name in sides}
    cpus: dict[str, list[float]] = {name: [] for name in sides}
    for i in range(runs):
        for name, run in sides.items():
            wall, cpu = run()
            walls[name].append(wall)
            cpus[name].append(cpu)
            label = f" {name}" if len(sides) > 1 else ""
            print(f"  run {i + 1}{label}: {wall * 1000:5.0f} ms  (cpu {cpu * 1000:4.0f} ms)")
    return {name: (statistics.median(walls[name]), statistics.median(cpus[name]))
            for name in sides}


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", metavar="PYTHON",
                    help="also measure the puzzleterm of this interpreter's venv, interleaved")
    ap.add_argument("--keep-env", dest="bytecode", action="store_false",
                    help="keep PYTHONDONTWRITEBYTECODE (no bytecode cache is written)")
    args = ap.parse_args()
    tmux = shutil.which("tmux")
    if tmux is None:
        print("bench_startup: tmux is not installed; nothing measured")
        return 0
    pythons = {"this": sys.executable}
    if args.against:
        pythons["against"] = args.against
    with tempfile.TemporaryDirectory() as tmp:
        homes = {name: Path(tmp) / name for name in pythons}
        for h in homes.values():
            h.mkdir()
        # tmux alone: a shell command that prints the marker at once
        overhead = statistics.median(
            one_run(tmux, ["sh", "-c", "echo READY; sleep 5"], Path(tmp), ("READY",))[0]
            for _ in range(3))
        print(f"tmux overhead (subtracted): {overhead * 1000:.0f} ms")
        if not args.bytecode and os.environ.get("PYTHONDONTWRITEBYTECODE"):
            print("PYTHONDONTWRITEBYTECODE kept: modules without a cache compile at each start")

        def run(name: str, sub: list[str], ready: tuple[str, ...],
                home: Path | None = None) -> Run:
            def go() -> tuple[float, float]:
                cmd = [*command(pythons[name]), *sub]
                if home is None:  # cold: a fresh, empty store
                    with tempfile.TemporaryDirectory() as fresh:
                        wall, cpu = one_run(tmux, cmd, Path(fresh), ready, args.bytecode)
                else:
                    wall, cpu = one_run(tmux, cmd, home, ready, args.bytecode)
                return wall - overhead, cpu
            return go

        for name in pythons:  # warm the file cache (and write the bytecode), create the store
            run(name, [], READY, homes[name])()
        medians = {
            "home": series(args.runs, {n: run(n, [], READY, homes[n]) for n in pythons}),
            "daily cold": series(args.runs, {n: run(n, ["daily"], DAILY_READY)
                                             for n in pythons}),
            "daily warm": series(args.runs, {n: run(n, ["daily"], DAILY_READY, homes[n])
                                             for n in pythons}),
        }
    for what, sides in medians.items():
        for name, (wall, cpu) in sides.items():
            label = f" [{name}]" if len(sides) > 1 else ""
            print(f"median {what:<10}{label}: {wall * 1000:5.0f} ms, cpu {cpu * 1000:5.0f} ms "
                  f"over {args.runs} runs ({'under' if wall < 1.0 else 'OVER'} the 1 s goal)")
        if len(sides) > 1:
            (w1, c1), (w2, c2) = sides["this"], sides["against"]
            print(f"ratio {what:<11} this/against: wall {w1 / w2:.2f}, "
                  f"cpu {c1 / c2 if c2 else float('nan'):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
