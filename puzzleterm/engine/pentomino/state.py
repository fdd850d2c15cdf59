"""Positions and moves.

A position is a board, the pieces given in place (fixed) and the pieces the player placed,
each a placement id of the board's :class:`~.board.Geometry` (stable for a board).  States
are frozen; ``==`` means the same position whatever order the pieces were placed in.

Move grammar (letters are case-insensitive, rows and columns 1-based)::

    move      := single (";" single)*        several moves as one, all or nothing
    single    := place | remove | "clear"
    place     := LETTER "@r" ROW "c" COL "/" ORIENT    e.g.  L@r2c3/3
    remove    := "remove " LETTER | "-" LETTER          e.g.  remove L
    "clear"   removes every piece the player placed

In ``L@r2c3/3`` the anchor ``r2c3`` is the piece's first cell in reading order (its top
row, leftmost cell there) and ``3`` the orientation index (see :mod:`.pieces`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..errors import MoveError, quote
from .board import Board, Geometry, PlacementInfo, cell_name, geometry
from .pieces import LETTERS, orientations

_PLACE = re.compile(r"^([A-Za-z])@r(\d{1,2})c(\d{1,2})/(\d)$", re.IGNORECASE)
_REMOVE = re.compile(r"^(?:remove\s+|-)([A-Za-z])$", re.IGNORECASE)


@dataclass(frozen=True)
class PentominoState:
    """A position: board, given placements and the player's placements (sorted ids)."""

    board: Board
    given: tuple[int, ...] = ()
    placed: tuple[int, ...] = ()

    @property
    def geo(self) -> Geometry:
        return geometry(self.board)

    @cached_property
    def filled(self) -> int:
        pls = self.geo.placements
        m = 0
        for i in (*self.given, *self.placed):
            m |= pls[i].mask
        return m

    @cached_property
    def used(self) -> int:
        pls = self.geo.placements
        u = 0
        for i in (*self.given, *self.placed):
            u |= 1 << pls[i].piece
        return u

    @property
    def all_placements(self) -> tuple[int, ...]:
        return tuple(sorted((*self.given, *self.placed)))

    def piece_at(self, letter: str) -> int | None:
        """The placement id of a piece on the board, else None."""
        p = LETTERS.index(letter)
        for i in (*self.given, *self.placed):
            if self.geo.placements[i].piece == p:
                return i
        return None

    def missing(self) -> list[str]:
        return [lt for p, lt in enumerate(LETTERS) if not self.used >> p & 1]

    def givens_only(self) -> PentominoState:
        return PentominoState(self.board, self.given, ())


def move_text(pl: PlacementInfo, board: Board) -> str:
    """The move placing a placement: ``L@r2c3/3``."""
    return f"{pl.letter}@{cell_name(board, pl.anchor)}/{pl.orient}"


def placement_name(pl: PlacementInfo, board: Board) -> str:
    """A short description for explanations: ``L at r2c3``."""
    return f"{pl.letter} at {cell_name(board, pl.anchor)}"


def parse_place(board: Board, text: str) -> int:
    """The placement id a ``L@r2c3/3`` text names; MoveError when it is not on the board."""
    m = _PLACE.match(text.strip())
    if m is None:
        raise MoveError(f"bad move {quote(text)}: expected like L@r2c3/0, remove L, or clear")
    letter = m.group(1).upper()
    if letter not in LETTERS:
        raise MoveError(f"bad move {quote(text)}: no pentomino is called {letter!r} "
                        f"(pieces: {' '.join(LETTERS)})")
    r, c, o = int(m.group(2)) - 1, int(m.group(3)) - 1, int(m.group(4))
    n = len(orientations(letter))
    if o >= n:
        raise MoveError(f"bad move {quote(text)}: the {letter} has orientations 0-{n - 1}")
    shape = orientations(letter)[o]
    ar, ac = shape[0]
    cells = [(r + dr - ar, c + dc - ac) for dr, dc in shape]
    for cr, cc in cells:
        if not (0 <= cr < board.rows and 0 <= cc < board.cols):
            raise MoveError(f"{quote(text)} puts the {letter} off the board")
    for cr, cc in cells:
        if board.cell(cr, cc) in board.holes:
            raise MoveError(f"{quote(text)} puts the {letter} on a hole at r{cr + 1}c{cc + 1}")
    geo = geometry(board)
    return geo.by_key[(LETTERS.index(letter), o, board.cell(r, c))]


def apply_move(state: PentominoState, move: str) -> PentominoState:
    """The position after a move (a compound ``a;b`` is all or nothing); MoveError."""
    parts = [p.strip() for p in move.split(";")]
    if not move.strip() or any(not p for p in parts):
        raise MoveError(f"bad move {quote(move)}: empty move")
    for part in parts:
        state = _apply_one(state, part)
    return state


def _apply_one(state: PentominoState, move: str) -> PentominoState:
    board, geo = state.board, state.geo
    if move.lower() == "clear":
        return PentominoState(board, state.given, ())
    m = _REMOVE.match(move)
    if m is not None:
        letter = m.group(1).upper()
        if letter not in LETTERS:
            raise MoveError(f"bad move {quote(move)}: no pentomino is called {letter!r}")
        p = LETTERS.index(letter)
        if any(geo.placements[i].piece == p for i in state.given):
            raise MoveError(f"cannot remove the {letter}: it is given")
        kept = tuple(i for i in state.placed if geo.placements[i].piece != p)
        if len(kept) == len(state.placed):
            raise MoveError(f"cannot remove the {letter}: it is not on the board")
        return PentominoState(board, state.given, kept)
    pid = parse_place(board, move)
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
                raise MoveError(f"{quote(move)} overlaps the {other.letter} at "
                                f"{cell_name(board, clash)}")
    return PentominoState(board, state.given, tuple(sorted((*state.placed, pid))))
