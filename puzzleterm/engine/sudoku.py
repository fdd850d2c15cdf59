"""The Sudoku family as puzzle kinds: Sudoku (4x4, 6x6, 9x9, 16x16), X-Sudoku 5x5, Latin.

The three kinds share one implementation over :class:`~puzzleterm.engine.geometry.Geometry`;
they differ only in their houses.

Moves (``r`` row, ``c`` column, 1-based; digits are symbols ``1-9``, ``A-G``):

==============  ==============================================================
``r3c5=7``      place 7 (removes 7 from the pencil marks of the cell's peers)
``r3c5=0``      clear the digit (``r3c5=.`` too)
``r3c5+7``      toggle pencil mark 7
``r3c5-7``      remove pencil mark 7
``r3c5-``       clear the cell: digit and pencil marks
``r3c5~1379``   set the cell's pencil marks exactly (``r3c5~`` clears them)
``auto``        pencil in every candidate of every empty cell
``nomarks``     remove every pencil mark
``a;b``         several moves as one (all or nothing)
==============  ==============================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from . import solver as bt
from .errors import MoveError, ParamsError, quote
from .formats import check_givens, find_conflicts, format_grid, parse_grid
from .geometry import Geometry, geometry, max_level
from .kind import register
from .rng import Rng
from .types import Grade, Level, Puzzle, Status, Step


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


_CELL_MOVE = re.compile(r"^r([0-9]{1,2})c([0-9]{1,2})([=+\-~])(.*)$")


class SudokuFamilyKind:
    """One kind of the family; instances differ by variant (sudoku, xsudoku, latin)."""

    def __init__(
        self, name: str, title: str, aliases: tuple[str, ...], sizes: tuple[int, ...], default: int
    ) -> None:
        self.name = name
        self.title = title
        self.aliases = aliases
        self.sizes = sizes
        self._default = default

    # -- params ----------------------------------------------------------------------------
    def default_params(self) -> SudokuParams:
        return SudokuParams(self.name, self._default)

    def param_choices(self) -> tuple[str, ...]:
        return tuple(f"{n}x{n}" for n in self.sizes)

    def parse_params(self, text: str) -> SudokuParams:
        m = re.fullmatch(r"\s*([0-9]{1,2})\s*(?:[xX]\s*([0-9]{1,2}))?\s*", text)
        if not m or (m.group(2) and m.group(1) != m.group(2)):
            raise ParamsError(
                f"{self.title}: bad size {quote(text)} (expected e.g. {self.param_choices()[0]})"
            )
        n = int(m.group(1))
        if n not in self.sizes:
            sizes = ", ".join(sorted(self.param_choices(), key=lambda t: int(t.split("x")[0])))
            raise ParamsError(f"{self.title} comes in {sizes}, not {n}x{n}")
        return SudokuParams(self.name, n)

    def format_params(self, params: SudokuParams) -> str:
        return params.text

    def levels(self, params: SudokuParams) -> tuple[Level, ...]:
        """The levels puzzles are dealt at on this board, easiest first."""
        top = max_level(params.geo)
        return tuple(lv for lv in Level if lv <= top)

    # -- reading and writing -----------------------------------------------------------------
    def read(self, text: str, params: SudokuParams | None = None) -> SudokuState:
        """Parse a grid in any text form, inferring the size unless ``params`` fixes it."""
        geo, values = parse_grid(
            text, lambda n: geometry(self.name, n), params.n if params is not None else None
        )
        check_givens(geo, values)
        return SudokuState.from_givens(geo, values)

    def parse(self, params: SudokuParams, desc: str) -> SudokuState:
        return self.read(desc, params)

    def describe(self, state: SudokuState) -> str:
        return format_grid(state.geo, state.givens, "line")

    def format(self, state: SudokuState, fmt: str = "line") -> str:
        return format_grid(state.geo, state.values, fmt)

    # -- moves -------------------------------------------------------------------------------
    def apply(self, state: SudokuState, move: str) -> SudokuState:
        move = move.strip()
        if not move:
            raise MoveError("empty move")
        geo = state.geo
        values = list(state.values)
        marks = list(state.marks)
        for part in move.split(";"):
            self._apply_one(geo, state.givens, values, marks, part.strip())
        return SudokuState(geo, state.givens, tuple(values), tuple(marks))

    def _apply_one(
        self, geo: Geometry, givens: tuple[int, ...], values: list[int], marks: list[int], move: str
    ) -> None:
        if move == "auto":
            cand = SudokuState(geo, givens, tuple(values), tuple(marks)).candidates()
            for cell in range(geo.ncells):
                if not values[cell]:
                    marks[cell] = cand[cell]
            return
        if move == "nomarks":
            marks[:] = [0] * geo.ncells
            return
        m = _CELL_MOVE.match(move)
        if not m:
            raise MoveError(f"cannot read the move {quote(move)}")
        r, c, op, arg = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
        if not (1 <= r <= geo.n and 1 <= c <= geo.n):
            raise MoveError(f"{quote(move)}: no cell r{r}c{c} on a {geo.n}x{geo.n} board")
        cell = (r - 1) * geo.n + (c - 1)
        digits = [geo.digit_of(ch) for ch in arg]
        if any(d < 0 for d in digits):
            raise MoveError(
                f"{quote(move)}: {quote(arg)} is not a digit of a {geo.n}x{geo.n} puzzle"
            )
        if op == "=":
            if len(digits) != 1:
                raise MoveError(f"{quote(move)}: place exactly one digit")
            if givens[cell]:
                raise MoveError(f"r{r}c{c} is a given and cannot be changed")
            d = digits[0]
            values[cell] = d
            if d:
                marks[cell] = 0
                bit = 1 << (d - 1)
                for p in geo.peers[cell]:
                    marks[p] &= ~bit
            return
        if op == "-" and not digits:
            if givens[cell]:
                raise MoveError(f"r{r}c{c} is a given and cannot be changed")
            values[cell] = 0
            marks[cell] = 0
            return
        if 0 in digits:
            raise MoveError(f"{quote(move)}: pencil marks are digits 1-{geo.symbol(geo.n)}")
        if values[cell] and digits:
            raise MoveError(f"r{r}c{c} holds a digit; clear it before pencilling")
        bits = 0
        for d in digits:
            bits |= 1 << (d - 1)
        if op == "+":
            if len(digits) != 1:
                raise MoveError(f"{quote(move)}: toggle one pencil mark at a time")
            marks[cell] ^= bits
        elif op == "-":
            marks[cell] &= ~bits
        else:  # "~"
            marks[cell] = bits

    def status(self, state: SudokuState) -> Status:
        if find_conflicts(state.geo, state.values):
            return Status.BROKEN
        if all(state.values):
            return Status.SOLVED
        return Status.PLAYING

    # -- solving -----------------------------------------------------------------------------
    def solve(self, state: SudokuState) -> SudokuState | None:
        sol = state.solution
        if sol is None:
            return None
        return SudokuState(state.geo, state.givens, sol, (0,) * state.geo.ncells)

    def count_solutions(self, state: SudokuState, limit: int | None = 2) -> int:
        return bt.count_values(state.geo, state.givens, limit)

    def grade(self, state: SudokuState) -> Grade:
        from .human import grade_state

        return grade_state(state)

    def hint(self, state: SudokuState) -> Step | None:
        from .human import next_step

        return next_step(state)

    # -- generation --------------------------------------------------------------------------
    def generate(
        self, params: SudokuParams, rng: Rng, level: Level | None = None
    ) -> Puzzle[SudokuState]:
        from .generator import generate_givens

        geo = params.geo
        givens, grade = generate_givens(geo, rng, level)
        state = SudokuState.from_givens(geo, givens)
        return Puzzle(self.name, params.text, self.describe(state), state, level=level, grade=grade)


SUDOKU = SudokuFamilyKind("sudoku", "Sudoku", ("sud", "sudoku9", "classic"), (9, 4, 6, 16), 9)
XSUDOKU = SudokuFamilyKind(
    "xsudoku", "X-Sudoku", ("x-sudoku", "x", "diagonal", "sudoku-x"), (5,), 5
)
LATIN = SudokuFamilyKind(
    "latin", "Latin square", ("latin-square", "latinsquare"), (5, 4, 3, 6, 7, 8, 9), 5
)

for _k in (SUDOKU, XSUDOKU, LATIN):
    register(_k)

