"""Store v2: slots and players, daily results written once, the deal cache, migrations."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from puzzleterm.play import SavedGame, Session
from puzzleterm.store import DB_NAME, DailyResult, SqliteStore
from puzzleterm.store import schema as store_schema
from puzzleterm.store.schema import SCHEMA_VERSION, free_slot
from tests import pgserver
from tests.pgserver import StoreFactory

stores = pgserver.stores  # the fixture: each test below runs on SQLite and on PostgreSQL

FIXTURE = Path(__file__).parent / "data" / "store-v1.sqlite3"
EASY9 = ("sudoku:9x9:..3.2.6..9..3.5..1..18.64....81.29..7......."
         "8..67.82....26.95..8..2.3..9..5.1.3..")


def saved(moves: tuple[str, ...] = ("r1c1=4",), context: str | None = None) -> SavedGame:
    return SavedGame(kind="sudoku", params="9x9", game_id=EASY9, moves=moves, pos=len(moves),
                     elapsed=12.0, context=context)


def result(day: date, kind: str = "sudoku", elapsed: float = 60.0) -> DailyResult:
    return DailyResult(day, kind, "9x9", "easy", f"{kind}:9x9:easy#daily-v1-{day}", elapsed,
                       hints=1, reveals=0, checked=False, assisted=False, finished=1.0)


def version_of(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


def test_a_v1_file_is_migrated_keeping_its_game_and_finished_games(tmp_path: Path) -> None:
    """The fixture was written by the first release (one game in progress, one finished)."""
    shutil.copy(FIXTURE, tmp_path / DB_NAME)
    assert version_of(tmp_path / DB_NAME) == 1
    store = SqliteStore.open(tmp_path)
    assert store.notices == []
    game = store.load_current()
    assert game is not None and game.moves == ("r1c1=4", "auto", "r1c3=1") and game.pos == 2
    session = Session.restore(game)  # the old save replays under this release
    assert session.pos == 2 and session.can_redo and session.puzzle.seed == "store-v1"
    assert store.finished_count() == 1
    [old] = store.finished_games()
    assert (old.kind, old.params, old.assisted, old.context) == ("sudoku", "4x4", True, None)
    store.close()
    assert version_of(tmp_path / DB_NAME) == SCHEMA_VERSION
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert "current" not in names and {"games", "results", "dealt"} <= names


def test_a_failing_migration_leaves_the_file_as_it_was(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(FIXTURE, tmp_path / DB_NAME)
    before = (tmp_path / DB_NAME).read_bytes()

    def broken(conn: sqlite3.Connection) -> int:
        conn.execute("CREATE TABLE games (x)")
        conn.execute("DROP TABLE current")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(store_schema.MIGRATIONS, 1, broken)
    store = SqliteStore.open(tmp_path)
    assert store.path is None and "not be saved" in store.notices[0]
    monkeypatch.undo()
    assert version_of(tmp_path / DB_NAME) == 1
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        assert conn.execute("SELECT COUNT(*) FROM current").fetchone()[0] == 1
    assert SqliteStore.open(tmp_path).load_current() is not None  # migrates fine next time
    assert before  # the copy was real


# -- the store's suite, on SQLite and on PostgreSQL --------------------------------------------


def test_save_load_finish_round_trip(stores: StoreFactory) -> None:
    store = stores()
    assert store.load_current() is None and store.current_version() == 0
    store.save_current(saved())
    store.save_current(saved(("r1c1=4", "auto")))
    assert store.current_version() == 2
    store.close()
    again = stores()
    assert again.load_current() == saved(("r1c1=4", "auto")) and again.notices == []
    again.finish_current(saved(("r1c1=4", "auto")))
    assert again.load_current() is None and again.finished_count() == 1
    [game] = again.finished_games()
    assert (game.kind, game.params, game.assisted) == ("sudoku", "9x9", False)


def test_set_aside_keeps_the_save(stores: StoreFactory) -> None:
    store = stores()
    store.save_current(saved())
    store.set_aside_current("unreadable")
    assert store.load_current() is None and store.set_aside_count() == 1


def test_slots_hold_separate_games(stores: StoreFactory) -> None:
    store = stores()
    store.save_current(saved(("r1c1=4",)))
    store.save_current(saved(("r1c2=5",), "daily:2026-11-22"), slot="daily:2026-11-22:sudoku")
    assert store.slots() == ["daily:2026-11-22:sudoku", free_slot("sudoku", "9x9")]
    assert store.slots("daily:") == ["daily:2026-11-22:sudoku"]
    main = store.load_current()
    daily = store.load_current("daily:2026-11-22:sudoku")
    assert main is not None and main.moves == ("r1c1=4",)
    assert daily is not None and daily.context == "daily:2026-11-22"
    store.finish_current(daily, slot="daily:2026-11-22:sudoku")
    assert store.slots() == [free_slot("sudoku", "9x9")] and store.load_current() == main


def test_players_never_see_each_others_games(stores: StoreFactory) -> None:
    ann = stores("SHA256:ann")
    bob = stores("SHA256:bob")
    ann.save_current(saved())
    ann.finish_current(saved(), result=result(date(2026, 11, 22)))
    assert bob.load_current() is None and bob.results() == [] and bob.finished_count() == 0
    assert ann.finished_count() == 1 and len(ann.results()) == 1


def test_a_daily_result_is_written_once(stores: StoreFactory) -> None:
    store = stores()
    day = date(2026, 11, 22)
    assert store.finish_current(saved(), result=result(day, elapsed=60.0)) is True
    assert store.finish_current(saved(), result=result(day, elapsed=5.0)) is False
    [kept] = store.results()
    assert kept.elapsed == 60.0 and kept.clean
    store.finish_current(saved(), result=result(day, kind="latin"))
    store.finish_current(saved(), result=result(date(2026, 12, 1)))
    assert [r.kind for r in store.results(since=day, until=day)] == ["latin", "sudoku"]
    assert len(store.results(since=date(2026, 12, 1))) == 1


def test_the_deal_cache_is_keyed_by_seed_and_generator_version(stores: StoreFactory) -> None:
    store = stores()
    seed = "sudoku:9x9:easy#daily-v1-2026-11-22"
    assert store.cached_deal(seed, "v1") is None
    store.cache_deal(seed, "v1", EASY9, '{"level": "easy"}')
    assert store.cached_deal(seed, "v1") == (EASY9, '{"level": "easy"}')
    assert store.cached_deal(seed, "v2") is None
