"""Beyond one host: ``puzzleterm serve`` hosts behind HAProxy, sharing one PostgreSQL.

For each number of players N (``--players``) and each layout (``--hosts``, default 2 then 1),
on loopback only:

- starts a throwaway PostgreSQL (as the tests do: :mod:`tests.pgserver`), the serve hosts
  (``python -m puzzleterm serve --store postgresql://... --host-key K``, one shared host key, a
  data directory each) and HAProxy in TCP mode in front of them (``leastconn``; with one host,
  HAProxy still stands in front, so both layouts take the same path);
- connects N scripted SSH players through HAProxy (the client of ``bench_serve.py``: each its
  own key, an 80x24 PTY), has each start a 9x9 game and press 2 keys a second for
  ``--duration`` seconds;
- then has one process per host finish today's daily Latin square for N/hosts players each,
  as game processes do once the daily is open (a shared store with its local outbox: the
  save, the replay check, the result, the leaderboard place), all at once: results written
  per second.  (This part runs at the store level, not through SSH keystrokes.)

It prints connect -> first frame (p50 / p90), keypress -> screen update (p50 / p99) and
results per second, for each layout, and what the second host buys.

    .venv/bin/python benchmarks/bench_scale.py [--players 10 50 100] [--hosts 2 1]
                                               [--duration 15] [--pin]

Needs PostgreSQL's ``initdb``/``pg_ctl`` and ``haproxy`` (``apt-get install haproxy``): without
them it says so and stops.  Every wait is bounded; everything it starts is stopped at the end.
On one machine the "hosts" share its cores: the figures show the cost of the balancer and the
shared database, not the capacity of real separate hosts.

``--pin`` measures capacity instead: each serve host (its server, warm starter and games) is
pinned to a core of its own with ``taskset`` (host 1 on core 0, host 2 on core 1), so one host
has one core and two hosts have two, as separate machines would; HAProxy, PostgreSQL and the
scripted players run on whatever core is free.  The results part is left out, and after the
ladder of ``--players`` it prints, for each layout, the most players served with keypress p99
under 100 ms (every player in, no key unanswered):

    .venv/bin/python benchmarks/bench_scale.py --pin --players 20 30 40 50 60 80 --duration 15
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

import asyncssh  # noqa: E402
from bench_serve import Player, children, free_port, pct  # noqa: E402

HAPROXY = """global
    maxconn 4000
defaults
    mode tcp
    timeout connect 5s
    timeout client 10m
    timeout server 10m
frontend ssh
    bind 127.0.0.1:{port}
    default_backend serve
backend serve
    balance leastconn
{servers}
"""


def wait_port(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.1)
    return False


def stop(proc: subprocess.Popen[Any]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


class Hosts:
    """The serve hosts and HAProxy in front of them."""

    def __init__(self, hosts: int, url: str, root: Path, players: int,
                 pin: bool = False) -> None:
        self.procs: list[subprocess.Popen[Any]] = []
        self.serve_pids: list[int] = []
        self.port = 0
        try:
            self._start(hosts, url, root, players, pin)
        except BaseException:  # nothing started is left running
            self.close()
            raise

    def _start(self, hosts: int, url: str, root: Path, players: int, pin: bool) -> None:
        key = root / "ssh_host_ed25519_key"
        ports = []
        for i in range(hosts):
            port = free_port()
            home = root / f"host{i + 1}"
            home.mkdir()
            cmd = [sys.executable, "-m", "puzzleterm", "serve", "--host", "127.0.0.1",
                   "--port", str(port), "--host-key", str(key), "--store", url,
                   "--max-sessions", str(players + 5), "--max-per-address", str(players + 5),
                   "--rate-per-address", "100000", "--idle-timeout", "10",
                   "--login-grace", "120", "--max-pending", str(players + 5),
                   "--max-pending-per-address", str(players + 5)]
            if pin:  # the server, and so its starter and games, on core i alone
                cmd = ["taskset", "-c", str(i % (os.cpu_count() or 1)), *cmd]
            proc = subprocess.Popen(cmd, env={**os.environ, "PUZZLETERM_HOME": str(home)},
                                    stderr=subprocess.DEVNULL, cwd=HERE.parent)
            self.procs.append(proc)
            self.serve_pids.append(proc.pid)
            if not wait_port(port, 90):  # the first host makes the shared key: wait for it
                raise RuntimeError(f"serve host {i + 1} did not start")
            ports.append(port)
        self.port = free_port()
        cfg = root / "haproxy.cfg"
        cfg.write_text(HAPROXY.format(port=self.port, servers="\n".join(
            f"    server serve{i + 1} 127.0.0.1:{p} check" for i, p in enumerate(ports))))
        self.procs.append(subprocess.Popen(["haproxy", "-db", "-f", str(cfg)],
                                           stdout=subprocess.DEVNULL,
                                           stderr=subprocess.DEVNULL))
        if not wait_port(self.port, 15):
            raise RuntimeError("haproxy did not start")
        # as in bench_serve: players arrive once each host's starter has dealt today's daily
        # set (a server that has run a while has), not while it deals it
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            starters = [s for pid in self.serve_pids for s in children(pid)]
            if all(not children(s, live=True) for s in starters):
                break
            time.sleep(0.2)

    def games(self) -> list[int]:
        return [g for pid in self.serve_pids for g in children(pid)]

    def close(self) -> None:
        for proc in reversed(self.procs):
            stop(proc)


_WRITER = """
import sys, time
from dataclasses import replace
from datetime import date
from pathlib import Path
from puzzleterm.daily_play import deal_entry, entry_for, record_daily, remember
from puzzleterm.engine import find_kind
from puzzleterm.play import Session
from puzzleterm.store import open_store
url, home, first, count = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
today = date.today()
entry = entry_for(today, "latin")
puzzle = deal_entry(entry)
session = Session(puzzle, context=entry.context)
session.play(find_kind("latin").reveal(puzzle.state, session.solution, None))
# each game process has opened its store and dealt the daily when it was opened (the deal is
# cached then); what is timed is what finishing costs: the save, the replay check, the result
# and the leaderboard place
stores = []
for i in range(first, first + count):
    store = open_store(url, home / str(i), f"key-SHA256:bench{i:06d}")
    remember(entry, puzzle, store)
    stores.append((i, store))
