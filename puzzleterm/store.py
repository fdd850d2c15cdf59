"""Saves: games in progress, finished games, daily results and leaderboard names.

One store interface, two back ends: this module's :class:`Store` speaks the SQL through a
:class:`~puzzleterm.store_schema.Dialect` and opens SQLite files (the default: nothing to set
up); :mod:`puzzleterm.store_pg` runs the same statements on PostgreSQL, chosen with a
``postgresql://`` URL (``--store`` or ``$PUZZLETERM_STORE``, see :func:`open_store`), for
several ``puzzleterm serve`` hosts sharing one database.

Everything is kept per **player**: ``local`` for a run on one's own machine, the SSH key's
fingerprint for a player of ``puzzleterm serve`` (``$PUZZLETERM_PLAYER``).  A player has one
free game in progress (slot ``main``) and one per daily puzzle started; a daily result is
written once per player, date and kind.  The schema and its migrations are in
:mod:`puzzleterm.store_schema`.

The SQLite file lives in the user's data directory (``platformdirs.user_data_dir("puzzleterm")``);
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
import re
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from .session import SavedGame, SaveError
from .store_schema import LOCAL_PLAYER, SCHEMA_VERSION, SQLITE, Dialect, migrate

DB_NAME = "puzzleterm.sqlite3"
#: The slot of the free game in progress (each daily has its own: ``daily:<date>:<kind>``).
MAIN_SLOT = "main"


class StoreError(Exception):
    """The store could not be written (disk full, permissions...); the message says why."""


class StoreOffline(StoreError):
    """The database server cannot be reached (the write is kept locally, see
    :mod:`puzzleterm.store_pg`)."""


class NameError_(StoreError):
    """A leaderboard name that cannot be taken (malformed, or another player's)."""


#: what a leaderboard name may be: 2 to 16 letters, digits, ``_ - .``, starting with a letter
NAME_RE = re.compile(r"[^\W\d_][\w.-]{1,15}")


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
    """The store.  ``notices`` collects messages for the player (e.g. a moved file); a
    ``listener``, when set, hears those that come up while playing.

    This class speaks SQL through a :class:`Dialect`, so the same statements run on SQLite
    (this module opens those) and on PostgreSQL (:mod:`puzzleterm.store_pg`)."""

    dialect: Dialect = SQLITE
    #: what a failed statement raises on this back end
    errors: tuple[type[Exception], ...] = (sqlite3.Error,)

    def __init__(self, path: Path | None, conn: Any, notices: list[str],
                 player: str | None = None) -> None:
        self.path = path
        self._conn = conn
        self.notices = notices
        self.player = player or default_player()
        self.listener: Callable[[str], None] | None = None

    def notice(self, text: str) -> None:
        """Tell the player something (now, when a listener is set; else at the next look)."""
        self.notices.append(text)
        if self.listener is not None:
            self.listener(text)

    def sync(self) -> None:
        """Send what waits to be sent (a shared store's outbox); nothing to do here."""

    @property
    def where(self) -> str:
        """Where the store keeps things, for messages."""
        return str(self.path) if self.path is not None else "memory"

    def _x(self, sql: str, params: Any = ()) -> Any:
        """Run one statement written with ``?`` parameters; the back end's cursor."""
        return self._conn.execute(self.dialect.query(sql), params)

    def _in_transaction(self) -> bool:
        return bool(self._conn.in_transaction)

    def _failed(self, exc: Exception) -> StoreError:
        return StoreError(f"could not save: {exc}")

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
    def _write(self) -> Iterator[None]:
        """One transaction; any failure rolls it back (if the database has not already) and
        becomes a :class:`StoreError`, so the connection is never left inside a transaction."""
        self._rollback()  # never wedged by an earlier failure
        try:
            self._conn.execute(self.dialect.begin)
        except self.errors as exc:
            raise self._failed(exc) from exc
        try:
            yield
            self._conn.execute("COMMIT")
        except self.errors as exc:
            self._rollback()
            raise self._failed(exc) from exc
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        # SQLite may have rolled back by itself (disk full, I/O error): then there is nothing
        # to undo, and ROLLBACK would fail
        with suppress(*self.errors):
            if self._in_transaction():
                self._conn.execute("ROLLBACK")

    # -- games in progress ----------------------------------------------------------------
    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        """Keep ``saved`` as the player's game in ``slot`` (replacing what was there).

        Two writers of one slot (the same player in two places): the last write wins; each
        write bumps the row's ``version``.  Finished games and results are other rows, which
        no save of a game in progress can overwrite."""
        self.save_text(_dump(saved), slot, time.time())

    def save_text(self, data: str, slot: str, updated: float) -> None:
        with self._write():
            self._x(
                "INSERT INTO games (player, slot, data, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(player, slot) DO UPDATE SET data = excluded.data, "
                "updated = excluded.updated, version = games.version + 1",
                (self.player, slot, data, updated),
            )

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        try:
            row = self._x("SELECT data FROM games WHERE player = ? AND slot = ?",
                          (self.player, slot)).fetchone()
        except self.errors:
            return None
        return str(row[0]) if row else None

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        """How many times the game in ``slot`` was written (0: no game there)."""
        row = self._x("SELECT version FROM games WHERE player = ? AND slot = ?",
                      (self.player, slot)).fetchone()
        return int(row[0]) if row else 0

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
        rows = self._x("SELECT slot FROM games WHERE player = ? ORDER BY slot",
                       (self.player,)).fetchall()
        return [str(r[0]) for r in rows if str(r[0]).startswith(prefix)]

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        """Move the save in ``slot`` to ``set_aside`` (kept for inspection) and clear it."""
        with self._write():
            row = self._x("SELECT data FROM games WHERE player = ? AND slot = ?",
                          (self.player, slot)).fetchone()
            if row is not None:
                self._x("INSERT INTO set_aside (player, data, reason, at) VALUES (?, ?, ?, ?)",
                        (self.player, row[0], reason, time.time()))
                self._x("DELETE FROM games WHERE player = ? AND slot = ?", (self.player, slot))

    def set_aside_count(self) -> int:
        return int(self._x("SELECT COUNT(*) FROM set_aside WHERE player = ?",
                           (self.player,)).fetchone()[0])

    # -- finished games -------------------------------------------------------------------
    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        """Record a finished game (and its daily result, if any) and clear its slot, in one
        transaction.  Returns False when the daily already had a result (kept as it was:
        a result is written once).  A finished game is kept once per ``token`` (a new one
        when not given), so sending the same one again changes nothing."""
        token = token or secrets.token_hex(12)
        data = _dump(saved)
        with self._write():
            self._x(
                "INSERT INTO finished (player, kind, params, game_id, level, elapsed, assisted, "
                "hints, finished, data, context, token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?) ON CONFLICT DO NOTHING",
                (self.player, saved.kind, saved.params, saved.game_id, saved.level,
                 saved.elapsed, int(saved.assisted), saved.hints_used, time.time(), data,
                 saved.context, token),
            )
            self._x("DELETE FROM games WHERE player = ? AND slot = ?", (self.player, slot))
            if result is None:
                return True
            cur = self._x(
                "INSERT INTO results (player, daily_date, kind, params, level, "
                "seed_id, elapsed, hints, reveals, checked, assisted, finished, data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (self.player, result.day.isoformat(), result.kind, result.params, result.level,
                 result.seed_id, result.elapsed, result.hints, result.reveals,
                 int(result.checked), int(result.assisted), result.finished, data),
            )
            return bool(cur.rowcount == 1)

    def finished_count(self) -> int:
        return int(self._x("SELECT COUNT(*) FROM finished WHERE player = ?",
                           (self.player,)).fetchone()[0])

    def finished_games(self) -> list[FinishedGame]:
        """The player's finished games, oldest first."""
        rows = self._x(
            "SELECT kind, params, level, elapsed, assisted, finished, context FROM finished "
            "WHERE player = ? ORDER BY finished, id", (self.player,)).fetchall()
        return [FinishedGame(str(k), str(p), lv, float(e), bool(a), float(f), c)
                for k, p, lv, e, a, f, c in rows]

    # -- daily results ----------------------------------------------------------------------
    def results(self, since: date | None = None, until: date | None = None) -> list[DailyResult]:
        """The player's daily results, by date then kind."""
        lo = (since or date.min).isoformat()
        hi = (until or date.max).isoformat()
        rows = self._x(
            "SELECT daily_date, kind, params, level, seed_id, elapsed, hints, reveals, checked, "
            "assisted, finished FROM results WHERE player = ? AND daily_date BETWEEN ? AND ? "
            "ORDER BY daily_date, kind", (self.player, lo, hi)).fetchall()
        return [DailyResult(date.fromisoformat(d), str(k), str(p), lv, str(s), float(e),
                            int(h), int(r), bool(c), bool(a), float(f))
                for d, k, p, lv, s, e, h, r, c, a, f in rows]

    # -- names and the leaderboard ----------------------------------------------------------
    def name(self) -> str | None:
        """The name the player shows on the leaderboard (None: not set)."""
        row = self._x("SELECT name FROM players WHERE player = ?", (self.player,)).fetchone()
        return str(row[0]) if row else None

    def set_name(self, name: str) -> None:
        """Take ``name`` for the leaderboard; raises :class:`NameError_` when it is malformed
        or another player's (names are told apart without regard to case)."""
        check_name(name)
        try:
            with self._write():
                self._x("INSERT INTO players (player, name, updated) VALUES (?, ?, ?) "
                        "ON CONFLICT(player) DO UPDATE SET name = excluded.name, "
                        "updated = excluded.updated", (self.player, name, time.time()))
        except StoreError as exc:
            if isinstance(exc, StoreOffline) or "unique" not in str(exc).lower():
                raise
            raise NameError_(f"the name {name!r} is taken") from exc

    def leaderboard(self, day: date, kind: str, limit: int = 10) -> Leaderboard:
        """The fastest unassisted (no hints, no reveals) results of ``kind`` on ``day``: the
        first ``limit``, how many are ranked, and the player's own place.  Guests are not
        ranked; ties go to who finished first."""
        ranked = ("FROM results r LEFT JOIN players p ON p.player = r.player WHERE "
                  "r.daily_date = ? AND r.kind = ? AND r.assisted = 0 AND r.reveals = 0 "
                  "AND r.hints = 0 AND r.player NOT LIKE 'guest-%'")
        args = (day.isoformat(), kind)
        rows = self._x(f"SELECT r.player, p.name, r.elapsed, r.finished {ranked} "
                       "ORDER BY r.elapsed, r.finished, r.player LIMIT ?",
                       (*args, limit)).fetchall()
        total = int(self._x(f"SELECT COUNT(*) {ranked}", args).fetchone()[0])
        top = tuple(LeaderRow(i + 1, str(p), display_name(str(p), n), float(e))
                    for i, (p, n, e, _f) in enumerate(rows))
        mine = self._x(f"SELECT r.elapsed, r.finished {ranked} AND r.player = ?",
                       (*args, self.player)).fetchone()
        place = None
        if mine is not None:
            e, f = float(mine[0]), float(mine[1])
            ahead = self._x(
                f"SELECT COUNT(*) {ranked} AND (r.elapsed < ? OR (r.elapsed = ? AND "
                "(r.finished < ? OR (r.finished = ? AND r.player < ?))))",
                (*args, e, e, f, f, self.player)).fetchone()[0]
            place = int(ahead) + 1
        return Leaderboard(day, kind, top, total, place)

    # -- the cache of dealt daily puzzles ---------------------------------------------------
    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        """``(game_id, grade JSON)`` of a puzzle dealt before from ``seed_id`` by generator
        ``version``, or None."""
        try:
            row = self._x("SELECT game_id, grade FROM dealt WHERE seed_id = ? AND version = ?",
                          (seed_id, version)).fetchone()
        except self.errors:
            return None
        return (str(row[0]), row[1]) if row else None

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        with self._write():
            self._x(
                "INSERT INTO dealt (seed_id, version, game_id, grade, made) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(seed_id, version) DO UPDATE SET "
                "game_id = excluded.game_id, grade = excluded.grade, made = excluded.made",
                (seed_id, version, game_id, grade, time.time()))


    @staticmethod
    def deals_in(path: Path, keys: Iterable[tuple[str, str]],
                 ) -> dict[tuple[str, str], tuple[str, str | None]]:
        """What :meth:`cached_deal` would give for each ``(seed_id, version)`` of ``keys`` in
        another store file that is no longer written (``puzzleterm serve``'s template of the
        day), read as it is, without locks or journal files; the keys it holds (none when it
        cannot be read)."""
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


