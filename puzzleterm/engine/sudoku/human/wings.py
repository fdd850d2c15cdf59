"""Wings (XY, XYZ, W) and the uniqueness techniques (unique rectangles, BUG+1).

The uniqueness techniques assume the puzzle has exactly one solution; they give a step only
when the grid says so (``Grid.unique``), asked once they have found one (the answer may cost
a search, and most positions have no unique rectangle).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from ..geometry import Geometry
from .basic import digits_text
from .catalog import Deduction, make_step
from .fish import conjugate_pairs
from .grid import Grid, cells_of, digits_of


def xy_wing(g: Grid) -> Deduction | None:
    """The first pivot (a bivalue cell xy), then the first two of its bivalue peers (in
    order) xz and yz: cells seeing both lose z."""
    cand = g.cand
    pb = g.t.peer_bits
    bvset = g.bivalue_bits()
    dcells = g.all_digit_cells()
    for pivot in g.bivalue():
        pm = cand[pivot]
        low = pm & -pm
        x0, y0 = low.bit_length() - 1, (pm ^ low).bit_length() - 1
        # the bivalue peers holding exactly one of the pivot's digits
        near = bvset & pb[pivot] & (dcells[x0] ^ dcells[y0])
        if not near & (near - 1):
            continue  # fewer than two
        wings = cells_of(near)
        for i, a in enumerate(wings):
            am = cand[a]
            for b in wings[i + 1:]:
                bm = cand[b]
                z = am & bm
                if am == bm or z & pm or z & (z - 1) or not z:
                    continue
                if (am | bm) & pm != pm:
                    continue
                zd = z.bit_length()
                hit_bits = pb[a] & pb[b] & dcells[zd - 1] & ~(1 << pivot)
                if not hit_bits:
                    continue
                hit = cells_of(hit_bits)
                elims = [(c, zd) for c in hit]
                xs = digits_of(pm)
                return make_step(
                    "xy_wing", eliminations=elims, cells=[pivot, a, b],
                    candidates=[(c, d) for c in (pivot, a, b) for d in digits_of(cand[c])],
                    explanation=f"{g.name(pivot)} is {digits_text(g, xs)}; either way one of "
                                f"{g.name(a)} and {g.name(b)} is {g.sym(zd)} (an XY-Wing), so "
                                f"cells seeing both lose {g.sym(zd)}: {g.names(hit)}",
                    nudge=f"Look for an XY-Wing with its pivot at {g.name(pivot)}",
                )
    return None


def xyz_wing(g: Grid) -> Deduction | None:
    """The first pivot with three candidates xyz, then the first two of its bivalue peers
    (in order) inside xyz, xz and yz: cells seeing all three lose z."""
    cand = g.cand
    pb = g.t.peer_bits
    dcells = g.all_digit_cells()
    pairs = g.bivalue_by_pair()
    for pivot, pm in enumerate(cand):
        if pm.bit_count() != 3:
            continue
        # the bivalue peers inside xyz: xy, xz or yz; two of them must differ
        x = pm & -pm
        y = pm & ~x & -(pm & ~x)
        z = pm ^ x ^ y
        pbp = pb[pivot]
        with_xy = pairs.get(x | y, 0) & pbp
        with_xz = pairs.get(x | z, 0) & pbp
        with_yz = pairs.get(y | z, 0) & pbp
        if (not with_xy) + (not with_xz) + (not with_yz) > 1:
            continue
        wings = cells_of(with_xy | with_xz | with_yz)
        for i, a in enumerate(wings):
            am = cand[a]
            for b in wings[i + 1:]:
                bm = cand[b]
                if am == bm or am | bm != pm:
                    continue
                z = am & bm
                zd = z.bit_length()
                hit_bits = pb[a] & pb[b] & pb[pivot] & dcells[zd - 1]
                if not hit_bits:
                    continue
                hit = cells_of(hit_bits)
                elims = [(c, zd) for c in hit]
                return make_step(
                    "xyz_wing", eliminations=elims, cells=[pivot, a, b],
                    candidates=[(c, d) for c in (pivot, a, b) for d in digits_of(cand[c])],
                    explanation=f"Of {g.name(pivot)} ({digits_text(g, digits_of(pm))}), "
                                f"{g.name(a)} and {g.name(b)}, one is {g.sym(zd)} whatever "
                                f"{g.name(pivot)} holds (an XYZ-Wing), so cells seeing all "
                                f"three lose {g.sym(zd)}: {g.names(hit)}",
                    nudge=f"Look for an XYZ-Wing with its pivot at {g.name(pivot)}",
                )
    return None


def w_wing(g: Grid) -> Deduction | None:
    """The first two bivalue cells xy (in order) that do not see each other, then x and the
    first house where x's two places see one each: cells seeing both lose y."""
    cand = g.cand
    t = g.t
    pb = t.peer_bits
    dcells = g.all_digit_cells()
    pairs: list[tuple[int, int]] = []
    for bits in g.bivalue_by_pair().values():
        if bits & (bits - 1):
            cells = cells_of(bits)
            pairs.extend((p, q) for i, p in enumerate(cells) for q in cells[i + 1:]
                         if not pb[p] >> q & 1)
    pairs.sort()
    # digit -> its conjugate pairs (house, a, b), and their ends as a bitset
    links: dict[int, tuple[tuple[tuple[int, int, int], ...], int]] = {}
    for p, q in pairs:
        common = pb[p] & pb[q]
        pm = cand[p]
        low = pm & -pm
        for x, y in ((low.bit_length(), (pm ^ low).bit_length()),
                     ((pm ^ low).bit_length(), low.bit_length())):
            hit_bits = common & dcells[y - 1]
            if not hit_bits:
                continue
            got = links.get(x)
            if got is None:
                xlinks = conjugate_pairs(g, dcells[x - 1])
                ends = 0
                for _h, a, b in xlinks:
                    ends |= 1 << a | 1 << b
                got = links[x] = (xlinks, ends)
            xlinks, ends = got
            if not pb[p] & ends or not pb[q] & ends:
                continue  # a strong link on x needs an end seeing each
            for h, a, b in xlinks:
                if a in (p, q) or b in (p, q):
                    continue
                for u, v in ((a, b), (b, a)):
                    if pb[p] >> u & 1 and pb[q] >> v & 1:
                        hit = cells_of(hit_bits)
                        elims = [(c, y) for c in hit]
                        hn = g.geo.house_names[h]
                        sx, sy = g.sym(x), g.sym(y)
                        return make_step(
                            "w_wing", eliminations=elims, cells=[p, u, v, q], houses=[h],
                            candidates=[(p, x), (p, y), (q, x), (q, y), (u, x), (v, x)],
                            explanation=f"{g.name(p)} and {g.name(q)} are both {sx} or "
                                        f"{sy}. In {hn}, {sx} goes in {g.name(u)} or "
                                        f"{g.name(v)}, which see them, so they cannot "
                                        f"both be {sx}: one is {sy} (a W-Wing). Cells "
                                        f"seeing both lose {sy}: {g.names(hit)}",
                            nudge=f"Look for a W-Wing on the pair {sx}{sy}",
                        )
    return None


