"""Exact cover on bitboards: the twelve pieces fill the open cells of a board.

Positions are ``(filled, used)`` pairs of Python ints: ``filled`` has a bit per covered cell
(in the geometry's solver order, which runs along the board's shorter side first), ``used`` a
bit per piece already on the board.  The search always branches on the first empty cell (the
lowest clear bit) and tries only the placements whose own lowest cell is that one.  Two
tricks make it fast in pure Python:

* candidates are tabled by the first empty cell *and* the next :data:`WINDOW` cells' pattern,
  so most overlapping placements are never looked at;
* results are memoised on ``(filled, used)``: many different partial fillings reach the same
  frontier with the same pieces left, and their completions are shared (a transfer-matrix
  search in disguise).

Distinct solutions (up to the board's symmetries) fix the X to one placement of each
symmetry orbit; when that placement is itself symmetric under some symmetries (X on an axis of
5x12 or 3x20), the F, which has no symmetry at all, is fixed to one placement of each orbit
under those.  Every complete filling has no symmetry of its own (the F would need one), so
each distinct solution has exactly ``len(symmetries)`` raw images.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ..budget import spend
from .board import Board, Geometry, geometry
from .pieces import LETTERS

#: Cells after the first empty one whose pattern selects the candidate list.
WINDOW = 10
_WMASK = (1 << WINDOW) - 1
_EVERY = (1 << 12) - 1  # the listing counts its nodes against a budget 4,096 at a time
_X = LETTERS.index("X")
_F = LETTERS.index("F")

Solution = tuple[int, ...]  # placement ids, one per piece, sorted
Table = list[list[tuple[tuple[int, int, int], ...]]]


def _build_table(geo: Geometry, allowed: Iterable[int]) -> Table:
    nbits = len(geo.cell_of_bit)
    by_low: list[list[tuple[int, int, int]]] = [[] for _ in range(nbits)]
    for i in allowed:
        pl = geo.placements[i]
        low = (pl.mask & -pl.mask).bit_length() - 1
        by_low[low].append((1 << pl.piece, pl.mask, i))
    table: Table = []
    for cell in range(nbits):
        cands = by_low[cell]
        row: list[tuple[tuple[int, int, int], ...]] = []
        for pat in range(1 << WINDOW):
            if pat & 1:
                row.append(())
            else:
                m = pat << cell
                row.append(tuple(t for t in cands if not t[1] & m))
        table.append(row)
    return table


@cache
def _table(board: Board, allowed: frozenset[int] | None = None) -> Table:
    geo = geometry(board)
    return _build_table(geo, range(len(geo.placements)) if allowed is None else sorted(allowed))


def count(board: Board, filled: int, used: int, limit: int | None = None,
          allowed: frozenset[int] | None = None) -> int:
    """Completions of a position (capped at ``limit`` when given)."""
    table = _table(board, allowed)
    full = geometry(board).full
    cap = limit if limit is not None else -1
    memo: dict[tuple[int, int], int] = {}

    def rec(filled: int, used: int) -> int:
        if filled == full:
            return 1
        key = (filled, used)
        got = memo.get(key)
        if got is not None:
            return got
        free = full ^ filled
        cell = (free & -free).bit_length() - 1
        n = 0
        for pbit, mask, _ in table[cell][(filled >> cell) & _WMASK]:
            if used & pbit or filled & mask:
                continue
            n += rec(filled | mask, used | pbit)
            if n == cap or (cap > 0 and n > cap):
                n = cap
                break
        memo[key] = n
        return n

    if filled & ~full:
        return 0
    return rec(filled, used)


def completions(board: Board, filled: int, used: int, limit: int | None = None,
                allowed: frozenset[int] | None = None) -> list[Solution]:
    """The completions of a position, each as the tuple of placement ids it adds."""
    table = _table(board, allowed)
    full = geometry(board).full
    memo: dict[tuple[int, int], tuple[Solution, ...]] = {}
    done: tuple[Solution, ...] = ((),)

    def rec(filled: int, used: int) -> tuple[Solution, ...]:
        if filled == full:
            return done
        key = (filled, used)
        got = memo.get(key)
        if got is not None:
            return got
        free = full ^ filled
        cell = (free & -free).bit_length() - 1
        out: list[Solution] = []
        for pbit, mask, i in table[cell][(filled >> cell) & _WMASK]:
            if used & pbit or filled & mask:
                continue
            for rest in rec(filled | mask, used | pbit):
                out.append((i, *rest))
            if limit is not None and len(out) >= limit:
                break
        res = tuple(out)
        memo[key] = res
        if not len(memo) & _EVERY:
            spend(_EVERY + 1)  # a deal's budget of search steps
        return res

    if filled & ~full:
        return []
    found = rec(filled, used)
    return [tuple(sorted(s)) for s in (found if limit is None else found[:limit])]


def first_solution(board: Board, filled: int, used: int) -> Solution | None:
    """One completion of a position (placement ids added), or None."""
    got = completions(board, filled, used, limit=1)
    return got[0] if got else None


def _x_branches(geo: Geometry) -> list[tuple[int, frozenset[int] | None]]:
    """``(X placement, allowed placements)`` per symmetry-orbit representative of X."""
    syms = geo.place_sym
    out: list[tuple[int, frozenset[int] | None]] = []
    for x in geo.by_piece[_X]:
        if any(g[x] < x for g in syms):
            continue
        stab = [g for g in syms if g[x] == x]
        if len(stab) == 1:
            out.append((x, None))
            continue
        banned = {f for f in geo.by_piece[_F] if any(g[f] < f for g in stab)}
        allowed = frozenset(i for i in range(len(geo.placements)) if i not in banned)
        out.append((x, allowed))
    return out


def count_distinct(board: Board) -> int:
    """Solutions of the empty board up to its symmetries."""
    geo = geometry(board)
    return sum(count(board, geo.placements[x].mask, 1 << _X, allowed=allowed)
               for x, allowed in _x_branches(geo))


def count_raw(board: Board) -> int:
    """Solutions of the empty board, every reflection and rotation counted (a plain search)."""
    return count(board, 0, 0)


def distinct_solutions(board: Board) -> list[Solution]:
    """One solution of each symmetry class of the empty board, in a fixed order."""
    geo = geometry(board)
    out: list[Solution] = []
    for x, allowed in _x_branches(geo):
        for rest in completions(board, geo.placements[x].mask, 1 << _X, allowed=allowed):
            out.append(tuple(sorted((x, *rest))))
    return out


def images(geo: Geometry, sol: Sequence[int]) -> list[Solution]:
    """A solution under each symmetry of the board (the identity first)."""
    return [tuple(sorted(g[i] for i in sol)) for g in geo.place_sym]


@cache
def all_solutions(board: Board) -> tuple[tuple[Solution, ...], tuple[Solution, ...]]:
    """``(distinct, raw)`` solutions of the empty board, cached for the process.

    ``raw`` lists each distinct solution's images together (distinct solution ``i`` is
    ``raw[i * len(symmetries)]``).
    """
    geo = geometry(board)
    distinct = distinct_solutions(board)
    raw = [img for sol in distinct for img in images(geo, sol)]
    return tuple(distinct), tuple(raw)
