"""The quick paths of the finders against plain versions: every digit's cells, the unions of
``k`` bitsets, the columns' positions of a digit, the subsets of a house, the candidate
unique rectangles, and the uniqueness question asked only when a step needs it.  Positions
come from whole solve paths (the steps of hard puzzles) and from random eliminations."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human import basic, fish, wings
from puzzleterm.engine.sudoku.human.grid import (
    Grid,
    _digit_cells,
    _digit_cells_loop,
    digits_of,
    k_unions,
    tables,
)
from puzzleterm.engine.sudoku.human.solve import apply_step, find_step, run

from .human_helpers import GEO9, parse_line

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CHAIN = "000080004709004530800000600000400700307906405005002000002000003038500109900030000"
TOP = "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2.."


def path_positions(text: str) -> Iterator[Grid]:
    """Every position on the solve path of a puzzle (a fresh grid each)."""
    g = Grid.from_values(GEO9, parse_line(text), True)
    while not all(g.values):
        yield Grid(GEO9, g.values, g.cand, True)
        step = find_step(g)
        assert step is not None
        apply_step(g, step)


def random_positions(seed: str, count: int, size: int = 9) -> Iterator[Grid]:
    """Boards with a few digits placed and many candidates removed at random (positions
    no solve reaches: the finders must still agree on them)."""
    geo = geometry("sudoku", size)
    rng = Rng(seed)
    for _ in range(count):
        g = Grid.from_values(geo, [0] * geo.ncells, True)
        for _ in range(rng.below(size)):
            c = rng.below(geo.ncells)
            if g.cand[c]:
                g.place(c, rng.choice(digits_of(g.cand[c])))
        for c in range(geo.ncells):
            for d in digits_of(g.cand[c]):
                if rng.below(3) == 0 and g.cand[c] & ~(1 << (d - 1)):
                    g.eliminate(c, d)
        yield g


def all_positions() -> list[Grid]:
    out: list[Grid] = []
    for text in (HARD, CHAIN, TOP):
        out.extend(path_positions(text))
    out.extend(random_positions("fast-finders", 60))
    return out


POSITIONS = all_positions()


# -- plain versions -------------------------------------------------------------------------
def plain_unions(ids: list[int], ms: list[int], k: int, least: int, most: int
                 ) -> list[tuple[tuple[int, ...], int]]:
    out = []
    for combo in combinations(ids, k):
        union = 0
        for i in combo:
            union |= ms[i]
        if least <= union.bit_count() <= most:
            out.append((combo, union))
    return out


def plain_rectangles(g: Grid) -> list[wings.Rectangle]:
    """Every rectangle through two bivalue cells with the same candidates whose corners all
    share two digits, the first bivalue corner's."""
    cand = g.cand
    bv = set(g.bivalue())
    out: list[wings.Rectangle] = []
    for rect in wings.rectangles(g.geo):
        if not any(cand[a] == cand[b] and a in bv and b in bv
                   for a, b in combinations(rect, 2)):
            continue
        ms = [cand[c] for c in rect]
        common = ms[0] & ms[1] & ms[2] & ms[3]
        if not all(ms) or common.bit_count() < 2:
            continue
        xy = next(m for m in ms if m.bit_count() == 2)
        if xy & common != xy:
            continue
        out.append((rect, xy, [c for c in rect if cand[c] == xy],
                    [c for c in rect if cand[c] != xy]))
    return out


def plain_naked(g: Grid, k: int, h: int) -> tuple[tuple[int, ...], list[tuple[int, int]]] | None:
    """The first naked subset of a house that removes something: (cells, eliminations)."""
    cand = g.cand
    house = g.t.houses[h]
    small = [c for c in house if 2 <= cand[c].bit_count() <= k]
    for combo in combinations(small, k):
        union = 0
        for c in combo:
            union |= cand[c]
        if union.bit_count() != k:
            continue
        elims = [(c, d) for c in house if c not in combo for d in digits_of(cand[c] & union)]
        if elims:
            return combo, elims
    return None


def plain_hidden(g: Grid, k: int, h: int) -> tuple[list[int], list[tuple[int, int]]] | None:
    """The first hidden subset of a house that removes something: (cells, eliminations)."""
    cand = g.cand
    house = g.t.houses[h]
    places = [[c for c in house if cand[c] >> d & 1] for d in range(g.n)]
    ds = [d for d in range(g.n) if 2 <= len(places[d]) <= k]
    for combo in combinations(ds, k):
        cells = sorted({c for d in combo for c in places[d]}, key=house.index)
        if len(cells) != k:
            continue
        keep = sum(1 << d for d in combo)
        elims = [(c, d) for c in cells for d in digits_of(cand[c] & ~keep)]
        if elims:
            return cells, elims
    return None


# -- tests ----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [4, 6, 9, 16])
def test_digit_cells_match_the_loop(size: int) -> None:
    for g in random_positions(f"digit-cells-{size}", 20, size):
        assert _digit_cells(g) == _digit_cells_loop(g.cand, g.n)
        for d0, where in enumerate(_digit_cells(g)):
            assert where == sum(1 << c for c, m in enumerate(g.cand) if m >> d0 & 1)


