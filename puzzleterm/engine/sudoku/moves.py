"""The moves of the Sudoku family, as values with a text round trip.

Rows and columns are 1-based as written (``r3c5``); digits are ints, written as the
symbols ``1-9`` then ``A-G`` (16x16).  Each value's ``text()`` is the string a save records:

======================  ==================  =============================================
value                   text                what it does
======================  ==================  =============================================
``Place(3, 5, 7)``      ``r3c5=7``          place 7 (and remove 7 from the pencil marks
                                            of the cell's peers); digit 0 clears the
                                            digit only (``r3c5=0``, read from ``r3c5=.``)
``Pencil(3, 5, 7)``     ``r3c5+7``          toggle pencil mark 7
``Unmark(3, 5, (7,))``  ``r3c5-7``          remove pencil marks (``r3c5-79``: 7 and 9)
``Clear(3, 5)``         ``r3c5-``           clear the cell: digit and pencil marks
``SetMarks(3, 5, ds)``  ``r3c5~1379``       set the cell's pencil marks exactly (``~``:
                                            none)
``FillCandidates()``    ``auto``            pencil in every candidate of every empty cell
``NoMarks()``           ``nomarks``         remove every pencil mark
``Compound((a, b))``    ``a;b``             several moves as one, all or nothing
======================  ==================  =============================================

A screen builds them from a cell index with :func:`place`, :func:`pencil`, :func:`clear`
and :func:`fill_candidates`; ``SudokuFamilyKind.parse_move`` reads the text (letters in any
case, spaces around ``;``), and ``SudokuFamilyKind.apply`` checks a move against the board
(the cell exists, the digit fits the size, givens stay).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import MoveError, quote
from ..moves import Compound, join, parse_compound
from .geometry import SYMBOLS, Geometry


def _symbol(digit: int) -> str:
    return SYMBOLS[digit - 1] if digit else "0"


def _symbols(digits: tuple[int, ...]) -> str:
    return "".join(_symbol(d) for d in digits)


@dataclass(frozen=True)
class Place:
    """Put ``digit`` in the cell (0: clear its digit, leaving its pencil marks)."""

    row: int
    col: int
    digit: int

    def text(self) -> str:
        return f"r{self.row}c{self.col}={_symbol(self.digit)}"


@dataclass(frozen=True)
class Pencil:
    """Toggle one pencil mark."""

    row: int
    col: int
    digit: int

    def text(self) -> str:
        return f"r{self.row}c{self.col}+{_symbol(self.digit)}"


@dataclass(frozen=True)
class Unmark:
    """Remove these pencil marks (those the cell does not have are ignored)."""

    row: int
    col: int
    digits: tuple[int, ...]

    def text(self) -> str:
        return f"r{self.row}c{self.col}-{_symbols(self.digits)}"


@dataclass(frozen=True)
class Clear:
    """Clear the cell: its digit and its pencil marks."""

    row: int
    col: int

    def text(self) -> str:
        return f"r{self.row}c{self.col}-"


@dataclass(frozen=True)
class SetMarks:
    """Set the cell's pencil marks to exactly these digits (none: clear them)."""

    row: int
    col: int
    digits: tuple[int, ...]

    def text(self) -> str:
        return f"r{self.row}c{self.col}~{_symbols(self.digits)}"


@dataclass(frozen=True)
class FillCandidates:
    """Pencil in every candidate (from the digits alone) of every empty cell."""

    def text(self) -> str:
        return "auto"


@dataclass(frozen=True)
class NoMarks:
    """Remove every pencil mark of the board."""

    def text(self) -> str:
        return "nomarks"


SudokuMove = Place | Pencil | Unmark | Clear | SetMarks | FillCandidates | NoMarks
MOVE_TYPES = (Place, Pencil, Unmark, Clear, SetMarks, FillCandidates, NoMarks)
CELL_MOVES = (Place, Pencil, Unmark, Clear, SetMarks)

