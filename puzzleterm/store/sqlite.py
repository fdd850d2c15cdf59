"""The store in a local SQLite file: the default, with nothing to set up.

Everything is kept per **player**: ``local`` for a run on one's own machine, the SSH key's
fingerprint for a player of ``puzzleterm serve`` (``$PUZZLETERM_PLAYER``).  A player has a
free game in progress per kind and size (slot ``free:<kind>:<params>``) and one per daily
puzzle started; a daily result is written once per player, date and kind.  The schema and
its migrations are in :mod:`.schema`, the statements in :mod:`.tables`.

The file lives in the user's data directory (``platformdirs.user_data_dir("puzzleterm")``);
the ``PUZZLETERM_HOME`` environment variable names another directory.  Every write is one
transaction, so a kill at any moment loses at most the move being made.  A file that is not a
database or is damaged (SQLite says so, or ``PRAGMA quick_check`` fails) is moved aside (renamed
``*.corrupt-<time>``) with a notice, and a fresh store is used.  A file that is only busy (another
puzzleterm is writing it) or was made by a newer puzzleterm is left alone: this run keeps its games
in memory, with a notice.  A save that does not read back is kept in the ``set_aside`` table,
never silently dropped.

A file that cannot be written (a read-only file or data folder) is read as it is: its games
can be continued, with a notice that what is played now is not kept (the run works on a copy
in memory).  A file found cut to 0 bytes (by a full disk, a sync tool, a bad copy) is not
silently taken for a new store: a marker beside it (``<file>.held``) says a store lived there,
so the empty file is moved aside (``*.empty-<time>``) with a notice.

A save never waits for another program holding the file (another puzzleterm writing) longer
than :data:`SAVE_WAIT_MS`: the save is kept (the newest per slot, readable at once) and
written by the next save, :meth:`SqliteStore.retry` or the closing, which waits longer; a
save still pending then is written beside the file (``<file>.pending-*.json``) and taken in
at the next opening, so nothing is lost at exit.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from datetime import date
from pathlib import Path

from platformdirs import user_data_dir

from ..play import SavedGame
from .claims import CLAIM_BEAT, Claim, Owner
from .records import (
    FREE_PREFIX,
    MAIN_SLOT,
    DailyResult,
    FinishedGame,
    Leaderboard,
    StoreBusy,
    StoreError,
    default_player,
    free_slot,
    free_slot_of,
)
from .schema import SCHEMA_VERSION, SQLITE, migrate
from .tables import Tables, dump_saved, load_saved

DB_NAME = "puzzleterm.sqlite3"
#: the marker beside the file saying a store lived there (see :func:`_check_shrunk`)
HELD_SUFFIX = ".held"
#: how long (ms) a save waits for the file when another program is writing it: less than a
#: frame, so that a key press is never held up
SAVE_WAIT_MS = 20
#: how long (ms) other writes (a finished game, a name) and the last saves at closing wait
WRITE_WAIT_MS = 2000
#: seconds the opening waits for a busy file
OPEN_WAIT = WRITE_WAIT_MS / 1000
CLOSE_WAIT_MS = 5000
#: seconds a save may stay pending (the file busy) before the player is told
BUSY_NOTICE_AFTER = 5.0
#: SQLite's result codes meaning "another connection holds the file"
_BUSY_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
#: ... and "this file cannot be written / opened for writing"
_READ_ONLY_CODES = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM}


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


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def is_busy(exc: BaseException) -> bool:
    """Whether an error says another connection holds the file (busy or locked)."""
    code = _code(exc)
    if code is not None:
        return code in _BUSY_CODES
    text = str(exc).lower()
    return "database is locked" in text or "database is busy" in text


def _failed(exc: Exception) -> StoreError:
    if is_busy(exc):
        return StoreBusy(f"could not save: the save file is busy ({exc})")
    return StoreError(f"could not save: {exc}")


class SqliteStore:
    """The store in one SQLite file (``path``; None: in memory, when the file cannot be
    used).  Implements :class:`~.protocol.Store`."""

    def __init__(self, path: Path | None, conn: sqlite3.Connection, notices: list[str],
                 player: str | None = None, read_only: bool = False) -> None:
        self.path = path
        self.tables = Tables(conn, SQLITE, (sqlite3.Error,), _failed, self._in_transaction)
        self.notices = notices
        self.player = player or default_player()
        self.listener: Callable[[str], None] | None = None
        #: the file is only read: this run plays on a copy in memory
        self.read_only = read_only
        #: saves the busy file did not take yet: (player, slot) -> (data, updated, owner)
        self.pending: dict[tuple[str, str], tuple[str, float, str | None]] = {}
        #: this app, as its claims name it, and the slots it holds (see :mod:`.claims`)
        self.owner = Owner.here()
        self.claimed: set[str] = set()
        self._to_release: set[str] = set()
        self._last_beat = 0.0
        self._busy_since: float | None = None
        self._busy_told = False

    def notice(self, text: str) -> None:
        """Tell the player something (now, when a listener is set; else at the next look)."""
        self.notices.append(text)
        if self.listener is not None:
            self.listener(text)

    def sync(self) -> None:
        """Nothing waits to be sent from a local file: try what the busy file did not take,
        and renew the heartbeat of this app's claims (every :data:`CLAIM_BEAT` seconds)."""
        self.retry()
        if self.claimed and time.monotonic() - self._last_beat >= CLAIM_BEAT:
            self._last_beat = time.monotonic()
            self._wait(SAVE_WAIT_MS)
            try:
                self.tables.beat(self.player, self.owner.token, time.time())
            except StoreError:
                pass  # a busy file: the next beat
            finally:
                self._wait(WRITE_WAIT_MS)

    # -- claims: one writer per game ------------------------------------------------------
    def claim(self, slot: str) -> Claim | None:
        """Make this app the one writer of the game in ``slot`` (see :mod:`.claims`); the
        claim of another app it takes over, or None."""
        slot = self.read_slot(slot)
        self._to_release.discard(slot)
        self._wait(SAVE_WAIT_MS)  # a busy file: StoreBusy at once, not a wait on the UI thread
        try:
            before = self.tables.claim(self.player, slot, self.owner, time.time())
        finally:
            self._wait(WRITE_WAIT_MS)
        self.claimed.add(slot)
        return before

    def release(self, slot: str) -> None:
        """Let the game in ``slot`` go (after its pending save, if any)."""
        slot = self.read_slot(slot)
        if slot in self.claimed:
            self.claimed.discard(slot)
            self._to_release.add(slot)
            self.retry()

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
        _check_shrunk(path, notices)
        for attempt in range(2):
            try:
                conn = _connect(str(path))
                _mark_held(path)
                _take_pending(path, conn, notices)
                return cls(path, conn, notices)
            except _NewerSchema as exc:
                notices.append(
                    f"The save file {path} was made by a newer puzzleterm ({exc}); it was left "
                    "as it is, and games will not be saved this time."
                )
                return cls(None, _connect(":memory:"), notices)
            except sqlite3.DatabaseError as exc:
                if _code(exc) in _READ_ONLY_CODES and path.exists():
                    copy = _read_only_copy(path)
                    if copy is not None:
                        notices.append(
                            f"The save file {path} cannot be written ({exc}): your games can "
                            "be continued, but what you play now will not be kept."
                        )
                        return cls(path, copy, notices, read_only=True)
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
        """Write what is pending (waiting up to :data:`CLOSE_WAIT_MS` for a busy file; what
        still does not go in is kept beside the file for the next opening), then close."""
        self._to_release.update(self.claimed)
        self.claimed.clear()
        try:
            done = self._flush(CLOSE_WAIT_MS)
        except StoreError:  # told at the save before; what was refused is kept aside
            done = not self.pending
        if not done and self.path is not None:
            _keep_pending(self.path, self.pending)
            self.pending.clear()
        self.tables.conn.close()

    def _wait(self, ms: int) -> None:
        with suppress(sqlite3.Error):
            self.tables.conn.execute(f"PRAGMA busy_timeout={int(ms)}")

    def _flush(self, wait_ms: int = SAVE_WAIT_MS) -> bool:
        """Write the pending saves, waiting at most ``wait_ms`` for a busy file; whether
        none is left.  A save that fails otherwise than busy is dropped and raised (the
        slot keeps its previous save)."""
        self._wait(wait_ms)
        try:
            for key, entry in list(self.pending.items()):
                data, updated, owner = entry
                try:
                    self.tables.save_text(key[0], data, key[1], updated, owner)
                except StoreBusy:
                    if self._busy_since is None:
                        self._busy_since = time.monotonic()
                    return False
                except StoreError:
                    self.pending.pop(key, None)
                    raise
                if self.pending.get(key) == entry:
                    del self.pending[key]
            if self._to_release:
                try:
                    self.tables.release(self.player, sorted(self._to_release),
                                        self.owner.token, time.time())
                except StoreBusy:
                    return False
                self._to_release.clear()
        finally:
            self._wait(WRITE_WAIT_MS)
        if self._busy_told:
            self.notice("The save file is free again: your game is saved.")
        self._busy_since, self._busy_told = None, False
        return True

    def retry(self) -> bool:
        """Try the pending saves again (without waiting more than a frame); whether none is
        left.  Tells the player once when the file has stayed busy for
        :data:`BUSY_NOTICE_AFTER` seconds."""
        if not self.pending and not self._to_release:
            return True
        if self._flush():
            return True
        since = self._busy_since
        if not self._busy_told and since is not None and \
                time.monotonic() - since >= BUSY_NOTICE_AFTER:
            self._busy_told = True
            self.notice(f"The save file {self.where} is held by another program (another "
                        "puzzleterm?): your moves are kept here and will be saved when it is "
                        "free, or when you quit.")
        return False

    # -- the Store protocol, on this file's tables ---------------------------------------
    def read_slot(self, slot: str = MAIN_SLOT) -> str:
        if slot != MAIN_SLOT:
            return slot
        try:
            best = self.tables.latest_free(self.player)
        except sqlite3.Error:
            best = None
        for (player, pending), (_data, updated, _owner) in self.pending.items():
            free = pending == MAIN_SLOT or pending.startswith(FREE_PREFIX)
            if player == self.player and free and (best is None or updated > best[1]):
                best = (pending, updated)
        return best[0] if best is not None else MAIN_SLOT

    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        self.save_text(dump_saved(saved), slot, time.time())

    def save_text(self, data: str, slot: str, updated: float) -> None:
        """Keep ``data`` as the game in ``slot``: written now, or, when another program
        holds the file, kept pending (see :meth:`retry`) without waiting more than
        :data:`SAVE_WAIT_MS`."""
        if slot == MAIN_SLOT:
            slot = free_slot_of(data) or slot
        owner = self.owner.token if slot in self.claimed else None
        self.pending[(self.player, slot)] = (data, updated, owner)
        self.retry()

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        slot = self.read_slot(slot)
        pending = self.pending.get((self.player, slot))
        if pending is not None:
            return pending[0]
        # a file that cannot be read holds no game (its notice was given at opening)
        try:
            return self.tables.current_text(self.player, slot)
        except sqlite3.Error:
            return None

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        return self.tables.current_version(self.player, self.read_slot(slot))

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        return load_saved(self.current_text(slot))

    def slots(self, prefix: str = "") -> list[str]:
        held = set(self.tables.slots(self.player, prefix))
        held.update(slot for player, slot in self.pending
                    if player == self.player and slot.startswith(prefix))
        return sorted(held)

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        slot = self.read_slot(slot)
        self.pending.pop((self.player, slot), None)
        self.tables.set_aside_current(self.player, reason, slot)

    def set_aside_count(self) -> int:
        return self.tables.set_aside_count(self.player)

    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        owner = self.owner.token if slot in self.claimed else None
        done = self.tables.finish_current(self.player, saved, slot, result, token, owner)
        self.pending.pop((self.player, slot), None)  # the finished game replaces it
        self.claimed.discard(slot)
        return done

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
    conn = sqlite3.connect(target, timeout=OPEN_WAIT, isolation_level=None,
                           check_same_thread=False)
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
            else:  # a write, so that a file SQLite could only open read-only says so now
                conn.execute(f"PRAGMA user_version={version}")
            conn.execute("COMMIT")
        except BaseException:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
    except BaseException:
        conn.close()
        raise
    return conn


