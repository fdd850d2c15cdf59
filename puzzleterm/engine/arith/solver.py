"""Counting the fillings of a sum without trying every one.

- **Addition**: column by column from the units, the carry as the state: the hidden addend
  digits of a column are tried, the sum's digit follows.  A table made first, from the top
  column down, says which carries into a column can still end the sum, so the search never
  enters a column it cannot leave; counting needs no search at all (per column, how many
  digit choices give each column total, times the ways on from the carry it makes).
- **Multiplication**: the multiplier's hidden digits are tried first (a few at most), then
  the multiplicand's digits from the units up; after each, the low digits of every partial
  product and of the product are fixed, and checked against the givens at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product as cartesian

from .divsolver import solutions as div_solutions
from .model import ADD, DIV, ArithState, Pattern, digit_domain, row_fits
from .model import row_bounds as _bounds
from .mulcount import count_mul, multiplier_domains


def _digits_of(n: int, length: int) -> Pattern:
    return tuple(int(ch) for ch in str(n).zfill(length))


def _low_table(row: Pattern, upto: int) -> list[tuple[tuple[int, int], ...]]:
    """For each ``k <= upto``: the (power of ten, digit) of the row's given digits among its
    low ``k`` places, for :func:`_agrees`."""
    length = len(row)
    return [tuple((10 ** j, g) for j in range(min(k, length))
                  if (g := row[length - 1 - j]) is not None) for k in range(upto + 1)]


def _agrees(n: int, pairs: tuple[tuple[int, int], ...]) -> bool:
    for power, digit in pairs:  # noqa: SIM110 (a plain loop: the hot path of the search)
        if n // power % 10 != digit:
            return False
    return True


def solutions(state: ArithState) -> Iterator[ArithState]:
    """Every filling of the givens that makes the sum true (lazily)."""
    if state.op == ADD:
        yield from _add(state)
    elif state.op == DIV:
        yield from div_solutions(state)
    else:
        yield from _mul(state)


def count(state: ArithState, limit: int = 2) -> int:
    if state.op == ADD:
        return min(_add_ways(state), limit)
    if state.op != DIV:  # the same count as the fillings', found faster
        return count_mul(state, limit)
    n = 0
    for _ in solutions(state):
        n += 1
        if n >= limit:
            break
    return n


def first(state: ArithState) -> ArithState | None:
    return next(solutions(state), None)


def _add_columns(state: ArithState) -> list[tuple[list[tuple[int, int]],
                                                 list[tuple[int, ...]], tuple[int, ...]]]:
    """Per column from the units: the (addend, index) of each addend digit in it, their
    digit domains, and the sum's digit domain."""
    *addends, total = state.givens
    lt = len(total)
    out = []
    for j in range(lt):
        cells = [(r, len(a) - 1 - j) for r, a in enumerate(addends) if j < len(a)]
        out.append((cells, [digit_domain(addends[r], i) for r, i in cells],
                    digit_domain(total, lt - 1 - j)))
    return out


def _totals(domains: list[tuple[int, ...]]) -> dict[int, int]:
    """How many choices of one digit from each domain give each total."""
    ways = {0: 1}
    for dom in domains:
        grown: dict[int, int] = {}
        for t, n in ways.items():
            for d in dom:
                grown[t + d] = grown.get(t + d, 0) + n
        ways = grown
    return ways


