"""The backtracker on the public hard sets (skipped when ../shared/data is absent)."""

from __future__ import annotations

import pytest

from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import geometry

from .conftest import read_puzzle_lines, shared_file

GEO = geometry("sudoku", 9)


@pytest.mark.parametrize(
    "name",
    [
        "sudoku-norvig-easy50.txt",
        "sudoku-norvig-top95.txt",
        "sudoku-norvig-hardest11.txt",
        "sudoku-17clue-sample1000.txt",
        "sudoku-magictour-top1465.txt",
        "sudoku-forum-hardest1106-375.txt",
    ],
)
def test_every_puzzle_of_a_set_is_solved_uniquely(name: str) -> None:
    lines = read_puzzle_lines(shared_file(name))
    assert lines
    for line in lines:
        givens = tuple(0 if ch in ".0" else int(ch) for ch in line)
        solution = bt.solve_values(GEO, givens)
        assert solution is not None, line
        assert all(g in (0, s) for g, s in zip(givens, solution, strict=True))
        assert all(solution) and not find_conflicts(GEO, solution)
    # the published sets are proper puzzles: exactly one solution each (checked on a sample)
    for line in lines[:: max(1, len(lines) // 100)]:
        givens = tuple(0 if ch in ".0" else int(ch) for ch in line)
        assert bt.count_values(GEO, givens, 2) == 1, line
