"""Dealing: what a new game asks for, and the work of making it ready to play.

A :class:`DealRequest` names what to deal (a new game of a kind, size and level, or of a
technique to practise; the puzzle a game ID names; a daily).  :meth:`Dealer.deal` does the
work (generating, grading and solving can take seconds): the front end runs it off the UI
thread and hands the :class:`Dealt` puzzle to :meth:`~.midend.Play.dealt`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import Level, Puzzle, PuzzleError, find_kind
from ..engine.daily import DailyEntry, deal
from ..engine.gameid import generate_seeded, load_game_id
from ..engine.kind import Practicable, PracticeChoice


class DealError(PuzzleError):
    """A puzzle cannot be played: its givens have no solution, or more than one."""


@dataclass(frozen=True)
class NewGameChoice:
    """A new game: a kind, its size and a level (None: unrated), or instead of a level a
    technique to practise (its id: the puzzle's hardest step is that technique).  A practice
    game is a free game like any other: never a daily's result, nor on a leaderboard."""

    kind: str
    params: str
    level: Level | None
    technique: str | None = None

    def __post_init__(self) -> None:
        if self.technique is not None and self.level is not None:
            raise ValueError("a new game has a level or a technique to practise, not both")


#: The board practice puzzles are dealt on (the kind and size whose grader has techniques).
PRACTICE_KIND, PRACTICE_PARAMS = "sudoku", "9x9"


def practice_choices(kind_name: str, params: str) -> tuple[PracticeChoice, ...]:
    """The techniques a kind deals puzzles to practise on ``params``, each with why it is
    refused ("": it is dealt); none for a kind that does not deal practice puzzles."""
    kind = find_kind(kind_name)
    if not isinstance(kind, Practicable):
        return ()
    return kind.practice_choices(kind.parse_params(params))


#: The context of a practice replay begins so: ``practice:daily:<date>``.
PRACTICE_PREFIX = "practice:"


def is_practice(context: str | None) -> bool:
    """Whether a game of this context is practice: played, never saved nor recorded."""
    return context is not None and context.startswith(PRACTICE_PREFIX)


@dataclass(frozen=True)
class DealRequest:
    """What to deal: exactly one of a new game, a game ID or a daily (``practice``: a daily
    already solved, played again for practice and never recorded)."""

    choice: NewGameChoice | None = None
    game_id: str | None = None
    daily: DailyEntry | None = None
    practice: bool = False

    def __post_init__(self) -> None:
        if sum(x is not None for x in (self.choice, self.game_id, self.daily)) != 1:
            raise ValueError("a deal request names one of a choice, a game ID or a daily")
        if self.practice and self.daily is None:
            raise ValueError("only a daily is replayed for practice")

    @property
    def context(self) -> str | None:
        """The context of the game it deals (a daily's, a practice replay's, else None)."""
        if self.daily is None:
            return None
        return PRACTICE_PREFIX + self.daily.context if self.practice else self.daily.context

    @property
    def asked_level(self) -> Level | None:
        """The level a new game asked for (None: any, or not a new game)."""
        return self.choice.level if self.choice is not None else None


@dataclass(frozen=True)
class Dealt:
    """A dealt puzzle, ready to play: checked unique, graded when it can be, and solved."""

    request: DealRequest
    puzzle: Puzzle[Any]
    solution: Any

    def shortfall(self) -> str | None:
        """What to tell when the level asked for could not be dealt (None: it was)."""
        asked = self.request.asked_level
        grade = self.puzzle.grade
        got = grade.level if grade is not None else self.puzzle.level
        if asked is None or got is asked:
            return None
        return (f"No {asked.label} {self.puzzle.params} puzzle could be dealt; this one is "
                f"{got.label if got is not None else 'unrated'}.")


def deal_daily(entry: DailyEntry) -> Puzzle[Any]:
    """A daily's puzzle, dealt from its seed (a dealer may take it from a cache instead)."""
    return deal(entry, find_kind(entry.kind))


def new_seed() -> str:
    return secrets.token_hex(4)


@dataclass(frozen=True)
class Dealer:
    """Where new puzzles come from: seeds for new games, and the puzzle of a daily."""

    seeds: Callable[[], str] = new_seed
    daily: Callable[[DailyEntry], Puzzle[Any]] = field(default=deal_daily)

    def deal(self, request: DealRequest) -> Dealt:
        """Make the puzzle a request names, graded, and its solution (slow: run it in a
        worker).  Raises :class:`PuzzleError` (a bad ID, a bad size) or :class:`DealError`
        (givens with no solution or several: every puzzle played has exactly one)."""
        if request.daily is not None:
            puzzle = self.daily(request.daily)
        elif request.game_id is not None:
            puzzle = load_game_id(request.game_id)
        else:
            choice = request.choice
            assert choice is not None
            kind = find_kind(choice.kind)
            params = kind.parse_params(choice.params)
            puzzle = generate_seeded(kind, params, self.seeds(), choice.level,
                                     technique=choice.technique)
        puzzle, solution = prepare(puzzle)
        return Dealt(request, puzzle, solution)


def prepare(puzzle: Puzzle[Any]) -> tuple[Puzzle[Any], Any]:
    """A puzzle ready to play: checked unique when it came from outside, graded when it
    came ungraded, and its solution."""
    kind = find_kind(puzzle.kind)
    if puzzle.seed is None:  # givens from outside; a generated puzzle is unique by making
        count = kind.count_solutions(puzzle.state, 2)
        if count == 0:
            raise DealError("this puzzle has no solution")
        if count > 1:
            raise DealError("this puzzle has more than one solution")
        if puzzle.grade is None:
            with suppress(PuzzleError):  # stays unrated
                puzzle = replace(puzzle, grade=kind.grade(puzzle.state))
    return puzzle, kind.solve(puzzle.state)
