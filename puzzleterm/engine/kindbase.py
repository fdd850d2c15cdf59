"""A base class for puzzle kinds, with working defaults for what most kinds share.

:class:`~.kind.Kind` is the protocol every shared layer speaks; :class:`KindBase` is one way
to implement it.  A kind that inherits it writes only what is its own:

- **params**: ``default_params``, ``parse_params``, ``format_params``, ``params_of``;
- **text**: ``describe`` (the givens as a game ID's desc), ``write``, and ``read`` or
  ``parse`` (each default calls the other, so give one);
- **moves**: ``parse_one_move`` (one move, no ``;``) and ``apply_one`` (one move of its own
  type to a state), with ``move_types`` listing its move classes;
- **play and solving**: ``status``, ``reveal``, ``generate``, and either ``solutions`` (every
  solution, lazily) or ``solve`` and ``count_solutions``;
- **grading**, when it has a human-style solver: a ``techniques`` table
  (:class:`~.logic.Technique` finders over its states, easiest first).

The defaults, each overridable:

==========================  ==============================================================
``formats``                 one text form, ``("line",)``; ``detect`` answers it
``param_choices``           the default params alone
``levels``                  the levels of the technique table (easy alone without one)
``level_note``              none; ``cli_options``: none
``params_from_options``     ``--size`` read by ``parse_params``
``parse`` / ``read``        ``parse`` is ``read`` with the params checked; ``read`` is
                            ``parse`` with the given or the default params
``parse_move`` / ``apply``  compound moves ``a;b`` split, each part through the kind's own
                            hooks, all or nothing; ``apply`` takes a value or its text
``solve``                   the first of ``solutions``; ``count_solutions`` counts them
``explain``                 the step loop over ``techniques`` from the givens (each step
                            applied through its move), as :mod:`.logic` runs it
``grade``                   the grade of that path (None without a technique table)
``hint``                    the first step of the table from the player's position
==========================  ==============================================================
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, cast

from .errors import MoveError, ParseError, quote
from .kind import CliOption, OptionValue
from .logic import Path, Technique, find_first, grade_of
from .moves import Compound, Move, parse_compound
from .rng import Rng
from .types import Grade, Level, Puzzle, Status, Step

P = TypeVar("P")
S = TypeVar("S")
M = TypeVar("M", bound=Move)

#: the most steps ``explain`` takes before it calls the path stalled
MAX_STEPS = 10_000


class KindBase(ABC, Generic[P, S, M]):
    """A puzzle kind with params ``P``, states ``S`` and moves ``M`` (see the module
    docstring for what a subclass gives and what it gets)."""

    name: str
    title: str
    aliases: tuple[str, ...] = ()
    params_label: str = "Size"
    formats: tuple[str, ...] = ("line",)
    generator_version: str = "v1"
    #: the kind's own move classes: ``apply`` refuses a move of any other type
    move_types: tuple[type, ...] = ()
    #: the human-style solver's techniques over states, easiest first (empty: no grader)
    techniques: Sequence[Technique[Any]] = ()

    # -- params ----------------------------------------------------------------------------
    @abstractmethod
    def default_params(self) -> P: ...

    @abstractmethod
    def parse_params(self, text: str) -> P: ...

    @abstractmethod
    def format_params(self, params: P) -> str: ...

    @abstractmethod
    def params_of(self, state: S) -> P: ...

    def param_choices(self) -> tuple[str, ...]:
        return (self.format_params(self.default_params()),)

    def levels(self, params: P) -> tuple[Level, ...]:
        """The levels of the technique table, easiest first (easy alone without one)."""
        found = sorted({t.level for t in self.techniques})
        return tuple(found) if found else (Level.EASY,)

    def level_note(self, params: P) -> str:
        return ""

    def cli_options(self) -> tuple[CliOption, ...]:
        return ()

    def params_from_options(self, options: Mapping[str, OptionValue]) -> P | None:
        size = options.get("size")
        return self.parse_params(size) if isinstance(size, str) else None

    # -- puzzles and text ------------------------------------------------------------------
    @abstractmethod
    def generate(self, params: P, rng: Rng, level: Level | None = None) -> Puzzle[S]: ...

    @abstractmethod
    def describe(self, state: S) -> str: ...

    @abstractmethod
    def write(self, state: S, fmt: str | None = None) -> str: ...

    def parse(self, params: P, desc: str) -> S:
        """``read`` with ``params``, and the puzzle read must be of those params."""
        if type(self).read is KindBase.read:
            raise NotImplementedError(f"{type(self).__name__} gives neither read nor parse")
        state = self.read(desc, params)
        if self.params_of(state) != params:
            raise ParseError(f"{self.title}: {quote(desc)} is a "
                             f"{self.format_params(self.params_of(state))} puzzle, not "
                             f"{self.format_params(params)}")
        return state

    def read(self, text: str, params: P | None = None) -> S:
        """``parse`` with ``params``, or with the default params."""
        if type(self).parse is KindBase.parse:
            raise NotImplementedError(f"{type(self).__name__} gives neither read nor parse")
        return self.parse(params if params is not None else self.default_params(), text.strip())

    def detect(self, text: str) -> str:
        return self.formats[0]

    # -- moves -----------------------------------------------------------------------------
    @abstractmethod
    def parse_one_move(self, text: str) -> M:
        """One move (no ``;``, no surrounding spaces) from its text; :class:`MoveError`."""

    @abstractmethod
    def apply_one(self, state: S, move: M) -> S:
        """The position after one move of the kind's own type; :class:`MoveError` when the
        position does not allow it."""

    def parse_move(self, text: str) -> M | Compound[M]:
        """A move from its text: ``parse_move(m.text()) == m``; :class:`MoveError`."""
        return parse_compound(text, self.parse_one_move)

    def apply(self, state: S, move: Move | str) -> S:
        """The position after ``move`` (a value or its text; a compound one all or nothing).
        Pure: ``state`` is not changed.  :class:`MoveError` on a move that cannot be read,
        belongs to another kind, or the position does not allow."""
        typed = self.parse_move(move) if isinstance(move, str) else move
        parts = typed.parts if isinstance(typed, Compound) else (typed,)
        for part in parts:
            if not isinstance(part, self.move_types):
                raise MoveError(f"{quote(part.text())} is not a move of {self.title}")
            state = self.apply_one(state, cast(M, part))
        return state

    @abstractmethod
    def status(self, state: S) -> Status: ...

    @abstractmethod
    def reveal(self, state: S, solution: S, at: str | None = None) -> str: ...

    # -- solving ---------------------------------------------------------------------------
    def solutions(self, state: S) -> Iterator[S]:
        """Every solution of ``state``, lazily (the hook of ``solve`` and
        ``count_solutions``; a kind with a faster search overrides those two instead)."""
        raise NotImplementedError(f"{type(self).__name__} gives neither solutions nor "
                                  "solve and count_solutions")

    def solve(self, state: S) -> S | None:
        return next(iter(self.solutions(state)), None)

    def count_solutions(self, state: S, limit: int = 2) -> int:
        return sum(1 for _ in islice(self.solutions(state), limit))

    # -- grading ---------------------------------------------------------------------------
    def givens_of(self, state: S) -> S:
        """The starting position of ``state``'s puzzle (its givens, read back)."""
        return self.parse(self.params_of(state), self.describe(state))

    def path(self, state: S) -> Path:
        """The step loop over ``techniques`` from ``state``: the first step found is
        applied (through its move) and the loop restarts from the easiest technique."""
        steps: list[Step] = []
        while self.status(state) is not Status.SOLVED and len(steps) < MAX_STEPS:
            step = find_first(self.techniques, state)
            if step is None or not step.move:
                break
            state = self.apply(state, step.move)
            steps.append(step)
        return Path(steps, self.status(state) is Status.SOLVED)

    def explain(self, state: S) -> list[Step]:
        return self.path(self.givens_of(state)).steps if self.techniques else []

    def grade(self, state: S) -> Grade | None:
        if not self.techniques:
            return None
        return grade_of(self.path(self.givens_of(state)), [t.id for t in self.techniques])

    def hint(self, state: S, solution: S | None) -> Step | None:
        return find_first(self.techniques, state) if self.techniques else None