def test_k_unions_match_combinations() -> None:
    rng = Rng("k-unions")
    for _ in range(400):
        ms = [rng.below(512) & rng.below(512) for _ in range(9)]
        ids = sorted(i for i in range(9) if rng.below(4))
        for k in (2, 3, 4):
            for least, most in ((k, k), (k + 1, k + 3), (0, 9)):
                assert k_unions(ids, ms, k, least, most) == plain_unions(ids, ms, k, least,
                                                                         most)


def test_column_positions_match_the_cells() -> None:
    for g in POSITIONS[::7]:
        t = g.t
        for where in g.all_digit_cells():
            cols = fish._positions(g, t.cols, where)
            rows = fish._positions(g, t.rows, where)
            for r in range(9):
                for c in range(9):
                    bit = where >> (r * 9 + c) & 1
                    assert cols[c] >> r & 1 == bit
                    assert rows[r] >> c & 1 == bit


def test_subsets_match_the_plain_search() -> None:
    found = 0
    for g in POSITIONS:
        tables(g.geo).cache.clear()
        for k in (2, 3, 4):
            for h in range(len(g.t.houses)):
                masks = tuple(g.cand[c] for c in g.t.houses[h])
                step = basic._naked_in_house(g, k, h, masks)
                want = plain_naked(g, k, h)
                assert (step is None) == (want is None)
                if step is not None and want is not None:
                    found += 1
                    assert step.cells == want[0] and list(step.eliminations) == want[1]
                pos = basic._digit_positions(g.n, masks)
                hstep = basic._hidden_in_house(g, k, h, pos)
                hwant = plain_hidden(g, k, h)
                assert (hstep is None) == (hwant is None)
                if hstep is not None and hwant is not None:
                    found += 1
                    assert list(hstep.cells) == hwant[0]
                    assert list(hstep.eliminations) == hwant[1]
    assert found > 50  # the positions do hold subsets


def test_rectangles_match_the_plain_search() -> None:
    found = 0
    for g in POSITIONS:
        got = wings._rectangles_of(g)
        assert got == plain_rectangles(g)
        found += len(got)
    assert found > 5


def test_uniqueness_asked_only_for_a_step() -> None:
    asked: list[int] = []

    def unique() -> bool:
        asked.append(1)
        return True

    g = Grid.from_values(GEO9, parse_line(HARD), unique)
    r = run(g)
    assert r.solved
    kinds = {s.technique for s in r.steps}
    assert not kinds & {"unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_4",
                        "bug_plus_1"}
    assert asked == []
    # a position with a rectangle: asked once, and a puzzle not known to be unique gets none
    for g in POSITIONS:
        if any(wings._first_rectangle(g, kind) for kind in (1, 2, 4)):
            break
    else:
        raise AssertionError("no rectangle in the positions")
    for answer in (True, False):
        calls: list[int] = []
        h = Grid(GEO9, g.values, g.cand, lambda a=answer, c=calls: c.append(1) or a)
        steps = [wings.unique_rectangle_1(h), wings.unique_rectangle_2(h),
                 wings.unique_rectangle_4(h)]
        assert calls == [1]
        assert any(steps) == answer


# -- wings: the plain searches over every cell ----------------------------------------------
Wing = tuple[tuple[int, ...], list[tuple[int, int]]]


def plain_xy_wing(g: Grid) -> Wing | None:
    cand = g.cand
    for pivot in g.bivalue():
        pm = cand[pivot]
        wings_ = [c for c in g.t.peers[pivot]
                  if cand[c].bit_count() == 2 and (cand[c] & pm).bit_count() == 1]
        for a, b in combinations(wings_, 2):
            am, bm = cand[a], cand[b]
            z = am & bm
            if am == bm or z.bit_count() != 1 or z & pm or (am | bm) & pm != pm:
                continue
            hit = [c for c in range(g.t.ncells) if c not in (pivot, a, b) and cand[c] & z
                   and c in g.t.peers[a] and c in g.t.peers[b]]
            if hit:
                return (pivot, a, b), [(c, z.bit_length()) for c in hit]
    return None


def plain_xyz_wing(g: Grid) -> Wing | None:
    cand = g.cand
    for pivot, pm in enumerate(cand):
        if pm.bit_count() != 3:
            continue
        wings_ = [c for c in g.t.peers[pivot]
                  if cand[c].bit_count() == 2 and cand[c] & pm == cand[c]]
        for a, b in combinations(wings_, 2):
            am, bm = cand[a], cand[b]
            if am == bm or am | bm != pm:
                continue
            z = am & bm
            hit = [c for c in range(g.t.ncells) if cand[c] & z and all(
                c in g.t.peers[x] for x in (pivot, a, b))]
            if hit:
                return (pivot, a, b), [(c, z.bit_length()) for c in hit]
    return None


