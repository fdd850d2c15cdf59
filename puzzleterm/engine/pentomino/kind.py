"""The pentomino kind: the protocol of :mod:`puzzleterm.engine.kind` over this package.

Positions are :class:`~.state.PentominoState` values; moves are those of :mod:`.moves`
(``L@r2c3/3``, ``remove L``, ``clear``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from ..errors import MoveError, ParamsError, ParseError, quote
from ..kind import CliOption, OptionValue, Progress
from ..kindbase import KindBase
from ..moves import join
from ..rng import Rng
from ..types import Grade, Level, Puzzle, Status, Step
from . import enumerate as en
from . import solver
from .board import Board, format_board, geometry, parse_board, turns
from .generator import GENERATOR_VERSION, LEVELS, generate_state
from .human import Evidence, first_placing_step, grade_state, solve_human
from .moves import (
    MOVE_TYPES,
    PentominoMove,
    RemovePiece,
    apply_one,
    parse_one,
    place_piece,
)
from .pieces import LETTERS
from .state import PentominoState, placement_name
from .text import describe_text, read_state, write_line, write_picture

_CELL = re.compile(r"^r(\d{1,2})c(\d{1,2})$", re.IGNORECASE)

#: The boards puzzles are dealt on (each also turned or flipped).  A deal draws from every
#: solution of its board (listed once, or reached through the index on the boards offered
#: as they are): a few seconds at most on these, where other boards of 60 cells can take
#: minutes and gigabytes (10x10-r1c1+8x5, 8x8 without its corners), so they are refused
#: before any search.  Any board can be read, solved and enumerated.
DEALT = ("6x10", "5x12", "4x15", "3x20", "8x8-c2x2")
_DEALT_BOARDS = frozenset(b for text in DEALT for b in turns(parse_board(text)))

LEVEL_NOTES = {
    Level.EASY: "many pieces in place; every step is a forced cover",
    Level.MEDIUM: "fewer pieces; rule out pockets of the wrong size",
    Level.HARD: "rule out pockets no piece left can fill",
    Level.EXPERT: "short trials (a placement that breaks soon): two, or one followed deep",
    Level.TRIAL: "the fewest pieces that force the solution (two or three on 6x10)",
}


class PentominoKind(KindBase[Board, PentominoState, PentominoMove]):
    name = "pentomino"
    title = "Pentomino"
    aliases: tuple[str, ...] = ("pento", "pentominoes", "pentominos")
    params_label = "Board"
    formats: tuple[str, ...] = ("line", "picture")
    generator_version = GENERATOR_VERSION
    move_types = MOVE_TYPES

    # -- params
    def default_params(self) -> Board:
        return parse_board("6x10")

    def parse_params(self, text: str) -> Board:
        return parse_board(text)

    def format_params(self, params: Board) -> str:
        return format_board(params)

    def param_choices(self) -> tuple[str, ...]:
        return DEALT

    def levels(self, params: Board) -> tuple[Level, ...]:
        return LEVELS

    def level_note(self, params: Board) -> str:
        return "; ".join(f"{lv.label}: {LEVEL_NOTES[lv]}" for lv in LEVELS)

    def cli_options(self) -> tuple[CliOption, ...]:
        return (
            CliOption("--board", "board as ROWSxCOLS (6x10 is 6 rows of 10 cells), holes "
                      "after '-', e.g. 8x8-c2x2; puzzles are dealt on "
                      f"{', '.join(DEALT)} (or those turned), any board is solved",
                      metavar="RxC",
                      commands=("solve", "grade", "hint", "generate", "enumerate")),
            CliOption("--raw", "with --out, list every rotation and reflection apart "
                      "(the count always gives both)",
                      commands=("enumerate",)),
            CliOption("--forcing", "table how many pieces force each solution",
                      commands=("enumerate",)),
            CliOption("--show", "with --forcing, draw the solutions one piece forces",
                      commands=("enumerate",)),
            CliOption("--out", "write every solution (line form, one a line) to FILE",
                      metavar="FILE", commands=("enumerate",)),
        )

    def params_from_options(self, options: Mapping[str, OptionValue]) -> Board | None:
        for flag, needs in (("raw", "out"), ("show", "forcing")):  # refused, not dropped
            if options.get(flag) and not options.get(needs):
                raise ParseError(f"--{flag} goes with --{needs}")
        board, size = options.get("board"), options.get("size")  # --size is read as --board
        if isinstance(board, str) and isinstance(size, str) and \
                parse_board(board) != parse_board(size):
            raise ParseError(f"--size {size} and --board {board} name different boards")
        text = board if isinstance(board, str) else size
        return parse_board(text) if isinstance(text, str) else None

    # -- puzzles and text
    def generate(self, params: Board, rng: Rng, level: Level | None = None,
                 ) -> Puzzle[PentominoState]:
        if params not in _DEALT_BOARDS:
            raise ParamsError(f"pentomino puzzles are dealt on {', '.join(DEALT)} (or those "
                              f"turned), not on {quote(format_board(params), 30)}: listing "
                              "every solution of another board can take minutes (solve and "
                              "enumerate take any board)")
        state, grade = generate_state(params, rng, level)
        return Puzzle(self.name, format_board(params), describe_text(state), state,
                      level=level, grade=grade)

    def parse(self, params: Board, desc: str) -> PentominoState:
        return read_state(desc, params)

    def describe(self, state: PentominoState) -> str:
        return describe_text(state)

    def params_of(self, state: PentominoState) -> Board:
        return state.board

    def read(self, text: str, params: Board | None = None) -> PentominoState:
        return read_state(text, params)

    def detect(self, text: str) -> str:
        """``line`` for the one-line desc form, ``picture`` for a box drawn row by row."""
        rows = [ln for ln in text.splitlines() if ln.strip()]
        return "line" if len(rows) == 1 and "/" in rows[0] else "picture"

    def write(self, state: PentominoState, fmt: str | None = None) -> str:
        if fmt in (None, "line"):
            return write_line(state)
        if fmt == "picture":
            return write_picture(state)
        raise ParseError(f"unknown pentomino format {quote(str(fmt))} (line or picture)")

    # -- play
    def parse_one_move(self, text: str) -> PentominoMove:
        return parse_one(text)

    def apply_one(self, state: PentominoState, move: PentominoMove) -> PentominoState:
        return apply_one(state, move)

    def status(self, state: PentominoState) -> Status:
        geo = state.geo
        if state.filled == geo.full:
            return Status.SOLVED
        for region in geo.regions(geo.full & ~state.filled):
            n = region.bit_count()
            if n % 5:
                return Status.BROKEN
            if n == 5:
                pid = geo.by_cells.get(region)
                if pid is None or state.used >> geo.placements[pid].piece & 1:
                    return Status.BROKEN
        return Status.PLAYING

    def reveal(self, state: PentominoState, solution: PentominoState,
               at: str | None = None) -> str:
        geo, board = state.geo, state.board
        right = set(solution.all_placements)
        wrong = [i for i in state.placed if i not in right]
        if at is None:
            moves: list[PentominoMove] = [RemovePiece(geo.placements[i].letter) for i in wrong]
            have = set(state.all_placements) - set(wrong)
            moves += [place_piece(geo.placements[i], board) for i in sorted(right - have)]
            if not moves:
                raise MoveError("nothing to reveal: the box is solved")
            return join(moves).text()
        letter = self._letter_at(solution, at)
        target = solution.piece_at(letter)
        assert target is not None
        current = state.piece_at(letter)
        if current == target:
            raise MoveError(f"the {letter} is already in place")
        moves = [] if current is None else [RemovePiece(letter)]
        for i in wrong:  # pieces in the way
            if i != current and geo.placements[i].mask & geo.placements[target].mask:
                moves.append(RemovePiece(geo.placements[i].letter))
        moves.append(place_piece(geo.placements[target], board))
        return join(moves).text()

    def _letter_at(self, solution: PentominoState, at: str) -> str:
        text = at.strip()
        if len(text) == 1 and text.upper() in LETTERS:
            return text.upper()
        m = _CELL.match(text)
        if m is not None:
            r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
            board = solution.board
            if board.on_board(r, c):
                x = board.cell(r, c)
                for i in solution.all_placements:
                    pl = solution.geo.placements[i]
                    if x in pl.cells:
                        return pl.letter
        raise MoveError(f"cannot reveal {quote(at)}: name a piece letter or an open cell like r2c3")

    # -- solving and grading
    def _completion(self, state: PentominoState) -> tuple[int, ...] | None:
        return solver.first_solution(state.board, state.filled, state.used)

    def solve(self, state: PentominoState) -> PentominoState | None:
        rest = self._completion(state)
        if rest is None:
            return None
        return PentominoState(state.board, state.given, tuple(sorted((*state.placed, *rest))))

    def count_solutions(self, state: PentominoState, limit: int = 2) -> int:
        return solver.count(state.board, state.filled, state.used, limit=limit)

    def solve_counted(self, state: PentominoState,
                      limit: int = 2) -> tuple[PentominoState | None, int]:
        # the first of the completions is the one ``solve`` gives (the same search order)
        found = solver.completions(state.board, state.filled, state.used, limit=limit)
        if not found:
            return None, 0
        placed = tuple(sorted((*state.placed, *found[0])))
        return PentominoState(state.board, state.given, placed), len(found)

    def grade(self, state: PentominoState) -> Grade:
        return grade_state(state.givens_only())

    def explain(self, state: PentominoState) -> list[Step]:
        return solve_human(state.givens_only()).steps

    def hint(self, state: PentominoState, solution: PentominoState | None) -> Step | None:
        if state.filled == state.geo.full and solution is None:
            return None
        if solution is None:
            solution = self.solve(state.givens_only())
            if solution is None:
                return None
        geo, board = state.geo, state.board
        right = set(solution.all_placements)
        for i in state.placed:
            if i not in right:
                pl = geo.placements[i]
                return Step("mistake", "Mistake", Level.EASY, 0.0, RemovePiece(pl.letter).text(),
                            f"The {placement_name(pl, board)} is not where the solution has it.",
                            f"Check the {pl.letter}.", Evidence(cells=pl.cells))
        if state.filled == geo.full:
            return None
        step = first_placing_step(state)
        if step is not None:
            return step
        missing = sorted(right - set(state.all_placements))
        pl = geo.placements[missing[0]]
        return Step("reveal", "Reveal", Level.TRIAL, 6.0, place_piece(pl, board).text(),
                    f"No rule finds the next piece; the solution has the "
                    f"{placement_name(pl, board)}.", f"Think about the {pl.letter}.",
                    Evidence(place=pl.id, cells=pl.cells))

    # -- Enumerable
    def enumerate(self, params: Board | None, options: Mapping[str, OptionValue],
                  progress: Progress | None = None) -> Iterator[str]:
        board = params if params is not None else self.default_params()
        name = format_board(board)
        distinct, raw = solver.all_solutions(board)
        if progress is not None:
            progress(1, 1)
        yield f"{name}: {len(distinct)} distinct solutions ({len(raw)} counting every " \
              f"rotation and reflection)"
        if options.get("forcing"):
            f = en.forcing(board, progress)
            yield "fewest pieces left in place that force the solution:"
            for k, n in f.table:
                yield f"  {k} piece{'s' if k > 1 else ''}: {n}"
            yield f"  total: {sum(n for _, n in f.table)}"
            if options.get("show"):
                for sol, pid in f.one_piece:
                    pl = geometry(board).placements[pid]
                    yield ""
                    yield f"forced by the {placement_name(pl, board)}:"
                    given = PentominoState(board, (pid,),
                                           tuple(i for i in sol if i != pid))
                    yield write_picture(given)

    def listing(self, params: Board | None, options: Mapping[str, OptionValue]
                ) -> Iterator[str]:
        """Every solution in line form (each rotation and reflection apart with ``raw``)."""
        board = params if params is not None else self.default_params()
        distinct, raw = solver.all_solutions(board)
        for sol in raw if options.get("raw") else distinct:
            yield write_line(PentominoState(board, tuple(sol)))


PENTOMINO = PentominoKind()
