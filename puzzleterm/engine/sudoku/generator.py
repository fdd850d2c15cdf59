"""Puzzle generation for the Sudoku family.

A random complete grid comes from randomised search (not from shuffling one base grid, which
only reaches grids equivalent to it).  Clues are then removed, in a random order and in
symmetric groups where the board has a symmetric layout, keeping each removal only while the
puzzle still has exactly one solution.

Uniqueness after a removal is decided by one bounded search per removed cell: a unique puzzle
stays unique after blanking cell ``c`` exactly when no solution puts another digit in ``c``
(:func:`~puzzleterm.engine.solver.has_other_solution`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rng import Rng
from . import solver as bt
from .geometry import Geometry


def symmetric_groups(geo: Geometry, symmetric: bool) -> list[tuple[int, ...]]:
    """Cells grouped by 180-degree rotation (or one group per cell)."""
    n2 = geo.ncells
    if not symmetric:
        return [(c,) for c in range(n2)]
    groups: list[tuple[int, ...]] = []
    for c in range(n2):
        twin = n2 - 1 - c
        if c < twin:
            groups.append((c, twin))
        elif c == twin:
            groups.append((c,))
    return groups


def removal_node_limit(geo: Geometry) -> int | None:
    """Search budget per uniqueness check while removing clues.

    On 16x16 a few checks near minimality can take seconds; giving up early (and keeping
    the clue) trades a handful of extra givens for a bounded generation time.
    """
    return 60 if geo.n >= 16 else None


def remove_clues(
    geo: Geometry,
    solution: Sequence[int],
    rng: Rng,
    symmetric: bool = True,
    start: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Blank clues from ``start`` (default: the full solution) while the puzzle stays unique.

    The result is minimal with respect to the groups tried: putting back any one group is
    needed for uniqueness.
    """
    values = list(start if start is not None else solution)
    node_limit = removal_node_limit(geo)
    groups = [g for g in symmetric_groups(geo, symmetric) if any(values[c] for c in g)]
    rng.shuffle(groups)
    for group in groups:
        saved = [values[c] for c in group]
        for c in group:
            values[c] = 0
        if any(
            saved[i] and bt.has_other_solution(geo, values, solution, c, node_limit)
            for i, c in enumerate(group)
        ):
            for i, c in enumerate(group):
                values[c] = saved[i]
    return tuple(values)


def default_symmetric(geo: Geometry) -> bool:
    """Sudoku deals symmetric clue layouts, as published puzzles do; the small kinds don't."""
    return geo.variant == "sudoku" and geo.n >= 6


def generate_minimal(geo: Geometry, rng: Rng, symmetric: bool | None = None) -> tuple[int, ...]:
    """A puzzle with exactly one solution, no clue of which can be removed (per group)."""
    sym = default_symmetric(geo) if symmetric is None else symmetric
    solution = bt.random_solution(geo, rng.fork("grid"))
    return remove_clues(geo, solution, rng.fork("holes"), sym)
