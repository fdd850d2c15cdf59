"""Long division as written by hand: its rows, its layout and its two text forms.

**Rows** of a division state (``op == "div"``), top to bottom of the picture:

0. the quotient ``Q``; 1. the divisor ``D``; 2. the dividend ``N`` (on the divisor's line);
then for each **non-zero** quotient digit ``q``, the product row ``P = D x q`` and the row
under its rule: the next working number (the difference with the digits brought down, up to
the next non-zero quotient digit), or for the last product, the remainder ``R``.

**Zero quotient digits** (the convention dealt and written): a quotient digit 0 has no rows;
the next dividend digit is brought down as well, so the row under the rule holds two or
more brought-down digits.  Some books write a product row ``0`` and a subtraction for each 0
digit instead; both forms below read that convention too (each ``0`` row and the row under
it merge into the working number), and write the first.

A row's ``shift`` is how many dividend digits lie right of its last digit; the first
product always ends under the dividend's ``m - 1``-th digit from the right (``m`` digits in
the quotient), and the remainder ends under the last one.  Every row's first digit is non-zero
(a remainder ``0`` aside), and every row's length is part of the puzzle.

**Line form** ``N/D=Q-P1....=W2-P2..=W3-P3=R``: dividend, divisor, quotient, then each
product row after ``-``, followed by one ``.`` per dividend digit to its right, and the row
under it after ``=``.  Example: ``10020316/124=80809-992....=1003-992..=1116-1116=0``
(``*`` or ``?`` for hidden digits).

**Moves** name rows in the order above (``r1`` the quotient, ``r2`` the divisor, ``r3`` the
dividend, ``r4`` the first product ...) and columns from the picture's left edge: the
divisor's first digit is column 1, the ``)`` takes one column, then the dividend's digits.

**Picture form**: the quotient over the dividend, ``D)N``, the rows right-aligned under the
dividend columns they belong to, a rule under each product row.  A picture that ends with a
product row (its rule, no remainder) has remainder 0.
"""

from __future__ import annotations

import itertools
import re

from ..errors import ParseError, quote
from .state import DIV, ArithState, Pattern, digits, pattern

#: one step as read: the product row, its shift, the row under it
Item = tuple[Pattern, int, Pattern]


def steps_of(state: ArithState) -> list[tuple[int, int, int]]:
    """(product row, row under it, shift) of each step, top to bottom."""
    n = len(state.givens)
    return [(r, r + 1, state.shifts[r]) for r in range(3, n - 1, 2)]


def first_width(state: ArithState) -> int:
    """Digits of the first working number (the dividend's leading digits)."""
    return len(state.givens[2]) - len(state.givens[0]) + 1


def long_division(n: int, d: int) -> tuple[int, list[tuple[int, int, int]]]:
    """The quotient and the steps ``(product, shift, row under)`` of ``n / d`` by hand
    (zero quotient digits have no step); needs ``n >= d > 0``."""
    q = n // d
    digits = str(n)
    m = len(str(q))
    lead = len(digits) - m + 1
    work = int(digits[:lead])
    found: list[tuple[int, int]] = []  # (product, shift)
    unders: list[int] = []
    for i in range(m):
        if i:
            work = work * 10 + int(digits[lead - 1 + i])
        qd = work // d
        if qd:
            if found:
                unders.append(work)
            found.append((d * qd, m - 1 - i))
            work -= d * qd
    unders.append(work)
    return q, [(p, e, w) for (p, e), w in zip(found, unders, strict=True)]


def write_steps(n: int, d: int) -> str:
    """The line form of ``n / d`` worked in full."""
    q, steps = long_division(n, d)
    return f"{n}/{d}={q}" + "".join(f"-{p}{'.' * e}={w}" for p, e, w in steps)


