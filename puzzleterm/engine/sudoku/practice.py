"""Technique practice: a 9x9 Sudoku whose hardest step is a technique the player chose.

A practice puzzle for technique T is one the human-style solver solves with T as its
*strictly* hardest step: T is on the solve path, and every step of another technique there
ranks lower (by level, then rating).  The grade's ``hardest`` is then T, and the hint
reaches a T step on the way.

**The pool.**  Most techniques are the hardest step of only a few puzzles in a hundred
(some of one in thousands), so a deal does not search: it takes a puzzle from a pool found
offline by ``scripts/make_practice_pool.py`` (:mod:`.practice_pool`), whose entries are
checked on load (81 digits, no digit twice in a house, exactly one solution); an entry that
fails is left out.  A seed picks among a pool's entries, so the script leaves a pool that has
entries as it is (it fills empty ones).  Only the human solver's public functions are used,
and the techniques come from its table at run time, so a technique added to the table is
listed (refused until the pool has puzzles for it).

**A deal.**  The seed's rng picks an entry and a transformation that keeps a Sudoku valid
and its solution unique (bands, rows within a band, stacks, columns within a stack,
transposition, relabelled digits), and the solver grades the result: its path depends on
the order in which it scans cells and digits, so a transformed puzzle may take another path.
The first try that keeps T strictly hardest is dealt; after :data:`TRIES` tries, the entries
as found are tried in a seeded order.  Every try counts against the deal's budget.

**Refused**, with a one-line reason (:func:`choices`): techniques of level "needs trial"
(guessing, not a technique), techniques the pool search found no puzzle for (too rare to deal
in a few seconds: the reason gives the search's size), techniques added to the table since
the pool was made, and every technique on another board than 9x9 Sudoku.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from functools import cache
from typing import Protocol

from ..budget import spend
from ..errors import TechniqueError, quote
from ..kind import PracticeChoice
from ..rng import Rng
from ..types import Grade, Level, technique_word
from . import practice_pool
from . import solver as bt
from .formats import find_conflicts
from .geometry import geometry
from .human import TECHNIQUES, grade_state, solve_steps
from .state import SudokuState

#: Transformed tries before the pool's entries are tried as they are.
TRIES = 8

GEO = geometry("sudoku", 9)


class StepLike(Protocol):
    """What :func:`strictly_hardest` reads of a solver step."""

    @property
    def technique(self) -> str: ...
    @property
    def level(self) -> Level: ...
    @property
    def rating(self) -> float: ...


def strictly_hardest(steps: Sequence[StepLike]) -> str | None:
    """The technique whose hardest step ranks above every step of every other technique
    (by level, then rating), or None when two techniques tie at the top (or no steps)."""
    best: dict[str, tuple[Level, float]] = {}
    for s in steps:
        key = (s.level, s.rating)
        if s.technique not in best or key > best[s.technique]:
            best[s.technique] = key
    if not best:
        return None
    top = max(best.values())
    at_top = [t for t, key in best.items() if key == top]
    return at_top[0] if len(at_top) == 1 else None


def read_entry(text: str) -> tuple[int, ...]:
    """An entry's givens; :class:`ValueError` saying what is wrong with it."""
    if len(text) != GEO.ncells or not text.isdigit():
        raise ValueError(f"{quote(text)} is not 81 digits")
    givens = tuple(int(ch) for ch in text)
    if find_conflicts(GEO, givens):
        raise ValueError(f"{quote(text)} repeats a digit in a house")
    if bt.count_values(GEO, givens, 2) != 1:
        raise ValueError(f"{quote(text)} does not have exactly one solution")
    return givens


@cache
def entries(technique: str) -> tuple[tuple[tuple[int, ...], ...], str]:
    """The checked entries of a technique's pool, and what was wrong with the first entry
    left out ("" when none was)."""
    good: list[tuple[int, ...]] = []
    problem = ""
    for text in practice_pool.PUZZLES.get(technique, ()):
        try:
            good.append(read_entry(text))
        except ValueError as exc:
            problem = problem or str(exc)
    return tuple(good), problem


