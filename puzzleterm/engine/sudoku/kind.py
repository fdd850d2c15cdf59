"""The Sudoku family as puzzle kinds: Sudoku (4x4, 6x6, 9x9, 16x16), X-Sudoku 5x5, Latin.

The three kinds share one implementation over :class:`~.geometry.Geometry`; they differ only
in their houses.  Positions are :class:`~.state.SudokuState` values; moves are the values of
:mod:`.moves` (``r3c5=7``, ``r3c5+7``, ``auto`` ..., the grammar is there), which
:meth:`~SudokuFamilyKind.apply` checks against the board.  The human-style solver
(:mod:`.human`) and the hint steps built on it load on first use, to keep the start lean.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from ..errors import MoveError, ParamsError, quote
from ..kind import CliOption, OptionValue, PracticeChoice, Progress
from ..kindbase import KindBase
from ..moves import join
from ..rng import Rng
from ..types import Grade, Level, Puzzle, Status, Step
from . import solver as bt
from .census import report as census_report
from .enumerate import MAX_ENUMERABLE, report
from .formats import (
    FORMATS,
    check_givens,
    detect_format,
    find_conflicts,
    format_grid,
    parse_grid,
    split_batch,
)
from .generator import generate_minimal
from .geometry import geometry, level_cap_reason, max_level
from .moves import (
    MOVE_TYPES,
    Clear,
    FillCandidates,
    NoMarks,
    Pencil,
    Place,
    SudokuMove,
    Unmark,
    cell_index,
    parse_one,
    place,
)
from .state import SudokuParams, SudokuState

#: Boards above this many cells dealt without a level stay unrated (grading is slow there).
MAX_GRADED_CELLS = 81


class SudokuFamilyKind(KindBase[SudokuParams, SudokuState, SudokuMove]):
    """One kind of the family; instances differ by variant (sudoku, xsudoku, latin)."""

    formats: tuple[str, ...] = FORMATS
    move_types = MOVE_TYPES
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
        # the usual size, or the largest one small enough to enumerate
        limit = MAX_ENUMERABLE.get(self.name, 0)
        n = min(self._default, limit) if params is None else params.n
        givens = options.get("givens")
        if isinstance(givens, str):
            yield from census_report(self.name, self.title, n, givens,
                                     bool(options.get("minimal")), bool(options.get("list")),
                                     progress)
            return
        if options.get("minimal"):
            raise ParamsError("--minimal counts puzzles: give --givens N too")
        yield from report(self.name, self.title, n, bool(options.get("list")))

    def write(self, state: SudokuState, fmt: str | None = None) -> str:
        return format_grid(state.geo, state.values, fmt or "line")

    # -- moves (see :mod:`.moves`) ----------------------------------------------------------
    def parse_one_move(self, text: str) -> SudokuMove:
        return parse_one(text)

    def apply_one(self, state: SudokuState, move: SudokuMove) -> SudokuState:
        geo, givens = state.geo, state.givens
        if isinstance(move, FillCandidates):
            cand = state.candidates()
            filled = tuple(cand[c] if not state.values[c] else state.marks[c]
                           for c in range(geo.ncells))
            return SudokuState(geo, givens, state.values, filled)
        if isinstance(move, NoMarks):
            return SudokuState(geo, givens, state.values, (0,) * geo.ncells)
        cell = cell_index(geo, move)
        digits: tuple[int, ...] = (move.digit,) if isinstance(move, Place | Pencil) else \
            () if isinstance(move, Clear) else move.digits
        for d in digits:
            if d > geo.n:
                raise MoveError(f"{quote(move.text())}: {quote(geo.symbol(d))} is not a "
                                f"digit of a {geo.n}x{geo.n} puzzle")
        values: list[int] = list(state.values)
        marks: list[int] = list(state.marks)
        name = geo.cell_name(cell)
        if isinstance(move, Place | Clear):
            if givens[cell]:
                raise MoveError(f"{name} is a given and cannot be changed")
            d = move.digit if isinstance(move, Place) else 0
            values[cell] = d
            if d:
                marks[cell] = 0
                bit = 1 << (d - 1)
                for p in geo.peers[cell]:
                    marks[p] &= ~bit
            elif isinstance(move, Clear):
                marks[cell] = 0
            return SudokuState(geo, givens, tuple(values), tuple(marks))
        if values[cell] and digits:
            raise MoveError(f"{name} holds a digit; clear it before pencilling")
        bits = 0
        for d in digits:
            bits |= 1 << (d - 1)
        if isinstance(move, Pencil):
            marks[cell] ^= bits
        elif isinstance(move, Unmark):
            marks[cell] &= ~bits
        else:  # SetMarks
            marks[cell] = bits
        return SudokuState(geo, givens, tuple(values), tuple(marks))

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
        from .human import grade_state  # start-up: loaded on first use

        return grade_state(state)

    def explain(self, state: SudokuState) -> list[Step]:
        from .hints import as_step, step_move  # start-up: loaded on first use
        from .human import solve_steps  # start-up: loaded on first use

        geo = state.geo
        out = []
        for d in solve_steps(state):
            move = step_move(geo, d)
            out.append(as_step(geo, d, move.text() if move is not None else ""))
        return out

    def hint(self, state: SudokuState, solution: SudokuState | None) -> Step | None:
        """The next human step from the player's position, pencil marks included."""
        from .hints import as_step, pencil_first, step_move  # start-up: loaded on first use
        from .human import next_step  # start-up: loaded on first use

        d = next_step(state, use_marks=True)
        if d is None:
            return None
        move = step_move(state.geo, d)
        text = pencil_first(state, d, move).text() if move is not None else ""
        return as_step(state.geo, d, text)

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
        return join(place(geo, c, sol[c]) for c in cells).text()

    # -- generation --------------------------------------------------------------------------
    def generate(
        self, params: SudokuParams, rng: Rng, level: Level | None = None
    ) -> Puzzle[SudokuState]:
        geo = params.geo
        grade: Grade | None = None
        if level is None:
            givens = generate_minimal(geo, rng)
        else:
            from .human import generate_at_level  # start-up: loaded on first use

            givens, grade = generate_at_level(geo, rng, level)
        state = SudokuState.from_givens(geo, givens)
        if grade is None and geo.ncells <= MAX_GRADED_CELLS:
            grade = self.grade(state)
        return Puzzle(self.name, params.text, self.describe(state), state, level=level, grade=grade)


    # -- technique practice (see :mod:`.practice`) ------------------------------------------
    def _practice_refusal(self, params: SudokuParams) -> str:
        if self.name == "sudoku" and params.n == 9:
            return ""
        return f"technique practice deals 9x9 Sudoku only, not {self.title} {params.text}"

    def practice_choices(self, params: SudokuParams) -> tuple[PracticeChoice, ...]:
        from . import practice  # start-up: loaded on first use

        return practice.choices(self._practice_refusal(params))

    def find_practice(self, params: SudokuParams, word: str) -> PracticeChoice:
        from . import practice  # start-up: loaded on first use

        return practice.find(word, self._practice_refusal(params))

    def generate_practice(self, params: SudokuParams, rng: Rng,
                          technique: str) -> Puzzle[SudokuState]:
        from . import practice  # start-up: loaded on first use

        choice = self.find_practice(params, technique)
        givens, grade = practice.deal(choice.id, rng)
        state = SudokuState.from_givens(params.geo, givens)
        return Puzzle(self.name, params.text, self.describe(state), state, grade=grade,
                      technique=choice.id)


SUDOKU = SudokuFamilyKind("sudoku", "Sudoku", ("sud", "sudoku9", "classic"), (9, 4, 6, 16), 9)
XSUDOKU = SudokuFamilyKind(
    "xsudoku", "X-Sudoku", ("x-sudoku", "x", "diagonal", "sudoku-x"), (5,), 5
)
LATIN = SudokuFamilyKind(
    "latin", "Latin square", ("latin-square", "latinsquare"), (5, 4, 3, 6, 7, 8, 9), 5
)