def _merge_zero_rows(items: list[Item]) -> list[Item]:
    """Drop the ``0`` product rows of the other convention, merging the row above each into
    the row under it (which holds the same digits and one more)."""
    out: list[Item] = []
    for p, e, under in items:
        if p != (0,):
            out.append((p, e, under))
            continue
        if not out:
            raise ParseError("the first quotient digit is never 0: the first product row "
                             "cannot be 0")
        prev_p, prev_e, above = out[-1]
        if len(under) == len(above) + 1:
            merged: list[int | None] = list(under)
            for i, d in enumerate(above):
                if d is not None and merged[i] is not None and merged[i] != d:
                    raise ParseError(f"the row under a 0 product repeats the row above it "
                                     f"with one digit more; {digits(above)} and "
                                     f"{digits(under)} disagree")
                merged[i] = d if d is not None else merged[i]
            out[-1] = (prev_p, prev_e, tuple(merged))
        elif len(above) == 1 and above[0] in (None, 0) and len(under) == 1:
            out[-1] = (prev_p, prev_e, under)
        else:
            raise ParseError(f"the row {digits(under)} under a 0 product row must repeat "
                             f"the row above it, {digits(above)}, with one digit more")
    return out


def make_div(quotient: Pattern, divisor: Pattern, dividend: Pattern,
             items: list[Item]) -> ArithState:
    """A division from its rows; checks the layout, lengths and leading digits."""
    items = _merge_zero_rows(items)
    n, k, m = len(dividend), len(divisor), len(quotient)
    rows: list[Pattern] = [quotient, divisor, dividend]
    for p, _, under in items:
        rows += [p, under]
    names = ["quotient", "divisor", "dividend"]
    for r, row in enumerate(rows):
        what = names[r] if r < 3 else f"row {r + 1}"
        if not row:
            raise ParseError(f"the {what} is empty")
        if len(row) > 1 and row[0] == 0:
            raise ParseError(f"the {what} starts with 0 (no number starts with 0)")
    if not items:
        raise ParseError("a division needs its work rows: -PRODUCT=DIFFERENCE ... down to "
                         "the remainder")
    if k > n or not n - k <= m <= n - k + 1:
        raise ParseError(f"a {n}-digit number divided by a {k}-digit one has a quotient of "
                         f"{max(1, n - k)} or {n - k + 1} digits, not {m}")
    shifts = [e for _, e, _ in items]
    if shifts[0] != m - 1:
        raise ParseError(f"the first product row must end under dividend digit {n - m + 1} "
                         f"({m - 1} dots after it in the line form)")
    if any(a <= b for a, b in itertools.pairwise(shifts)) or shifts[-1] < 0:
        raise ParseError("each product row must end further right than the one above it")
    nonzero = {m - 1 - e for e in shifts}
    for i, d in enumerate(quotient):
        if i in nonzero and d == 0:
            raise ParseError(f"quotient digit {i + 1} has a product row, so it is not 0")
        if i not in nonzero and d not in (None, 0):
            raise ParseError(f"quotient digit {i + 1} has no product row, so it is 0, "
                             f"not {d}")
    for j, (p, _, under) in enumerate(items):
        if not k <= len(p) <= k + 1:
            raise ParseError(f"product row {j + 1} has {len(p)} digits; a {k}-digit divisor "
                             f"times one digit has {k} or {k + 1}")
        last = j == len(items) - 1
        if last and len(under) > k:
            raise ParseError(f"the remainder {digits(under)} has more digits than the "
                             "divisor: a remainder is less than the divisor")
        if not last and not k <= len(under) <= k + 1:
            raise ParseError(f"row {digits(under)} is divided next, so it has {k} or "
                             f"{k + 1} digits (at least the divisor, less than ten times it)")
    rest = items[-1][2]
    if (len(rest) == k and None not in rest and None not in divisor
            and int(digits(rest)) >= int(digits(divisor))):
        raise ParseError(f"the remainder {digits(rest)} is not less than the divisor "
                         f"{digits(divisor)}")
    row_shifts = [0, n + 1, 0]
    for j, (_, e, _) in enumerate(items):
        row_shifts += [e, items[j + 1][1] if j + 1 < len(items) else 0]
    t = tuple(rows)
    return ArithState(DIV, t, t, tuple(row_shifts))


