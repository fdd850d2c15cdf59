"""BUG+1 on two puzzles of the Sudoku Exchange "diabolical" bank where the solve reaches a
position that only looks like one: one cell with three candidates, every other empty cell
with two, but a digit three times in a house of that cell that is not among its candidates.
Such a position is no BUG+1, and nothing may be placed from it."""

from __future__ import annotations

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.human import wings
from puzzleterm.engine.sudoku.human.grid import Grid
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.sudoku.kind import SudokuState
from puzzleterm.engine.types import Level

from .human_helpers import GEO9, cell, mask, parse_line

# id 2ad49eebe9a7 of sudoku-exchange-diabolical-rated.txt (SukakuExplainer: 7.2), and the
# position its solve reached after 57 steps: r3c9 holds 4, 8 and 9, while row 3 and box 3
# have 7 in three places each, and 7 is no candidate of r3c9
FIRST = "040010560000004200201600000007500006030000090600001800000009603003400000094030080"
FIRST_VALUES = "049010560356004210201605000917500026438060195625001800102059643063420951594136782"
FIRST_MARKS = (
    "r1c1 78, r1c4 23, r1c6 23, r1c9 78, r2c4 89, r2c5 78, r2c9 79, r3c2 78, r3c5 79, "
    "r3c7 34, r3c8 37, r3c9 489, r4c5 48, r4c6 38, r4c7 34, r5c4 27, r5c6 27, r6c4 39, "
    "r6c5 49, r6c8 37, r6c9 47, r7c2 78, r7c4 78, r8c1 78, r8c6 78")
# id 30de5e549387 (SukakuExplainer: 7.2): r4c7 holds 1, 5 and 6, and 2 is seen three times
SECOND = "700000036603002900000100000090037000500206004000490080000009000008600705240000009"
SECOND_VALUES = "720958036603742950059163070090037000507206394360490087170009043938604705240370809"
SECOND_MARKS = (
    "r1c3 14, r1c7 14, r2c2 18, r2c9 18, r3c1 48, r3c7 24, r3c9 28, r4c1 48, r4c3 24, "
    "r4c4 58, r4c7 156, r4c8 26, r4c9 12, r5c2 18, r5c5 18, r6c3 12, r6c6 15, r6c7 25, "
    "r7c3 56, r7c4 58, r7c5 28, r7c7 26, r8c5 12, r8c8 12, r9c3 56, r9c6 15, r9c8 16")
CASES = [(FIRST, FIRST_VALUES, FIRST_MARKS, "r3c9"), (SECOND, SECOND_VALUES, SECOND_MARKS, "r4c7")]


def position(puzzle: str, values: str, marks: str) -> SudokuState:
    marked = [0] * 81
    for item in marks.split(", "):
        name, digits = item.split()
        marked[cell(name)] = mask(digits)
    return SudokuState(GEO9, parse_line(puzzle), parse_line(values), tuple(marked))


@pytest.mark.parametrize(("puzzle", "values", "marks", "extra"), CASES)
def test_a_false_bug_gives_no_step(puzzle: str, values: str, marks: str, extra: str) -> None:
    state = position(puzzle, values, marks)
    solution = bt.solve_values(GEO9, state.givens)
    assert solution is not None
    # the marks are the position's true candidates: every cell keeps its solution digit
    cand = state.candidates()
    assert all(not state.marks[c] or state.marks[c] & ~cand[c] == 0 for c in range(81))
    assert all(state.values[c] or state.marks[c] >> (solution[c] - 1) & 1 for c in range(81))
    g = Grid(GEO9, state.values, state.marks, True)
    sizes = sorted(m.bit_count() for m in g.cand if m)
    assert sizes.count(3) == 1 and set(sizes) == {2, 3}
    assert g.cand[cell(extra)].bit_count() == 3
    assert wings.bug_plus_1(g) is None
    # the hint from the player's marks is a true step, not "r3c9 must be 7"
    kind = find_kind("sudoku")
    hint = kind.hint(state, SudokuState(GEO9, state.givens, solution, state.marks))
    assert hint is not None
    step = hint.evidence
    assert step.technique != "bug_plus_1"
    assert all(solution[c] == d for c, d in step.placements)
    assert all(solution[c] != d for c, d in step.eliminations)
    assert step.placements or step.eliminations


@pytest.mark.parametrize("puzzle", [FIRST, SECOND])
def test_the_puzzles_grade_by_logic(puzzle: str) -> None:
    grade, run = grade_givens(GEO9, parse_line(puzzle))
    assert grade.solved and grade.level == Level.EXTREME
    assert "trial" not in dict(grade.counts)
    solution = bt.solve_values(GEO9, parse_line(puzzle))
    assert tuple(run.grid.values) == solution
