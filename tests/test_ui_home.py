"""The home screen across midnight, and the stats screen's charts, played with Pilot."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import OptionList

from puzzleterm.app import PuzzleApp
from puzzleterm.daily_play import entry_for
from puzzleterm.play import SavedGame
from puzzleterm.screens.daily import StatsScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.store import DailyResult, SqliteStore
from puzzleterm.widgets.bar_chart import ColumnChart
from tests.conftest import FakeClock, screen_text
from tests.test_ui_play import ready

MONDAY = date(2026, 11, 23)


async def test_home_shows_the_new_day_s_daily_set_after_midnight(
        ui_home: Path, ui_clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HomeScreen, "DAY_CHECK", 0.05)
    day = [MONDAY]
    app = PuzzleApp(home=ui_home, clock=ui_clock, seeds=lambda: "s", today=lambda: day[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        home = app.screen
        assert isinstance(home, HomeScreen)
        assert "Mon 23 Nov" in screen_text(app)
        before = [str(o.prompt) for o in home.query_one("#daily-menu", OptionList).options]
        day[0] = MONDAY + timedelta(days=1)  # midnight passes with home open
        for _ in range(40):
            await asyncio.sleep(0.05)
            await pilot.pause()
            if "Tue 24 Nov" in screen_text(app):
                break
        assert "Tue 24 Nov" in screen_text(app) and "Mon 23 Nov" not in screen_text(app)
        tuesday = entry_for(day[0], "sudoku")
        assert tuesday is not None
        assert home._daily["sudoku"].entry == tuesday  # Enter opens the new day's puzzle
        after = [str(o.prompt) for o in home.query_one("#daily-menu", OptionList).options]
        assert tuesday.level.label in after[0] and after != before


async def test_the_stats_screen_draws_the_recent_times_and_medians_with_values(
        ui_home: Path, ui_clock: FakeClock) -> None:
    store = SqliteStore.open(ui_home)
    base = SavedGame(kind="sudoku", params="9x9", game_id="sudoku:9x9:x", level="easy")
    noon = datetime.combine(MONDAY, datetime.min.time()).timestamp() + 12 * 3600
    for back, seconds in enumerate([15.0, 14.0]):
        day = MONDAY - timedelta(days=back)
        result = DailyResult(day, "sudoku", "9x9", "easy", f"sudoku:9x9:easy#daily-v1-{day}",
                             seconds, 0, 0, False, False, noon - back * 86400)
        store.finish_current(replace(base, elapsed=seconds, context=f"daily:{day}"),
                             result=result)
    store.close()
    app = PuzzleApp(home=ui_home, clock=ui_clock, seeds=lambda: "s", today=lambda: MONDAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        for label in ("11-22", "11-23", "00:14", "00:15", "9x9 easy", "Recent daily Sudoku"):
            assert label in text, label
        chart = app.screen.query_one("#recent", ColumnChart)
        lines = chart.render().plain.splitlines()
        assert chart.size.height >= 6
        heights = [sum(1 for line in lines if any(ch in "▁▂▃▄▅▆▇█" for ch in line[i:i + 6]))
                   for i in (0, 6)]
        # zero-based: 00:14 and 00:15 draw as nearly equal bars, both near the full height
        assert heights[0] >= heights[1] >= heights[0] - 1 >= chart.size.height - 5
