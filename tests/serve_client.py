"""A test player over SSH: an asyncssh client with a PTY, read through a ``pyte`` screen, and
a ``puzzleterm serve`` server in the test's event loop on 127.0.0.1 (a free port)."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from puzzleterm.serve.hostkey import load_or_create_host_key
from puzzleterm.serve.limits import Limits
from puzzleterm.serve.server import GameServer, GameSession, ServeConfig

ENTER = b"\r"


async def start_server(data_dir: Path, limits: Limits | None = None,
                       command: tuple[str, ...] | None = None,
                       prefork: bool = True) -> GameServer:
    key, _ = load_or_create_host_key(data_dir / "host_key")
    config = ServeConfig(host="127.0.0.1", port=0, data_dir=data_dir,
                         limits=limits or Limits(), server_env=dict(os.environ),
                         command=command, prefork=prefork)
    server = GameServer(config, key)
    await server.start()
    return server


class _Screen(asyncssh.SSHClientSession[bytes]):
    def __init__(self, player: Player) -> None:
        self.player = player

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        self.player.received += data
        self.player.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.closed.set()


@dataclass
class Player:
    """One client connection with a 80x24 PTY unless told otherwise."""

    server: GameServer
    key: asyncssh.SSHKey | None
    columns: int = 80
    rows: int = 24
    env: dict[str, str] = field(default_factory=dict)
    conn: Any = None
    chan: Any = None
    received: bytes = b""
    closed: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(self.columns, self.rows)
        self.stream = pyte.ByteStream(self.screen)

    async def connect(self, pty: bool = True) -> Player:
        self.conn = await asyncio.wait_for(connect(self.server, self.key), 10)
        kwargs: dict[str, Any] = {"encoding": None, "env": self.env}
        if pty:
            kwargs.update(term_type="xterm-256color", term_size=(self.columns, self.rows))
        self.chan, _ = await self.conn.create_session(lambda: _Screen(self), **kwargs)
        return self

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, check: Callable[[str], bool], timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text()
            if check(text):
                return text
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out; the screen shows:\n{self.text()}")

    async def keys(self, *keys: bytes, pause: float = 0.15) -> None:
        for k in keys:
            self.chan.write(k)
            await asyncio.sleep(pause)

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        self.chan.change_terminal_size(columns, rows)

    def session(self) -> GameSession:
        """The server's side of this player's game."""
        port = self.conn.get_extra_info("sockname")[1]
        for s in self.server.sessions:
            peer = s.owner.conn.get_extra_info("peername") if s.owner.conn else None
            if peer is not None and peer[1] == port:
                return s
        raise AssertionError("no game session on the server for this player")

    def game_pid(self) -> int:
        process = self.session().process
        assert process is not None
        return process.pid

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            await asyncio.wait_for(self.conn.wait_closed(), 10)


class _Client(asyncssh.SSHClient):
    """Tries keyboard-interactive as OpenSSH's client does (asyncssh's only with a password)."""

    def kbdint_auth_requested(self) -> str:
        return ""


async def connect(server: GameServer, key: asyncssh.SSHKey | None,
                  username: str = "player") -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1", server.port, username=username, known_hosts=None, agent_path=None,
        config=None, client_keys=[key] if key is not None else [], kbdint_auth=True,
        client_factory=_Client,
        preferred_auth="publickey,keyboard-interactive" if key else "keyboard-interactive")


async def gone(pid: int, timeout: float = 10.0) -> bool:
    """Whether no process of ``pid``'s group is left within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        await asyncio.sleep(0.05)
    return False


async def no_sessions(server: GameServer, timeout: float = 10.0) -> bool:
    """Whether the server has let go of every session within ``timeout`` seconds (it does
    so in its own time once a game has ended)."""
    deadline = time.monotonic() + timeout
    while server.sessions and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return not server.sessions


def group_members(pgid: int) -> list[int]:
    """Processes whose process group is ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    pairs = (item.split(b"=", 1) for item in raw.split(b"\0") if b"=" in item)
    return {k.decode(): v.decode() for k, v in pairs}
