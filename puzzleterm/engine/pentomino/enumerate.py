"""Counting the solutions of a board, and which solutions a few of their pieces force.

*Forcing*: a set of placements taken from a solution forces it when no other solution of the
board contains them all (the pieces left in place have exactly one completion).  With every
raw solution listed once, each placement gets a bitset of the solutions containing it; a set
of placements forces a solution iff the AND of their bitsets has a single bit.  The forcing
number of a distinct solution is the least k for which some k of its own pieces force it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from .board import Board
from .solver import Solution, all_solutions


@dataclass(frozen=True)
class Forcing:
    """The forcing table of a board.

    ``table`` maps k to the number of distinct solutions whose forcing number is k;
    ``minimal`` gives, per distinct solution (in :func:`all_solutions` order), its forcing
    number and one forcing set (placement ids); ``one_piece`` lists the solutions one piece
    forces, with that piece's placement.
    """

    table: tuple[tuple[int, int], ...]
    minimal: tuple[tuple[int, tuple[int, ...]], ...]
    one_piece: tuple[tuple[Solution, int], ...]


@cache
def solution_bits(board: Board) -> tuple[dict[int, int], tuple[Solution, ...]]:
    """Per placement id, the bitset of raw solutions (indexes into the raw list) holding it."""
    _, raw = all_solutions(board)
    bits: dict[int, int] = {}
    for n, sol in enumerate(raw):
        b = 1 << n
        for pid in sol:
            bits[pid] = bits.get(pid, 0) | b
    return bits, raw


def forces(board: Board, placements: tuple[int, ...] | list[int]) -> int | None:
    """The raw solution index that these placements force, else None (0 or 2+ hold them)."""
    bits, raw = solution_bits(board)
    acc = (1 << len(raw)) - 1
    for pid in placements:
        acc &= bits.get(pid, 0)
        if not acc:
            return None
    if acc & (acc - 1):
        return None
    return acc.bit_length() - 1


def minimal_forcing_sets(board: Board, sol: Solution, first_only: bool = False,
                         ) -> tuple[int, list[tuple[int, ...]]]:
    """The forcing number of a solution and every forcing set of that size (or the first)."""
    bits, _ = solution_bits(board)
    pieces = sorted(sol)
    for k in range(1, len(pieces) + 1):
        found: list[tuple[int, ...]] = []
        for combo in combinations(pieces, k):
            acc = bits[combo[0]]
            for pid in combo[1:]:
                acc &= bits[pid]
            if not acc & (acc - 1):
                found.append(combo)
                if first_only:
                    return k, found
        if found:
            return k, found
    return len(pieces), [tuple(pieces)]


def forcing(board: Board, progress: Callable[[int, int], None] | None = None) -> Forcing:
    """The forcing table of a board (every distinct solution's forcing number)."""
    distinct, _ = all_solutions(board)
    table: dict[int, int] = {}
    minimal: list[tuple[int, tuple[int, ...]]] = []
    one: list[tuple[Solution, int]] = []
    for sol in distinct:
        k, sets = minimal_forcing_sets(board, sol, first_only=True)
        table[k] = table.get(k, 0) + 1
        minimal.append((k, sets[0]))
        if k == 1:
            one.append((sol, sets[0][0]))
        if progress is not None and (len(minimal) % 100 == 0 or len(minimal) == len(distinct)):
            progress(len(minimal), len(distinct))
    return Forcing(tuple(sorted(table.items())), tuple(minimal), tuple(one))
