"""The store's statements, the same on SQLite and on PostgreSQL.

:class:`Tables` runs them on one DB-API connection, through a
:class:`~.schema.Dialect` (how the back end spells them) and with the back end's own ways to
tell a failure and a transaction under way.  The SQLite and PostgreSQL back ends each own one
(composition: neither back end is built on the other).  Every write is one transaction: any
failure rolls it back and becomes a :class:`~.records.StoreError`, so the connection is never
left inside a transaction.  Reads raise the driver's error as it is: each back end decides
what a failed read means.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import date
from typing import Any

from ..play import SavedGame, SaveError
from .claims import RELEASED_KEPT, Claim, GameOpenElsewhere, Owner, taken_over
from .records import (
    DailyResult,
    FinishedGame,
    Leaderboard,
    LeaderRow,
    NameError_,
    StoreError,
    StoreOffline,
    check_name,
    display_name,
    reads_as_key,
    skeleton,
)
from .schema import FREE_PREFIX, MAIN_SLOT, Dialect


def dump_saved(saved: SavedGame) -> str:
    """A game in progress as the store keeps it."""
    return json.dumps(saved.to_json(), separators=(",", ":"))


def load_saved(text: str | None) -> SavedGame | None:
    """A game in progress from what the store kept (None: nothing); raises
    :class:`SaveError` when it does not read back."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the save is not valid JSON ({exc})") from exc
    return SavedGame.from_json(data)