@dataclass(frozen=True)
class LeaderRow:
    """One place on a leaderboard."""

    place: int
    player: str
    name: str
    elapsed: float


@dataclass(frozen=True)
class Leaderboard:
    """The top of a day's board for one kind, how many are ranked, and the player's place
    (None: not ranked)."""

    day: date
    kind: str
    top: tuple[LeaderRow, ...]
    total: int
    place: int | None


def check_name(name: str) -> str:
    if not NAME_RE.fullmatch(name):
        raise NameError_(f"a name is 2 to 16 letters, digits, '_', '-' or '.', starting with a "
                         f"letter (not {name!r})")
    if name.lower().startswith(("key-", "guest", "sha256")):
        raise NameError_(f"{name!r} looks like a key or a guest; choose another name")
    return name


def display_name(player: str, name: str | None) -> str:
    """How the leaderboard shows a player: the name taken, else the start of the key's
    fingerprint (``key-SHA256:Ab3x...`` shows as ``Ab3x9QzT``)."""
    if name:
        return name
    if player.startswith("key-SHA256:"):
        return player[len("key-SHA256:"):][:8]
    return player[:12]


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


#: names the store: a ``postgresql://`` URL (shared by several hosts), else the local SQLite
STORE_ENV = "PUZZLETERM_STORE"


def check_store_url(url: str) -> str:
    """A store URL as given to ``--store``; raises :class:`StoreError` on another scheme."""
    if url in ("", "sqlite") or url.startswith(("postgresql://", "postgres://")):
        return url
    raise StoreError(f"unknown store {url!r}: give a postgresql://user@host/db URL, or "
                     "'sqlite' for the local file")


def open_store(url: str | None = None, home: Path | None = None,
               player: str | None = None) -> Store:
    """The store to use: PostgreSQL when ``url`` (else ``$PUZZLETERM_STORE``) is a
    ``postgresql://`` URL, else SQLite in ``home``.  Never raises: problems are notices."""
    url = os.environ.get(STORE_ENV, "") if url is None else url
    try:
        check_store_url(url)
    except StoreError as exc:
        store = Store.open(home, player)
        store.notices.append(f"{exc}; using the local file.")
        return store
    if url in ("", "sqlite"):
        return Store.open(home, player)
    from .store_pg import open_shared

    return open_shared(url, home, player)