def read_div_line(text: str) -> ArithState:
    s = text.replace(" ", "")
    m = re.fullmatch(r"([0-9*?]+)/([0-9*?]+)=([0-9*?]+)((?:-[0-9*?]+\.*=[0-9*?]+)*)", s)
    if m is None:
        raise ParseError(f"bad division {quote(text)}: expected N/D=Q-P..=W-P=R (dividend, "
                         "divisor, quotient, then each product row with one '.' per digit "
                         "to its right, and the row under it)")
    items: list[Item] = []
    for part in re.findall(r"-([0-9*?]+)(\.*)=([0-9*?]+)", m.group(4)):
        items.append((pattern(part[0], "product row"), len(part[1]),
                      pattern(part[2], "row")))
    return make_div(pattern(m.group(3), "quotient"), pattern(m.group(2), "divisor"),
                    pattern(m.group(1), "dividend"), items)


def write_div_line(state: ArithState, values: bool = True) -> str:
    rows = [digits(r) for r in (state.values if values else state.givens)]
    out = f"{rows[2]}/{rows[1]}={rows[0]}"
    for p, under, e in steps_of(state):
        out += f"-{rows[p]}{'.' * e}={rows[under]}"
    return out


def write_div_picture(state: ArithState, values: bool = True) -> str:
    rows = [digits(r) for r in (state.values if values else state.givens)]
    k, w = len(rows[1]), state.width
    lines = [" " * (w - len(rows[0])) + rows[0], " " * (k + 1) + "-" * len(rows[2]),
             f"{rows[1]}){rows[2]}"]
    above_start = k + 1
    for p, under, _ in steps_of(state):
        start = state.column_of(p, 0)
        end = start + len(rows[p])
        lines.append(" " * start + rows[p])
        left = min(start, above_start)
        lines.append(" " * left + "-" * (end - left))
        above_start = state.column_of(under, 0)
        lines.append(" " * above_start + rows[under])
    return "\n".join("  " + ln.rstrip() for ln in lines)


def read_div_picture(text: str) -> ArithState:
    lines = [ln.rstrip().replace("\t", "    ") for ln in text.splitlines() if ln.strip()]
    heads = [i for i, ln in enumerate(lines) if ")" in ln]
    if len(heads) != 1:
        raise ParseError("a division picture has one line DIVISOR)DIVIDEND")
    h = heads[0]
    left, _, right = lines[h].partition(")")
    divisor, dividend = left.strip(), right.strip()
    edge = len(lines[h])
    above = [ln for ln in lines[:h] if not set(ln.strip()) <= set("-_=")]
    if len(above) != 1:
        raise ParseError("a division picture has the quotient alone on a line over the "
                         "dividend")
    if len(above[0]) != edge:
        raise ParseError("the quotient must end over the dividend's last digit")
    body = [(ln.strip(), edge - len(ln)) for ln in lines[h + 1:]
            if not set(ln.strip()) <= set("-_=")]
    if not body:
        raise ParseError("a division needs its work rows under the dividend")
    if len(body) % 2:
        body.append(("0", 0))  # no remainder written: it is 0
    items: list[Item] = []
    for j in range(0, len(body), 2):
        (p, e), (under, eu) = body[j], body[j + 1]
        expect = body[j + 2][1] if j + 2 < len(body) else 0
        if eu != expect:
            raise ParseError(f"the row {under} must end under the dividend digit where the "
                             "next product row ends (the last: under the dividend's last "
                             "digit)")
        items.append((pattern(p, "product row"), e, pattern(under, "row")))
    return make_div(pattern(above[0].strip(), "quotient"), pattern(divisor, "divisor"),
                    pattern(dividend, "dividend"), items)
