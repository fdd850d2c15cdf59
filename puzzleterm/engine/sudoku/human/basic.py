"""Singles, locked candidates and subsets (naked and hidden), generic over houses."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial
from typing import cast

from ... import words
from ..geometry import Geometry
from .catalog import Deduction, make_step
from .grid import Grid, Intersection, cells_of, digits_of, k_unions, memo, tables

Elims = list[tuple[int, int]]
_ABSENT = object()  # no entry in a memo
#: Entries the memo of subsets per house keeps before it is emptied (it only saves work).
SUBSET_MEMO_LIMIT = 50_000


def describe_elims(g: Grid, elims: Sequence[tuple[int, int]]) -> str:
    """``7 from r4c1 and r4c8; 2 from r3c3`` (grouped by digit, and digits leaving the same
    cells together: ``1 and 4 from r5c5``)."""
    by_digit: dict[int, list[int]] = {}
    for cell, d in sorted(elims, key=lambda e: (e[1], e[0])):
        by_digit.setdefault(d, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for d, cs in sorted(by_digit.items()):
        by_cells.setdefault(tuple(cs), []).append(d)
    parts = [f"{digits_text(g, ds)} from {g.names(cs)}" for cs, ds in by_cells.items()]
    return "; ".join(parts)


def digits_text(g: Grid, digits: Sequence[int]) -> str:
    return words.listing([g.sym(d) for d in digits])


# -- singles --------------------------------------------------------------------------------
def full_house(g: Grid) -> Deduction | None:
    values = g.values
    t = g.t
    for h in t.house_order:
        empty = -1
        count = 0
        for c in t.houses[h]:
            if not values[c]:
                count += 1
                if count > 1:
                    break
                empty = c
        if count == 1 and g.cand[empty]:
            m = g.cand[empty]
            if m & (m - 1):
                continue  # a broken position; leave it to the other finders
            d = m.bit_length()
            hn = g.geo.house_names[h]
            return make_step(
                "full_house", placements=[(empty, d)], cells=[empty], houses=[h],
                explanation=f"{g.name(empty)} is the last empty cell of {hn}: "
                            f"it must be {g.sym(d)}",
                nudge=f"Look for a full house in {hn}",
            )
    return None


def hidden_single(g: Grid) -> Deduction | None:
    cand = g.cand
    t = g.t
    for h in t.house_order:
        house = t.houses[h]
        once = twice = 0
        for c in house:
            m = cand[c]
            twice |= once & m
            once |= m
        only = once & ~twice
        if not only:
            continue
        low = only & -only
        d = low.bit_length()
        for c in house:
            if cand[c] & low:
                hn = g.geo.house_names[h]
                is_box = g.geo.house_types[h] == "box"
                return make_step(
                    "hidden_single", placements=[(c, d)], cells=[c], houses=[h],
                    candidates=[(c, d)], rating=1.2 if is_box else 1.5,
                    explanation=f"In {hn}, {g.sym(d)} can only go in {g.name(c)}",
                    nudge=f"Look for a hidden single in {hn}",
                )
    return None


def naked_single(g: Grid) -> Deduction | None:
    t = g.t
    for c, m in enumerate(g.cand):
        if m and not m & (m - 1):
            d = m.bit_length()
            h = t.box_of[c] if t.box_of[c] >= 0 else t.row_of[c]
            hn = g.geo.house_names[h]
            return make_step(
                "naked_single", placements=[(c, d)], cells=[c], candidates=[(c, d)],
                explanation=f"{g.name(c)} can only be {g.sym(d)}: every other digit is "
                            f"already placed in its {g.geo.units('and')}",
                nudge=f"Look for a naked single (a cell with one candidate) in {hn}",
            )
    return None


# -- locked candidates ----------------------------------------------------------------------
def _locked(g: Grid, pointing: bool) -> Deduction | None:
    """The first intersection (then the lowest digit) where a digit's places in the base
    house all lie in the cover house, which has it elsewhere too."""
    t = g.t
    best: tuple[int, Deduction] | None = None
    store = t.cache
    for d0, where in enumerate(g.all_digit_cells()):
        if where:
            key = ("locked", pointing, d0 + 1, where)
            got = store.get(key, _ABSENT)  # the memo, read without building its call
            if got is _ABSENT:
                got = memo(t, key, partial(_locked_digit, g, pointing, d0 + 1, where))
            if got is not None:
                found = cast(tuple[int, Deduction], got)
                if best is None or found[0] < best[0]:
                    best = found
    return best[1] if best else None


LockedTest = tuple[int, int, int, Intersection]


@cache
def _locked_tests(geo: Geometry, pointing: bool
                  ) -> tuple[tuple[int, int, tuple[LockedTest, ...]], ...]:
    """The intersections whose base is a box (``pointing``) or not, grouped by base house in
    the order of the intersections (which run base by base): (the base's cells, the most
    cells it shares with a cover, its tests), a test being (index, shared cells, the cover's
    other cells, the intersection)."""
    types = geo.house_types
    t = tables(geo)
    groups: dict[int, list[LockedTest]] = {}
    for i, x in enumerate(t.intersections):
        if (types[x.base] == "box") == pointing:
            groups.setdefault(x.base, []).append((i, x.cells, x.cover_rest, x))
    return tuple((t.house_bits[base], max(test[1].bit_count() for test in tests), tuple(tests))
                 for base, tests in groups.items())


def _locked_digit(g: Grid, pointing: bool, d: int, where: int) -> tuple[int, Deduction] | None:
    """The first intersection where ``d`` (cells ``where``) is locked, and the step: base
    houses where the digit has more places than any intersection holds are passed over."""
    for base_bits, most, tests in _locked_tests(g.geo, pointing):
        inside = where & base_bits
        if not inside or inside.bit_count() > most:
            continue
        found = next(((test, where & test[2]) for test in tests
                      if not inside & ~test[1] and where & test[2]), None)
        if found is None:
            continue
        (i, _cells, _rest, inter), hit = found
        elims = [(c, d) for c in cells_of(hit)]
        bn = g.geo.house_names[inter.base]
        cn = g.geo.house_names[inter.cover]
        inside_cells = cells_of(inside)
        return i, make_step(
            "pointing" if pointing else "claiming", eliminations=elims,
            cells=inside_cells, houses=[inter.base, inter.cover],
            candidates=[(c, d) for c in inside_cells],
            explanation=f"In {bn}, {g.sym(d)} can only go in {g.names(inside_cells)}, "
                        f"all in {cn}; so {g.sym(d)} is removed from the rest of {cn}: "
                        f"{g.names(cells_of(hit))}",
            nudge=f"Look at where {g.sym(d)} can go in {bn}",
        )
    return None


def pointing(g: Grid) -> Deduction | None:
    return _locked(g, True)


def claiming(g: Grid) -> Deduction | None:
    return _locked(g, False)


# -- subsets --------------------------------------------------------------------------------
_SUBSET_WORDS = {2: "pair", 3: "triple", 4: "quad"}


def _subset(g: Grid, k: int, hidden: bool) -> Deduction | None:
    """The first house (boxes first) with a naked (or hidden) subset of ``k`` that removes
    something.  A house's subsets depend on its cells' candidates alone, so they are
    remembered per geometry under those (in a store of their own in the geometry's memo,
    so that they never push out the rest): a house untouched by the last steps is not
    searched again."""
    slot = k + 2 if hidden else k - 1  # an entry: [digit positions, naked 2-4, hidden 2-4]
    houses = g.derived("house_subsets", _house_entries)
    for h in g.t.house_order:
        empties, masks, entry = houses[h]
        if empties <= k:
            continue
        got = entry[slot]
        if got is _ABSENT:
            if hidden:
                pos = entry[0]
                if pos is None:
                    pos = entry[0] = _digit_positions(g.n, masks)
                got = _hidden_in_house(g, k, h, cast(list[int], pos))
            else:
                got = _naked_in_house(g, k, h, masks)
            entry[slot] = got
        if got is not None:
            return cast(Deduction, got)
    return None


HouseEntry = tuple[int, tuple[int, ...], list[object]]


def _house_entries(g: Grid) -> list[HouseEntry]:
    """For each house of the position: its number of empty cells, its cells' candidates, and
    the memo's entry for those (shared by every grid of the geometry)."""
    store: dict[tuple[int, tuple[int, ...]], list[object]] = memo(
        g.t, ("house_subsets",), dict)
    if len(store) >= SUBSET_MEMO_LIMIT:
        store.clear()
    out: list[HouseEntry] = []
    for h, masks in enumerate(g.house_masks()):
        key = (h, masks)
        entry = store.get(key)
        if entry is None:
            entry = store[key] = [None, _ABSENT, _ABSENT, _ABSENT, _ABSENT, _ABSENT, _ABSENT]
        out.append((len(masks) - masks.count(0), masks, entry))
    return out


