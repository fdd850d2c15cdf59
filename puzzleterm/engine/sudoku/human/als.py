"""Almost locked sets (ALS): ``n`` cells of one house holding ``n + 1`` digits between them.

Rule out one of an ALS's digits and the ``n`` cells are left with ``n`` digits: a locked set,
each digit placed in one of them.  The wings and the ALS-XZ below are built on that.

An ALS is kept as a record of bitsets (cells as bits, digits as a candidate mask) with, per
digit, the ALS cells holding it and the cells outside the ALS that see all of those (where
the digit would be ruled out if the ALS held it).  A house's ALSs depend on its cells'
candidates alone, so they are remembered per geometry under those (as the subsets of
:mod:`.basic` are): a house untouched by the last steps is not searched again.
"""

from __future__ import annotations

from functools import cache

from ... import words
from .basic import describe_elims, digits_text
from .catalog import Deduction, length_bonus, make_step
from .grid import Grid, cells_of, digits_of, memo

#: Entries of the memo of ALSs per house before it is emptied (it only saves work).
ALS_MEMO_LIMIT = 20_000
#: The most cells of an ALS looked for (the wings of five-cell ALSs, UVWXYZ-Wings, rated
#: 6.6 by SukakuExplainer, decided no grade of a sample of the diabolical bank, and the
#: search for such ALSs would cost more than all the others).
MOST = 4


class Als:
    """An almost locked set: ``cells`` (a bitset) in house ``unit`` holding the ``digits`` (a
    candidate mask) between them, one more digit than cells."""

    __slots__ = ("_common", "_peers", "_seeing", "cells", "digits", "holding", "size",
                 "unit")

    def __init__(self, unit: int, cells: int, digits: int, size: int,
                 holding: tuple[int, ...], common: dict[int, int], peers: tuple[int, ...]
                 ) -> None:
        self.unit = unit
        self.cells = cells
        self.digits = digits
        self.size = size
        #: per digit (index ``d - 1``): the ALS cells holding it (0: not a digit of the ALS)
        self.holding = holding
        self._common = common
        self._seeing: list[int] = [-1] * len(holding)
        self._peers = peers

    def seeing(self, d0: int) -> int:
        """The cells outside the ALS that see every ALS cell holding digit ``d0 + 1``
        (worked out when first asked: most ALSs are never asked)."""
        got = self._seeing[d0]
        if got < 0:
            x = self.holding[d0]
            if not x:
                got = 0
            else:
                common = self._common.get(x)
                if common is None:
                    common = -1
                    y = x
                    while y:
                        low = y & -y
                        common &= self._peers[low.bit_length() - 1]
                        y ^= low
                    self._common[x] = common
                got = common & ~self.cells
            self._seeing[d0] = got
        return got


def _house_als(g: Grid, h: int, masks: tuple[int, ...]) -> tuple[Als, ...]:
    """Every ALS of 1 to :data:`MOST` cells among the empty cells of house ``h`` (its
    cells' candidates: ``masks``), smallest first, then in the order found.

    Cells are added in house order, depth first; a union of more than ``MOST + 1`` digits
    is given up at once (it only grows), and so are cells with more candidates than that.
    An ALS of a line that lies in one box is left to the box (searched first)."""
    t = g.t
    house = t.houses[h]
    empty = [i for i, m in enumerate(masks) if m]
    most = min(MOST, len(empty) - 1)  # all the empty cells hold as many digits as cells
    limit = most + 1
    idx = [i for i in empty if masks[i].bit_count() <= limit]
    count = len(idx)
    if most < 1 or not count:
        return ()
    ms = [masks[i] for i in idx]
    found: list[tuple[int, tuple[int, ...], int]] = []  # (size, positions in idx, digits)
    unions = [0] * (most + 1)  # the union of the cells picked before each depth
    picks = [0] * (most + 1)  # the position picked at each depth
    k = j = 0
    while True:
        if j < count:
            u = unions[k] | ms[j]
            b = u.bit_count()
            if b <= limit:
                picks[k] = j
                if b == k + 2:
                    found.append((k + 1, tuple(picks[:k + 1]), u))
                if k + 1 < most:  # go deeper with this cell
                    k += 1
                    unions[k] = u
            j += 1
        elif k:  # back up: the next cell at the depth above
            k -= 1
            j = picks[k] + 1
        else:
            break
    if not found:
        return ()
    found.sort(key=lambda f: f[0])  # stable: by size, then in the order found
    dcells = g.all_digit_cells()
    line = g.geo.house_types[h] != "box" and bool(t.boxes)
    box_bits, box_of, pb = t.house_bits, t.box_of, t.peer_bits
    common: dict[int, int] = memo(t, ("common_peers",), dict)  # cells -> cells seeing all
    if len(common) >= ALS_MEMO_LIMIT:
        common.clear()
    cellbit = [1 << house[i] for i in idx]
    out = []
    for size, where, digits in found:
        cells = 0
        for i in where:
            cells |= cellbit[i]
        if line and not cells & ~box_bits[box_of[house[idx[where[0]]]]]:
            continue  # within one box: found there
        holding = tuple([cells & dc for dc in dcells])
        out.append(Als(h, cells, digits, size, holding, common, pb))
    return tuple(out)


