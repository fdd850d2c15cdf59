"""The store on PostgreSQL, for several ``puzzleterm serve`` hosts sharing one database.

Chosen by a URL (``--store postgresql://...`` or ``$PUZZLETERM_STORE``); psycopg 3 is imported
only then.  :class:`PgStore` is the store's SQL on a PostgreSQL connection: the same schema,
migrations and transactions as SQLite (see :mod:`puzzleterm.store_schema`); a migration holds
an advisory lock, so hosts starting together migrate once.

What the app uses is a :class:`SharedStore`: the player's local SQLite store (in their home
directory on this host) in front of the database.  Every write is first put in the local
``outbox`` (one SQLite transaction), then applied to the local copy, then sent: the outbox is
emptied in order, each entry in its own PostgreSQL transaction, and an entry leaves the outbox
only once the database has committed it.  So when the database is unreachable -- at start or
in the middle of a game -- the game goes on: writes wait in the outbox, reads come from the
local copy, the player is told, and everything is sent when the database is back (at the next
write, at :meth:`SharedStore.sync`, which the app calls every few seconds, or at the next start
on this host).  Sending twice is harmless: a result is written once per player, date and kind
(``ON CONFLICT DO NOTHING``), a finished game once per token, and a save is an upsert.

A host that stops answering must not freeze the game, whose thread calls the store: the
connection is made on a thread of its own (:class:`_Attempt`; the caller waits at most
:data:`CONNECT_GRACE` for a try it starts, and never for one under way), and each statement
waits at most :data:`QUERY_TIMEOUT` for its answer (:mod:`puzzleterm.store_guard`), after which
the database counts as away, as when it refuses.

Which write wins for a game in progress: the last one the database commits (each bumps the
row's ``version``).  A finished result is a row of its own that no save can overwrite.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from .session import SavedGame
from .store import (
    MAIN_SLOT,
    DailyResult,
    FinishedGame,
    Leaderboard,
    NameError_,
    Store,
    StoreError,
    StoreOffline,
    check_name,
)
from .store_guard import GuardedConnection
from .store_schema import POSTGRES, SCHEMA_VERSION, migrate

T = TypeVar("T")
#: the advisory lock held while migrating (any number, the same on every host)
MIGRATION_LOCK = 0x70757A7A
#: seconds between tries to reach an unreachable database (doubling while it stays away, up
#: to :data:`RETRY_MAX`); a try runs on a thread of its own, so a host that does not answer
#: costs the game nothing (see :meth:`SharedStore._connect`)
RETRY_SECONDS = 5.0
RETRY_MAX = 60.0
CONNECT_TIMEOUT = 3
#: how long the store waits at start for the database (its first reads should be the
#: database's: a game saved through another host); the game is not on screen yet
START_WAIT = 3.0
#: how long a call that starts a try waits for it: a database that answers is connected in
#: milliseconds, so the call can use it at once; one that does not costs the call this much,
#: once per retry period
CONNECT_GRACE = 0.2
#: how long a statement of the game may wait for the database's answer (a healthy one answers
#: in milliseconds); past that the connection is cut and the database counts as away
QUERY_TIMEOUT = 0.5
#: libpq's ``tcp_user_timeout`` (ms, Linux): the kernel drops a connection whose packets go
#: unacknowledged this long (a host gone silent), also while idle or while connecting
TCP_USER_TIMEOUT_MS = 2000


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "postgresql://?"
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise StoreError("a postgresql:// store needs psycopg 3: pip install "
                         "'puzzleterm[pg]'") from exc
    return psycopg


class PgStore(Store):
    """The store's SQL on one PostgreSQL connection (no outbox: see :class:`SharedStore`)."""

    dialect = POSTGRES

    def __init__(self, conn: Any, url: str, player: str | None = None) -> None:
        super().__init__(None, conn, [], player)
        psycopg = _psycopg()
        self.errors = (psycopg.Error,)
        self._offline_errors = (psycopg.OperationalError, psycopg.InterfaceError)
        self.url = url

    @classmethod
    def connect(cls, url: str, player: str | None = None, timeout: float = CONNECT_TIMEOUT,
                query_timeout: float | None = None) -> PgStore:
        """Connect and bring the schema up to date; raises :class:`StoreOffline` when the
        server cannot be reached, :class:`StoreError` when it cannot be used.  Each statement
        after that waits at most ``query_timeout`` seconds for its answer (None: no limit;
        the migration is never limited, since it may wait for another host's)."""
        psycopg = _psycopg()
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)),
                                   application_name="puzzleterm", keepalives_idle=10,
                                   keepalives_interval=5, keepalives_count=3,
                                   tcp_user_timeout=TCP_USER_TIMEOUT_MS)
        except psycopg.OperationalError as exc:
            raise StoreOffline(f"cannot reach {safe_url(url)}: {_first_line(exc)}") from exc
        except (psycopg.Error, ValueError) as exc:  # a malformed URL, a bad option
            raise StoreError(f"cannot use {safe_url(url)}: {_first_line(exc)}") from exc
        guarded = GuardedConnection(conn, psycopg.OperationalError)
        store = cls(guarded, url, player)
        try:
            store._migrate()
        except BaseException:
            guarded.close()
            raise
        guarded.timeout = query_timeout
        return store

    def _version(self) -> int:
        row = self._x("SELECT max(version) FROM puzzleterm_schema").fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def _migrate(self) -> None:
        try:  # the usual case, without a lock: the schema is there already
            if self._x("SELECT to_regclass('puzzleterm_schema')").fetchone()[0] is not None \
                    and self._version() == SCHEMA_VERSION:
                return
        except self.errors as exc:
            raise self._failed(exc) from exc
        with self._write():
            self._x("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            self._x("CREATE TABLE IF NOT EXISTS puzzleterm_schema (version INTEGER NOT NULL)")
            version = self._version()
            if version > SCHEMA_VERSION:
                raise StoreError(f"the database {safe_url(self.url)} has schema {version}, "
                                 f"this puzzleterm reads {SCHEMA_VERSION}")
            if version < SCHEMA_VERSION:
                migrate(self._conn, version, POSTGRES)
                self._x("DELETE FROM puzzleterm_schema")
                self._x("INSERT INTO puzzleterm_schema (version) VALUES (?)", (SCHEMA_VERSION,))

    @property
    def where(self) -> str:
        return safe_url(self.url)

    @property
    def broken(self) -> bool:
        return bool(self._conn.closed or self._conn.broken)

    def _in_transaction(self) -> bool:
        status = self._conn.info.transaction_status
        return bool(status != _psycopg().pq.TransactionStatus.IDLE)

    def lost(self, exc: BaseException) -> bool:
        """Whether an error means the connection is gone (not a bad statement)."""
        return isinstance(exc, (*self._offline_errors, StoreOffline)) or self.broken

    def _failed(self, exc: Exception) -> StoreError:
        if self.lost(exc):
            return StoreOffline(f"lost {safe_url(self.url)}: {_first_line(exc)}")
        return StoreError(f"could not save: {_first_line(exc)}")

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        # unlike a damaged SQLite file, a lost connection must not read as "no game"
        row = self._x("SELECT data FROM games WHERE player = ? AND slot = ?",
                      (self.player, slot)).fetchone()
        return str(row[0]) if row else None

    def close(self) -> None:
        self._conn.close()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class _Attempt:
    """One try to connect (and check the schema), on a thread of its own: the store's caller
    never waits on it longer than it chooses to.  An attempt given up (the store closed
    meanwhile) closes its connection when it gets one."""

    def __init__(self, url: str, player: str, query_timeout: float | None) -> None:
        self.done = threading.Event()
        self.store: PgStore | None = None
        self.error: StoreError | None = None
        self._lock = threading.Lock()
        self._abandoned = False
        threading.Thread(target=self._run, args=(url, player, query_timeout), daemon=True,
                         name="puzzleterm-db-connect").start()

    def _run(self, url: str, player: str, query_timeout: float | None) -> None:
        try:
            store = PgStore.connect(url, player, query_timeout=query_timeout)
        except StoreError as exc:
            self.error = exc
        except Exception as exc:  # on a thread nobody would hear it otherwise
            self.error = StoreError(f"cannot use {safe_url(url)}: {_first_line(exc)}")
        else:
            with self._lock:
                if self._abandoned:
                    with suppress(Exception):
                        store.close()
                else:
                    self.store = store
        self.done.set()

    def abandon(self) -> None:
        with self._lock:
            self._abandoned = True
            store, self.store = self.store, None
        if store is not None:
            with suppress(Exception):
                store.close()


class SharedStore(Store):
    """The local store in front of a :class:`PgStore`, with the outbox between them (see the
    module's notes).  Methods not overridden here (the deal cache) stay local to the host.

    The database is reached from a thread of its own (:class:`_Attempt`); the local SQLite
    connection is only ever used from the caller's thread.  Each statement on the database
    waits at most ``query_timeout`` seconds: one that gets no answer counts as the database
    gone, exactly like a refused connection."""

    def __init__(self, url: str, local: Store, player: str | None = None,
                 retry: float = RETRY_SECONDS, query_timeout: float = QUERY_TIMEOUT) -> None:
        super().__init__(local.path, local._conn, local.notices, player or local.player)
        self.local = local
        local.player = self.player
        self.url = url
        self.retry = retry
        self.query_timeout = query_timeout
        self.remote: PgStore | None = None
        self._attempt: _Attempt | None = None
        self._next_try = 0.0
        self._failures = 0
        self._offline_told = False
        if not self._connect(START_WAIT) and self._attempt is not None:
            self._tell_offline(f"no answer from {self.where} in {START_WAIT:g} s")
        self._flush()

    @property
    def where(self) -> str:
        return safe_url(self.url)

    @property
    def online(self) -> bool:
        """Whether the database is reached and nothing waits to be sent to it."""
        return self.remote is not None and not self.remote.broken and self.pending() == 0

    def pending(self) -> int:
        """How many writes wait in the outbox."""
        return int(self.local._x("SELECT COUNT(*) FROM outbox WHERE player = ?",
                                 (self.player,)).fetchone()[0])

    # -- the connection --------------------------------------------------------------------
    def _connect(self, wait: float = CONNECT_GRACE) -> bool:
        """Whether the database is connected.  When it is not and a try is due, start one
        and wait for it up to ``wait`` seconds; a try under way is never waited for (a call
        after it ends picks its connection up)."""
        if self.remote is not None and not self.remote.broken:
            return True
        if self.remote is not None:
            self._drop(None)
        attempt = self._attempt
        if attempt is None:
            if time.monotonic() < self._next_try:
                return False
            attempt = self._attempt = _Attempt(self.url, self.player, self.query_timeout)
        else:
            wait = 0.0
        if not attempt.done.wait(wait):
            return False
        self._attempt = None
        if attempt.store is None:
            self._failures += 1
            self._next_try = time.monotonic() + min(RETRY_MAX,
                                                    self.retry * 2 ** (self._failures - 1))
            self._tell_offline(str(attempt.error))
            return False
        self.remote = attempt.store
        self._failures = 0
        if self._offline_told and self.pending() == 0:
            self._offline_told = False
            self.notice("The shared database is back.")
        return True

    def _drop(self, exc: BaseException | None) -> None:
        if self.remote is not None:
            with suppress(Exception):  # closing a broken connection may fail any way
                self.remote.close()
        self.remote = None
        self._next_try = time.monotonic() + self.retry
        if exc is not None:
            self._tell_offline(_first_line(exc))

    def _tell_offline(self, why: str) -> None:
        if not self._offline_told:
            self._offline_told = True
            self.notice(f"The shared database cannot be reached ({why}). Your games are kept "
                        "on this server and sent when it is back.")

    def _read(self, fn: Callable[[Store], T]) -> T:
        """``fn`` on the database when it is reached and up to date (what waits is sent
        first), else on the local copy."""
        if self._connect() and self.pending():
            self._flush()
        if self.remote is not None and not self.remote.broken and self.pending() == 0:
            remote = self.remote
            assert remote is not None
            caught: tuple[type[Exception], ...] = (*remote.errors, StoreError)
            try:
                return fn(remote)
            except caught as exc:
                if not remote.lost(exc):
                    raise
                self._drop(exc)
        return fn(self.local)

    # -- the outbox ------------------------------------------------------------------------
    def _send(self, op: str, args: dict[str, Any], local: Callable[[], T]) -> tuple[T, Any]:
        """Put a write in the outbox, apply it here, then send what waits.  Returns the local
        answer and the database's (None when it was not sent now)."""
        with self.local._write():
            cur = self.local._x("INSERT INTO outbox (player, op, args, at) VALUES (?, ?, ?, ?)",
                                (self.player, op, json.dumps(args), time.time()))
            op_id = int(cur.lastrowid)
        mine = local()
        return mine, self._flush().get(op_id)

    def sync(self) -> None:
        if self.pending():
            self._flush()

    def _flush(self) -> dict[int, Any]:
        """Send the outbox in order; the answers of the entries sent, by id."""
        answers: dict[int, Any] = {}
        if not self.pending() or not self._connect():
            return answers
        remote = self.remote
        assert remote is not None
        sent = 0
        with self.local._write():
            rows = self.local._x("SELECT id, op, args FROM outbox WHERE player = ? ORDER BY id",
                                 (self.player,)).fetchall()
            for op_id, op, args in rows:
                try:
                    answers[int(op_id)] = _apply(remote, str(op), json.loads(args))
                except Exception as exc:
                    if remote.lost(exc):
                        self._drop(exc)
                        break
                    # a write the database refuses (e.g. a name taken meanwhile) or that does
                    # not read back is kept aside, never silently dropped, and never blocks
                    # the entries after it
                    self.local._x("INSERT INTO set_aside (player, data, reason, at) "
                                  "VALUES (?, ?, ?, ?)", (self.player, args,
                                                          f"not sent ({op}): {exc}", time.time()))
                    self.notice(f"A change could not be sent to the shared database: {exc}")
                self.local._x("DELETE FROM outbox WHERE id = ?", (op_id,))
                sent += 1
        if self._offline_told and self.remote is not None and not self.pending():
            self._offline_told = False
            self.notice(f"The shared database is back: {sent} change{'s' * (sent != 1)} sent.")
        return answers

    # -- writes ------------------------------------------------------------------------------
    def save_text(self, data: str, slot: str, updated: float) -> None:
        self._send("save", {"data": data, "slot": slot, "updated": updated},
                   lambda: self.local.save_text(data, slot, updated))

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        self._send("aside", {"reason": reason, "slot": slot},
                   lambda: self.local.set_aside_current(reason, slot))

    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        import secrets

        token = token or secrets.token_hex(12)
        args = {"data": saved.to_json(), "slot": slot, "token": token,
                "result": None if result is None else _result_json(result)}
        mine, theirs = self._send("finish", args,
                                  lambda: self.local.finish_current(saved, slot, result, token))
        return bool(mine if theirs is None else theirs)

    def set_name(self, name: str) -> None:
        check_name(name)
        if self._connect():  # a name is checked against everyone's at once, when it can be
            assert self.remote is not None
            try:
                self.remote.set_name(name)
            except StoreOffline as exc:
                self._drop(exc)
            else:
                self.local.set_name(name)
                return
        self._send("name", {"name": name}, lambda: self.local.set_name(name))

    # -- reads -------------------------------------------------------------------------------
    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        return self._read(lambda s: s.current_text(slot))

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        return self._read(lambda s: s.current_version(slot))

    def slots(self, prefix: str = "") -> list[str]:
        return self._read(lambda s: s.slots(prefix))

    def set_aside_count(self) -> int:
        return self._read(lambda s: s.set_aside_count())

    def finished_count(self) -> int:
        return self._read(lambda s: s.finished_count())

    def finished_games(self) -> list[FinishedGame]:
        return self._read(lambda s: s.finished_games())

    def results(self, since: date | None = None, until: date | None = None) -> list[DailyResult]:
        return self._read(lambda s: s.results(since, until))

    def name(self) -> str | None:
        return self._read(lambda s: s.name())

    def leaderboard(self, day: date, kind: str, limit: int = 10) -> Leaderboard:
        return self._read(lambda s: s.leaderboard(day, kind, limit))

    def close(self) -> None:
        if self._attempt is not None:
            self._attempt.abandon()
            self._attempt = None
        if self.remote is not None:
            self._drop(None)
        self.local.close()


def _result_json(result: DailyResult) -> dict[str, Any]:
    data = asdict(result)
    data["day"] = result.day.isoformat()
    return data


def _apply(remote: PgStore, op: str, args: dict[str, Any]) -> Any:
    """One outbox entry, in the database."""
    if op == "save":
        remote.save_text(str(args["data"]), str(args["slot"]), float(args["updated"]))
        return None
    if op == "aside":
        remote.set_aside_current(str(args["reason"]), str(args["slot"]))
        return None
    if op == "finish":
        saved = SavedGame.from_json(args["data"])
        res = args.get("result")
        result = None if res is None else DailyResult(**{**res, "day": date.fromisoformat(
            res["day"])})
        return remote.finish_current(saved, str(args["slot"]), result, str(args["token"]))
    if op == "name":
        try:
            remote.set_name(str(args["name"]))
        except NameError_ as exc:
            raise StoreError(str(exc)) from exc
        return None
    raise StoreError(f"unknown outbox entry {op!r}")


def open_shared(url: str, home: Path | None = None, player: str | None = None) -> Store:
    """The store of a ``postgresql://`` URL: a :class:`SharedStore` over the local store in
    ``home``.  Never raises: a database that cannot be reached is a notice."""
    local = Store.open(home, player)
    try:
        _psycopg()
    except StoreError as exc:
        local.notices.append(f"{exc}; games are kept on this machine only.")
        return local
    return SharedStore(url, local, player)
