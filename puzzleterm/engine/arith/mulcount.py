"""Counting the fillings of a multiplication quickly (the dealer's uniqueness check).

The same fillings as :func:`solver.solutions` finds, counted by a leaner search: the
multiplicand's digits are placed from the units up, as there, but the multiplier's low
digits are kept as whole combinations (not one set of digits per place), and at each place
only the new digit of each row and of the product is checked (the lower ones were checked
at the places before).  Digit ``k`` of ``a * x`` is digit ``k`` of ``(a mod 10**(k+1)) * x``,
and it is 0 past the row's length, so every check here is one the full filling must pass.
"""

from __future__ import annotations

from .model import ArithState, Pattern, digit_domain, row_fits
from .model import row_bounds as _bounds

#: the multiplicand's top parts few enough to check one by one
CLOSE = 4



Fitter = tuple[int, int, tuple[tuple[int, int], ...]]


def _fitter(row: Pattern) -> Fitter:
    """The least and greatest numbers of the row's length, and (place, digit) of its given
    digits: :func:`.model.row_fits` by arithmetic."""
    length = len(row)
    pairs = tuple((10 ** j, g) for j in range(length) if (g := row[length - 1 - j]) is not None)
    return (10 ** (length - 1) if length > 1 else 0, 10 ** length - 1, pairs)


def _fit(fitter: Fitter, n: int) -> bool:
    lo, hi, pairs = fitter
    if not lo <= n <= hi:
        return False
    for place, digit in pairs:  # noqa: SIM110 (a plain loop: the search's hot path)
        if n // place % 10 != digit:
            return False
    return True


def _digit_at(row: Pattern, k: int) -> int | None:
    """The digit place ``k`` (from the units) must hold: the row's given digit, 0 past the
    row's length, None when the place is hidden."""
    length = len(row)
    return row[length - 1 - k] if k < length else 0


def multiplier_domains(state: ArithState) -> list[tuple[int, ...]] | None:
    """The multiplier's digits (units first) as :func:`solver._mul` narrows them before its
    search; None when a place has none left."""
    a_row, b_row, *partials, _product = state.givens
    la, lb = len(a_row), len(b_row)
    bdoms: list[tuple[int, ...]] = []
    for i in range(lb):
        dom = digit_domain(b_row, lb - 1 - i)
        p = partials[i] if partials else None
        if p == (0,):
            dom = tuple(d for d in dom if d == 0)
        elif not (p is not None and len(p) == 1 and la == 1):
            dom = tuple(d for d in dom if d != 0)
        bdoms.append(dom)
    alo, ahi = _bounds(a_row)
    for i, p in enumerate(partials):
        lp = len(p)
        bdoms[i] = tuple(d for d in bdoms[i]
                         if d * ahi >= (10 ** (lp - 1) if lp > 1 else 0)
                         and d * alo <= 10 ** lp - 1)
    if any(not dom for dom in bdoms):
        return None
    return bdoms


