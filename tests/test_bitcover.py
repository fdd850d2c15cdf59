"""The exact-cover layout of the search (:mod:`puzzleterm.engine.sudoku.bitcover`): its
tables are their definitions, and it reaches the cell layout's fixed points and answers."""

from __future__ import annotations

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import bitcover, bitsearch
from puzzleterm.engine.sudoku.geometry import Geometry, geometry
from tests.test_bitsearch import several

SHAPES = (("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("xsudoku", 5), ("latin", 6))


def image_bits(geo: Geometry, cell: int, d: int) -> list[int]:
    """The bits of candidate (cell, digit ``d + 1``), by the layout's definition: its bit in
    the cell's field, then its cell's place in the field of each house and that digit."""
    w, n = geo.n + 1, geo.n
    out = [cell * w + d]
    for h, house in enumerate(geo.houses):
        if cell in house:
            out.append((geo.ncells + h * n + d) * w + house.index(cell))
    return out


def to_cover(geo: Geometry, cands: set[tuple[int, int]]) -> int:
    return sum(1 << b for c, d in cands for b in image_bits(geo, c, d))


def test_tables_are_their_definitions() -> None:
    for shape in SHAPES:
        geo = geometry(*shape)
        k = bitcover.cover(geo)
        n, w = geo.n, geo.n + 1
        every = {(c, d) for c in range(geo.ncells) for d in range(n)}
        assert k.full == to_cover(geo, every)
        fields = geo.ncells + len(geo.houses) * n
        assert k.guards == sum(1 << (f * w + n) for f in range(fields))
        for c in (0, geo.ncells // 2 + 1, geo.ncells - 1):
            for d in (0, n - 1):
                mine = set(image_bits(geo, c, d))
                ruled_out = {(c, e) for e in range(n) if e != d}
                ruled_out |= {(p, d) for p in geo.peers[c]}
                satisfied = {b // w for b in mine}
                open_guards = sum(1 << (f * w + n) for f in range(fields) if f not in satisfied)
                for b in mine:  # every image reads the same entries
                    assert k.images[b + 1] == sum(1 << i for i in mine)
                    # what is left, the fields it satisfies closed (their guards cleared)
                    assert k.kill[b + 1] == to_cover(geo, every - ruled_out) | open_guards
                    assert k.covers[b + 1] == sum(((1 << n) - 1) << (f * w)
                                                  for f in range(fields) if f not in satisfied)
                    assert k.bit[b + 1] == 1 << b


def test_lift_places_the_single_cells() -> None:
    """A board's one-candidate cells are placed, what they rule out is gone in every field,
    and each field is its candidates' places, its guard set while no placement satisfies it;
    clashing cells give no board."""
    rng = Rng("bitcover lift")
    for shape in SHAPES:
        geo = geometry(*shape)
        t = bitsearch.tables(geo)
        k = bitcover.cover(geo)
        lift = bitcover.lift(geo)
        for i in range(6):
            values = several(geo, f"bitcover lift {shape} {i}", geo.ncells * 2 // 3)
            masks = [1 << (v - 1) if v else geo.all_mask ^ (1 << rng.below(geo.n))
                     for v in values]
            if i % 2:  # a peer of a given holds its digit alone
                c = next(c for c, v in enumerate(values) if v)
                masks[geo.peers[c][rng.below(len(geo.peers[c]))]] = masks[c]
            xa = bitsearch.board_of_masks(geo, masks)
            placed = {(c, m.bit_length() - 1) for c, m in enumerate(masks) if m.bit_count() == 1}
            clash = any(d == e and p in geo.peers[c] for c, d in placed for p, e in placed)
            x, und = lift(xa)
            assert clash == (i % 2 == 1)
            if clash:
                assert (x, und) == (0, 0)
                continue
            cands = {(c, d) for c, m in enumerate(masks) for d in range(geo.n) if m >> d & 1}
            cands -= {(p, d) for c, d in placed for p in geo.peers[c]}
            w = geo.n + 1
            satisfied = {b // w for c, d in placed for b in image_bits(geo, c, d)}
            fields = geo.ncells + len(geo.houses) * geo.n
            open_guards = sum(1 << (f * w + geo.n) for f in range(fields) if f not in satisfied)
            assert x == to_cover(geo, cands) | open_guards
            assert x & k.cells == sum(t.bit(c, d + 1) for c, d in cands)
            assert und == 0


def test_fixed_points_match_the_cell_layout() -> None:
    """Singles (and box-line reductions at the root) end where the cell layout's do, with
    the same open and two-candidate cells, and fail on the same positions."""
    for shape, blanks in ((("sudoku", 9), 58), (("sudoku", 6), 24), (("xsudoku", 5), 17),
                          (("latin", 6), 24), (("sudoku", 4), 12)):
        geo = geometry(*shape)
        t = bitsearch.tables(geo)
        k = bitcover.cover(geo)
        singles = bitsearch.propagator(geo, box_line=False, undone=True)
        propagate = bitcover.propagator(geo)
        cell_root, root = bitsearch.cell_root(geo), bitcover.root(geo)
        failed = 0
        for i in range(12):
            values = list(several(geo, f"bitcover fixed {shape} {i}", blanks))
            if i % 3 == 2:  # a wrong digit somewhere: often a contradiction
                c = values.index(0)
                values[c] = 1 + i % geo.n
            xa = bitsearch.board_of(geo, values)
            a = singles(xa, t.full)
            b = propagate(*bitcover.lift(geo)(xa))
            assert (a[0] == 0) == (b[0] == 0)
            if a[0]:
                assert a[0] == b[0] & k.cells
                assert a[2:] == b[2:]
            failed += not a[0]
            ra, rb = cell_root(xa), root(xa)
            assert ra[0] == rb[0] & k.cells and ra[2] == rb[2]
        assert 0 < failed < 12


def test_an_emptied_cell_is_named() -> None:
    geo = geometry("sudoku", 9)
    t = bitsearch.tables(geo)
    propagate = bitcover.propagator(geo)
    lift = bitcover.lift(geo)
    values = [0] * 81
    values[10] = values[16] = 7  # one digit twice in a row: the second placement clears both
    assert lift(bitsearch.board_of(geo, values)) == (0, 0)
    x, und = lift(bitsearch.board_of(geo, [0] * 81))
    k = bitcover.cover(geo)
    for d in range(9):  # cell 40 loses every digit
        x ^= x & k.images[40 * t.width + d + 1]
    assert propagate(x, und) == (0, 1 << (40 * t.width + 9), 0, 0)
    # a digit without a place in row 1 (each cell keeping eight digits) names no cell
    x, und = lift(bitsearch.board_of(geo, [0] * 81))
    for c in range(9):
        x ^= x & k.images[c * t.width + 5 + 1]
    assert propagate(x, und) == (0, 0, 0, 0)


def test_both_layouts_find_the_same_solutions() -> None:
    """Every solution (up to 20 on 16x16), by either layout; the empty 5x5 X-Sudoku has
    960."""
    for shape, blanks in ((("sudoku", 9), 52), (("sudoku", 6), 28), (("xsudoku", 5), 25),
                          (("latin", 6), 24), (("sudoku", 16), 150)):
        geo = geometry(*shape)
        for i in range(3):
            xa = bitsearch.board_of(geo, several(geo, f"bitcover both {shape} {i}", blanks))
            found = []
            for cover in (False, True):
                s = bitsearch.BitSearch(geo, limit=None if geo.n < 16 else 20, keep=True,
                                        cover=cover)
                s.run(xa)
                assert s.count == len(s.solutions) >= 1
                found.append(sorted(s.solutions) if geo.n < 16 else s.count)
            assert found[0] == found[1]
            if shape == ("xsudoku", 5):
                assert len(found[0]) == 960
