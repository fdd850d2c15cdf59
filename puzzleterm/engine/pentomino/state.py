"""Positions.

A position is a board, the pieces given in place (fixed) and the pieces the player placed,
each a placement id of the board's :class:`~.board.Geometry` (stable for a board).  States
are frozen; ``==`` means the same position whatever order the pieces were placed in.  The
moves between positions are in :mod:`.moves`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .board import Board, Geometry, PlacementInfo, cell_name, geometry
from .pieces import LETTERS


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


def placement_name(pl: PlacementInfo, board: Board) -> str:
    """A short description for explanations: ``L at r2c3``."""
    return f"{pl.letter} at {cell_name(board, pl.anchor)}"
