"""Startup time of the UI: from starting ``puzzleterm`` to its first screen drawn.

Each run starts the real command in a fresh tmux server (80x24) and polls ``capture-pane``
until the home screen's text is there; the time includes Python's start, imports, opening
the store and the first paint (tmux's own start is measured separately and subtracted).

    .venv/bin/python benchmarks/bench_startup.py [--runs 7]

Prints every run and the median; the goal is under one second.
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
from pathlib import Path

READY = ("Daily puzzles", "Latin square")


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
        one_run(tmux, command(), home, READY)  # warm the file cache and create the store
        times = []
        for i in range(args.runs):
            t = one_run(tmux, command(), home, READY) - overhead
            times.append(t)
            print(f"run {i + 1}: {t * 1000:.0f} ms")
    med = statistics.median(times)
    print(f"tmux overhead (subtracted): {overhead * 1000:.0f} ms")
    print(f"median time to first screen: {med * 1000:.0f} ms over {args.runs} runs "
          f"({'under' if med < 1.0 else 'OVER'} the 1 s goal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
