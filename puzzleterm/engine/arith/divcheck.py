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

from .divforms import first_width, steps_of
from .model import ArithState

Vals = list[list[int | None]]
Row = list[int | None]


def _parts(state: ArithState, vals: Vals) -> list[tuple[Row, Row, Row, int, int]]:
    """Each step's (row above, product, difference, brought-down count, next shift)."""
    steps = steps_of(state)
    out = []
    above: Row = vals[2][:first_width(state)]
    for j, (p, u, e) in enumerate(steps):
        nxt = steps[j + 1][2] if j + 1 < len(steps) else 0
        b = e - nxt
        under = vals[u]
        diff: Row = under[:len(under) - b] if len(under) > b else []
        out.append((above, vals[p], diff, b, nxt))
        above = under
    return out


def copies_ok(state: ArithState, vals: Vals) -> bool:
    m = len(state.givens[0])
    shifts = {e for _, _, e in steps_of(state)}
    if any(vals[0][m - 1 - e] not in (None, 0) for e in range(m) if e not in shifts):
        return False
    dividend = vals[2]
    n = len(dividend)
    for (_, u, _), (_, _, _, b, nxt) in zip(steps_of(state), _parts(state, vals),
                                            strict=True):
        under = vals[u]
        for t in range(b):
            x = dividend[n - 1 - (nxt + t)]
            y = under[len(under) - 1 - t] if t < len(under) else 0
            if x is not None and y is not None and x != y:
                return False
    return True


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


def subtractions_ok(state: ArithState, vals: Vals) -> bool:
    if not copies_ok(state, vals):
        return False
    return all(_adds_up([p, diff], above) for above, p, diff, _, _ in _parts(state, vals))


def _low(row: Row) -> tuple[int, int]:
    v, k = 0, 0
    for d in reversed(row):
        if d is None:
            break
        v += d * 10 ** k
        k += 1
    return v, k


def products_ok(state: ArithState, vals: Vals) -> bool:
    if not subtractions_ok(state, vals):
        return False
    m = len(state.givens[0])
    d_low, kd = _low(vals[1])
    full = kd == len(vals[1])
    for r, _, e in steps_of(state):
        p = vals[r]
        q = vals[0][m - 1 - e]
        if q is None:
            continue
        v = d_low * q
        for j in range(min(kd, len(p))):
            g = p[len(p) - 1 - j]
            if g is not None and g != v // 10 ** j % 10:
                return False
        if full and len(str(v)) != len(p):
            return False
    return True


def _interval(row: Row) -> tuple[int, int]:
    lo = hi = 0
    for i, d in enumerate(row):
        if d is None:
            lo, hi = lo * 10 + (1 if i == 0 and len(row) > 1 else 0), hi * 10 + 9
        else:
            lo, hi = lo * 10 + d, hi * 10 + d
    return lo, hi


def bounds_ok(state: ArithState, vals: Vals) -> bool:
    if not products_ok(state, vals):
        return False
    m = len(state.givens[0])
    dlo, dhi = _interval(vals[1])
    steps = steps_of(state)
    for (above, p, diff, b, _), (_, u, e) in zip(_parts(state, vals), steps, strict=True):
        q = vals[0][m - 1 - e]
        qs = range(1, 10) if q is None else (q,)
        plo, phi = _interval(p)
        if not any(dlo * x <= phi and dhi * x >= plo for x in qs):
            return False
        rlo, rhi = _interval(diff) if diff else (0, 0)
        if rlo >= dhi:
            return False
        alo, ahi = _interval(above)
        if alo > phi + min(rhi, dhi - 1) or ahi < plo + rlo:
            return False
        ulo, _ = _interval(vals[u])
        if u == len(vals) - 1:
            if ulo >= dhi:
                return False
        elif b >= 2 and ulo // 10 >= dhi:
            return False
    return True
