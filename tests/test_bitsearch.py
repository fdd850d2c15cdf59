"""The bit-parallel search's own bookkeeping: every solution of a whole tree, each once.

The agreement tests compare counts with the cell-mask search; here the solutions kept by
:class:`~puzzleterm.engine.sudoku.bitsearch.BitSearch` are checked themselves, on trees
that must be walked to the end (no limit) and cut short (a limit), so a branch searched
twice or skipped shows as a repeated or missing grid.
"""

from __future__ import annotations

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import bitsearch
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import Geometry, geometry


def several(geo: Geometry, seed: str, blanks: int) -> tuple[int, ...]:
    """A random grid with ``blanks`` cells emptied (usually several solutions)."""
    rng = Rng(seed)
    values = list(bt.random_solution(geo, rng.fork("grid")))
    for c in rng.shuffled(list(range(geo.ncells)))[:blanks]:
        values[c] = 0
    return tuple(values)


def kept(geo: Geometry, values: tuple[int, ...], limit: int | None) -> list[tuple[int, ...]]:
    s = bitsearch.BitSearch(geo, limit=limit, keep=True)
    s.run(bitsearch.board_of(geo, values))
    assert s.count == len(s.solutions)
    assert s.nodes >= 1
    return s.solutions


def test_every_solution_once() -> None:
    for shape, blanks in ((("sudoku", 9), 50), (("sudoku", 6), 26), (("latin", 5), 16)):
        geo = geometry(*shape)
        for k in range(3):
            values = several(geo, f"bitsearch {shape} {k}", blanks)
            sols = kept(geo, values, None)
            total = bt.count_values(geo, values, None)
            cand = bt.initial_masks(geo, values)
            assert cand is not None
            ref = bt.Search(geo, limit=None)
            ref.run(cand)
            assert total == len(sols) == ref.count > 0
            assert len(set(sols)) == len(sols)  # no branch searched twice
            assert {bt.masks_to_values(m) for m in ref.solutions} == set(sols)
            for sol in sols:
                assert all(v in (0, s) for v, s in zip(values, sol, strict=True))
                assert not find_conflicts(geo, sol)


def test_limit_stops_at_the_limit() -> None:
    geo = geometry("sudoku", 9)
    values = several(geo, "bitsearch limit", 50)
    everything = kept(geo, values, None)
    assert len(everything) > 3
    for limit in (1, 2, 3):
        assert kept(geo, values, limit) == everything[:limit]  # the same order, cut short