def all_als(g: Grid, size: int) -> tuple[Als, ...]:
    """Every ALS of ``size`` cells (1 to :data:`MOST`) on the position (a cell set once, at
    its first house in house order), by house order, then in the order found."""
    return g.derived("als", _all_als).get(size, ())


def _all_als(g: Grid) -> dict[int, tuple[Als, ...]]:
    t = g.t
    store: dict[tuple[int, tuple[int, ...]], tuple[Als, ...]] = memo(t, ("als_store",), dict)
    if len(store) >= ALS_MEMO_LIMIT:
        store.clear()
    by_size: dict[int, list[Als]] = {}
    house_masks = g.house_masks()
    for h in t.house_order:
        masks = house_masks[h]
        key = (h, masks)
        got = store.get(key)
        if got is None:
            got = store[key] = _house_als(g, h, masks)
        for als in got:
            got_size = by_size.get(als.size)
            if got_size is None:
                by_size[als.size] = [als]
            else:
                got_size.append(als)
    return {size: tuple(alses) for size, alses in by_size.items()}


def changed_since(g: Grid, key: str) -> int | None:
    """The cells (a bitset) whose candidates changed since the last search of ``key`` on
    this solve, when that search found nothing on a position whose candidates include this
    one's (else None: search everything).

    A pattern none of whose cells changed (the same ALSs, the same bivalue cells) removed
    nothing there, and removes nothing here: what it removes are candidates it sees, and the
    position has only lost candidates since.  So a search need only look at patterns with a
    changed cell, and when no cell changed there is nothing to find."""
    before = g.keep.get(key)
    if not isinstance(before, list):
        return None
    changed = 0
    for c, (now_m, was) in enumerate(zip(g.cand, before, strict=True)):
        if now_m != was:
            if now_m & ~was:
                return None  # a candidate that was not there: another solve
            changed |= 1 << c
    return changed


def remember(g: Grid, key: str, found: object) -> None:
    """Keep what :func:`changed_since` needs: the position when the search of ``key`` found
    nothing."""
    g.keep[key] = None if found is not None else g.cand[:]


# -- wings on an ALS ----------------------------------------------------------------------------
#: The wings of a bivalue cell and an ALS of 3 or 4 cells (named after their digits).
WING_NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing"}
WING_IDS = {3: "wxyz_wing", 4: "vwxyz_wing"}


def wing_rating(size: int, most: int) -> float:
    """SukakuExplainer's rating of a wing on an ALS of ``size`` cells whose fullest cell
    has ``most`` candidates: a base per size, and for the two smaller sizes up to 0.2 more
    where the fullest cell is neither bivalue nor as full as the ALS allows."""
    if size == 3:
        return 5.5 + (1 - abs(3 - most)) / 10
    return 6.2 + (2 - abs(3 - most)) / 10


