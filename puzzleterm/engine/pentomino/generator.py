"""Dealing pentomino puzzles: a random solution, then some of its pieces left in place.

Every solution of the board is listed once per process (:func:`.solver.all_solutions`), so
a solution is drawn uniformly with the given :class:`~puzzleterm.engine.rng.Rng`, and whether
a set of pieces forces its solution is an AND of bitsets (:func:`.enumerate.forces`).

* Levels easy to expert (Tatham's rule): start with all twelve pieces in place, try to take
  each away in a random order, and keep it away while the puzzle still has one completion and
  grades no harder than the target; accept the attempt when it grades exactly the target.
  Easier levels so keep more pieces in place.
* ``trial`` (the hardest): one of the solution's minimal forcing sets, the fewest pieces
  that pin it down (two for most 6x10 solutions, never more than three).
"""

from __future__ import annotations

from ..errors import ParamsError
from ..logic import deal_at_level
from ..rng import Rng
from ..types import Grade, Level
from .board import Board, format_board
from .enumerate import forces, minimal_forcing_sets
from .human import grade_state
from .solver import all_solutions
from .state import PentominoState

GENERATOR_VERSION = "p1"
LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.TRIAL)
DEFAULT_LEVEL = Level.MEDIUM
TRIES = 12


def _attempt(board: Board, target: Level, rng: Rng) -> tuple[PentominoState, Grade]:
    _, raw = all_solutions(board)
    sol = raw[rng.below(len(raw))]
    if target >= Level.TRIAL:
        _, sets = minimal_forcing_sets(board, sol)
        chosen = rng.choice(sets)
        state = PentominoState(board, tuple(sorted(chosen)))
        return state, grade_state(state)
    order = list(sol)
    rng.shuffle(order)
    kept = list(sol)
    for pid in order:
        trial = [q for q in kept if q != pid]
        if forces(board, trial) is None:
            continue
        if grade_state(PentominoState(board, tuple(sorted(trial)))).level > target:
            continue
        kept = trial
    state = PentominoState(board, tuple(sorted(kept)))
    return state, grade_state(state)


def generate_state(board: Board, rng: Rng, level: Level | None,
                   ) -> tuple[PentominoState, Grade]:
    """A unique puzzle for a board, graded as close to ``level`` as the tries allow."""
    _, raw = all_solutions(board)
    if not raw:
        raise ParamsError(f"the board {format_board(board)} has no solution to deal from")
    target = DEFAULT_LEVEL if level is None else level
    if target not in LEVELS:
        target = min(LEVELS, key=lambda lv: abs(lv - target))
    return deal_at_level(lambda r: _attempt(board, target, r), rng, target, TRIES)
