"""Saves: the game in progress and finished games, in one SQLite file.

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
from pathlib import Path

from .session import SavedGame, SaveError

DB_NAME = "puzzleterm.sqlite3"
SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS current (
    slot INTEGER PRIMARY KEY CHECK (slot = 1),
    data TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS finished (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    game_id TEXT NOT NULL,
    level TEXT,
    elapsed REAL NOT NULL,
    assisted INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    finished REAL NOT NULL,
    data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS set_aside (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    data TEXT NOT NULL,
    reason TEXT NOT NULL,
    at REAL NOT NULL
);
"""


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

    def __init__(self, path: Path | None, conn: sqlite3.Connection, notices: list[str]) -> None:
        self.path = path
        self._conn = conn
        self.notices = notices

    # -- opening ------------------------------------------------------------------------
    @classmethod
    def open(cls, home: Path | None = None) -> Store:
        """Open (creating if needed) the store in ``home``; never raises on a bad file."""
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

    # -- the game in progress -------------------------------------------------------------
    def save_current(self, saved: SavedGame) -> None:
        data = _dump(saved)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO current (slot, data, updated) VALUES (1, ?, ?) "
                "ON CONFLICT(slot) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (data, time.time()),
            )

    def current_text(self) -> str | None:
        try:
            row = self._conn.execute("SELECT data FROM current WHERE slot = 1").fetchone()
        except sqlite3.Error:
            return None
        return str(row[0]) if row else None

    def load_current(self) -> SavedGame | None:
        """The saved game in progress, or None; raises :class:`SaveError` if it is unreadable."""
        text = self.current_text()
        if text is None:
            return None
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise SaveError(f"the save is not valid JSON ({exc})") from exc
        return SavedGame.from_json(data)

    def set_aside_current(self, reason: str) -> None:
        """Move the current save to ``set_aside`` (kept for inspection) and clear it."""
        with self._write() as conn:
            row = conn.execute("SELECT data FROM current WHERE slot = 1").fetchone()
            if row is not None:
                conn.execute("INSERT INTO set_aside (data, reason, at) VALUES (?, ?, ?)",
                             (row[0], reason, time.time()))
                conn.execute("DELETE FROM current WHERE slot = 1")

    def set_aside_count(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0])

    # -- finished games -------------------------------------------------------------------
    def finish_current(self, saved: SavedGame) -> None:
        """Record a finished game and clear the game in progress, in one transaction."""
        data = _dump(saved)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO finished (kind, params, game_id, level, elapsed, assisted, hints, "
                "finished, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (saved.kind, saved.params, saved.game_id, saved.level, saved.elapsed,
                 int(saved.assisted), saved.hints_used, time.time(), data),
            )
            conn.execute("DELETE FROM current WHERE slot = 1")

    def finished_count(self) -> int:
        return int(self._conn.execute("SELECT COUNT(*) FROM finished").fetchone()[0])


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
        for statement in _statements():
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.close()
        raise
    return conn


def _statements() -> list[str]:
    return [s.strip() for s in _SCHEMA.split(";") if s.strip()]


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