def _hits(g: Grid, d: int, seeing: int) -> list[tuple[int, int]]:
    hit = seeing & g.all_digit_cells()[d - 1]
    return [(c, d) for c in cells_of(hit)] if hit else []


def _wing_step(g: Grid, als: Als, pivot: int, x: int, z: int, double: bool,
               elims: list[tuple[int, int]]) -> Deduction:
    size = als.size
    cells = cells_of(als.cells)
    n_digits = digits_of(als.digits)
    name = WING_NAMES[size]
    sx, sz = g.sym(x), g.sym(z)
    what = (f"{g.names(cells)} hold only {digits_text(g, n_digits)} between them "
            f"({words.count(size, 'cell')}, {words.count(size + 1, 'digit')}), and "
            f"{g.name(pivot)} holds {g.sym(min(x, z))} or {g.sym(max(x, z))}.")
    if not double:
        zc = cells_of(als.holding[z - 1])
        why = (f" Every {sx} among them sees {g.name(pivot)}: if {g.name(pivot)} is {sx}, "
               f"they lose {sx} and hold their other {words.count(size, 'digit')}, {sz} "
               f"among them. So {sz} is in {g.name(pivot)} or in {g.names(zc)} "
               f"({words.a(name)}), and cells seeing all of these lose {sz}: "
               f"{g.names([c for c, _ in elims])}")
    else:
        rest = [d for d in n_digits if d not in (x, z)]
        why = (f" Every {sx} and every {sz} among them sees {g.name(pivot)}, so they hold "
               f"one of {sx} and {sz} at most, and {digits_text(g, rest)} for sure; {sx} and "
               f"{sz} are each in {g.name(pivot)} or among them ({words.a(name)}, linked "
               f"twice). Removed: {describe_elims(g, elims)}")
    most = max(g.cand[c].bit_count() for c in cells)
    return make_step(
        WING_IDS[size], eliminations=elims, cells=[*cells, pivot], houses=[als.unit],
        candidates=[(c, d) for c in (*cells, pivot) for d in digits_of(g.cand[c])],
        rating=wing_rating(size, most),
        explanation=what + why,
        nudge=f"Look for {words.a(name)}: {words.count(size, 'cell')} of one "
              f"{g.geo.unit_word(als.unit)} holding {words.count(size + 1, 'digit')}, and "
              "a cell with two of them",
    )


@cache
def _pairs_of(mask: int) -> tuple[tuple[int, int, int], ...]:
    """The pairs of digits of a candidate mask: (the pair's mask, the two digits)."""
    ds = digits_of(mask)
    return tuple((1 << (a - 1) | 1 << (b - 1), a, b)
                 for i, a in enumerate(ds) for b in ds[i + 1:])


def _wing(g: Grid, size: int) -> Deduction | None:
    """The first wing of a bivalue cell (the pivot, holding x and z) and an ALS of ``size``
    cells holding both, where every x of the ALS sees the pivot: z goes in the pivot or the
    ALS, so cells seeing the pivot and every z of the ALS lose z.  When every z sees the
    pivot too (linked twice), the ALS's other digits are locked in it, and x and z each go
    in the pivot or the ALS.  (ALSs in order, then pivots in cell order.)"""
    by_pair = g.bivalue_by_pair()
    alses = all_als(g, size)
    if not by_pair or not alses:
        return None
    pb = g.t.peer_bits
    key = f"wing{size}"
    changed = changed_since(g, key)
    if changed == 0:
        remember(g, key, None)
        return None
    # the bivalue cells that changed, per pair (all of them when everything is to search)
    new_pivots = by_pair
    if changed is not None:
        new_pivots = {}
        for pair, bits in by_pair.items():
            if bits & changed:
                new_pivots[pair] = bits & changed
    for als in alses:
        if changed is None or als.cells & changed:
            pivot_bits = by_pair
        elif new_pivots and any(not pair & ~als.digits for pair in new_pivots):
            pivot_bits = new_pivots
        else:
            continue  # nothing changed: found nothing before, finds nothing now
        for pair, d1, d2 in _pairs_of(als.digits):
            pivots = pivot_bits.get(pair, 0)
            if not pivots:
                continue
            # a pivot sees every place of d1 or of d2 in the ALS (not in the ALS: seeing
            # leaves its cells out)
            pivots &= als.seeing(d1 - 1) | als.seeing(d2 - 1)
            while pivots:
                low = pivots & -pivots
                pivots ^= low
                pivot = low.bit_length() - 1
                found = _wing_at(g, als, pivot, d1, d2, pb[pivot])
                if found is not None:
                    remember(g, key, found)
                    return found
    remember(g, key, None)
    return None


