"""The arithmetic kind: the protocol of :mod:`puzzleterm.engine.kind` over this package.

Positions are :class:`~.state.ArithState` values; moves are those of :mod:`.moves`
(``r2c3=5``, ``r2c3=.``).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import MoveError, ParseError, quote
from ..kind import CliOption, OptionValue
from ..kindbase import KindBase
from ..moves import join
from ..rng import Rng
from ..types import Grade, Level, Puzzle, Status, Step
from . import solver
from .generator import GENERATOR_VERSION, generate_state, levels_of
from .human import first_step, grade_state, holds, solve_human
from .model import cell_name, parse_params, read_line, read_picture, write_line
from .model import write_picture as _picture
from .moves import MOVE_TYPES, ArithMove, apply_one, clear_digit, parse_one, set_digit
from .state import DIV, ArithParams, ArithState

LEVEL_NOTES = {
    Level.EASY: "column sums with the carry",
    Level.MEDIUM: "the last digits of products",
    Level.HARD: "row lengths bound the numbers",
    Level.EXPERT: "case splits (try the digits that fit): two, or one followed deep",
}
DIV_NOTES = {
    Level.EASY: "subtraction rows and brought-down digits",
    Level.MEDIUM: "the divisor times each quotient digit",
    Level.HARD: "row lengths bound the divisor and the quotient digits",
    Level.EXPERT: "case splits (try the digits that fit): two, or one followed deep",
}


class ArithKind(KindBase[ArithParams, ArithState, ArithMove]):
    name = "arith"
    title = "Arithmetic"
    aliases: tuple[str, ...] = ("mushikuizan", "arithmetic", "sum")
    params_label = "Sum"
    formats: tuple[str, ...] = ("line", "picture")
    generator_version = GENERATOR_VERSION
    move_types = MOVE_TYPES

    def default_params(self) -> ArithParams:
        return ArithParams("mul", 3, 2)

    def parse_params(self, text: str) -> ArithParams:
        return parse_params(text)

    def format_params(self, params: ArithParams) -> str:
        return str(params)

    def param_choices(self) -> tuple[str, ...]:
        return ("mul3x2", "mul2x2", "mul4x2", "mul3x3", "add2x4", "add3x4", "add4x5", "div5/2")

    def levels(self, params: ArithParams) -> tuple[Level, ...]:
        return levels_of(params)

    def level_note(self, params: ArithParams) -> str:
        notes = DIV_NOTES if params.op == DIV else LEVEL_NOTES
        return "; ".join(f"{lv.label}: {notes[lv]}" for lv in levels_of(params))

    def cli_options(self) -> tuple[CliOption, ...]:
        return (
            CliOption("--op", "arithmetic: add, mul (with --size AxB) or div (with --size N/K)",
                      metavar="OP",
                      commands=("generate",)),
        )

    def params_from_options(self, options: Mapping[str, OptionValue]) -> ArithParams | None:
        op, size = options.get("op"), options.get("size")
        if isinstance(op, str):
            default = "5/2" if op.lower() == "div" else "3x2"
            return parse_params(f"{op}{size if isinstance(size, str) else default}")
        if isinstance(size, str):
            return parse_params(size)  # the whole size: mul3x2, add3x4, div5/2
        return None

    def generate(self, params: ArithParams, rng: Rng, level: Level | None = None,
                 ) -> Puzzle[ArithState]:
        state, grade = generate_state(params, rng, level)
        return Puzzle(self.name, str(params), write_line(state), state, level=level,
                      grade=grade)

    def parse(self, params: ArithParams, desc: str) -> ArithState:
        state = read_line(desc)
        if state.params != params:
            raise ParseError(f"the sum {quote(desc)} is a {state.params}, not a {params}")
        return state

    def describe(self, state: ArithState) -> str:
        return write_line(state, values=False)

    def params_of(self, state: ArithState) -> ArithParams:
        return state.params

    def read(self, text: str, params: ArithParams | None = None) -> ArithState:
        state = read_line(text) if self.detect(text) == "line" else read_picture(text)
        if params is not None and state.params != params:
            raise ParseError(f"this sum is a {state.params}, not a {params}")
        return state

    def split_batch(self, text: str, params: ArithParams | None) -> list[tuple[int, str]] | None:
        """Two or more lines that each hold a whole sum (an ``=``): one-line puzzles."""
        rows = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1)
                if ln.strip() and not ln.lstrip().startswith("#")]
        if len(rows) < 2 or not all("=" in ln for _, ln in rows):
            return None
        return rows

    def detect(self, text: str) -> str:
        rows = [ln for ln in text.splitlines() if ln.strip()]
        return "line" if len(rows) == 1 and "=" in rows[0] else "picture"

    def write(self, state: ArithState, fmt: str | None = None) -> str:
        if fmt in (None, "line"):
            return write_line(state)
        if fmt == "picture":
            return _picture(state)
        raise ParseError(f"unknown arithmetic format {quote(str(fmt))} (line or picture)")

    def parse_one_move(self, text: str) -> ArithMove:
        return parse_one(text)

    def apply_one(self, state: ArithState, move: ArithMove) -> ArithState:
        return apply_one(state, move)

    def status(self, state: ArithState) -> Status:
        numbers = state.numbers()
        if numbers is None:
            ok = holds(state, [list(r) for r in state.values])
            return Status.PLAYING if ok else Status.BROKEN
        filled = state.with_givens(state.values)
        return Status.SOLVED if solver.count(filled, 1) == 1 else Status.BROKEN

    def reveal(self, state: ArithState, solution: ArithState, at: str | None = None) -> str:
        cells = state.hidden()
        if at is not None:
            chosen = [c for c in cells if cell_name(state, *c) == at.strip().lower()]
            if not chosen:
                raise MoveError(f"cannot reveal {quote(at)}: not a hidden digit")
            cells = chosen
        moves = [set_digit(state, r, i, d) for r, i in cells
                 if (d := solution.values[r][i]) is not None and state.values[r][i] != d]
        if not moves:
            raise MoveError("nothing to reveal: the digits are already right")
        return join(moves).text()

    def solve(self, state: ArithState) -> ArithState | None:
        return solver.first(state)

    def count_solutions(self, state: ArithState, limit: int = 2) -> int:
        return solver.count(state, limit)

    def grade(self, state: ArithState) -> Grade:
        return grade_state(state.givens_only())

    def explain(self, state: ArithState) -> list[Step]:
        return solve_human(state.givens_only())[0]

    def hint(self, state: ArithState, solution: ArithState | None) -> Step | None:
        if solution is None:
            solution = solver.first(state.givens_only())
            if solution is None:
                return None
        for r, i in state.hidden():
            v = state.values[r][i]
            if v is not None and v != solution.values[r][i]:
                name = cell_name(state, r, i)
                return Step("mistake", "Mistake", Level.EASY, 0.0,
                            clear_digit(state, r, i).text(),
                            f"The {v} in {name} is not the solution's digit.",
                            f"Check {name}.")
        if state.numbers() is not None:
            return None
        return first_step(state, solution)


ARITH = ArithKind()
