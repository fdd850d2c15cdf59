"""The interface every puzzle kind implements, and the registry that finds kinds by name.

A kind is one object (after Tatham's ``struct game``).  The shared layers (session, game
screen, CLI, store, daily set) speak to kinds only through :class:`Kind` and the optional
capability protocols below, so a new kind joins as one package plus one ``register`` call.

Contract for text: ``format_params`` and ``describe`` never produce ``:`` or ``#`` (they are
the separators of game IDs); ``read`` accepts any of the kind's text forms and ``write``
produces one of ``formats`` (``formats[0]`` is the form ``describe`` uses).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast, runtime_checkable

from .errors import UnknownKindError, quote
from .moves import Move
from .rng import Rng
from .types import Grade, Level, Puzzle, Status, Step

P = TypeVar("P")
S = TypeVar("S")

#: Value of a kind-specific command-line option: text, a switch (bool), or absent (None).
OptionValue = str | bool | None

#: Progress of a long computation: (done, total or None when unknown).
Progress = Callable[[int, int | None], None]


@dataclass(frozen=True)
class CliOption:
    """A command-line option a kind adds (``--board 6x10``, ``--forcing``).

    ``metavar`` None makes it a switch.  ``commands`` names the subcommands that take it.
    The value reaches the kind as ``options[dest]`` where ``dest`` is the flag without its
    dashes, ``-`` turned to ``_``.
    """

    flag: str
    help: str
    metavar: str | None = None
    commands: tuple[str, ...] = ("solve", "grade", "hint", "generate")

    @property
    def dest(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


@runtime_checkable
class Kind(Protocol[P, S]):
    """One puzzle kind.

    *Params* are what a player picks before a game (size, board, operation); *state* is an
    immutable position that undo restores (``==`` means "same position").  Moves are the
    kind's own typed values (:mod:`.moves`), written and read back as short text;
    :meth:`apply` takes either.  :class:`~.kindbase.KindBase` gives working defaults.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    params_label: str  # the chooser's column: "Size", "Board", "Sum"
    formats: tuple[str, ...]  # text forms read and written; formats[0] is the desc form
    generator_version: str  # part of this kind's seeds only

    # -- params: canonical text never contains ':' or '#'
    def default_params(self) -> P: ...
    def parse_params(self, text: str) -> P: ...
    def format_params(self, params: P) -> str: ...
    def param_choices(self) -> tuple[str, ...]: ...
    def levels(self, params: P) -> tuple[Level, ...]: ...
    def level_note(self, params: P) -> str: ...
    def cli_options(self) -> tuple[CliOption, ...]: ...
    def params_from_options(self, options: Mapping[str, OptionValue]) -> P | None: ...

    # -- puzzles and text
    def generate(self, params: P, rng: Rng, level: Level | None = None) -> Puzzle[S]: ...
    def parse(self, params: P, desc: str) -> S: ...
    def describe(self, state: S) -> str: ...
    def params_of(self, state: S) -> P: ...
    def read(self, text: str, params: P | None = None) -> S: ...
    def detect(self, text: str) -> str: ...  # which of ``formats`` the text is in
    def write(self, state: S, fmt: str | None = None) -> str: ...

    # -- play: moves are the kind's own values (see :mod:`.moves`), saved as their text
    def parse_move(self, text: str) -> Move: ...  # MoveError; parse_move(m.text()) == m
    def apply(self, state: S, move: Move | str) -> S: ...  # a value or its text
    def status(self, state: S) -> Status: ...
    def reveal(self, state: S, solution: S, at: str | None = None) -> str: ...

    # -- solving and grading
    def solve(self, state: S) -> S | None: ...
    def count_solutions(self, state: S, limit: int = 2) -> int: ...
    def grade(self, state: S) -> Grade | None: ...
    def explain(self, state: S) -> list[Step]: ...
    def hint(self, state: S, solution: S | None) -> Step | None: ...


@runtime_checkable
class Enumerable(Protocol):
    """A kind that can count or list every puzzle or solution of a board (``enumerate``)."""

    def enumerate(
        self, params: Any, options: Mapping[str, OptionValue], progress: Progress | None = None
    ) -> Iterator[str]:
        """Lines of the report (counts, tables, listed items), printed as they come."""
        ...


@runtime_checkable
class Listable(Protocol):
    """An enumerable kind that can list what it counts, one line each (``enumerate --out``)."""

    def listing(self, params: Any, options: Mapping[str, OptionValue]) -> Iterator[str]:
        """One line per item counted (``options`` as for ``enumerate``), for a file."""
        ...