def _wing_at(g: Grid, als: Als, pivot: int, d1: int, d2: int, seen: int) -> Deduction | None:
    """The wing of ``als`` and the bivalue ``pivot`` (digits d1, d2; ``seen``: its peers)."""
    linked = [d for d in (d1, d2) if not als.holding[d - 1] & ~seen]
    if not linked:
        return None
    if len(linked) == 2:
        elims = []
        for d in digits_of(als.digits):
            see = als.seeing(d - 1) & ~(1 << pivot)
            if d in (d1, d2):
                see &= seen
            elims += _hits(g, d, see)
        if elims:
            return _wing_step(g, als, pivot, d1, d2, True, sorted(elims))
    for x in linked:
        z = d1 + d2 - x
        elims = _hits(g, z, als.seeing(z - 1) & seen)
        if elims:
            return _wing_step(g, als, pivot, x, z, False, elims)
    return None


def wxyz_wing(g: Grid) -> Deduction | None:
    return _wing(g, 3)


def vwxyz_wing(g: Grid) -> Deduction | None:
    return _wing(g, 4)


# -- ALS-XZ -------------------------------------------------------------------------------------
#: The sizes of the two ALSs of an ALS-XZ (a bivalue cell and an ALS make a wing, or a
#: chain of bivalue cells, both tried before).
XZ_SIZES = (2, 3)


def als_xz_rating(cells: int) -> float:
    """An ALS-XZ of ``cells`` cells in all, rated as SE rates the alternating inference
    chain it is (z in A, x in A, x in B, z in B: 7.0, and more as it grows, each cell of an
    ALS counted as a link).  SukakuExplainer's only ALS-XZ are the wings, a bivalue cell and
    an ALS; it rates puzzles that need others by their forcing chains, 7.1 and up."""
    return 7.0 + length_bonus(cells + 2)


def _xz_step(g: Grid, a1: Als, a2: Als, x: int, z: int, double: bool,
             elims: list[tuple[int, int]]) -> Deduction:
    sx, sz = g.sym(x), g.sym(z)
    parts = []
    for al in (a1, a2):
        k = al.size
        parts.append(f"{g.names(cells_of(al.cells))} hold only "
                     f"{digits_text(g, digits_of(al.digits))} ({words.count(k, 'cell')}, "
                     f"{words.count(k + 1, 'digit')})")
    what = f"{parts[0]}, and {parts[1]}."
    if not double:
        z1, z2 = cells_of(a1.holding[z - 1]), cells_of(a2.holding[z - 1])
        why = (f" Every {sx} of the first sees every {sx} of the second, so one of them at "
               f"most holds {sx}, and the other holds all its other digits, {sz} among "
               f"them: {sz} is in {g.names(z1)} or in {g.names(z2)} (an ALS-XZ). Cells "
               f"seeing all of these lose {sz}: {g.names([c for c, _ in elims])}")
    else:
        why = (f" Every {sx} of the first sees every {sx} of the second, and so does every "
               f"{sz}: one of them at most holds {sx}, and one at most {sz}, so each holds "
               f"all its other digits, and {sx} and {sz} are each in one of them (an ALS-XZ, "
               f"linked twice). Removed: {describe_elims(g, elims)}")
    cells = [*cells_of(a1.cells), *cells_of(a2.cells)]
    return make_step(
        "als_xz", eliminations=elims, cells=cells, houses=[a1.unit, a2.unit],
        candidates=[(c, d) for c in cells for d in digits_of(g.cand[c])],
        rating=als_xz_rating(len(cells)),
        explanation=what + why,
        nudge=f"Look for two almost locked sets (cells of one "
              f"{g.geo.unit_word(a1.unit)} holding one digit more than there are cells) "
              f"that share {sx} and {sz}",
    )