def _add_table(state: ArithState) -> list[dict[int, int]]:
    """``ways[j][carry]``: the fillings of columns ``j`` up (from the units) given the carry
    into column ``j``, for the carries that have any; ``ways[0].get(0, 0)`` counts them all."""
    *addends, total = state.givens
    columns = _add_columns(state)
    ways: list[dict[int, int]] = [{} for _ in range(len(columns))] + [{0: 1}]
    if any(len(a) > len(total) for a in addends):
        return [{} for _ in ways]
    for j in range(len(columns) - 1, -1, -1):
        _, domains, tdom = columns[j]
        totals = _totals(domains)
        up = ways[j + 1]
        for carry in range(len(addends)):  # n addends carry at most n - 1
            n = sum(k * up.get((t + carry) // 10, 0) for t, k in totals.items()
                    if (t + carry) % 10 in tdom)
            if n:
                ways[j][carry] = n
    return ways


def _add_ways(state: ArithState) -> int:
    return _add_table(state)[0].get(0, 0)


def _choices(domains: list[tuple[int, ...]], wanted: set[int]) -> Iterator[tuple[int, ...]]:
    """The choices of one digit per domain whose total is in ``wanted``, in the order of
    ``itertools.product`` (the lower totals the later domains can reach steer each pick)."""
    reach: list[set[int]] = [{0}]
    for dom in reversed(domains):
        reach.append({t + d for t in reach[-1] for d in dom})
    reach.reverse()  # reach[i]: the totals of domains[i:]
    picked: list[int] = []

    def pick(i: int, so_far: int) -> Iterator[tuple[int, ...]]:
        if i == len(domains):
            yield tuple(picked)
            return
        rest = reach[i + 1]
        for d in domains[i]:
            if any(so_far + d + t in wanted for t in rest):
                picked.append(d)
                yield from pick(i + 1, so_far + d)
                picked.pop()

    if any(t in wanted for t in reach[0]):
        yield from pick(0, 0)


def _add(state: ArithState) -> Iterator[ArithState]:
    *addends, total = state.givens
    lt = len(total)
    ways = _add_table(state)
    if not ways[0].get(0):
        return
    columns = _add_columns(state)
    chosen: list[list[int | None]] = [list(a) for a in addends]
    out_total: list[int | None] = list(total)

    def column(j: int, carry: int) -> Iterator[None]:
        if j == lt:
            yield None
            return
        cells, domains, tdom = columns[j]
        ti = lt - 1 - j
        up = ways[j + 1]  # only totals that leave a carry the columns above can take
        wanted = {t for t in range(9 * len(domains) + 1)
                  if (t + carry) % 10 in tdom and (t + carry) // 10 in up}
        for combo in _choices(domains, wanted):
            s = sum(combo) + carry
            for (r, i), d in zip(cells, combo, strict=True):
                chosen[r][i] = d
            out_total[ti] = s % 10
            yield from column(j + 1, s // 10)

    for _ in column(0, 0):
        yield state.with_values((*(tuple(a) for a in chosen), tuple(out_total)))


def _mul(state: ArithState) -> Iterator[ArithState]:
    a_row, b_row, *partials, product = state.givens
    la, lb = len(a_row), len(b_row)
    # the multiplier's digits, units first: a 0 row's digit is 0, a longer row's is not, and
    # the lengths of the partial rows bound them
    narrowed = multiplier_domains(state)
    if narrowed is None:
        return
    bdoms = narrowed
    adoms = [digit_domain(a_row, la - 1 - k) for k in range(la)]  # units first
    rows = partials if partials else [None] * lb
    row_lows = [_low_table(p, la) if p is not None else None for p in rows]
    product_low = _low_table(product, la)
    row_bounds = [_bounds(p) if p is not None else None for p in rows]
    # tops[k]: the least and greatest value of the multiplicand's digits from place k up
    tops = [_bounds(a_row[:la - k]) if k < la else (0, 0) for k in range(la + 1)]

    def narrow_by_product(v: int, k: int, sets: list[tuple[int, ...]],
                          ) -> list[tuple[int, ...]] | None:
        """The sets, keeping only the multiplier digits that some choice of the others joins
        to give the product's low ``k`` digits (None when none does)."""
        n = min(k, lb)
        size = 1
        for s in sets[:n]:
            size *= len(s)
        if size > 729:
            return sets  # too many to try: the rows will decide
        support: list[set[int]] = [set() for _ in range(n)]
        for low in cartesian(*sets[:n]):
            b_low = sum(d * 10 ** i for i, d in enumerate(low))
            if _agrees(v * b_low, product_low[k]):
                for i, d in enumerate(low):
                    support[i].add(d)
        if not support[0]:
            return None
        return [tuple(x for x in s if x in support[i]) if i < n else s
                for i, s in enumerate(sets)]

    def grow(k: int, a_low: int, sets: list[tuple[int, ...]]) -> Iterator[ArithState]:
        if k == la:
            yield from finish(a_low, sets)
            return
        place = 10 ** k
        for d in adoms[k]:
            v = a_low + d * place
            narrowed = []
            # the multiplicand lies in [lo, hi]: each row's digit keeps its row's bounds
            lo = v + tops[k + 1][0] * place * 10
            hi = v + tops[k + 1][1] * place * 10
            for dom, low, bounds in zip(sets, row_lows, row_bounds, strict=True):
                if low is None or bounds is None:
                    kept = dom
                else:
                    plo, phi = bounds
                    kept = tuple(x for x in dom if x * lo <= phi and x * hi >= plo
                                 and _agrees(v * x, low[k + 1]))
                if not kept:
                    break
                narrowed.append(kept)
            else:
                kept_sets = narrow_by_product(v, k + 1, narrowed)
                if kept_sets is not None:
                    yield from grow(k + 1, v, kept_sets)

    def finish(a: int, sets: list[tuple[int, ...]]) -> Iterator[ArithState]:
        if not row_fits(a_row, a):
            return
        if partials:  # the multiplicand is known: each row says which digits fit it
            sets = [tuple(x for x in dom if row_fits(p, a * x)) for dom, p in
                    zip(sets, partials, strict=True)]
        for bdigits in cartesian(*sets):  # units first
            b = sum(d * 10 ** i for i, d in enumerate(bdigits))
            if (len(str(b)) != lb and lb > 1) or not row_fits(product, a * b):
                continue
            out: list[Pattern] = [_digits_of(a, la), _digits_of(b, lb)]
            out += [_digits_of(a * bd, len(p))
                    for p, bd in zip(partials, bdigits if partials else (), strict=True)]
            out.append(_digits_of(a * b, len(product)))
            yield state.with_values(tuple(out))

    yield from grow(0, 0, bdoms)

