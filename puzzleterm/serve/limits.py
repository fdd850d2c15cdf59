"""What the server allows: how many games at once, from one address, how often; how many
connections may wait to log in; idle and login time; the window size a client may ask for; how
fast a player may type; what one game process may use.

:class:`Gate` keeps the counts; it has no I/O and takes its clock as an argument.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.words import count


@dataclass(frozen=True)
class Limits:
    """The server's limits (see the README's "Playing over SSH" section for each one)."""

    #: games running at once, over all players; the next one is told the server is full
    max_sessions: int = 100
    #: games running at once from one client address
    max_per_address: int = 10
    #: new games a client address may start in any 60 seconds (refused ones count too)
    rate_per_address: int = 30
    #: seconds without a key from the player before the game is saved and the session ends
    idle_timeout: float = 15 * 60.0
    #: seconds a connection has to log in and start its game
    login_grace: float = 20.0
    #: seconds a game has to exit after SIGHUP before it is killed
    hangup_grace: float = 3.0
    #: connections not playing yet (in the key exchange, logging in, or logged in without a
    #: game) at once; past it, the oldest such connection of the address with the most of them
    #: is dropped to make room for the new one
    max_pending: int = 32
    #: connections not playing yet from one client address; past it, new ones are dropped
    max_pending_per_address: int = 4
    #: the largest window a game is given, whatever the client asks for
    max_columns: int = 500
    max_rows: int = 300
    max_pixels: int = 8192
    #: input events (keys, mouse reports, pastes) a second a player may send, on average
    key_rate: float = 30.0
    #: input events a player may send at once above ``key_rate``
    key_burst: float = 150.0
    #: seconds of keys dropped over the budget after which the session is ended
    flood_timeout: float = 10.0
    #: address space of a game process, in MiB (``RLIMIT_AS``)
    game_memory: int = 1024
    #: CPU seconds a game process may use in all (``RLIMIT_CPU``)
    game_cpu: int = 1800
    #: the niceness games run at (0 to 19; the server itself stays at its own)
    game_nice: int = 5

    def __post_init__(self) -> None:
        for name in ("max_sessions", "max_per_address", "rate_per_address", "max_pending",
                     "max_pending_per_address", "key_rate", "key_burst"):
            if getattr(self, name) < 1:
                raise ValueError(f"{_option(name)} must be at least 1")
        for name in ("idle_timeout", "login_grace", "hangup_grace", "flood_timeout"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{_option(name)} must be above 0")
        for name in ("max_columns", "max_rows"):
            if getattr(self, name) < 20:
                raise ValueError(f"{_option(name)} must be at least 20")
        if self.game_memory < 256:
            raise ValueError("game-memory must be at least 256 (MiB)")
        if self.game_cpu < 10:
            raise ValueError("game-cpu must be at least 10 (seconds)")
        if not 0 <= self.game_nice <= 19:
            raise ValueError("game-nice must be 0 to 19")

    @property
    def max_connections(self) -> int:
        """Open connections (logged in or not) above which new ones are dropped at once."""
        return 2 * self.max_sessions

    @property
    def max_connections_per_address(self) -> int:
        return 2 * self.max_per_address

    def window(self, columns: int, rows: int, xpixels: int = 0,
               ypixels: int = 0) -> tuple[int, int, int, int]:
        """The window size a game gets for what the client asked: each part at most its
        bound (and never negative).  0 columns or rows stays 0: "unknown"."""
        return (_clamp(columns, self.max_columns), _clamp(rows, self.max_rows),
                _clamp(xpixels, self.max_pixels), _clamp(ypixels, self.max_pixels))


def _clamp(value: int, bound: int) -> int:
    return max(0, min(int(value), bound))


def _be(n: int) -> str:
    return "is" if n == 1 else "are"


def _option(name: str) -> str:
    return name.replace("_", "-")


RATE_WINDOW = 60.0


@dataclass
class Ticket:
    """A game's place in the counts, given back with :meth:`Gate.release`."""

    address: str
    released: bool = False


@dataclass(eq=False)
class Connection:
    """A connection's place in the counts, from its TCP connect until
    :meth:`Gate.close_connection`.  ``pending`` until its game starts."""

    address: str
    opened: float
    pending: bool = True
    counted: bool = True


@dataclass(frozen=True)
class Refusal:
    """Why a game is not started: a short ``reason`` for the log, a ``message`` for the player."""

    reason: str
    message: str


