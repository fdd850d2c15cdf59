"""One writer per game: two apps on one store and one game, on SQLite and on PostgreSQL (the
second app takes the game over; the first is fenced off, its refused moves set aside), a
writer that died, and the version-3 file of the last release migrated with nothing lost."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzleterm.store import DB_NAME, MAIN_SLOT, Claim, GameOpenElsewhere, SqliteStore
from puzzleterm.store.claims import CLAIM_STALE, this_host
from puzzleterm.store.schema import SCHEMA_VERSION, free_slot
from tests import pgserver
from tests.pgserver import StoreFactory
from tests.test_store_v2 import saved

stores = pgserver.stores  # the fixture: each test below runs on SQLite and on PostgreSQL

SLOT = free_slot("sudoku", "9x9")
V3 = Path(__file__).parent / "data" / "store-v3.sqlite3"


def _refused(store: object, moves: tuple[str, ...], heard: list[str]) -> bool:
    """Save ``moves`` from an app whose game was taken over: refused at once (the local
    file knows the claim) or, on the shared store, when the database refuses it (a notice)."""
    try:
        store.save_current(saved(moves), SLOT)  # type: ignore[attr-defined]
    except GameOpenElsewhere as exc:
        assert "opened in another puzzleterm" in str(exc)
        return True
    return any("opened in another puzzleterm" in h for h in heard)


def test_the_second_app_takes_the_game_over_and_no_move_is_lost(stores: StoreFactory) -> None:
    a, b = stores(), stores()
    heard: list[str] = []
    a.listener = heard.append
    assert a.claim(SLOT) is None
    a.save_current(saved(("r1c1=4",)), SLOT)
    before = b.claim(SLOT)  # the second app continues the same game
    assert isinstance(before, Claim) and before.live() and before.pid > 0
    assert "another puzzleterm on this machine" in before.describe()
    assert b.load_current(SLOT) == saved(("r1c1=4",))  # with every move of the first
    b.save_current(saved(("r1c1=4", "r1c2=5")), SLOT)
    assert _refused(a, ("r1c1=4", "r9c9=1"), heard)  # the first app's later move...
    assert b.load_current(SLOT) == saved(("r1c1=4", "r1c2=5"))  # ...does not overwrite
    assert b.set_aside_count() >= 1  # ...and is kept aside, not dropped
    b.save_current(saved(("r1c1=4", "r1c2=5", "r1c3=6")), SLOT)
    assert b.load_current(SLOT) == saved(("r1c1=4", "r1c2=5", "r1c3=6"))


def test_an_app_taken_over_stays_fenced_after_the_other_lets_go(stores: StoreFactory) -> None:
    a, b = stores(), stores()
    heard: list[str] = []
    a.listener = heard.append
    a.claim(SLOT)
    a.save_current(saved(("r1c1=4",)), SLOT)
    b.claim(SLOT)
    b.save_current(saved(("r1c1=4", "r1c2=5")), SLOT)
    b.release(SLOT)  # the player went home in the second app
    assert _refused(a, ("r1c1=4", "r9c9=1"), heard)
    assert b.load_current(SLOT) == saved(("r1c1=4", "r1c2=5"))
    assert a.claim(SLOT) is not None  # opening it again in the first app takes it back
    a.save_current(saved(("r1c1=4", "r1c2=5", "r1c3=6")), SLOT)
    assert b.load_current(SLOT) == saved(("r1c1=4", "r1c2=5", "r1c3=6"))


def test_a_claim_let_go_or_finished_is_not_reported_as_live(stores: StoreFactory) -> None:
    a, b = stores(), stores()
    a.claim(SLOT)
    a.save_current(saved(), SLOT)
    a.release(SLOT)
    before = b.claim(SLOT)
    assert before is not None and before.released and not before.live()
    b.finish_current(saved(("r1c1=4", "auto")), SLOT)
    again = a.claim(SLOT)
    assert again is not None and not again.live()


_DIES = """
import os, sys
from pathlib import Path
from puzzleterm.play import SavedGame
from puzzleterm.store import open_store
store = open_store(sys.argv[1], Path(sys.argv[2]))
store.claim(sys.argv[4])
store.save_current(SavedGame.from_json(__import__("json").loads(sys.argv[3])), sys.argv[4])
os._exit(0)  # killed: no release
"""


def test_a_writer_that_died_never_locks_its_game(stores: StoreFactory) -> None:
    import json

    home = stores.home(None)
    data = json.dumps(saved(("r1c1=4",)).to_json())
    subprocess.run([sys.executable, "-c", _DIES, stores.url or "sqlite", str(home), data,
                    SLOT],
                   check=True, timeout=120)
    b = stores()
    before = b.claim(SLOT)
    assert before is not None and not before.live()  # its process is gone
    assert b.load_current(SLOT) == saved(("r1c1=4",))
    b.save_current(saved(("r1c1=4", "r1c2=5")), SLOT)
    assert b.load_current(SLOT) == saved(("r1c1=4", "r1c2=5"))


def test_a_claim_of_another_host_is_live_until_its_heartbeat_is_stale() -> None:
    now = time.time()
    there = Claim(SLOT, "abc", "elsewhere.example", 1, now - 60, now - 5)
    assert there.live(now) and "on elsewhere.example" in there.describe()
    assert not there.live(now + CLAIM_STALE)
    here = Claim(SLOT, "abc", this_host(), 2 ** 22 + 12345, now, now)  # no such process
    assert not here.live(now)


def test_unclaimed_saves_write_as_before(stores: StoreFactory) -> None:
    a, b = stores(), stores()
    a.save_current(saved(("r1c1=4",)), SLOT)
    b.save_current(saved(("r1c1=4", "r1c2=5")), SLOT)
    a.save_current(saved(("r1c1=4", "r9c9=1")), SLOT)
    assert b.load_current(SLOT) == saved(("r1c1=4", "r9c9=1"))


def test_the_version_3_file_is_migrated_with_nothing_lost(tmp_path: Path) -> None:
    """``store-v3.sqlite3`` was written by the release before this schema (its README says
    how): its free games move to the slots of their kinds, the save that does not read is
    set aside, everything else stays as it was."""
    shutil.copy(V3, tmp_path / DB_NAME)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        rows = {(p, s): (d, v) for p, s, d, v in
                conn.execute("SELECT player, slot, data, version FROM games")}
        finished = conn.execute("SELECT * FROM finished").fetchall()
        names = conn.execute("SELECT * FROM players").fetchall()
    conn.close()
    assert len(rows) == 4 and sum(s == MAIN_SLOT for _p, s in rows) == 3
    store = SqliteStore.open(tmp_path)
    assert store.notices == []
    after = store.tables.conn
    assert int(after.execute("PRAGMA user_version").fetchone()[0]) == SCHEMA_VERSION
    moved = {(p, s): (d, v) for p, s, d, v in
             after.execute("SELECT player, slot, data, version FROM games")}
    daily = [k for k in rows if k[1].startswith("daily:")]
    assert len(daily) == 1 and moved[daily[0]] == rows[daily[0]]
    assert moved[("local", SLOT)] == rows[("local", MAIN_SLOT)]
    assert moved[("key-SHA256:Bob", free_slot("latin", "5x5"))] == \
        rows[("key-SHA256:Bob", MAIN_SLOT)]
    assert len(moved) == 3  # the save that is not JSON...
    aside = after.execute("SELECT player, data FROM set_aside").fetchall()
    assert aside == [("key-SHA256:Cy", rows[("key-SHA256:Cy", MAIN_SLOT)][0])]  # ...is kept
    assert after.execute("SELECT * FROM finished").fetchall() == finished
    assert after.execute("SELECT player, name, updated FROM players").fetchall() == names
    game = store.load_current()  # the free game, as the app asks for it
    assert game is not None and game.kind == "sudoku" and store.read_slot() == SLOT
    assert store.claim(SLOT) is None
    store.save_current(game)
    store.close()


def test_two_hosts_on_one_database_fence_each_other(stores: StoreFactory) -> None:
    if stores.url is None:
        pytest.skip("two hosts share a PostgreSQL database, not a local file")
    a = stores(home=stores.root / "host-a")
    b = stores(home=stores.root / "host-b")
    heard: list[str] = []
    a.listener = heard.append
    a.claim(SLOT)
    a.save_current(saved(("r1c1=4",)), SLOT)
    before = b.claim(SLOT)
    assert before is not None and before.live()
    assert b.load_current(SLOT) == saved(("r1c1=4",))
    b.save_current(saved(("r1c1=4", "r1c2=5")), SLOT)
    assert _refused(a, ("r1c1=4", "r9c9=1"), heard)  # host A's local copy did not know
    assert b.load_current(SLOT) == saved(("r1c1=4", "r1c2=5"))
    assert b.set_aside_count() >= 1
