"""The store in a local SQLite file: the default, with nothing to set up.

Everything is kept per **player**: ``local`` for a run on one's own machine, the SSH key's
fingerprint for a player of ``puzzleterm serve`` (``$PUZZLETERM_PLAYER``).  A player has one
free game in progress (slot ``main``) and one per daily puzzle started; a daily result is
written once per player, date and kind.  The schema and its migrations are in
:mod:`.schema`, the statements in :mod:`.tables`.

The file lives in the user's data directory (``platformdirs.user_data_dir("puzzleterm")``);
the ``PUZZLETERM_HOME`` environment variable names another directory.  Every write is one
transaction, so a kill at any moment loses at most the move being made.  A file that is not a
database or is damaged (SQLite says so, or ``PRAGMA quick_check`` fails) is moved aside (renamed
``*.corrupt-<time>``) with a notice, and a fresh store is used.  A file that is only busy (another
puzzleterm is writing it) or was made by a newer puzzleterm is left alone: this run keeps its games
in memory, with a notice.  A save that does not read back is kept in the ``set_aside`` table,
never silently dropped.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from datetime import date
from pathlib import Path

from platformdirs import user_data_dir

from ..play import SavedGame
from .records import MAIN_SLOT, DailyResult, FinishedGame, Leaderboard, StoreError, default_player
from .schema import SCHEMA_VERSION, SQLITE, migrate
from .tables import Tables, dump_saved, load_saved

DB_NAME = "puzzleterm.sqlite3"


class _Damaged(sqlite3.DatabaseError):
    """``PRAGMA quick_check`` found the file damaged."""


class _NewerSchema(Exception):
    """The file was written by a newer puzzleterm (its ``user_version`` is above ours)."""


#: SQLite's primary result codes that mean "this file is not (or no longer) a database".
_DAMAGED_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


def is_damaged(exc: sqlite3.Error) -> bool:
    """Whether an error says the file itself is bad (not a database, malformed) -- as opposed
    to busy, locked, read-only or unreachable, which leave the file as it is."""
    if isinstance(exc, _Damaged):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _DAMAGED_CODES
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def default_home() -> Path:
    """The directory holding the store: ``$PUZZLETERM_HOME`` or the user's data directory."""
    env = os.environ.get("PUZZLETERM_HOME")
    if env:
        return Path(env).expanduser()
    return Path(user_data_dir("puzzleterm"))


def _failed(exc: Exception) -> StoreError:
    return StoreError(f"could not save: {exc}")


