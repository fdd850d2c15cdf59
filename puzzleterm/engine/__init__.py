"""The puzzle engine: rules, solvers, generators and graders, in pure Python.

Nothing here imports the UI (textual, rich), storage (sqlite3) or the session.
"""

from .errors import (
    GameIdError,
    MoveError,
    ParamsError,
    ParseError,
    PuzzleError,
    TechniqueError,
    UnknownKindError,
)
from .kind import Kind, all_kinds, find_kind, register
from .kindbase import KindBase
from .moves import Compound, Move
from .rng import Rng
from .types import Grade, Level, Puzzle, Status, Step, technique_word

__all__ = [
    "Compound",
    "GameIdError",
    "Grade",
    "Kind",
    "KindBase",
    "Level",
    "Move",
    "MoveError",
    "ParamsError",
    "ParseError",
    "Puzzle",
    "PuzzleError",
    "Rng",
    "Status",
    "Step",
    "TechniqueError",
    "UnknownKindError",
    "all_kinds",
    "find_kind",
    "register",
    "technique_word",
]
