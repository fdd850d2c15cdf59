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

from .reference_search import Search, initial_masks, masks_to_values


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
            cand = initial_masks(geo, values)
            assert cand is not None
            ref = Search(geo, limit=None)
            ref.run(cand)
            assert total == len(sols) == ref.count > 0
            assert len(set(sols)) == len(sols)  # no branch searched twice
            assert {masks_to_values(m) for m in ref.solutions} == set(sols)
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


def test_pair_reach_is_the_cell_spread_on_its_peers() -> None:
    """The score's look-up table: a pair cell's digits and guard laid on each of its peers."""
    for shape in (("sudoku", 9), ("sudoku", 16), ("latin", 5)):
        geo = geometry(*shape)
        t = bitsearch.tables(geo)
        reach = bitsearch.pair_reach(geo)
        for c in (0, geo.ncells // 2, geo.ncells - 1):
            g = (c + 1) * t.width
            v = 0b101 << (geo.n - 3)  # two digits, the top one among them
            table = reach[g]
            if isinstance(table, dict):  # filled by the search as it meets the pairs
                continue
            mask = table[v]
            want = sum((v | 1 << geo.n) << (p * t.width) for p in geo.peers[c])
            assert mask == want
            assert table[1] is None  # a single digit is no pair


def test_propagators_agree_on_done_and_undone() -> None:
    """The search's propagator takes the open cells; it ends where the other one does."""
    geo = geometry("sudoku", 9)
    t = bitsearch.tables(geo)
    by_done = bitsearch.propagator(geo, box_line=False)
    by_und = bitsearch.propagator(geo, box_line=False, undone=True)
    for k in range(5):
        x = bitsearch.board_of(geo, several(geo, f"bitsearch und {k}", 55))
        a = by_done(x, 0)
        b = by_und(x, t.full)
        assert a[0] == b[0] and a[2:] == b[2:]
        if a[0]:
            assert a[1] == t.full ^ b[1]


def test_pair_reach_filled_by_the_search() -> None:
    """Beyond 9 digits the table is filled as the search meets pairs, each entry right."""
    geo = geometry("sudoku", 16)
    t = bitsearch.tables(geo)
    s = bitsearch.BitSearch(geo, limit=2, keep=False)
    s.run(bitsearch.board_of(geo, several(geo, "bitsearch reach 16", 150)))
    assert s.count >= 1
    reach = bitsearch.pair_reach(geo)
    met = 0
    for c in range(geo.ncells):
        g = (c + 1) * t.width
        for v, mask in reach[g].items():
            assert v.bit_count() == 2
            assert mask == sum((v | 1 << geo.n) << (p * t.width) for p in geo.peers[c])
            met += 1
    assert met > 0


def test_boards_are_their_fields() -> None:
    """``board_of`` and ``board_of_masks`` lay each cell's candidates in its field (bit
    ``d-1`` of field ``c`` for digit ``d``, guards clear) on every board shape; a value out
    of range gives the empty board."""
    rng = Rng("boards-are-fields")
    for variant, n in (("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("sudoku", 16),
                       ("xsudoku", 5), ("latin", 7)):
        geo = geometry(variant, n)
        t = bitsearch.tables(geo)
        for i in range(40):
            values = [rng.below(n + 1) if rng.below(3) else 0 for _ in range(geo.ncells)]
            want = sum(t.bit(c, v) if v else t.field(c) for c, v in enumerate(values))
            assert bitsearch.board_of(geo, values) == want
            assert bitsearch.board_of(geo, tuple(values)) == want
            masks = [rng.below(1 << (n + 1)) for _ in range(geo.ncells)]
            want = sum((m & geo.all_mask) << (c * t.width) for c, m in enumerate(masks))
            assert bitsearch.board_of_masks(geo, masks) == want
            bad = values[:]
            bad[rng.below(geo.ncells)] = (-1, n + 1, -n)[i % 3]
            assert bitsearch.board_of(geo, bad) == 0
