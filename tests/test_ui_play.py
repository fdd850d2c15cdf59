"""Pilot tests: the app played with keys, asserting on the session, the store and the screen."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets._footer import FooterKey

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import Level, all_kinds
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.sudoku.human.catalog import Deduction
from puzzleterm.engine.sudoku.state import solution_of
from puzzleterm.play import Play, SavedGame, Session
from puzzleterm.screens.dialogs import (
    CompletionScreen,
    ConfirmScreen,
    GameIdScreen,
    NewGameChoice,
    NewGameScreen,
)
from puzzleterm.screens.help import HelpScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.screens.sudoku import SudokuScreen as PlayScreen
from puzzleterm.store import SqliteStore, free_slot

from .conftest import (
    EASY9,
    LATIN5,
    NEARLY9,
    REAL,
    SOL9,
    X5,
    FakeClock,
    family_patched,
    screen_text,
)

SIXTEEN = "sudoku:16x16:any#ui-test"

def make_app(home: Path, clock: FakeClock | None = None, game_id: str | None = None,
             **kw: Any) -> PuzzleApp:
    kw.setdefault("seeds", lambda: "ui-seed")
    return PuzzleApp(home=home, clock=clock or FakeClock(), game_id=game_id, **kw)


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


@dataclass
class Game:
    """A running app on a play screen, with the handles the tests use."""

    pilot: Pilot[Any]
    app: PuzzleApp

    @property
    def screen(self) -> PlayScreen:
        return play(self.app)

    @property
    def game(self) -> Play:
        game = self.screen.game
        assert game is not None
        return game

    @property
    def session(self) -> Session:
        return self.game.session

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.pilot.pause()

    async def goto(self, cell: int) -> None:
        screen = self.screen
        n = self.session.state.geo.n
        r0, c0 = divmod(screen.cursor, n)
        r1, c1 = divmod(cell, n)
        keys = (["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1))
        keys += (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))
        await self.pilot.press(*keys)
        assert screen.cursor == cell

    def text(self) -> str:
        return screen_text(self.app)

    def toasts(self) -> list[str]:
        return [n.message for n in self.app._notifications]

    def keys(self) -> dict[str, bool]:
        """The footer's keys: description -> enabled."""
        return {k.description: not k.has_class("-disabled")
                for k in self.app.screen.query(FooterKey)}


@asynccontextmanager
async def playing(home: Path, game_id: str | None = EASY9, *, clock: FakeClock | None = None,
                  size: tuple[int, int] = (80, 24), **kw: Any) -> AsyncIterator[Game]:
    """Run the app on ``game_id`` (or on the home screen when None) until the block ends."""
    hints = kw.pop("hints", REAL)
    grader = kw.pop("grader", None)  # grading is tested once, below; it costs time
    app = make_app(home, clock, game_id=game_id, **kw)
    with family_patched(hints, grader):
        async with app.run_test(size=size) as pilot:
            await ready(pilot)
            yield Game(pilot, app)


def save_game(home: Path, moves: tuple[str, ...]) -> None:
    """A saved EASY9 game in progress, as a previous run left it."""
    store = SqliteStore.open(home)
    store.save_current(SavedGame(kind="sudoku", params="9x9", game_id=EASY9, moves=moves,
                                 pos=len(moves)))
    store.close()


def slow_seeds() -> tuple[threading.Event, Callable[[], str]]:
    """A seed source that holds dealing (in its worker thread) until released."""
    release = threading.Event()

    def seed() -> str:
        release.wait(30)
        return "slow"

    return release, seed


# -- home -------------------------------------------------------------------------------------