# -- uniqueness -----------------------------------------------------------------------------
@cache
def rectangles(geo: Geometry) -> tuple[tuple[int, int, int, int], ...]:
    """Rectangles (a, b, c, d) = (r1c1, r1c2, r2c1, r2c2) whose digit swap keeps the rules:
    two boxes exactly when the board has boxes, and no corner on a diagonal."""
    n = geo.n
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    if geo.diagonals and any(geo.is_diagonal_cell(c) for c in corners):
                        continue
                    if geo.box_rows and len({geo.box(c) for c in corners}) != 2:
                        continue
                    out.append(corners)
    return tuple(out)


Rectangle = tuple[tuple[int, int, int, int], int, list[int], list[int]]


@cache
def _rectangles_by_pair(geo: Geometry) -> dict[tuple[int, int], tuple[int, ...]]:
    """For two cells (in increasing order), the rectangles (indices) having both as corners."""
    out: dict[tuple[int, int], list[int]] = {}
    for i, rect in enumerate(rectangles(geo)):
        for a, b in combinations(sorted(rect), 2):
            out.setdefault((a, b), []).append(i)
    return {pair: tuple(rs) for pair, rs in out.items()}


@cache
def _rectangle_bits(geo: Geometry) -> tuple[int, ...]:
    """Each rectangle's corners as a cell bitset."""
    return tuple(sum(1 << c for c in rect) for rect in rectangles(geo))


def _rectangles_of(g: Grid) -> list[Rectangle]:
    """The rectangles that may be unique rectangles, in order: (corners, the bivalue pair
    xy every corner holds, the corners holding only xy (the floor), the others (the roof)).
    Each type needs at least two floor corners, so only the rectangles through two bivalue
    cells with the same candidates xy are looked at, and of those the ones whose four
    corners all hold x and y (the four corners share xy: with a bivalue corner, no more)."""
    cand = g.cand
    same: dict[int, list[int]] = {}
    for c in g.bivalue():
        same.setdefault(cand[c], []).append(c)
    by_pair = _rectangles_by_pair(g.geo)
    bits = _rectangle_bits(g.geo)
    dcells = g.all_digit_cells()
    picked: dict[int, int] = {}  # rectangle -> xy
    for xy, cells in same.items():
        if len(cells) < 2:
            continue
        low = xy & -xy
        holding = dcells[low.bit_length() - 1] & dcells[(xy ^ low).bit_length() - 1]
        for a, b in combinations(cells, 2):
            for i in by_pair.get((a, b), ()):
                if not bits[i] & ~holding:
                    picked[i] = xy
    rects = rectangles(g.geo)
    out: list[Rectangle] = []
    for i in sorted(picked):
        rect = rects[i]
        xy = picked[i]
        out.append((rect, xy, [c for c in rect if cand[c] == xy],
                    [c for c in rect if cand[c] != xy]))
    return out


