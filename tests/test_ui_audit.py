"""What a demanding player's audit of the play screens found, played with Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from puzzleterm.app import PuzzleApp
from puzzleterm.screens.arith import ArithScreen
from puzzleterm.screens.dialogs import ConfirmScreen
from puzzleterm.screens.help import HelpScreen
from puzzleterm.screens.pentomino import PentominoScreen
from puzzleterm.screens.sudoku import SudokuScreen

from .conftest import EASY9, LATIN5, X5, screen_text
from .test_ui_play import Game, make_app, playing, ready


def info(g: Game) -> str:
    return str(g.screen.query_one("#info", Static).content)


@pytest.mark.parametrize(("game_id", "says"), [
    (EASY9, "repeats in row 1"),  # no "diagonal" on a plain Sudoku
    (X5, "repeats in row 1"),
    (LATIN5, "repeats in row 1"),
])
async def test_a_repeated_digit_is_named_where_it_repeats(ui_home: Path, game_id: str,
                                                         says: str) -> None:
    """The panel said "A digit repeats in a row, column, box or diagonal" on every board,
    diagonals included where there are none: it now names the digit and the house
    ("5 repeats in row 1")."""
    async with playing(ui_home, game_id) as g:
        st = g.session.state
        n = st.geo.n
        given = next(c for c in range(n) if st.givens[c])
        empty = next(c for c in range(n) if not st.givens[c])
        digit = st.geo.symbol(st.givens[given])
        await g.goto(empty)
        await g.press(digit)
        shown = info(g)
        assert f"{digit} {says}" in shown
        assert "diagonal" not in shown


# -- every key the help lists does what it says ----------------------------------------------

def help_line(app: PuzzleApp, what: str) -> list[str]:
    """The keys the open help screen lists for ``what``."""
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    return next(keys.split() for _, rows in help_screen.keys for keys, said in rows
                if said.startswith(what))


async def test_arith_takes_the_redo_and_reveal_keys_its_help_lists(ui_home: Path) -> None:
    """The help of every game lists U (redo) and V (reveal the whole solution); the
    arithmetic screen bound neither, so both did nothing."""
    app = make_app(ui_home, game_id="arith:mul3x2:hard#ui")
    async with app.run_test(size=(100, 40)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, ArithScreen) and screen.session is not None
        await pilot.press("question_mark")
        assert help_line(app, "undo / redo") == ["u", "z", "/", "y", "U"]
        assert "V" in help_line(app, "reveal the whole solution")
        await pilot.press("escape")
        session = screen.session
        r, i = screen.cursor
        await pilot.press("7", "u")
        assert session.state.values[r][i] is None
        await pilot.press("U")
        assert session.state.values[r][i] == 7
        await pilot.press("V")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert session.finished and session.assisted


async def test_pentomino_help_lists_its_own_keys_not_the_pieces(ui_home: Path) -> None:
    """On the pentomino board U and V pick pieces, yet the help listed them for redo and
    reveal, and a failed hint said "Reveal the solution (V)"."""
    app = make_app(ui_home, game_id="pentomino:6x10:easy#ui")
    async with app.run_test(size=(100, 50)) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, PentominoScreen)
        await pilot.press("question_mark")
        redo = help_line(app, "undo / redo")
        reveal = help_line(app, "reveal the whole solution")
        await pilot.press("escape")
        assert "U" not in redo and "y" in redo
        assert reveal == ["A"]
        assert "(A)" in screen.no_hint_text()
        await pilot.press("A")
        assert isinstance(app.screen, ConfirmScreen)


# -- the help of the home, calendar, stats and leaderboard screens ------------------------------

async def test_each_screen_helps_with_its_own_keys(ui_home: Path) -> None:
    """`?` on the calendar, stats or leaderboard showed the home screen's keys ("c: continue
    the game in progress"), and the home help left out d, s and l."""
    app = make_app(ui_home)
    async with app.run_test(size=(100, 40)) as pilot:
        await ready(pilot)
        for opener, title in ((None, "Home"), ("d", "Daily calendar"), ("s", "Stats"),
                              ("l", "Leaderboard")):
            if opener is not None:
                await pilot.press(opener)
                await ready(pilot)
            bound = {key for key in app.screen.active_bindings if len(key) == 1}
            await pilot.press("question_mark")
            help_screen = app.screen
            assert isinstance(help_screen, HelpScreen)
            assert help_screen.keys[0][0] == title
            letters = {key for _, rows in help_screen.keys for keys, _ in rows
                       for key in keys.split() if len(key) == 1 and key.isalpha()}
            assert letters and letters <= bound, (title, letters - bound)
            if title == "Home":
                assert {"d", "s", "l"} <= letters
            await pilot.press("escape")
            if opener is not None:
                await pilot.press("escape")
            await pilot.pause()


# -- a long hint fits at 80x24 ------------------------------------------------------------------

async def test_a_long_hint_shows_its_end_at_80x24(ui_home: Path) -> None:
    """A long explanation (an XY-Chain's, now an ALS-XZ's at this step) took more lines than
    the side panel has at 80x24: its end, what it removes and "(t again: apply it)", fell
    off the bottom of the screen."""
    app = make_app(ui_home, game_id="sudoku:9x9:extreme#771")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = app.screen
        session = screen.session
        assert isinstance(screen, SudokuScreen) and session is not None
        for _ in range(22):  # the human solver's own steps, up to its long explanation
            step = session.hint()
            assert step is not None and session.play(step.move)
        screen.redraw()
        await pilot.press("t")
        await ready(pilot)
        await pilot.press("t")
        await ready(pilot)
        step = screen.game.hint_step
        assert step is not None and len(step.explanation) > 200
        shown = screen_text(app)
        assert "(t again: apply it)" in shown
        assert step.explanation.split()[-1] in shown  # its end: the last cell it clears
        await pilot.press("t")  # applied: the panel shows its top again
        await ready(pilot)
        assert "Sudoku 9x9" in screen_text(app)


# -- narrow terminals (a phone's SSH client) ----------------------------------------------------

@pytest.mark.parametrize("width", [40, 30])
async def test_the_calendar_in_a_narrow_terminal(ui_home: Path, width: int) -> None:
    """At 40 columns the day's list was squeezed to no width beside the month and the app
    died (Rich cannot wrap at width 0); now the list goes under the month."""
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("d")
        await ready(pilot)
        await pilot.resize_terminal(width, 30)
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "CalendarScreen"
        shown = screen_text(app)
        assert "Sudoku 9x9" in shown and "X-Sudoku 5x5" in shown


@pytest.mark.parametrize("keys", [(), ("enter",), ("l",)])
async def test_lists_survive_a_terminal_a_dozen_columns_wide(ui_home: Path,
                                                             keys: tuple[str, ...]) -> None:
    """The home menu, the new-game chooser and the leaderboard died at 12 columns."""
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        for key in keys:
            await pilot.press(key)
            await ready(pilot)
        await pilot.resize_terminal(12, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and app._exception is None