def plain_w_wing(g: Grid) -> Wing | None:
    cand = g.cand
    t = g.t
    for p, q in combinations(g.bivalue(), 2):
        if cand[p] != cand[q] or q in t.peers[p]:
            continue
        for x in digits_of(cand[p]):
            y = next(d for d in digits_of(cand[p]) if d != x)
            hit = [c for c in range(t.ncells) if cand[c] >> (y - 1) & 1
                   and c in t.peers[p] and c in t.peers[q]]
            if not hit:
                continue
            for house in t.houses:
                places = [c for c in house if cand[c] >> (x - 1) & 1]
                if len(places) != 2 or set(places) & {p, q}:
                    continue
                for u, v in (places, places[::-1]):
                    if u in t.peers[p] and v in t.peers[q]:
                        return (p, u, v, q), [(c, y) for c in hit]
    return None


@pytest.mark.parametrize("finder, plain", [(wings.xy_wing, plain_xy_wing),
                                           (wings.xyz_wing, plain_xyz_wing),
                                           (wings.w_wing, plain_w_wing)])
def test_wings_match_the_plain_search(finder: object, plain: object) -> None:
    found = 0
    for g in POSITIONS:
        step = finder(g)  # type: ignore[operator]
        want = plain(g)  # type: ignore[operator]
        assert (step is None) == (want is None)
        if step is not None and want is not None:
            found += 1
            assert step.cells == want[0]
            assert list(step.eliminations) == want[1]
    assert found >= 3


def plain_locked(g: Grid, pointing: bool, where: int) -> tuple[int, list[int], list[int]] | None:
    """The first intersection (index) whose base (a box, if ``pointing``) has the digit
    only in the shared cells, the cover having it elsewhere: (index, cells, eliminated)."""
    types = g.geo.house_types
    for i, x in enumerate(g.t.intersections):
        if (types[x.base] == "box") != pointing:
            continue
        inside = where & x.cells
        if inside and not where & x.base_rest and where & x.cover_rest:
            return i, [c for c in range(81) if inside >> c & 1], [
                c for c in range(81) if (where & x.cover_rest) >> c & 1]
    return None


def test_locked_candidates_match_the_plain_search() -> None:
    found = 0
    for g in POSITIONS:
        for pointing in (True, False):
            for d0, where in enumerate(g.all_digit_cells()):
                got = basic._locked_digit(g, pointing, d0 + 1, where)
                want = plain_locked(g, pointing, where)
                assert (got is None) == (want is None)
                if got is not None and want is not None:
                    found += 1
                    assert got[0] == want[0]
                    assert list(got[1].cells) == want[1]
                    assert [c for c, _d in got[1].eliminations] == want[2]
    assert found > 50


def plain_two_links(g: Grid, kite: int, where: int) -> Wing | None:
    """A Skyscraper (``kite`` 0) or 2-String Kite: the first two row/column conjugate pairs
    (in house order) joined at one end, cells seeing both other ends losing the digit."""
    t = g.t
    types = g.geo.house_types
    links = []
    for h in range(len(t.houses)):
        inside = [c for c in t.houses[h] if where >> c & 1]
        if len(inside) == 2 and types[h] in ("row", "col"):
            links.append((h, *sorted(inside)))
    for (h1, a1, a2), (h2, b1, b2) in combinations(links, 2):
        if (types[h1] == types[h2]) == kite or len({a1, a2, b1, b2}) < 4:
            continue
        for x1, x2 in ((a1, a2), (a2, a1)):
            for y1, y2 in ((b1, b2), (b2, b1)):
                if kite:
                    ok = (t.box_of[x1] == t.box_of[y1] and t.box_of[x2] != t.box_of[x1]
                          and t.box_of[y2] != t.box_of[y1])
                else:
                    line = t.col_of if types[h1] == "row" else t.row_of
                    ok = line[x1] == line[y1] and line[x2] != line[y2]
                if not ok:
                    continue
                hit = [c for c in range(t.ncells) if where >> c & 1 and c in t.peers[x2]
                       and c in t.peers[y2] and c not in (a1, a2, b1, b2)]
                if hit:
                    return (x2, x1, y1, y2), hit
    return None


def test_skyscraper_and_kite_match_the_plain_search() -> None:
    found = 0
    for g in POSITIONS:
        for kite in (0, 1):
            for d0, where in enumerate(g.all_digit_cells()):
                step = fish._two_links_digit(g, kite, d0 + 1, where)
                want = plain_two_links(g, kite, where)
                assert (step is None) == (want is None)
                if step is not None and want is not None:
                    found += 1
                    assert step.cells == want[0]
                    assert [c for c, _d in step.eliminations] == want[1]
    assert found > 20


def test_k_unions_rejects_other_sizes() -> None:
    for k in (1, 5):
        with pytest.raises(ValueError, match="2 to 4"):
            k_unions([0, 1, 2, 3, 4], [1, 2, 4, 8, 16], k, 0, 9)