def _read_only_copy(path: Path) -> sqlite3.Connection | None:
    """The store in a file that cannot be written, copied into memory (brought to this
    version), or None when it cannot be read either."""
    uri = path.resolve().as_uri()
    # a read-only folder has no room for the WAL index: read the file as it is then
    for query in ("?mode=ro", "?mode=ro&immutable=1"):
        try:
            src = sqlite3.connect(uri + query, uri=True, timeout=OPEN_WAIT)
        except sqlite3.Error:
            continue
        try:
            row = src.execute("PRAGMA quick_check").fetchone()
            version = int(src.execute("PRAGMA user_version").fetchone()[0])
            if row is None or row[0] != "ok" or version > SCHEMA_VERSION:
                return None
            copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            src.backup(copy)
        except sqlite3.Error:
            continue
        finally:
            src.close()
        try:
            if version < SCHEMA_VERSION:
                copy.execute("BEGIN IMMEDIATE")
                migrate(copy, version)
                copy.execute("COMMIT")
        except sqlite3.Error:
            copy.close()
            return None
        return copy
    return None


def _check_shrunk(path: Path, notices: list[str]) -> None:
    """A store lived at ``path`` (its marker says so) but the file is now empty: move it
    aside (with its journal) and say so, instead of silently starting a new store there."""
    held = path.with_name(path.name + HELD_SUFFIX)
    try:
        if not held.exists() or not path.exists() or path.stat().st_size > 0:
            return
    except OSError:
        return
    aside = _move_aside(path, "empty")
    where = f"; it was moved to {aside.name}" if aside is not None else ""
    notices.append(
        f"The save file {path} was found empty (0 bytes): something outside puzzleterm cut it "
        f"(a full disk, a sync or backup tool?){where}, and a new one was started. The games "
        "it held could not be recovered."
    )