def _digit_positions(n: int, masks: tuple[int, ...]) -> list[int]:
    """Where each digit (index ``d-1``) can go in a house: a bitset over its positions."""
    pos = [0] * n
    for i, m in enumerate(masks):
        while m:
            low = m & -m
            pos[low.bit_length() - 1] |= 1 << i
            m ^= low
    return pos


def _naked_in_house(g: Grid, k: int, h: int, masks: tuple[int, ...]) -> Deduction | None:
    house = g.t.houses[h]
    small = [c for c, m in zip(house, masks, strict=True) if 2 <= m.bit_count() <= k]
    if len(small) < k or (k == 2 and len({g.cand[c] for c in small}) == len(small)):
        return None  # too few cells, or no two pairs alike
    for combo, union in k_unions(small, g.cand, k, k, k):
        elims: Elims = []
        for c, m in zip(house, masks, strict=True):
            if m & union and c not in combo:
                elims.extend((c, d) for d in digits_of(m & union))
        if not elims:
            continue
        hn = g.geo.house_names[h]
        ds = digits_of(union)
        word = _SUBSET_WORDS[k]
        return make_step(
            f"naked_{word}", eliminations=elims, cells=list(combo), houses=[h],
            candidates=[(c, d) for c in combo for d in digits_of(g.cand[c])],
            explanation=f"In {hn}, {g.names(combo)} hold only {digits_text(g, ds)} "
                        f"between them (a naked {word}), so those digits are removed "
                        f"from the other cells of {hn}: {describe_elims(g, elims)}",
            nudge=f"Look for a naked {word} in {hn}",
        )
    return None


