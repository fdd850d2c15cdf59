"""The shared store: PostgreSQL behind a local SQLite outbox, for several ``puzzleterm serve``
hosts sharing one database (``--store postgresql://...`` or ``$PUZZLETERM_STORE``).

A :class:`SharedStore` holds the player's local SQLite store (in their home directory on this
host) and, when it is reached, a :class:`~.pg.PgStore`.  Every write is first put in the local
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
waits at most :data:`QUERY_TIMEOUT` for its answer (:mod:`.guard`), after which the database
counts as away, as when it refuses.

Which write wins for a game in progress: the last one the database commits (each bumps the
row's ``version``).  A finished result is a row of its own that no save can overwrite.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import asdict, replace
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

from ..play import SavedGame
from .claims import Claim, Owner
from .pg import PgStore, first_line, psycopg_module, safe_url
from .protocol import Store
from .records import (
    MAIN_SLOT,
    DailyResult,
    FinishedGame,
    Leaderboard,
    NameError_,
    StoreError,
    StoreOffline,
    check_name,
    free_slot,
    free_slot_of,
)
from .sqlite import SqliteStore
from .tables import dump_saved, load_saved

T = TypeVar("T")
#: seconds between tries to reach an unreachable database (doubling while it stays away, up
#: to :data:`RETRY_MAX`); a try runs on a thread of its own, so a host that does not answer
#: costs the game nothing (see :meth:`SharedStore._connect`)
RETRY_SECONDS = 5.0
RETRY_MAX = 60.0
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
            self.error = StoreError(f"cannot use {safe_url(url)}: {first_line(exc)}")
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


class SharedStore:
    """The local store in front of a :class:`PgStore`, with the outbox between them (see the
    module's notes).  Implements :class:`~.protocol.Store`; the deal cache stays local to the
    host.

    The database is reached from a thread of its own (:class:`_Attempt`); the local SQLite
    connection is only ever used from the caller's thread.  Each statement on the database
    waits at most ``query_timeout`` seconds: one that gets no answer counts as the database
    gone, exactly like a refused connection.  A call that starts a try waits ``grace``
    seconds for it."""

    def __init__(self, url: str, local: SqliteStore, player: str | None = None,
                 retry: float = RETRY_SECONDS, query_timeout: float = QUERY_TIMEOUT,
                 grace: float = CONNECT_GRACE) -> None:
        self.local = local
        self.player = local.player = player or local.player
        self.notices = local.notices
        self.listener: Callable[[str], None] | None = None
        self.url = url
        self.retry = retry
        self.query_timeout = query_timeout
        self.grace = grace
        self.remote: PgStore | None = None
        self._attempt: _Attempt | None = None
        self._next_try = 0.0
        self._failures = 0
        self._offline_told = False
        if not self._connect(START_WAIT) and self._attempt is not None:
            self._tell_offline(f"no answer from {self.where} in {START_WAIT:g} s")
        self._flush()

    @property
    def path(self) -> Path | None:
        """The local file in front of the database."""
        return self.local.path

    @property
    def where(self) -> str:
        return safe_url(self.url)

    def notice(self, text: str) -> None:
        """Tell the player something (now, when a listener is set; else at the next look)."""
        self.notices.append(text)
        if self.listener is not None:
            self.listener(text)

    @property
    def online(self) -> bool:
        """Whether the database is reached and nothing waits to be sent to it."""
        return self.remote is not None and not self.remote.broken and self.pending() == 0

    def pending(self) -> int:
        """How many writes wait in the outbox."""
        return int(self.local.tables.run("SELECT COUNT(*) FROM outbox WHERE player = ?",
                                         (self.player,)).fetchone()[0])

    # -- the connection --------------------------------------------------------------------
    def _connect(self, wait: float | None = None) -> bool:
        """Whether the database is connected.  When it is not and a try is due, start one
        and wait for it up to ``wait`` seconds (the store's ``grace``); a try under way is
        never waited for (a call after it ends picks its connection up)."""
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
        if not attempt.done.wait(self.grace if wait is None else wait):
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
            self._tell_offline(first_line(exc))

    def _tell_offline(self, why: str) -> None:
        if not self._offline_told:
            self._offline_told = True
            self.notice(f"The shared database cannot be reached ({why}). Your games are kept "
                        "on this server and sent when it is back.")

    def _read(self, fn: Callable[[Store], T]) -> T:
        """``fn`` on the database when it is reached and up to date (what waits is sent
        first), else on the local copy."""
        return self._read_where(fn)[0]

    def _read_where(self, fn: Callable[[Store], T]) -> tuple[T, bool]:
        """:meth:`_read`, and whether the answer came from the local copy."""
        if self._connect() and self.pending():
            self._flush()
        remote = self.remote
        if remote is not None and not remote.broken and self.pending() == 0:
            caught: tuple[type[Exception], ...] = (*remote.tables.errors, StoreError)
            try:
                return fn(remote), False
            except caught as exc:
                if not remote.lost(exc):
                    raise
                self._drop(exc)
        return fn(self.local), True

    # -- the outbox ------------------------------------------------------------------------
    def _send(self, op: str, args: dict[str, Any], local: Callable[[], T]) -> tuple[T, Any]:
        """Put a write in the outbox, apply it here, then send what waits.  Returns the local
        answer and the database's (None when it was not sent now)."""
        tables = self.local.tables
        with tables.write():
            cur = tables.run("INSERT INTO outbox (player, op, args, at) VALUES (?, ?, ?, ?)",
                             (self.player, op, json.dumps(args), time.time()))
            op_id = int(cur.lastrowid)
        mine = local()
        return mine, self._flush().get(op_id)

    def sync(self) -> None:
        """Send what waits in the outbox, when the database can be reached."""
        if self.pending():
            self._flush()

    def _flush(self) -> dict[int, Any]:
        """Send the outbox in order; the answers of the entries sent, by id."""
        answers: dict[int, Any] = {}
        if not self.pending() or not self._connect():
            return answers
        remote = self.remote
        assert remote is not None
        tables = self.local.tables
        sent = 0
        with tables.write():
            rows = tables.run("SELECT id, op, args FROM outbox WHERE player = ? ORDER BY id",
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
                    tables.set_aside(self.player, str(args), f"not sent ({op}): {exc}")
                    self.notice(f"A change could not be sent to the shared database: {exc}")
                tables.run("DELETE FROM outbox WHERE id = ?", (op_id,))
                sent += 1
        if self._offline_told and self.remote is not None and not self.pending():
            self._offline_told = False
            self.notice(f"The shared database is back: {sent} change{'s' * (sent != 1)} sent.")
        return answers

    # -- claims: one writer per game, on the database for every host ----------------------
    def _owner_of(self, slot: str) -> str | None:
        return self.local.owner.token if slot in self.local.claimed else None

    def claim(self, slot: str) -> Claim | None:
        """Claim the game here and in the database (through the outbox, so that the claim
        goes before this app's saves); the claim taken over (the database's when it was
        reached now, else the local file's), or None."""
        slot = self.read_slot(slot)
        owner = self.local.owner
        args = {"slot": slot, "owner": owner.token, "host": owner.host, "pid": owner.pid}
        mine, theirs = self._send("claim", args, lambda: self.local.claim(slot))
        return theirs if isinstance(theirs, Claim) else mine

    def release(self, slot: str) -> None:
        slot = self.read_slot(slot)
        if slot in self.local.claimed:
            self._send("release", {"slot": slot, "owner": self.local.owner.token},
                       lambda: self.local.release(slot))

    # -- writes ------------------------------------------------------------------------------
    def save_current(self, saved: SavedGame, slot: str = MAIN_SLOT) -> None:
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        self.save_text(dump_saved(saved), slot, time.time())

    def save_text(self, data: str, slot: str, updated: float) -> None:
        if slot == MAIN_SLOT:
            slot = free_slot_of(data) or slot
        self._send("save", {"data": data, "slot": slot, "updated": updated,
                            "owner": self._owner_of(slot)},
                   lambda: self.local.save_text(data, slot, updated))

    def set_aside_current(self, reason: str, slot: str = MAIN_SLOT) -> None:
        slot = self.read_slot(slot)
        self._send("aside", {"reason": reason, "slot": slot},
                   lambda: self.local.set_aside_current(reason, slot))

    def finish_current(self, saved: SavedGame, slot: str = MAIN_SLOT,
                       result: DailyResult | None = None, token: str | None = None) -> bool:
        token = token or secrets.token_hex(12)
        if slot == MAIN_SLOT:
            slot = free_slot(saved.kind, saved.params)
        args = {"data": saved.to_json(), "slot": slot, "token": token,
                "result": None if result is None else _result_json(result),
                "owner": self._owner_of(slot)}
        mine, theirs = self._send("finish", args,
                                  lambda: self.local.finish_current(saved, slot, result, token))
        return bool(mine if theirs is None else theirs)

    def set_name(self, name: str) -> None:
        name = check_name(name)
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
    def read_slot(self, slot: str = MAIN_SLOT) -> str:
        return slot if slot != MAIN_SLOT else self._read(lambda s: s.read_slot(slot))

    def current_text(self, slot: str = MAIN_SLOT) -> str | None:
        return self._read(lambda s: s.current_text(slot))

    def load_current(self, slot: str = MAIN_SLOT) -> SavedGame | None:
        return load_saved(self.current_text(slot))

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
        """The database's board; while it is away, this host's copy, marked pending (it
        lacks the other hosts' results, and ours may not be in yet)."""
        board, local = self._read_where(lambda s: s.leaderboard(day, kind, limit))
        return replace(board, pending=True) if local else board

    # -- the deal cache: this host's own ---------------------------------------------------
    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        return self.local.cached_deal(seed_id, version)

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        self.local.cache_deal(seed_id, version, game_id, grade)

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
    owner = args.get("owner")
    owner = None if owner is None else str(owner)
    if op == "save":
        remote.save_text(str(args["data"]), str(args["slot"]), float(args["updated"]), owner)
        return None
    if op == "claim":
        return remote.tables.claim(remote.player, str(args["slot"]),
                                   Owner(str(owner), str(args["host"]), int(args["pid"])),
                                   time.time())
    if op == "release":
        remote.tables.release(remote.player, [str(args["slot"])], str(owner), time.time())
        return None
    if op == "aside":
        remote.set_aside_current(str(args["reason"]), str(args["slot"]))
        return None
    if op == "finish":
        saved = SavedGame.from_json(args["data"])
        res = args.get("result")
        result = None if res is None else DailyResult(**{**res, "day": date.fromisoformat(
            res["day"])})
        return remote.finish_current(saved, str(args["slot"]), result, str(args["token"]),
                                     owner)
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
    local = SqliteStore.open(home, player)
    try:
        psycopg_module()
    except StoreError as exc:
        local.notices.append(f"{exc}; games are kept on this machine only.")
        return local
    return SharedStore(url, local, player)
