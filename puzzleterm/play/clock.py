"""The game clock: it runs only while the board is on screen and the player is at it.

The clock is stopped for as many reasons (:class:`Hold`) as apply at once, and for good once
the puzzle is solved.  Two holds are pauses (the player's ``p``, and the pause that comes by
itself after :data:`IDLE_PAUSE` seconds without a key); the others come from the terminal
(focus lost, too small) or the app (a dialog in front, the app suspended or closing).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

Clock = Callable[[], float]
"""Monotonic seconds (``time.monotonic`` in play; a fixed or stepped function in tests)."""

IDLE_PAUSE = 300  # seconds without a key or click before the game pauses itself


class Hold(Enum):
    """Why the clock is not running (several may hold at once)."""

    PAUSED = "paused"  # the player paused (p)
    IDLE = "idle"  # no key for IDLE_PAUSE seconds: the game paused itself
    AWAY = "away"  # the terminal lost focus
    DIALOG = "dialog"  # another screen or a dialog is in front of the board
    TOO_SMALL = "too small"  # the terminal is too small for the board
    HIDDEN = "hidden"  # the app is suspended, hung up, quitting, or the screen is gone


#: Holds that are pauses: saved with the game, lifted only by the player (p).
PAUSES = frozenset({Hold.PAUSED, Hold.IDLE})
#: Holds that hide the board (it may not be looked at while the clock is stopped).
HIDING = frozenset({Hold.PAUSED, Hold.IDLE, Hold.AWAY})


class GameClock:
    """Seconds played: accumulated time plus the running stretch, if any."""

    def __init__(self, now: Clock, elapsed: float = 0.0,
                 holds: frozenset[Hold] = frozenset()) -> None:
        self.now = now
        self._elapsed = max(0.0, elapsed)
        self._since: float | None = None
        self._holds: set[Hold] = set(holds)
        self._stopped = False
        self._update()

    @property
    def running(self) -> bool:
        return not self._holds and not self._stopped

    @property
    def stopped(self) -> bool:
        """Stopped for good (the puzzle is solved)."""
        return self._stopped

    @property
    def holds(self) -> frozenset[Hold]:
        return frozenset(self._holds)

    @property
    def paused(self) -> bool:
        """Paused by the player or by itself (not only away)."""
        return bool(self._holds & PAUSES)

    @property
    def elapsed(self) -> float:
        """Seconds played: not while any hold applies, and not after the solve."""
        if self._since is None:
            return self._elapsed
        return self._elapsed + max(0.0, self.now() - self._since)

    def held(self, hold: Hold) -> bool:
        return hold in self._holds

    def hold(self, hold: Hold, on: bool = True, at: float | None = None) -> bool:
        """Set (``on``) or lift one hold; ``at`` (clock time, not later than now) is when a
        hold began, e.g. the last key before an idle pause.  Whether the clock's running
        changed."""
        was = self.running
        if on:
            self._holds.add(hold)
        else:
            self._holds.discard(hold)
        self._update(at)
        return was != self.running

    def stop(self) -> None:
        """The puzzle is solved: the clock stops for good."""
        self._stopped = True
        self._update()

    def _update(self, at: float | None = None) -> None:
        now = self.now() if at is None else min(at, self.now())
        if self.running:
            if self._since is None:
                self._since = now
        elif self._since is not None:
            self._elapsed += max(0.0, now - self._since)
            self._since = None
