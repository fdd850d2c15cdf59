"""The SSH server: who may log in, what a session may do, and one game process per session.

Every user name is accepted without a password.  A client that proves it holds a public key
plays as that key (see :mod:`.identity`); one without a key logs in by keyboard-interactive
with no prompt and plays as a guest.  A connection carries one game at a time, on a PTY; shell
is the only request granted (and runs the game, never a shell), exec and subsystems (sftp)
are refused, and so are every kind of forwarding.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import asyncssh

from ..engine.words import count, plural
from .identity import (
    BOARD_DIR,
    Identity,
    PlayerHome,
    child_environment,
    guest_identity,
    key_identity,
)
from .keybudget import KeyBudget
from .limits import Connection, Gate, Limits, Refusal, Ticket
from .notice import ScreenNotice
from .prefork import Preforker
from .session import GameProcess, ProcessLimits

log = logging.getLogger("puzzleterm.serve")

#: what a game leaves on in the player's terminal when it is hung up: mouse reports, bracketed
#: paste, focus events, the kitty keyboard mode, a hidden cursor, the alternate screen
RESTORE_TERMINAL = (b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?2004l"
                    b"\x1b[?1004l\x1b[<u\x1b[0m\x1b[?25h\x1b[?1049l")


#: keys kept for a game that is still starting
EARLY_INPUT = 1 << 16

#: what a player over the key budget is told, on the bottom line of the screen
OVER_BUDGET = "puzzleterm: keys are coming faster than anyone types: some were dropped"


class Throttled:
    """A log line said at most once a second, however often its event happens (a flood of
    connections must not flood the log); the next line says how many went unsaid."""

    def __init__(self, every: float = 1.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every = every
        self.clock = clock
        self._last = -every
        self._unsaid = 0

    def warning(self, message: str, *args: object) -> None:
        now = self.clock()
        if now - self._last < self.every:
            self._unsaid += 1
            return
        self._last = now
        if self._unsaid:
            message += " (and %d more since the last such line)"
            args = (*args, self._unsaid)
            self._unsaid = 0
        log.warning(message, *args)


def one_line(exc: BaseException) -> str:
    """An exception for the log: its type and message on one line, never a traceback."""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}"[:200] if text else type(exc).__name__


def game_command() -> tuple[str, ...]:
    """The game, run by the same Python as the server."""
    return (sys.executable, "-m", "puzzleterm")


@dataclass(frozen=True)
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 2222
    data_dir: Path = field(default_factory=lambda: Path("."))
    host_key: Path | None = None  # default: <data_dir>/ssh_host_ed25519_key
    limits: Limits = field(default_factory=Limits)
    #: what each session runs (None: the game, forked from a warm starter when ``prefork``)
    command: tuple[str, ...] | None = None
    #: start games from a process that has already imported the app (see :mod:`.prefork`)
    prefork: bool = True
    #: ``TEXTUAL_FPS`` for the games (None: Textual's default)
    fps: int | None = None
    #: the server's environment that games take ``PATH`` and ``HOME`` from (None: os.environ)
    server_env: Mapping[str, str] | None = None


def _peer_address(conn: asyncssh.SSHServerConnection) -> str:
    peer = conn.get_extra_info("peername")
    if isinstance(peer, tuple) and peer:
        return str(peer[0])
    return "unknown"


class GameServer:
    """Everything shared by the connections: the limits' counts and the live sessions."""

    def __init__(self, config: ServeConfig, host_key: asyncssh.SSHKey) -> None:
        self.config = config
        self.host_key = host_key
        self.gate = Gate(config.limits)
        self.sessions: set[GameSession] = set()
        self._ending: set[asyncio.Task[None]] = set()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._connections: set[asyncssh.SSHServerConnection] = set()
        #: the connections not playing yet, to drop one when a new one needs the room
        self.waiting: dict[Connection, PlayerConnection] = {}
        self.dropped_log = Throttled()
        self.preforker: Preforker | None = None
        limits = config.limits
        self.game_limits = ProcessLimits(limits.game_memory << 20, limits.game_cpu,
                                         limits.game_nice)

    async def start(self) -> None:
        if self.config.command is None and self.config.prefork:
            server_env = os.environ if self.config.server_env is None else self.config.server_env
            starter = Preforker({"PATH": server_env.get("PATH", os.defpath),
                                 "HOME": server_env.get("HOME", "/"),
                                 "LANG": "C.UTF-8", "PYTHONUTF8": "1"})
            if await starter.start():
                self.preforker = starter
            else:
                log.warning("the game starter did not start: each game starts from scratch")
        self._acceptor = await asyncssh.listen(
            self.config.host, self.config.port,
            server_factory=lambda: PlayerConnection(self),
            server_host_keys=[self.host_key],
            config=None,
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            gss_host=None,
            password_auth=False,
            host_based_auth=False,
            login_timeout=self.config.limits.login_grace,
            keepalive_interval=60.0,
            keepalive_count_max=3,
            server_version="puzzleterm",
        )

    @property
    def port(self) -> int:
        """The port listened on (the one the system chose when ``port`` was 0)."""
        assert self._acceptor is not None
        sockets = self._acceptor.sockets
        return int(sockets[0].getsockname()[1])

    async def spawn_game(self, env: Mapping[str, str], columns: int, rows: int,
                         on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
                         xpixels: int, ypixels: int) -> GameProcess:
        if self.preforker is not None and self.preforker.alive:
            try:
                return await self.preforker.spawn(env, columns, rows, on_output, on_exit,
                                                  xpixels, ypixels, limits=self.game_limits)
            except OSError as exc:
                log.warning("the game starter failed (%s): starting this game from scratch", exc)
        return GameProcess.spawn(self.config.command or game_command(), env, columns, rows,
                                 on_output, on_exit, xpixels, ypixels, self.game_limits)

    def drop_waiting(self, connection: Connection) -> None:
        """Drop a connection not playing yet, to make room for a new one."""
        player = self.waiting.pop(connection, None)
        if player is not None and player.conn is not None:
            self.dropped_log.warning(
                "connection from %s dropped: too many connections not playing yet",
                player.address)
            player.conn.abort()

    def track(self, task: asyncio.Task[None]) -> None:
        self._ending.add(task)
        task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        self._ending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("ending a session failed", exc_info=task.exception())

    async def stop(self) -> None:
        """Stop listening, hang up every game (each gets its SIGHUP), close connections."""
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.end("server stopping")
        if self._ending:
            await asyncio.wait(set(self._ending),
                               timeout=self.config.limits.hangup_grace + 10.0)
        for conn in list(self._connections):
            conn.close()
        if self.preforker is not None:
            await self.preforker.stop()
        if self._acceptor is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._acceptor.wait_closed(), 5.0)


