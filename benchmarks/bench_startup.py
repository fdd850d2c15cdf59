"""Startup time of the UI: from starting ``puzzleterm`` to its first screen drawn, and from
starting ``puzzleterm daily`` to today's daily Sudoku on the board, cold and warm.

Each run starts the real command in a fresh tmux server (80x24) and polls ``capture-pane``
until the screen's text is there; the time includes Python's start, imports, opening the
store and the first paint (tmux's own start is measured separately and subtracted).

- **home**: ``puzzleterm`` to the home screen;
- **daily cold**: ``puzzleterm daily`` with an empty store: today's Sudoku is dealt;
- **daily warm**: the same once a first run has dealt and cached today's set.

    .venv/bin/python benchmarks/bench_startup.py [--runs 7]

Prints every run and the medians; the goal is under one second for each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

READY = ("Daily ·", "Latin square")
DAILY_READY = ("Daily 20", "Filled")


def command() -> list[str]:
    exe = Path(sys.executable).parent / "puzzleterm"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "puzzleterm"]


def one_run(tmux: str, cmd: list[str], home: Path, ready: tuple[str, ...]) -> float:
    socket = f"pt-bench-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TMUX")}
    env["PUZZLETERM_HOME"] = str(home)
    env["TERM"] = "xterm-256color"
    base = [tmux, "-L", socket, "-f", "/dev/null"]
    shell = " ".join("'" + c.replace("'", "'\\''") + "'" for c in cmd)
    try:
        start = time.perf_counter()
        subprocess.run([*base, "new-session", "-d", "-s", "b", "-x", "80", "-y", "24", shell],
                       env=env, check=True)
        while True:
            text = subprocess.run([*base, "capture-pane", "-p", "-t", "b"], env=env,
                                  capture_output=True, text=True).stdout
            if all(r in text for r in ready):
                return time.perf_counter() - start
            if time.perf_counter() - start > 20:
                raise RuntimeError(f"no first screen after 20 s:\n{text}")
            time.sleep(0.005)
    finally:
        subprocess.run([*base, "kill-server"], env=env, capture_output=True)


def series(runs: int, run: Callable[[], float]) -> float:
    times = []
    for i in range(runs):
        times.append(run())
        print(f"  run {i + 1}: {times[-1] * 1000:.0f} ms")
    return statistics.median(times)


def cold_daily(tmux: str, overhead: float) -> float:
    with tempfile.TemporaryDirectory() as fresh:
        return one_run(tmux, [*command(), "daily"], Path(fresh), DAILY_READY) - overhead


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    tmux = shutil.which("tmux")
    if tmux is None:
        print("bench_startup: tmux is not installed; nothing measured")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        # tmux alone: a shell command that prints the marker at once
        overhead = statistics.median(
            one_run(tmux, ["sh", "-c", "echo READY; sleep 5"], home, ("READY",))
            for _ in range(3))
        print(f"tmux overhead (subtracted): {overhead * 1000:.0f} ms")
        one_run(tmux, command(), home, READY)  # warm the file cache and create the store
        medians = {
            "home": series(args.runs, lambda: one_run(tmux, command(), home, READY) - overhead),
            "daily cold": series(args.runs, lambda: cold_daily(tmux, overhead)),
            "daily warm": series(args.runs, lambda: one_run(
                tmux, [*command(), "daily"], home, DAILY_READY) - overhead),
        }
    for name, med in medians.items():
        print(f"median {name:<10}: {med * 1000:5.0f} ms over {args.runs} runs "
              f"({'under' if med < 1.0 else 'OVER'} the 1 s goal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
