"""A solved daily reopens solved (grid, time, share line, selected to copy); playing it
again is a choice, marked as practice, and never recorded."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import find_kind
from puzzleterm.screens.dialogs import CompletionScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.screens.solved import SolvedDailyScreen
from puzzleterm.store import SqliteStore
from puzzleterm.widgets.share_box import ShareBox, clipboard_doubtful
from tests.conftest import FakeClock, screen_text
from tests.test_ui_daily import TODAY, app_at, open_daily_from_home
from tests.test_ui_play import ready

FIRST = "puzzleterm daily 2026-11-23 · Latin square medium 02:05 · no hints"


async def solve_on_screen(app: PuzzleApp, pilot: object) -> None:
    screen = app.screen
    session = screen.session  # type: ignore[attr-defined]
    screen.play(find_kind("latin").reveal(session.state, session.solution, None))  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_a_solved_daily_reopens_solved_and_a_replay_is_practice(
        ui_home: Path, ui_clock: FakeClock) -> None:
    app = app_at(ui_home, ui_clock)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await open_daily_from_home(pilot, app, "latin")
        ui_clock.advance(125)
        await solve_on_screen(app, pilot)
        assert isinstance(app.screen, CompletionScreen)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)

        await open_daily_from_home(pilot, app, "latin")  # again: shown solved, not restarted
        dialog = app.screen
        assert isinstance(dialog, SolvedDailyScreen)
        await ready(pilot)
        text = screen_text(app)
        assert "02:05" in text and "Solved already" in text
        grid = str(dialog.query_one("#solved-grid", Static).render())
        rows = [r.split() for r in grid.splitlines() if r.strip()]
        assert len(rows) == 6 and all(sorted(r) == list("123456") for r in rows)
        share = dialog.query_one(ShareBox)
        assert share.text == FIRST and share.selected_text == FIRST  # ready to copy
        assert share.read_only
        await pilot.press("c")
        assert app.clipboard == FIRST

        await pilot.press("p")  # replay: an explicit choice
        await ready(pilot)
        game = app.screen.game  # type: ignore[attr-defined]
        assert game.practice and "Practice · Daily 2026-11-23" in screen_text(app)
        ui_clock.advance(40)
        await solve_on_screen(app, pilot)
        assert isinstance(app.screen, CompletionScreen)
        text = screen_text(app)
        assert "00:40" in text and "not recorded" in text
        assert app.screen.query_one(ShareBox).text == FIRST  # the first time, marked so
    store = SqliteStore.open(ui_home)
    [result] = store.results()
    assert (result.day, result.elapsed) == (TODAY, 125.0)
    assert len(store.finished_games()) == 1 and store.slots() == []
    store.close()


def test_the_clipboard_is_doubted_under_tmux_screen_and_the_console() -> None:
    assert clipboard_doubtful({"TMUX": "/tmp/tmux-1/default,1,0", "TERM": "tmux-256color"})
    assert clipboard_doubtful({"TERM": "screen-256color"})
    assert clipboard_doubtful({"TERM": "linux"})
    assert not clipboard_doubtful({"TERM": "xterm-256color"})
