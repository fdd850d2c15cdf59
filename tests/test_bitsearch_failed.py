"""The search's propagator names the empty cells of a contradiction, and the search that
weighs them stays exact and deterministic."""

from __future__ import annotations

from puzzleterm.engine.sudoku import bitsearch
from puzzleterm.engine.sudoku.bitclassic import ClassicSearch
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import geometry
from tests.test_bitsearch import several


def guard(t: bitsearch.Tables, cell: int) -> int:
    return 1 << (cell * t.width + t.n)


def test_an_emptied_cell_is_named() -> None:
    geo = geometry("sudoku", 9)
    t = bitsearch.tables(geo)
    prop = bitsearch.propagator(geo, box_line=False, undone=True)
    values = [0] * 81
    x = bitsearch.board_of(geo, values)
    assert prop(x, t.full)[0]  # an empty board is fine
    x1 = x & ~t.field(40)
    assert prop(x1, t.full) == (0, guard(t, 40), 0, 0)
    x2 = x1 & ~t.field(3)
    assert prop(x2, t.full) == (0, guard(t, 40) | guard(t, 3), 0, 0)
    # two clashing givens (one digit twice in a row) remove each other: both named
    values[10] = values[16] = 7
    assert prop(bitsearch.board_of(geo, values), t.full) == (0, guard(t, 10) | guard(t, 16),
                                                             0, 0)
    # the other propagator still answers 0 there
    plain = bitsearch.propagator(geo, box_line=False)
    assert plain(x1, 0) == (0, 0, 0, 0)


def test_a_digit_without_a_place_names_no_cell() -> None:
    geo = geometry("sudoku", 9)
    t = bitsearch.tables(geo)
    prop = bitsearch.propagator(geo, box_line=False, undone=True)
    x = t.full
    for c in range(9):  # 5 nowhere in the first row, every cell keeping eight digits
        x &= ~t.bit(c, 5)
    assert prop(x, t.full) == (0, 0, 0, 0)


def test_history_keeps_the_search_exact_and_repeatable() -> None:
    """Weights learnt from failures steer the order only: counts agree with the classic
    search, every solution is valid, and a second run repeats the first node for node."""
    for shape, blanks, limit in ((("sudoku", 9), 58, 40), (("sudoku", 16), 150, 3),
                                 (("xsudoku", 5), 14, None), (("latin", 6), 22, None)):
        geo = geometry(*shape)
        for k in range(2):
            values = several(geo, f"bitsearch failed {shape} {k}", blanks)
            runs = []
            for _ in range(2):
                s = bitsearch.BitSearch(geo, limit=limit, keep=True)
                s.run(bitsearch.board_of(geo, values))
                runs.append((s.nodes, s.count, s.solutions))
            assert runs[0] == runs[1]
            _, count, sols = runs[0]
            ref = ClassicSearch(geo, limit=limit, keep=False)
            ref.run([geo.all_mask if v == 0 else 1 << (v - 1) for v in values])
            assert count == ref.count == len(sols) > 0
            assert len(set(sols)) == len(sols)
            for sol in sols:
                assert all(v in (0, d) for v, d in zip(values, sol, strict=True))
                assert not find_conflicts(geo, sol)
