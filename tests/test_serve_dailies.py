"""The warm starter deals today's daily set once; new players start from a copy of it, and
returning players' games take the day's puzzles from it instead of dealing them again."""

from __future__ import annotations

import os
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from puzzleterm.app import PuzzleApp
from puzzleterm.daily_play import TEMPLATE_ENV, cached_puzzle, take_dealt
from puzzleterm.engine.daily import DailyEntry, daily_set
from puzzleterm.play import SavedGame
from puzzleterm.screens import has_screen
from puzzleterm.serve.prefork import DailyTemplate, _deal_template, _start_from, _use_template
from puzzleterm.store import DB_NAME, SqliteStore, Store

from .conftest import EASY9, FakeClock

DAY = date(2026, 11, 23)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The template the starter deals for DAY (a few seconds of CPU: made once here)."""
    path = tmp_path_factory.mktemp("template") / "daily.sqlite3"
    _deal_template(path, DAY)
    return path


def playable(day: date) -> list[DailyEntry]:
    return [e for e in daily_set(day) if has_screen(e.kind)]


def test_the_template_holds_the_day_s_set_dealt(tmp_path: Path, template: Path) -> None:
    path = template
    assert [p.name for p in path.parent.iterdir()] == ["daily.sqlite3"]  # nothing half made
    store = SqliteStore.open(tmp_path / "copy")
    store.close()
    (tmp_path / "copy" / DB_NAME).write_bytes(path.read_bytes())
    store = SqliteStore.open(tmp_path / "copy")
    try:
        assert not store.notices
        entries = playable(DAY)
        assert entries
        for entry in entries:
            puzzle = cached_puzzle(entry, store)
            assert puzzle is not None, entry.seed_id
            assert puzzle.seed_id == entry.seed_id
        assert store.load_current() is None  # a fresh store otherwise
    finally:
        store.close()


def test_a_new_player_starts_from_the_template_and_no_store_is_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    template = tmp_path / "template.sqlite3"
    template.write_bytes(b"dealt")
    home = tmp_path / "player"
    home.mkdir()
    monkeypatch.setenv("PUZZLETERM_HOME", str(home))
    _start_from(template)
    assert (home / DB_NAME).read_bytes() == b"dealt"
    assert sorted(p.name for p in home.iterdir()) == [DB_NAME]  # no partial copy left
    template.write_bytes(b"another day")
    _start_from(template)
    assert (home / DB_NAME).read_bytes() == b"dealt"  # a store is never replaced
    _start_from(tmp_path / "missing")  # no template: nothing happens, nothing is raised
    assert (home / DB_NAME).read_bytes() == b"dealt"


def test_the_template_is_dealt_in_a_child_once_a_day(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzleterm.daily_play as daily_play
    import puzzleterm.serve.prefork as prefork

    def fake_deal(path: Path, day: date) -> None:
        path.write_bytes(day.isoformat().encode())

    monkeypatch.setattr(daily_play, "local_today", lambda: DAY)
    monkeypatch.setattr(prefork, "_deal_template", fake_deal)
    dailies = DailyTemplate(tmp_path)
    assert dailies.ready() is None
    dailies.refresh()
    dealer = dailies._dealer
    assert dealer is not None and dealer != os.getpid()
    dailies.refresh()  # being made: no second dealer
    assert dailies._dealer == dealer
    for _ in range(500):  # the dealer writes the file and exits; it is reaped
        if dailies.ready() is not None and dailies._dealer is None:
            break
        time.sleep(0.02)
    ready = dailies.ready()
    assert ready == dailies.path_for(DAY) and ready.read_bytes() == b"2026-11-23"
    assert dailies._dealer is None
    dailies.refresh()  # made already: no dealer again
    assert dailies._dealer is None


def a_returning_player(home: Path) -> SavedGame:
    """A player who has played before: a store with a game in progress (no dailies dealt)."""
    saved = SavedGame(kind="sudoku", params="9x9", game_id=EASY9, moves=("r1c1=4",), pos=1,
                      elapsed=12.0)
    store = SqliteStore.open(home)
    try:
        store.save_current(saved)
    finally:
        store.close()
    return saved


async def test_a_returning_player_takes_the_day_s_set_from_the_template(
        tmp_path: Path, template: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzleterm.app as app_module

    home = tmp_path / "player"
    monkeypatch.setenv("PUZZLETERM_HOME", str(home))
    monkeypatch.setenv(TEMPLATE_ENV, "")  # put back as it was when the test ends
    saved = a_returning_player(home)
    before = (home / DB_NAME).stat().st_ino
    _use_template(template)  # what the forked game does before the app starts
    assert (home / DB_NAME).stat().st_ino == before  # the player's own store, not a copy
    assert os.environ[TEMPLATE_ENV] == str(template)
    dealt: list[str] = []

    def deal_entry(entry: DailyEntry, store: Store | None = None) -> Any:
        dealt.append(entry.seed_id)
        raise AssertionError(f"{entry.seed_id} dealt again")

    monkeypatch.setattr(app_module, "deal_entry", deal_entry)
    monkeypatch.setattr(PuzzleApp, "AHEAD_DELAY", 0.01)  # taken after the first paint
    app = PuzzleApp(home=home, clock=FakeClock(), today=lambda: DAY, deal_ahead=True)
    async with app.run_test(size=(80, 24)) as pilot:
        store = app.store
        entries = playable(DAY)
        for _ in range(100):
            await pilot.pause(0.02)
            await app.workers.wait_for_complete()
            if all(cached_puzzle(e, store) is not None for e in entries):
                break
        assert entries and all(cached_puzzle(e, store) is not None for e in entries)
        assert store.load_current() == saved  # the game in progress untouched
    assert dealt == []


def test_what_the_template_lacks_is_left_to_deal(tmp_path: Path, template: Path) -> None:
    store = SqliteStore.open(tmp_path / "player")
    try:
        other_day = playable(date(2026, 11, 22))
        assert take_dealt(other_day, template, store) == other_day  # another day's set
        assert take_dealt(playable(DAY), tmp_path / "missing.sqlite3", store) == playable(DAY)
        assert take_dealt(playable(DAY), None, store) == playable(DAY)
        assert take_dealt(playable(DAY), template, store) == []
        assert all(cached_puzzle(e, store) is not None for e in playable(DAY))
    finally:
        store.close()
