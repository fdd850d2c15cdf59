"""The store's schema and its migrations, by ``PRAGMA user_version``.

Version 1 (the first release) kept one game in progress (``current``, a single row) and the
``finished`` games.  Version 2 keeps games in progress per player and slot (``games``: the free
game in slot ``main``, each daily in ``daily:<date>:<kind>``), daily ``results`` written once per
player, date and kind, and a cache of ``dealt`` daily puzzles.  Opening a file runs the
migrations from its version up to :data:`SCHEMA_VERSION` in one transaction: a failure leaves
the file exactly as it was.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

SCHEMA_VERSION = 2
#: The player of a local run (``puzzleterm serve`` names each SSH player).
LOCAL_PLAYER = "local"

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

_INDEXES = """
CREATE INDEX IF NOT EXISTS results_by_player ON results (player, daily_date);
CREATE INDEX IF NOT EXISTS finished_by_player ON finished (player, kind)
"""


def _script(conn: sqlite3.Connection, text: str) -> None:
    for statement in (s.strip() for s in text.split(";")):
        if statement:
            conn.execute(statement)


def _create(conn: sqlite3.Connection) -> int:
    _script(conn, _V2)
    return 2


def _v1_to_v2(conn: sqlite3.Connection) -> int:
    _script(conn, _V1_TO_V2)
    return 2


#: from-version -> the step that brings a file to a later version (0 is an empty file).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], int]] = {0: _create, 1: _v1_to_v2}


def migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring ``conn`` from ``version`` to :data:`SCHEMA_VERSION`; the caller holds the
    transaction, so a failing step leaves nothing half done."""
    while version < SCHEMA_VERSION:
        version = MIGRATIONS[version](conn)
    _script(conn, _INDEXES)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
