"""The moves of pentomino, as values with a text round trip, and how each changes a position.

======================================  ==============  =====================================
value                                   text            what it does
======================================  ==============  =====================================
``PlacePiece("L", 2, 3, 3)``            ``L@r2c3/3``    put the L in orientation 3 with its
                                                        anchor on row 2, column 3
``RemovePiece("L")``                    ``remove L``    take a placed piece off (``-L`` is
                                                        read too)
``ClearBox()``                          ``clear``       take off every piece the player placed
``Compound((a, b))``                    ``a;b``         several moves as one, all or nothing
======================================  ==============  =====================================

The anchor of a placed piece is its first cell in reading order (its top row, the leftmost
cell there); rows and columns are 1-based, the orientation is an index into
:func:`~.pieces.orientations` of the letter.  Letters are read in any case.  Reading checks
what holds on every board (a pentomino letter, an orientation it has); :func:`apply_one`
checks the rest against the position (on the board, off the holes, no overlap, givens stay).

A screen builds moves with :func:`place_piece` (from a placement), :class:`PlacePiece`
(from its ghost's letter, anchor and orientation), :class:`RemovePiece` and
:class:`ClearBox`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import MoveError, quote
from ..moves import Compound, parse_compound
from .board import Board, PlacementInfo, cell_name, geometry
from .pieces import LETTERS, orientations
from .state import PentominoState

_PLACE = re.compile(r"^([A-Za-z])@r(\d{1,2})c(\d{1,2})/(\d)$", re.IGNORECASE)
_REMOVE = re.compile(r"^(?:remove\s+|-)([A-Za-z])$", re.IGNORECASE)


@dataclass(frozen=True)
class PlacePiece:
    """Put a piece on the board: its letter, anchor (1-based row and column) and
    orientation."""

    letter: str
    row: int
    col: int
    orient: int

    def text(self) -> str:
        return f"{self.letter}@r{self.row}c{self.col}/{self.orient}"


@dataclass(frozen=True)
class RemovePiece:
    """Take a piece the player placed off the board."""

    letter: str

    def text(self) -> str:
        return f"remove {self.letter}"


@dataclass(frozen=True)
class ClearBox:
    """Take off every piece the player placed (given pieces stay)."""

    def text(self) -> str:
        return "clear"


PentominoMove = PlacePiece | RemovePiece | ClearBox
MOVE_TYPES = (PlacePiece, RemovePiece, ClearBox)


def place_piece(pl: PlacementInfo, board: Board) -> PlacePiece:
    """The move that puts a placement on the board."""
    r, c = board.rc(pl.anchor)
    return PlacePiece(pl.letter, r + 1, c + 1, pl.orient)


# -- reading -----------------------------------------------------------------------------

def _letter(text: str, ch: str) -> str:
    letter = ch.upper()
    if letter not in LETTERS:
        raise MoveError(f"bad move {quote(text)}: no pentomino is called {letter!r} "
                        f"(pieces: {' '.join(LETTERS)})")
    return letter


def parse_one(text: str) -> PentominoMove:
    """One move (no ``;``) from its text; :class:`MoveError` when it cannot be read."""
    if text.lower() == "clear":
        return ClearBox()
    m = _REMOVE.match(text)
    if m is not None:
        return RemovePiece(_letter(text, m.group(1)))
    m = _PLACE.match(text)
    if m is None:
        raise MoveError(f"bad move {quote(text)}: expected like L@r2c3/0, remove L, or clear")
    letter = _letter(text, m.group(1))
    o, n = int(m.group(4)), len(orientations(letter))
    if o >= n:
        raise MoveError(f"bad move {quote(text)}: the {letter} has orientations 0-{n - 1}")
    return PlacePiece(letter, int(m.group(2)), int(m.group(3)), o)


def parse_move(text: str) -> PentominoMove | Compound[PentominoMove]:
    """A move from its text (``a;b`` is a :class:`~..moves.Compound`)."""
    return parse_compound(text, parse_one)


# -- playing -----------------------------------------------------------------------------

def placement_of(board: Board, move: PlacePiece) -> int:
    """The placement id a move names; :class:`MoveError` when it is not on the board."""
    text, letter = move.text(), move.letter
    shape = orientations(letter)[move.orient]
    ar, ac = shape[0]
    r, c = move.row - 1, move.col - 1
    cells = [(r + dr - ar, c + dc - ac) for dr, dc in shape]
    for cr, cc in cells:
        if not (0 <= cr < board.rows and 0 <= cc < board.cols):
            raise MoveError(f"{quote(text)} puts the {letter} off the board")
    for cr, cc in cells:
        if board.cell(cr, cc) in board.holes:
            raise MoveError(f"{quote(text)} puts the {letter} on a hole at r{cr + 1}c{cc + 1}")
    return geometry(board).by_key[(LETTERS.index(letter), move.orient, board.cell(r, c))]


def apply_one(state: PentominoState, move: PentominoMove) -> PentominoState:
    """The position after one move; :class:`MoveError` when the position does not allow it."""
    board, geo = state.board, state.geo
    if isinstance(move, ClearBox):
        return PentominoState(board, state.given, ())
    if isinstance(move, RemovePiece):
        letter = move.letter
        p = LETTERS.index(letter)
        if any(geo.placements[i].piece == p for i in state.given):
            raise MoveError(f"cannot remove the {letter}: it is given")
        kept = tuple(i for i in state.placed if geo.placements[i].piece != p)
        if len(kept) == len(state.placed):
            raise MoveError(f"cannot remove the {letter}: it is not on the board")
        return PentominoState(board, state.given, kept)
    pid = placement_of(board, move)
    pl = geo.placements[pid]
    if state.used >> pl.piece & 1:
        how = "given" if any(geo.placements[i].piece == pl.piece for i in state.given) \
            else "already placed"
        raise MoveError(f"the {pl.letter} is {how} (remove it first)" if how != "given"
                        else f"the {pl.letter} is given and cannot move")
    if pl.mask & state.filled:
        for i in (*state.given, *state.placed):
            other = geo.placements[i]
            if other.mask & pl.mask:
                clash = geo.cells_of_mask(other.mask & pl.mask)[0]
                raise MoveError(f"{quote(move.text())} overlaps the {other.letter} at "
                                f"{cell_name(board, clash)}")
    return PentominoState(board, state.given, tuple(sorted((*state.placed, pid))))