def _ur_step(g: Grid, tech: str, corners: tuple[int, ...], xy: int,
             elims: list[tuple[int, int]], why: str) -> Deduction:
    xs = digits_text(g, digits_of(xy))
    return make_step(
        tech, eliminations=elims, cells=list(corners),
        candidates=[(c, d) for c in corners for d in digits_of(xy)],
        explanation=f"If {g.names(corners)} held only {xs}, the two digits could swap and "
                    f"the puzzle would have two solutions (a deadly pattern); {why}",
        nudge=f"Look for a unique rectangle on {xs}",
    )


def _unique_rectangle(g: Grid, kind: int) -> Deduction | None:
    """The first unique rectangle of type ``kind``, if the puzzle is known to have one
    solution (asked only once a rectangle gives a step: the question may cost a search)."""
    step = _first_rectangle(g, kind)
    return step if step is not None and g.unique else None


def _first_rectangle(g: Grid, kind: int) -> Deduction | None:
    cand = g.cand
    t = g.t
    for rect, xy, floor, roof in g.derived("rectangles", _rectangles_of):
        if kind == 1:
            if len(floor) != 3:
                continue
            r = roof[0]
            elims = [(r, d) for d in digits_of(xy)]
            return _ur_step(g, "unique_rectangle_1", rect, xy, elims,
                            f"so {g.name(r)} is neither {g.sym(elims[0][1])} nor "
                            f"{g.sym(elims[1][1])}")
        if len(floor) != 2:
            continue
        f1, f2 = floor
        if not (t.row_of[f1] == t.row_of[f2] or t.col_of[f1] == t.col_of[f2]):
            continue
        r1, r2 = roof
        if kind == 2:
            extra1, extra2 = cand[r1] & ~xy, cand[r2] & ~xy
            if extra1 != extra2 or extra1.bit_count() != 1:
                continue
            z = extra1.bit_length()
            hit = [c for c in cells_of(t.peer_bits[r1] & t.peer_bits[r2]) if cand[c] & extra1]
            if not hit:
                continue
            return _ur_step(g, "unique_rectangle_2", rect, xy, [(c, z) for c in hit],
                            f"so {g.name(r1)} or {g.name(r2)} is {g.sym(z)}, and cells seeing "
                            f"both lose it: {g.names(hit)}")
        # type 4: one of x, y is locked to the roof in a house both roof cells share
        shared = set(t.cell_houses[r1]) & set(t.cell_houses[r2])
        for h in sorted(shared):
            for u in digits_of(xy):
                ubit = 1 << (u - 1)
                places = [c for c in t.houses[h] if cand[c] & ubit]
                if sorted(places) != sorted((r1, r2)):
                    continue
                v = (xy & ~ubit).bit_length()
                elims = [(r1, v), (r2, v)]
                hn = g.geo.house_names[h]
                return _ur_step(g, "unique_rectangle_4", rect, xy, elims,
                                f"in {hn}, {g.sym(u)} must go in {g.name(r1)} or "
                                f"{g.name(r2)}, so neither can be {g.sym(v)}")
    return None


def unique_rectangle_1(g: Grid) -> Deduction | None:
    return _unique_rectangle(g, 1)


def unique_rectangle_2(g: Grid) -> Deduction | None:
    return _unique_rectangle(g, 2)


def unique_rectangle_4(g: Grid) -> Deduction | None:
    return _unique_rectangle(g, 4)


def bug_plus_1(g: Grid) -> Deduction | None:
    """BUG+1: every empty cell has two candidates but one, which has three, and every digit
    has two places in every house but one digit of that cell, which has three places in
    each of its houses (then that digit goes there: without it the position would be a
    deadly pattern).  Only when the puzzle is known to have one solution (asked last: it
    may cost a search)."""
    cand = g.cand
    extra = -1
    for c, m in enumerate(cand):
        k = m.bit_count()
        if k == 0 or k == 2:
            continue
        if k != 3 or extra >= 0:
            return None
        extra = c
    if extra < 0:
        return None
    t = g.t
    em = cand[extra]
    target = 0  # the digit seen three times in each house of the extra cell (a bit)
    for house in t.houses:
        once = twice = thrice = four = 0  # digits seen at least once, twice ...
        for c in house:
            m = cand[c]
            four |= thrice & m
            thrice |= twice & m
            twice |= once & m
            once |= m
        if once & ~twice or four:
            return None  # a digit with one place in a house, or four
        if extra not in house:
            if thrice:
                return None  # three places away from the extra cell
            continue
        # three places: one digit of the extra cell, the same in each of its houses
        if thrice.bit_count() != 1 or not thrice & em or (target and thrice != target):
            return None
        target = thrice
    if not target or not g.unique:
        return None
    digit = target.bit_length()
    return make_step(
        "bug_plus_1", placements=[(extra, digit)], cells=[extra],
        candidates=[(extra, d) for d in digits_of(em)],
        explanation=f"Every empty cell but {g.name(extra)} has two candidates, each digit "
                    f"twice in every {g.geo.units()}: without the extra digit the puzzle "
                    f"would have two solutions (BUG), so {g.name(extra)} must be "
                    f"{g.sym(digit)}, the digit that appears three times in its "
                    f"{g.geo.units('and')}",
        nudge="Look at the only cell with three candidates",
    )