def count_mul(state: ArithState, limit: int = 2) -> int:
    """How many fillings make the multiplication true, counted up to ``limit``."""
    bdoms = multiplier_domains(state)
    if bdoms is None:
        return 0
    a_row, b_row, *partials, product = state.givens
    la, lb = len(a_row), len(b_row)
    adoms = [digit_domain(a_row, la - 1 - k) for k in range(la)]  # units first
    rows = list(partials)
    nrows = len(rows)
    row_digit = [[_digit_at(p, k) for k in range(la)] for p in rows]
    row_bounds = [_bounds(p) for p in rows]
    prod_digit = [_digit_at(product, k) for k in range(la)]
    plo, phi = _bounds(product)
    tops = [_bounds(a_row[:la - k]) if k < la else (0, 0) for k in range(la + 1)]
    found = 0

    pow10 = [10 ** i for i in range(max(la, lb) + 1)]

    def leaf(a: int, sets: list[tuple[int, ...]], combos: list[int], n: int) -> None:
        nonlocal found
        if not row_fits(a_row, a):
            return
        if rows:
            sets = [tuple(x for x in dom if row_fits(p, a * x))
                    for dom, p in zip(sets, rows, strict=True)]
            for i in range(min(n, nrows)):
                if len(sets[i]) < 10:
                    p10, keep = pow10[i], sets[i]
                    combos = [b for b in combos if b // p10 % 10 in keep]
        for i in range(n, lb):
            place = pow10[i]
            combos = [b + x * place for b in combos for x in sets[i]]
        for b in combos:
            if (len(str(b)) != lb and lb > 1) or not row_fits(product, a * b):
                continue
            found += 1
            if found >= limit:
                return

    fit_a, fit_product = _fitter(a_row), _fitter(product)
    fit_rows = [(pow10[i], _fitter(p)) for i, p in enumerate(rows)]
    b_least = pow10[lb - 1] if lb > 1 else 0

    def whole(a: int, b: int) -> bool:
        """Whether ``a`` times ``b`` fills the multiplication (every row checked)."""
        if b < b_least or not _fit(fit_product, a * b) or not _fit(fit_a, a):
            return False
        for place, fit in fit_rows:  # noqa: SIM110 (a plain loop: the search's hot path)
            if not _fit(fit, a * (b // place % 10)):
                return False
        return True

    spans: dict[int, tuple[int, int]] = {}

    def a_span(b: int) -> tuple[int, int]:
        """The multiplicand's least and greatest values with the multiplier ``b``, by the
        product's bounds and each row's (empty when ``b`` is 0: never a multiplier)."""
        if b == 0:
            return 1, 0
        amin, amax = -(-plo // b), phi // b
        for i in range(nrows):
            x = b // pow10[i] % 10
            if x:
                rlo, rhi = row_bounds[i]
                amin = max(amin, -(-rlo // x))
                amax = min(amax, rhi // x)
        return amin, amax

    def grow(k: int, v: int, sets: list[tuple[int, ...]], combos: list[int], n: int,
             ) -> None:
        """Place the multiplicand's digit ``k``; ``combos``: the multiplier's low ``n``
        digits still possible, ascending."""
        nonlocal found
        if k == la:
            leaf(v, sets, combos, n)
            return
        place = pow10[k]
        tlo, thi = tops[k + 1]
        n_new = min(k + 1, lb)
        g_prod = prod_digit[k]
        for d in adoms[k]:
            a_low = v + d * place
            lo = a_low + tlo * place * 10
            hi = a_low + thi * place * 10
            base = combos
            if rows:
                kept_sets: list[tuple[int, ...]] = []
                for i in range(nrows):
                    rlo, rhi = row_bounds[i]
                    g = row_digit[i][k]
                    was = sets[i]
                    xmax = rhi // lo if lo else 9
                    xmin = -(-rlo // hi) if hi else 0
                    if g is None:
                        kept = was if xmin <= was[0] and was[-1] <= xmax else tuple(
                            x for x in was if xmin <= x <= xmax)
                    else:
                        kept = tuple(x for x in was if xmin <= x <= xmax
                                     and a_low * x // place % 10 == g)
                    if not kept:
                        break
                    if i < n and len(kept) < len(was):
                        p10 = pow10[i]
                        base = [b for b in base if b // p10 % 10 in kept]
                    kept_sets.append(kept)
                if len(kept_sets) < nrows:
                    continue
                kept_sets += sets[nrows:]
            else:
                kept_sets = sets
            if n < n_new:
                bplace = pow10[n]
                base = sorted(b + x * bplace for b in base for x in kept_sets[n])
            if g_prod is not None:
                base = [b for b in base if a_low * b // place % 10 == g_prod]
            if n_new == lb and base:
                # the multiplier known, the product's bounds leave the multiplicand's top
                # part t (a = a_low + t * 10**(k+1)) a range: a short one is checked here
                # in full, the multiplier dropped from the search
                step = place * 10
                still = []
                for b in base:
                    span = spans.get(b)
                    if span is None:
                        span = spans[b] = a_span(b)
                    amin, amax = span
                    t1 = max(tlo, -(-(amin - a_low) // step))
                    t2 = min(thi, (amax - a_low) // step)
                    if t2 - t1 >= CLOSE:
                        still.append(b)
                        continue
                    for t in range(t1, t2 + 1):
                        if whole(a_low + t * step, b):
                            found += 1
                            if found >= limit:
                                return
                base = still
            if not base:
                continue
            grow(k + 1, a_low, kept_sets, base, n_new)
            if found >= limit:
                return

    grow(0, 0, bdoms, [0], 0)
    return found

