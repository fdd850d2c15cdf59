"""The backtracking solvers of the Sudoku family (the oracle): what runs where.

- **Solving and counting** (:func:`solve_values`, :func:`count_values`,
  :func:`solve_and_count`, and :func:`has_other_solution` without a node budget) run the
  bit-parallel search of :mod:`.bitsearch`: the whole board is one integer, and a
  propagation round (naked and hidden singles, box-line reductions) is a few dozen integer
  operations.  Any order will do for these: only the answers count.
- **What depends on an exact search order** runs :class:`~.bitclassic.ClassicSearch`:
  random complete grids (:func:`random_solution`, so every seed deals the same puzzle),
  checks bounded by a node budget (the 16x16 generator), enumeration in search order
  (:func:`all_solutions`) and the node counts that rate trial steps in the grader.
- **The order itself** is defined by a cell-mask search (propagate singles, branch on the
  first cell with the fewest candidates), which lives with the tests
  (``tests/reference_search.py``): ``ClassicSearch`` reproduces it node for node on the bit
  board, and the tests hold the two together.  Nothing in the program runs it.

All of them work on any :class:`~.geometry.Geometry`, so one code path serves 4x4 to 16x16
Sudoku, X-Sudoku and Latin squares.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rng import Rng
from .bitclassic import ClassicSearch
from .bitsearch import BitSearch, board_of, tables
from .geometry import Geometry


def solve_values(geo: Geometry, values: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution found (by the bit-parallel search), or None when there is none."""
    s = BitSearch(geo, limit=1)
    s.run(board_of(geo, values))
    return s.solutions[0] if s.solutions else None


def count_values(geo: Geometry, values: Sequence[int], limit: int | None = 2) -> int:
    """How many solutions, counting no further than ``limit`` (None: count them all).

    Counting to 2 is one search that goes on past the first solution."""
    s = BitSearch(geo, limit=limit, keep=False)
    s.run(board_of(geo, values))
    return s.count


def solve_and_count(geo: Geometry, values: Sequence[int],
                    limit: int = 2) -> tuple[tuple[int, ...] | None, int]:
    """:func:`solve_values` and :func:`count_values` from one search: it keeps its first
    solution (the one ``solve_values`` finds: the order is the same) and goes on counting."""
    s = BitSearch(geo, limit=limit, keep=True)
    s.run(board_of(geo, values))
    return (s.solutions[0] if s.solutions else None), s.count


def all_solutions(geo: Geometry, values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every solution, in search order (for enumerating small boards)."""
    s = ClassicSearch(geo, limit=None)
    s.run_board(board_of(geo, values))
    return s.solutions


def has_other_solution(
    geo: Geometry,
    values: Sequence[int],
    solution: Sequence[int],
    cell: int,
    node_limit: int | None = None,
) -> bool:
    """True when ``values`` has a solution whose ``cell`` differs from ``solution[cell]``.

    Removing the clue at ``cell`` from a unique puzzle keeps it unique exactly when this is
    False, so the generator needs one bounded search per clue instead of a count to two.
    With a ``node_limit``, a search that runs out of nodes answers True (the cautious
    answer: the generator then keeps the clue, and the puzzle stays unique).
    """
    vals = list(values)
    vals[cell] = 0
    x = board_of(geo, vals) & ~tables(geo).bit(cell, solution[cell])
    if node_limit is None:
        s2 = BitSearch(geo, limit=1, keep=False)
        s2.run(x)
        return s2.count > 0
    # the budget counts the nodes of the cell-mask search, which ClassicSearch visits
    s = ClassicSearch(geo, limit=1, keep=False, node_limit=node_limit)
    s.run_board(x)
    return s.count > 0 or s.aborted


def random_solution(geo: Geometry, rng: Rng) -> tuple[int, ...]:
    """A random complete grid: randomised search from an empty board, restarted if slow."""
    attempt = 0
    while True:
        attempt += 1
        s = ClassicSearch(geo, limit=1, rng=rng.fork(f"grid{attempt}"),
                          node_limit=20 * geo.ncells)
        s.run_board(tables(geo).full)
        if s.solutions:
            return s.solutions[0]
