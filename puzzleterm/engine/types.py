"""Value types shared by every puzzle kind: levels, steps, grades, status, puzzles."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Generic, TypeVar

S = TypeVar("S")


#: how explanations write digit ``d``: ``symbols[d - 1]`` ("": the kind's own digits)
TEXT_SYMBOLS: ContextVar[str] = ContextVar("text_symbols", default="")


@contextmanager
def text_symbols(symbols: str) -> Iterator[None]:
    """Within the block (in this thread or task only), explanations and hints write digit
    ``d`` as ``symbols[d - 1]`` on boards of ``len(symbols)`` digits: the shapes a player
    has chosen to see.  Moves, game IDs and grid formats keep their digits."""
    token = TEXT_SYMBOLS.set(symbols)
    try:
        yield
    finally:
        TEXT_SYMBOLS.reset(token)


class Level(IntEnum):
    """Difficulty levels, ordered: a puzzle's level is that of the hardest technique it needs."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    EXTREME = 5
    TRIAL = 6

    @property
    def label(self) -> str:
        return "needs trial" if self is Level.TRIAL else self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Level:
        """Read a level name (``easy`` ... ``extreme``, ``trial``); raises ``ValueError``."""
        key = text.strip().lower().replace(" ", "-")
        aliases = {"needs-trial": "trial", "diabolical": "extreme", "fiendish": "expert"}
        key = aliases.get(key, key)
        for level in cls:
            if level.name.lower() == key:
                return level
        names = ", ".join(lv.name.lower() for lv in cls)
        shown = text if len(text) <= 24 else text[:24] + "…"
        raise ValueError(f"unknown level {shown!r} (expected one of: {names})")


class Status(Enum):
    PLAYING = "playing"
    SOLVED = "solved"
    BROKEN = "broken"  # a rule is visibly broken (e.g. a digit repeated in a house)


@dataclass(frozen=True)
class Step:
    """One deduction of a human-style solver, explained, as every kind returns it.

    ``move`` is the kind's own move text that applies the step (``""`` for a step that only
    explains, e.g. a mistake note with nothing to undo).  ``evidence`` is the kind's own
    business: what its screen highlights (cells, houses, candidates for Sudoku; piece
    placements and regions for pentomino; columns for arithmetic).  The session and the CLI
    never look inside it.
    """

    technique: str
    name: str
    level: Level
    rating: float
    move: str = ""
    explanation: str = ""
    nudge: str = ""
    evidence: object = field(default=None, compare=False)


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for a person.

    ``level`` and ``rating`` are those of the hardest step on the solve path; ``counts``
    says how many times each technique was used; ``solved`` is False when logic stalled.
    """

    level: Level
    rating: float
    hardest: str
    counts: tuple[tuple[str, int], ...] = ()
    steps: int = 0
    solved: bool = True
    #: display names of the technique ids in ``counts``
    names: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def name_of(self, technique: str) -> str:
        return dict(self.names).get(technique, technique)


@dataclass(frozen=True)
class Puzzle(Generic[S]):
    """A dealt puzzle: its starting state and how to name it again."""

    kind: str
    params: str
    desc: str
    state: S
    seed: str | None = None
    level: Level | None = None
    grade: Grade | None = field(default=None, compare=False)
    #: the technique practised: the id of the puzzle's hardest step, when it was dealt for it
    technique: str | None = None

    @property
    def game_id(self) -> str:
        """The shareable ID naming this exact puzzle (its givens)."""
        return f"{self.kind}:{self.params}:{self.desc}"

    @property
    def seed_id(self) -> str | None:
        """The ID that regenerates this puzzle from its seed, when it has one: the level
        part is the practised technique's word (:func:`technique_word`) when there is one."""
        if self.seed is None:
            return None
        if self.technique is not None:
            word = technique_word(self.technique)
        else:
            word = self.level.name.lower() if self.level is not None else "any"
        return f"{self.kind}:{self.params}:{word}#{self.seed}"


def technique_word(technique: str) -> str:
    """How a game ID writes a technique id: ``x_wing`` as ``x-wing`` (the ID reads either)."""
    return technique.replace("_", "-")
