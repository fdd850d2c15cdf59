"""A free game in progress per kind and size, on SQLite and on PostgreSQL: starting another
kind keeps the first; the free game (``MAIN_SLOT``) reads as the latest."""

from __future__ import annotations

import time

from puzzleterm.play import SavedGame
from puzzleterm.store import MAIN_SLOT
from puzzleterm.store.schema import free_slot, free_slot_of
from tests import pgserver
from tests.pgserver import StoreFactory
from tests.test_store_v2 import saved

stores = pgserver.stores  # the fixture: each test below runs on SQLite and on PostgreSQL

LATIN = "latin:4x4:1...........3..."


def latin(moves: tuple[str, ...] = ()) -> SavedGame:
    return SavedGame(kind="latin", params="4x4", game_id=LATIN, moves=moves, pos=len(moves),
                     elapsed=5.0)


def test_two_kinds_in_progress_are_both_kept(stores: StoreFactory) -> None:
    store = stores()
    store.save_current(saved(("r1c1=4",)))
    time.sleep(0.01)  # saves are ordered by when they were made
    store.save_current(latin(("r1c2=2",)))  # another kind: the sudoku is not thrown away
    assert store.slots() == sorted([free_slot("latin", "4x4"), free_slot("sudoku", "9x9")])
    assert store.load_current(free_slot("sudoku", "9x9")) == saved(("r1c1=4",))
    assert store.load_current(free_slot("latin", "4x4")) == latin(("r1c2=2",))
    assert store.load_current() == latin(("r1c2=2",))  # the latest
    assert store.read_slot(MAIN_SLOT) == free_slot("latin", "4x4")
    time.sleep(0.01)
    store.save_current(saved(("r1c1=4", "r1c2=5")))
    assert store.load_current() == saved(("r1c1=4", "r1c2=5"))
    store.finish_current(saved(("r1c1=4", "r1c2=5")))  # finishing one...
    assert store.slots() == [free_slot("latin", "4x4")]  # ...leaves the other
    assert store.load_current() == latin(("r1c2=2",))
    again = stores()
    assert again.load_current(free_slot("latin", "4x4")) == latin(("r1c2=2",))


def test_a_daily_and_a_free_game_keep_their_own_slots(stores: StoreFactory) -> None:
    store = stores()
    store.save_current(saved(("r1c1=4",)))
    time.sleep(0.01)
    daily = saved(("r2c2=1",), context="daily:2026-11-25")
    store.save_current(daily, "daily:2026-11-25:sudoku")
    assert store.load_current() == saved(("r1c1=4",))  # a daily is not the free game
    assert store.load_current("daily:2026-11-25:sudoku") == daily


def test_setting_the_free_game_aside_takes_the_latest(stores: StoreFactory) -> None:
    store = stores()
    store.save_current(saved(("r1c1=4",)))
    time.sleep(0.01)
    store.save_current(latin(("r1c2=2",)))
    store.set_aside_current("unreadable")
    assert store.slots() == [free_slot("sudoku", "9x9")] and store.set_aside_count() == 1


def test_the_slot_of_a_save_comes_from_its_kind_and_size() -> None:
    assert free_slot_of('{"kind": "sudoku", "params": "9x9"}') == "free:sudoku:9x9"
    for bad in ("{not json", "[]", '{"kind": "sudoku"}', '{"kind": 1, "params": "9x9"}',
                '{"kind": "", "params": "9x9"}'):
        assert free_slot_of(bad) is None