def _xz_pair(g: Grid, a1: Als, a2: Als) -> Deduction | None:
    common = a1.digits & a2.digits
    linked = [d for d in digits_of(common) if not a1.holding[d - 1] & ~a2.seeing(d - 1)]
    if not linked:
        return None
    dcells = g.all_digit_cells()
    if len(linked) >= 2:
        x, z = linked[0], linked[1]
        xz = 1 << (x - 1) | 1 << (z - 1)
        elims: list[tuple[int, int]] = []
        for al in (a1, a2):
            for d in digits_of(al.digits & ~xz):
                elims += _hits(g, d, al.seeing(d - 1))
        for d in (x, z):
            elims += _hits(g, d, a1.seeing(d - 1) & a2.seeing(d - 1))
        if elims:
            return _xz_step(g, a1, a2, x, z, True, sorted(set(elims)))
    for x in linked:
        for z in digits_of(common & ~(1 << (x - 1))):
            hit = a1.seeing(z - 1) & a2.seeing(z - 1) & dcells[z - 1]
            if hit:
                return _xz_step(g, a1, a2, x, z, False, _hits(g, z, hit))
    return None


def als_xz(g: Grid) -> Deduction | None:
    """The first two ALSs (A before B in the order of :func:`all_als`, sharing no cell, of
    :data:`XZ_SIZES` cells) with a digit x whose every place in A sees every place in B (a
    restricted common): z, another digit of both, is then in A or in B, so cells seeing
    every z of both lose z.  With two such digits (linked twice) both ALSs are locked sets
    but for x and z: each digit of an ALS goes in it."""
    alses = tuple(al for size in XZ_SIZES for al in all_als(g, size))
    changed = changed_since(g, "als_xz")
    if changed == 0:
        remember(g, "als_xz", None)
        return None
    # per digit, where each ALS holding it holds it
    places: dict[int, list[tuple[int, int]]] = {}
    for i, al in enumerate(alses):
        for d in digits_of(al.digits):
            got = places.get(d)
            if got is None:
                places[d] = [(al.holding[d - 1], i)]
            else:
                got.append((al.holding[d - 1], i))
    # the pairs with an ALS that changed (all of them at first) and a restricted common
    # digit, in the order of the ALSs: a changed one's partners have a digit whose places
    # all see its
    pairs: set[tuple[int, int]] = set()
    for f, a1 in enumerate(alses):
        if changed is not None and not a1.cells & changed:
            continue
        for d in digits_of(a1.digits):
            sees = a1.seeing(d - 1)
            for where, j in places[d]:
                if not where & ~sees:
                    pairs.add((f, j) if f < j else (j, f))
    for i, j in sorted(pairs):
        a1, a2 = alses[i], alses[j]
        if a1.cells & a2.cells or (a1.digits & a2.digits).bit_count() < 2:
            continue  # overlapping, or one digit in common
        found = _xz_pair(g, a1, a2)
        if found is not None:
            remember(g, "als_xz", found)
            return found
    remember(g, "als_xz", None)
    return None


