"""The arithmetic screen, played with keys: fill, undo, a hint, and the completion dialog."""

from __future__ import annotations

from pathlib import Path

from puzzleterm.app import PuzzleApp
from puzzleterm.engine.arith.divcheck import bad_rows
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


DIV_GAME = "arith:div6/3:medium#ui"


async def test_a_division_fills_marks_a_bad_row_undoes_hints_and_completes(
        ui_home: Path, ui_clock: FakeClock) -> None:
    app = PuzzleApp(home=ui_home, clock=ui_clock, game_id=DIV_GAME)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, ArithScreen) and screen.session is not None
        session = screen.session
        text = screen_text(app)
        assert "Arithmetic div6/3" in text and ")" in text
        solution = session.solution
        r, i = screen.cursor
        assert session.state.givens[r][i] is None  # the cursor starts on a hidden digit
        seen = {screen.cursor}
        for _ in range(len(session.state.hidden())):
            await pilot.press("right")
            seen.add(screen.cursor)
            await pilot.press("down")
            seen.add(screen.cursor)
        assert all(session.state.givens[rr][ii] is None for rr, ii in seen)


        async def go(cell: tuple[int, int]) -> None:
            while screen.cursor != cell:
                line, goal = screen.line_of(screen.cursor[0]), screen.line_of(cell[0])
                await pilot.press("down" if line < goal else "up" if line > goal else "right")

        # the quotient, divisor and dividend filled right, then a wrong digit in the first
        # product row: that row cannot hold and is marked; undo clears it
        for rr, ii in session.state.hidden():
            if rr <= 2:
                await go((rr, ii))
                await pilot.press(str(solution.values[rr][ii]))
        assert not bad_rows(session.state)
        target = next(c for c in session.state.hidden() if c[0] == 3)
        await go(target)
        wrong = solution.values[target[0]][target[1]] % 9 + 1
        await pilot.press(str(wrong))
        assert session.state.values[target[0]][target[1]] == wrong
        assert 3 in bad_rows(session.state) and "cannot hold" in screen_text(app)
        await pilot.press("u")
        assert session.state.values[target[0]][target[1]] is None
        assert not bad_rows(session.state)
        await pilot.press("t", "t", "t")  # nudge, show, apply
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.assisted and session.moves[-1].startswith("hint:")
        for rr, ii in session.state.hidden():
            if session.finished:
                break
            if session.state.values[rr][ii] is not None:
                continue
            await go((rr, ii))
            await pilot.press(str(solution.values[rr][ii]))
        await pilot.pause()
        assert session.finished and isinstance(app.screen, CompletionScreen)
    assert load_game_id(DIV_GAME).state.givens == session.state.givens
