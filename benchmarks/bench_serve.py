"""``puzzleterm serve`` under load: N scripted players over SSH on loopback.

Starts the real server (``python -m puzzleterm serve``, a temporary data directory and host key,
127.0.0.1 on a free port), connects N players (asyncssh clients with an 80x24 PTY, each its own
key), has each start a 9x9 game, then press 2 keys a second (arrows, left and right in turn)
for ``--duration`` seconds, all at once.  It prints:

- connect -> first frame: from opening the TCP connection to the home screen's text arriving;
- keypress -> screen update: from sending an arrow key to the screen naming the new cell
  (``Cell r1c2``), p50 / p90 / p99, and how many keys got no answer within 2 s;
- memory per game process (PSS from ``/proc/PID/smaps_rollup``; RSS too) and of the server;
- CPU per keypress: the server process's and the game processes', during the key phase.

    .venv/bin/python benchmarks/bench_serve.py [--players 10 50 100] [--duration 20] [--fps N]
                                               [--src DIR ...]

``--src`` runs the same load against other checkouts of the project too (e.g. a baseline made
with ``git worktree add /tmp/base main``), one after the other for each number of players, with
the same Python and packages, and prints each one's figures against this checkout's.

Loopback only; every wait is bounded, and the server is stopped at the end.  Other work on the
machine makes the figures noisy: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte

CLK_TCK = os.sysconf("SC_CLK_TCK")
REPO = Path(__file__).resolve().parent.parent
RIGHT, LEFT, ENTER = b"\x1b[C", b"\x1b[D", b"\r"
CELL = re.compile(r"Cell\s+r(\d+)c(\d+)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def children(pid: int, live: bool = False) -> list[int]:
    """The child processes of ``pid`` (``live``: not those that have exited, unreaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and not (live and fields[0] == "Z"):
                found.append(int(entry.name))
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(PSS, RSS) in KiB."""
    pss = rss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
            elif line.startswith("Rss:"):
                rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class Client(asyncssh.SSHClient):
    pass


class Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, player: Player) -> None:
        self.player = player

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.player.on_data(data)


@dataclass
class Player:
    port: int
    key: asyncssh.SSHKey
    first_frame: float | None = None
    latencies: list[float] = field(default_factory=list)
    lost: int = 0
    keys: int = 0
    buffer: bytearray = field(default_factory=bytearray)
    waiting_for: bytes | None = None
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    screen: Any = None
    stream: Any = None
    conn: Any = None
    chan: Any = None
    error: str = ""

    def on_data(self, data: bytes) -> None:
        self.buffer += data
        if self.stream is not None:
            self.stream.feed(data)
        if self.waiting_for is not None and self.waiting_for in self.buffer:
            self.waiting_for = None
            self.arrived.set()

    async def expect(self, needle: bytes, timeout: float) -> bool:
        self.buffer.clear()
        self.arrived.clear()
        self.waiting_for = needle
        try:
            await asyncio.wait_for(self.arrived.wait(), timeout)
            return True
        except TimeoutError:
            self.waiting_for = None
            return False

    async def screen_shows(self, pattern: str, timeout: float) -> re.Match[str] | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, "\n".join(self.screen.display))
            if found:
                return found
            await asyncio.sleep(0.1)
        return None

    async def connect(self) -> None:
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        start = time.monotonic()
        self.conn = await asyncssh.connect(
            "127.0.0.1", self.port, username="bench", known_hosts=None, agent_path=None,
            config=None, client_keys=[self.key], client_factory=Client)
        self.arrived.clear()
        self.waiting_for = b"Latin square"
        self.chan, _ = await self.conn.create_session(
            lambda: Session(self), term_type="xterm-256color", term_size=(80, 24),
            encoding=None)
        await asyncio.wait_for(self.arrived.wait(), 60)
        self.first_frame = time.monotonic() - start

    async def start_game(self) -> tuple[int, int]:
        """Start a 9x9 game; the cursor's cell."""
        for key, wait in ((ENTER, "New Sudoku"), (ENTER, None), (ENTER, None)):
            self.chan.write(key)
            if wait:
                await self.screen_shows(wait, 30)
            await asyncio.sleep(0.3)
        found = await self.screen_shows(CELL.pattern, 60)
        if found is None:
            raise RuntimeError("no game board:\n" + "\n".join(self.screen.display))
        self.stream = None  # from here on, only raw bytes are looked at
        return int(found.group(1)), int(found.group(2))

    async def press_keys(self, cell: tuple[int, int], until: float) -> None:
        row, col = cell
        step = 1 if col < 9 else -1
        await asyncio.sleep(random.random() * 0.5)
        while time.monotonic() < until:
            sent = time.monotonic()
            col += step
            self.chan.write(RIGHT if step > 0 else LEFT)
            self.keys += 1
            if await self.expect(f"r{row}c{col}".encode(), 2.0):
                self.latencies.append(time.monotonic() - sent)
            else:
                self.lost += 1
            step = -step
            await asyncio.sleep(max(0.0, sent + 0.5 - time.monotonic()))


async def run(players: int, duration: float, fps: int | None, python: str,
              src: Path) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="puzzleterm-bench-serve-"))
    port = free_port()
    cmd = [python, "-m", "puzzleterm", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--max-sessions", str(players + 5), "--max-per-address", str(players + 5),
           "--rate-per-address", "100000", "--idle-timeout", "10", "--login-grace", "120"]
    if fps:
        cmd += ["--fps", str(fps)]
    if "--max-pending" in subprocess.run([python, "-m", "puzzleterm", "serve", "--help"],
                                         capture_output=True, text=True, cwd=src).stdout:
        # every player comes from 127.0.0.1, and many log in at once
        cmd += ["--max-pending", str(players + 5), "--max-pending-per-address", str(players + 5)]
    # the server, its starter and its games import the package from ``src`` (the working
    # directory: ``python -m`` looks there first)
    env = {**os.environ, "PUZZLETERM_HOME": str(home), "PYTHONPATH": str(src)}
    server = subprocess.Popen(cmd, env=env, stderr=subprocess.DEVNULL, text=True, cwd=src)
    result: dict[str, Any] = {"players": players, "src": src}
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            await asyncio.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        # a server that has run a while has dealt today's daily set (its warm starter has a
        # child do it once a day): wait for that, as players would not arrive in its first
        # seconds; new players then start from the dealt set
        t0 = time.monotonic()
        while time.monotonic() - t0 < 90:
            starters = children(server.pid)
            if starters and not any(children(s, live=True) for s in starters):
                break
            await asyncio.sleep(0.2)
        result["warm_s"] = time.monotonic() - t0
        team = [Player(port, asyncssh.generate_private_key("ssh-ed25519"))
                for _ in range(players)]

        async def arrive(p: Player, delay: float) -> None:
            await asyncio.sleep(delay)
            try:
                await p.connect()
            except (OSError, asyncssh.Error, TimeoutError) as exc:
                p.error = f"{type(exc).__name__}: {exc}"[:200]

        async def deal(p: Player, delay: float) -> tuple[int, int] | None:
            await asyncio.sleep(delay)
            if p.error or p.chan is None:
                return None
            try:
                return await p.start_game()
            except (OSError, asyncssh.Error, RuntimeError, TimeoutError) as exc:
                p.error = f"{type(exc).__name__}: {exc}"[:200]
                return None

        # players arrive over a few seconds, as a crowd would, not in one instant; then each
        # starts a game (dealing and grading a 9x9 puzzle costs the game process CPU)
        t0 = time.monotonic()
        await asyncio.gather(*(arrive(p, i * 0.1) for i, p in enumerate(team)))
        result["arrive_s"] = time.monotonic() - t0
        t0 = time.monotonic()
        cells = await asyncio.gather(*(deal(p, i * 0.1) for i, p in enumerate(team)))
        result["deal_s"] = time.monotonic() - t0
        ready = [(p, c) for p, c in zip(team, cells, strict=True) if c is not None]
        result["failed"] = [p.error for p in team if p.error]
        games = children(server.pid)
        result["games"] = games
        result["game_mem"] = [memory_kib(g) for g in games]
        result["server_mem"] = memory_kib(server.pid)
        await asyncio.sleep(1.0)
        cpu0 = cpu_seconds(server.pid), sum(cpu_seconds(g) for g in games), os.times()
        until = time.monotonic() + duration
        await asyncio.gather(*(p.press_keys(c, until) for p, c in ready))
        cpu1 = cpu_seconds(server.pid), sum(cpu_seconds(g) for g in games), os.times()
        keys = sum(p.keys for p, _ in ready)
        result.update(
            first_frame=[p.first_frame for p in team if p.first_frame is not None],
            latencies=[x for p, _ in ready for x in p.latencies],
            lost=sum(p.lost for p, _ in ready), keys=keys,
            server_cpu=(cpu1[0] - cpu0[0]) / max(keys, 1),
            game_cpu=(cpu1[1] - cpu0[1]) / max(keys, 1),
            client_cpu=(cpu1[2].user + cpu1[2].system - cpu0[2].user - cpu0[2].system),
            duration=duration,
        )
        for p in team:
            if p.conn is not None:
                p.conn.close()
        await asyncio.sleep(1.0)
        return result
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
        left = [g for g in result.get("games", []) if Path(f"/proc/{g}").exists()]
        result["left_running"] = len(left)
        subprocess.run(["rm", "-rf", str(home)], check=False)


