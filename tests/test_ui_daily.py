"""The daily set in the app, played as a player would: home, a daily game, completion,
the calendar, the stats, and opening a game ID over a game in progress."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import Puzzle, PuzzleError, find_kind
from puzzleterm.engine.daily import DailyEntry, daily_set
from puzzleterm.screens.daily import CalendarScreen, MonthView, StatsScreen
from puzzleterm.screens.dialogs import CompletionScreen, ConfirmScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.store import SqliteStore, Store
from tests.conftest import FakeClock, screen_text
from tests.test_ui_play import ready, save_game

TODAY = date(2026, 11, 23)  # a Monday: the daily Sudoku is easy


def app_at(home: Path, clock: FakeClock, **kw: object) -> PuzzleApp:
    return PuzzleApp(home=home, clock=clock, seeds=lambda: "ui-seed", today=lambda: TODAY,
                     **kw)  # type: ignore[arg-type]


async def open_daily_from_home(pilot, app: PuzzleApp, kind: str) -> None:  # type: ignore[no-untyped-def]
    menu = app.screen.query_one("#daily-menu", OptionList)
    for _ in range(3):
        if menu.has_focus:
            break
        await pilot.press("tab")  # to today's set
    assert menu.has_focus
    index = [o.id for o in menu.options].index(f"daily:{kind}")
    await pilot.press("home", *["down"] * index, "enter")
    await ready(pilot)


async def test_a_daily_from_home_to_its_result(ui_home: Path, ui_clock: FakeClock) -> None:
    app = app_at(ui_home, ui_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        text = screen_text(app)
        assert "Daily · Mon 23 Nov" in text
        for title in ("Sudoku", "X-Sudoku", "Latin square", "Pentomino"):
            assert title in text.split("Daily ·")[1]
        await open_daily_from_home(pilot, app, "latin")
        screen = app.screen
        session = screen.session  # type: ignore[attr-defined]
        assert session.context == "daily:2026-11-23"
        assert session.puzzle.seed_id == "latin:6x6:medium#daily-v1-2026-11-23"
        assert "Daily 2026-11-23" in screen_text(app)
        kind = find_kind("latin")
        ui_clock.advance(125)
        screen.play(kind.reveal(session.state, session.solution, None))  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, CompletionScreen)
        text = screen_text(app)
        assert "puzzleterm daily 2026-11-23 · Latin square medium 02:05 · no hints" in text
        await pilot.press("c")
        assert app.clipboard.startswith("puzzleterm daily 2026-11-23 · Latin square")
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "✓ 02:05" in screen_text(app)
    store = SqliteStore.open(ui_home)
    [result] = store.results()
    assert (result.day, result.kind, result.elapsed) == (TODAY, "latin", 125.0)
    assert store.slots() == []


async def test_a_daily_keeps_its_own_save_beside_the_free_game(
        ui_home: Path, ui_clock: FakeClock) -> None:
    save_game(ui_home, ("r1c1=4",))
    app = app_at(ui_home, ui_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await open_daily_from_home(pilot, app, "xsudoku")
        session = app.screen.session  # type: ignore[attr-defined]
        cell = session.state.values.index(0)
        n = session.state.geo.n
        move = f"r{cell // n + 1}c{cell % n + 1}={session.solution.values[cell]}"
        app.screen.play(move)  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert "started" in screen_text(app) and "Continue" in screen_text(app)
        await open_daily_from_home(pilot, app, "xsudoku")  # resumes, never deals again
        assert app.screen.session.moves == (move,)  # type: ignore[attr-defined]
    store = SqliteStore.open(ui_home)
    assert store.slots() == ["daily:2026-11-23:xsudoku", "free:sudoku:9x9"]
    main = store.load_current()
    assert main is not None and main.moves == ("r1c1=4",)


async def test_a_daily_opened_at_start_is_drawn_first_and_leads_home(
        ui_home: Path, ui_clock: FakeClock) -> None:
    from puzzleterm.daily_play import entry_for
    from puzzleterm.screens.sudoku import SudokuScreen

    entry = entry_for(TODAY, "xsudoku")
    assert entry is not None
    app = app_at(ui_home, ui_clock, daily=entry)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, SudokuScreen) and screen.session is not None
        assert not any(isinstance(s, HomeScreen) for s in app.screen_stack)  # made when left
        assert "Daily 2026-11-23" in screen_text(app)
        session = screen.session
        cell = session.state.values.index(0)
        n = session.state.geo.n
        move = f"r{cell // n + 1}c{cell % n + 1}={session.solution.values[cell]}"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and len(app.screen_stack) == 2
        assert "Daily · Mon 23 Nov" in screen_text(app)
        await open_daily_from_home(pilot, app, "xsudoku")
        assert app.screen.session.puzzle.seed_id == entry.seed_id  # type: ignore[attr-defined]
        app.screen.play(move)  # type: ignore[attr-defined]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen) and "started" in screen_text(app)
    store = SqliteStore.open(ui_home)
    assert store.slots() == ["daily:2026-11-23:xsudoku"]


async def test_the_day_s_set_is_dealt_ahead_once_the_opened_daily_is_on_the_board(
        ui_home: Path, ui_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzleterm.app as app_module
    from puzzleterm.daily_play import cached_puzzle, deal_entry, entry_for

    entry = entry_for(TODAY, "sudoku")
    assert entry is not None
    calls: list[tuple[str, bool]] = []  # (kind, whether the board had its puzzle then)
    app = app_at(ui_home, ui_clock, daily=entry, deal_ahead=True)

    def dealing(e: DailyEntry, store: Store | None = None) -> Puzzle[Any]:
        screen = app.screen_stack[-1]
        calls.append((e.kind, getattr(screen, "session", None) is not None))
        if e.kind == "pentomino":
            raise PuzzleError("not in this test: it takes seconds")
        return deal_entry(e, store)

    monkeypatch.setattr(app_module, "deal_entry", dealing)
    monkeypatch.setattr(PuzzleApp, "AHEAD_DELAY", 0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if any(kind == "pentomino" for kind, _ in calls):
                break
        await app.workers.wait_for_complete()
        await pilot.pause()
        store = app.store
        kept = {e.kind for e in daily_set(TODAY) if cached_puzzle(e, store) is not None}
    # the opened daily is dealt once, by its screen; the rest only once it is on the board,
    # and each puzzle is kept as it is dealt (the last one failing loses none of the others)
    assert calls[0] == ("sudoku", False)
    assert [kind for kind, _ in calls[1:]] == ["xsudoku", "latin", "pentomino"]
    assert all(ready for _, ready in calls[1:])
    assert kept == {"sudoku", "xsudoku", "latin"}


async def test_the_app_s_exit_never_waits_for_a_deal_ahead(
        ui_home: Path, ui_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    import puzzleterm.app as app_module

    release = threading.Event()
    started: list[str] = []

    def slow(e: DailyEntry, store: Store | None = None) -> Puzzle[Any]:
        started.append(e.kind)
        release.wait(10)  # a deal that takes long (a pentomino, on a slow machine)
        raise PuzzleError("released")

    monkeypatch.setattr(app_module, "deal_entry", slow)
    monkeypatch.setattr(PuzzleApp, "AHEAD_DELAY", 0.01)
    app = app_at(ui_home, ui_clock, deal_ahead=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(100):
                await pilot.pause(0.02)
                if started:
                    break
            [thread] = [t for t in threading.enumerate() if t.name == "deal-ahead"]
            assert thread.is_alive() and thread.daemon  # the interpreter's exit skips it
            await pilot.press("q")
        assert app.return_code == 0 and thread.is_alive()  # the app ended, the deal not
    finally:
        release.set()
    thread.join(5)
    assert not thread.is_alive() and started == ["sudoku"]


async def test_the_calendar_opens_past_days_but_not_future_ones(
        ui_home: Path, ui_clock: FakeClock) -> None:
    app = app_at(ui_home, ui_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, CalendarScreen)
        month = app.screen.query_one(MonthView)
        assert month.day == TODAY and "November 2026" in screen_text(app)
        await pilot.press("right")  # tomorrow: not yet
        assert month.day == TODAY
        await pilot.press("up", "pageup")  # a week back, then a month back
        assert month.day == date(2026, 10, 16)
        assert "October 2026" in screen_text(app) and "Fri 16 Oct 2026" in screen_text(app)
        assert "Pentomino" not in screen_text(app)  # pentomino dailies start on 2026-11-23
        await pilot.press("enter", "enter")  # to the list, open the Sudoku
        await ready(pilot)
        session = app.screen.session  # type: ignore[attr-defined]
        assert session.context == "daily:2026-10-16"
        assert session.puzzle.seed_id == "sudoku:9x9:expert#daily-v1-2026-10-16"


async def test_the_stats_screen(ui_home: Path, ui_clock: FakeClock) -> None:
    from dataclasses import replace

    from puzzleterm.play import SavedGame

    store = SqliteStore.open(ui_home)
    base = SavedGame(kind="sudoku", params="9x9", game_id="sudoku:9x9:x", level="easy")
    store.finish_current(replace(base, elapsed=100.0))
    store.close()
    app = app_at(ui_home, ui_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        assert "Daily streak: 0 (best 0)" in text and "Sudoku 9x9 easy" in text
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_a_game_id_asks_before_replacing_the_game_in_progress(
        ui_home: Path, ui_clock: FakeClock) -> None:
    save_game(ui_home, ("r1c1=4",))  # a Sudoku 9x9: another one would replace it
    app = app_at(ui_home, ui_clock, game_id="sudoku:9x9:any#other")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        assert "will be replaced" in screen_text(app)
        await pilot.press("escape")  # keep mine
        await ready(pilot)
        assert isinstance(app.screen, HomeScreen)
    main = SqliteStore.open(ui_home).load_current()
    assert main is not None and main.moves == ("r1c1=4",)
