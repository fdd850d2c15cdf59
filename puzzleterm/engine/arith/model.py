"""Sums with hidden digits: params, the layout of rows and the text forms.

The state and the operations are in :mod:`.state`, long division's rows and forms in
:mod:`.divforms`, the moves in :mod:`.moves`.

**Operations** (params):

- ``add3x4``: three addends of four digits, then their sum;
- ``mul3x2``: a 3-digit multiplicand times a 2-digit multiplier, one partial product per
  multiplier digit (units first, each shifted one place further left), then the product.
  A one-digit multiplier has no partial rows.  A zero multiplier digit is written as a
  partial row ``0`` (one digit); some books leave that row out and shift the next one two
  places; this program deals multipliers without a zero digit, and reads the ``0`` row.

**Rows** are numbers; the first digit of every number is never 0 (a one-digit 0 row aside),
and the length of every row is part of the puzzle.

**Text forms** (hidden digits are ``*``; ``?`` is read too):

- ``line``: ``12*+3*4=**6`` (addition), ``*3*x*2=***+***=****`` (multiplication: factors,
  the partial rows from the units digit up, the product; ``*3*x7=****`` with one digit);
- ``picture``: right-aligned rows as printed in puzzle books, the operator on the last
  operand's line and a rule under the operands and under the partial rows.

"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import ParamsError, ParseError, quote
from .divforms import read_div_line, read_div_picture, write_div_line, write_div_picture
from .state import ADD, DIV, MUL, ArithParams, ArithState, Pattern, digits, pattern

__all__ = [
    "ADD",
    "DIV",
    "MUL",
    "ArithParams",
    "ArithState",
    "Pattern",
    "cell_name",
    "digit_domain",
    "make_state",
    "parse_params",
    "read_line",
    "read_picture",
    "row_bounds",
    "row_fits",
    "write_line",
    "write_picture",
]

_PARAMS = re.compile(r"^(add)(\d)x(\d{1,2})$|^(mul)(\d)x(\d)$", re.IGNORECASE)
_DIV_PARAMS = re.compile(r"^div(\d{1,2})[/x](\d)$", re.IGNORECASE)

def parse_params(text: str) -> ArithParams:
    d = _DIV_PARAMS.match(text.strip())
    if d is not None:
        n, k = int(d.group(1)), int(d.group(2))
        if not (1 <= k <= 4 and k <= n <= 10 and n >= 2):
            raise ParamsError(f"bad division {quote(text)}: a dividend of 2 to 10 digits by a "
                              "divisor of 1 to 4 digits, no longer than the dividend")
        return ArithParams(DIV, n, k)
    m = _PARAMS.match(text.strip())
    if m is None:
        raise ParamsError(f"bad arithmetic size {quote(text)}: expected addNxL (N addends of "
                          "L digits, e.g. add3x4), mulAxB (e.g. mul3x2) or divN/K (an N-digit "
                          "dividend by a K-digit divisor, e.g. div5/2)")
    if m.group(1):
        n, length = int(m.group(2)), int(m.group(3))
        if not (2 <= n <= 5 and 1 <= length <= 9):
            raise ParamsError(f"bad addition {quote(text)}: 2 to 5 addends of 1 to 9 digits")
        return ArithParams(ADD, n, length)
    a, b = int(m.group(5)), int(m.group(6))
    if not (1 <= a <= 6 and 1 <= b <= 4):
        raise ParamsError(f"bad multiplication {quote(text)}: up to 6 digits times 4")
    return ArithParams(MUL, a, b)


def make_state(op: str, rows: list[Pattern]) -> ArithState:
    """A puzzle from its rows; checks the shape and the digits that can never hold."""
    if op == ADD:
        if not 2 <= len(rows) - 1 <= 5:
            raise ParseError("an addition needs 2 to 5 addends")
    elif op == MUL:
        if len(rows) < 3:
            raise ParseError("a multiplication needs two factors and a product")
        nb, npart = len(rows[1]), len(rows) - 3
        if (nb == 1 and npart) or (nb > 1 and npart != nb):
            raise ParseError(f"a {nb}-digit multiplier needs "
                             f"{nb if nb > 1 else 'no'} partial product row"
                             f"{'s' if nb != 1 else ''}, not {npart}")
    else:
        raise ParseError(f"unknown operation {quote(op)}")
    for r, row in enumerate(rows):
        if not row:
            raise ParseError(f"row {r + 1} is empty")
        if len(row) > 1 and row[0] == 0:
            raise ParseError(f"row {r + 1} starts with 0 (no number starts with 0)")
    state = ArithState(op, tuple(rows), tuple(rows))
    _check_lengths(state)
    return state


def _check_lengths(state: ArithState) -> None:
    rows = state.givens
    if state.op == ADD:
        *addends, total = rows
        lo = sum(10 ** (len(a) - 1) if len(a) > 1 else 0 for a in addends)
        hi = sum(10 ** len(a) - 1 for a in addends)
        if not (lo <= 10 ** len(total) - 1 and hi >= (10 ** (len(total) - 1) if len(total) > 1
                                                      else 0)):
            raise ParseError(f"a sum of {len(total)} digits cannot come from these addends")
        return
    a, b, *partials, product = rows
    la, lb = len(a), len(b)
    if not la + lb - 1 <= len(product) <= la + lb:
        raise ParseError(f"a {la}-digit number times a {lb}-digit one has {la + lb - 1} or "
                         f"{la + lb} digits, not {len(product)}")
    for i, p in enumerate(partials):
        if len(p) == 1 and p[0] == 0:
            if b[lb - 1 - i] not in (None, 0):
                raise ParseError(f"partial row {i + 1} is 0 but its multiplier digit is not")
            continue
        if not la <= len(p) <= la + 1:
            raise ParseError(f"partial row {i + 1} has {len(p)} digits; a {la}-digit number "
                             f"times one digit has {la} or {la + 1}")


#: The largest sums read: those dealt (see :func:`parse_params`), and multiplications up to
#: 9 digits times 5, as puzzle books print them (Nitobe's 9x5 skeleton); so no row is longer
#: than 14 digits, and no text of one sum longer than :data:`MAX_TEXT` (a picture of the
#: largest, indented, fits many times over).
READ_MUL = (9, 5)
MAX_DIGITS = READ_MUL[0] + READ_MUL[1]
MAX_TEXT = 10_000
SIZES = ("2 to 5 addends of 1 to 9 digits, multiplications up to 9 digits times 5, "
         "divisions of up to 10 digits by up to 4")


def check_text(text: str) -> None:
    """ParseError when a text is too long to be a sum here, or holds a longer row than any
    sum has: checked before a row is read."""
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is {len(text):,} characters long; no sum here takes more "
                         f"than {MAX_TEXT:,}")
    longest = max((len(run) for run in re.findall(r"[0-9*?]+", re.sub(r"[ \t]", "", text))),
                  default=0)
    if longest > MAX_DIGITS:
        raise ParseError(f"a row of {longest} digits is longer than any sum here has "
                         f"(at most {MAX_DIGITS})")


def check_size(state: ArithState) -> ArithState:
    """The state, when it is no larger than the sums read (:data:`SIZES`); else ParseError."""
    params = state.params
    if params.op == MUL:
        if params.a <= READ_MUL[0] and params.b <= READ_MUL[1]:
            return state
    else:
        try:
            if parse_params(str(params)) == params:
                return state
        except ParamsError:
            pass
    raise ParseError(f"the sum is a {state.params}, larger than the sums here ({SIZES})")


def read_line(text: str) -> ArithState:
    """A sum from its line form (see the module doc); ParseError."""
    check_text(text)
    return check_size(_read_line(text))


def _read_line(text: str) -> ArithState:
    text = text.strip()
    s = text.replace(" ", "")
    if "/" in s:
        return read_div_line(s)
    if s.count("=") == 0:
        raise ParseError(f"bad sum {quote(text)}: no '='")
    if "x" in s.lower() or "×" in s:
        s = s.replace("×", "x").replace("X", "x")
        factors, _, rest = s.partition("=")
        if factors.count("x") != 1:
            raise ParseError(f"bad multiplication {quote(text)}: expected AxB=...")
        a, b = factors.split("x")
        parts = rest.split("=")
        if len(parts) == 1:
            partials: list[str] = []
            product = parts[0]
        elif len(parts) == 2:
            partials, product = parts[0].split("+"), parts[1]
        else:
            raise ParseError(f"bad multiplication {quote(text)}: too many '='")
        rows = [pattern(a, "multiplicand"), pattern(b, "multiplier"),
                *(pattern(p, "partial row") for p in partials), pattern(product, "product")]
        return make_state(MUL, rows)
    left, _, total = s.partition("=")
    if "=" in total:
        raise ParseError(f"bad addition {quote(text)}: one '=' only")
    if any(ch in left for ch in "-:"):
        raise ParseError(f"bad sum {quote(text)}: only +, x and / are known operators")
    return make_state(ADD, [*(pattern(p, "addend") for p in left.split("+")),
                            pattern(total, "sum")])


def write_line(state: ArithState, values: bool = True) -> str:
    if state.op == DIV:
        return write_div_line(state, values)
    rows = [digits(r) for r in (state.values if values else state.givens)]
    if state.op == ADD:
        return "+".join(rows[:-1]) + "=" + rows[-1]
    a, b, *partials, product = rows
    middle = "+".join(partials) + "=" if partials else ""
    return f"{a}x{b}={middle}{product}"


def write_picture(state: ArithState, values: bool = True) -> str:
    if state.op == DIV:
        return write_div_picture(state, values)
    rows = [digits(r) for r in (state.values if values else state.givens)]
    w = state.width
    lines = []
    for i, row in enumerate(rows):
        op = " "
        if (state.op == ADD and i == len(rows) - 2) or (state.op == MUL and i == 1):
            op = "+" if state.op == ADD else "x"
        pad = w - len(row) - state.shift(i)
        lines.append(f"{op} " + " " * pad + row + " " * state.shift(i))
        if (state.op == ADD and i == len(rows) - 2) or (state.op == MUL and i == 1) or (
                state.op == MUL and state.naddends and i == len(rows) - 2):
            lines.append("  " + "-" * w)
    return "\n".join(line.rstrip() for line in lines)


def read_picture(text: str) -> ArithState:
    """A sum from its picture form (see the module doc); ParseError."""
    check_text(text)
    return check_size(_read_picture(text))


def _read_picture(text: str) -> ArithState:
    if ")" in text:
        return read_div_picture(text)
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    rows: list[tuple[str, str, int]] = []  # (operator, digits, right edge)
    for ln in lines:
        body = ln.strip()
        if set(body) <= set("-=_"):
            continue
        op = ""
        if body[0] in "+x×X":
            op, body = ("x" if body[0] != "+" else "+"), body[1:].strip()
        if not re.fullmatch(r"[0-9*?]+", body):
            raise ParseError(f"bad picture line {quote(ln)}: digits and * only")
        rows.append((op, body, len(ln)))
    if len(rows) < 3:
        raise ParseError(f"a picture has {len(rows)} number{'s' if len(rows) != 1 else ''}; "
                         "a sum needs two operands and a result at least")
    ops = {o for o, _, _ in rows if o}
    if len(ops) != 1:
        raise ParseError("a picture needs one operator (+ or x) before the last operand")
    op = ops.pop()
    if op == "+":
        if rows[-2][0] != "+":
            raise ParseError("the + goes on the last addend's line")
        return make_state(ADD, [pattern(r, "row") for _, r, _ in rows])
    if len(rows) < 3 or rows[1][0] != "x":
        raise ParseError("the x goes on the multiplier's line, under the multiplicand")
    right = max(edge for _, _, edge in rows)
    out: list[Pattern] = [pattern(rows[0][1], "multiplicand"), pattern(rows[1][1],
                                                                         "multiplier")]
    nb = len(out[1])
    partial_lines = rows[2:-1]
    expect = 0
    for _, row_text, edge in partial_lines:  # rows left out for a zero digit: shift by edges
        shift = right - edge
        while expect < shift and nb > 1:
            out.append((0,))
            expect += 1
        out.append(pattern(row_text, "partial row"))
        expect += 1
    while nb > 1 and partial_lines and expect < nb:
        out.append((0,))
        expect += 1
    out.append(pattern(rows[-1][1], "product"))
    return make_state(MUL, out)


def cell_name(state: ArithState, row: int, index: int) -> str:
    """How moves and explanations name a digit: ``r2c3`` (picture row and column)."""
    return f"r{row + 1}c{state.column_of(row, index) + 1}"


def row_bounds(row: Sequence[int | None]) -> tuple[int, int]:
    """The least and greatest numbers a row can still be (a hidden leading digit is 1-9)."""
    lo = hi = 0
    for i, d in enumerate(row):
        if d is None:
            lo, hi = lo * 10 + (1 if i == 0 and len(row) > 1 else 0), hi * 10 + 9
        else:
            lo, hi = lo * 10 + d, hi * 10 + d
    return lo, hi


_ANY = tuple(range(10))
_NONZERO = tuple(range(1, 10))


def digit_domain(row: Pattern, index: int) -> tuple[int, ...]:
    """The digits a place of a row may hold: its own if shown, else any digit but a leading
    zero."""
    d = row[index]
    if d is not None:
        return (d,)
    return _NONZERO if index == 0 and len(row) > 1 else _ANY


def row_fits(row: Pattern, n: int) -> bool:
    """Whether ``n`` has exactly ``len(row)`` digits and agrees with every given one."""
    s = str(n)
    if len(s) != len(row):
        return False
    return all(g is None or g == int(ch) for g, ch in zip(row, s, strict=True))
