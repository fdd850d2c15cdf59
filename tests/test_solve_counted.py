"""``solve_counted``: one search gives what ``solve`` and ``count_solutions`` give apart."""

from __future__ import annotations

from typing import Any

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.kind import SolvesCounted, solve_counted

# (kind, params, a puzzle read by the kind: unique, several solutions, none)
SUDOKU_UNIQUE = (
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
SUDOKU_OPEN = "." * 81  # every grid: many solutions
SUDOKU_BROKEN = "12345678." + "........9" + "." * 63  # r1c9 must be 9 and cannot: none


def _check(kind_name: str, state: Any) -> int:
    kind = find_kind(kind_name)
    solved, n = solve_counted(kind, state, 2)
    assert n == kind.count_solutions(state, 2)
    alone = kind.solve(state)
    if alone is None:
        assert solved is None and n == 0
    else:
        assert solved is not None and n >= 1
        assert kind.write(solved) == kind.write(alone)  # the very solution ``solve`` gives
    return n


@pytest.mark.parametrize(("text", "count"), [
    (SUDOKU_UNIQUE, 1), (SUDOKU_OPEN, 2), (SUDOKU_BROKEN, 0)])
def test_sudoku(text: str, count: int) -> None:
    kind = find_kind("sudoku")
    assert _check("sudoku", kind.read(text)) == count


@pytest.mark.parametrize("name", ["sudoku", "xsudoku", "latin", "pentomino", "arith"])
def test_dealt_puzzles_are_unique(name: str) -> None:
    kind = find_kind(name)
    puzzle = generate_seeded(kind, kind.default_params(), "solve-counted-1")
    assert _check(name, puzzle.state) == 1


def test_pentomino_open_box_has_several() -> None:
    kind = find_kind("pentomino")
    empty = kind.parse(kind.default_params(), "10/10/10/10/10/10")
    assert _check("pentomino", empty) == 2


def test_sudoku_and_pentomino_search_once() -> None:
    # the kinds whose one search gives both; the others fall back on solve and count
    assert isinstance(find_kind("sudoku"), SolvesCounted)
    assert isinstance(find_kind("pentomino"), SolvesCounted)
    assert not isinstance(find_kind("arith"), SolvesCounted)
