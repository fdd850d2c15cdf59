"""Forcing chains' propagations as closures: whole-board singles, kept from step to step.

A forcing chain assumes a candidate and follows the naked and hidden singles it forces.
Without a contradiction, what those singles reach does not depend on the order they are
taken in: eliminating a candidate never makes a single false, so every order ends at the
same fixed point, *the closure*, the largest position below the assumption that no single
changes.  So the outcome of such an assumption (the candidates left, and the work: the
cells it settles, itself included) can be computed by any engine that reaches the closure.
Here it is the bit-parallel propagation of the backtracker (:mod:`..bitsearch`), which
settles every single of the board in a few big-integer operations a round.

Two facts make closures cheap to keep between the steps of a solve, whose candidates only
shrink:

* a closure ``R`` from an earlier position stays the closure of the same assumption while
  the position keeps every candidate of ``R`` (``R`` is then a fixed point below the new
  assumption, and nothing below the old closure can be above it);
* otherwise the new closure is the closure of ``R`` with the new position's candidates
  taken away, which settles only what the difference forces; and when the difference
  forces nothing (every cell that lost a candidate keeps two, every digit lost in a house
  keeps two places there: most often so), that is ``R`` less the difference itself, with
  no propagation.

A contradiction, however, is found after more or less work depending on the order, and the
work decides which forcing chain is reported and its rating.  So an assumption whose
closure is a contradiction is walked in the fixed order of :mod:`.propagate` (on the bit
board, :mod:`.bitwalk`; all such assumptions of a position in lockstep, so that none is
walked further than the least work found); it stays a contradiction on every later
position.  (A position with a naked single not yet placed is walked whole: the walk does
not follow such a single, the closure would.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .. import bitsearch
from ..geometry import Geometry
from .bitwalk import BitWalk, house_digit, keeps_two
from .grid import Grid
from .propagate import UNBOUNDED, Walk, solver_masks

Node = tuple[int, int]  # (cell, digit)
#: The closure (0: a contradiction) and the work, or None: the work reached the bound.
Result = tuple[int, int] | None


@dataclass(frozen=True)
class Consts:
    """Field constants of one geometry's boards."""

    width: int
    guards: int  # the guard bit of every cell
    lows: int  # the lowest digit bit of every cell
    full: int  # every digit bit of every cell
    digits: int  # every digit bit of one cell
    #: per bit (``cell * width + digit``): the same digit's bit in every cell of each of
    #: the cell's houses
    house_digit: tuple[tuple[int, ...], ...]


@cache
def consts(geo: Geometry) -> Consts:
    t = bitsearch.tables(geo)
    return Consts(t.width, t.guards, t.lows, t.full, (1 << t.n) - 1, house_digit(geo))


def open_cells(k: Consts, x: int) -> int:
    """The guard bits of the cells of ``x`` with two candidates or more."""
    z = x & ((x | k.guards) - k.lows)
    return (z + k.full) & k.guards


def nonzero_cells(k: Consts, x: int) -> int:
    """The guard bits of the cells of ``x`` whose field is not empty."""
    return (x + k.full) & k.guards


