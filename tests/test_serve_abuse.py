"""``puzzleterm serve`` against hostile clients over loopback: absurd window sizes, a game that
cannot start, silent connections, a key flood.  Each test is bounded in time; the flood is a
few seconds long."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import resource
import statistics
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from puzzleterm.serve.limits import Limits
from puzzleterm.serve.server import GameServer
from puzzleterm.serve.session import window_size

from .serve_client import Player, connect, gone, no_sessions, start_server
from .test_serve_ssh import home_shown, start_9x9

RIGHT, LEFT = b"\x1b[C", b"\x1b[D"


class _Bytes(asyncssh.SSHClientSession[bytes]):
    """A client session that keeps what it is sent and draws nothing (a 65535-row screen
    would not fit in a test)."""

    def __init__(self) -> None:
        self.received = bytearray()
        self.closed = asyncio.Event()

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.received += data[-4096:] if len(self.received) > 1 << 20 else data

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()


async def open_game(server: GameServer, size: tuple[int, int, int, int]) -> tuple[Any, Any,
                                                                                    _Bytes]:
    conn = await connect(server, asyncssh.generate_private_key("ssh-ed25519"))
    chan, session = await conn.create_session(_Bytes, term_type="xterm-256color",
                                              term_size=size, encoding=None)
    return conn, chan, session


def vm(pid: int, field: str) -> int:
    """A ``/proc/PID/status`` size, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


