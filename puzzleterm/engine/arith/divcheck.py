"""Tests of a partly filled long division, from weakest to strongest (the human solver's).

Each takes the state (for the layout) and the digits so far, and says whether they can still
hold; a test never fails on digits that are still empty.

1. :func:`copies_ok`: a brought-down digit is the dividend digit above it, and a quotient
   digit over a column without a product row is 0;
2. :func:`subtractions_ok`: each row above a product minus the product is the difference
   written under it (column by column from the units, the borrow known);
3. :func:`products_ok`: a product row is the divisor times its quotient digit (its last
   digits from the divisor's last digits, all of it once the divisor is known);
4. :func:`bounds_ok`: lengths bound the numbers: a product of the row's length, a difference
   less than the divisor, the working number at a 0 quotient digit less than the divisor.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .divforms import first_width, steps_of
from .model import ArithState
from .model import row_bounds as _interval

Vals = list[list[int | None]]
Row = list[int | None]


@dataclass(frozen=True)
class _Layout:
    m: int
    lead: int
    zeros: tuple[int, ...]  # quotient indices over columns without a product row
    #: each step: (product row, row under, quotient index, brought-down count, next shift)
    steps: tuple[tuple[int, int, int, int, int], ...]


@lru_cache(maxsize=512)
def _cached(lengths: tuple[int, ...], shifts: tuple[int, ...]) -> _Layout:
    rows = tuple((None,) * n for n in lengths)
    state = ArithState("div", rows, rows, shifts)
    m = lengths[0]
    st = steps_of(state)
    out = []
    for j, (p, u, e) in enumerate(st):
        nxt = st[j + 1][2] if j + 1 < len(st) else 0
        out.append((p, u, m - 1 - e, e - nxt, nxt))
    used = {m - 1 - e for _, _, e in st}
    return _Layout(m, first_width(state), tuple(i for i in range(m) if i not in used),
                   tuple(out))


def layout(state: ArithState) -> _Layout:
    return _cached(tuple(map(len, state.givens)), state.shifts)


def _adds_up(terms: list[Row], total: Row) -> bool:
    """Whether the terms can add up to the total, column by column from the units."""
    if any(len(t) > len(total) for t in terms):
        return False
    carry = 0
    for j in range(len(total)):
        s = carry
        for t in terms:
            if j < len(t):
                d = t[len(t) - 1 - j]
                if d is None:
                    return True
                s += d
        d = total[len(total) - 1 - j]
        if d is None:
            return True
        if s % 10 != d:
            return False
        carry = s // 10
    return carry == 0



_DIGITS = tuple(range(1, 10))


@lru_cache(maxsize=512)
def _copy_cells(lengths: tuple[int, ...], shifts: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    lay = _cached(lengths, shifts)
    out = {(0, i) for i in lay.zeros}
    n = lengths[2]
    for _, u, _, b, nxt in lay.steps:
        lu = lengths[u]
        for t in range(b):
            out.add((2, n - 1 - (nxt + t)))
            if t < lu:
                out.add((u, lu - 1 - t))
    return frozenset(out)


def copies_read(state: ArithState, cell: tuple[int, int]) -> bool:
    """Whether :func:`copies_ok` reads the cell at all (if not, its digit changes nothing)."""
    return cell in _copy_cells(tuple(map(len, state.givens)), state.shifts)


def _copies(lay: _Layout, vals: Vals) -> bool:
    quotient, dividend = vals[0], vals[2]
    if any(quotient[i] not in (None, 0) for i in lay.zeros):
        return False
    n = len(dividend)
    for _, u, _, b, nxt in lay.steps:  # copies
        under = vals[u]
        lu = len(under)
        for t in range(b):
            x = dividend[n - 1 - (nxt + t)]
            y = under[lu - 1 - t] if t < lu else 0
            if x is not None and y is not None and x != y:
                return False
    return True


def _subtractions(lay: _Layout, vals: Vals) -> bool:
    above: Row = vals[2][:lay.lead]
    for p, u, _, b, _ in lay.steps:  # subtractions
        under = vals[u]
        diff = under[:len(under) - b] if len(under) > b else []
        if not _adds_up([vals[p], diff], above):
            return False
        above = under
    return True


def _products(lay: _Layout, vals: Vals) -> bool:
    quotient, divisor = vals[0], vals[1]
    d_low, kd = 0, 0
    for x in reversed(divisor):
        if x is None:
            break
        d_low += x * 10 ** kd
        kd += 1
    full = kd == len(divisor)
    for p, _, qi, _, _ in lay.steps:  # products
        q = quotient[qi]
        if q is None:
            continue
        row = vals[p]
        v = d_low * q
        for j in range(min(kd, len(row))):
            g = row[len(row) - 1 - j]
            if g is not None and g != v // 10 ** j % 10:
                return False
        if full and len(str(v)) != len(row):
            return False
    return True


def _bounds(lay: _Layout, vals: Vals) -> bool:
    quotient, divisor, dividend = vals[0], vals[1], vals[2]
    dlo, dhi = _interval(divisor)
    alo, ahi = _interval(dividend[:lay.lead])
    last = len(vals) - 1
    for p, u, qi, b, _ in lay.steps:  # bounds
        q = quotient[qi]
        plo, phi = _interval(vals[p])
        qs = _DIGITS if q is None else (q,)
        if not any(dlo * x <= phi and dhi * x >= plo for x in qs):
            return False
        under = vals[u]
        diff = under[:len(under) - b] if len(under) > b else []
        rlo, rhi = _interval(diff) if diff else (0, 0)
        if rlo >= dhi or alo > phi + min(rhi, dhi - 1) or ahi < plo + rlo:
            return False
        ulo, uhi = _interval(under)
        if (u == last and ulo >= dhi) or (u != last and b >= 2 and ulo // 10 >= dhi):
            return False
        alo, ahi = ulo, uhi
    return True


#: the parts of the tests, weakest first: test ``s`` is parts 1 to ``s``
_PARTS = (_copies, _subtractions, _products, _bounds)


def _check(state: ArithState, vals: Vals, strength: int) -> bool:
    lay = layout(state)
    return all(part(lay, vals) for part in _PARTS[:strength])


def part_ok(state: ArithState, vals: Vals, strength: int) -> bool:
    """Only the part the test of this strength adds to the one below it."""
    return _PARTS[strength - 1](layout(state), vals)


def copies_ok(state: ArithState, vals: Vals) -> bool:
    return _check(state, vals, 1)


def subtractions_ok(state: ArithState, vals: Vals) -> bool:
    return _check(state, vals, 2)


def products_ok(state: ArithState, vals: Vals) -> bool:
    return _check(state, vals, 3)


def bounds_ok(state: ArithState, vals: Vals) -> bool:
    return _check(state, vals, 4)


def bad_rows(state: ArithState) -> set[int]:
    """The rows of the division that cannot hold with the digits filled so far: a quotient
    digit that must be 0, or a step (product and row under it) whose subtraction, product
    or bounds fail with only its own rows (and the quotient, divisor, dividend) filled."""
    lay = layout(state)
    vals = [list(r) for r in state.values]
    blank: Vals = [[None] * len(r) for r in vals]
    out: set[int] = set()
    if any(vals[0][i] not in (None, 0) for i in lay.zeros):
        out.add(0)
    above = -1  # the dividend's first digits
    for p, u, _, _, _ in lay.steps:
        keep = {0, 1, 2, above, p, u}
        masked = [row if r in keep else blank[r] for r, row in enumerate(vals)]
        if not _check(state, masked, 4):
            out.update((p, u))
        above = u
    return out
