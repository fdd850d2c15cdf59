"""The operations, params and positions of the arithmetic kind: what every module of the
package shares (the text forms of :mod:`.model` and :mod:`.divforms`, the solvers, the moves).

A number's **pattern** is its digits, most significant first, ``None`` for a hidden one;
:func:`pattern` and :func:`digits` read and write it as text (``*`` hidden, ``?`` read too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..errors import ParseError, quote

ADD, MUL, DIV = "add", "mul", "div"



@dataclass(frozen=True)
class ArithParams:
    """``op`` is ``add``, ``mul`` or ``div``; ``a`` is the addend count, the multiplicand
    length or the dividend length, ``b`` the addend, multiplier or divisor length."""

    op: str
    a: int
    b: int

    def __str__(self) -> str:
        return f"{self.op}{self.a}{'/' if self.op == DIV else 'x'}{self.b}"


Pattern = tuple[int | None, ...]  # one number, most significant digit first


@dataclass(frozen=True)
class ArithState:
    """A sum: its rows' givens (None hidden) and the player's digits (None empty)."""

    op: str
    givens: tuple[Pattern, ...]
    values: tuple[Pattern, ...]
    #: division only: each row's places left of the right edge (see :mod:`.divforms`)
    shifts: tuple[int, ...] = ()

    @property
    def naddends(self) -> int:
        """Addends (addition) or partial rows (multiplication, 0 with one multiplier digit)."""
        return len(self.givens) - 1 if self.op == ADD else len(self.givens) - 3

    @property
    def params(self) -> ArithParams:
        if self.op == ADD:
            return ArithParams(ADD, len(self.givens) - 1, max(map(len, self.givens[:-1])))
        if self.op == DIV:
            return ArithParams(DIV, len(self.givens[2]), len(self.givens[1]))
        return ArithParams(MUL, len(self.givens[0]), len(self.givens[1]))

    def shift(self, row: int) -> int:
        """Places the row sits left of the right edge (partial products are shifted)."""
        if self.op == DIV:
            return self.shifts[row]
        if self.op == MUL and 2 <= row < len(self.givens) - 1:
            return row - 2
        return 0

    @property
    def width(self) -> int:
        return max(len(r) + self.shift(i) for i, r in enumerate(self.givens))

    def cells(self) -> list[tuple[int, int]]:
        """Every (row, index) of a digit, top to bottom, left to right."""
        return [(r, i) for r, row in enumerate(self.givens) for i in range(len(row))]

    def hidden(self) -> list[tuple[int, int]]:
        return [(r, i) for r, i in self.cells() if self.givens[r][i] is None]

    def column_of(self, row: int, index: int) -> int:
        """The 0-based picture column of a digit (from the left edge of the rows)."""
        return self.width - self.shift(row) - len(self.givens[row]) + index

    def at(self, row: int, col: int) -> int | None:
        """The digit index of picture column ``col`` in ``row``, or None."""
        index = col - (self.width - self.shift(row) - len(self.givens[row]))
        return index if 0 <= index < len(self.givens[row]) else None

    def with_values(self, values: tuple[Pattern, ...]) -> ArithState:
        return replace(self, values=values)

    def givens_only(self) -> ArithState:
        return replace(self, values=self.givens)

    def with_givens(self, rows: tuple[Pattern, ...]) -> ArithState:
        """The same layout with other givens (and no digits filled)."""
        return replace(self, givens=rows, values=rows)

    def numbers(self) -> list[int] | None:
        """Every row's number, when every digit is filled."""
        out = []
        for row in self.values:
            if any(d is None for d in row):
                return None
            out.append(int("".join(str(d) for d in row)))
        return out


def pattern(text: str, what: str) -> Pattern:
    """The pattern a row's text writes (``1*3``); ParseError naming ``what`` when it is not
    digits and ``*``."""
    if not text or not re.fullmatch(r"[0-9*?]+", text):
        raise ParseError(f"bad {what} {quote(text)}: digits and * (hidden) only")
    return tuple(None if ch in "*?" else int(ch) for ch in text)


def digits(row: Pattern) -> str:
    """A pattern as text, ``*`` for a hidden digit."""
    return "".join("*" if d is None else str(d) for d in row)
