"""Game IDs: shareable text naming one puzzle.

* ``sudoku:9x9:53..7....6..195...`` names a puzzle by its givens;
* ``sudoku:9x9:hard#42`` names the puzzle the generator deals for level ``hard`` and seed
  ``42`` (``any#42`` or ``#42`` for no level), the same on every machine;
* ``sudoku:9x9:x-wing#42`` names the puzzle dealt to practise a technique (its id, dashes
  or underscores): one whose hardest step is an X-Wing, for a kind that deals such puzzles
  (:class:`~.kind.Practicable`).  The word sits where a level does: levels are read first,
  and no technique id is a level's name.

Parsing is all-or-nothing: :class:`~puzzleterm.engine.errors.GameIdError` says what is wrong.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from .budget import Budget, spending
from .errors import BudgetError, GameIdError, ParamsError, PuzzleError, quote
from .kind import Kind, Practicable, find_kind
from .rng import Rng
from .types import Level, Puzzle, technique_word

#: A seed form's level part (a level, or a technique to practise): letters, digits, dashes and
#: underscores, before the first ``#``.
_SEED_FORM = re.compile(r"^([A-Za-z0-9_-]*)#(.*)$", re.DOTALL)


@dataclass(frozen=True)
class GameId:
    kind: str
    params: str
    desc: str | None = None
    level: Level | None = None
    seed: str | None = None
    #: the technique id a practice deal names (``x_wing`` for ``x-wing#42``)
    technique: str | None = None


def parse_game_id(text: str) -> GameId:
    """Split and check a game ID (kind and params are validated; the desc is not parsed)."""
    parts = text.strip().split(":", 2)
    if len(parts) != 3 or not all(parts):
        raise GameIdError(
            f"bad game ID {quote(text.strip())}: expected KIND:SIZE:PUZZLE or KIND:SIZE:LEVEL#SEED"
        )
    name, ptext, rest = parts
    try:
        kind = find_kind(name)
        params = kind.parse_params(ptext)
    except PuzzleError as exc:
        raise GameIdError(f"bad game ID: {exc}") from exc
    canonical = kind.format_params(params)
    m = _SEED_FORM.match(rest)
    if m is not None:
        ltext, seed = m.group(1), m.group(2)
        check_seed(seed)
        level: Level | None = None
        technique: str | None = None
        if ltext and ltext.lower() != "any":
            try:
                level = Level.parse(ltext)
            except ValueError as exc:
                technique = _practice_word(kind, params, ltext, str(exc))
        return GameId(kind.name, canonical, None, level, seed, technique)
    if "#" in rest:
        raise GameIdError(f"bad game ID: {quote(rest)} is neither givens nor LEVEL#SEED")
    return GameId(kind.name, canonical, rest)


def _practice_word(kind: Kind[Any, Any], params: Any, word: str, not_level: str) -> str:
    """The technique id that a seed form's word (not a level) names; :class:`GameIdError`
    when it names none, or one the kind cannot deal on ``params``."""
    if not isinstance(kind, Practicable):
        raise GameIdError(f"bad game ID: {not_level}")
    key = word.lower().replace("-", "_")
    for choice in kind.practice_choices(params):
        if choice.id == key:
            if choice.refused:
                raise GameIdError(f"bad game ID: {choice.refused}")
            return choice.id
    raise GameIdError(f"bad game ID: {not_level}, nor a technique to practise")


#: The longest seed: far beyond any a person types or a daily uses, short of a pasted file.
MAX_SEED = 1_000


def check_seed(seed: str) -> None:
    """A seed is printable text without whitespace (a wrapped, pasted ID must not deal
    another puzzle), of at most :data:`MAX_SEED` characters; raises :class:`GameIdError`."""
    if not seed:
        raise GameIdError("bad game ID: empty seed after '#'")
    if any(unicodedata.category(ch) == "Cs" for ch in seed):
        raise GameIdError(f"bad game ID: the seed {quote(seed)} is not text (it holds bytes "
                          "that are not UTF-8)")
    if len(seed) > MAX_SEED:
        raise GameIdError(f"bad game ID: the seed is {len(seed):,} characters long "
                          f"(at most {MAX_SEED:,})")
    if any(ch.isspace() for ch in seed):
        raise GameIdError(
            f"bad game ID: the seed {quote(seed)} contains a space or line break "
            "(was the ID wrapped when it was copied?)"
        )
    if any(unicodedata.category(ch) == "Cc" for ch in seed):
        raise GameIdError(f"bad game ID: the seed {quote(seed)} has control characters")


def seeded_rng(kind: Kind[Any, Any], params: str, level: Level | None, seed: str,
               technique: str | None = None) -> Rng:
    """The generator's Rng for a seed: SHA-256 of ``version|kind|params|level|seed``, where
    the version is the kind's own ``generator_version`` (one kind's generator change cannot
    move another kind's seeds).  A practice deal has ``practice:<technique id>`` for its
    level."""
    if technique is not None:
        lv = f"practice:{technique}"
    else:
        lv = level.name.lower() if level is not None else "any"
    return Rng.from_parts(kind.generator_version, kind.name, params, lv, seed)


#: What one deal may spend (:mod:`.budget`).  The slowest deal of a size the app offers
#: takes about 3 s of CPU and 1,150,000 search steps (the first pentomino 6x10 deal of a
#: process, which lists every solution of the box).
DEAL_BUDGET = Budget(seconds=10.0, nodes=1_500_000)


def generate_seeded(
    kind: Kind[Any, Any], params: Any, seed: str, level: Level | None = None,
    budget: Budget = DEAL_BUDGET, technique: str | None = None,
) -> Puzzle[Any]:
    """The puzzle that ``kind:params:level#seed`` names (the seed is trimmed, never empty),
    or with ``technique`` (an id) the puzzle ``kind:params:technique#seed`` names, dealt
    to practise it.

    :class:`BudgetError` when dealing it takes more than ``budget``: the message names the
    kind, params and level (or technique); :class:`~.errors.TechniqueError` when the kind
    cannot deal the technique."""
    seed = seed.strip()
    check_seed(seed)
    ptext = kind.format_params(params)
    try:
        with spending(budget):
            if technique is None:
                puzzle = kind.generate(params, seeded_rng(kind, ptext, level, seed), level)
            else:
                if level is not None:
                    raise ParamsError("a puzzle is dealt at a level or to practise a "
                                      "technique, not both")
                if not isinstance(kind, Practicable):
                    raise ParamsError(f"{kind.title} puzzles are not dealt to practise a "
                                      "technique")
                rng = seeded_rng(kind, ptext, None, seed, technique)
                puzzle = kind.generate_practice(params, rng, technique)
    except BudgetError as exc:
        if technique is not None:
            at, instead = f"to practise {technique_word(technique)}", "another technique"
        else:
            at = f"at level {level.label}" if level is not None else "at any level"
            instead = "a smaller board or size, or another level"
        raise BudgetError(f"could not deal {kind.title} {ptext} {at} in time: it took {exc}; "
                          f"try {instead}") from exc
    return Puzzle(
        puzzle.kind,
        puzzle.params,
        puzzle.desc,
        puzzle.state,
        seed=seed,
        level=level,
        grade=puzzle.grade,
        technique=technique,
    )


def load_game_id(text: str) -> Puzzle[Any]:
    """The puzzle a game ID names (parsing its givens, or regenerating from its seed)."""
    gid = parse_game_id(text)
    kind = find_kind(gid.kind)
    params = kind.parse_params(gid.params)
    if gid.seed is not None:
        return generate_seeded(kind, params, gid.seed, gid.level, technique=gid.technique)
    assert gid.desc is not None
    try:
        state = kind.parse(params, gid.desc)
    except PuzzleError as exc:
        raise GameIdError(f"bad game ID: {exc}") from exc
    return Puzzle(kind.name, gid.params, kind.describe(state), state)
