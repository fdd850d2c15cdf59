"""A solution of the empty board by its place in the listing, without listing them all.

The dealer draws ``raw[i]`` for a random ``i`` from the list :func:`.solver.all_solutions`
makes, so that a seed deals the same puzzle forever.  Listing all 2,339 solutions of 6x10
takes about a second; the *index* gets to ``raw[i]`` in a few hundredths of one.

The listing is the search tree read in order: X branch by X branch, then the candidates of
each first empty cell in turn.  The index cuts that tree into *leaves* of at most
:data:`LEAF` solutions each: a leaf is a path from the root (the X placement, then the
placements chosen at the first empty cells) and the number of solutions below it, listed
in tree order.  Solution ``j`` lies in the leaf whose running total passes ``j``; the
search lists that leaf's completions, stopping at the one needed.

The leaves of the boards offered in the app are kept in :mod:`.index_data`, made by
:func:`build` (``benchmarks/record_pentomino_index.py``); ``tests/test_pentomino_index.py``
builds them again and checks every solution the index gives against the listing.  Each use
also checks what it can on the way (the path's pieces fit, the leaf has the solution), and
falls back to the listing when it does not; other boards always use the listing.
"""

from __future__ import annotations

from functools import cache

from .board import Board, format_board, geometry
from .index_data import LEAVES
from .solver import Search, Solution, _branches, all_solutions, images

#: Most solutions below a leaf (a leaf with more is split at its next first empty cell).
LEAF = 32

Leaf = tuple[int, ...]  # (count, X placement, placements chosen at first empty cells...)


def build(board: Board, leaf: int = LEAF) -> tuple[Leaf, ...]:
    """The leaves of a board's search tree, in listing order (leaves without solutions are
    left out)."""
    out: list[Leaf] = []
    memos: dict[frozenset[int] | None, dict[int, int]] = {}

    def walk(s: Search, state: int, path: tuple[int, ...], memo: dict[int, int]) -> None:
        n = s.count(state, 0, memo)
        if not n:
            return
        moves = s.moves(state)
        if n <= leaf or not moves:
            out.append((n, *path))
            return
        for pid, nxt in moves:
            walk(s, nxt, (*path, pid), memo)

    for x, s, state, allowed in _branches(board):
        walk(s, state, (x,), memos.setdefault(allowed, {}))
    return tuple(out)


@cache
def _starts(board: Board) -> dict[int, tuple[Search, int]]:
    return {x: (s, state) for x, s, state, _ in _branches(board)}


def leaves(board: Board) -> tuple[Leaf, ...] | None:
    """The kept leaves of a board, or None for a board without an index."""
    return LEAVES.get(format_board(board))


def raw_count(board: Board) -> int:
    """How many solutions the board has, every rotation and reflection counted."""
    kept = leaves(board)
    if kept is None:
        return len(all_solutions(board)[1])
    return sum(leaf[0] for leaf in kept) * len(geometry(board).place_sym)


def _distinct(board: Board, j: int) -> Solution | None:
    """Distinct solution ``j`` from the index, or None when the index cannot give it."""
    kept = leaves(board)
    if kept is None:
        return None
    for leaf in kept:
        if j < leaf[0]:
            break
        j -= leaf[0]
    else:
        return None
    x, path = leaf[1], leaf[2:]
    start = _starts(board).get(x)
    if start is None:
        return None
    s, state = start
    for pid in path:
        put = s.put(pid)
        if state & put:
            return None
        state |= put
    found = s.completions(state, j + 1, {})
    if len(found) <= j:
        return None
    return tuple(sorted((x, *path, *found[j])))


def raw_solution(board: Board, i: int) -> Solution:
    """``all_solutions(board)[1][i]``: from the index when the board has one."""
    geo = geometry(board)
    j, image = divmod(i, len(geo.place_sym))
    sol = _distinct(board, j)
    if sol is None:
        return all_solutions(board)[1][i]
    return images(geo, sol)[image]
