"""Counting the fillings of a long division by quotient digits and partial remainders.

The divisor ``D``, the quotient ``Q`` and the remainder ``R`` fix everything else
(``N = D * Q + R``, and each row is a partial product or a partial remainder of that
division).  The search never tries every filling:

1. the divisor's values, from its pattern, within the bounds the product rows' lengths give
   (``D * q`` has as many digits as its row, for some digit ``q`` the quotient allows);
2. for each divisor, each step's quotient digits ``q`` whose product ``D * q`` fits its row,
   and whose working number ``D * q + r`` (``0 <= r < D``) can fit the row above;
3. for each quotient built from those digits, the remainder's digits from the units up: the
   low digits of the dividend and of every partial remainder follow from the low digits of
   the remainder, and are checked against their rows as soon as they are fixed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import product as cartesian

from .divforms import first_width, long_division, steps_of
from .model import ArithState, Pattern
from .model import row_bounds as _interval


def _regex(row: Pattern) -> re.Pattern[str]:
    return re.compile("".join("." if d is None else str(d) for d in row))



def _digits(n: int, length: int) -> Pattern:
    return tuple(int(ch) for ch in str(n).zfill(length))


class _Puzzle:
    """What the search needs of a division, computed once."""

    def __init__(self, state: ArithState) -> None:
        g = state.givens
        self.state = state
        self.qpat, self.dpat, self.npat = g[0], g[1], g[2]
        self.m, self.k, self.n = len(g[0]), len(g[1]), len(g[2])
        steps = steps_of(state)
        self.shifts = [e for _, _, e in steps]
        self.prows = [g[p] for p, _, _ in steps]
        self.unders = [g[u] for _, u, _ in steps]
        self.pre = [_regex(p) for p in self.prows]
        self.qdoms: list[tuple[int, ...]] = []
        for e in self.shifts:
            d = self.qpat[self.m - 1 - e]
            self.qdoms.append((d,) if d is not None else tuple(range(1, 10)))
        # the row above each product: the dividend's first digits, then the rows under
        lead = first_width(state)
        self.aboves = [self.npat[:lead], *self.unders[:-1]]
        self.above_iv = [_interval(a) for a in self.aboves]
        self.under_iv = [_interval(u) for u in self.unders]
        self.n_iv = _interval(self.npat)
        self.n_re = _regex(self.npat)
        self.under_re = [_regex(u) for u in self.unders]
        lo, hi = 10 ** (self.k - 1), 10 ** self.k - 1
        for p, dom in zip(self.prows, self.qdoms, strict=True):
            lp = len(p)
            lo = max(lo, min(-(-(10 ** (lp - 1)) // q) for q in dom))
            hi = min(hi, max((10 ** lp - 1) // q for q in dom))
        self.dlo, self.dhi = lo, hi

    def divisors(self) -> Iterator[int]:
        doms = [(d,) if d is not None else (range(1, 10) if i == 0 and self.k > 1 else
                                            range(10)) for i, d in enumerate(self.dpat)]
        for digits in cartesian(*doms):
            v = 0
            for x in digits:
                v = v * 10 + x
            if self.dlo <= v <= self.dhi:
                yield v

    def quotient_digits(self, d: int) -> list[list[int]] | None:
        out = []
        for p, pre, dom, (alo, ahi) in zip(self.prows, self.pre, self.qdoms, self.above_iv,
                                           strict=True):
            lp = len(p)
            qlo, qhi = -(-(10 ** (lp - 1)) // d), (10 ** lp - 1) // d
            found = []
            for q in dom:
                if not qlo <= q <= qhi:
                    continue
                v = d * q
                # the working number above is v + r with 0 <= r < d
                if v > ahi or v + d - 1 < alo or not pre.fullmatch(str(v)):
                    continue
                found.append(q)
            if not found:
                return None
            out.append(found)
        return out


def solutions(state: ArithState) -> Iterator[ArithState]:
    z = _Puzzle(state)
    rlo, rhi = z.under_iv[-1]
    for d in z.divisors():
        if rlo > d - 1:
            continue
        qlists = z.quotient_digits(d)
        if qlists is None:
            continue
        for qdigits in cartesian(*qlists):
            q = sum(x * 10 ** e for x, e in zip(qdigits, z.shifts, strict=True))
            base = d * q
            if base + d - 1 < z.n_iv[0] or base > z.n_iv[1]:
                continue
            for r in _remainders(z, d, q, base, min(rhi, d - 1)):
                done = _filled(z, d, base + r)
                if done is not None:
                    yield done


def _remainders(z: _Puzzle, d: int, q: int, base: int, rmax: int) -> Iterator[int]:
    """Remainders ``r <= rmax`` from the units up, each low part checked against the
    dividend and the rows under the products (whose low digits it fixes)."""
    rpat = z.unders[-1]
    lr = len(rpat)
    # each row under a product, except the remainder: (pattern, shift, 10 * D * Q above it)
    checks = []
    for j in range(len(z.unders) - 1):
        e = z.shifts[j + 1]
        checks.append((z.unders[j], e, 10 * d * (q // 10 ** (e + 1))))

    def low_ok(row: Pattern, value: int, t: int) -> bool:
        length = len(row)
        if value >= 10 ** length:
            return False
        for j in range(min(t, length)):
            g = row[length - 1 - j]
            if g is not None and g != value // 10 ** j % 10:
                return False
        return True

    def grow(t: int, low: int) -> Iterator[int]:
        if t == lr:
            if low <= rmax:
                yield low
            return
        g = rpat[lr - 1 - t]
        dom = (g,) if g is not None else (range(1, 10) if t == lr - 1 and lr > 1 else
                                          range(10))
        mod = 10 ** (t + 1)
        for x in dom:
            v = low + x * 10 ** t
            if v > rmax:
                break
            nlow = (base + v) % mod
            if not low_ok(z.npat, nlow, t + 1):
                continue
            if not all(low_ok(row, (nlow // 10 ** e - c) % 10 ** (t + 1 - e), t + 1 - e)
                       for row, e, c in checks if e <= t):
                continue
            yield from grow(t + 1, v)

    yield from grow(0, 0)


def _filled(z: _Puzzle, d: int, n: int) -> ArithState | None:
    """The state ``n / d`` fills, if it fits every row (lengths and layout included)."""
    if n < d or d <= 0:
        return None
    q, steps = long_division(n, d)
    if [e for _, e, _ in steps] != z.shifts:
        return None
    pairs = [(z.qpat, q), (z.dpat, d), (z.npat, n)]
    for (p, _, w), prow, urow in zip(steps, z.prows, z.unders, strict=True):
        pairs += [(prow, p), (urow, w)]
    if not all(_regex(row).fullmatch(str(v)) is not None for row, v in pairs):
        return None
    return z.state.with_values(tuple(_digits(v, len(row)) for row, v in pairs))


def fills(state: ArithState, n: int, d: int) -> bool:
    """Whether ``n / d`` done by hand fills ``state``'s givens exactly (lengths, layout)."""
    return _filled(_Puzzle(state), d, n) is not None
