"""The arithmetic screen, played with keys: fill, undo, a hint, and the completion dialog."""

from __future__ import annotations

from pathlib import Path

from puzzleterm.app import PuzzleApp
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.screens.arith import ArithScreen
from puzzleterm.screens.dialogs import CompletionScreen
from tests.conftest import FakeClock, screen_text
from tests.test_ui_play import ready

GAME = "arith:mul3x2:hard#ui"


async def test_fill_undo_hint_and_complete(ui_home: Path, ui_clock: FakeClock) -> None:
    app = PuzzleApp(home=ui_home, clock=ui_clock, game_id=GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, ArithScreen) and screen.session is not None
        session = screen.session
        assert "Arithmetic mul3x2" in screen_text(app) and "×" in screen_text(app)
        r, i = screen.cursor
        assert session.state.givens[r][i] is None  # the cursor starts on a hidden digit
        await pilot.press("7")
        assert session.state.values[r][i] == 7 and session.moves
        await pilot.press("u")
        assert session.state.values[r][i] is None
        await pilot.press("t", "t", "t")  # nudge, show, apply
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.assisted and session.moves[-1].startswith("hint:")
        solution = session.solution
        for rr, ii in session.state.hidden():
            if session.finished:
                break
            while screen.cursor != (rr, ii):
                await pilot.press("right" if screen.cursor[0] == rr else "down")
            await pilot.press(str(solution.values[rr][ii]))
        await pilot.pause()
        assert session.finished and isinstance(app.screen, CompletionScreen)
    assert load_game_id(GAME).state.givens == session.state.givens