def report(r: dict[str, Any]) -> None:
    ff, lat = r["first_frame"], r["latencies"]
    pss = [m[0] for m in r["game_mem"]]
    rss = [m[1] for m in r["game_mem"]]
    print(f"\n== {r['src']}: {r['players']} players, {r['duration']:.0f} s of keys "
          f"(load average before: {r['load']}) ==")
    if r["failed"]:
        print(f"  {len(r['failed'])} players could not start: {r['failed'][:3]}")
    print(f"  server warm (daily set dealt) after {r['warm_s']:.1f} s; all connected in "
          f"{r['arrive_s']:.1f} s, all games dealt in {r['deal_s']:.1f} s")
    if ff:
        print(f"  connect -> first frame   p50 {statistics.median(ff) * 1000:7.0f} ms   "
              f"p90 {pct(ff, 0.9) * 1000:7.0f} ms   max {max(ff) * 1000:7.0f} ms")
    if lat:
        print(f"  keypress -> update       p50 {pct(lat, 0.5) * 1000:7.1f} ms   "
              f"p90 {pct(lat, 0.9) * 1000:7.1f} ms   p99 {pct(lat, 0.99) * 1000:7.1f} ms   "
              f"({r['keys']} keys, {r['lost']} unanswered in 2 s)")
    if pss:
        print(f"  memory per game          PSS {statistics.median(pss) / 1024:5.1f} MiB   "
              f"RSS {statistics.median(rss) / 1024:5.1f} MiB   "
              f"(server: PSS {r['server_mem'][0] / 1024:.1f} MiB)")
    print(f"  CPU per keypress         server {r['server_cpu'] * 1000:5.2f} ms   "
          f"game {r['game_cpu'] * 1000:5.2f} ms   "
          f"(bench clients used {r['client_cpu']:.1f} s CPU in the key phase)")
    print(f"  game processes left after the server stopped: {r['left_running']}")


