"""The store as the app, the daily play and the command line see it: one protocol, which
every back end implements (:mod:`.sqlite`, :mod:`.pg`, :mod:`.shared`) without inheriting
from another."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Protocol

from ..play import SavedGame
from .claims import Claim
from .records import MAIN_SLOT, DailyResult, FinishedGame, Leaderboard


class Store(Protocol):
    """Games in progress (by slot), finished games, daily results, leaderboard names and the
    cache of dealt dailies, for one player.

    ``notices`` collects messages for the player (a moved file, a database away); the
    ``listener``, when set, hears those that come up while playing.  A write that fails
    raises :class:`~.records.StoreError`, never a driver's error; what a failed read does is
    each back end's (the local file answers "no game" for a save it cannot read, the
    database raises, the shared store falls back on the local copy)."""

    listener: Callable[[str], None] | None

    @property
    def player(self) -> str:
        """Whose games these are (``local``, a key's fingerprint, a guest)."""

    @property
    def notices(self) -> list[str]: ...

    @property
    def where(self) -> str:
        """Where the store keeps things, for messages."""

    def notice(self, text: str) -> None:
        """Tell the player something (now, when a listener is set; else at the next look)."""

    def sync(self) -> None:
        """Send what waits to be sent (a shared store's outbox)."""

    def close(self) -> None: ...

    # -- one writer per game (see :mod:`.claims`)
    def claim(self, slot: str) -> Claim | None:
        """Make this app the one writer of the game in ``slot``: from now on a save of it by
        another app that had it open is refused (``GameOpenElsewhere``) and set aside.
        Returns the claim of the app it was taken from (``live()`` says whether that app is
        still there), or None."""

    def release(self, slot: str) -> None:
        """Let the game in ``slot`` go (leaving it, or quitting; finishing it does so too)."""

    # -- games in progress: each in a slot, ``free:<kind>:<params>`` for a free game, a
    # daily's own (``daily:<date>:<kind>``); ``MAIN_SLOT`` names the free game: saving, the
    # slot of its kind and size; reading, the latest free game
    def read_slot(self, slot: str = MAIN_SLOT) -> str:
        """The slot a read of ``slot`` means (for ``MAIN_SLOT``: the latest free game's, or
        ``MAIN_SLOT`` itself when there is none)."""

    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        """Keep ``saved`` as the player's game in ``slot`` (replacing what was there)."""

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        """The saved game in ``slot`` as stored (JSON), or None."""

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        """How many times the game in ``slot`` was written (0: no game there)."""

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        """The saved game in ``slot``, or None; raises ``SaveError`` if it is unreadable."""

    def slots(self, prefix: str = "") -> list[str]:
        """The player's slots holding a game, those starting with ``prefix``."""

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        """Move the save in ``slot`` aside (kept for inspection) and clear the slot."""

    def set_aside_count(self) -> int: ...

    # -- finished games and daily results
    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        """Record a finished game (and its daily result) and clear its slot; False when
        the daily already had a result (a result is written once)."""

    def finished_count(self) -> int: ...

    def finished_games(self) -> list[FinishedGame]:
        """The player's finished games, oldest first."""

    def results(self, since: date | None = None, until: date | None = None) -> list[DailyResult]:
        """The player's daily results, by date then kind."""

    # -- names and the leaderboard
    def name(self) -> str | None:
        """The name the player shows on the leaderboard (None: not set)."""

    def set_name(self, name: str) -> None:
        """Take ``name`` for the leaderboard; raises ``NameError_`` when it cannot be had."""

    def leaderboard(self, day: date, kind: str, limit: int = 10) -> Leaderboard:
        """The fastest unassisted results of ``kind`` on ``day`` and the player's place."""

    # -- the cache of dealt daily puzzles
    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        """``(game_id, grade JSON)`` of a puzzle dealt before, or None."""

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        ...