class SqliteStore:
    """The store in one SQLite file (``path``; None: in memory, when the file cannot be
    used).  Implements :class:`~.protocol.Store`."""

    def __init__(self, path: Path | None, conn: sqlite3.Connection, notices: list[str],
                 player: str | None = None) -> None:
        self.path = path
        self.tables = Tables(conn, SQLITE, (sqlite3.Error,), _failed, self._in_transaction)
        self.notices = notices
        self.player = player or default_player()
        self.listener: Callable[[str], None] | None = None

    def notice(self, text: str) -> None:
        """Tell the player something (now, when a listener is set; else at the next look)."""
        self.notices.append(text)
        if self.listener is not None:
            self.listener(text)

    def sync(self) -> None:
        """Nothing waits to be sent from a local file."""

    @property
    def where(self) -> str:
        return str(self.path) if self.path is not None else "memory"

    # -- opening ------------------------------------------------------------------------
    @classmethod
    def open(cls, home: Path | None = None, player: str | None = None) -> SqliteStore:
        """Open (creating if needed) the store in ``home``; never raises on a bad file."""
        store = cls._open(home)
        store.player = player or default_player()
        return store

    @classmethod
    def _open(cls, home: Path | None) -> SqliteStore:
        notices: list[str] = []
        directory = home if home is not None else default_home()
        path = directory / DB_NAME
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            notices.append(f"Cannot create {directory} ({exc.strerror}); games will not be saved.")
            return cls(None, _connect(":memory:"), notices)
        for attempt in range(2):
            try:
                conn = _connect(str(path))
                return cls(path, conn, notices)
            except _NewerSchema as exc:
                notices.append(
                    f"The save file {path} was made by a newer puzzleterm ({exc}); it was left "
                    "as it is, and games will not be saved this time."
                )
                return cls(None, _connect(":memory:"), notices)
            except sqlite3.DatabaseError as exc:
                if not is_damaged(exc):
                    # busy or locked (another puzzleterm is using it), read-only...: the file
                    # is fine, so it must not be touched
                    notices.append(
                        f"The save file {path} cannot be used now ({exc}; is puzzleterm "
                        "running in another terminal?). It was left as it is, and games will "
                        "not be saved this time."
                    )
                    return cls(None, _connect(":memory:"), notices)
                if attempt:
                    break
                aside = _move_aside(path)
                if aside is None:
                    break
                notices.append(
                    f"The save file could not be read ({exc}); it was moved to {aside.name} "
                    "and a new one started."
                )
            except OSError as exc:
                notices.append(f"Cannot open {path} ({exc}); games will not be saved.")
                return cls(None, _connect(":memory:"), notices)
        notices.append(f"Cannot use {path}; games will not be saved.")
        return cls(None, _connect(":memory:"), notices)

    def _in_transaction(self) -> bool:
        return bool(self.tables.conn.in_transaction)

    def close(self) -> None:
        self.tables.conn.close()

    # -- the Store protocol, on this file's tables ---------------------------------------
    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        self.save_text(dump_saved(saved), slot, time.time())

    def save_text(self, data: str, slot: str, updated: float) -> None:
        self.tables.save_text(self.player, data, slot, updated)

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        # a file that cannot be read holds no game (its notice was given at opening)
        try:
            return self.tables.current_text(self.player, slot)
        except sqlite3.Error:
            return None

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        return self.tables.current_version(self.player, slot)

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        return load_saved(self.current_text(slot))

    def slots(self, prefix: str = "") -> list[str]:
        return self.tables.slots(self.player, prefix)

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        self.tables.set_aside_current(self.player, reason, slot)

    def set_aside_count(self) -> int:
        return self.tables.set_aside_count(self.player)

    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        return self.tables.finish_current(self.player, saved, slot, result, token)

    def finished_count(self) -> int:
        return self.tables.finished_count(self.player)

    def finished_games(self) -> list[FinishedGame]:
        return self.tables.finished_games(self.player)

    def results(self, since: date | None = None, until: date | None = None) -> list[DailyResult]:
        return self.tables.results(self.player, since, until)

    def name(self) -> str | None:
        return self.tables.name(self.player)

    def set_name(self, name: str) -> None:
        self.tables.set_name(self.player, name)

    def leaderboard(self, day: date, kind: str, limit: int = 10) -> Leaderboard:
        return self.tables.leaderboard(self.player, day, kind, limit)

    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        return self.tables.cached_deal(seed_id, version)

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        self.tables.cache_deal(seed_id, version, game_id, grade)


def deals_in(path: Path, keys: Iterable[tuple[str, str]],
             ) -> dict[tuple[str, str], tuple[str, str | None]]:
    """What :meth:`SqliteStore.cached_deal` would give for each ``(seed_id, version)`` of
    ``keys`` in another store file that is no longer written (``puzzleterm serve``'s template
    of the day), read as it is, without locks or journal files; the keys it holds (none when
    it cannot be read)."""
    found: dict[tuple[str, str], tuple[str, str | None]] = {}
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, ValueError):
        return found
    try:
        for seed_id, version in keys:
            row = conn.execute("SELECT game_id, grade FROM dealt WHERE seed_id = ? AND "
                               "version = ?", (seed_id, version)).fetchone()
            if row:
                found[(seed_id, version)] = (str(row[0]), row[1])
    except sqlite3.Error:
        pass
    finally:
        conn.close()
    return found


def _connect(target: str) -> sqlite3.Connection:
    # autocommit mode: transactions are explicit (BEGIN IMMEDIATE ... COMMIT in Tables.write)
    conn = sqlite3.connect(target, timeout=2.0, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        row = conn.execute("PRAGMA quick_check").fetchone()
        if row is None or row[0] != "ok":
            raise _Damaged(f"integrity check failed: {row[0] if row else '?'}")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _NewerSchema(f"schema {version}, this puzzleterm reads {SCHEMA_VERSION}")
        conn.execute("BEGIN IMMEDIATE")
        try:
            # read again inside the transaction: another process may have migrated meanwhile
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version < SCHEMA_VERSION:
                migrate(conn, version)
            conn.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
    except BaseException:
        conn.close()
        raise
    return conn


def _move_aside(path: Path) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        path.replace(aside)
    except OSError:
        return None
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        try:
            if extra.exists():
                extra.replace(aside.with_name(aside.name + suffix))
        except OSError:
            pass
    return aside

