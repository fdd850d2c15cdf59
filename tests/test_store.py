"""The SQLite store: round trips, transactions under kill, corrupt files, unwritable homes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from puzzleterm.play import SavedGame, SaveError
from puzzleterm.store import DB_NAME, SqliteStore, StoreError, default_home

EASY9 = ("sudoku:9x9:..3.2.6..9..3.5..1..18.64....81.29..7......."
         "8..67.82....26.95..8..2.3..9..5.1.3..")


def saved(moves: tuple[str, ...] = ("r1c1=4",), elapsed: float = 12.0) -> SavedGame:
    return SavedGame(kind="sudoku", params="9x9", game_id=EASY9, moves=moves, pos=len(moves),
                     elapsed=elapsed, options={"check": True})


def test_home_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PUZZLETERM_HOME", str(tmp_path / "x"))
    assert default_home() == tmp_path / "x"
    monkeypatch.delenv("PUZZLETERM_HOME")
    assert default_home().name == "puzzleterm"


def test_save_load_clear_round_trip(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    assert store.load_current() is None and store.notices == []
    store.save_current(saved())
    store.save_current(saved(("r1c1=4", "auto")))
    store.close()
    again = SqliteStore.open(tmp_path)
    assert again.load_current() == saved(("r1c1=4", "auto"))
    again.finish_current(saved(("r1c1=4", "auto")))
    assert again.load_current() is None and again.finished_count() == 1


def test_a_corrupt_file_is_moved_aside_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"\x00garbage" * 500)
    store = SqliteStore.open(tmp_path)
    assert store.path == tmp_path / DB_NAME
    assert len(store.notices) == 1 and "moved" in store.notices[0]
    aside = list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"\x00garbage")
    store.save_current(saved())
    assert store.load_current() == saved()


def test_a_bad_record_is_a_save_error_and_can_be_set_aside(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("INSERT INTO games (player, slot, data, updated) "
                     "VALUES ('local', 'main', '{not json', 0)")
    with pytest.raises(SaveError, match="JSON"):
        store.load_current()
    store.set_aside_current("unreadable")
    assert store.load_current() is None and store.set_aside_count() == 1


def test_an_unusable_home_still_gives_a_working_store(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = SqliteStore.open(blocker / "home")
    assert store.path is None and "not be saved" in store.notices[0]
    store.save_current(saved())  # kept in memory for this run
    assert store.load_current() == saved()


_WRITER = """
import sys
from pathlib import Path
from typing import Any
from puzzleterm.play import SavedGame
from puzzleterm.store import SqliteStore
store = SqliteStore.open(Path(sys.argv[1]))
moves = []
for i in range(100000):
    moves.append(f"r1c1={1 + i % 9}")
    store.save_current(SavedGame(kind="sudoku", params="9x9", game_id=sys.argv[2],
                                 moves=tuple(moves), pos=len(moves), elapsed=float(i)))
    if i == 0:
        print("ready", flush=True)  # one save is in; now kill at any moment
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_kill_at_any_moment_leaves_a_readable_save(tmp_path: Path) -> None:
    for delay in (0.15, 0.3, 0.45):
        proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(tmp_path), EASY9],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        store = SqliteStore.open(tmp_path)
        assert store.notices == []
        got = store.load_current()
        assert got is not None and len(got.moves) == got.pos >= 1
        assert got.elapsed == len(got.moves) - 1  # every field from the same save
        store.close()


# -- a busy, newer or damaged file; transactions that fail ------------------------------------


def _no_aside(home: Path) -> bool:
    return not list(home.glob(f"{DB_NAME}.corrupt-*"))


