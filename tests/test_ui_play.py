"""Pilot tests: the app played with keys, asserting on the session, the store and the screen."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import Level, Step, all_kinds
from puzzleterm.screens.dialogs import CompletionScreen, ConfirmScreen, NewGameScreen
from puzzleterm.screens.help import HelpScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.screens.play import PlayScreen
from puzzleterm.session import SavedGame, human_solver_available
from puzzleterm.store import Store

from .conftest import FakeClock

EASY9 = ("sudoku:9x9:..3.2.6..9..3.5..1..18.64....81.29..7......."
         "8..67.82....26.95..8..2.3..9..5.1.3..")
SOL9 = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# the solution with three holes (r1c1, r5c5, r9c9): a puzzle a few keys from done
NEARLY9 = "sudoku:9x9:." + SOL9[1:40] + "." + SOL9[41:80] + "."
X5 = "xsudoku:5x5:.2..4....34...1.........."
LATIN5 = "latin:5x5:35....42....1.5..5.....1."
SIXTEEN = "sudoku:16x16:any#ui-test"

needs_solver = pytest.mark.skipif(not human_solver_available(),
                                  reason="the human-style solver is not installed yet")


def make_app(home: Path, clock: FakeClock | None = None, game_id: str | None = None,
             **kw: Any) -> PuzzleApp:
    kw.setdefault("grader", None)  # grading is tested once, below; it costs time
    return PuzzleApp(home=home, clock=clock or FakeClock(), seeds=lambda: "ui-seed",
                     game_id=game_id, **kw)


async def ready(pilot: Pilot[Any]) -> None:
    """Let dealing (a worker thread) finish and the screen settle."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def play(app: PuzzleApp) -> PlayScreen:
    screen = app.screen
    assert isinstance(screen, PlayScreen), type(screen).__name__
    assert screen.session is not None
    return screen


