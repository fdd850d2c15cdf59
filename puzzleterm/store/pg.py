"""The store on PostgreSQL, for several ``puzzleterm serve`` hosts sharing one database.

:class:`PgStore` runs the store's statements (:mod:`.tables`) on one PostgreSQL connection:
the same schema, migrations and transactions as SQLite (see :mod:`.schema`); a migration
holds an advisory lock, so hosts starting together migrate once.  It has no outbox: what the
app uses is a :class:`~.shared.SharedStore`, which keeps the game going while the database is
away.

psycopg 3 is imported only when a ``postgresql://`` store is opened.  Each statement waits at
most ``query_timeout`` for its answer (:mod:`.guard`), after which the connection counts as
lost, as when the server refuses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from datetime import date
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from ..play import SavedGame
from .claims import CLAIM_BEAT, Claim, Owner
from .guard import GuardedConnection
from .records import (
    MAIN_SLOT,
    DailyResult,
    FinishedGame,
    Leaderboard,
    StoreError,
    StoreOffline,
    default_player,
    free_slot,
    free_slot_of,
)
from .schema import POSTGRES, SCHEMA_VERSION, migrate
from .tables import Tables, dump_saved, load_saved

#: the advisory lock held while migrating (any number, the same on every host)
MIGRATION_LOCK = 0x70757A7A
CONNECT_TIMEOUT = 3
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


def psycopg_module() -> Any:
    """psycopg 3, or :class:`StoreError` saying how to install it."""
    try:
        # optional (the pg extra) and slow to load: only a postgresql:// store imports it
        import psycopg
    except ImportError as exc:
        raise StoreError("a postgresql:// store needs psycopg 3: pip install "
                         "'puzzleterm[pg]'") from exc
    return psycopg


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


class PgStore:
    """The store's statements on one PostgreSQL connection (no outbox: see
    :class:`~.shared.SharedStore`).  Implements :class:`~.protocol.Store`; unlike a damaged
    SQLite file, a lost connection never reads as an empty store: reads raise the driver's
    error."""

    def __init__(self, conn: GuardedConnection, url: str, player: str | None = None) -> None:
        psycopg = psycopg_module()
        self.conn = conn
        self.url = url
        self.player = player or default_player()
        self.notices: list[str] = []
        self.listener: Callable[[str], None] | None = None
        self._idle = psycopg.pq.TransactionStatus.IDLE
        self._offline_errors = (psycopg.OperationalError, psycopg.InterfaceError)
        self.tables = Tables(conn, POSTGRES, (psycopg.Error,), self._failed,
                             self._in_transaction)
        #: this app, as its claims name it, and the slots it holds (see :mod:`.claims`)
        self.owner = Owner.here()
        self.claimed: set[str] = set()
        self._last_beat = 0.0

    @classmethod
    def connect(cls, url: str, player: str | None = None, timeout: float = CONNECT_TIMEOUT,
                query_timeout: float | None = None) -> PgStore:
        """Connect and bring the schema up to date; raises :class:`StoreOffline` when the
        server cannot be reached, :class:`StoreError` when it cannot be used.  Each statement
        after that waits at most ``query_timeout`` seconds for its answer (None: no limit;
        the migration is never limited, since it may wait for another host's)."""
        psycopg = psycopg_module()
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)),
                                   application_name="puzzleterm", keepalives_idle=10,
                                   keepalives_interval=5, keepalives_count=3,
                                   tcp_user_timeout=TCP_USER_TIMEOUT_MS)
        except psycopg.OperationalError as exc:
            raise StoreOffline(f"cannot reach {safe_url(url)}: {first_line(exc)}") from exc
        except (psycopg.Error, ValueError) as exc:  # a malformed URL, a bad option
            raise StoreError(f"cannot use {safe_url(url)}: {first_line(exc)}") from exc
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
        row = self.tables.run("SELECT max(version) FROM puzzleterm_schema").fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def _migrate(self) -> None:
        run = self.tables.run
        try:  # the usual case, without a lock: the schema is there already
            if run("SELECT to_regclass('puzzleterm_schema')").fetchone()[0] is not None \
                    and self._version() == SCHEMA_VERSION:
                return
        except self.tables.errors as exc:
            raise self._failed(exc) from exc
        with self.tables.write():
            run("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            run("CREATE TABLE IF NOT EXISTS puzzleterm_schema (version INTEGER NOT NULL)")
            version = self._version()
            if version > SCHEMA_VERSION:
                raise StoreError(f"the database {safe_url(self.url)} has schema {version}, "
                                 f"this puzzleterm reads {SCHEMA_VERSION}")
            if version < SCHEMA_VERSION:
                migrate(self.conn, version, POSTGRES)
                run("DELETE FROM puzzleterm_schema")
                run("INSERT INTO puzzleterm_schema (version) VALUES (?)", (SCHEMA_VERSION,))

    @property
    def where(self) -> str:
        return safe_url(self.url)

    @property
    def broken(self) -> bool:
        return bool(self.conn.closed or self.conn.broken)

    def _in_transaction(self) -> bool:
        return bool(self.conn.info.transaction_status != self._idle)

    def lost(self, exc: BaseException) -> bool:
        """Whether an error means the connection is gone (not a bad statement)."""
        return isinstance(exc, (*self._offline_errors, StoreOffline)) or self.broken

    def _failed(self, exc: Exception) -> StoreError:
        if self.lost(exc):
            return StoreOffline(f"lost {safe_url(self.url)}: {first_line(exc)}")
        return StoreError(f"could not save: {first_line(exc)}")

    def notice(self, text: str) -> None:
        self.notices.append(text)
        if self.listener is not None:
            self.listener(text)

    def sync(self) -> None:
        """Every write is in the database when it returns: nothing waits.  Renews the
        heartbeat of this app's claims (every :data:`CLAIM_BEAT` seconds)."""
        if self.claimed and time.monotonic() - self._last_beat >= CLAIM_BEAT:
            self._last_beat = time.monotonic()
            self.tables.beat(self.player, self.owner.token, time.time())

    def claim(self, slot: str) -> Claim | None:
        """Make this app the one writer of the game in ``slot`` (see :mod:`.claims`); the
        claim of another app it takes over, or None."""
        slot = self.read_slot(slot)
        before = self.tables.claim(self.player, slot, self.owner, time.time())
        self.claimed.add(slot)
        return before

    def release(self, slot: str) -> None:
        slot = self.read_slot(slot)
        if slot in self.claimed:
            self.claimed.discard(slot)
            self.tables.release(self.player, [slot], self.owner.token, time.time())

    def close(self) -> None:
        if self.claimed and not self.broken:
            with suppress(StoreError):
                self.tables.release(self.player, sorted(self.claimed), self.owner.token,
                                    time.time())
        self.claimed.clear()
        self.conn.close()

    # -- the Store protocol, on the database's tables ------------------------------------
    def read_slot(self, slot: str = MAIN_SLOT) -> str:
        if slot != MAIN_SLOT:
            return slot
        best = self.tables.latest_free(self.player)
        return best[0] if best is not None else MAIN_SLOT

    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        self.save_text(dump_saved(saved), slot, time.time())

    def save_text(self, data: str, slot: str, updated: float, owner: str | None = None) -> None:
        """Keep ``data`` in ``slot``, fenced by this app's claim when it holds one (or by
        ``owner``'s, for a write sent on another app's behalf)."""
        if slot == MAIN_SLOT:
            slot = free_slot_of(data) or slot
        if owner is None and slot in self.claimed:
            owner = self.owner.token
        self.tables.save_text(self.player, data, slot, updated, owner)

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        return self.tables.current_text(self.player, self.read_slot(slot))

    def current_version(self, slot: str = MAIN_SLOT) -> int:
        return self.tables.current_version(self.player, self.read_slot(slot))

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        return load_saved(self.current_text(slot))

    def slots(self, prefix: str = "") -> list[str]:
        return self.tables.slots(self.player, prefix)

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        self.tables.set_aside_current(self.player, reason, self.read_slot(slot))

    def set_aside_count(self) -> int:
        return self.tables.set_aside_count(self.player)

    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None,
                       owner: str | None = None) -> bool:
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        if owner is None and slot in self.claimed:
            owner = self.owner.token
        done = self.tables.finish_current(self.player, saved, slot, result, token, owner)
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
