"""The bit-parallel search agrees with the cell-by-cell search it replaced for counts.

The cell-mask search of :mod:`tests.reference_search` defines the order random grids,
node-bounded checks and trial grading depend on, so it serves as the reference here: on a
few hundred puzzles of every board family (unique, with several solutions, with none) both
must give the same count to 2 and the same unique solution.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import bitsearch
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import Geometry, geometry

from .conftest import SHARED_DATA, read_puzzle_lines
from .reference_search import Search, initial_masks, masks_to_values

Values = tuple[int, ...]


def reference(geo: Geometry, values: Values, limit: int | None) -> tuple[int, Values | None]:
    """Count (to ``limit``) and first solution by the cell-mask search."""
    cand = initial_masks(geo, values)
    if cand is None:
        return 0, None
    s = Search(geo, limit=limit)
    s.run(cand)
    return s.count, masks_to_values(s.solutions[0]) if s.solutions else None


def puzzles(geo: Geometry, count: int, seed: str) -> Iterator[Values]:
    """Random puzzles of ``geo``: blanked random grids, some with a wrong or extra given."""
    rng = Rng(seed)
    low = 55 if geo.n >= 16 else 30  # a 16x16 needs more than half its clues to be unique
    cells = list(range(geo.ncells))
    for i in range(count):
        grid = list(bt.random_solution(geo, rng.fork(f"grid{i}")))
        keep = geo.ncells * (low + rng.below(35)) // 100
        order = rng.shuffled(cells)
        values = [0] * geo.ncells
        for c in order[:keep]:
            values[c] = grid[c]
        if i % 5 == 1:  # a wrong given: often no solution, sometimes a clash
            c = order[rng.below(keep)]
            values[c] = values[c] % geo.n + 1
        elif i % 5 == 3:  # an extra given, right or wrong
            values[order[-1]] = 1 + rng.below(geo.n)
        yield tuple(values)


CASES = [
    (("sudoku", 4), 60),
    (("sudoku", 6), 60),
    (("sudoku", 9), 80),
    (("sudoku", 16), 12),
    (("xsudoku", 5), 60),
    (("latin", 5), 40),
    (("latin", 7), 30),
]


def check_agrees(geo: Geometry, values: Values) -> int:
    want, first = reference(geo, values, 2)
    assert bt.count_values(geo, values, 2) == want, values
    got = bt.solve_values(geo, values)
    if want == 0:
        assert got is None
    else:
        assert got is not None and all(got)
        assert all(v in (0, s) for v, s in zip(values, got, strict=True))
        assert not find_conflicts(geo, got)
        if want == 1:
            assert got == first
    return want


@pytest.mark.parametrize(("shape", "count"), CASES, ids=[f"{v}{n}" for (v, n), _ in CASES])
def test_agrees_with_cell_search(shape: tuple[str, int], count: int) -> None:
    geo = geometry(*shape)
    seen = {check_agrees(geo, values) for values in puzzles(geo, count, f"agree {shape}")}
    assert seen == {0, 1, 2}  # the sample covers no solution, one, and several


def test_agrees_on_public_hard_puzzles() -> None:
    geo = geometry("sudoku", 9)
    lines = []
    for name in ("sudoku-norvig-top95.txt", "sudoku-forum-hardest1106-375.txt"):
        if (SHARED_DATA / name).is_file():
            lines += read_puzzle_lines(SHARED_DATA / name, 12)
    if not lines:
        pytest.skip("public puzzle sets not present")
    for i, line in enumerate(lines):
        values = tuple(0 if ch in ".0" else int(ch) for ch in line)
        assert check_agrees(geo, values) == 1
        if i % 3:
            continue
        # one clue less: the count to 2 still agrees
        first = next(c for c, v in enumerate(values) if v)
        fewer = (*values[:first], 0, *values[first + 1 :])
        assert bt.count_values(geo, fewer, 2) == reference(geo, fewer, 2)[0]


@pytest.mark.parametrize("shape", [("sudoku", 4), ("xsudoku", 5), ("latin", 4)])
def test_full_counts_agree(shape: tuple[str, int]) -> None:
    geo = geometry(*shape)
    empty = (0,) * geo.ncells
    assert bt.count_values(geo, empty, None) == reference(geo, empty, None)[0]


def test_has_other_solution_without_budget_matches_reference() -> None:
    geo = geometry("sudoku", 9)
    rng = Rng("other")
    solution = bt.random_solution(geo, rng.fork("grid"))
    values = list(solution)
    for c in rng.shuffled(list(range(81)))[:50]:
        values[c] = 0
    for cell in range(0, 81, 4):
        without = list(values)
        without[cell] = 0
        cand = initial_masks(geo, without)
        assert cand is not None
        cand[cell] &= ~(1 << (solution[cell] - 1))
        s = Search(geo, limit=1, keep=False)
        s.run(cand)
        assert bt.has_other_solution(geo, values, solution, cell) == (s.count > 0)


def test_clashes_and_packed_state() -> None:
    geo = geometry("sudoku", 9)
    clash = [0] * 81
    clash[0] = clash[80] = 3
    clash[8] = 3  # same row as cell 0
    assert bt.count_values(geo, clash, 2) == 0
    t = bitsearch.tables(geo)
    x = bitsearch.board_of(geo, [0] * 81)
    assert x == t.full == sum(t.field(c) for c in range(81))
    masks = [geo.all_mask] * 81
    masks[5] = 0b101
    keep = t.bit(5, 1) | t.bit(5, 3)
    assert bitsearch.board_of_masks(geo, masks) == x & ~(t.field(5) & ~keep)
    values = [0] * 81
    values[7] = 4
    assert bitsearch.board_of(geo, values) == x & ~t.field(7) | t.bit(7, 4)


def test_value_out_of_range_has_no_solution() -> None:
    geo = geometry("sudoku", 4)
    values = [0] * 16
    values[3] = 5
    assert reference(geo, tuple(values), 2)[0] == 0
    assert bt.count_values(geo, values, 2) == 0
    assert bt.solve_values(geo, values) is None
