"""The SQLite store: round trips, transactions under kill, corrupt files, unwritable homes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzleterm.session import SavedGame, SaveError
from puzzleterm.store import DB_NAME, Store, default_home

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
    store = Store.open(tmp_path)
    assert store.load_current() is None and store.notices == []
    store.save_current(saved())
    store.save_current(saved(("r1c1=4", "auto")))
    store.close()
    again = Store.open(tmp_path)
    assert again.load_current() == saved(("r1c1=4", "auto"))
    again.finish_current(saved(("r1c1=4", "auto")))
    assert again.load_current() is None and again.finished_count() == 1


def test_a_corrupt_file_is_moved_aside_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"\x00garbage" * 500)
    store = Store.open(tmp_path)
    assert store.path == tmp_path / DB_NAME
    assert len(store.notices) == 1 and "moved" in store.notices[0]
    aside = list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"\x00garbage")
    store.save_current(saved())
    assert store.load_current() == saved()


def test_a_bad_record_is_a_save_error_and_can_be_set_aside(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    with sqlite3.connect(tmp_path / DB_NAME) as conn:
        conn.execute("INSERT INTO current (slot, data, updated) VALUES (1, '{not json', 0)")
    with pytest.raises(SaveError, match="JSON"):
        store.load_current()
    store.set_aside_current("unreadable")
    assert store.load_current() is None and store.set_aside_count() == 1


def test_an_unusable_home_still_gives_a_working_store(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    store = Store.open(blocker / "home")
    assert store.path is None and "not be saved" in store.notices[0]
    store.save_current(saved())  # kept in memory for this run
    assert store.load_current() == saved()


_WRITER = """
import sys
from pathlib import Path
from puzzleterm.session import SavedGame
from puzzleterm.store import Store
store = Store.open(Path(sys.argv[1]))
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
        store = Store.open(tmp_path)
        assert store.notices == []
        got = store.load_current()
        assert got is not None and len(got.moves) == got.pos >= 1
        assert got.elapsed == len(got.moves) - 1  # every field from the same save
        store.close()
