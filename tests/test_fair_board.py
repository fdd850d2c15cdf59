"""A fair leaderboard, on both back ends: the human floor (a result too fast to be a person's
is kept, not ranked), archive solves kept off their day's board, names that cannot pass for
another player or a key, and a rank that says "pending" while the shared database is away."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from puzzleterm.daily_play import (
    deal_entry,
    floor_of,
    leaderboard_text,
    placements,
    rank_text,
    record_daily,
    settle,
    verify,
)
from puzzleterm.engine import find_kind
from puzzleterm.engine.daily import daily_set
from puzzleterm.play import Session
from puzzleterm.store import (
    ARCHIVE,
    TOO_FAST,
    NameError_,
    SqliteStore,
    check_name,
    display_name,
)
from puzzleterm.store.records import skeleton
from puzzleterm.store.schema import SCHEMA_VERSION
from puzzleterm.store.shared import SharedStore
from tests import pgserver
from tests.pgserver import StoreFactory, pg_server
from tests.test_daily_play import DAY, latin_entry, noon, solved_save
from tests.test_leaderboard import ANN, BOB, CY, finish, result

stores = pgserver.stores  # the fixture: these run on SQLite and on PostgreSQL


# -- the human floor ----------------------------------------------------------------------------
def test_the_floor_counts_the_placements_of_each_kind() -> None:
    for entry in daily_set(DAY):
        puzzle = deal_entry(entry)
        solution = Session(puzzle).solution
        n = placements(puzzle, solution)
        kind = find_kind(entry.kind)
        # the reveal-all move fills exactly what the givens leave open
        assert kind.status(kind.apply(puzzle.state, kind.reveal(puzzle.state, solution))) \
            .name == "SOLVED"
        assert n >= 1
        per = 1.5 if entry.kind == "pentomino" else 0.3
        assert floor_of(puzzle, solution) == pytest.approx(per * n)
    latin = deal_entry(latin_entry())
    givens = sum(1 for v in latin.state.values if v)
    assert placements(latin, Session(latin).solution) == 36 - givens


def test_a_daily_solved_faster_than_a_person_can_is_kept_but_not_ranked(
        stores: StoreFactory) -> None:
    entry = latin_entry()
    puzzle = deal_entry(entry)
    floor = floor_of(puzzle, Session(puzzle).solution)
    times = {ANN: 300.0, BOB: floor, CY: 0.455}  # a person, one at the floor, a script
    for player, elapsed in times.items():
        store = stores(player)
        done = record_daily(replace(solved_save(entry, store), elapsed=elapsed), entry.slot,
                            store, DAY, now=noon(DAY))
        assert done.result is not None and done.new
    bot = stores(CY)
    [kept] = bot.results()
    assert (kept.elapsed, kept.unranked) == (0.455, TOO_FAST)  # kept, with its time
    board = bot.leaderboard(DAY, "latin")
    assert [(r.player, r.elapsed) for r in board.top] == [(BOB, floor), (ANN, 300.0)]
    assert (board.total, board.place) == (2, None)
    assert [(r.player, r.elapsed, r.note) for r in board.apart] == [(CY, 0.455, TOO_FAST)]
    assert rank_text(board, True, kept) == (
        "Too fast to rank: kept with its time, not ranked (2 ranked today).")
    text = leaderboard_text(board, CY)
    assert "Not ranked:" in text and "too fast to rank ← you" in text


def test_an_archive_solve_is_recorded_but_not_ranked_on_its_day(stores: StoreFactory) -> None:
    entry = latin_entry()
    on_time = stores(ANN)
    record_daily(solved_save(entry, on_time), entry.slot, on_time, DAY, now=noon(DAY))
    late_day = date(2026, 11, 24)
    late = stores(BOB)
    done = record_daily(replace(solved_save(entry, late), elapsed=100.0), entry.slot, late,
                        late_day, now=noon(late_day))
    assert done.result is not None and done.result.unranked == ARCHIVE
    [kept] = late.results()
    assert kept.day == DAY and kept.elapsed == 100.0 and kept.unranked == ARCHIVE
    board = late.leaderboard(DAY, "latin")  # faster than Ann, but a day late
    assert [r.player for r in board.top] == [ANN] and board.place is None
    assert [(r.player, r.note) for r in board.apart] == [(BOB, ARCHIVE)]
    assert done.streak_text == "Archive solves are recorded, not ranked (1 ranked on 2026-11-23)."


def test_verify_decides_the_floor_and_the_archive_from_the_game() -> None:
    entry = latin_entry()
    saved = solved_save(entry)
    assert verify(saved, None, DAY, noon(DAY)).unranked is None
    assert verify(replace(saved, elapsed=1.0), None, DAY, noon(DAY)).unranked == TOO_FAST
    # a day late: an archive solve, whatever its time
    assert verify(replace(saved, elapsed=1.0), None, date(2026, 11, 24),
                  noon(DAY)).unranked == ARCHIVE


# -- names ----------------------------------------------------------------------------------------
def test_look_alike_and_other_script_names_are_refused(stores: StoreFactory) -> None:
    ann, bob = stores(ANN), stores(BOB)
    ann.set_name("Ann")
    with pytest.raises(NameError_, match="ASCII"):
        bob.set_name("\u0410nn")  # a Cyrillic A
    with pytest.raises(NameError_, match="taken"):
        bob.set_name("AnN")
    ann.set_name("lola")
    with pytest.raises(NameError_, match="taken"):
        bob.set_name("I0la")  # I for l
    with pytest.raises(NameError_):
        bob.set_name("Ann.")  # no dots any more
    bob.set_name("\uff22ob")  # full-width B: the same as the plain letter (NFKC)
    assert bob.name() == "Bob"
    assert skeleton("Arnie") == skeleton("Amie") and check_name("\uff21nnie") == "Annie"


def test_a_name_that_reads_as_a_key_is_refused_and_keys_are_marked(
        stores: StoreFactory) -> None:
    finish(stores(ANN), result(300.0))
    bob = stores(BOB)
    shown = display_name(ANN, None)
    assert shown == "key:Ann01234"  # marked: no name may hold a ':'
    for fake in ("Ann01234", "ANNO1234", "xAnn01234"):  # Ann's key as shown, case, look-alikes
        with pytest.raises(NameError_, match="key"):
            bob.set_name(fake)
    with pytest.raises(NameError_):
        bob.set_name(shown)
    bob.set_name("Bobby")


def test_a_name_taken_under_older_rules_shows_as_the_key(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path, ANN)
    finish(store, result(300.0))
    store.tables.run("INSERT INTO players (player, name, updated) VALUES (?, ?, 0)",
                     (ANN, "\u0410nn.x"))  # written before the rules: no crash
    assert store.name() == "\u0410nn.x"
    [row] = store.leaderboard(DAY, "sudoku").top
    assert row.name == "key:Ann01234"
    store.set_name("Annie")  # and the player may take another
    assert store.leaderboard(DAY, "sudoku").top[0].name == "Annie"


def test_old_files_migrate_to_the_fair_board(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path, ANN)
    finish(store, result(300.0))
    conn = store.tables.conn
    conn.execute("ALTER TABLE results DROP COLUMN unranked")
    conn.execute("DROP INDEX players_skeleton")
    conn.execute("ALTER TABLE players DROP COLUMN skeleton")
    conn.execute("PRAGMA user_version=4")  # the version before the fair board
    store.close()
    again = SqliteStore.open(tmp_path, ANN)
    assert again.results()[0].unranked is None  # a result of before: ranked as it was
    assert again.leaderboard(DAY, "sudoku").place == 1
    with sqlite3.connect(tmp_path / "puzzleterm.sqlite3") as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    again.close()


# -- the rank while the shared database is away ------------------------------------------
def test_a_daily_finished_while_the_database_is_away_has_its_rank_pending(
        tmp_path: Path) -> None:
    server = pg_server()
    url = server.new_database()
    entry = latin_entry()
    other = SharedStore(url, SqliteStore.open(tmp_path / "bob", BOB), BOB, retry=0,
                        grace=10.0)
    record_daily(replace(solved_save(entry, other), elapsed=200.0), entry.slot, other, DAY,
                 now=noon(DAY))
    other.sync()
    assert other.pending() == 0
    other.close()
    import psycopg  # the pg extra, there whenever a server is

    with psycopg.connect(url, autocommit=True) as conn:  # the test server commits lazily
        conn.execute("CHECKPOINT")
    server.stop()
    try:
        store = SharedStore(url, SqliteStore.open(tmp_path / "ann", ANN), ANN, retry=0,
                            grace=10.0)
        done = record_daily(solved_save(entry, store), entry.slot, store, DAY, now=noon(DAY))
        assert store.pending() == 1 and done.board is not None and done.board.pending
        assert done.streak_text == ("Your rank is pending: it shows once the shared database "
                                    "is back.")  # not "1st of 1" from this host's copy
        assert "pending" in leaderboard_text(done.board, ANN)
        assert settle(done, store) is None  # still away
    finally:
        server.start()
    settled = settle(done, store)  # back: what waited is sent, then the board read
    assert settled is not None and settled.streak_text == "You are 2nd of 2 today."
    assert settle(settled, store) is None  # settled once
    board = store.leaderboard(DAY, "latin")
    assert store.pending() == 0 and not board.pending
    assert (board.place, board.total) == (2, 2), board
    assert rank_text(board, True, done.result) == "You are 2nd of 2 today."
    store.close()