async def started(server: GameServer, timeout: float = 30.0) -> Any:
    """The one session's game process, once it has drawn something."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for session in server.sessions:
            if session.process is not None:
                return session
        await asyncio.sleep(0.05)
    raise AssertionError("no game started")


@pytest.mark.parametrize(("side", "prefork"), [(65535, True), (70000, True), (70000, False)])
async def test_a_huge_window_is_bounded_at_the_request_and_on_resize(
        tmp_path: Path, side: int, prefork: bool) -> None:
    server = await start_server(tmp_path / "data", prefork=prefork)
    try:
        conn, chan, screen = await open_game(server, (side, side, side, side))
        session = await started(server)
        process = session.process
        assert window_size(process.master) == (500, 300)  # what the game is given
        limit = resource.prlimit(process.pid, resource.RLIMIT_AS)
        assert limit == (1024 << 20, 1024 << 20)
        deadline = time.monotonic() + 30
        while b"Latin square" not in screen.received and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert b"Latin square" in screen.received  # the game runs, at 500x300
        # a resize mid-game: bounded too, and the game goes on
        chan.change_terminal_size(80, 24)
        for _ in range(100):
            if window_size(process.master) == (80, 24):
                break
            await asyncio.sleep(0.05)
        assert window_size(process.master) == (80, 24)
        chan.change_terminal_size(side, side, side, side)
        await asyncio.sleep(1.0)
        assert window_size(process.master) == (500, 300)
        assert process.running and session in server.sessions
        assert vm(process.pid, "VmHWM") < 400 << 10  # peak RSS, far under its limit
        # the player leaves: the game ends and its place is free again
        pid = process.pid
        conn.close()
        assert await gone(pid, 10)
        assert await no_sessions(server)
        assert server.gate.games == 0 and server.gate.connections == 0
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def test_a_game_that_fails_to_start_frees_its_place_with_one_log_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    server = await start_server(tmp_path / "data", Limits(max_sessions=1), prefork=False)
    try:
        async def broken(*args: object, **kwargs: object) -> None:
            raise ValueError("no such\nthing")

        monkeypatch.setattr(server, "spawn_game", broken)
        with caplog.at_level(logging.INFO, logger="puzzleterm.serve"):
            for _ in range(3):  # one place only: each failure must give it back
                conn = await connect(server, None)
                result = await asyncio.wait_for(
                    conn.run(term_type="xterm", term_size=(80, 24)), 20)
                conn.close()
                assert result.exit_status == 1
                assert "could not be started" in str(result.stdout)
                assert await no_sessions(server) and server.gate.games == 0
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 3
        for record in errors:
            assert record.exc_info is None
            assert record.getMessage().endswith("ValueError: no such thing")
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def silent(address: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))


async def test_silent_connections_past_the_caps_do_not_lock_a_player_out(
        tmp_path: Path) -> None:
    limits = Limits(max_sessions=5, max_pending=8, max_pending_per_address=2)
    server = await start_server(tmp_path / "data", limits)
    crowd: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        # 11 addresses, 3 silent connections each: more than each address and the server
        # let wait, and more than twice the games (all the connections there were room for)
        for host in range(2, 13):
            for _ in range(3):
                crowd.append(await silent(f"127.0.0.{host}", server.port))
        await asyncio.sleep(0.5)
        assert server.gate.pending <= 8 and server.gate.connections <= 8
        start = time.monotonic()
        player = await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
        assert time.monotonic() - start < 2.0, "the player waited too long to get in"
        await player.wait_for(home_shown, 30)
        # most of the crowd was dropped; what is left is within the caps
        closed = 0
        for reader, _ in crowd:
            try:
                data = await asyncio.wait_for(reader.read(1 << 16), 0.05)
                while data:
                    data = await asyncio.wait_for(reader.read(1 << 16), 0.05)
                closed += 1
            except (TimeoutError, ConnectionError):
                pass
        assert closed >= len(crowd) - 8
        assert server.gate.pending <= 8
        await player.close()
    finally:
        for _, writer in crowd:
            writer.close()
        await asyncio.wait_for(server.stop(), 20)


CELL = re.compile(r"Cell\s+r(\d+)c(\d+)")


async def key_latencies(player: Player, count: int, gap: float = 0.2) -> list[float]:
    """Round trips of ``count`` arrow keys (right and left in turn) on a Sudoku board: from
    the key sent to the screen naming the cell the cursor went to."""
    found = CELL.search(player.text())
    assert found, player.text()
    row, col = int(found.group(1)), int(found.group(2))
    step = 1 if col < 9 else -1
    times = []
    for _ in range(count):
        col += step
        mark = len(player.received)
        sent = time.monotonic()
        player.chan.write(RIGHT if step > 0 else LEFT)
        needle = f"r{row}c{col}".encode()
        while needle not in player.received[mark:]:
            if time.monotonic() - sent > 5:
                raise AssertionError("a key was not answered in 5 s")
            await asyncio.sleep(0.002)
        times.append(time.monotonic() - sent)
        step = -step
        await asyncio.sleep(gap)
    return times


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


async def flood(player: Player, seconds: float) -> None:
    """Cursor keys as fast as the connection takes them: 10000 every 0.1 s."""
    until = time.monotonic() + seconds
    while time.monotonic() < until and not player.closed.is_set():
        player.chan.write(RIGHT * 10000)
        await asyncio.sleep(0.1)


async def test_a_key_flood_does_not_slow_another_player(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", Limits(flood_timeout=60.0))
    flooders: list[Player] = []
    try:
        victim = await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
        await start_9x9(victim)
        await victim.wait_for(lambda s: CELL.search(s) is not None)
        for _ in range(3):
            flooder = await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
            await flooder.wait_for(home_shown, 30)
            flooders.append(flooder)
        await key_latencies(victim, 4)  # warm
        # quiet and flooded stretches in turn, so that the machine's own load (other tests,
        # other work) weighs on both alike
        quiet: list[float] = []
        loud: list[float] = []
        for _ in range(3):
            quiet += await key_latencies(victim, 8)
            floods = [asyncio.create_task(flood(p, 2.2)) for p in flooders]
            await asyncio.sleep(0.3)
            loud += await key_latencies(victim, 8)
            await asyncio.gather(*floods)
        assert p90(loud) <= 2 * p90(quiet), (
            f"p90 {p90(quiet) * 1000:.0f} ms quiet, {p90(loud) * 1000:.0f} ms under the flood")
        for player in flooders:  # over the budget: told, and their games run last
            assert b"faster than anyone types" in player.received
            assert os.getpriority(os.PRIO_PROCESS, player.game_pid()) == 19
        assert os.getpriority(os.PRIO_PROCESS, victim.game_pid()) == 5
        await victim.close()
    finally:
        for player in flooders:
            player.conn.abort()
        await asyncio.wait_for(server.stop(), 20)


async def test_a_flood_that_goes_on_ends_the_session(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", Limits(flood_timeout=1.5))
    try:
        player = await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
        await player.wait_for(home_shown, 30)
        pid = player.game_pid()
        await asyncio.wait_for(flood(player, 30), 20)
        await asyncio.wait_for(player.closed.wait(), 10)
        assert b"too many keys for too long" in player.received
        assert await gone(pid, 10) and await no_sessions(server)
        assert server.gate.games == 0
    finally:
        await asyncio.wait_for(server.stop(), 20)
