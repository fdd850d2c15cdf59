"""The backtracker: solutions, counts and the facts every solver must reproduce."""

from __future__ import annotations

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.enumerate import enumerate_grids
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import geometry

from .conftest import TESTS, read_puzzle_lines
from .reference_search import Search, box_line_segments, initial_masks

SUDOKU9 = geometry("sudoku", 9)


def values_of(line: str) -> tuple[int, ...]:
    return tuple(0 if ch in ".0" else int(ch) for ch in line)


def assert_solves(geo_values: tuple[int, ...], solution: tuple[int, ...] | None) -> None:
    assert solution is not None
    assert all(v == 0 or v == s for v, s in zip(geo_values, solution, strict=True))
    assert all(solution)
    assert not find_conflicts(SUDOKU9, solution)


@pytest.mark.parametrize("name", ["norvig-easy3.txt", "norvig-hardest3.txt"])
def test_solves_known_puzzles(name: str) -> None:
    for line in read_puzzle_lines(TESTS / "data" / name):
        vals = values_of(line)
        assert_solves(vals, bt.solve_values(SUDOKU9, vals))
        assert bt.count_values(SUDOKU9, vals, 2) == 1


def test_counts_multiple_and_none() -> None:
    empty = (0,) * 81
    assert bt.count_values(SUDOKU9, empty, 5) == 5
    clash = list(empty)
    clash[0] = clash[1] = 5
    assert bt.count_values(SUDOKU9, clash, 2) == 0
    assert bt.solve_values(SUDOKU9, clash) is None
    # no clash among givens, but no completion: r1c1 sees 1-8 and 9 sits in its box
    dead = [0] * 81
    for c, d in zip(range(1, 9), range(1, 9), strict=True):
        dead[c] = d
    dead[9 + 1] = 9
    assert bt.count_values(SUDOKU9, dead, 2) == 0


def test_xsudoku_has_960_grids_8_with_first_row_fixed() -> None:
    result = enumerate_grids("xsudoku", 5)
    assert result.total == 960
    assert len(result.fixed) == 8
    geo = result.geo
    assert all(g[:5] == (1, 2, 3, 4, 5) and not find_conflicts(geo, g) for g in result.fixed)
    assert len(set(result.fixed)) == 8


def test_sudoku_4x4_has_288_grids() -> None:
    assert bt.count_values(geometry("sudoku", 4), (0,) * 16, None) == 288


def test_latin_squares_5x5_number_161280() -> None:
    geo = geometry("latin", 5)
    assert bt.count_values(geo, (0,) * 25, None) == 161280
    # and 56 reduced squares, a classical count of its own
    assert len(enumerate_grids("latin", 5).fixed) == 56


def test_latin_4x4_and_all_solutions_agree_with_count() -> None:
    geo = geometry("latin", 4)
    sols = list(bt.all_solutions(geo, (0,) * 16))
    assert len(sols) == 576 == len(set(sols))
    assert all(not find_conflicts(geo, s) for s in sols)


def test_has_other_solution_matches_counting() -> None:
    kind = find_kind("sudoku")
    state = kind.read(read_puzzle_lines(TESTS / "data" / "norvig-easy3.txt")[0])
    solution = state.solution
    assert solution is not None
    givens = state.givens
    for cell in [c for c, v in enumerate(givens) if v][:12]:
        without = list(givens)
        without[cell] = 0
        expect = bt.count_values(SUDOKU9, without, 2) > 1
        assert bt.has_other_solution(SUDOKU9, givens, solution, cell) == expect


def test_node_limit_aborts_and_is_cautious() -> None:
    s = Search(SUDOKU9, limit=None, keep=False, node_limit=10)
    s.run([SUDOKU9.all_mask] * 81, [])
    assert s.aborted and s.nodes >= 10


def test_box_line_reduction_at_the_root_is_sound_and_finds_pointing() -> None:
    # Box 1 keeps 1 only in row 1 (r2 and r3 of the box are full of other digits), so 1
    # leaves the rest of row 1: r1c4..r1c9 lose candidate 1.
    values = [0] * 81
    for cell, d in {9: 2, 10: 3, 11: 4, 18: 5, 19: 6, 20: 7}.items():
        values[cell] = d
    cand = initial_masks(SUDOKU9, values)
    assert cand is not None
    s = Search(SUDOKU9)
    st = cand + [0] * len(SUDOKU9.houses)
    assert s.propagate(st, [c for c, v in enumerate(values) if v])
    assert all(st[c] & 1 for c in range(3, 9))
    assert s.reduce_root(st)
    assert not any(st[c] & 1 for c in range(3, 9))
    assert st[0] & 1 and st[1] & 1 and st[2] & 1


def test_box_line_segments_of_six_by_six() -> None:
    segments, links = box_line_segments(geometry("sudoku", 6))
    # 6 rows x 2 boxes and 6 columns x 3 boxes
    assert len(segments) == 12 + 18
    assert segments[0] == (0, 1, 2)
    line_others, box_others = links[0]
    assert [segments[j] for j in line_others] == [(3, 4, 5)]
    assert [segments[j] for j in box_others] == [(6, 7, 8)]
    assert box_line_segments(geometry("xsudoku", 5)) == ([], [])