async def test_home_lists_every_kind_and_the_daily_set(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        assert isinstance(g.app.screen, HomeScreen)
        text = g.text()
        for kind in all_kinds():
            assert kind.title in text
            assert kind.param_choices()[0] in text
        assert "Daily ·" in text and "Calendar…" in text and "Stats…" in text
        assert "Continue" not in text  # nothing saved yet


async def test_a_narrow_home_screen_drops_the_daily_box_and_dialogs_fit(ui_home: Path) -> None:
    save_game(ui_home, ("r1c1=4",))
    async with playing(ui_home, None, size=(54, 14)) as g:
        text = g.text()
        assert "Daily puzzles" not in text
        assert "Continue  Sudoku 9x9 · 00:00" in text  # one line, no move count to wrap
        await g.press("down", "enter")
        assert isinstance(g.app.screen, NewGameScreen)
        dialog = g.app.screen.query_one(".dialog")
        assert dialog.region.width <= 54 and dialog.region.x >= 0


async def test_new_game_from_home_through_the_chooser(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        await g.press("enter")  # Sudoku
        assert isinstance(g.app.screen, NewGameScreen)
        # size list: 9x9 is highlighted; Enter moves to levels; pick "Any" (last) and start
        await g.press("enter", "end", "enter")
        await ready(g.pilot)
        session = g.session
        assert session.puzzle.params == "9x9" and session.kind.name == "sudoku"
        assert session.puzzle.seed_id == "sudoku:9x9:any#ui-seed"
        # the new game is saved at once
        saved = SqliteStore.open(ui_home).load_current()
        assert saved is not None and saved.game_id == session.game_id


async def test_chooser_deals_another_size_and_level(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        await g.press("enter", "down", "enter", "home", "enter")  # 4x4, first level
        await ready(g.pilot)
        assert g.session.state.geo.n == 4
        assert g.session.level is Level.EASY


async def test_the_level_list_offers_only_levels_the_size_reaches(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        await g.press("enter")
        chooser = g.app.screen
        assert isinstance(chooser, NewGameScreen)
        assert chooser.levels[-2:] == [Level.EXTREME, None]  # 9x9: every level, and "any"
        assert "top out" not in g.text()
        await g.press("tab", "down", "down")  # levels: Hard
        assert chooser.chosen_level is Level.HARD
        await g.press("shift+tab", "down")  # size 4x4: all singles
        assert chooser.chosen_size == "4x4"
        assert chooser.levels == [Level.EASY, None] and chooser.chosen_level is Level.EASY
        assert "4x4 puzzles top out at easy" in " ".join(g.text().split())
        await g.press("down")  # 6x6 reaches medium
        assert chooser.levels == [Level.EASY, Level.MEDIUM, None]
        await g.press("up", "up")  # back to 9x9: the level stays what the list shows
        assert chooser.chosen_level is Level.EASY
        await g.press("tab", "end", "enter")
        await ready(g.pilot)
        assert g.session.puzzle.params == "9x9" and g.session.puzzle.level is None


async def test_a_level_the_generator_could_not_reach_is_said(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        g.screen.new_deal(NewGameChoice("sudoku", "4x4", Level.MEDIUM))
        await ready(g.pilot)
        assert g.session.level is Level.EASY
        assert "No medium 4x4 puzzle could be dealt" in " ".join(g.text().split())


async def test_dealing_runs_in_a_worker_and_the_ui_stays_responsive(ui_home: Path) -> None:
    release, seed = slow_seeds()
    async with playing(ui_home, None, seeds=seed) as g:
        await g.press("down", "enter", "enter", "end", "enter")  # X-Sudoku 5x5
        screen = g.app.screen
        assert isinstance(screen, PlayScreen) and screen.session is None
        assert screen.query_one("#loading").display
        assert "Dealing a 5x5 puzzle" in g.text()
        assert not g.keys()["Pencil"] and not g.keys()["Pause"]  # nothing to play yet
        await g.press("4", "u", "m", "question_mark")  # no game yet: harmless
        assert isinstance(g.app.screen, HelpScreen)  # the UI answers while dealing
        await g.press("escape")
        release.set()
        await ready(g.pilot)
        assert g.session.puzzle.seed_id == "xsudoku:5x5:any#slow"
        assert not screen.query_one("#loading").display


async def test_new_game_from_the_play_screen_asks_only_before_dropping_a_game(
        ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("4", "n")
        assert isinstance(g.app.screen, NewGameScreen)
        await g.press("down", "enter", "end", "enter")  # 4x4, any level: 9x9 keeps its game
        await ready(g.pilot)
        assert not isinstance(g.app.screen, ConfirmScreen)
        assert g.session.state.geo.n == 4 and g.session.moves == ()
        store = SqliteStore.open(ui_home)
        kept = store.load_current(free_slot("sudoku", "9x9"))
        assert kept is not None and kept.moves == ("r1c1=4",)
        store.close()
        await g.press("n", "up", "enter", "end", "enter")  # 9x9 again: its game is at stake
        assert isinstance(g.app.screen, ConfirmScreen)
        assert "Sudoku 9x9" in g.text() and "will be lost" in g.text()
        await g.press("n")  # keep it
        assert g.session.state.geo.n == 4
        await g.press("n", "up", "enter", "end", "enter", "y")
        await ready(g.pilot)
        assert g.session.state.geo.n == 9 and g.session.moves == ()
        await g.press("n", "down", "enter", "end", "enter")  # 4x4 has no move: no question
        await ready(g.pilot)
        assert g.session.state.geo.n == 4


async def test_escape_while_dealing_keeps_the_old_save(ui_home: Path) -> None:
    save_game(ui_home, ("r1c1=4",))
    release, seed = slow_seeds()
    async with playing(ui_home, None, seeds=seed) as g:
        await g.press("down", "enter", "enter", "end", "enter")  # Sudoku 9x9
        assert isinstance(g.app.screen, ConfirmScreen)  # the saved game would be dropped
        await g.press("y")
        assert isinstance(g.app.screen, PlayScreen)
        await g.press("escape")
        assert isinstance(g.app.screen, HomeScreen)
        release.set()
        await ready(g.pilot)
    saved = SqliteStore.open(ui_home).load_current()
    assert saved is not None and saved.game_id == EASY9 and saved.moves == ("r1c1=4",)


# -- moving and entering ---------------------------------------------------------------------

async def test_cursor_moves_with_arrows_hjkl_and_wasd(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        screen = g.screen
        assert screen.cursor == 0
        await g.press("right", "l", "d")
        assert screen.cursor == 3
        await g.press("down", "j", "s")
        assert screen.cursor == 30
        await g.press("left", "h", "a", "up", "k", "w")
        assert screen.cursor == 0
        await g.press("up", "left")  # wraps around the edges
        assert screen.cursor == 80


async def test_place_clear_and_givens_are_protected(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        session = g.session
        await g.press("4")
        assert session.state.values[0] == 4
        assert session.moves == ("r1c1=4",)
        await g.press("0")
        assert session.state.values[0] == 0
        await g.press("5", "backspace")
        assert session.state.values[0] == 0
        await g.press("6", "delete")
        assert session.state.values[0] == 0
        assert session.moves == ("r1c1=4", "r1c1-", "r1c1=5", "r1c1-", "r1c1=6", "r1c1-")
        await g.goto(2)  # r1c3 is a given 3
        before = session.state
        await g.press("7", "0")
        assert session.state is before
        assert "r1c3 is a given" in g.text()


async def test_notices_show_in_the_panel_not_as_toasts_over_the_board(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.goto(2)  # a given
        await g.press("7", "8", "9", "0")
        assert g.text().count("is a given") == 1  # said once, not stacked
        assert g.toasts() == []
        await g.press("right")  # moving on clears it
        assert "is a given" not in g.text()
        await g.press("u")  # nothing to undo: the key is greyed out and does nothing
        assert g.session.moves == ()


async def test_footer_keys_follow_the_game(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        keys = g.keys()
        assert keys["Pencil"] and keys["Pause"] and keys["Hint"]
        assert not keys["Undo"] and not keys["Redo"]
        assert "Symbols" not in keys  # Latin 5x5 only
        await g.press("4")
        assert g.keys()["Undo"] and not g.keys()["Redo"]
        await g.press("u")
        assert g.keys()["Redo"]
        await g.press("p")
        keys = g.keys()
        assert keys["Pause"] and not keys["Pencil"] and not keys["Redo"]
        await g.press("p", "V", "y")  # solved: nothing left to play
        await g.press("escape")
        keys = g.keys()
        assert not keys["Pencil"] and not keys["Pause"] and not keys["Undo"]
        assert keys["New"] and keys["Home"]


async def test_pencil_marks_toggle_and_leave_peers_when_a_digit_is_placed(
        ui_home: Path) -> None:
    async with playing(ui_home) as g:
        screen, session = g.screen, g.session
        await g.press("m")
        assert screen.pencil
        await g.press("4", "5", "8", "5")
        assert session.state.marks[0] == (1 << 3) | (1 << 7)  # 4 and 8
        await g.goto(1)  # r1c2, same row
        await g.press("4", "8")
        await g.press("m")  # back to digits
        assert not screen.pencil
        await g.goto(3)  # r1c4, a peer of both by row
        await g.press("8")
        assert session.state.values[3] == 8
        assert session.state.marks[0] == 1 << 3  # 8 removed from its peers' marks
        assert session.state.marks[1] == 1 << 3


async def test_auto_candidates_fill_every_empty_cell(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("M")
        st = g.session.state
        cand = st.candidates()
        assert g.session.moves == ("auto",)
        assert all(st.marks[c] == cand[c] for c in range(81) if not st.values[c])
        assert st.marks[0] != 0


async def test_undo_and_redo(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        session = g.session
        await g.press("4", "right", "8")
        assert session.state.values[:2] == (4, 8)
        await g.press("u")
        assert session.state.values[:2] == (4, 0)
        await g.press("z")
        assert session.state.values[:2] == (0, 0)
        await g.press("y")
        assert session.state.values[:2] == (4, 0)
        await g.press("U")
        assert session.state.values[:2] == (4, 8)
        await g.press("u", "u", "5")  # a new move drops the redo list
        assert session.moves == ("r1c2=5",)
        await g.press("R")  # restart is a move too, and undoable
        assert session.state == session.initial
        await g.press("u")
        assert session.state.values[1] == 5


async def test_conflicts_are_marked_on_the_board(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        board = g.screen.board
        await g.press("3")  # r1c1 = 3, but r1c3 is a given 3
        assert board.view is not None
        assert board.view.conflicts == frozenset({0, 2})
        assert "repeats" in g.text()
        await g.press("0")
        assert board.view.conflicts == frozenset()


async def test_mistake_checking_against_the_solution(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        board = g.screen.board
        await g.press("5")  # wrong (the solution has 4) but no repeat
        assert board.view is not None
        assert board.view.mistakes == frozenset()
        await g.press("x")
        assert board.view.mistakes == frozenset({0})
        await g.press("4")
        assert board.view.mistakes == frozenset()


# -- hints, reveal, completion ---------------------------------------------------------------

async def test_hint_nudges_then_explains_then_applies(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        screen, session = g.screen, g.session
        await g.press("t")
        await ready(g.pilot)  # the step is found in a worker thread
        step = screen.game.hint_step
        assert step is not None and screen.game.hint_stage == 1
        assert "Hint:" in g.text()
        assert session.moves == ()
        await g.press("t")
        assert screen.game.hint_stage == 2
        view = screen.board.view
        assert view is not None and view.hint_targets | view.hint_cells
        assert f"{step.name}:" in g.text()
        await g.press("t")
        assert session.moves and session.moves[-1].startswith("hint:")
        assert session.assisted and session.hints_applied == 1 and session.hints_used == 1
        for cell, digit in step.evidence.placements:
            assert session.state.values[cell] == digit
        assert screen.game.hint_step is None  # the next press starts over from the new position


async def test_hint_with_an_injected_solver(ui_home: Path) -> None:
    """The hint flow does not depend on which solver answers."""
    step = Deduction(technique="full_house", name="Full house", level=Level.EASY, rating=1.0,
                placements=((0, 4),), cells=(0,), houses=(0,),
                explanation="r1c1 is the last cell of row 1: 4", nudge="Look at row 1")

    class Hints:
        def next_step(self, state: Any) -> Deduction | None:
            return step if not state.values[0] else None

        def step_move(self, state: Any, s: Deduction) -> str:
            return "r1c1=4"

    async with playing(ui_home, NEARLY9, hints=Hints()) as g:
        await g.press("t")
        await ready(g.pilot)
        await g.press("t", "t")
        assert g.session.moves == ("hint:r1c1=4",)
        assert g.session.assisted


async def test_puzzles_dealt_without_a_level_are_graded(ui_home: Path) -> None:
    async with playing(ui_home, grader=REAL) as g:
        assert g.session.level is Level.EASY
        assert g.session.rating is not None
        assert "easy (" in g.text()


async def test_completing_a_puzzle_shows_the_completion_dialog(
        ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, NEARLY9, clock=ui_clock) as g:
        session, game = g.session, g.game
        ui_clock.advance(75)
        await g.press("4")
        await g.goto(40)
        await g.press("6")
        await g.goto(80)
        await g.press("2")
        assert session.finished
        assert isinstance(g.app.screen, CompletionScreen)
        text = g.text()
        assert "Solved!" in text and "01:15" in text and "Solved unaided" in text
        ui_clock.advance(100)
        assert game.elapsed == 75  # the clock stops once solved
        store = SqliteStore.open(ui_home)
        assert store.load_current() is None and store.finished_count() == 1
        await g.press("h")  # home
        assert isinstance(g.app.screen, HomeScreen)


async def test_reveal_cell_and_reveal_all_count_as_assisted(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        session = g.session
        await g.press("v")
        assert session.state.values[0] == 4 and session.moves == ("reveal:r1c1=4",)
        assert session.assisted and session.reveals == 1
        await g.press("V")
        assert isinstance(g.app.screen, ConfirmScreen)
        await g.press("y")
        assert session.finished
        assert isinstance(g.app.screen, CompletionScreen)
        assert "Assisted" in g.text()


# -- time, pause, saves ----------------------------------------------------------------------

async def test_pause_hides_the_board_and_stops_the_clock(
        ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        screen, session = g.screen, g.session
        ui_clock.advance(10)
        await g.press("p")
        assert g.game.paused and not screen.board.display
        assert "Paused" in g.text()
        ui_clock.advance(50)
        await g.press("4")  # ignored while paused
        assert session.moves == ()
        await g.press("p")
        assert screen.board.display
        ui_clock.advance(5)
        assert g.game.elapsed == 15


async def test_leaving_the_app_or_the_screen_stops_the_clock(
        ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        game = g.game
        ui_clock.advance(3)
        g.app.post_message(events.AppBlur())
        await g.pilot.pause()
        ui_clock.advance(100)
        g.app.post_message(events.AppFocus())
        await g.pilot.pause()
        ui_clock.advance(2)
        assert game.elapsed == 5
        await g.press("question_mark")  # help hides the game
        assert isinstance(g.app.screen, HelpScreen)
        ui_clock.advance(30)
        await g.press("escape")
        assert game.elapsed == 5


async def test_quit_and_resume_the_same_game_with_its_moves_and_time(
        ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        ui_clock.advance(42)
        await g.press("4", "right", "m", "6", "7", "m", "right", "right", "5", "u")
        session = g.session
        moves, pos, state = session.moves, session.pos, session.state
        ui_clock.advance(100)
        await g.press("q")
        assert isinstance(g.app.screen, ConfirmScreen)
        await g.press("y")
    assert g.app.return_value == 0

    async with playing(ui_home, None, clock=ui_clock) as g:
        text = g.text()
        assert "Continue" in text and "02:22" in text
        await g.press("enter")
        restored = g.session
        assert restored.moves == moves and restored.pos == pos and restored.state == state
        assert g.game.elapsed == pytest.approx(142)
        await g.press("y")  # the redo list survived too
        assert restored.state.values[3] == 5


async def test_quit_without_a_game_needs_no_confirmation(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        await g.press("q")
    assert g.app.return_value == 0


async def test_a_save_that_does_not_replay_is_reported_and_set_aside(ui_home: Path) -> None:
    save_game(ui_home, ("r1c1=4", "r1c3=9"))
    async with playing(ui_home, None) as g:
        await g.press("enter")  # Continue
        assert isinstance(g.app.screen, HomeScreen)
        assert any("could not be restored" in m and "move 2" in m for m in g.toasts())
        assert "Continue" not in g.text()
    store = SqliteStore.open(ui_home)
    assert store.load_current() is None and store.set_aside_count() == 1


async def test_a_corrupt_store_is_moved_aside_and_the_app_still_starts(ui_home: Path) -> None:
    ui_home.mkdir(parents=True)
    (ui_home / "puzzleterm.sqlite3").write_bytes(b"this is not a database" * 100)
    async with playing(ui_home, None) as g:
        assert isinstance(g.app.screen, HomeScreen)
        assert any("moved" in m for m in g.toasts())
        await g.press("enter", "enter", "end", "enter")
        await ready(g.pilot)
        assert g.session is not None
    assert list(ui_home.glob("puzzleterm.sqlite3.corrupt-*"))
    with sqlite3.connect(ui_home / "puzzleterm.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


async def test_escape_goes_home_and_continue_resumes(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("4", "escape")
        assert isinstance(g.app.screen, HomeScreen)
        assert "Continue" in g.text()
        await g.press("c")
        assert g.session.moves == ("r1c1=4",)


# -- sizes and variants ----------------------------------------------------------------------

async def test_pencil_mode_is_kept_when_the_game_is_resumed(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("m", "escape")
        assert isinstance(g.app.screen, HomeScreen)
        await g.press("c")
        assert g.screen.pencil and "PENCIL" in g.text()
        await g.press("m", "escape", "c")
        assert not g.screen.pencil


async def test_too_small_terminal_says_how_big_it_must_be(ui_home: Path) -> None:
    async with playing(ui_home, size=(50, 12)) as g:
        text = g.text()
        assert "Enlarge the terminal to" in text
        assert "┏" not in text  # no cut-off board
        assert not g.keys()["Pencil"]
        await g.pilot.resize_terminal(80, 24)
        await g.pilot.pause()
        text = g.text()
        assert "Enlarge" not in text and "┏" in text
        assert g.keys()["Pencil"]


async def test_sixteen_by_sixteen_takes_letters_as_digits(ui_home: Path) -> None:
    async with playing(ui_home, SIXTEEN) as g:
        screen, session = g.screen, g.session
        cell = screen.cursor
        sol = session.state.solution
        await g.press(session.state.geo.symbol(sol[cell]).lower())
        assert session.state.values[cell] == sol[cell]
        await g.press("a")  # a digit here, not a move
        assert session.state.values[cell] == 10 and screen.cursor == cell


async def test_latin_shapes_with_their_keys(ui_home: Path) -> None:
    async with playing(ui_home, LATIN5) as g:
        assert "△" not in g.text() and g.keys()["Symbols"]
        await g.press("o")
        text = g.text()
        assert "△" in text and "□" in text  # 3 and 2 are given in row 1
        assert "1○ 2□ 3△ 4× 5☆" in text  # which key gives which shape


async def test_x_sudoku_shows_its_diagonals(ui_home: Path) -> None:
    async with playing(ui_home, X5) as g:
        view = g.screen.board.view
        assert view is not None and view.state.geo.diagonals


async def test_the_board_draws_in_the_terminal_s_own_ansi_colours(ui_home: Path) -> None:
    from puzzleterm.widgets.sudoku_board import ANSI_PALETTE

    async with playing(ui_home, X5, ansi_color=True) as g:
        assert g.screen.board.palette is ANSI_PALETTE
        await g.press("M", "right", "3")
        assert "┏" in g.text()


async def test_clicking_a_cell_moves_the_cursor(ui_home: Path) -> None:
    async with playing(ui_home, X5) as g:
        board = g.screen.board
        # the cell of row 2, column 3 lies one line and one cell in from the borders
        x = board._col_at.index(2)
        y = board._row_at.index(1)
        await g.pilot.click(board, offset=(x, y))
        assert g.screen.cursor == 7


def test_hint_eliminations_stick_in_cells_without_marks() -> None:
    from puzzleterm.engine.gameid import load_game_id
    from puzzleterm.engine.sudoku.hints import pencil_first
    from puzzleterm.engine.sudoku.moves import Unmark

    state = load_game_id(EASY9).state
    cand = state.candidates()
    digits = [d for d in range(1, 10) if cand[0] >> (d - 1) & 1]
    step = Deduction(technique="pointing", name="Pointing", level=Level.MEDIUM, rating=2.0,
                     eliminations=((0, digits[0]),))
    move = pencil_first(state, step, Unmark(1, 1, (digits[0],))).text()
    assert move == f"r1c1~{''.join(map(str, digits[1:]))};r1c1-{digits[0]}"
    marked = state.__class__(state.geo, state.givens, state.values, (1, *state.marks[1:]))
    assert pencil_first(marked, step, Unmark(1, 1, (1,))) == Unmark(1, 1, (1,))  # left alone


async def test_the_game_id_can_be_shown_and_reopens_the_puzzle(ui_home: Path) -> None:
    async with playing(ui_home, EASY9) as g:
        givens = g.session.state.givens
        await g.press("i")
        assert isinstance(g.app.screen, GameIdScreen)
        shown = str(g.app.screen.query_one("#game-id-text", Static).content)
        assert load_game_id(shown).state.givens == givens
        await g.press("c")
        assert g.app.clipboard == shown
        await g.press("enter")
        assert isinstance(g.app.screen, PlayScreen)


def test_dealt_small_boards_are_graded_and_16x16_left_unrated() -> None:
    small = load_game_id("sudoku:4x4:any#g")
    assert small.grade is not None and small.grade.level is Level.EASY
    assert load_game_id(SIXTEEN).grade is None  # grading it would keep the player waiting

# -- puzzles that cannot be dealt; hints in a worker; one solution per game --------------------

#: EASY9 with a 5 given in r1c1 (its solution has 4 there): no repeat, but no solution either
NO_SOLUTION9 = "sudoku:9x9:5" + EASY9[len("sudoku:9x9:") + 1:]
#: no givens at all: every grid is a solution
EMPTY9 = "sudoku:9x9:" + "." * 81


@pytest.mark.parametrize(("game_id", "says"), [
    ("sudoku:9x9:garbage", "bad game ID"),
    (NO_SOLUTION9, "this puzzle has no solution"),
    (EMPTY9, "this puzzle has more than one solution"),
], ids=["bad-id", "no-solution", "several-solutions"])
async def test_a_puzzle_that_cannot_be_dealt_is_a_notice_and_the_saved_game_stays(
        ui_home: Path, game_id: str, says: str) -> None:
    save_game(ui_home, ("r1c1=4",))
    async with playing(ui_home, game_id) as g:
        if isinstance(g.app.screen, ConfirmScreen):  # the ID is well formed: asked first
            await g.press("enter")
            await ready(g.pilot)
        assert g.app.is_running and g.app.return_code is None  # no crash
        assert isinstance(g.app.screen, HomeScreen)
        assert any(says in m for m in g.toasts()), g.toasts()
        assert "Continue" in g.text()
        await g.press("c")  # the game in progress is still there
        assert g.session.game_id == EASY9 and g.session.moves == ("r1c1=4",)
    saved = SqliteStore.open(ui_home).load_current()
    assert saved is not None and saved.game_id == EASY9 and saved.moves == ("r1c1=4",)


async def test_an_unexpected_failure_while_dealing_is_a_notice_not_a_crash(
        ui_home: Path) -> None:
    release = threading.Event()

    def broken_seeds() -> str:
        release.wait(30)
        raise RuntimeError("the seed source broke")

    async with playing(ui_home, None, seeds=broken_seeds) as g:
        await g.press("enter", "enter", "end", "enter")  # Sudoku, 9x9, any level
        assert isinstance(g.app.screen, PlayScreen)
        await g.press("question_mark")  # help is open when dealing fails
        release.set()
        await ready(g.pilot)
        assert g.app.is_running and g.app.return_code is None
        assert isinstance(g.app.screen, HelpScreen)
        assert any("RuntimeError: the seed source broke" in m for m in g.toasts())
        await g.press("escape")  # the failed play screen does not linger under help
        assert isinstance(g.app.screen, HomeScreen)
        assert not g.app.query(PlayScreen) and len(g.app.screen_stack) == 2


def test_run_app_exits_with_the_app_s_return_code(monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzleterm import app as app_module

    code: list[int] = []

    def run(self: PuzzleApp) -> Any:
        self._return_code = code[0]  # what Textual sets: 1 after an unhandled error
        return None

    monkeypatch.setattr(app_module.PuzzleApp, "run", run)
    code.append(1)
    assert app_module.run_app("sudoku:9x9:garbage") == 1  # no early exit, no parse of its own
    code[0] = 0
    assert app_module.run_app() == 0


class SlowHints:
    """A hint source that holds its answer (in the worker thread) until released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.asked: list[Any] = []
        self.threads: set[str] = set()

    def next_step(self, state: Any) -> Deduction | None:
        self.asked.append(state)
        self.threads.add(threading.current_thread().name)
        self.release.wait(30)
        cell = next(c for c, v in enumerate(state.values) if not v)
        return Deduction(technique="full_house", name="Full house", level=Level.EASY,
                         rating=1.0, placements=((cell, int(SOL9[cell])),), cells=(cell,),
                         houses=(0,), explanation="the last cell", nudge="Look around")

    def step_move(self, state: Any, step: Deduction) -> str:
        (cell, digit), = step.placements
        return f"{state.geo.cell_name(cell)}={digit}"


async def test_the_hint_is_worked_out_in_a_worker_while_the_panel_says_thinking(
        ui_home: Path) -> None:
    hints = SlowHints()
    async with playing(ui_home, NEARLY9, hints=hints) as g:
        await g.press("t")
        assert "thinking…" in g.text() and g.screen.game.hint_step is None
        await g.press("t", "t")  # again while it thinks: nothing more
        assert len(hints.asked) == 1 and g.session.hints_used == 0
        await g.press("down")  # the UI answers meanwhile
        assert g.screen.cursor == 9
        hints.release.set()
        await ready(g.pilot)
        assert threading.main_thread().name not in hints.threads
        assert "thinking…" not in g.text() and "Hint: Look around" in g.text()
        assert g.screen.game.hint_stage == 1 and g.session.hints_used == 1
        await g.press("t", "t")  # explained, then applied: the three presses stay
        assert g.session.moves == ("hint:r1c1=4",)


async def test_a_move_made_while_the_hint_thinks_drops_the_stale_answer(
        ui_home: Path) -> None:
    hints = SlowHints()
    async with playing(ui_home, NEARLY9, hints=hints) as g:
        await g.press("t")
        await g.press("4")  # r1c1: the position the hint was asked for is gone
        assert "thinking…" not in g.text()
        hints.release.set()
        await ready(g.pilot)
        assert g.screen.game.hint_step is None and g.session.hints_used == 0
        assert "Hint:" not in g.text() and g.session.moves == ("r1c1=4",)
        hints.release.clear()
        await g.press("t")  # a hint on the new position (r5c5 is the next empty cell)
        hints.release.set()
        await ready(g.pilot)
        assert hints.asked[-1] is g.session.state and g.screen.game.hint_stage == 1


async def test_a_hint_asked_again_after_a_move_waits_for_the_stale_worker(
        ui_home: Path) -> None:
    hints = SlowHints()
    async with playing(ui_home, NEARLY9, hints=hints) as g:
        await g.press("t", "4", "t")  # asked, moved, asked again while the first still runs
        assert "thinking…" in g.text() and len(hints.asked) == 1  # one worker at a time
        hints.release.set()
        await ready(g.pilot)
        await ready(g.pilot)
        assert len(hints.asked) == 2 and hints.asked[-1] is g.session.state
        assert g.screen.game.hint_stage == 1 and g.session.hints_used == 1


async def test_the_solution_is_worked_out_once_per_game_off_the_ui_thread(
        ui_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzleterm.engine.sudoku import solver

    calls: list[str] = []
    real = solver.solve_values

    def counting(*args: Any, **kw: Any) -> Any:
        calls.append(threading.current_thread().name)
        return real(*args, **kw)

    monkeypatch.setattr(solver, "solve_values", counting)
    solution_of.cache_clear()  # earlier tests may have solved this puzzle already
    async with playing(ui_home) as g:
        await g.press("x", "5")  # checking on, a wrong digit
        assert g.screen.board.view is not None and g.screen.board.view.mistakes == {0}
        await g.press("t")  # the hint sees the mistake (its check needs the solution)
        await ready(g.pilot)
        step = g.game.hint_step
        assert step is not None and step.technique == "mistake"
        await g.press("0", "right", "right", "right", "v", "t")  # cleared, revealed, hint
        await ready(g.pilot)
        assert g.session.reveals == 1 and g.screen.game.hint_step is not None
    assert len(calls) == 1, calls  # once, when the puzzle was dealt
    assert calls[0] != threading.main_thread().name


async def test_latin_shapes_write_the_hint_in_shapes(ui_home: Path) -> None:
    """With shapes on, the hint names shapes, not digits; switching shapes while a hint is
    shown writes it again at the same stage, counting no new hint; its move keeps digits."""
    async with playing(ui_home, LATIN5) as g:
        screen, session = g.screen, g.session
        await g.press("o", "t")
        await ready(g.pilot)
        await g.press("t")
        step = screen.game.hint_step
        assert step is not None and screen.game.hint_stage == 2
        shapes = set("○□△×☆")
        assert shapes & set(step.explanation)
        assert not shapes & set(step.move)
        ev = step.evidence
        digit = (ev.placements or ev.eliminations)[0][1]
        assert "○□△×☆"[digit - 1] in step.explanation
        used = session.hints_used
        await g.press("o")  # back to digits: the shown hint is written again
        await ready(g.pilot)
        again = screen.game.hint_step
        assert again is not None and screen.game.hint_stage == 2 and session.hints_used == used
        assert not shapes & set(again.explanation) and again.move == step.move
        assert again.explanation != step.explanation
        assert f"{step.name}:" in g.text()


async def test_shapes_switched_while_a_hint_is_worked_out(ui_home: Path) -> None:
    """A hint being worked out when the shapes go on is worked out again in them."""
    go = threading.Event()
    calls: list[str] = []

    class Hints:
        def next_step(self, state: Any) -> Deduction | None:
            go.wait(10)
            shape = state.geo.text_symbol(1)
            calls.append(shape)
            return Deduction(technique="full_house", name="Full house", level=Level.EASY,
                             rating=1.0, placements=((2, 1),), cells=(2,),
                             explanation=f"r1c3 can only be {shape}", nudge="Look at row 1")

        def step_move(self, state: Any, s: Deduction) -> str:
            return "r1c3=1"

    async with playing(ui_home, LATIN5, hints=Hints()) as g:
        await g.press("t")
        assert g.game.hint_waiting
        await g.press("o")  # shapes on while the worker still thinks in digits
        go.set()
        for _ in range(20):  # the first answer is dropped and a second worker started
            await ready(g.pilot)
            if not g.game.hint_waiting:
                break
        step = g.screen.game.hint_step
        assert calls == ["1", "○"]
        assert step is not None and step.explanation == "r1c3 can only be ○"
        assert g.session.hints_used == 1
