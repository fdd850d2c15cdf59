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

**Levels.** A puzzle is dealt at the level asked for (medium when none), never another:
attempts are drawn from forks of the seed's Rng named ``level0``, ``level1`` ... and the
first that grades the level is dealt, so a seed whose early attempt did deals what it
always did (the daily is a medium one).  An *expert* puzzle needs trials that are more
than a glance: at least two, or one that puts two pieces down before it breaks
(:func:`.human.trial_measure`, shown in the grade: the trials' count and a rating that
grows with their depth); a hard one needs none.  A level not in :data:`LEVELS` (extreme)
is refused, and so is a level none of :data:`MAX_TRIES` attempts reaches.
"""

from __future__ import annotations

from ..budget import spend
from ..errors import ParamsError
from ..rng import Rng
from ..types import Grade, Level
from .board import Board, format_board
from .enumerate import minimal_forcing_sets
from .human import grade_state, trial_measure
from .index import raw_count, raw_solution
from .solver import count
from .state import PentominoState

GENERATOR_VERSION = "p1"
LEVELS = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.TRIAL)
DEFAULT_LEVEL = Level.MEDIUM
#: an expert puzzle's trials: at least this many, or one that puts this many pieces down
#: before the placement tried breaks
EXPERT_TRIALS = 2
EXPERT_DEPTH = 2
#: attempts before a level is refused for a seed (the rarest, expert, meets the rules in
#: about one attempt in three on 6x10)
MAX_TRIES = 60


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


def meets(grade: Grade, target: Level) -> bool:
    """Whether a graded puzzle may be dealt at ``target``: its level, and for expert, trials
    that are more than a glance (:func:`.human.trial_measure`)."""
    if grade.level != target:
        return False
    if target == Level.EXPERT:
        trials, depth = trial_measure(grade)
        return trials >= EXPERT_TRIALS or depth >= EXPERT_DEPTH
    return True


def generate_state(board: Board, rng: Rng, level: Level | None,
                   ) -> tuple[PentominoState, Grade]:
    """A unique puzzle for a board at ``level`` (medium when None); a level the dealer does
    not deal, or one no attempt of the seed reaches, is refused with ParamsError."""
    if not raw_count(board):
        raise ParamsError(f"the board {format_board(board)} has no solution to deal from")
    target = DEFAULT_LEVEL if level is None else level
    if target not in LEVELS:
        raise ParamsError(f"pentomino puzzles are dealt at "
                          f"{', '.join(lv.label for lv in LEVELS)}, not {target.label}")
    for i in range(MAX_TRIES):
        spend()  # the deal's budget, if it has one, is checked between tries
        state, grade = _attempt(board, target, rng.fork(f"level{i}"))
        if meets(grade, target):
            return state, grade
    raise ParamsError(f"no {format_board(board)} puzzle at {target.label} came of this seed "
                      f"in {MAX_TRIES} attempts: try another seed")