class Closures:
    """The closures of the assumptions on one position, kept for the next positions of the
    same solve (through ``Grid.keep``)."""

    def __init__(self, g: Grid) -> None:
        geo = g.geo
        self.g = g
        self.k = k = consts(geo)
        self.t = bitsearch.tables(geo)
        self.close = bitsearch.propagator(geo, box_line=False)
        masks = solver_masks(g)
        self.board = x = bitsearch.board_of_masks(geo, masks)
        #: every candidate not in this position (to see what a kept closure lost)
        self.lost = k.full ^ x
        self.open = open_cells(k, x)
        settled = nonzero_cells(k, x) ^ self.open  # as guard bits (open cells are not empty)
        self.done_bits = self._fields_of(settled) & x
        #: a cell with one candidate but not placed is a single the walk does not follow:
        #: such positions are left to the walk whole
        self.exact = all(v or m & (m - 1) for v, m in zip(g.values, g.cand, strict=True))
        earlier = g.keep.get("closures")
        #: per assumption: its closure on some position since the solve began (0: a
        #: contradiction) and that closure's settled digits
        self.memo: dict[Node, tuple[int, int]] = {}
        if isinstance(earlier, Closures) and earlier.k is k and not x & earlier.lost:
            self.memo = earlier.memo
        #: per assumption: its closure and work on this position
        self.here: dict[Node, tuple[int, int]] = {}
        #: the fixed-order walk (made when one is needed): the plain one on a position
        #: that is not exact, on the bit board for the contradictions of one that is
        self.walker: Walk | None = None
        self.bitwalker: BitWalk | None = None
        g.keep["closures"] = self

    def _fields_of(self, guard_bits: int) -> int:
        """Every digit bit of the cells flagged by ``guard_bits``."""
        n = self.t.n
        return guard_bits - (guard_bits >> n)

    def closure(self, node: Node) -> tuple[int, int]:
        """The closure of ``node`` on this position (0 on a contradiction), and its work
        when there is none."""
        seen = self.here.get(node)
        if seen is not None:
            return seen
        x = self.board
        got = self.memo.get(node)
        if got is None:
            cell, d = node
            b = cell * self.k.width + d - 1
            r, done, _, _ = self.close(x & self.t.kill[b], self.done_bits | 1 << b)
        else:
            r, done = got
            if r:
                gone = r & self.lost
                if gone:
                    r &= x
                    if not self._still_closed(r, gone):
                        r, done, _, _ = self.close(r, done)
        if r:
            self.memo[node] = (r, done)
            seen = r, (self.open ^ open_cells(self.k, r)).bit_count()  # open(r) <= open
        else:
            self.memo[node] = seen = (0, 0)
        self.here[node] = seen
        return seen

    def _still_closed(self, r: int, gone: int) -> bool:
        """Whether ``r``, a closure that lost the candidates ``gone``, is still one (no
        single is new): each cell that lost one keeps two or more, and each digit lost in
        a house keeps two places or more there.  (What lost nothing is as it was.)"""
        k = self.k
        return keeps_two(k.house_digit, k.width, k.digits, r, gone)

    def holds(self, node: Node, bound: int = UNBOUNDED) -> Result:
        """The closure of ``node`` and its work; None on a contradiction or when the work
        reaches ``bound`` (a contradiction is not walked: its work does not matter here)."""
        if not self.exact:
            got = self.run(node, bound)
            return got if got is not None and got[0] else None
        r, work = self.closure(node)
        return (r, work) if r and work < bound else None

    def branches(self, nodes: list[Node], bound: int) -> tuple[list[int], int] | None:
        """The closures of ``nodes`` and their total work, when none is a contradiction and
        the total stays below ``bound`` (else None)."""
        here = self.here
        results = []
        work = 0
        for nd in nodes:
            got = here.get(nd) if self.exact else None
            if got is None:
                got = self.holds(nd, bound - work)
                if got is None:
                    return None
            r, w = got
            work += w
            if not r or work >= bound:
                return None
            results.append(r)
        return results, work

    def run(self, node: Node, bound: int = UNBOUNDED) -> Result:
        """On a position that is not exact, the walk's outcome from ``node`` (0: a
        contradiction) and its work; None when the work reaches ``bound``."""
        if self.walker is None:
            self.walker = Walk(self.g)
        got = self.walker.run(node, bound)
        if got is None:
            return None
        masks, work = got
        if masks is None:
            return 0, work
        return bitsearch.board_of_masks(self.g.geo, masks), work

    def first_contradiction(self, nodes: list[Node], bound: int) -> tuple[Node, int] | None:
        """The first of ``nodes`` whose contradiction the walk reaches with the least work,
        and that work, when it is below ``bound`` (else None); only for an exact position.
        The walks go in lockstep (see :meth:`.BitWalk.first`)."""
        wrong = [nd for nd in nodes if not self.closure(nd)[0]]
        if not wrong:
            return None
        if self.bitwalker is None:
            self.bitwalker = BitWalk(self.g, self.board)
        return self.bitwalker.first(wrong, bound)

    def masks_of(self, x: int) -> list[int]:
        """Per-cell candidate masks of board ``x``."""
        w, digits = self.k.width, self.k.digits
        return [(x >> (c * w)) & digits for c in range(self.t.ncells)]

    def common(self, results: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """What every branch's closure agrees on: cells open here that every branch settles
        to the same digit (placements), else candidates no branch keeps (eliminations),
        each in cell order."""
        union = 0
        for r in results:
            union |= r
        if union == self.board:
            # every candidate is kept by some branch: nothing to remove, and a cell every
            # branch settles to one digit would have lost the others (most groups end here)
            return [], []
        k = self.k
        inter = results[0]
        opened = 0  # cells some branch leaves open
        for r in results:
            inter &= r
            opened |= open_cells(k, r)
        # open here, settled by every branch, and to the same digit (no big int is negative:
        # those are slow)
        same = self.open ^ (self.open & opened)
        same ^= same & nonzero_cells(k, union ^ inter)
        w = k.width
        placements = []
        rest = same
        while rest:
            low = rest & -rest
            rest ^= low
            c = (low.bit_length() - 1) // w
            placements.append((c, ((inter >> (c * w)) & k.digits).bit_length()))
        gone = (self.board ^ union) & self._fields_of(self.open ^ same)  # union <= board
        elims = []
        while gone:
            low = gone & -gone
            gone ^= low
            b = low.bit_length() - 1
            elims.append((b // w, b % w + 1))
        return placements, elims