# -- Sue de Coq --------------------------------------------------------------------------------
def sue_de_coq(g: Grid) -> Deduction | None:
    """The first Sue de Coq: where a box and a line meet, two or three empty cells holding
    two digits more than cells (V); a cell of the line outside the box holding only digits
    of V (D1), and one of the box outside the line holding only others of V (D2).  Those
    cells hold as many digits as there are cells, each once: D1's digits are on the line
    (in the meeting cells or the line's cell), D2's in the box, and V's other digits in the
    meeting cells, so the rest of the line loses D1 and the others, and the rest of the box
    D2 and the others.  (Box-line intersections in order, then the cells.)"""
    t = g.t
    if not t.boxes:
        return None
    cand = g.cand
    boxes = set(t.boxes)
    changed = changed_since(g, "sue_de_coq")
    hb = t.house_bits
    for x in t.intersections:
        if x.base not in boxes or x.cover in boxes:
            continue
        if changed is not None and not (hb[x.base] | hb[x.cover]) & changed:
            continue  # the same box and line as when nothing was found
        meet = [c for c in cells_of(x.cells) if cand[c]]
        if len(meet) < 2:
            continue
        for k in (2, 3):
            for combo in _combos(meet, k):
                v = 0
                for c in combo:
                    v |= cand[c]
                if v.bit_count() != k + 2:
                    continue
                found = _sdc_at(g, x.base, x.cover, combo, v)
                if found is not None:
                    remember(g, "sue_de_coq", found)
                    return found
    remember(g, "sue_de_coq", None)
    return None


def _combos(cells: list[int], k: int) -> list[tuple[int, ...]]:
    if k == 2:
        return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]]
    return [tuple(cells)] if len(cells) == 3 and k == 3 else []


def _sdc_at(g: Grid, box: int, line: int, meet: tuple[int, ...], v: int) -> Deduction | None:
    t = g.t
    cand = g.cand
    hb = t.house_bits
    meet_bits = sum(1 << c for c in meet)
    line_rest = [c for c in cells_of(hb[line] & ~hb[box]) if cand[c] and not cand[c] & ~v]
    box_rest = [c for c in cells_of(hb[box] & ~hb[line]) if cand[c] and not cand[c] & ~v]
    for lc in line_rest:
        d1 = cand[lc]
        if d1.bit_count() < 2:
            continue
        for bc in box_rest:
            d2 = cand[bc]
            if d2.bit_count() < 2 or d1 & d2:
                continue
            extra = v & ~d1 & ~d2
            dcells = g.all_digit_cells()
            elims: list[tuple[int, int]] = []
            for d in digits_of(d1 | extra):
                elims += [(c, d) for c in cells_of(dcells[d - 1] & hb[line] & ~meet_bits
                                                   & ~(1 << lc))]
            for d in digits_of(d2 | extra):
                elims += [(c, d) for c in cells_of(dcells[d - 1] & hb[box] & ~meet_bits
                                                   & ~(1 << bc))]
            if elims:
                return _sdc_step(g, box, line, meet, v, lc, bc, sorted(set(elims)))
    return None


def _sdc_step(g: Grid, box: int, line: int, meet: tuple[int, ...], v: int, lc: int, bc: int,
              elims: list[tuple[int, int]]) -> Deduction:
    cand = g.cand
    names = g.geo.house_names
    k = len(meet)
    d1, d2 = digits_of(cand[lc]), digits_of(cand[bc])
    extra = digits_of(v & ~cand[lc] & ~cand[bc])
    cells = [*meet, lc, bc]
    more = (f"; {digits_text(g, extra)}, in neither, must be in the meeting cells"
            if extra else "")
    return make_step(
        "sue_de_coq", eliminations=elims, cells=cells, houses=[box, line],
        candidates=[(c, d) for c in cells for d in digits_of(cand[c])],
        rating=5.6 if k == 2 else 5.7,
        explanation=f"Where {names[box]} and {names[line]} meet, {g.names(list(meet))} hold "
                    f"{digits_text(g, digits_of(v))} ({words.count(k, 'cell')}, "
                    f"{words.count(k + 2, 'digit')}); {g.name(lc)} in {names[line]} holds "
                    f"{digits_text(g, d1)}, and {g.name(bc)} in {names[box]} holds "
                    f"{digits_text(g, d2)}. These {words.count(k + 2, 'cell')} hold "
                    f"{words.count(k + 2, 'digit')}, each once: {digits_text(g, d1)} stay in "
                    f"{names[line]}; {digits_text(g, d2)} in {names[box]}{more} (a Sue de "
                    f"Coq). Removed: {describe_elims(g, elims)}",
        nudge=f"Look where {names[box]} and {names[line]} meet: a Sue de Coq",
    )