@dataclass
class Tables:
    """The store's statements on ``conn``, for whichever player each call names."""

    conn: Any
    dialect: Dialect
    #: what a failed statement raises on this back end
    errors: tuple[type[Exception], ...]
    #: the :class:`StoreError` a failed write becomes
    failed: Callable[[Exception], StoreError]
    #: whether the connection is inside a transaction
    in_transaction: Callable[[], bool]

    def run(self, sql: str, params: Any = ()) -> Any:
        """Run one statement written with ``?`` parameters; the back end's cursor."""
        return self.conn.execute(self.dialect.query(sql), params)

    @contextmanager
    def write(self) -> Iterator[None]:
        """One transaction; any failure rolls it back (if the database has not already) and
        becomes a :class:`StoreError`."""
        self.rollback()  # never wedged by an earlier failure
        try:
            self.conn.execute(self.dialect.begin)
        except self.errors as exc:
            raise self.failed(exc) from exc
        try:
            yield
            self.conn.execute("COMMIT")
        except self.errors as exc:
            self.rollback()
            raise self.failed(exc) from exc
        except BaseException:
            self.rollback()
            raise

    def rollback(self) -> None:
        # SQLite may have rolled back by itself (disk full, I/O error): then there is nothing
        # to undo, and ROLLBACK would fail
        with suppress(*self.errors):
            if self.in_transaction():
                self.conn.execute("ROLLBACK")

    # -- claims: one writer per game (see :mod:`.claims`) ---------------------------------
    _CLAIM_COLUMNS = "owner, host, pid, since, beat, released"

    def _claim_of(self, player: str, slot: str) -> Claim | None:
        row = self.run(f"SELECT {self._CLAIM_COLUMNS} FROM claims WHERE player = ? AND "
                       f"slot = ?{self.dialect.for_update}", (player, slot)).fetchone()
        if row is None:
            return None
        owner, host, pid, since, beat, released = row
        return Claim(slot, str(owner), str(host), int(pid), float(since), float(beat),
                     bool(released))

    def claim(self, player: str, slot: str, owner: Owner, now: float) -> Claim | None:
        """Make ``owner`` the one writer of ``slot``; the claim it takes over (another
        app's, in whatever state), or None."""
        with self.write():
            before = self._claim_of(player, slot)
            self.run(
                "INSERT INTO claims (player, slot, owner, host, pid, since, beat, released) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0) ON CONFLICT(player, slot) DO UPDATE SET "
                "owner = excluded.owner, host = excluded.host, pid = excluded.pid, "
                "since = excluded.since, beat = excluded.beat, released = 0",
                (player, slot, owner.token, owner.host, owner.pid, now, now))
            self.run("DELETE FROM claims WHERE player = ? AND released = 1 AND beat < ?",
                     (player, now - RELEASED_KEPT))
        return None if before is None or before.owner == owner.token else before

    def release(self, player: str, slots: list[str], owner: str, now: float) -> None:
        """Let ``slots`` go (those ``owner`` still holds)."""
        with self.write():
            for slot in slots:
                self.run("UPDATE claims SET released = 1, beat = ? WHERE player = ? AND "
                         "slot = ? AND owner = ?", (now, player, slot, owner))

    def beat(self, player: str, owner: str, now: float) -> None:
        """Renew the heartbeat of ``owner``'s claims."""
        with self.write():
            self.run("UPDATE claims SET beat = ? WHERE player = ? AND owner = ? AND "
                     "released = 0", (now, player, owner))

    def _check_claim(self, player: str, slot: str, owner: str, now: float) -> None:
        """Inside a write: raise :class:`GameOpenElsewhere` unless ``owner`` holds ``slot``
        (and renew its heartbeat)."""
        claim = self._claim_of(player, slot)
        if claim is None or claim.owner != owner:
            raise taken_over(claim)
        self.run("UPDATE claims SET beat = ? WHERE player = ? AND slot = ?", (now, player, slot))

    def _fenced(self, player: str, data: str, slot: str, exc: GameOpenElsewhere) -> None:
        """A write refused by the claim is kept aside, never dropped."""
        with suppress(StoreError), self.write():
            self.set_aside(player, data, f"not saved in {slot}: {exc}")

    # -- games in progress ----------------------------------------------------------------
    def save_text(self, player: str, data: str, slot: str, updated: float,
                  owner: str | None = None) -> None:
        """Keep ``data`` as the game in ``slot``.  With ``owner``, only while that app holds
        the slot's claim (else :class:`GameOpenElsewhere`, the data kept aside).  Without:
        two writers of one slot (the same player in two places), the last write wins; each
        write bumps the row's ``version``.  Finished games and results are other rows, which
        no save can overwrite."""
        try:
            self._save_text(player, data, slot, updated, owner)
        except GameOpenElsewhere as exc:
            self._fenced(player, data, slot, exc)
            raise

    def _save_text(self, player: str, data: str, slot: str, updated: float,
                   owner: str | None) -> None:
        with self.write():
            if owner is not None:
                self._check_claim(player, slot, owner, time.time())
            self.run(
                "INSERT INTO games (player, slot, data, updated) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(player, slot) DO UPDATE SET data = excluded.data, "
                "updated = excluded.updated, version = games.version + 1",
                (player, slot, data, updated),
            )

    def latest_free(self, player: str) -> tuple[str, float] | None:
        """The slot of the player's latest free game and when it was saved, or None."""
        row = self.run("SELECT slot, updated FROM games WHERE player = ? AND (slot = ? OR "
                       "slot LIKE ?) ORDER BY updated DESC, slot LIMIT 1",
                       (player, MAIN_SLOT, FREE_PREFIX + "%")).fetchone()
        return (str(row[0]), float(row[1])) if row else None

    def current_text(self, player: str, slot: str) -> str | None:
        row = self.run("SELECT data FROM games WHERE player = ? AND slot = ?",
                       (player, slot)).fetchone()
        return str(row[0]) if row else None

    def current_version(self, player: str, slot: str) -> int:
        row = self.run("SELECT version FROM games WHERE player = ? AND slot = ?",
                       (player, slot)).fetchone()
        return int(row[0]) if row else 0

    def slots(self, player: str, prefix: str) -> list[str]:
        rows = self.run("SELECT slot FROM games WHERE player = ? ORDER BY slot",
                        (player,)).fetchall()
        return [str(r[0]) for r in rows if str(r[0]).startswith(prefix)]

    def set_aside_current(self, player: str, reason: str, slot: str) -> None:
        with self.write():
            row = self.run("SELECT data FROM games WHERE player = ? AND slot = ?",
                           (player, slot)).fetchone()
            if row is not None:
                self.set_aside(player, str(row[0]), reason)
                self.run("DELETE FROM games WHERE player = ? AND slot = ?", (player, slot))

    def set_aside(self, player: str, data: str, reason: str) -> None:
        """Keep ``data`` in ``set_aside`` (inside the caller's transaction)."""
        self.run("INSERT INTO set_aside (player, data, reason, at) VALUES (?, ?, ?, ?)",
                 (player, data, reason, time.time()))

    def set_aside_count(self, player: str) -> int:
        return int(self.run("SELECT COUNT(*) FROM set_aside WHERE player = ?",
                            (player,)).fetchone()[0])

    # -- finished games -------------------------------------------------------------------
    def finish_current(self, player: str, saved: SavedGame, slot: str,
                       result: DailyResult | None, token: str | None,
                       owner: str | None = None) -> bool:
        """Record a finished game (and its daily result, if any) and clear its slot, in one
        transaction.  Returns False when the daily already had a result (kept as it was:
        a result is written once).  A finished game is kept once per ``token`` (a new one
        when not given), so sending the same one again changes nothing.  With ``owner``,
        only while that app holds the slot's claim (which is then let go)."""
        token = token or secrets.token_hex(12)
        data = dump_saved(saved)
        try:
            return self._finish(player, saved, data, slot, result, token, owner)
        except GameOpenElsewhere as exc:
            self._fenced(player, data, slot, exc)
            raise

    def _finish(self, player: str, saved: SavedGame, data: str, slot: str,
                result: DailyResult | None, token: str, owner: str | None) -> bool:
        with self.write():
            if owner is not None:
                now = time.time()
                self._check_claim(player, slot, owner, now)
                self.run("UPDATE claims SET released = 1 WHERE player = ? AND slot = ?",
                         (player, slot))
            self.run(
                "INSERT INTO finished (player, kind, params, game_id, level, elapsed, assisted, "
                "hints, finished, data, context, token) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?) ON CONFLICT DO NOTHING",
                (player, saved.kind, saved.params, saved.game_id, saved.level,
                 saved.elapsed, int(saved.assisted), saved.hints_used, time.time(), data,
                 saved.context, token),
            )
            self.run("DELETE FROM games WHERE player = ? AND slot = ?", (player, slot))
            if result is None:
                return True
            return self._insert_result(player, result, data)

    def add_result(self, player: str, result: DailyResult, data: str) -> bool:
        """Keep a daily result alone (a host's board: the game is kept elsewhere); False when
        the day and kind had one already (kept as it was)."""
        with self.write():
            return self._insert_result(player, result, data)

    def _insert_result(self, player: str, result: DailyResult, data: str) -> bool:
        cur = self.run(
            "INSERT INTO results (player, daily_date, kind, params, level, "
            "seed_id, elapsed, hints, reveals, checked, assisted, finished, data, "
            "unranked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (player, result.day.isoformat(), result.kind, result.params, result.level,
             result.seed_id, result.elapsed, result.hints, result.reveals,
             int(result.checked), int(result.assisted), result.finished, data,
             result.unranked),
        )
        return bool(cur.rowcount == 1)

    def finished_count(self, player: str) -> int:
        return int(self.run("SELECT COUNT(*) FROM finished WHERE player = ?",
                            (player,)).fetchone()[0])

    def finished_games(self, player: str) -> list[FinishedGame]:
        rows = self.run(
            "SELECT kind, params, level, elapsed, assisted, finished, context FROM finished "
            "WHERE player = ? ORDER BY finished, id", (player,)).fetchall()
        return [FinishedGame(str(k), str(p), lv, float(e), bool(a), float(f), c)
                for k, p, lv, e, a, f, c in rows]

    # -- daily results ----------------------------------------------------------------------
    def results(self, player: str, since: date | None, until: date | None,
                ) -> list[DailyResult]:
        lo = (since or date.min).isoformat()
        hi = (until or date.max).isoformat()
        rows = self.run(
            "SELECT daily_date, kind, params, level, seed_id, elapsed, hints, reveals, checked, "
            "assisted, finished, unranked FROM results WHERE player = ? AND daily_date "
            "BETWEEN ? AND ? ORDER BY daily_date, kind", (player, lo, hi)).fetchall()
        return [DailyResult(date.fromisoformat(d), str(k), str(p), lv, str(s), float(e),
                            int(h), int(r), bool(c), bool(a), float(f), u)
                for d, k, p, lv, s, e, h, r, c, a, f, u in rows]

    # -- names and the leaderboard ----------------------------------------------------------
    def name(self, player: str) -> str | None:
        row = self.run("SELECT name FROM players WHERE player = ?", (player,)).fetchone()
        return str(row[0]) if row else None

    def set_name(self, player: str, name: str) -> None:
        """Take ``name``; raises :class:`NameError_` when it is malformed, another player's
        (names are told apart by their :func:`skeleton`: case and look-alikes aside), or can
        be read as the shown fingerprint of a key on this board."""
        name = check_name(name)
        try:
            with self.write():  # the check and the write in one transaction
                known = self.run("SELECT player FROM players UNION SELECT player FROM "
                                 "results").fetchall()
                if reads_as_key(name, (str(p) for (p,) in known if str(p) != player)):
                    raise NameError_(f"{name!r} reads like another player's key; choose "
                                     "another name")
                self.run("INSERT INTO players (player, name, updated, skeleton) "
                         "VALUES (?, ?, ?, ?) ON CONFLICT(player) DO UPDATE SET "
                         "name = excluded.name, updated = excluded.updated, "
                         "skeleton = excluded.skeleton",
                         (player, name, time.time(), skeleton(name)))
        except StoreError as exc:
            if isinstance(exc, StoreOffline) or "unique" not in str(exc).lower():
                raise
            raise NameError_(f"the name {name!r} is taken (or one that reads like it)") from exc

    def leaderboard(self, player: str, day: date, kind: str, limit: int) -> Leaderboard:
        """The fastest unassisted (no hints, no reveals) results of ``kind`` solved on
        ``day`` itself, not under the floor: the first ``limit``, how many are ranked, and
        ``player``'s own place; and apart, the unassisted ones not ranked (archive, too
        fast).  Guests are not ranked; ties go to who finished first."""
        fair = ("FROM results r LEFT JOIN players p ON p.player = r.player WHERE "
                "r.daily_date = ? AND r.kind = ? AND r.assisted = 0 AND r.reveals = 0 "
                "AND r.hints = 0 AND r.player NOT LIKE 'guest-%'")
        ranked = f"{fair} AND r.unranked IS NULL"
        args = (day.isoformat(), kind)
        order = "ORDER BY r.elapsed, r.finished, r.player LIMIT ?"
        rows = self.run(f"SELECT r.player, p.name, r.elapsed {ranked} {order}",
                        (*args, limit)).fetchall()
        total = int(self.run(f"SELECT COUNT(*) {ranked}", args).fetchone()[0])
        top = tuple(LeaderRow(i + 1, str(p), display_name(str(p), n), float(e))
                    for i, (p, n, e) in enumerate(rows))
        others = self.run(f"SELECT r.player, p.name, r.elapsed, r.unranked {fair} AND "
                          f"r.unranked IS NOT NULL {order}", (*args, limit)).fetchall()
        apart = tuple(LeaderRow(0, str(p), display_name(str(p), n), float(e), str(u))
                      for p, n, e, u in others)
        mine = self.run(f"SELECT r.elapsed, r.finished {ranked} AND r.player = ?",
                        (*args, player)).fetchone()
        place = None
        if mine is not None:
            e, f = float(mine[0]), float(mine[1])
            ahead = self.run(
                f"SELECT COUNT(*) {ranked} AND (r.elapsed < ? OR (r.elapsed = ? AND "
                "(r.finished < ? OR (r.finished = ? AND r.player < ?))))",
                (*args, e, e, f, f, player)).fetchone()[0]
            place = int(ahead) + 1
        return Leaderboard(day, kind, top, total, place, apart)

    # -- the cache of dealt daily puzzles ---------------------------------------------------
    def cached_deal(self, seed_id: str, version: str) -> tuple[str, str | None] | None:
        """``(game_id, grade JSON)`` of a puzzle dealt before from ``seed_id`` by generator
        ``version``, or None (also when it cannot be read: it is dealt again)."""
        try:
            row = self.run("SELECT game_id, grade FROM dealt WHERE seed_id = ? AND version = ?",
                           (seed_id, version)).fetchone()
        except self.errors:
            return None
        return (str(row[0]), row[1]) if row else None

    def cache_deal(self, seed_id: str, version: str, game_id: str, grade: str | None) -> None:
        with self.write():
            self.run(
                "INSERT INTO dealt (seed_id, version, game_id, grade, made) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT(seed_id, version) DO UPDATE SET "
                "game_id = excluded.game_id, grade = excluded.grade, made = excluded.made",
                (seed_id, version, game_id, grade, time.time()))
