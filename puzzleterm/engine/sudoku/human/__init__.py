"""The human-style solver and difficulty grader of the Sudoku family.

An ordered registry of small technique finders (singles, locked candidates, subsets, fish,
wings, uniqueness, chains, then trial) works on a candidate grid; the loop applies the first
step found and restarts from the easiest.  The same steps grade puzzles, give hints and
explain solutions.  Pure Python over :class:`~puzzleterm.engine.geometry.Geometry`, so it
serves every size, X-Sudoku and Latin squares alike.
"""

from ..geometry import max_level
from .catalog import TECHNIQUES, Technique
from .levels import generate_at_level
from .solve import find_mistakes, grade_state, next_step, solve_steps

__all__ = [
    "TECHNIQUES",
    "Technique",
    "find_mistakes",
    "generate_at_level",
    "grade_state",
    "max_level",
    "next_step",
    "solve_steps",
]
