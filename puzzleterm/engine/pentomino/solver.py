"""Exact cover on bitboards: the twelve pieces fill the open cells of a board.

A position is one Python int, the *state*: a bit per covered cell (in the geometry's solver
order, which runs along the board's shorter side first) and, above them, a bit per piece
already on the board.  A placement is one int of the same layout (its cells and its piece),
so a single ``&`` tells whether it still fits (no covered cell, its piece unused) and a single
``|`` puts it down.  The search always branches on the first empty cell (the lowest clear
bit) and tries only the placements whose own lowest cell is that one.  Three things make it
fast in pure Python:

* candidates are tabled by the first empty cell *and* the pattern of the next
  :func:`window` cells, built lazily (only the patterns the search meets), so most
  overlapping placements are never looked at.  Building an entry also drops the
  placements that would leave, inside the window, a pocket of one or two open cells, and
  each candidate carries the pieces that could cover the next empty cell after it (a
  one-step look-ahead: when all of them are used, the candidate is skipped);
* results are memoised on the state: many different partial fillings reach the same
  frontier with the same pieces left, and their completions are shared (a transfer-matrix
  search in disguise).  Listing the solutions of a board shares one memo across its X
  branches: once the scan has passed the X, the states no longer tell them apart;
* the order in which solutions come out is that of a plain first-empty-cell search with
  the candidates in placement-id order (pruning only drops dead branches), so listings keep
  their order from one version of the search to the next.

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

_X = LETTERS.index("X")
_F = LETTERS.index("F")
_EVERY = (1 << 12) - 1  # a search counts its nodes against a budget 4,096 at a time

Solution = tuple[int, ...]  # placement ids, one per piece, sorted
#: A table entry: ``(put, need, placement id)``.  The placement fits a state when
#: ``state & put`` is 0 and ``state | put`` puts it down; the state after it is a dead end
#: when it has every piece bit of ``need`` (no piece left can cover its next empty cell).
Entry = tuple[int, int, int]


def window(geo: Geometry) -> int:
    """Cells (the first empty one included) whose pattern selects a candidate list: two
    scan lines and two cells, enough to see most overlaps and the pockets next to them."""
    return 2 * geo.stride + 2


class Search:
    """The lazily built candidate table of a board (restricted to some placements)."""

    def __init__(self, board: Board, allowed: Iterable[int]) -> None:
        geo = geometry(board)
        self.geo = geo
        self.full = geo.full
        nbits = len(geo.cell_of_bit)
        self.width = window(geo)
        self.wmask = (1 << self.width) - 1
        #: Piece bits start here, clear of any window that starts on the board.
        self.shift = nbits + self.width
        self.never = 1 << (self.shift + len(LETTERS))  # a bit no state has
        self.by_low: list[list[tuple[int, int, int]]] = [[] for _ in range(nbits)]
        for i in allowed:
            pl = geo.placements[i]
            low = (pl.mask & -pl.mask).bit_length() - 1
            self.by_low[low].append((1 << pl.piece, pl.mask, i))
        for cands in self.by_low:
            cands.sort(key=lambda t: t[2])
        # Per cell, the candidates a window pattern rules out, four window cells at a time:
        # ``self.clash[cell][k][v]`` is the bitset (over indexes into ``by_low[cell]``) of
        # the candidates covering one of the cells set in ``v``, cells 4k to 4k+3 of the
        # window.  A pattern's candidates are then a few lookups and ORs away.
        chunks = (self.width + 3) // 4
        self.clash: list[list[list[int]]] = []
        self.piece_sets: list[list[tuple[int, int]]] = []
        for cell, cands in enumerate(self.by_low):
            per_bit = [0] * (4 * chunks)
            by_piece: dict[int, int] = {}
            for i, (pbit, mask, _) in enumerate(cands):
                rel = mask >> cell
                for j in range(len(per_bit)):
                    if rel >> j & 1:
                        per_bit[j] |= 1 << i
                by_piece[pbit] = by_piece.get(pbit, 0) | 1 << i
            tables: list[list[int]] = []
            for k in range(chunks):
                t = [0] * 16
                for v in range(1, 16):
                    low = v & -v
                    t[v] = t[v ^ low] | per_bit[4 * k + low.bit_length() - 1]
                tables.append(t)
            self.clash.append(tables)
            self.piece_sets.append(sorted(by_piece.items()))
        self.rows: list[dict[int, tuple[Entry, ...]]] = [{} for _ in range(nbits)]
        self._needs: dict[int, int] = {}

    def _fitting(self, cell: int, pat: int) -> int:
        """The candidates at ``cell`` (a bitset of indexes into ``by_low[cell]``) that miss
        every cell set in ``pat`` (a window pattern from ``cell`` on)."""
        clash = 0
        for table in self.clash[cell]:
            clash |= table[pat & 15]
            pat >>= 4
        return (1 << len(self.by_low[cell])) - 1 & ~clash

    def state(self, filled: int, used: int) -> int:
        """The state of a position: ``filled`` cells, ``used`` pieces."""
        return filled | used << self.shift

    def put(self, pid: int) -> int:
        """A placement in the state's layout (its cells and its piece)."""
        pl = self.geo.placements[pid]
        return pl.mask | 1 << pl.piece << self.shift

    def moves(self, state: int) -> list[tuple[int, int]]:
        """``(placement id, next state)`` for each candidate at the first empty cell of
        ``state``, in search order (empty when the state is complete)."""
        free = self.full & ~state
        if not free:
            return []
        cell = (free & -free).bit_length() - 1
        pat = (state >> cell) & self.wmask
        cands = self.rows[cell].get(pat)
        if cands is None:
            cands = self.entry(cell, pat)
        return [(pid, state | put) for put, need, pid in cands
                if not state & put and (state | put) & need != need]

    def _need(self, cell: int, pat: int) -> int:
        """Pieces (a bitset) that could cover ``cell`` when the cells from there on hold
        ``pat`` (cells past the pattern's known part given as empty)."""
        key = pat << 12 | cell
        got = self._needs.get(key)
        if got is None:
            fits = self._fitting(cell, pat)
            got = 0
            for pbit, cands in self.piece_sets[cell]:
                if fits & cands:
                    got |= pbit
            self._needs[key] = got
        return got

    def entry(self, cell: int, pat: int) -> tuple[Entry, ...]:
        """The candidates at first empty cell ``cell`` when the window holds ``pat``.

        A candidate is dropped when, with it down, some open cell of the window (or below)
        has no open neighbour, or two open cells have only each other: pockets of 1 or 2
        cells no piece can fill.  Cells past the window count as open.
        """
        end = cell + self.width
        known = (1 << end) - 1
        below = ((1 << cell) - 1) | pat << cell
        shift, full, never = self.shift, self.full, self.never
        s, nl, nf = self.geo.stride, self.geo.not_last, self.geo.not_first
        out: list[Entry] = []
        cands = self.by_low[cell]
        fits = self._fitting(cell, pat)
        while fits:
            low = fits & -fits
            fits ^= low
            pbit, mask, pid = cands[low.bit_length() - 1]
            filled = below | mask
            o = full & ~filled
            right, left, up, down = (o >> 1) & nl, (o << 1) & nf, o >> s, o << s
            seen = o & known
            if seen & ~(right | left | up | down):
                continue  # a lone open cell
            single = seen & ~((right & left) | (up & down) | ((right | left) & (up | down)))
            if single & (((single >> 1) & nl) | ((single << 1) & nf) | (single >> s)
                         | (single << s)):
                continue  # two open cells with only each other
            need = never
            if o:
                nxt = (o & -o).bit_length() - 1
                if nxt < end:
                    bits = self._need(nxt, (filled >> nxt) & ((1 << (end - nxt)) - 1))
                    if not bits:
                        continue
                    need = bits << shift
            out.append((mask | pbit << shift, need, pid))
        found = tuple(out)
        self.rows[cell][pat] = found
        return found

    def count(self, state: int, cap: int, memo: dict[int, int]) -> int:
        """Completions of ``state`` (stopping at ``cap`` when it is positive)."""
        full, wmask, rows, entry = self.full, self.wmask, self.rows, self.entry

        def rec(state: int) -> int:
            got = memo.get(state)
            if got is not None:
                return got
            free = full & ~state
            if not free:
                return 1
            cell = (free & -free).bit_length() - 1
            pat = (state >> cell) & wmask
            cands = rows[cell].get(pat)
            if cands is None:
                cands = entry(cell, pat)
            n = 0
            for put, need, _ in cands:
                if state & put:
                    continue
                nxt = state | put
                if nxt & need == need:
                    continue
                n += rec(nxt)
                if 0 < cap <= n:
                    n = cap
                    break
            memo[state] = n
            if not len(memo) & _EVERY:
                spend(_EVERY + 1)  # a deal's budget of search steps
            return n

        return rec(state)

    def completions(self, state: int, limit: int | None,
                    memo: dict[int, tuple[Solution, ...]]) -> tuple[Solution, ...]:
        """The completions of ``state`` (the placement ids each adds), in search order."""
        full, wmask, rows, entry = self.full, self.wmask, self.rows, self.entry
        done: tuple[Solution, ...] = ((),)

        def rec(state: int) -> tuple[Solution, ...]:
            got = memo.get(state)
            if got is not None:
                return got
            free = full & ~state
            if not free:
                return done
            cell = (free & -free).bit_length() - 1
            pat = (state >> cell) & wmask
            cands = rows[cell].get(pat)
            if cands is None:
                cands = entry(cell, pat)
            out: list[Solution] = []
            for put, need, pid in cands:
                if state & put:
                    continue
                nxt = state | put
                if nxt & need == need:
                    continue
                found = rec(nxt)
                if found:
                    for rest in found:
                        out.append((pid, *rest))
                    if limit is not None and len(out) >= limit:
                        break
            res = tuple(out) if out else ()
            memo[state] = res
            if not len(memo) & _EVERY:
                spend(_EVERY + 1)  # a deal's budget of search steps
            return res

        return rec(state)


