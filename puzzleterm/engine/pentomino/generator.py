"""Dealing pentomino puzzles: a random solution, then some of its pieces left in place.

A solution is drawn uniformly with the given :class:`~puzzleterm.engine.rng.Rng`: the
``i``-th of the board's listing (:func:`.solver.all_solutions`, every rotation and reflection
apart), which :func:`.index.raw_solution` finds without listing them all on the boards the
app offers.  Whether the pieces left in place force their solution is a search for a second
completion (:func:`.solver.count` up to 2).

* Levels easy to expert (Tatham's rule): start with all twelve pieces in place, try to take
  each away in a random order, and keep it away while the puzzle still has one completion and
  grades no harder than the target; accept the attempt when it grades exactly the target.
  Easier levels so keep more pieces in place.
* ``trial`` (the hardest): one of the solution's minimal forcing sets, the fewest pieces
  that pin it down (two for most 6x10 solutions, never more than three).  Finding them all
  tests every pair and triple of the solution's pieces, which the listing does with bitsets
  (:func:`.enumerate.minimal_forcing_sets`), so this level lists every solution, once per
  process.
"""

from __future__ import annotations

from ..errors import ParamsError
from ..logic import deal_at_level
from ..rng import Rng
from ..types import Grade, Level
from .board import Board, format_board
from .enumerate import minimal_forcing_sets
from .human import grade_state
from .index import raw_count, raw_solution
from .solver import count
from .state import PentominoState

GENERATOR_VERSION = "p1"
LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.TRIAL)
DEFAULT_LEVEL = Level.MEDIUM
TRIES = 12


def _unique(board: Board, pids: list[int]) -> bool:
    """Whether these placements (from one solution) leave one completion."""
    state = PentominoState(board, tuple(pids))
    return count(board, state.filled, state.used, limit=2) == 1


def _attempt(board: Board, target: Level, rng: Rng) -> tuple[PentominoState, Grade]:
    sol = raw_solution(board, rng.below(raw_count(board)))
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
        if not _unique(board, trial):
            continue
        if grade_state(PentominoState(board, tuple(sorted(trial)))).level > target:
            continue
        kept = trial
    state = PentominoState(board, tuple(sorted(kept)))
    return state, grade_state(state)


def generate_state(board: Board, rng: Rng, level: Level | None,
                   ) -> tuple[PentominoState, Grade]:
    """A unique puzzle for a board, graded as close to ``level`` as the tries allow."""
    if not raw_count(board):
        raise ParamsError(f"the board {format_board(board)} has no solution to deal from")
    target = DEFAULT_LEVEL if level is None else level
    if target not in LEVELS:
        target = min(LEVELS, key=lambda lv: abs(lv - target))
    return deal_at_level(lambda r: _attempt(board, target, r), rng, target, TRIES)
