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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import MoveError, ParamsError, quote
from . import solver as bt
from .formats import (
    check_givens,
    detect_format,
    find_conflicts,
    format_grid,
    parse_grid,
    split_batch,
)
from .geometry import Geometry, geometry, level_cap_reason, max_level

if TYPE_CHECKING:
    from .human.catalog import Deduction
from ..kind import CliOption, OptionValue, Progress
from ..rng import Rng
from ..types import Grade, Level, Puzzle, Status, Step
from .formats import FORMATS


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


#: Boards above this many cells dealt without a level stay unrated (grading is slow there).
MAX_GRADED_CELLS = 81

_CELL_MOVE = re.compile(r"^r([0-9]{1,2})c([0-9]{1,2})([=+\-~])(.*)$")


class SudokuFamilyKind:
    """One kind of the family; instances differ by variant (sudoku, xsudoku, latin)."""

    params_label = "Size"
    formats: tuple[str, ...] = FORMATS
    #: Part of every seed of the family: a seed names one puzzle forever.  A generator
    #: change that alters what a seed deals must bump this (and start a new daily epoch).
    generator_version = "v1"

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

    def level_note(self, params: SudokuParams) -> str:
        """Why the level list of a board is short, in players' words ("" when it is not)."""
        top = max_level(params.geo)
        reason = level_cap_reason(params.geo)
        if not reason:
            return ""
        board = f"{self.title} {params.text} puzzles top out at {top.label}"
        if reason == "singles":
            return f"{board}: every one falls to singles."
        if reason == "rare":
            return f"{board}: harder ones are too rare on a board this size to deal."
        return (f"{board} for now: harder ones are not dealt yet, though many puzzles this "
                "size need harder techniques.")

    def cli_options(self) -> tuple[CliOption, ...]:
        listing = "list every normalised grid"
        if self.name == "xsudoku":
            listing += " (with --givens: one game ID per essentially different puzzle)"
        options: tuple[CliOption, ...] = (CliOption("--list", listing, None, ("enumerate",)),)
        if self.name == "xsudoku":  # the census of the smallest puzzles (see census.py)
            options += (
                CliOption("--givens", "count the puzzles with N givens and one "
                          "solution, up to symmetry and relabelling, and in all", "N",
                          ("enumerate",)),
                CliOption("--minimal", "with --givens: only puzzles from which no given "
                          "can be removed", None, ("enumerate",)),
            )
        return options

    def params_from_options(self, options: Mapping[str, OptionValue]) -> SudokuParams | None:
        size = options.get("size")
        return self.parse_params(size) if isinstance(size, str) else None

    def params_of(self, state: SudokuState) -> SudokuParams:
        return state.params

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

    def detect(self, text: str) -> str:
        """The form a puzzle text is written in (``line``, ``grid`` or ``csv``)."""
        return detect_format(text)

    def split_batch(self, text: str, params: SudokuParams | None) -> list[tuple[int, str]] | None:
        return split_batch(text, (params.n,) if params is not None else self.sizes)

    def enumerate(self, params: SudokuParams | None, options: Mapping[str, OptionValue],
                  progress: Progress | None = None) -> Iterator[str]:
        """Every grid of a small board: the normalised ones and the total."""
        from .enumerate import MAX_ENUMERABLE, report

        # the usual size, or the largest one small enough to enumerate
        limit = MAX_ENUMERABLE.get(self.name, 0)
        n = min(self._default, limit) if params is None else params.n
        givens = options.get("givens")
        if isinstance(givens, str):
            from .census import report as census_report

            yield from census_report(self.name, self.title, n, givens,
                                     bool(options.get("minimal")), bool(options.get("list")),
                                     progress)
            return
        if options.get("minimal"):
            raise ParamsError("--minimal counts puzzles: give --givens N too")
        yield from report(self.name, self.title, n, bool(options.get("list")))

    def write(self, state: SudokuState, fmt: str | None = None) -> str:
        return format_grid(state.geo, state.values, fmt or "line")

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

    def solve_counted(self, state: SudokuState, limit: int = 2) -> tuple[SudokuState | None, int]:
        sol, n = bt.solve_and_count(state.geo, state.givens, limit)
        if sol is None:
            return None, n
        return SudokuState(state.geo, state.givens, sol, (0,) * state.geo.ncells), n

    def grade(self, state: SudokuState) -> Grade:
        from .human import grade_state

        return grade_state(state)

    def explain(self, state: SudokuState) -> list[Step]:
        from .human import solve_steps

        geo = state.geo
        return [as_step(geo, d, step_move(geo, d)) for d in solve_steps(state)]

    def hint(self, state: SudokuState, solution: SudokuState | None) -> Step | None:
        """The next human step from the player's position, pencil marks included."""
        from .human import next_step

        d = next_step(state, use_marks=True)
        if d is None:
            return None
        return as_step(state.geo, d, pencil_first(state, d, step_move(state.geo, d)))

    def reveal(self, state: SudokuState, solution: SudokuState, at: str | None = None) -> str:
        """The move that puts the solution's digit in cell ``at`` (``r3c5``), or in every
        cell that differs when ``at`` is None; raises :class:`MoveError` when nothing would
        change."""
        geo = state.geo
        sol = solution.values
        if at is None:
            cells = [c for c in range(geo.ncells) if state.values[c] != sol[c]]
            if not cells:
                raise MoveError("every digit is already right")
        else:
            m = re.fullmatch(r"r([0-9]{1,2})c([0-9]{1,2})", at.strip())
            if not m or not (1 <= int(m.group(1)) <= geo.n and 1 <= int(m.group(2)) <= geo.n):
                raise MoveError(f"no cell {quote(at)} on a {geo.n}x{geo.n} board")
            cell = (int(m.group(1)) - 1) * geo.n + int(m.group(2)) - 1
            if state.givens[cell] or state.values[cell] == sol[cell]:
                raise MoveError(f"{geo.cell_name(cell)} is already right")
            cells = [cell]
        return ";".join(f"{geo.cell_name(c)}={geo.symbol(sol[c])}" for c in cells)

    # -- generation --------------------------------------------------------------------------
    def generate(
        self, params: SudokuParams, rng: Rng, level: Level | None = None
    ) -> Puzzle[SudokuState]:
        from .generator import generate_givens

        geo = params.geo
        givens, grade = generate_givens(geo, rng, level)
        state = SudokuState.from_givens(geo, givens)
        if grade is None and geo.ncells <= MAX_GRADED_CELLS:
            grade = self.grade(state)
        return Puzzle(self.name, params.text, self.describe(state), state, level=level, grade=grade)