print("ready", flush=True)
sys.stdin.readline()
start = time.monotonic()
for i, store in stores:
    saved = replace(session.to_saved(), elapsed=60.0 + i)
    store.save_current(saved, entry.slot)
    done = record_daily(saved, entry.slot, store, today)
    assert done.new and done.board is not None and done.board.place is not None, done
    store.close()
print(time.monotonic() - start, flush=True)
"""


def results_per_second(url: str, root: Path, hosts: int, players: int) -> float:
    """Each host's processes finish the daily for its share of ``players``, all at once."""
    share = [players // hosts + (i < players % hosts) for i in range(hosts)]
    procs = []
    first = 0
    for i, n in enumerate(share):
        home = root / f"writer{i}"
        home.mkdir()
        procs.append(subprocess.Popen([sys.executable, "-c", _WRITER, url, str(home),
                                       str(first), str(n)], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, text=True, cwd=HERE.parent))
        first += n
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        start = time.monotonic()
        for p in procs:
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        for p in procs:
            p.communicate(timeout=120)
            if p.returncode != 0:
                raise RuntimeError("a results writer failed")
        return players / (time.monotonic() - start)
    finally:
        for p in procs:
            stop(p)


async def players_phase(port: int, players: int, duration: float) -> dict[str, Any]:
    team = [Player(port, asyncssh.generate_private_key("ssh-ed25519")) for _ in range(players)]

    async def arrive(p: Player, delay: float) -> tuple[int, int] | None:
        await asyncio.sleep(delay)
        try:
            await p.connect()
            return await p.start_game()
        except (OSError, asyncssh.Error, RuntimeError, TimeoutError) as exc:
            p.error = f"{type(exc).__name__}: {exc}"[:200]
            return None

    cells = await asyncio.gather(*(arrive(p, i * 0.1) for i, p in enumerate(team)))
    ready = [(p, c) for p, c in zip(team, cells, strict=True) if c is not None]
    await asyncio.sleep(1.0)
    until = time.monotonic() + duration
    await asyncio.gather(*(p.press_keys(c, until) for p, c in ready))
    for p in team:
        if p.conn is not None:
            p.conn.close()
    await asyncio.sleep(0.5)
    return {"first_frame": [p.first_frame for p in team if p.first_frame is not None],
            "latencies": [x for p, _ in ready for x in p.latencies],
            "keys": sum(p.keys for p, _ in ready), "lost": sum(p.lost for p, _ in ready),
            "failed": [p.error for p in team if p.error]}


def run(server: Any, hosts: int, players: int, duration: float,
        pin: bool = False) -> dict[str, Any]:
    url = server.new_database()
    root = Path(tempfile.mkdtemp(prefix="puzzleterm-bench-scale-"))
    setup = None
    try:
        setup = Hosts(hosts, url, root, players, pin)
        try:
            result = asyncio.run(asyncio.wait_for(players_phase(setup.port, players, duration),
                                                  duration + 120 + players * 4))
        except TimeoutError:  # the hosts could not cope: nothing to measure
            result = {"first_frame": [], "latencies": [], "keys": 0, "lost": 0,
                      "failed": ["the players did not all get a game within the time limit"]}
        setup.close()
        setup = None
        result["results_s"] = None if pin else results_per_second(url, root, hosts, players)
        result.update(hosts=hosts, players=players)
        return result
    finally:
        if setup is not None:
            setup.close()
        shutil.rmtree(root, ignore_errors=True)


#: what "served" means in --pin mode: keypress p99 under this many seconds
SERVED_P99 = 0.1


def served(r: dict[str, Any]) -> bool:
    lat = r["latencies"]
    return (bool(lat) and not r["failed"] and r["lost"] == 0
            and pct(lat, 0.99) < SERVED_P99)


def report(r: dict[str, Any]) -> None:
    ff, lat = r["first_frame"], r["latencies"]
    print(f"  {r['hosts']} host{'s' * (r['hosts'] > 1)}: ", end="")
    if ff:
        print(f"first frame p50 {statistics.median(ff) * 1000:6.0f} ms p90 "
              f"{pct(ff, 0.9) * 1000:6.0f} ms | ", end="")
    if lat:
        print(f"key p50 {pct(lat, 0.5) * 1000:6.1f} ms p99 {pct(lat, 0.99) * 1000:6.1f} ms "
              f"({r['keys']} keys, {r['lost']} lost) | ", end="")
    if r["results_s"] is not None:
        print(f"results {r['results_s']:6.1f}/s", end="")
    print(f" | {len(r['failed'])} failed: {r['failed'][:2]}" if r["failed"] else "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[10, 50, 100])
    ap.add_argument("--hosts", type=int, nargs="+", default=[2, 1])
    ap.add_argument("--duration", type=float, default=15.0, help="seconds of keys (default 15)")
    ap.add_argument("--pin", action="store_true",
                    help="each host on a core of its own; capacity at keypress p99 < 100 ms")
    args = ap.parse_args()
    if shutil.which("haproxy") is None:
        print("bench_scale: haproxy is not installed (apt-get install haproxy); skipped")
        return 0
    if args.pin and (shutil.which("taskset") is None or (os.cpu_count() or 1) < max(args.hosts)):
        print("bench_scale: --pin needs taskset and a core per host; skipped")
        return 0
    try:
        from tests.pgserver import PgServer

        server = PgServer()
    except (ImportError, RuntimeError, OSError) as exc:
        print(f"bench_scale: no PostgreSQL to run against ({exc}); skipped")
        return 0
    capacity: dict[int, int] = dict.fromkeys(args.hosts, 0)
    given_up: set[int] = set()  # --pin: layouts that timed out at fewer players
    try:
        for n in args.players:
            load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
            print(f"\n== {n} players, {args.duration:.0f} s of keys (load average {load}) ==")
            rows = []
            for hosts in args.hosts:
                if hosts in given_up:
                    print(f"  {hosts} host{'s' * (hosts > 1)}: not tried (timed out with fewer)")
                    continue
                rows.append(run(server, hosts, n, args.duration, args.pin))
                report(rows[-1])
                if served(rows[-1]):
                    capacity[hosts] = max(capacity[hosts], n)
                elif args.pin and not rows[-1]["keys"]:
                    given_up.add(hosts)
            if len(rows) == 2 and rows[1]["results_s"]:
                a, b = rows
                lat = [statistics.median(r["latencies"]) if r["latencies"] else float("nan")
                       for r in rows]
                print(f"  {a['hosts']} hosts vs {b['hosts']}: results x"
                      f"{a['results_s'] / b['results_s']:.2f}, key p50 x{lat[0] / lat[1]:.2f}")
    finally:
        server.destroy()
    if args.pin:
        print(f"\nplayers served with keypress p99 under {SERVED_P99 * 1000:.0f} ms, each host "
              f"on a core of its own (of {' '.join(map(str, args.players))} tried):")
        for hosts in args.hosts:
            print(f"  {hosts} host{'s' * (hosts > 1)}: {capacity[hosts]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
