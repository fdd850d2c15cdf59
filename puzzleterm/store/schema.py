"""The store's schema and its migrations, on SQLite (by ``PRAGMA user_version``) and on
PostgreSQL (by the one row of ``puzzleterm_schema``).

Version 1 (the first release) kept one game in progress (``current``, a single row) and the
``finished`` games.  Version 2 keeps games in progress per player and slot (``games``: the free
game in slot ``main``, each daily in ``daily:<date>:<kind>``), daily ``results`` written once per
player, date and kind, and a cache of ``dealt`` daily puzzles.  Opening a file runs the
migrations from its version up to :data:`SCHEMA_VERSION` in one transaction: a failure leaves
the file exactly as it was.

Version 3 adds what a shared database needs: a ``version`` counter on each game in progress
(bumped by every save: the last write wins), a ``token`` on finished games (so a finished game
sent twice, e.g. again after a lost connection, is kept once), ``players`` (the name a player
shows on the leaderboard), the ``outbox`` of writes not yet sent to PostgreSQL, and an index of
results by day for the leaderboard.

Version 4 adds ``claims`` (which app has each game in progress open, see :mod:`.claims`) and
keeps a free game in progress per kind and size: the free game's one slot ``main`` becomes
``free:<kind>:<params>`` (read from its save; a save that does not say its kind and size is
kept in ``set_aside``, never dropped).

Version 5 is the fair leaderboard: a result's ``unranked`` reason (``archive``: solved after
its day; ``too fast``: under the human floor; NULL: ranked when unassisted) and a name's
``skeleton`` (what it looks like, see :func:`~.records.skeleton`), unique, so that two names
that read alike cannot both be taken.  Names taken before have no skeleton (NULL) until they
are set again.

The same statements serve both back ends: they are written for SQLite and :class:`Dialect`
turns them into PostgreSQL's (``?`` parameters become ``%s``, ``REAL`` a double, an
``AUTOINCREMENT`` key a ``BIGSERIAL``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

SCHEMA_VERSION = 5
#: The player of a local run (``puzzleterm serve`` names each SSH player).
LOCAL_PLAYER = "local"
#: The free game in progress, as callers name it: saving, the slot of its kind and size;
#: reading, the latest free game.  (Before version 4, the one slot of the free game.)
MAIN_SLOT = "main"
#: Slots of free games start so, one per kind and size (dailies: ``daily:<date>:<kind>``).
FREE_PREFIX = "free:"


def free_slot(kind: str, params: str) -> str:
    """The slot of the free game of ``kind`` (its registry name) at ``params``:
    ``free:sudoku:9x9``."""
    return f"{FREE_PREFIX}{kind}:{params}"


def free_slot_of(data: object) -> str | None:
    """The slot of a free game's save (its JSON text), or None when the save does not name
    its kind and size."""
    try:
        record = json.loads(str(data))
    except (ValueError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    kind, params = record.get("kind"), record.get("params")
    if not isinstance(kind, str) or not isinstance(params, str) or not kind or not params:
        return None
    return free_slot(kind, params)

_V2 = """
CREATE TABLE games (
    player TEXT NOT NULL,
    slot TEXT NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (player, slot)
);
CREATE TABLE finished (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL DEFAULT 'local',
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    game_id TEXT NOT NULL,
    level TEXT,
    elapsed REAL NOT NULL,
    assisted INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    finished REAL NOT NULL,
    data TEXT NOT NULL,
    context TEXT
);
CREATE TABLE results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL,
    daily_date TEXT NOT NULL,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    level TEXT,
    seed_id TEXT NOT NULL,
    elapsed REAL NOT NULL,
    hints INTEGER NOT NULL,
    reveals INTEGER NOT NULL,
    checked INTEGER NOT NULL,
    assisted INTEGER NOT NULL,
    finished REAL NOT NULL,
    data TEXT NOT NULL,
    UNIQUE (player, daily_date, kind)
);
CREATE TABLE dealt (
    seed_id TEXT NOT NULL,
    version TEXT NOT NULL,
    game_id TEXT NOT NULL,
    grade TEXT,
    made REAL NOT NULL,
    PRIMARY KEY (seed_id, version)
);
CREATE TABLE set_aside (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL DEFAULT 'local',
    data TEXT NOT NULL,
    reason TEXT NOT NULL,
    at REAL NOT NULL
);
"""

#: Version 1 -> 2: the single ``current`` row becomes the local player's ``main`` slot; the
#: other tables gain a player column (every old row is the local player's).
_V1_TO_V2 = """
CREATE TABLE games (
    player TEXT NOT NULL,
    slot TEXT NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (player, slot)
);
INSERT INTO games (player, slot, data, updated) SELECT 'local', 'main', data, updated FROM current;
DROP TABLE current;
ALTER TABLE finished ADD COLUMN player TEXT NOT NULL DEFAULT 'local';
ALTER TABLE finished ADD COLUMN context TEXT;
ALTER TABLE set_aside ADD COLUMN player TEXT NOT NULL DEFAULT 'local';
CREATE TABLE results (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL,
    daily_date TEXT NOT NULL,
    kind TEXT NOT NULL,
    params TEXT NOT NULL,
    level TEXT,
    seed_id TEXT NOT NULL,
    elapsed REAL NOT NULL,
    hints INTEGER NOT NULL,
    reveals INTEGER NOT NULL,
    checked INTEGER NOT NULL,
    assisted INTEGER NOT NULL,
    finished REAL NOT NULL,
    data TEXT NOT NULL,
    UNIQUE (player, daily_date, kind)
);
CREATE TABLE dealt (
    seed_id TEXT NOT NULL,
    version TEXT NOT NULL,
    game_id TEXT NOT NULL,
    grade TEXT,
    made REAL NOT NULL,
    PRIMARY KEY (seed_id, version)
);
"""

#: Version 2 -> 3: what a shared database needs (see the module's notes).
_V2_TO_V3 = """
ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE finished ADD COLUMN token TEXT;
CREATE UNIQUE INDEX finished_token ON finished (token);
CREATE TABLE players (
    player TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE UNIQUE INDEX players_name ON players (lower(name));
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL,
    op TEXT NOT NULL,
    args TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX results_by_day ON results (daily_date, kind, elapsed)
"""

#: Version 3 -> 4: claims (one writer per game)
_V3_TO_V4 = """
CREATE TABLE claims (
    player TEXT NOT NULL,
    slot TEXT NOT NULL,
    owner TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    since REAL NOT NULL,
    beat REAL NOT NULL,
    released INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player, slot)
)
"""

#: Version 4 -> 5: the fair leaderboard (see the module's notes).
_V4_TO_V5 = """
ALTER TABLE results ADD COLUMN unranked TEXT;
ALTER TABLE players ADD COLUMN skeleton TEXT;
CREATE UNIQUE INDEX players_skeleton ON players (skeleton)
"""

_INDEXES = """
CREATE INDEX IF NOT EXISTS results_by_player ON results (player, daily_date);
CREATE INDEX IF NOT EXISTS finished_by_player ON finished (player, kind)
"""


class Executor(Protocol):
    """What a migration step needs of a connection."""

    def execute(self, sql: str, parameters: Any = ..., /) -> Any: ...


@dataclass(frozen=True)
class Dialect:
    """How one back end spells the shared SQL."""

    name: str
    #: the statement that starts a write transaction
    begin: str

    @property
    def postgres(self) -> bool:
        return self.name == "postgresql"

    @property
    def for_update(self) -> str:
        """What ends a SELECT that locks the rows it reads until the transaction ends (on
        SQLite the write transaction holds the whole file already)."""
        return " FOR UPDATE" if self.postgres else ""

    def query(self, sql: str) -> str:
        """A statement with ``?`` parameters, as this back end takes it."""
        if not self.postgres:
            return sql
        return sql.replace("%", "%%").replace("?", "%s")

    def ddl(self, sql: str) -> str:
        """A schema statement written for SQLite, as this back end takes it."""
        if not self.postgres:
            return sql
        sql = sql.replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGSERIAL PRIMARY KEY")
        return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


SQLITE = Dialect("sqlite", "BEGIN IMMEDIATE")
POSTGRES = Dialect("postgresql", "BEGIN")


class _Translating:
    """A connection whose schema statements go through a dialect."""

    def __init__(self, conn: Executor, dialect: Dialect) -> None:
        self.conn = conn
        self.dialect = dialect

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        return self.conn.execute(self.dialect.query(self.dialect.ddl(sql)), parameters)


def _script(conn: Executor, text: str) -> None:
    for statement in (s.strip() for s in text.split(";")):
        if statement:
            conn.execute(statement)


def _create(conn: Executor) -> int:
    _script(conn, _V2)
    return 2


def _v1_to_v2(conn: Executor) -> int:
    _script(conn, _V1_TO_V2)
    return 2


def _v2_to_v3(conn: Executor) -> int:
    _script(conn, _V2_TO_V3)
    return 3


def _v3_to_v4(conn: Executor) -> int:
    _script(conn, _V3_TO_V4)
    rows = conn.execute("SELECT player, data, updated, version FROM games WHERE slot = ?",
                        (MAIN_SLOT,)).fetchall()
    for player, data, updated, version in rows:
        slot = free_slot_of(data)
        if slot is None:
            conn.execute("INSERT INTO set_aside (player, data, reason, at) VALUES (?, ?, ?, ?)",
                         (player, data, "did not say its kind and size when free games got a "
                                        "slot each", time.time()))
        else:
            conn.execute("INSERT INTO games (player, slot, data, updated, version) "
                         "VALUES (?, ?, ?, ?, ?)", (player, slot, data, updated, version))
        conn.execute("DELETE FROM games WHERE player = ? AND slot = ?", (player, MAIN_SLOT))
    return 4


def _v4_to_v5(conn: Executor) -> int:
    _script(conn, _V4_TO_V5)
    return 5


#: from-version -> the step that brings a database to a later version (0 is an empty one).
#: PostgreSQL databases start at 0 (there never was a version 1 there).
MIGRATIONS: dict[int, Callable[[Executor], int]] = {0: _create, 1: _v1_to_v2, 2: _v2_to_v3,
                                                    3: _v3_to_v4, 4: _v4_to_v5}


def migrate(conn: Executor, version: int, dialect: Dialect = SQLITE) -> None:
    """Bring ``conn`` from ``version`` to :data:`SCHEMA_VERSION`; the caller holds the
    transaction, so a failing step leaves nothing half done.  On SQLite the version is
    written here (``PRAGMA user_version``); on PostgreSQL the caller writes it."""
    target: Executor = conn if not dialect.postgres else _Translating(conn, dialect)
    while version < SCHEMA_VERSION:
        version = MIGRATIONS[version](target)
    _script(target, _INDEXES)
    if not dialect.postgres:
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