@dataclass(frozen=True)
class PracticeChoice:
    """A technique a player may ask a puzzle to practise (see :class:`Practicable`)."""

    id: str  # the technique's id (``x_wing``); a game ID writes it with dashes
    name: str  # its display name (``X-Wing``)
    level: Level  # the level of the technique
    refused: str = ""  # why it cannot be practised on the board ("": it can)


@runtime_checkable
class Practicable(Protocol):
    """A kind that deals a puzzle whose hardest step is a technique the player chose (the
    game ID ``sudoku:9x9:x-wing#42`` names one, see :mod:`.gameid`)."""

    def practice_choices(self, params: Any) -> tuple[PracticeChoice, ...]:
        """Every technique of the kind's table, easiest first, each with why it cannot be
        practised on ``params`` ("" when it can)."""
        ...

    def find_practice(self, params: Any, word: str) -> PracticeChoice:
        """The technique ``word`` names (its id, with dashes or underscores, or its name);
        :class:`~.errors.TechniqueError` when none does or it is refused on ``params``."""
        ...

    def generate_practice(self, params: Any, rng: Rng, technique: str) -> Puzzle[Any]:
        """A puzzle whose hardest step is ``technique`` (an id), the same for the same
        ``rng``; :class:`~.errors.TechniqueError` when it is refused on ``params``."""
        ...


@runtime_checkable
class Batchable(Protocol):
    """A kind whose input file may hold many one-line puzzles, one per line."""

    def split_batch(self, text: str, params: Any) -> list[tuple[int, str]] | None:
        """``(line number, puzzle text)`` pairs when ``text`` is a batch, else None."""
        ...


@runtime_checkable
class SolvesCounted(Protocol):
    """A kind that solves and counts to a limit in one search (see :func:`solve_counted`)."""

    def solve_counted(self, state: Any, limit: int = 2) -> tuple[Any, int]:
        """The solution ``solve`` gives (None when there is none) and the count of solutions
        up to ``limit``."""
        ...


def solve_counted(kind: Kind[Any, S], state: S, limit: int = 2) -> tuple[S | None, int]:
    """``kind.solve(state)`` and ``kind.count_solutions(state, limit)``: from one search when
    the kind offers it (:class:`SolvesCounted`), else from the two."""
    if isinstance(kind, SolvesCounted):
        solved, n = kind.solve_counted(state, limit)
        return cast("S | None", solved), n
    return kind.solve(state), kind.count_solutions(state, limit)


_REGISTRY: dict[str, Kind[Any, Any]] = {}
_ALIASES: dict[str, str] = {}
_BUILTIN = ("sudoku", "pentomino", "arith")
_builtins_loaded = False


def register(kind: Kind[Any, Any]) -> Kind[Any, Any]:
    """Add a kind under its name and aliases (names are case-insensitive)."""
    _REGISTRY[kind.name] = kind
    _ALIASES[kind.name.lower()] = kind.name
    for alias in kind.aliases:
        _ALIASES[alias.lower()] = kind.name
    return kind


def unregister(name: str) -> None:
    """Remove a kind (tests register toy kinds and take them away again)."""
    kind = _REGISTRY.pop(name, None)
    if kind is None:
        return
    for key in [k for k, v in _ALIASES.items() if v == name]:
        del _ALIASES[key]


def find_kind(name: str) -> Kind[Any, Any]:
    """The kind registered under ``name`` or one of its aliases."""
    load_builtin_kinds()
    key = name.strip().lower()
    if key in _ALIASES:
        return _REGISTRY[_ALIASES[key]]
    known = ", ".join(sorted(_REGISTRY))
    raise UnknownKindError(f"unknown puzzle kind {quote(name)} (known kinds: {known})")


def all_kinds() -> list[Kind[Any, Any]]:
    """Every registered kind: the built-in packages' kinds first, in the order of
    ``_BUILTIN`` (whatever was imported first), then the others in registration order."""
    load_builtin_kinds()

    def rank(kind: Kind[Any, Any]) -> int:
        package = type(kind).__module__.split(".")
        for i, name in enumerate(_BUILTIN):
            if name in package:
                return i
        return len(_BUILTIN)

    return sorted(_REGISTRY.values(), key=rank)


def load_builtin_kinds() -> None:
    """Import the built-in kind packages once (each registers its kinds)."""
    global _builtins_loaded
    if _builtins_loaded:
        return
    _builtins_loaded = True
    for package in _BUILTIN:
        try:
            importlib.import_module(f"{__package__}.{package}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.{package}":
                raise