class PlayerConnection(asyncssh.SSHServer):
    """One client connection: logs the player in and opens at most one game at a time."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "unknown"
        self.place: Connection | None = None
        self.offered_key: str | None = None
        self.identity: Identity | None = None
        self.session: GameSession | None = None
        self._grace: asyncio.TimerHandle | None = None

    # -- the connection ----------------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.address = _peer_address(conn)
        self.place, room = self.server.gate.open_connection(self.address)
        if room is not None:
            self.server.drop_waiting(room)
        if self.place is None:
            self.server.dropped_log.warning("connection from %s dropped: too many open "
                                            "connections", self.address)
            conn.abort()
            return
        self.server.waiting[self.place] = self
        self.server._connections.add(conn)
        # logged in or not, a connection must start its game within the grace time
        self._grace = asyncio.get_running_loop().call_later(
            self.server.config.limits.login_grace, self._grace_over)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._grace is not None:
            self._grace.cancel()
        if self.place is not None:
            self.server.gate.close_connection(self.place)
            self.server.waiting.pop(self.place, None)
        if self.conn is not None:
            self.server._connections.discard(self.conn)

    def _grace_over(self) -> None:
        if self.session is None and self.conn is not None:
            self.conn.close()

    def game_started(self) -> None:
        if self._grace is not None:
            self._grace.cancel()
            self._grace = None
        if self.place is not None:
            self.server.gate.playing(self.place)
            self.server.waiting.pop(self.place, None)

    # -- logging in --------------------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        return True  # every user name, and always an authentication step (never "none")

    def password_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Called for the key offered and again for the signed request; asyncssh checks the
        # signature right after this.  Logging in ends the attempts, so the last key seen
        # here is the one that succeeded when public key auth is what succeeded.
        self.offered_key = key.get_fingerprint("sha256")
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.offered_key = None  # a key offered and not proven is not the player's
        return True  # no prompt: a guest

    def auth_completed(self) -> None:
        key = self.offered_key
        self.identity = key_identity(key) if key is not None else guest_identity()

    # -- what the client may open ------------------------------------------------------------
    def session_requested(self) -> GameSession | bool:
        if self.session is not None or self.identity is None:
            return False
        self.session = GameSession(self.server, self, self.identity)
        return self.session

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str,
                             orig_port: int) -> bool:
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def tun_requested(self, unit: int | None) -> bool:
        return False

    def tap_requested(self, unit: int | None) -> bool:
        return False

    def session_over(self, session: GameSession) -> None:
        if self.session is session:
            self.session = None
        if self.conn is not None:
            self.conn.close()


class GameSession(asyncssh.SSHServerSession[bytes]):
    """A channel running one game: bytes in to the PTY, bytes out to the client."""

    def __init__(self, server: GameServer, owner: PlayerConnection, identity: Identity) -> None:
        self.server = server
        self.owner = owner
        self.identity = identity
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term_type: str | None = None
        self.term_size: tuple[int, int, int, int] = (80, 24, 0, 0)
        self.process: GameProcess | None = None
        self.home: PlayerHome | None = None
        self.ticket: Ticket | None = None
        self.started = time.time()
        self.reason: str | None = None
        self.last_input = 0.0
        self._idle: asyncio.TimerHandle | None = None
        self._ending = False
        self._message = ""
        self._logged = False
        self._starting: asyncio.Task[None] | None = None
        self._early = bytearray()
        limits = server.config.limits
        self.keys = KeyBudget(limits.key_rate, limits.key_burst, limits.flood_timeout)
        self._lowered = False
        self.notice = ScreenNotice(OVER_BUDGET, self._send, lambda: self.term_size,
                                   self._resize_game)

    # -- requests ----------------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Mapping[int, int]) -> bool:
        self.term_type = term_type
        self.term_size = self.server.config.limits.window(*term_size)
        return True

    def shell_requested(self) -> bool:
        return True  # the game starts in session_started; no shell is ever run

    def exec_requested(self, command: str) -> bool:
        self.reason = "refused: exec"
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self.reason = "refused: subsystem " + "".join(c for c in subsystem[:32] if c.isalnum())
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        if self.term_type is None:
            self.refuse("the game needs a terminal: connect with ssh -t (not -T).", "no pty",
                        newline="\n")
            return
        ticket = self.server.gate.admit(self.owner.address)
        if isinstance(ticket, Refusal):
            self.refuse(ticket.message, "refused: " + ticket.reason)
            return
        self.ticket = ticket
        self.server.sessions.add(self)
        self.owner.game_started()
        # from here on the session holds a game's place: whatever goes wrong ends it, and
        # the idle time-out runs from now, so a game that never starts still ends
        self.last_input = time.monotonic()
        self._schedule_idle(self.server.config.limits.idle_timeout)
        try:
            self.home = PlayerHome.for_identity(self.identity, self.server.config.data_dir)
            env = child_environment(self.identity, self.home, self.chan.get_environment(),
                                    self.term_type, self.server.config.server_env,
                                    self.server.config.fps,
                                    board=self.server.config.data_dir / BOARD_DIR)
        except Exception as exc:  # the session ends, the server goes on
            self._cannot_start(exc)
            return
        self._starting = asyncio.get_running_loop().create_task(self._start_game(env))
        self.server.track(self._starting)

    async def _start_game(self, env: dict[str, str]) -> None:
        columns, rows, xpixels, ypixels = self.term_size
        try:
            self.process = await self.server.spawn_game(
                env, columns or 80, rows or 24, self._output, self._game_exited, xpixels,
                ypixels)
            if self._ending:
                return  # the player left while it started: _finish hangs it up
            columns, rows, xpixels, ypixels = self.term_size  # a resize while it started
            if columns > 0 and rows > 0:
                self.process.resize(columns, rows, xpixels, ypixels)
            if self._early:
                self.process.write(bytes(self._early))
                self._early.clear()
        except Exception as exc:  # the session ends, the server goes on
            self._cannot_start(exc)

    def _cannot_start(self, exc: Exception) -> None:
        log.error("cannot start a game for %s: %s", self.identity.name, one_line(exc))
        self.end("cannot start the game", "the game could not be started. Sorry!")

    def refuse(self, message: str, reason: str, newline: str = "\r\n") -> None:
        assert self.chan is not None
        self.reason = reason
        self.chan.write(f"puzzleterm: {message}{newline}".encode())
        self.chan.exit(1)

    # -- data --------------------------------------------------------------------------------
    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if datatype is not None or self._ending:
            return
        self.last_input = time.monotonic()
        verdict = self.keys.take(data)
        if verdict.flooding:
            self.end("key flood", "too many keys for too long: the session is ended "
                     "(your game is saved).")
            return
        if verdict.keys_dropped:
            self._over_budget()
        data = verdict.data
        if not data:
            return
        if self.process is not None:
            self.process.write(data)
        elif self.ticket is not None and len(self._early) + len(data) <= EARLY_INPUT:
            self._early += data  # keys typed while the game starts

    def _over_budget(self) -> None:
        """Keys were dropped: the game runs at the lowest priority from now on, and the
        player is told on the screen's bottom line (drawn when the game's output is still,
        and drawn over by the game a few seconds after the last dropped key)."""
        if self.process is not None and not self._lowered:
            self._lowered = True
            self.process.lower_priority()
            log.warning("player=%s from=%s pid=%s over the key budget: keys dropped, the game "
                        "runs at the lowest priority", self.identity.name, self.owner.address,
                        self.process.pid)
        self.notice.show()

    def _resize_game(self, columns: int, rows: int, xpixels: int, ypixels: int) -> None:
        if self.process is not None and columns > 0 and rows > 0:
            with contextlib.suppress(OSError):  # the game has just gone
                self.process.resize(columns, rows, xpixels, ypixels)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.term_size = self.server.config.limits.window(width, height, pixwidth, pixheight)
        self._resize_game(*self.term_size)

    def _output(self, data: bytes) -> None:
        self._send(data)
        self.notice.output()

    def pause_writing(self) -> None:
        if self.process is not None:
            self.process.pause_output()

    def resume_writing(self) -> None:
        if self.process is not None:
            self.process.resume_output()

    def eof_received(self) -> bool:
        if self.ticket is not None:  # no key can come any more
            self.end("client closed its input")
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        if self.ticket is not None:
            self.end("disconnected")
        elif not self._ending:
            self._log(self.reason or "left before the game started")
        self.owner.session_over(self)

    # -- the end -----------------------------------------------------------------------------
    def _game_exited(self, returncode: int) -> None:
        if not self._ending:
            self.end("game exited" if returncode == 0 else f"game exited ({returncode})")

    def _schedule_idle(self, delay: float) -> None:
        self._idle = asyncio.get_running_loop().call_later(delay, self._check_idle)

    def _check_idle(self) -> None:
        timeout = self.server.config.limits.idle_timeout
        left = self.last_input + timeout - time.monotonic()
        if left > 0:
            self._schedule_idle(left)
            return
        span = _span(timeout)
        self.end("idle", f"no key pressed for {span}: your game is saved. Bye!")

    def end(self, reason: str, message: str = "") -> None:
        """End the session (once): hang up the game, then close the channel."""
        if self._ending:
            return
        self._ending = True
        self.reason = reason
        self._message = message
        self.server.track(asyncio.get_running_loop().create_task(self._finish()))

    async def _finish(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        self.notice.cancel()
        starting = self._starting
        if starting is not None and starting is not asyncio.current_task():
            await asyncio.wait({starting})  # bounded by the starter's own time-out
        try:
            if self.process is not None:
                await self.process.terminate(self.server.config.limits.hangup_grace)
        finally:
            if self.home is not None:
                self.home.discard()
            if self.ticket is not None:
                self.server.gate.release(self.ticket)
            self.server.sessions.discard(self)
            self._log(self.reason or "ended")
            code = self.process.returncode if self.process is not None else 1
            if code != 0:
                self._send(RESTORE_TERMINAL)  # the game had no chance to
            if self._message:
                self._send(f"\r\npuzzleterm: {self._message}\r\n".encode())
            if self.chan is not None:
                with contextlib.suppress(OSError):
                    self.chan.exit(0 if code == 0 else 1)

    def _send(self, data: bytes) -> None:
        if self.chan is not None:
            with contextlib.suppress(BrokenPipeError):  # the client stopped reading
                self.chan.write(data)

    def _log(self, reason: str) -> None:
        if self._logged:
            return
        self._logged = True
        end = time.time()
        log.info("session player=%s from=%s start=%s end=%s duration=%.1fs pid=%s reason=%s",
                 self.identity.name, self.owner.address, _stamp(self.started), _stamp(end),
                 end - self.started, self.process.pid if self.process else "-", reason)


def _span(seconds: float) -> str:
    """``15 minutes``, ``1 minute``, ``1.5 minutes``, ``30 seconds``."""
    value, unit = (seconds / 60, "minute") if seconds >= 60 else (seconds, "second")
    return count(int(value), unit) if value == int(value) else f"{value:g} {plural(unit)}"


def _stamp(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


async def serve_until_stopped(config: ServeConfig, host_key: asyncssh.SSHKey,
                              stop: asyncio.Event,
                              ready: Callable[[int], None] | None = None) -> None:
    """Run until ``stop`` is set, then hang up every game; ``ready`` gets the port."""
    server = GameServer(config, host_key)
    await server.start()
    if ready is not None:
        ready(server.port)
    try:
        await stop.wait()
    finally:
        await server.stop()