def refusal(technique: str, name: str, level: Level) -> str:
    """Why a technique cannot be practised on 9x9 Sudoku ("" when it can)."""
    if level is Level.TRIAL:
        return f"{name} is guessing, not a technique: no puzzle is dealt to practise it"
    if technique not in practice_pool.PUZZLES:
        return f"no practice puzzles have been made for {name} yet"
    if not practice_pool.PUZZLES[technique]:
        return (f"{name} is too rare to deal in a few seconds: no puzzle needing it as the "
                f"hardest step turned up among {practice_pool.SEARCHED:,} searched")
    good, problem = entries(technique)
    if not good:
        return f"the practice puzzles for {name} failed their check: {problem}"
    return ""


def choices(board_refusal: str = "") -> tuple[PracticeChoice, ...]:
    """Every technique of the solver's table, easiest first, each with why it cannot be
    practised (``board_refusal`` for all, when the board is not 9x9 Sudoku)."""
    return tuple(
        PracticeChoice(t.id, t.name, t.level,
                       board_refusal or refusal(t.id, t.name, t.level))
        for t in TECHNIQUES
    )


def _slug(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")


def find(word: str, board_refusal: str = "") -> PracticeChoice:
    """The technique ``word`` names: its id (``x_wing`` or ``x-wing``) or its name
    (``X-Wing``, ``2-String Kite``), in any case; :class:`TechniqueError` when none does
    (suggesting the nearest) or it is refused."""
    every = choices(board_refusal)
    names: dict[str, PracticeChoice] = {}
    for choice in every:
        names[technique_word(choice.id)] = choice
        names.setdefault(_slug(choice.name), choice)
    found = names.get(_slug(word))
    if found is None:
        near = difflib.get_close_matches(_slug(word), list(names), n=1)
        hint = f" (did you mean {near[0]}?)" if near else ""
        raise TechniqueError(f"unknown technique {quote(word)}{hint}")
    if found.refused:
        raise TechniqueError(found.refused)
    return found


def transform(givens: Sequence[int], rng: Rng) -> tuple[int, ...]:
    """A random equivalent of a 9x9 puzzle: bands and the rows within each, stacks and the
    columns within each, maybe transposed, digits relabelled."""
    def axis(r: Rng) -> list[int]:
        return [3 * band + i for band in r.shuffled(range(3)) for i in r.shuffled(range(3))]

    rows, cols = axis(rng.fork("rows")), axis(rng.fork("cols"))
    flip = rng.below(2) == 1
    relabel = [0, *rng.shuffled(range(1, 10))]
    out = [0] * 81
    for r in range(9):
        for c in range(9):
            v = givens[rows[r] * 9 + cols[c]]
            out[c * 9 + r if flip else r * 9 + c] = relabel[v]
    return tuple(out)


def practises(givens: tuple[int, ...], technique: str) -> bool:
    """Whether the solver solves ``givens`` with ``technique`` strictly hardest."""
    return strictly_hardest(solve_steps(SudokuState.from_givens(GEO, givens))) == technique


def deal(technique: str, rng: Rng) -> tuple[tuple[int, ...], Grade]:
    """The givens of a 9x9 puzzle whose hardest step is ``technique`` (an id), and its
    grade; the same for the same ``rng``.  :class:`TechniqueError` when it is refused or
    none of its pool's puzzles serves."""
    choice = find(technique_word(technique))
    pool, _ = entries(choice.id)
    for i in range(TRIES):
        spend()  # the deal's budget, if it has one, is checked between tries
        r = rng.fork(f"try{i}")
        givens = transform(r.choice(pool), r)
        if practises(givens, choice.id):
            return givens, grade_state(SudokuState.from_givens(GEO, givens))
    for givens in rng.fork("as-found").shuffled(pool):
        spend()
        if practises(givens, choice.id):
            return givens, grade_state(SudokuState.from_givens(GEO, givens))
    raise TechniqueError(f"none of the practice puzzles for {choice.name} needs it as the "
                         "hardest step any more: the pool needs rebuilding")