_CELL_MOVE = re.compile(r"^r([0-9]{1,2})c([0-9]{1,2})([=+\-~])(.*)$")


def _cell_of(geo: Geometry, cell: int) -> tuple[int, int]:
    r, c = divmod(cell, geo.n)
    return r + 1, c + 1


# -- constructors for screens (a cell is an index into the board) -----------------------

def place(geo: Geometry, cell: int, digit: int) -> Place:
    """Place ``digit`` in ``cell`` (0 clears the digit)."""
    return Place(*_cell_of(geo, cell), digit)


def pencil(geo: Geometry, cell: int, digit: int) -> Pencil:
    """Toggle pencil mark ``digit`` in ``cell``."""
    return Pencil(*_cell_of(geo, cell), digit)


def unmark(geo: Geometry, cell: int, digits: tuple[int, ...]) -> Unmark:
    """Remove pencil marks ``digits`` from ``cell``."""
    return Unmark(*_cell_of(geo, cell), digits)


def clear(geo: Geometry, cell: int) -> Clear:
    """Clear ``cell``: digit and pencil marks."""
    return Clear(*_cell_of(geo, cell))


def set_marks(geo: Geometry, cell: int, digits: tuple[int, ...]) -> SetMarks:
    """Set the pencil marks of ``cell`` to exactly ``digits``."""
    return SetMarks(*_cell_of(geo, cell), digits)


def fill_candidates() -> FillCandidates:
    """Pencil in every candidate of every empty cell."""
    return FillCandidates()


def cell_index(geo: Geometry, move: Place | Pencil | Unmark | Clear | SetMarks) -> int:
    """The board cell a cell move names; :class:`MoveError` when it is off the board."""
    if not (1 <= move.row <= geo.n and 1 <= move.col <= geo.n):
        raise MoveError(f"{quote(move.text())}: no cell r{move.row}c{move.col} on a "
                        f"{geo.n}x{geo.n} board")
    return (move.row - 1) * geo.n + move.col - 1


# -- reading -----------------------------------------------------------------------------

def _digit(move: str, ch: str) -> int:
    if ch in ".0":
        return 0
    i = SYMBOLS.find(ch.upper())
    if i < 0:
        raise MoveError(f"{quote(move)}: {quote(ch)} is not a digit")
    return i + 1


def parse_one(text: str) -> SudokuMove:
    """One move (no ``;``) from its text; :class:`MoveError` when it cannot be read."""
    if text == "auto":
        return FillCandidates()
    if text == "nomarks":
        return NoMarks()
    m = _CELL_MOVE.match(text)
    if not m:
        raise MoveError(f"cannot read the move {quote(text)}")
    r, c, op, arg = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    digits = tuple(_digit(text, ch) for ch in arg)
    if op == "=":
        if len(digits) != 1:
            raise MoveError(f"{quote(text)}: place exactly one digit")
        return Place(r, c, digits[0])
    if op == "-" and not digits:
        return Clear(r, c)
    if 0 in digits:
        raise MoveError(f"{quote(text)}: a pencil mark is a digit from 1, never 0")
    if op == "+":
        if len(digits) != 1:
            raise MoveError(f"{quote(text)}: toggle one pencil mark at a time")
        return Pencil(r, c, digits[0])
    if op == "-":
        return Unmark(r, c, digits)
    return SetMarks(r, c, digits)


def parse_move(text: str) -> SudokuMove | Compound[SudokuMove]:
    """A move from its text (``a;b`` is a :class:`~..moves.Compound`)."""
    return parse_compound(text, parse_one)


__all__ = [
    "CELL_MOVES",
    "MOVE_TYPES",
    "Clear",
    "Compound",
    "FillCandidates",
    "NoMarks",
    "Pencil",
    "Place",
    "SetMarks",
    "SudokuMove",
    "Unmark",
    "cell_index",
    "clear",
    "fill_candidates",
    "join",
    "parse_move",
    "parse_one",
    "pencil",
    "place",
    "set_marks",
    "unmark",
]