@dataclass
class Gate:
    """Counts games and connections against :class:`Limits`."""

    limits: Limits
    clock: Callable[[], float] = time.monotonic
    games: int = 0
    connections: int = 0
    pending: int = 0
    _games_by_address: dict[str, int] = field(default_factory=dict)
    _connections_by_address: dict[str, int] = field(default_factory=dict)
    #: each address's connections not playing yet, oldest first
    _pending_by_address: dict[str, dict[Connection, None]] = field(default_factory=dict)
    _starts: dict[str, deque[float]] = field(default_factory=dict)

    # -- connections: a flood is dropped before the key exchange ---------------------------
    def open_connection(self, address: str) -> tuple[Connection | None, Connection | None]:
        """Count a new connection in.  Returns its place (None: refused, not counted) and a
        connection not playing yet to drop to make room for it (already counted out), if any.

        An address at its cap of connections, or of connections not playing yet, gets no
        more.  When the server is at its cap of connections not playing yet (or of all
        connections), the oldest not playing yet of the address that has the most of them
        makes room: a crowd of silent connections from a few addresses cannot keep others
        from logging in.
        """
        limits = self.limits
        waiting = self._pending_by_address.get(address, {})
        if (self._connections_by_address.get(address, 0) >= limits.max_connections_per_address
                or len(waiting) >= limits.max_pending_per_address):
            return None, None
        dropped = None
        if self.pending >= limits.max_pending or self.connections >= limits.max_connections:
            dropped = self._oldest_pending_of_busiest()
            if dropped is None:
                return None, None  # every connection is playing
            self.close_connection(dropped)
        connection = Connection(address, self.clock())
        self.connections += 1
        self._connections_by_address[address] = self._connections_by_address.get(address, 0) + 1
        self.pending += 1
        self._pending_by_address.setdefault(address, {})[connection] = None
        return connection, dropped

    def playing(self, connection: Connection) -> None:
        """The connection's game has started: it no longer counts as waiting."""
        if connection.counted and connection.pending:
            self._unpend(connection)

    def close_connection(self, connection: Connection) -> None:
        """Count a connection out (once)."""
        if not connection.counted:
            return
        connection.counted = False
        if connection.pending:
            self._unpend(connection)
        self.connections -= 1
        left = self._connections_by_address.get(connection.address, 1) - 1
        if left > 0:
            self._connections_by_address[connection.address] = left
        else:
            self._connections_by_address.pop(connection.address, None)

    def _unpend(self, connection: Connection) -> None:
        connection.pending = False
        self.pending -= 1
        waiting = self._pending_by_address.get(connection.address)
        if waiting is not None:
            waiting.pop(connection, None)
            if not waiting:
                del self._pending_by_address[connection.address]

    def _oldest_pending_of_busiest(self) -> Connection | None:
        busiest = max(self._pending_by_address.values(), key=len, default=None)
        if not busiest:
            return None
        return next(iter(busiest))

    # -- games -------------------------------------------------------------------------------
    def admit(self, address: str) -> Ticket | Refusal:
        """A ticket for a new game, or why it is refused."""
        now = self.clock()
        starts = self._starts.setdefault(address, deque())
        while starts and now - starts[0] >= RATE_WINDOW:
            starts.popleft()
        recent = len(starts)
        starts.append(now)
        self._forget_old_starts(now)
        if self.games >= self.limits.max_sessions:
            n = self.limits.max_sessions
            return Refusal("server full", f"the server is full ({count(n, 'game')} "
                           f"{_be(n)} being played). Please try again in a few minutes.")
        if self._games_by_address.get(address, 0) >= self.limits.max_per_address:
            n = self.limits.max_per_address
            return Refusal("address cap", f"there {_be(n)} already {count(n, 'game')} from "
                           "your address. Please end one first.")
        if recent >= self.limits.rate_per_address:
            return Refusal("address rate",
                           "too many new games from your address. Please wait a minute.")
        self.games += 1
        self._games_by_address[address] = self._games_by_address.get(address, 0) + 1
        return Ticket(address)

    def release(self, ticket: Ticket) -> None:
        if ticket.released:
            return
        ticket.released = True
        self.games -= 1
        left = self._games_by_address.get(ticket.address, 1) - 1
        if left > 0:
            self._games_by_address[ticket.address] = left
        else:
            self._games_by_address.pop(ticket.address, None)

    def games_from(self, address: str) -> int:
        return self._games_by_address.get(address, 0)

    def pending_from(self, address: str) -> int:
        return len(self._pending_by_address.get(address, {}))

    def _forget_old_starts(self, now: float) -> None:
        """Drop addresses with no start in the window, so the table stays small."""
        if len(self._starts) < 1024:
            return
        for address in [a for a, d in self._starts.items() if not d or now - d[-1] >= RATE_WINDOW]:
            del self._starts[address]
