"""The interface every puzzle kind implements, and the registry that finds kinds by name."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

from .errors import UnknownKindError, quote
from .rng import Rng
from .types import Grade, Level, Puzzle, Status, Step

P = TypeVar("P")
S = TypeVar("S")


@runtime_checkable
class Kind(Protocol[P, S]):
    """One puzzle kind (after Tatham's ``struct game``).

    *Params* are what a player picks before a game (size, variant); *state* is an immutable
    position that undo restores.  Moves are short strings executed by :meth:`apply`.
    """

    name: str
    title: str
    aliases: tuple[str, ...]

    def default_params(self) -> P: ...
    def parse_params(self, text: str) -> P: ...
    def format_params(self, params: P) -> str: ...
    def param_choices(self) -> tuple[str, ...]: ...
    def levels(self, params: P) -> tuple[Level, ...]: ...
    def generate(self, params: P, rng: Rng, level: Level | None = None) -> Puzzle[S]: ...
    def parse(self, params: P, desc: str) -> S: ...
    def describe(self, state: S) -> str: ...
    def format(self, state: S, fmt: str = "line") -> str: ...
    def apply(self, state: S, move: str) -> S: ...
    def solve(self, state: S) -> S | None: ...
    def count_solutions(self, state: S, limit: int = 2) -> int: ...
    def grade(self, state: S) -> Grade: ...
    def hint(self, state: S) -> Step | None: ...
    def status(self, state: S) -> Status: ...


_REGISTRY: dict[str, Kind[Any, Any]] = {}
_ALIASES: dict[str, str] = {}


def register(kind: Kind[Any, Any]) -> Kind[Any, Any]:
    """Add a kind under its name and aliases (names are case-insensitive)."""
    _REGISTRY[kind.name] = kind
    _ALIASES[kind.name.lower()] = kind.name
    for alias in kind.aliases:
        _ALIASES[alias.lower()] = kind.name
    return kind


def find_kind(name: str) -> Kind[Any, Any]:
    """The kind registered under ``name`` or one of its aliases."""
    _load_builtin_kinds()
    key = name.strip().lower()
    if key in _ALIASES:
        return _REGISTRY[_ALIASES[key]]
    known = ", ".join(sorted(_REGISTRY))
    raise UnknownKindError(f"unknown puzzle kind {quote(name)} (known kinds: {known})")


def all_kinds() -> list[Kind[Any, Any]]:
    """Every registered kind, in registration order."""
    _load_builtin_kinds()
    return list(_REGISTRY.values())


def _load_builtin_kinds() -> None:
    if not _REGISTRY:
        from . import sudoku  # noqa: F401  (registers the Sudoku family)
