"""What a new player hit in the Sudoku screens, played with Pilot (one test per point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.style import Style
from textual import events
from textual.color import Color
from textual.filter import NoColor
from textual.pilot import Pilot

from puzzleterm.screens.dialogs import ConfirmScreen
from puzzleterm.screens.home import HomeScreen

from .conftest import EASY9, X5, FakeClock
from .test_ui_play import SIXTEEN, playing, ready

# -- keys typed quickly act on the state the key before left ---------------------------------

async def burst(pilot: Pilot[Any], *keys: str) -> None:
    """Send keys as a fast typist or a paste does: all queued before any is handled
    (``pilot.press`` waits for the app to go idle after each key)."""
    app = pilot.app
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


async def test_keys_in_one_burst_follow_the_mode_the_key_before_set(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await burst(g.pilot, "m", "5")
        assert g.screen.pencil
        assert g.session.moves == ("r1c1+5",)
        await burst(g.pilot, "m", "4", "u", "right", "6")
        assert not g.screen.pencil
        # 4 placed then undone (marks kept), then 6 in r1c2
        assert g.session.state.values[:2] == (0, 6)
        assert g.session.state.marks[0] == 1 << 4


# -- the quit dialog focuses its action --------------------------------------------------------

async def test_quit_dialog_enter_quits_escape_stays_arrows_move(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("4", "q")
        dialog = g.app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.focused is not None and dialog.focused.id == "yes"
        await g.press("right")
        assert dialog.focused is not None and dialog.focused.id == "no"
        await g.press("left")
        assert dialog.focused is not None and dialog.focused.id == "yes"
        await g.press("escape")
        assert not isinstance(g.app.screen, ConfirmScreen)
        assert g.app.is_running and g.session.moves == ("r1c1=4",)
        await g.press("q")
        assert isinstance(g.app.screen, ConfirmScreen)
        await g.press("enter")
    assert g.app.return_value == 0


# -- the cursor comes back where it was ------------------------------------------------------

async def test_the_cursor_is_where_it_was_after_quit_and_resume(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("down", "down", "right", "4")
        assert g.screen.cursor == 19
        await g.press("q", "y")
    async with playing(ui_home, None) as g:
        assert isinstance(g.app.screen, HomeScreen)
        await g.press("c")
        assert g.screen.cursor == 19


# -- the clock stops whenever the board is hidden --------------------------------------------

async def test_the_clock_stops_under_the_quit_dialog(ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        ui_clock.advance(10)
        await g.press("4", "q")
        assert isinstance(g.app.screen, ConfirmScreen)
        ui_clock.advance(300)
        await g.press("escape")
        ui_clock.advance(5)
        assert g.game.elapsed == 15


@pytest.mark.parametrize("key", ["i", "n", "V", "question_mark"],
                         ids=["game-id", "new-game", "reveal-all", "help"])
async def test_the_clock_stops_under_every_dialog(ui_home: Path, ui_clock: FakeClock,
                                                  key: str) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        screen, game = g.screen, g.game
        ui_clock.advance(10)
        await g.press(key)
        assert g.app.screen is not screen
        ui_clock.advance(300)
        await g.press("escape")
        assert g.app.screen is screen
        ui_clock.advance(5)
        assert game.elapsed == 15


async def test_the_clock_stops_behind_the_too_small_notice(ui_home: Path,
                                                           ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        ui_clock.advance(10)
        await g.pilot.resize_terminal(40, 10)
        await g.pilot.pause()
        assert "Enlarge" in g.text()
        ui_clock.advance(100)
        await g.pilot.resize_terminal(80, 24)
        await g.pilot.pause()
        ui_clock.advance(1)
        assert g.game.elapsed == 11


async def test_the_game_pauses_itself_after_five_idle_minutes(ui_home: Path,
                                                              ui_clock: FakeClock) -> None:
    async with playing(ui_home, EASY9, clock=ui_clock) as g:
        await g.press("4")
        ui_clock.advance(200)
        g.screen._tick()  # what the one-second timer runs
        assert not g.game.paused  # under five minutes
        await g.press("right")  # a key: the idle time starts over
        ui_clock.advance(200)
        g.screen._tick()
        assert not g.game.paused
        ui_clock.advance(150)
        g.screen._tick()
        await g.pilot.pause()
        assert g.game.paused and g.game.auto_paused
        # the idle minutes are not play time: the clock is set back to the last key
        assert g.game.elapsed == 200
        assert "Paused" in g.text() and "no key for 5 minutes" in g.text()
        assert "03:20" in g.text()
        await g.press("p")
        assert not g.game.paused


async def test_a_game_that_paused_itself_comes_back_paused_after_a_restart(
        ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, EASY9, clock=ui_clock) as g:
        await g.press("4")
        ui_clock.advance(20)
        await g.press("right")
        ui_clock.advance(400)
        g.screen._tick()  # five minutes without a key: the game pauses itself
        await g.pilot.pause()
        assert g.game.paused and g.game.elapsed == 20  # back to the last key
        ui_clock.advance(1000)
        await g.press("q")
        assert isinstance(g.app.screen, ConfirmScreen)
        await g.press("y")

    ui_clock.advance(3600)
    async with playing(ui_home, None, clock=ui_clock) as g:
        assert "Continue" in g.text() and "00:20" in g.text()
        await g.press("enter")
        screen, session, game = g.screen, g.session, g.game
        assert session.moves == ("r1c1=4",)
        # paused as it was left: the board hidden, the clock stopped where the pause began
        assert game.paused and not screen.board.display
        assert "Paused" in g.text() and "00:20" in g.text()
        ui_clock.advance(600)
        screen._tick()
        await g.pilot.pause()
        assert game.elapsed == 20
        await g.press("5")  # no moves while paused
        assert session.moves == ("r1c1=4",)
        await g.press("p")  # the player is back: the board shows and the clock runs
        assert not game.paused and screen.board.display
        ui_clock.advance(7)
        assert game.elapsed == 27


# -- the board: diagonals, marks that never pass for digits, 16x16 marks ----------------------

def cell_lines(g: Any, cell: int) -> list[list[tuple[str, Any]]]:
    """The characters of one cell on the board, line by line, with their styles."""
    board = g.screen.board
    lines = board.render_lines_text(board.view, board.layout_spec)
    n = g.session.state.geo.n
    r, c = divmod(cell, n)
    xs = [x for x, col in enumerate(board._col_at) if col == c]
    out = []
    for y, row in enumerate(board._row_at):
        if row == r:
            text = lines[y]
            out.append([(text.plain[x], text.get_style_at_offset(g.app.console, x))
                        for x in xs])
    return out


async def test_x_sudoku_diagonals_show_without_colour(ui_home: Path,
                                                      monkeypatch: Any) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with playing(ui_home, X5) as g:
        assert g.app.no_color
        n = 5
        for cell in range(n * n):
            r, c = divmod(cell, n)
            chars = "".join(ch for line in cell_lines(g, cell) for ch, _ in line)
            assert ("╲" in chars) == (r == c), (r, c, chars)
            assert ("╱" in chars) == (r + c == n - 1), (r, c, chars)
        await g.pilot.resize_terminal(60, 14)  # the smallest layout: one line per cell
        await g.pilot.pause()
        assert g.screen.board.layout_spec.cell_h == 1
        assert "".join(ch for ch, _ in cell_lines(g, 12)[0]) == "╳ ╳"  # the centre
        assert "".join(ch for ch, _ in cell_lines(g, 6)[0])[0] == "╲"
        # the cursor has no colour to show it: it is drawn in reverse
        assert all(style.reverse for _, style in cell_lines(g, g.screen.cursor)[0])


def drawn_without_colour(g: Any, cell: int) -> list[tuple[str, Style]]:
    """One cell's characters as the board draws them (its line API) once Textual's NO_COLOR
    filter took every colour out."""
    board = g.screen.board
    n = g.session.state.geo.n
    r, c = divmod(cell, n)
    xs = [x for x, col in enumerate(board._col_at) if col == c]
    out = []
    for y, row in enumerate(board._row_at):
        if row == r:
            strip = board.render_line(y).crop(xs[0], xs[-1] + 1)
            strip = strip.apply_filter(NoColor(), Color(0, 0, 0))
            out.extend((ch, seg.style or Style()) for seg in strip for ch in seg.text)
    return out


async def test_hint_highlights_show_without_colour(ui_home: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    async with playing(ui_home) as g:
        assert g.app.no_color
        await g.press("M", "t")  # every cell's candidates, then a hint
        await ready(g.pilot)
        await g.press("t")  # the step highlighted
        view = g.screen.board.view
        assert view is not None and g.screen.game.hint_stage == 2
        hinted = view.hint_cells | view.hint_targets
        cursor = g.screen.cursor
        assert hinted - {cursor}
        plain = [cell for cell in range(81) if cell not in hinted and cell != cursor
                 and cell not in view.hint_house_cells]
        for cell in plain:
            assert not any(st.underline or st.reverse for _, st in drawn_without_colour(g, cell))
        for cell in hinted - {cursor}:
            chars = drawn_without_colour(g, cell)
            # every character of the cell, blanks included, is underlined: the hint shows
            assert chars and all(st.underline for _, st in chars), cell
            assert all(st.color in (None, RichColor.default())
                       and st.bgcolor in (None, RichColor.default()) for _, st in chars)
        for cell in view.hint_targets - {cursor}:
            if not g.session.state.values[cell]:
                marks = [st for ch, st in drawn_without_colour(g, cell) if ch not in " ·"]
                assert marks and all(st.bold for st in marks)
        # the blank of a hinted cell and of a plain one differ by a text attribute alone
        blank = {st.without_color for ch, st in drawn_without_colour(g, plain[0]) if ch == " "}
        lit = {st.without_color for ch, st in drawn_without_colour(g, min(hinted - {cursor}))
               if ch == " "}
        assert blank and lit and not blank & lit


@pytest.mark.parametrize("size", [(80, 24), (100, 40)], ids=["two-line", "mini-grid"])
async def test_a_lone_mark_does_not_look_like_a_digit(ui_home: Path,
                                                      size: tuple[int, int]) -> None:
    async with playing(ui_home, size=size) as g:
        await g.press("m", "5", "m")  # a mark 5 in r1c1
        await g.goto(31)
        await g.press("5", "right")  # a digit 5 in r4c5 (not a peer of r1c1); move on
        mark, digit = cell_lines(g, 0), cell_lines(g, 31)
        (dy, dx), = [(y, x) for y, line in enumerate(digit) for x, (ch, _) in enumerate(line)
                     if ch != " "]
        (my, mx), = [(y, x) for y, line in enumerate(mark) for x, (ch, _) in enumerate(line)
                     if ch == "5"]
        assert mark[my][mx][1].dim and not digit[dy][dx][1].dim
        # the mark sits in its slot of the marks' grid, the other slots dotted
        assert sum(ch == "·" for line in mark for ch, _ in line) == 8
        assert mark[dy][dx][0] != " " or (my, mx) != (dy, dx)


async def test_sixteen_by_sixteen_shows_pencil_marks_when_there_is_room(ui_home: Path) -> None:
    async with playing(ui_home, SIXTEEN, size=(110, 72)) as g:
        cell = g.screen.cursor
        await g.press("m", "1", "g")
        layout = g.screen.board.layout_spec
        assert layout is not None and layout.marks == "grid"
        chars = [ch for line in cell_lines(g, cell) for ch, _ in line]
        assert chars.count("1") == 1 and chars.count("G") == 1 and chars.count("·") == 14
        await g.pilot.resize_terminal(175, 40)
        await g.pilot.pause()
        assert g.screen.board.layout_spec.marks == "rows"
        lines = ["".join(ch for ch, _ in line) for line in cell_lines(g, cell)]
        assert lines[0].strip() == "1·······" and lines[1].strip() == "·······G"
        await g.pilot.resize_terminal(80, 24)  # no room: the panel lists them
        await g.pilot.pause()
        assert g.screen.board.layout_spec.marks == "none" and "Marks 1 G" in g.text()


async def test_a_key_typed_right_after_one_that_opens_a_dialog_goes_to_the_dialog(
        ui_home: Path) -> None:
    async with playing(ui_home) as g:
        session = g.session
        await g.press("4", "u")  # something to redo: y must not redo it under the dialog
        await burst(g.pilot, "q", "n")
        assert not isinstance(g.app.screen, ConfirmScreen)
        assert session.moves == ("r1c1=4",) and session.pos == 0
        await burst(g.pilot, "V", "y")  # reveal all, confirmed in the same burst
        await g.pilot.pause()
        assert session.finished, (type(g.app.screen).__name__, session.moves, session.pos)


async def test_keys_typed_in_one_burst_from_home_reach_the_screens_they_open(
        ui_home: Path) -> None:
    # Enter (Sudoku), down down (6x6), Enter (to the levels), down, Enter (deal): one chooser, the
    # size and level moved to, and the game; before, each Enter reached the home menu and
    # stacked another chooser
    from puzzleterm.app import PuzzleApp
    from puzzleterm.screens.dialogs import NewGameScreen
    from puzzleterm.screens.sudoku import SudokuScreen

    app = PuzzleApp(home=ui_home, clock=lambda: 0.0, seeds=lambda: "burst")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await burst(pilot, "enter", "down", "down", "enter", "down", "enter")
        for _ in range(50):
            await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            if isinstance(app.screen, SudokuScreen) and app.screen.session is not None:
                break
        stack = [type(s) for s in app.screen_stack]
        assert NewGameScreen not in stack and isinstance(app.screen, SudokuScreen), stack
        session = app.screen.session
        assert session is not None
        assert session.puzzle.params == "6x6"
        assert session.level is not None and session.level.name.lower() == "medium"