@cache
def search(board: Board, allowed: frozenset[int] | None = None) -> Search:
    """The (cached) search tables of a board, restricted to ``allowed`` placements."""
    geo = geometry(board)
    return Search(board, range(len(geo.placements)) if allowed is None else sorted(allowed))


def _start(board: Board, filled: int, used: int, allowed: frozenset[int] | None,
           ) -> tuple[Search, int] | None:
    if filled & ~geometry(board).full:
        return None
    s = search(board, allowed)
    return s, s.state(filled, used)


def count(board: Board, filled: int, used: int, limit: int | None = None,
          allowed: frozenset[int] | None = None) -> int:
    """Completions of a position (capped at ``limit`` when given)."""
    got = _start(board, filled, used, allowed)
    if got is None:
        return 0
    s, state = got
    if limit is not None and limit <= 0:
        return 0
    return s.count(state, limit if limit is not None else 0, {})


def completions(board: Board, filled: int, used: int, limit: int | None = None,
                allowed: frozenset[int] | None = None) -> list[Solution]:
    """The completions of a position, each as the tuple of placement ids it adds."""
    got = _start(board, filled, used, allowed)
    if got is None:
        return []
    s, state = got
    if limit is not None and limit <= 0:
        return []
    found = s.completions(state, limit, {})
    return [tuple(sorted(c)) for c in (found if limit is None else found[:limit])]


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


