"""Params and positions of the Sudoku family: what every other module of the package shares.

:class:`SudokuParams` names a board (variant and size); :class:`SudokuState` is an immutable
position (givens, digits, pencil marks).  The kind, its hint steps and the human-style solver
all build on these, so they sit below all three.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from . import solver as bt
from .formats import find_conflicts
from .geometry import Geometry, geometry


@dataclass(frozen=True)
class SudokuParams:
    variant: str
    n: int

    @property
    def geo(self) -> Geometry:
        return geometry(self.variant, self.n)

    @property
    def text(self) -> str:
        return f"{self.n}x{self.n}"


@dataclass(frozen=True)
class SudokuState:
    """An immutable position: givens, current digits (givens included) and pencil marks."""

    geo: Geometry
    givens: tuple[int, ...]
    values: tuple[int, ...]
    marks: tuple[int, ...]

    @classmethod
    def from_givens(cls, geo: Geometry, givens: tuple[int, ...]) -> SudokuState:
        return cls(geo, givens, givens, (0,) * geo.ncells)

    @property
    def params(self) -> SudokuParams:
        return SudokuParams(self.geo.variant, self.geo.n)

    def candidates(self) -> tuple[int, ...]:
        """Candidate masks from the digits alone (0 for filled cells)."""
        geo = self.geo
        values = self.values
        out = []
        for cell in range(geo.ncells):
            if values[cell]:
                out.append(0)
                continue
            m = geo.all_mask
            for p in geo.peers[cell]:
                v = values[p]
                if v:
                    m &= ~(1 << (v - 1))
            out.append(m)
        return tuple(out)

    def conflicts(self) -> frozenset[int]:
        """Cells whose digit is repeated in one of their houses."""
        cells: set[int] = set()
        for _, a, b in find_conflicts(self.geo, self.values):
            cells.update((a, b))
        return frozenset(cells)

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The solution of the givens (None if there is none); solved once per set of givens."""
        return solution_of(self.geo, self.givens)


@lru_cache(maxsize=64)
def solution_of(geo: Geometry, givens: tuple[int, ...]) -> tuple[int, ...] | None:
    """The solution of a set of givens, solved once and shared by every position of a game
    (each move makes a new state with the same givens)."""
    return bt.solve_values(geo, givens)