@pytest.mark.parametrize("wal", [True, False], ids=["wal", "rollback-journal"])
def test_a_file_locked_by_another_puzzleterm_is_left_alone(tmp_path: Path, wal: bool) -> None:
    if wal:  # as another running puzzleterm made it (its -wal and -shm files are live)
        first = SqliteStore.open(tmp_path)
        first.save_current(saved())
        first.close()
    else:  # an older file in rollback-journal mode
        with sqlite3.connect(tmp_path / DB_NAME) as conn:
            conn.execute("CREATE TABLE t (x)")
        conn.close()
    other = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another instance is in the middle of a save
    try:
        store = SqliteStore.open(tmp_path)
        assert store.path is None  # this run keeps its games in memory
        assert len(store.notices) == 1 and "left as it is" in store.notices[0]
        assert "locked" in store.notices[0] and "moved" not in store.notices[0]
        assert _no_aside(tmp_path) and (tmp_path / DB_NAME).exists()
        store.save_current(saved(("r1c1=4", "auto")))
        assert store.load_current() == saved(("r1c1=4", "auto"))
        store.close()
    finally:
        other.execute("COMMIT")
        other.close()
    if wal:
        again = SqliteStore.open(tmp_path)
        assert again.notices == [] and again.load_current() == saved()  # the file's own game


def test_a_file_from_a_newer_puzzleterm_is_left_alone(tmp_path: Path) -> None:
    first = SqliteStore.open(tmp_path)
    first.save_current(saved())
    first.close()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("PRAGMA user_version=7")
    conn.close()
    before = (tmp_path / DB_NAME).read_bytes()
    store = SqliteStore.open(tmp_path)
    assert store.path is None and len(store.notices) == 1
    assert "newer puzzleterm" in store.notices[0] and "left as it is" in store.notices[0]
    assert _no_aside(tmp_path) and (tmp_path / DB_NAME).read_bytes() == before
    assert store.load_current() is None
    store.close()


def test_a_file_failing_its_integrity_check_is_moved_aside(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    store.save_current(saved())
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:  # damage the table: a page of garbage
        conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    data = bytearray((tmp_path / DB_NAME).read_bytes())
    page = 4096
    data[page:2 * page] = b"\xff" * page
    (tmp_path / DB_NAME).write_bytes(bytes(data))
    again = SqliteStore.open(tmp_path)
    assert again.path == tmp_path / DB_NAME and "moved" in again.notices[0]
    assert not _no_aside(tmp_path)


class _Faulty:
    """A connection whose statements fail on demand (as a full disk or an I/O error would)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.fail: str | None = None  # fail the next statement starting with this
        self.sqlite_rolled_back = False  # ...after SQLite itself rolled the transaction back

    @property
    def in_transaction(self) -> bool:
        return self.conn.in_transaction

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if self.fail is not None and sql.lstrip().upper().startswith(self.fail):
            self.fail = None
            if self.sqlite_rolled_back:
                self.conn.execute("ROLLBACK")
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, *args)

    def close(self) -> None:
        self.conn.close()


@pytest.mark.parametrize("statement", ["COMMIT", "INSERT"])
@pytest.mark.parametrize("rolled_back", [False, True], ids=["open", "rolled-back"])
def test_a_failed_write_is_a_store_error_and_the_next_one_works(
        tmp_path: Path, statement: str, rolled_back: bool) -> None:
    store = SqliteStore.open(tmp_path)
    store.save_current(saved())
    faulty = _Faulty(store.tables.conn)
    store.tables.conn = faulty  # type: ignore[assignment]
    faulty.fail, faulty.sqlite_rolled_back = statement, rolled_back
    with pytest.raises(StoreError, match="disk is full"):
        store.save_current(saved(("r1c1=4", "auto")))
    assert not faulty.conn.in_transaction  # not wedged
    assert store.load_current() == saved()  # the failed save left the old one
    store.save_current(saved(("r1c1=4", "auto")))
    store.close()
    assert SqliteStore.open(tmp_path).load_current() == saved(("r1c1=4", "auto"))


def test_a_full_database_is_a_store_error_not_a_crash(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    store.save_current(saved())
    pages = store.tables.conn.execute("PRAGMA page_count").fetchone()[0]
    store.tables.conn.execute(f"PRAGMA max_page_count={pages + 1}")
    huge = saved(tuple(f"r1c1={1 + i % 9}" for i in range(20000)))
    with pytest.raises(StoreError, match="full"):
        store.save_current(huge)
    assert not store.tables.conn.in_transaction
    store.save_current(saved(("r1c1=4", "auto")))  # a small save still goes in
    assert store.load_current() == saved(("r1c1=4", "auto"))