def _branches(board: Board) -> list[tuple[int, Search, int, frozenset[int] | None]]:
    """Per X branch of the empty board, in branch order: ``(X placement, search, start
    state, allowed)``.  Branches with the same ``allowed`` can share a memo."""
    geo = geometry(board)
    out: list[tuple[int, Search, int, frozenset[int] | None]] = []
    for x, allowed in _x_branches(geo):
        s = search(board, allowed)
        out.append((x, s, s.state(geo.placements[x].mask, 1 << _X), allowed))
    return out


def count_distinct(board: Board) -> int:
    """Solutions of the empty board up to its symmetries."""
    memos: dict[frozenset[int] | None, dict[int, int]] = {}
    return sum(s.count(state, 0, memos.setdefault(allowed, {}))
               for _, s, state, allowed in _branches(board))


def count_raw(board: Board) -> int:
    """Solutions of the empty board, every reflection and rotation counted (a plain search)."""
    return count(board, 0, 0)


def distinct_solutions(board: Board) -> list[Solution]:
    """One solution of each symmetry class of the empty board, in a fixed order."""
    memos: dict[frozenset[int] | None, dict[int, tuple[Solution, ...]]] = {}
    out: list[Solution] = []
    for x, s, state, allowed in _branches(board):
        for rest in s.completions(state, None, memos.setdefault(allowed, {})):
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
