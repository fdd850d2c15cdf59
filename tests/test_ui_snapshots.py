"""SVG snapshots of every screen at 80x24 (update with ``pytest --snapshot-update``).

Deterministic: fixed puzzles named by game IDs, a frozen clock, a fixed seed source and, for
the hint, a fixed step (so the picture does not change when the solver's wording does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot

from puzzleterm.app import PuzzleApp
from puzzleterm.daily_play import entry_for
from puzzleterm.engine import Level, find_kind
from puzzleterm.engine.kind import PracticeChoice
from puzzleterm.engine.sudoku.human.catalog import Deduction
from puzzleterm.play import SavedGame
from puzzleterm.store import DailyResult, SqliteStore, free_slot
from puzzleterm.store.tables import dump_saved

from .conftest import EASY9, LATIN5, NEARLY9, X5, family_patched

Snap = Callable[..., bool]

HIDDEN_SINGLE = Deduction(
    technique="hidden_single", name="Hidden single", level=Level.EASY, rating=1.2,
    placements=((0, 4),), cells=(0,), houses=(18,), candidates=((0, 4),),
    explanation="In box 1, 4 can only go in r1c1", nudge="Look for where 4 goes in box 1",
)


class FixedHints:
    def next_step(self, state: Any) -> Deduction | None:
        return HIDDEN_SINGLE

    def step_move(self, state: Any, step: Deduction) -> str:
        return "r1c1=4"


@pytest.fixture(autouse=True)
def _colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture(autouse=True)
def _fixed_hints() -> Iterator[None]:
    # unrated: the picture must not follow the grader's tuning
    with family_patched(FixedHints(), None):
        yield


def app_for(home: Path, game_id: str | None = None, **kw: Any) -> PuzzleApp:
    kw.setdefault("today", lambda: SNAP_DAY)
    return PuzzleApp(home=home, clock=lambda: 0.0, seeds=lambda: "snap", game_id=game_id, **kw)


SNAP_DAY = date(2026, 11, 23)


def keys(*presses: str) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if presses:
            await pilot.press(*presses)
            await pilot.pause()
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()

    return run_before


def test_home(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys())


def test_home_with_games_in_progress(snap_compare: Snap, tmp_path: Path) -> None:
    # a game per kind and size: the latest is Continue's, the others are listed with clocks
    store = SqliteStore.open(tmp_path)
    for at, (game_id, elapsed) in enumerate([(X5, 75.0), (EASY9, 754.0), (LATIN5, 312.0)]):
        kind, params = game_id.split(":")[:2]
        saved = SavedGame(kind=kind, params=params, game_id=game_id, level="easy",
                          elapsed=elapsed)
        store.save_text(dump_saved(saved), free_slot(kind, params), 1000.0 + at)
    store.close()
    assert snap_compare(app_for(tmp_path), run_before=keys())


#: the practice chooser's techniques, fixed: the picture must not follow the grader's table
PRACTICE = (
    PracticeChoice("hidden_single", "Hidden single", Level.EASY),
    PracticeChoice("x_wing", "X-Wing", Level.HARD),
    PracticeChoice("swordfish", "Swordfish", Level.HARD),
    PracticeChoice("xy_wing", "XY-Wing", Level.EXPERT),
    PracticeChoice("hidden_quad", "Hidden quad", Level.HARD, "too rare"),
    PracticeChoice("trial", "Trial (bifurcation)", Level.TRIAL, "guessing"),
)


def test_practice_chooser(snap_compare: Snap, tmp_path: Path,
                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("puzzleterm.app.practice_choices", lambda kind, params: PRACTICE)
    assert snap_compare(app_for(tmp_path), run_before=keys("p", "down"))


def test_own_puzzle_dialog(snap_compare: Snap, tmp_path: Path) -> None:
    async def paste_a_picture(pilot: Pilot[Any]) -> None:
        await keys("o")(pilot)
        kind = find_kind("sudoku")
        pilot.app.post_message(events.Paste(kind.write(kind.read(EASY9.split(":", 2)[2]),
                                                       "grid")))
        await pilot.pause()

    assert snap_compare(app_for(tmp_path), run_before=paste_a_picture)


def test_calendar(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path), run_before=keys("d", "up"))


def test_stats(snap_compare: Snap, tmp_path: Path) -> None:
    # a week of daily results ending on the snapshot day: streak, table, the recent times
    # as labelled bars and the medians by level
    store = SqliteStore.open(tmp_path)
    base = SavedGame(kind="sudoku", params="9x9", game_id="sudoku:9x9:x", level="easy")
    noon = datetime.combine(SNAP_DAY, datetime.min.time()).timestamp() + 12 * 3600
    for back, (level, seconds, hints) in enumerate(
            [("easy", 305.0, 0), ("extreme", 1990.0, 2), ("expert", 1204.0, 0),
             ("hard", 841.0, 0), ("hard", 777.0, 1), ("medium", 432.0, 0)]):
        day = SNAP_DAY - timedelta(days=back)
        seed_id = f"sudoku:9x9:{level}#daily-v1-{day}"
        result = DailyResult(day, "sudoku", "9x9", level, seed_id, seconds, hints, 0, False,
                             bool(hints), noon - back * 86400)
        store.finish_current(replace(base, level=level, elapsed=seconds,
                                     context=f"daily:{day}"), result=result)
    store.close()
    assert snap_compare(app_for(tmp_path), run_before=keys("s"))


def test_daily_completion(snap_compare: Snap, tmp_path: Path) -> None:
    async def solve_the_daily_latin(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, PuzzleApp)
        entry = entry_for(SNAP_DAY, "latin")
        assert entry is not None
        app.open_daily(entry)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        session = screen.session  # type: ignore[attr-defined]
        move = find_kind("latin").reveal(session.state, session.solution, None)
        screen.play(move)  # type: ignore[attr-defined]
        await pilot.pause()

    assert snap_compare(app_for(tmp_path), run_before=solve_the_daily_latin)


def test_play_9x9(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, EASY9), run_before=keys("right", "down", "7"))


def test_play_x_sudoku_5x5(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, X5), run_before=keys("down", "m", "1", "3", "right", "5"))


def test_play_pencil_marks(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, EASY9), run_before=keys("M", "right"))


def test_play_pencil_marks_mini_grid_on_a_tall_terminal(snap_compare: Snap,
                                                         tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, EASY9), run_before=keys("M"), terminal_size=(100, 40))


def test_play_hint_shown(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, EASY9), run_before=keys("M", "t", "t"))


def test_play_latin_shapes(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, LATIN5), run_before=keys("o", "M"))


def test_help(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, EASY9), run_before=keys("question_mark"))


def test_completion(snap_compare: Snap, tmp_path: Path) -> None:
    run = keys("4", "down", "down", "down", "down", "right", "right", "right", "right", "6",
               "down", "down", "down", "down", "right", "right", "right", "right", "2")
    assert snap_compare(app_for(tmp_path, NEARLY9), run_before=run)


def test_too_small(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, EASY9), run_before=keys(), terminal_size=(50, 12))


def test_play_x_sudoku_no_color(snap_compare: Snap, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The diagonals, the cursor and the marks without any colour (Textual reads NO_COLOR
    when the app is made)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = app_for(tmp_path, X5)
    assert app.no_color
    assert snap_compare(app, run_before=keys("down", "m", "1", "3", "right", "5"))


def test_play_lone_mark_and_digit(snap_compare: Snap, tmp_path: Path) -> None:
    """A lone mark 5 (r1c1) and a digit 5 (r4c5) on the 3x3 mark grid layout."""
    run = keys("m", "5", "m", "down", "down", "down", "right", "right", "right", "right", "5",
               "right")
    assert snap_compare(app_for(tmp_path, EASY9), run_before=run, terminal_size=(100, 40))


def test_play_16x16_pencil_marks(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, "sudoku:16x16:any#snap"), run_before=keys("M"),
                        terminal_size=(110, 72))


ARITH_MUL = "arith:mul3x2:17*x**=*2**+***=6*8*"
# "the lone 8" division (see tests/test_arith_published.py)
ARITH_DIV = "arith:div8/3:********/***=**8**-***....=****-***..=****-****=0"


def test_play_arith_multiplication(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, ARITH_MUL), run_before=keys("right", "4"))


def test_play_arith_division(snap_compare: Snap, tmp_path: Path) -> None:
    assert snap_compare(app_for(tmp_path, ARITH_DIV), run_before=keys("down", "1"))