def _hidden_in_house(g: Grid, k: int, h: int, pos: list[int]) -> Deduction | None:
    n = g.n
    house = g.t.houses[h]
    ds = [d for d in range(n) if 2 <= pos[d].bit_count() <= k]
    if len(ds) < k or (k == 2 and len({pos[d] for d in ds}) == len(ds)):
        return None  # too few digits, or no two with the same two places
    cand = g.cand
    for combo, union in k_unions(ds, pos, k, k, k):
        keep = 0
        for d in combo:
            keep |= 1 << d
        cells = [house[i] for i in range(n) if union >> i & 1]
        elims: Elims = []
        for c in cells:
            extra = cand[c] & ~keep
            elims.extend((c, d) for d in digits_of(extra))
        if not elims:
            continue
        hn = g.geo.house_names[h]
        digs = [d + 1 for d in combo]
        word = _SUBSET_WORDS[k]
        return make_step(
            f"hidden_{word}", eliminations=elims, cells=cells, houses=[h],
            candidates=[(c, d) for c in cells for d in digs if cand[c] >> (d - 1) & 1],
            explanation=f"In {hn}, {digits_text(g, digs)} can only go in "
                        f"{g.names(cells)} (a hidden {word}), so those cells hold no "
                        f"other digit: {describe_elims(g, elims)} removed",
            nudge=f"Look for a hidden {word} in {hn}",
        )
    return None


def naked_pair(g: Grid) -> Deduction | None:
    return _subset(g, 2, False)


def naked_triple(g: Grid) -> Deduction | None:
    return _subset(g, 3, False)


def naked_quad(g: Grid) -> Deduction | None:
    return _subset(g, 4, False)


def hidden_pair(g: Grid) -> Deduction | None:
    return _subset(g, 2, True)


def hidden_triple(g: Grid) -> Deduction | None:
    return _subset(g, 3, True)


def hidden_quad(g: Grid) -> Deduction | None:
    return _subset(g, 4, True)