SUDOKU = SudokuFamilyKind("sudoku", "Sudoku", ("sud", "sudoku9", "classic"), (9, 4, 6, 16), 9)
XSUDOKU = SudokuFamilyKind(
    "xsudoku", "X-Sudoku", ("x-sudoku", "x", "diagonal", "sudoku-x"), (5,), 5
)
LATIN = SudokuFamilyKind(
    "latin", "Latin square", ("latin-square", "latinsquare"), (5, 4, 3, 6, 7, 8, 9), 5
)



def as_step(geo: Geometry, d: Deduction, move: str) -> Step:
    """A deduction of the family's solver as the engine's generic step (it is the evidence)."""
    return Step(technique=d.technique, name=d.name, level=d.level, rating=d.rating, move=move,
                explanation=d.explanation, nudge=d.nudge, evidence=d)


def step_move(geo: Geometry, d: Deduction) -> str:
    """A deduction as a move for ``apply``: ``r3c5=7`` places, ``r3c5-7`` removes a mark.

    A mistake clears the wrong digits (``r3c5=0``); a pencil-mark mistake resets the marks
    of its cells to the candidates the digits allow (``r3c5~1379``).
    """
    if d.technique == "mistake":
        return ";".join(f"{geo.cell_name(c)}=0" for c in d.cells)
    if d.technique == "mark_mistake":
        parts = []
        for c in d.cells:
            ds = "".join(geo.symbol(dd) for cc, dd in d.candidates if cc == c)
            parts.append(f"{geo.cell_name(c)}~{ds}")
        return ";".join(parts)
    moves = [f"{geo.cell_name(c)}={geo.symbol(v)}" for c, v in d.placements]
    moves += [f"{geo.cell_name(c)}-{geo.symbol(v)}" for c, v in d.eliminations]
    return ";".join(moves)


def pencil_first(state: SudokuState, d: Deduction, move: str) -> str:
    """Make an elimination stick in cells without pencil marks.

    The solver reasons from candidates; removing a mark from a cell that has none would
    change nothing (and the same hint would come back).  Such cells first get their
    candidates less the eliminated digits as marks.
    """
    if not d.eliminations:
        return move
    geo = state.geo
    cand = state.candidates()
    dropped: dict[int, int] = {}
    for cell, digit in d.eliminations:
        dropped[cell] = dropped.get(cell, 0) | (1 << (digit - 1))
    fixes = []
    for cell in sorted(dropped):
        if state.values[cell] or state.marks[cell]:
            continue
        keep = cand[cell] & ~dropped[cell]
        digits = "".join(geo.symbol(v) for v in range(1, geo.n + 1) if keep & (1 << (v - 1)))
        fixes.append(f"{geo.cell_name(cell)}~{digits}")
    return ";".join([*fixes, move]) if fixes else move