async def goto(pilot: Pilot[Any], screen: PlayScreen, cell: int) -> None:
    assert screen.session is not None
    n = screen.session.state.geo.n
    r0, c0 = divmod(screen.cursor, n)
    r1, c1 = divmod(cell, n)
    keys = (["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1))
    keys += (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))
    await pilot.press(*keys)
    assert screen.cursor == cell


# -- home -------------------------------------------------------------------------------------

async def test_home_lists_every_kind_and_the_daily_placeholder(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        text = ui_screen_text(app)
        for kind in all_kinds():
            assert kind.title in text
            assert kind.param_choices()[0] in text
        assert "Daily puzzles" in text and "Coming in a later" in text
        assert "Continue" not in text  # nothing saved yet


async def test_new_game_from_home_through_the_chooser(ui_home: Path) -> None:
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Sudoku
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        # size list: 9x9 is highlighted; Enter moves to levels; pick "Any" (last) and start
        await pilot.press("enter", "end", "enter")
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        assert session.puzzle.params == "9x9" and session.kind.name == "sudoku"
        assert session.puzzle.seed_id == "sudoku:9x9:any#ui-seed"
        # the new game is saved at once
        saved = Store.open(ui_home).load_current()
        assert saved is not None and saved.game_id == session.game_id


async def test_chooser_deals_another_size_and_level(ui_home: Path) -> None:
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "down", "enter", "home", "enter")  # 4x4, first level
        await ready(pilot)
        session = play(app).session
        assert session is not None
        assert session.state.geo.n == 4
        if human_solver_available():
            assert session.level is Level.EASY


async def test_dealing_runs_in_a_worker_and_the_ui_stays_responsive(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    import threading

    release = threading.Event()

    def slow_seed() -> str:  # called in the worker thread, before generating
        release.wait(5)
        return "slow"

    app = PuzzleApp(home=ui_home, clock=FakeClock(), seeds=slow_seed, grader=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter", "enter", "end", "enter")  # X-Sudoku 5x5
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayScreen) and screen.session is None
        assert screen.query_one("#loading").display
        assert "Dealing a 5x5 puzzle" in ui_screen_text(app)
        await pilot.press("4", "u", "m", "question_mark")  # no game yet: harmless
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)  # the UI answers while dealing
        await pilot.press("escape")
        release.set()
        await ready(pilot)
        session = play(app).session
        assert session is not None and session.puzzle.seed_id == "xsudoku:5x5:any#slow"
        assert not screen.query_one("#loading").display


async def test_new_game_from_the_play_screen_replaces_the_save(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("4", "n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("down", "enter", "end", "enter")  # 4x4, any level
        await ready(pilot)
        session = play(app).session
        assert session is not None and session.state.geo.n == 4 and session.moves == ()
        saved = Store.open(ui_home).load_current()
        assert saved is not None and saved.params == "4x4"


async def test_escape_while_dealing_keeps_the_old_save(ui_home: Path) -> None:
    import threading

    release = threading.Event()

    def slow_seed() -> str:
        release.wait(5)
        return "late"

    store = Store.open(ui_home)
    store.save_current(SavedGame(kind="sudoku", params="9x9", game_id=EASY9,
                                 moves=("r1c1=4",), pos=1))
    store.close()
    app = PuzzleApp(home=ui_home, clock=FakeClock(), seeds=slow_seed, grader=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter", "down", "enter", "end", "enter")  # Sudoku 4x4
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        release.set()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    saved = Store.open(ui_home).load_current()
    assert saved is not None and saved.game_id == EASY9 and saved.moves == ("r1c1=4",)


# -- moving and entering ---------------------------------------------------------------------

async def test_cursor_moves_with_arrows_hjkl_and_wasd(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        assert screen.cursor == 0
        await pilot.press("right", "l", "d")
        assert screen.cursor == 3
        await pilot.press("down", "j", "s")
        assert screen.cursor == 30
        await pilot.press("left", "h", "a", "up", "k", "w")
        assert screen.cursor == 0
        await pilot.press("up", "left")  # wraps around the edges
        assert screen.cursor == 80


async def test_place_clear_and_givens_are_protected(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        await pilot.press("4")
        assert session.state.values[0] == 4
        assert session.moves == ("r1c1=4",)
        await pilot.press("0")
        assert session.state.values[0] == 0
        await pilot.press("5", "backspace")
        assert session.state.values[0] == 0
        await pilot.press("6", "delete")
        assert session.state.values[0] == 0
        assert session.moves == ("r1c1=4", "r1c1-", "r1c1=5", "r1c1-", "r1c1=6", "r1c1-")
        await goto(pilot, screen, 2)  # r1c3 is a given 3
        before = session.state
        await pilot.press("7", "0")
        assert session.state is before
        assert any("given" in n.message for n in app._notifications)


async def test_pencil_marks_toggle_and_leave_peers_when_a_digit_is_placed(
        ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        await pilot.press("m")
        assert screen.pencil
        await pilot.press("4", "5", "8", "5")
        assert session.state.marks[0] == (1 << 3) | (1 << 7)  # 4 and 8
        await goto(pilot, screen, 1)  # r1c2, same row
        await pilot.press("4", "8")
        await pilot.press("m")  # back to digits
        assert not screen.pencil
        await goto(pilot, screen, 3)  # r1c4, a peer of both by row
        await pilot.press("8")
        assert session.state.values[3] == 8
        assert session.state.marks[0] == 1 << 3  # 8 removed from its peers' marks
        assert session.state.marks[1] == 1 << 3


async def test_auto_candidates_fill_every_empty_cell(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = play(app).session
        assert session is not None
        await pilot.press("M")
        st = session.state
        cand = st.candidates()
        assert session.moves == ("auto",)
        assert all(st.marks[c] == cand[c] for c in range(81) if not st.values[c])
        assert st.marks[0] != 0


async def test_undo_and_redo(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = play(app).session
        assert session is not None
        await pilot.press("4", "right", "8")
        assert session.state.values[:2] == (4, 8)
        await pilot.press("u")
        assert session.state.values[:2] == (4, 0)
        await pilot.press("z")
        assert session.state.values[:2] == (0, 0)
        await pilot.press("y")
        assert session.state.values[:2] == (4, 0)
        await pilot.press("U")
        assert session.state.values[:2] == (4, 8)
        await pilot.press("u", "u", "5")  # a new move drops the redo list
        assert session.moves == ("r1c2=5",)
        await pilot.press("R")  # restart is a move too, and undoable
        assert session.state == session.initial
        await pilot.press("u")
        assert session.state.values[1] == 5


async def test_conflicts_are_marked_on_the_board(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        await pilot.press("3")  # r1c1 = 3, but r1c3 is a given 3
        assert screen.board.view is not None
        assert screen.board.view.conflicts == frozenset({0, 2})
        assert "repeats" in ui_screen_text(app)
        await pilot.press("0")
        assert screen.board.view.conflicts == frozenset()


async def test_mistake_checking_against_the_solution(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        await pilot.press("5")  # wrong (the solution has 4) but no repeat
        assert screen.board.view is not None
        assert screen.board.view.mistakes == frozenset()
        await pilot.press("x")
        assert screen.board.view.mistakes == frozenset({0})
        await pilot.press("4")
        assert screen.board.view.mistakes == frozenset()


# -- hints, reveal, completion ---------------------------------------------------------------

@needs_solver
async def test_hint_nudges_then_explains_then_applies(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        await pilot.press("t")
        step = screen.hint_step
        assert step is not None and screen.hint_stage == 1
        assert "Hint:" in ui_screen_text(app)
        assert session.moves == ()
        await pilot.press("t")
        assert screen.hint_stage == 2
        view = screen.board.view
        assert view is not None and view.hint_targets | view.hint_cells
        assert f"{step.name}:" in ui_screen_text(app)
        await pilot.press("t")
        assert session.moves and session.moves[-1].startswith("hint:")
        assert session.assisted and session.hints_applied == 1 and session.hints_used == 1
        for cell, digit in step.placements:
            assert session.state.values[cell] == digit
        assert screen.hint_step is None  # the next press starts over from the new position


async def test_hint_with_an_injected_solver(ui_home: Path) -> None:
    """The hint flow does not depend on which solver answers."""
    step = Step(technique="full_house", name="Full house", level=Level.EASY, rating=1.0,
                placements=((0, 4),), cells=(0,), houses=(0,),
                explanation="r1c1 is the last cell of row 1: 4", nudge="Look at row 1")

    class Hints:
        def next_step(self, state: Any) -> Step | None:
            return step if not state.values[0] else None

        def step_move(self, state: Any, s: Step) -> str:
            return "r1c1=4"

    app = make_app(ui_home, game_id=NEARLY9, hints=Hints())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        await pilot.press("t", "t", "t")
        assert session.moves == ("hint:r1c1=4",)
        assert session.assisted


@needs_solver
async def test_puzzles_dealt_without_a_level_are_graded(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    from puzzleterm.app import default_grader

    app = make_app(ui_home, game_id=EASY9, grader=default_grader())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = play(app).session
        assert session is not None and session.level is Level.EASY
        assert session.rating is not None
        assert "easy (" in ui_screen_text(app)


async def test_hint_key_is_hidden_without_a_solver(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=EASY9, hints=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = play(app).session
        assert session is not None
        assert "Hint" not in ui_screen_text(app)
        await pilot.press("t")
        assert session.moves == () and session.hints_used == 0


async def test_completing_a_puzzle_shows_the_completion_dialog(
        ui_home: Path, ui_clock: FakeClock, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, ui_clock, game_id=NEARLY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        ui_clock.advance(75)
        await pilot.press("4")
        await goto(pilot, screen, 40)
        await pilot.press("6")
        await goto(pilot, screen, 80)
        await pilot.press("2")
        await pilot.pause()
        assert session.finished
        assert isinstance(app.screen, CompletionScreen)
        text = ui_screen_text(app)
        assert "Solved!" in text and "01:15" in text and "Solved unaided" in text
        ui_clock.advance(100)
        assert session.elapsed == 75  # the clock stops once solved
        store = Store.open(ui_home)
        assert store.load_current() is None and store.finished_count() == 1
        await pilot.press("h")  # home
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_reveal_cell_and_reveal_all_count_as_assisted(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        await pilot.press("v")
        assert session.state.values[0] == 4 and session.moves == ("reveal:r1c1=4",)
        assert session.assisted and session.reveals == 1
        await pilot.press("V")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert session.finished
        assert isinstance(app.screen, CompletionScreen)
        assert "Assisted" in ui_screen_text(app)


# -- time, pause, saves ----------------------------------------------------------------------

async def test_pause_hides_the_board_and_stops_the_clock(
        ui_home: Path, ui_clock: FakeClock, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, ui_clock, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        ui_clock.advance(10)
        await pilot.press("p")
        assert session.paused and not screen.board.display
        assert "Paused" in ui_screen_text(app)
        ui_clock.advance(50)
        await pilot.press("4")  # ignored while paused
        assert session.moves == ()
        await pilot.press("p")
        assert screen.board.display
        ui_clock.advance(5)
        assert session.elapsed == 15


async def test_leaving_the_app_or_the_screen_stops_the_clock(
        ui_home: Path, ui_clock: FakeClock) -> None:
    app = make_app(ui_home, ui_clock, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = play(app).session
        assert session is not None
        ui_clock.advance(3)
        app.post_message(events.AppBlur())
        await pilot.pause()
        ui_clock.advance(100)
        app.post_message(events.AppFocus())
        await pilot.pause()
        ui_clock.advance(2)
        assert session.elapsed == 5
        await pilot.press("question_mark")  # help hides the game
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        ui_clock.advance(30)
        await pilot.press("escape")
        await pilot.pause()
        assert session.elapsed == 5


async def test_quit_and_resume_the_same_game_with_its_moves_and_time(
        ui_home: Path, ui_clock: FakeClock, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, ui_clock, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        ui_clock.advance(42)
        await pilot.press("4", "right", "m", "6", "7", "m", "right", "right", "5", "u")
        session = screen.session
        assert session is not None
        moves, pos, state = session.moves, session.pos, session.state
        ui_clock.advance(100)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_value == 0

    again = make_app(ui_home, ui_clock)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = ui_screen_text(again)
        assert "Continue" in text and "02:22" in text
        await pilot.press("enter")
        await pilot.pause()
        restored = play(again).session
        assert restored is not None
        assert restored.moves == moves and restored.pos == pos and restored.state == state
        assert restored.elapsed == pytest.approx(142)
        await pilot.press("y")  # the redo list survived too
        assert restored.state.values[3] == 5


async def test_quit_without_a_game_needs_no_confirmation(ui_home: Path) -> None:
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_value == 0


async def test_a_save_that_does_not_replay_is_reported_and_set_aside(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    store = Store.open(ui_home)
    store.save_current(SavedGame(kind="sudoku", params="9x9", game_id=EASY9,
                                 moves=("r1c1=4", "r1c3=9"), pos=2))
    store.close()
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Continue
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("could not be restored" in n.message and "move 2" in n.message
                   for n in app._notifications)
        assert "Continue" not in ui_screen_text(app)
    store = Store.open(ui_home)
    assert store.load_current() is None and store.set_aside_count() == 1


async def test_a_corrupt_store_is_moved_aside_and_the_app_still_starts(ui_home: Path) -> None:
    ui_home.mkdir(parents=True)
    (ui_home / "puzzleterm.sqlite3").write_bytes(b"this is not a database" * 100)
    app = make_app(ui_home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert any("moved" in n.message for n in app._notifications)
        await pilot.press("enter", "enter", "end", "enter")
        await ready(pilot)
        play(app)
    assert list(ui_home.glob("puzzleterm.sqlite3.corrupt-*"))
    with sqlite3.connect(ui_home / "puzzleterm.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM current").fetchone()[0] == 1


async def test_escape_goes_home_and_continue_resumes(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("4", "escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "Continue" in ui_screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        session = play(app).session
        assert session is not None and session.moves == ("r1c1=4",)


# -- sizes and variants ----------------------------------------------------------------------

async def test_too_small_terminal_says_how_big_it_must_be(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=EASY9)
    async with app.run_test(size=(50, 12)) as pilot:
        await ready(pilot)
        text = ui_screen_text(app)
        assert "Enlarge the terminal to" in text
        assert "┏" not in text  # no cut-off board
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        text = ui_screen_text(app)
        assert "Enlarge" not in text and "┏" in text


async def test_sixteen_by_sixteen_takes_letters_as_digits(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=SIXTEEN)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        session = screen.session
        assert session is not None
        cell = screen.cursor
        sol = session.state.solution
        await pilot.press(session.state.geo.symbol(sol[cell]).lower())
        assert session.state.values[cell] == sol[cell]
        await pilot.press("a")  # a digit here, not a move
        assert session.state.values[cell] == 10 and screen.cursor == cell


async def test_x_sudoku_and_latin_shapes(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    app = make_app(ui_home, game_id=LATIN5)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        assert "△" not in ui_screen_text(app)
        await pilot.press("o")
        text = ui_screen_text(app)
        assert "△" in text and "□" in text  # 3 and 2 are given in row 1
        assert play(app).session is not None
    app = make_app(ui_home, game_id=X5)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        assert screen.board.view is not None
        assert screen.board.view.state.geo.diagonals


async def test_the_board_draws_in_the_terminal_s_own_ansi_colours(
        ui_home: Path, ui_screen_text: Callable[[Any], str]) -> None:
    from puzzleterm.widgets.board import ANSI_PALETTE

    app = make_app(ui_home, game_id=X5, ansi_color=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        assert screen.board.palette is ANSI_PALETTE
        await pilot.press("M", "right", "3")
        assert "┏" in ui_screen_text(app)


async def test_clicking_a_cell_moves_the_cursor(ui_home: Path) -> None:
    app = make_app(ui_home, game_id=X5)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        screen = play(app)
        board = screen.board
        # the cell of row 2, column 3 lies one line and one cell in from the borders
        x = board._col_at.index(2)
        y = board._row_at.index(1)
        await pilot.click(board, offset=(x, y))
        assert screen.cursor == 7


def test_hint_eliminations_stick_in_cells_without_marks() -> None:
    from puzzleterm.engine.gameid import load_game_id
    from puzzleterm.screens.play import pencil_first

    state = load_game_id(EASY9).state
    cand = state.candidates()
    digits = [d for d in range(1, 10) if cand[0] >> (d - 1) & 1]
    step = Step(technique="pointing", name="Pointing", level=Level.MEDIUM, rating=2.0,
                eliminations=((0, digits[0]),))
    move = pencil_first(state, step, f"r1c1-{digits[0]}")
    assert move == f"r1c1~{''.join(map(str, digits[1:]))};r1c1-{digits[0]}"
    marked = state.__class__(state.geo, state.givens, state.values, (1, *state.marks[1:]))
    assert pencil_first(marked, step, "r1c1-1") == "r1c1-1"  # marks there: left alone
