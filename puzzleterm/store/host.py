"""One host's board: ``puzzleterm serve`` players share a leaderboard with the default store.

Each SSH player keeps their games in a SQLite file of their own (their home on the server);
``serve`` also gives every game the path of one **board** file for the whole host
(``$PUZZLETERM_BOARD``, ``<data dir>/board``).  A :class:`HostStore` keeps games, finished games,
results, stats and the deal cache in the player's own file, as :class:`~.sqlite.SqliteStore`
does, and writes each daily result (and the name taken) to the board too, so the leaderboard
read from the board ranks every player of the host.  Names are taken on the board, so they
are unique on the host.

Who may write what: the game processes all run as the server's user, so any of them could
write the board file; but a player only sends keys to the app, which writes the results of
the one player ``serve`` named in its environment (``$PUZZLETERM_PLAYER``, from the SSH key),
after the daily's replay check.  Guests' results stay in their own (temporary) file.  A
player's results from before the board (or from a time it could not be written) are copied
to it when their next game opens.  PostgreSQL (``--store postgresql://...``) is the way to
share a board between hosts; with it, the board file is not used.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import suppress
from datetime import date
from pathlib import Path

from ..play import SavedGame
from .claims import Claim
from .records import MAIN_SLOT, DailyResult, FinishedGame, Leaderboard, StoreError
from .sqlite import SqliteStore
from .tables import dump_saved

#: set by ``puzzleterm serve`` for its games: the directory of the host's board file
BOARD_ENV = "PUZZLETERM_BOARD"


class HostStore:
    """The player's own file (``local``) with the host's ``board`` for results, names and
    the leaderboard.  Implements :class:`~.protocol.Store`."""

    def __init__(self, local: SqliteStore, board: SqliteStore) -> None:
        self.local = local
        self.board = board
        self.player = board.player = local.player
        self.notices = local.notices
        self.notices.extend(board.notices)
        self.listener: Callable[[str], None] | None = None
        self._catch_up()

    @classmethod
    def open(cls, home: Path | None, board: Path, player: str | None = None) -> HostStore:
        return cls(SqliteStore.open(home, player), SqliteStore.open(board, player))

    @property
    def path(self) -> Path | None:
        return self.local.path

    @property
    def where(self) -> str:
        return self.local.where

    @property
    def guest(self) -> bool:
        return self.player.startswith("guest-")

    def notice(self, text: str) -> None:
        self.notices.append(text)
        if self.listener is not None:
            self.listener(text)

    def _catch_up(self) -> None:
        """Copy to the board the player's results it lacks (kept once per day and kind)."""
        if self.guest:
            return
        try:
            have = {(r.day, r.kind) for r in self.board.results()}
            for result in self.local.results():
                if (result.day, result.kind) not in have:
                    self.board.tables.add_result(self.player, result, "{}")
        except (StoreError, sqlite3.Error) as exc:
            self.notice(f"The host's leaderboard could not be brought up to date ({exc}).")

    def sync(self) -> None:
        """Nothing waits: the board is a file on this host."""

    def close(self) -> None:
        self.local.close()
        with suppress(Exception):
            self.board.close()

    # -- the player's own file ---------------------------------------------------------
    def claim(self, slot: str) -> Claim | None:
        return self.local.claim(slot)

    def release(self, slot: str) -> None:
        self.local.release(slot)

    def read_slot(self, slot: str = MAIN_SLOT) -> str:
        return self.local.read_slot(slot)

    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        self.local.save_current(saved, slot)

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        return self.local.current_text(slot)

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        return self.local.current_version(slot)

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        return self.local.load_current(slot)

    def slots(self, prefix: str = "") -> list[str]:
        return self.local.slots(prefix)

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        self.local.set_aside_current(reason, slot)

    def set_aside_count(self) -> int:
        return self.local.set_aside_count()

    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        new = self.local.finish_current(saved, slot, result, token)
        if result is not None and not self.guest:
            try:
                self.board.tables.add_result(self.player, result, dump_saved(saved))
            except StoreError as exc:  # kept in the player's file; copied at the next start
                self.notice(f"The result could not reach the host's leaderboard ({exc}); "
                            "it will at your next game.")
        return new

    def finished_count(self) -> int:
        return self.local.finished_count()

    def finished_games(self) -> list[FinishedGame]:
        return self.local.finished_games()

    def results(self, since: date | None = None, until: date | None = None) -> list[DailyResult]:
        return self.local.results(since, until)

    # -- the host's board ----------------------------------------------------------------
    def name(self) -> str | None:
        return self.board.name()

    def set_name(self, name: str) -> None:
        self.board.set_name(name)  # unique on the host, checked against every player there
        with suppress(StoreError):
            self.local.set_name(name)

    def leaderboard(self, day: date, kind: str, limit: int = 10) -> Leaderboard:
        return self.board.leaderboard(day, kind, limit)

    # -- the deal cache: the player's file -----------------------------------------------
    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        return self.local.cached_deal(seed_id, version)

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        self.local.cache_deal(seed_id, version, game_id, grade)