def _mark_held(path: Path) -> None:
    held = path.with_name(path.name + HELD_SUFFIX)
    if held.exists():
        return
    with suppress(OSError):
        held.write_text(f"{DB_NAME} is puzzleterm's store; this marker lets it notice the file "
                        "cut to nothing.\n")


def _keep_pending(path: Path,
                  pending: dict[tuple[str, str], tuple[str, float, str | None]]) -> None:
    """Write saves the busy file did not take beside it, for the next opening."""
    rows = [{"player": p, "slot": s, "data": d, "updated": u}
            for (p, s), (d, u, _owner) in pending.items()]
    target = path.with_name(f"{path.name}.pending-{os.getpid()}-{time.time_ns()}.json")
    with suppress(OSError):
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(json.dumps(rows))
        tmp.replace(target)


def _take_pending(path: Path, conn: sqlite3.Connection, notices: list[str]) -> None:
    """Take in the saves an earlier run left beside the file (see :func:`_keep_pending`),
    each where the file does not hold a newer save of its slot."""
    for file in sorted(path.parent.glob(f"{path.name}.pending-*.json")):
        try:
            rows = json.loads(file.read_text())
            conn.execute("BEGIN IMMEDIATE")
            for row in rows:
                conn.execute(
                    "INSERT INTO games (player, slot, data, updated) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(player, slot) DO UPDATE SET data = excluded.data, "
                    "updated = excluded.updated, version = games.version + 1 "
                    "WHERE games.updated < excluded.updated",
                    (str(row["player"]), str(row["slot"]), str(row["data"]),
                     float(row["updated"])))
            conn.execute("COMMIT")
        except sqlite3.Error:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            return  # busy: the next opening takes it
        except (OSError, ValueError, TypeError, KeyError, RecursionError) as exc:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            notices.append(f"Saves left by an earlier run in {file.name} could not be read "
                           f"({exc}); the file was left there.")
            continue
        with suppress(OSError):
            file.unlink()


def _move_aside(path: Path, why: str = "corrupt") -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
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

