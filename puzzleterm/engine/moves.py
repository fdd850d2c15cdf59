"""Typed moves with a text round trip (the idea of python-chess's ``Move.uci()`` and
``Move.from_uci()``).

Every kind has its own move values: frozen dataclasses in its package's ``moves`` module
(``engine/sudoku/moves.py``, ``engine/pentomino/moves.py``, ``engine/arith/moves.py``), each
with a ``text()`` that writes the short string a save records (``r3c5=7``, ``L@r2c3/3``).
A kind reads such text back with ``kind.parse_move(text)`` (a :class:`MoveError` with a
one-line message when it cannot), and ``kind.parse_move(m.text()) == m`` for every move ``m``.
``kind.apply(state, move)`` takes a move value or its text (saves hold text).

A screen builds a move with its kind's constructors and hands the value on; it never writes
move text by hand.  Several moves played as one (a hint that places a digit and removes two
pencil marks, a reveal of the whole board) are a :class:`Compound`, written ``a;b`` and
applied all or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

from .errors import MoveError, quote

#: the separator of the parts of a compound move
SEPARATOR = ";"


@runtime_checkable
class Move(Protocol):
    """A move of some kind: a value that writes itself as the text a save records."""

    def text(self) -> str:
        """The move as text; the kind's ``parse_move`` reads it back to an equal value."""
        ...


M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class Compound(Generic[M]):
    """Several moves of one kind played as one, all or nothing: ``r1c1=5;r1c2-3``.

    Holds two or more parts, none of them compound (build one with :func:`join`, which
    flattens and gives a single move back as itself).
    """

    parts: tuple[M, ...]

    def __post_init__(self) -> None:
        if len(self.parts) < 2:
            raise MoveError("a compound move has two parts or more")
        if any(isinstance(p, Compound) for p in self.parts):
            raise MoveError("a compound move is not nested")

    def text(self) -> str:
        return SEPARATOR.join(p.text() for p in self.parts)


def join(moves: Iterable[M | Compound[M]]) -> M | Compound[M]:
    """The moves as one: the move itself when there is one, else a flat :class:`Compound`;
    raises :class:`MoveError` when there is none."""
    parts: list[M] = []
    for m in moves:
        if isinstance(m, Compound):
            parts.extend(m.parts)
        else:
            parts.append(m)
    if not parts:
        raise MoveError("no move to make")
    return parts[0] if len(parts) == 1 else Compound(tuple(parts))


def parts_of(move: M | Compound[M]) -> Iterator[M]:
    """The single moves a move is made of, in order."""
    if isinstance(move, Compound):
        yield from move.parts
    else:
        yield move


def parse_compound(text: str, parse_one: Callable[[str], M]) -> M | Compound[M]:
    """Read ``a;b;...`` with ``parse_one`` reading each part (surrounding spaces ignored);
    a single part is returned as itself.  Raises :class:`MoveError` on an empty move or an
    empty part, and whatever ``parse_one`` raises on a bad part."""
    parts = [p.strip() for p in text.split(SEPARATOR)]
    if not text.strip() or not all(parts):
        raise MoveError(f"bad move {quote(text)}: empty move")
    return join(parse_one(p) for p in parts)
