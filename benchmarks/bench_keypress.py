"""CPU a game process spends per keypress: one ``puzzleterm play`` on a PTY, as served.

Starts the game on a pseudo-terminal (80x24, ``TERM=xterm-256color``, a temporary data
directory) on a fixed 9x9 puzzle, waits for the board, then sends keys at a steady rate and
reads the game's CPU time from ``/proc``:

- idle: the CPU the game uses with no key (the clock ticks once a second), per second;
- cursor move: right and left in turn;
- digit: a digit then a clear on an empty cell (each key is one move, saved);

each per key, the idle CPU of the same span taken off.  ``--src`` runs another checkout of the
project (e.g. an older commit unpacked with ``git archive``) with the same Python, so two
versions can be measured side by side in one run.

    .venv/bin/python benchmarks/bench_keypress.py [--keys 60] [--rate 10] [--src DIR ...]

Local only; bounded: every wait has a time limit and the game is hung up at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import fcntl
import os
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

CLK_TCK = os.sysconf("SC_CLK_TCK")
EASY9 = ("sudoku:9x9:..3.2.6..9..3.5..1..18.64....81.29..7......."
         "8..67.82....26.95..8..2.3..9..5.1.3..")
RIGHT, LEFT = b"\x1b[C", b"\x1b[D"
REPO = Path(__file__).resolve().parent.parent


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


class Game:
    """``puzzleterm play GAME_ID`` on its own PTY."""

    def __init__(self, src: Path, home: Path) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
               "LANG": "C.UTF-8", "PUZZLETERM_HOME": str(home), "PYTHONPATH": str(src)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "puzzleterm", "play", EASY9], cwd=src, env=env,
            stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
        os.close(slave)
        self.master = master
        self.out = bytearray()

    def read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.out += os.read(self.master, 1 << 16)
            except OSError as exc:
                if exc.errno != errno.EIO:
                    raise

    def wait_for(self, needle: bytes, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while needle not in self.out:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                return False
            self.read(0.05)
        return True

    def pump(self, seconds: float) -> None:
        """Read the game's output for a while (a terminal that is not read stalls it)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            self.read(left)
        self.out.clear()

    def settle(self, timeout: float = 60.0) -> None:
        """Wait until start-up work (grading the puzzle in a thread...) is over."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            cpu0 = self.cpu()
            self.pump(1.0)
            if self.cpu() - cpu0 < 0.05:
                return

    def cpu(self) -> float:
        return cpu_seconds(self.proc.pid)

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGHUP)
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        os.close(self.master)


def keys_cpu(game: Game, keys: list[bytes], rate: float) -> float:
    """CPU seconds the game spent while the keys were sent, ``rate`` a second."""
    gap = 1.0 / rate
    cpu0 = game.cpu()
    for key in keys:
        os.write(game.master, key)
        game.pump(gap)
    game.pump(0.3)  # the last screen update
    return game.cpu() - cpu0


def measure(src: Path, n: int, rate: float) -> dict[str, float]:
    home = Path(tempfile.mkdtemp(prefix="puzzleterm-bench-keys-"))
    game = Game(src, home)
    try:
        if not game.wait_for(b"Filled", 60):
            shown = game.out.decode(errors="replace")
            raise RuntimeError(f"the game did not show its board:\n{shown}")
        game.settle()
        span = n / rate + 0.3
        cpu0 = game.cpu()
        game.pump(span)
        idle = game.cpu() - cpu0
        moves = keys_cpu(game, [RIGHT if i % 2 == 0 else LEFT for i in range(n)], rate)
        # back on r1c1 (empty; 4 is its solution) after an even number of moves: 4, clear...
        digits = keys_cpu(game, [b"4" if i % 2 == 0 else b"0" for i in range(n)], rate)
        return {"idle_per_s": idle / span, "move": (moves - idle) / n,
                "digit": (digits - idle) / n}
    finally:
        game.close()
        subprocess.run(["rm", "-rf", str(home)], check=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keys", type=int, default=60, help="keys of each kind (default 60)")
    ap.add_argument("--rate", type=float, default=10.0, help="keys a second (default 10)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds; medians printed (default 3)")
    ap.add_argument("--src", type=Path, nargs="*", default=[],
                    help="other checkouts to measure alongside this one")
    args = ap.parse_args()
    sources = [REPO, *args.src]
    results: dict[Path, list[dict[str, float]]] = {s: [] for s in sources}
    for _ in range(args.rounds):
        for src in sources:  # interleaved, so a change in the machine's load hits all alike
            results[src].append(measure(src, args.keys, args.rate))
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(f"CPU of one game process per key (median of {args.rounds} rounds of {args.keys} keys "
          f"at {args.rate:g}/s; clock ticks are {1000 / CLK_TCK:.0f} ms; load {load})")
    for src, runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(f"  {src!s:40}  cursor move {med['move'] * 1000:5.1f} ms   "
              f"digit {med['digit'] * 1000:5.1f} ms   idle {med['idle_per_s'] * 1000:5.1f} ms/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
