"""How many of each symbol a Sudoku-family board still needs (sudoku.com's number pad)."""

from __future__ import annotations

from collections.abc import Sequence


def symbols_left(values: Sequence[int], n: int) -> tuple[int, ...]:
    """For each symbol 1..n of a board where each appears n times (Sudoku, X-Sudoku, Latin),
    how many are still to place; 0 once it is complete (or placed too often)."""
    placed = [0] * (n + 1)
    for v in values:
        if 0 < v <= n:
            placed[v] += 1
    return tuple(max(0, n - placed[d]) for d in range(1, n + 1))
