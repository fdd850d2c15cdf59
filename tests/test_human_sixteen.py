"""16x16 Sudoku is dealt at every level: a puzzle dealt at a level has one solution and
grades at that level (a few seeds, since each deal takes about a second)."""

from __future__ import annotations

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.types import Level

KIND = find_kind("sudoku")
PARAMS = KIND.parse_params("16x16")


def test_every_level_is_offered() -> None:
    assert KIND.levels(PARAMS) == tuple(lv for lv in Level if lv <= Level.EXTREME)


@pytest.mark.parametrize("level", [Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME])
def test_dealt_at_a_level_is_unique_and_grades_there(level: Level) -> None:
    puzzle = generate_seeded(KIND, PARAMS, "sixteen-0", level)
    givens = puzzle.state.givens
    assert bt.count_values(PARAMS.geo, givens, 2) == 1
    assert puzzle.grade is not None and puzzle.grade.level == level, puzzle.grade
    # the grade dealing reports is the grader's, from the givens alone
    assert grade_givens(PARAMS.geo, givens)[0] == puzzle.grade


def test_easy_seeds_deal_what_they_dealt_before() -> None:
    """16x16 was dealt at easy before it had levels: an easy seed names the same puzzle."""
    puzzle = generate_seeded(KIND, PARAMS, "golden", Level.EASY)
    assert puzzle.grade is not None and puzzle.grade.level == Level.EASY
    assert puzzle.desc == EASY_GOLDEN


#: ``sudoku:16x16:easy#golden`` as the code before 16x16 levels dealt it (commit e2d80d2).
EASY_GOLDEN = (
    "A8.7B....C...E.D..2..8..41........1B......5..6GA5..C.1.F8...3.4......B...FC4751....G67.A"
    "..D..C.8.7.A4..CG......F8.C.5.1D.E796......6127.E5.F.4.B7......69..DE.C.4.9..A..2.B1G..."
    ".5A289E...4......9.8...71.F.C..E327..F......9A........25..G..D..C.4...8....72.51"
)
