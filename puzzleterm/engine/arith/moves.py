"""The moves of the arithmetic kind, as values with a text round trip.

======================  ============  ========================================================
value                   text          what it does
======================  ============  ========================================================
``SetDigit(2, 3, 5)``   ``r2c3=5``    put 5 in row 2, column 3 (``r2c3=0`` puts a zero)
``ClearDigit(2, 3)``    ``r2c3=.``    clear that digit
``Compound((a, b))``    ``a;b``       several moves as one, all or nothing
======================  ============  ========================================================

Rows are the sum's numbers, counted from the top of the picture (for a division, in the
order :mod:`.divforms` gives); columns are counted from the picture's left edge; both are
1-based.  Letters are read in any case.  A screen builds moves from a digit's place in its
row with :func:`set_digit` and :func:`clear_digit`; :func:`apply_one` checks a move against
the sum (the row and column hold a digit, and it is not given).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import MoveError, quote
from ..moves import Compound, parse_compound
from .state import ArithState

_MOVE = re.compile(r"^r(\d{1,2})c(\d{1,2})=([0-9.])$", re.IGNORECASE)


@dataclass(frozen=True)
class SetDigit:
    """Put ``digit`` (0-9) in the place at picture row ``row``, column ``col`` (1-based)."""

    row: int
    col: int
    digit: int

    def text(self) -> str:
        return f"r{self.row}c{self.col}={self.digit}"


@dataclass(frozen=True)
class ClearDigit:
    """Clear the digit at picture row ``row``, column ``col`` (1-based)."""

    row: int
    col: int

    def text(self) -> str:
        return f"r{self.row}c{self.col}=."


ArithMove = SetDigit | ClearDigit
MOVE_TYPES = (SetDigit, ClearDigit)


def set_digit(state: ArithState, row: int, index: int, digit: int) -> SetDigit:
    """Put ``digit`` in digit ``index`` of row ``row`` (both 0-based, as in the state)."""
    return SetDigit(row + 1, state.column_of(row, index) + 1, digit)


def clear_digit(state: ArithState, row: int, index: int) -> ClearDigit:
    """Clear digit ``index`` of row ``row`` (both 0-based, as in the state)."""
    return ClearDigit(row + 1, state.column_of(row, index) + 1)


def parse_one(text: str) -> ArithMove:
    """One move (no ``;``) from its text; :class:`MoveError` when it cannot be read."""
    m = _MOVE.match(text)
    if m is None:
        raise MoveError(f"bad move {quote(text)}: expected r2c3=5 (row, column, digit) "
                        "or r2c3=. to clear")
    r, c, ch = int(m.group(1)), int(m.group(2)), m.group(3)
    return ClearDigit(r, c) if ch == "." else SetDigit(r, c, int(ch))


def parse_move(text: str) -> ArithMove | Compound[ArithMove]:
    """A move from its text (``a;b`` is a :class:`~..moves.Compound`)."""
    return parse_compound(text, parse_one)


def apply_one(state: ArithState, move: ArithMove) -> ArithState:
    """The sum after one move; :class:`MoveError` when the sum does not allow it."""
    r, c = move.row - 1, move.col - 1
    if not 0 <= r < len(state.givens):
        raise MoveError(f"there is no row {r + 1} (rows 1 to {len(state.givens)})")
    index = state.at(r, c)
    if index is None:
        raise MoveError(f"row {r + 1} has no digit in column {c + 1}")
    if state.givens[r][index] is not None:
        raise MoveError(f"r{r + 1}c{c + 1} is given and cannot change")
    values = [list(row) for row in state.values]
    values[r][index] = move.digit if isinstance(move, SetDigit) else None
    return state.with_values(tuple(tuple(row) for row in values))


def apply_move(state: ArithState, move: ArithMove | Compound[ArithMove] | str) -> ArithState:
    """The sum after a move or its text (a compound one all or nothing)."""
    typed = parse_move(move) if isinstance(move, str) else move
    for part in typed.parts if isinstance(typed, Compound) else (typed,):
        state = apply_one(state, part)
    return state