def compare(rows: list[dict[str, Any]]) -> None:
    """Each other checkout's figures against the first's: ratios (below 1: smaller)."""
    def figures(r: dict[str, Any]) -> dict[str, float]:
        lat = r["latencies"] or [float("nan")]
        pss = [m[0] for m in r["game_mem"]] or [float("nan")]
        return {"PSS per game": statistics.median(pss),
                "first frame p50": statistics.median(r["first_frame"] or [float("nan")]),
                "key p50": pct(lat, 0.5), "key p90": pct(lat, 0.9), "key p99": pct(lat, 0.99),
                "game CPU per key": r["game_cpu"]}

    first = figures(rows[0])
    for r in rows[1:]:
        other = figures(r)
        ratios = "   ".join(f"{name} x{first[name] / other[name]:.2f}" for name in first
                           if other[name] > 0)
        print(f"  {rows[0]['src']} against {r['src']}: {ratios}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[10, 50, 100])
    ap.add_argument("--duration", type=float, default=20.0, help="seconds of keys (default 20)")
    ap.add_argument("--fps", type=int, help="TEXTUAL_FPS for the games (server --fps)")
    ap.add_argument("--src", type=Path, nargs="*", default=[],
                    help="other checkouts to run the same load against")
    args = ap.parse_args()
    sources = [REPO, *(s.resolve() for s in args.src)]
    for n in args.players:
        rows = []
        for src in sources:
            load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
            result = asyncio.run(asyncio.wait_for(
                run(n, args.duration, args.fps, sys.executable, src),
                args.duration + 150 + n * 3))
            result["load"] = load
            report(result)
            rows.append(result)
        if len(rows) > 1:
            compare(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
