"""Saves: games in progress, finished games and daily results, in one SQLite file.

Everything is kept per **player**: ``local`` for a run on one's own machine, the SSH key's
fingerprint for a player of ``puzzleterm serve`` (``$PUZZLETERM_PLAYER``).  A player has one
free game in progress (slot ``main``) and one per daily puzzle started; a daily result is
written once per player, date and kind.  The schema and its migrations are in
:mod:`puzzleterm.store_schema`.

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

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from .session import SavedGame, SaveError
from .store_schema import LOCAL_PLAYER, SCHEMA_VERSION, migrate

DB_NAME = "puzzleterm.sqlite3"
#: The slot of the free game in progress (each daily has its own: ``daily:<date>:<kind>``).
MAIN_SLOT = "main"


class StoreError(Exception):
    """The store could not be written (disk full, permissions...); the message says why."""


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
    from platformdirs import user_data_dir

    return Path(user_data_dir("puzzleterm"))


class Store:
    """The SQLite store.  ``notices`` collects messages for the player (e.g. a moved file)."""

    def __init__(self, path: Path | None, conn: sqlite3.Connection, notices: list[str],
                 player: str | None = None) -> None:
        self.path = path
        self._conn = conn
        self.notices = notices
        self.player = player or default_player()

    # -- opening ------------------------------------------------------------------------
    @classmethod
    def open(cls, home: Path | None = None, player: str | None = None) -> Store:
        """Open (creating if needed) the store in ``home``; never raises on a bad file."""
        store = cls._open(home)
        store.player = player or default_player()
        return store

    @classmethod
    def _open(cls, home: Path | None) -> Store:
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

    def close(self) -> None:
        self._conn.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction; any failure rolls it back (if SQLite has not already) and becomes
        a :class:`StoreError`, so the connection is never left inside a transaction."""
        conn = self._conn
        self._rollback()  # never wedged by an earlier failure
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise StoreError(f"could not save: {exc}") from exc
        try:
            yield conn
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StoreError(f"could not save: {exc}") from exc
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        # SQLite may have rolled back by itself (disk full, I/O error): then there is nothing
        # to undo, and ROLLBACK would fail
        with suppress(sqlite3.Error):
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")

    # -- games in progress ----------------------------------------------------------------
    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        """Keep ``saved`` as the player's game in ``slot`` (replacing what was there)."""
        data = _dump(saved)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO games (player, slot, data, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(player, slot) DO UPDATE SET data = excluded.data, "
                "updated = excluded.updated",
                (self.player, slot, data, time.time()),
            )

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        try:
            row = self._conn.execute("SELECT data FROM games WHERE player = ? AND slot = ?",
                                     (self.player, slot)).fetchone()
        except sqlite3.Error:
            return None
        return str(row[0]) if row else None

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        """The saved game in ``slot``, or None; raises :class:`SaveError` if it is unreadable."""
        text = self.current_text(slot)
        if text is None:
            return None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise SaveError(f"the save is not valid JSON ({exc})") from exc
        return SavedGame.from_json(data)

    def slots(self, prefix: str = "") -> list[str]:
        """The player's slots holding a game, those starting with ``prefix``."""
        rows = self._conn.execute(
            "SELECT slot FROM games WHERE player = ? AND substr(slot, 1, ?) = ? ORDER BY slot",
            (self.player, len(prefix), prefix)).fetchall()
        return [str(r[0]) for r in rows]

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        """Move the save in ``slot`` to ``set_aside`` (kept for inspection) and clear it."""
        with self._write() as conn:
            row = conn.execute("SELECT data FROM games WHERE player = ? AND slot = ?",
                               (self.player, slot)).fetchone()
            if row is not None:
                conn.execute(
                    "INSERT INTO set_aside (player, data, reason, at) VALUES (?, ?, ?, ?)",
                    (self.player, row[0], reason, time.time()))
                conn.execute("DELETE FROM games WHERE player = ? AND slot = ?",
                             (self.player, slot))

    def set_aside_count(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM set_aside WHERE player = ?",
                                      (self.player,)).fetchone()[0])

    # -- finished games -------------------------------------------------------------------
    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None) -> bool:
        """Record a finished game (and its daily result, if any) and clear its slot, in one
        transaction.  Returns False when the daily already had a result (kept as it was:
        a result is written once)."""
        data = _dump(saved)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO finished (player, kind, params, game_id, level, elapsed, assisted, "
                "hints, finished, data, context) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self.player, saved.kind, saved.params, saved.game_id, saved.level,
                 saved.elapsed, int(saved.assisted), saved.hints_used, time.time(), data,
                 saved.context),
            )
            conn.execute("DELETE FROM games WHERE player = ? AND slot = ?", (self.player, slot))
            if result is None:
                return True
            cur = conn.execute(
                "INSERT OR IGNORE INTO results (player, daily_date, kind, params, level, "
                "seed_id, elapsed, hints, reveals, checked, assisted, finished, data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self.player, result.day.isoformat(), result.kind, result.params, result.level,
                 result.seed_id, result.elapsed, result.hints, result.reveals,
                 int(result.checked), int(result.assisted), result.finished, data),
            )
            return cur.rowcount == 1

    def finished_count(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM finished WHERE player = ?",
                                      (self.player,)).fetchone()[0])

    def finished_games(self) -> list[FinishedGame]:
        """The player's finished games, oldest first."""
        rows = self._conn.execute(
            "SELECT kind, params, level, elapsed, assisted, finished, context FROM finished "
            "WHERE player = ? ORDER BY finished, id", (self.player,)).fetchall()
        return [FinishedGame(str(k), str(p), lv, float(e), bool(a), float(f), c)
                for k, p, lv, e, a, f, c in rows]

    # -- daily results ----------------------------------------------------------------------
    def results(self, since: date | None = None, until: date | None = None) -> list[DailyResult]:
        """The player's daily results, by date then kind."""
        lo = (since or date.min).isoformat()
        hi = (until or date.max).isoformat()
        rows = self._conn.execute(
            "SELECT daily_date, kind, params, level, seed_id, elapsed, hints, reveals, checked, "
            "assisted, finished FROM results WHERE player = ? AND daily_date BETWEEN ? AND ? "
            "ORDER BY daily_date, kind", (self.player, lo, hi)).fetchall()
        return [DailyResult(date.fromisoformat(d), str(k), str(p), lv, str(s), float(e),
                            int(h), int(r), bool(c), bool(a), float(f))
                for d, k, p, lv, s, e, h, r, c, a, f in rows]

    # -- the cache of dealt daily puzzles ---------------------------------------------------
    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        """``(game_id, grade JSON)`` of a puzzle dealt before from ``seed_id`` by generator
        ``version``, or None."""
        try:
            row = self._conn.execute(
                "SELECT game_id, grade FROM dealt WHERE seed_id = ? AND version = ?",
                (seed_id, version)).fetchone()
        except sqlite3.Error:
            return None
        return (str(row[0]), row[1]) if row else None

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        with self._write() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO dealt (seed_id, version, game_id, grade, made) "
                "VALUES (?, ?, ?, ?, ?)", (seed_id, version, game_id, grade, time.time()))


@dataclass(frozen=True)
class FinishedGame:
    """One row of the finished games (what the stats need)."""

    kind: str
    params: str
    level: str | None
    elapsed: float
    assisted: bool
    finished: float
    context: str | None


@dataclass(frozen=True)
class DailyResult:
    """A daily puzzle solved: written once per player, date and kind."""

    day: date
    kind: str
    params: str
    level: str | None
    seed_id: str
    elapsed: float
    hints: int
    reveals: int
    checked: bool
    assisted: bool
    finished: float

    @property
    def clean(self) -> bool:
        """Solved without reveals (what keeps a streak going; hints do not break it)."""
        return self.reveals == 0


def default_player() -> str:
    """``$PUZZLETERM_PLAYER`` (set by ``puzzleterm serve``), else the local player."""
    return os.environ.get("PUZZLETERM_PLAYER") or LOCAL_PLAYER


def _dump(saved: SavedGame) -> str:
    return json.dumps(saved.to_json(), separators=(",", ":"))


def _connect(target: str) -> sqlite3.Connection:
    # autocommit mode: transactions are explicit (BEGIN IMMEDIATE ... COMMIT in Store._write)
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
