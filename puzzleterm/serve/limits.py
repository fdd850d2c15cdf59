"""What the server allows: how many games at once, from one address, how often; idle and login
time.  :class:`Gate` keeps the counts; it has no I/O and takes its clock as an argument."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


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
    login_grace: float = 30.0
    #: seconds a game has to exit after SIGHUP before it is killed
    hangup_grace: float = 3.0

    def __post_init__(self) -> None:
        for name in ("max_sessions", "max_per_address", "rate_per_address"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name.replace('_', '-')} must be at least 1")
        for name in ("idle_timeout", "login_grace", "hangup_grace"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name.replace('_', '-')} must be above 0")

    @property
    def max_connections(self) -> int:
        """Open connections (logged in or not) above which new ones are dropped at once."""
        return 2 * self.max_sessions

    @property
    def max_connections_per_address(self) -> int:
        return 2 * self.max_per_address


RATE_WINDOW = 60.0


@dataclass
class Ticket:
    """A game's place in the counts, given back with :meth:`Gate.release`."""

    address: str
    released: bool = False


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
    _games_by_address: dict[str, int] = field(default_factory=dict)
    _connections_by_address: dict[str, int] = field(default_factory=dict)
    _starts: dict[str, deque[float]] = field(default_factory=dict)

    # -- connections: a flood is dropped before the key exchange ---------------------------
    def open_connection(self, address: str) -> bool:
        """Count a new connection in; False (and not counted) when it is one too many."""
        by_address = self._connections_by_address.get(address, 0)
        if (self.connections >= self.limits.max_connections
                or by_address >= self.limits.max_connections_per_address):
            return False
        self.connections += 1
        self._connections_by_address[address] = by_address + 1
        return True

    def close_connection(self, address: str) -> None:
        self.connections -= 1
        left = self._connections_by_address.get(address, 1) - 1
        if left > 0:
            self._connections_by_address[address] = left
        else:
            self._connections_by_address.pop(address, None)

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
            return Refusal("server full", f"the server is full ({self.limits.max_sessions} "
                           "games are being played). Please try again in a few minutes.")
        if self._games_by_address.get(address, 0) >= self.limits.max_per_address:
            return Refusal("address cap", f"there are already {self.limits.max_per_address} "
                           "games from your address. Please end one first.")
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

    def _forget_old_starts(self, now: float) -> None:
        """Drop addresses with no start in the window, so the table stays small."""
        if len(self._starts) < 1024:
            return
        for address in [a for a, d in self._starts.items() if not d or now - d[-1] >= RATE_WINDOW]:
            del self._starts[address]
