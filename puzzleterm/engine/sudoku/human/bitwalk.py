"""The fixed-order walk of :mod:`.propagate` on the one-integer board: the same work at the
same contradiction, for a fraction of the cost.

A contradiction's work (the cells popped before it shows) is defined by the walk of
:class:`.propagate.Walk`: a last-in-first-out queue of settled cells, each removing its digit
from its peers, and, when the queue runs dry, a pass over the houses in house order for
digits with one place (placed and queued) or none (a contradiction).  This walk takes the
same steps on the board of :mod:`..bitsearch` (one field of bits per cell):

* a pop is ``x &= kill``; the cells it leaves empty and those it leaves with one candidate
  come from field arithmetic over the whole board, a handful of big-integer operations, and
  the new singles are queued in cell order, as the plain walk queues them;
* the houses of one shape (all rows, all columns, all boxes ...) share no cell, and each
  shape's houses are one run of the house order.  So a pass is one fold per shape, in that
  order: a shape's hidden singles and digits without a place come out at once and are
  placed at once (a placement touches no other house of its shape, and the plain pass
  looks at a house's digits before it places any), queued in house order, then cell order;
  the shapes after it see those placements, the ones before it only on the next pass, as
  in the plain pass.

A fold looks at every house, the plain pass at the houses marked as changed, and they find
the same: a digit comes down to one place or none in a house only by losing a place there,
which marks the house.  ``tests/test_human_bitwalk.py`` checks the work against
:class:`.propagate.Walk` on real positions, every assumption and bound.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import cast

from .. import bitcode, bitsearch
from ..geometry import Geometry
from .grid import Grid
from .propagate import UNBOUNDED, Walk

Node = tuple[int, int]  # (cell, digit)
#: Pops a lockstep round of :meth:`BitWalk.first` lets each walk take.
STRIDE = 2
#: ``fold(x, xu)`` of one house shape: the hidden singles of ``x`` among the candidates
#: ``xu`` (those of the cells not settled yet), and the digits without a place (at the bits
#: of each house's first cell).
Fold = Callable[[int, int], tuple[int, int]]


def _fold(geo: Geometry, i: int) -> Fold:
    """The fold of the search's house shape ``i`` (its unrolled code, as the search's)."""
    t = bitsearch.tables(geo)
    width = t.width
    templates = [offsets for offsets, _ in t.templates]
    offsets, anchors = t.templates[i]
    code = bitcode.Code()  # the folds of the search's own code generator
    code.indent = 8
    ones, twos = code.fold("x", *bitcode.fold_shape(
        [0, *(o * width for o in offsets)], templates, width))
    body = "\n".join(code.lines)
    src = f"""
def make(A, S):
    def fold(x, xu, A=A, S=S):
{body}
        return (({ones} ^ {twos}) & A) * S & xu, A ^ ({ones} & A)
    return fold
"""
    namespace: dict[str, object] = {}
    exec(compile(src, f"<bitwalk {geo.variant} {geo.n} shape {i}>", "exec"), namespace)
    make = namespace["make"]
    assert callable(make)
    return cast(Fold, make(anchors, sum(1 << (o * width) for o in (0, *offsets))))


#: Per house shape, in the order a pass meets them: its fold, and per cell the key of the
#: queue order (house index, then cell).
Layout = tuple[tuple[Fold, tuple[int, ...]], ...]


@cache
def layout(geo: Geometry) -> Layout | None:
    """The layout of ``geo``; None when its house shapes do not split the house order into
    runs of houses without a common cell (then the plain walk serves)."""
    t = bitsearch.tables(geo)
    shape_of = {(0, *offsets): i for i, (offsets, _) in enumerate(t.templates)}
    runs: list[int] = []  # shapes in house order, one entry per run
    covered = [0] * len(t.templates)
    rank = [[0] * geo.ncells for _ in t.templates]
    for h, house in enumerate(geo.houses):
        anchor = min(house)
        i = shape_of[tuple(sorted(c - anchor for c in house))]
        if not runs or runs[-1] != i:
            if i in runs:
                return None  # the shape's houses are not one run of the house order
            runs.append(i)
        for c in house:
            if covered[i] >> c & 1:
                return None  # two houses of the shape share a cell
            covered[i] |= 1 << c
            rank[i][c] = h * geo.ncells + c
    return tuple((_fold(geo, i), tuple(rank[i])) for i in runs)


#: A run's ``end`` while it goes on, and once its singles end without a contradiction.
GOING, NO_CONTRADICTION = -1, -2


@cache
def house_digit(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per bit (``cell * width + digit``): the same digit's bit in every cell of each of the
    cell's houses (nothing for a guard bit)."""
    t = bitsearch.tables(geo)
    w = t.width
    lows = [sum(1 << (c * w) for c in house) for house in geo.houses]
    return tuple(
        tuple(lows[h] << b % w for h in geo.cell_houses[b // w]) if b % w < t.n else ()
        for b in range(t.ncells * w))


def keeps_two(houses: tuple[tuple[int, ...], ...], width: int, digits: int, r: int,
              gone: int) -> bool:
    """Whether board ``r`` keeps two candidates or more in each cell of a bit of ``gone``,
    and that bit's digit two places or more in each house of its cell (``houses`` from
    :func:`house_digit`): then taking ``gone`` away makes no single."""
    while gone:
        low = gone & -gone
        gone ^= low
        b = low.bit_length() - 1
        field = r >> (b - b % width) & digits
        if not field & (field - 1):
            return False
        for places in houses[b]:
            places &= r
            if not places & (places - 1):
                return False
    return True


class Run:
    """One walk's state, resumed a limit at a time: the board, the open cells, the queue,
    the work done, and ``end`` (:data:`GOING`, :data:`NO_CONTRADICTION`, or the work of the
    contradiction reached).  ``x1`` is the board after the first pop, the assumption's own
    removals made (0 for a walk the plain walk serves: it is not carried), and ``boards``
    every board the walk has had since, in order."""

    __slots__ = ("boards", "end", "multi", "queue", "work", "x", "x1")

    def __init__(self, x: int, x1: int, multi: int, queue: list[int], end: int = GOING
                 ) -> None:
        self.x, self.x1, self.multi, self.queue, self.end = x, x1, multi, queue, end
        self.work = 0
        self.boards: list[int] = []


class BitWalk:
    """Contradiction walks from the assumptions of one position, as :meth:`.Walk.work`.

    The position must have no naked single left unplaced (the closures' ``exact``), as every
    forcing chain's does: its settled cells are then the placed ones.

    **Walks carried to the next position.**  Most forcing chains follow one another with
    only eliminations between them: the open cells stay the same and the board loses a few
    candidates ``D``.  A walk of the earlier position, stopped (or ended) at some board, is
    then exactly the walk of the new position so far, with ``D`` taken away, when each bit of
    ``D`` the assumption does not remove itself (at its first pop) passes this test on the
    last board of the walk that holds it: that board, without ``D``, keeps two candidates in
    the bit's cell and two places of its digit in each of the cell's houses.  Proof: the
    counts only fall along a walk, so on every board up to the one where the bit goes, its
    cell is open and its digit has two places or more in those houses on both positions;
    once it is gone it is gone from both; every other cell and house-digit is the same on
    both.  So the same cells become singles, the same hidden singles and contradictions
    show, in the same order: the walks take the same pops.  Such a walk goes on from where
    it stood (a finished one keeps its work); the others start again.  (Going on instead
    from the last round before the first board where the two may part took 10% fewer pops
    on top95's slowest puzzles but no less time: the states kept for it cost as much.)
    (``tests/test_human_bitwalk.py`` checks lockstep with carried walks along whole solves
    against the plain walks.)"""

    def __init__(self, g: Grid, board: int) -> None:
        geo = g.geo
        self.g = g
        self.t = t = bitsearch.tables(geo)
        self.layout = layout(geo)
        self.board = board
        #: the guard bits of the cells with two candidates or more
        self.multi = ((board & ((board | t.guards) - t.lows)) + t.full) & t.guards
        self.bits = bitcode.bits(t.ncells * t.width)
        self.plain: Walk | None = None
        #: the walks of an earlier position that can be carried here, and what this
        #: position lost since (see the class's docstring)
        self.earlier: dict[Node, Run] = {}
        self.lost = 0
        prev = g.keep.get("bitwalks")
        if (isinstance(prev, tuple) and prev[0] is t and prev[2] == self.multi
                and board & prev[1] == board):
            self.earlier, self.lost = prev[3], prev[1] ^ board
        #: the walks of this position, kept for the next
        self.runs: dict[Node, Run] = {}

    def work(self, node: Node, bound: int = UNBOUNDED) -> int | None:
        """The work at which the singles of ``node`` reach a contradiction, or None when
        they reach ``bound`` first or end without one (as :meth:`.Walk.work`)."""
        r = self.start(node)
        if r.end == GOING:
            self.advance(r, bound)
        return r.end if r.end >= 0 and r.end < bound else None

    def first(self, nodes: list[Node], bound: int = UNBOUNDED) -> tuple[Node, int] | None:
        """The first of ``nodes`` whose singles reach a contradiction with the least work,
        and that work, when it is below ``bound`` (else None).

        The walks go in lockstep, :data:`STRIDE` pops at a time, and the first round that
        finds contradictions decides: no walk goes much further than the winner's work
        (walking each in turn below the best so far took 1.5 times as long; rounds of 1 to
        4 pops are within 3% of each other).  Walks of the last position are carried over
        where they can be (see the class's docstring); the walks are kept for the next."""
        runs = self.runs
        live = []
        for nd in nodes:
            r = runs.get(nd)
            if r is None:
                r = runs[nd] = self.carried(nd) or self.start(nd)
            live.append((nd, r))
        self.g.keep["bitwalks"] = (self.t, self.board, self.multi, runs)
        advance = self.advance
        limit = 1
        while live and limit < bound:
            limit = min(limit + STRIDE, bound)
            ahead = []
            best: tuple[Node, int] | None = None
            for nd, r in live:
                end = r.end
                if end == GOING and r.work + 1 < limit:
                    advance(r, limit)
                    end = r.end
                if end == GOING:
                    ahead.append((nd, r))
                elif 0 <= end < limit:
                    best = nd, end
                    limit = end  # a later walk must do better (ties go to the first)
                elif end >= 0:
                    ahead.append((nd, r))  # a carried walk ended further on
            if best is not None:
                return best
            live = ahead
        return None

    def carried(self, node: Node) -> Run | None:
        """The walk of ``node`` on the earlier position, brought to this one, when it is
        this position's walk so far (see the class's docstring)."""
        r = self.earlier.get(node)
        if r is None or not r.x1:
            return None
        lost = self.lost
        alive = lost & r.x1  # what the assumption does not remove itself
        here = self.board
        boards = r.boards  # (with what earlier positions lost: taken away here)
        if alive and boards:
            t = self.t
            houses = house_digit(self.g.geo)
            width, digits = t.width, (1 << t.n) - 1
            while alive:
                low = alive & -alive
                alive ^= low
                j = len(boards) - 1  # the last board that holds it (the first does)
                while not boards[j] & low:
                    j -= 1
                if not keeps_two(houses, width, digits, boards[j] & here, low):
                    return None
        out = Run(r.x & here, r.x1, r.multi, r.queue[:], r.end)
        out.work = r.work
        out.boards = boards[:]
        return out

    def start(self, node: Node) -> Run:
        """The walk from ``node``, before its first pop."""
        t = self.t
        cell, d = node
        n = t.n
        g0 = cell * t.width + n  # the cell's guard bit
        b0 = g0 - n + d - 1
        x = self.board
        if self.layout is None or not x >> b0 & 1 or not self.multi & self.bits[g0]:
            # not an open cell's candidate (or a board the folds do not serve): the plain
            # walk's work, a pop at a time
            if self.plain is None:
                self.plain = Walk(self.g)
            got = self.plain.work(node)
            return Run(0, 0, 0, [], NO_CONTRADICTION if got is None else got)
        x ^= (x & t.field_at[g0]) ^ self.bits[b0]
        return Run(x, x & t.kill[b0], self.multi ^ self.bits[g0], [b0])

    def advance(self, r: Run, limit: int) -> None:
        """Take the pops of ``r`` while the next one stays below ``limit``, or until its
        singles end (``r.end`` set)."""
        t = self.t
        n = t.n
        field_at = t.field_at
        bits = self.bits
        shapes = self.layout
        assert shapes is not None  # a walk of the plain one is over from the start
        kill = t.kill
        G, L, M = t.guards, t.lows, t.full
        x, multi, queue, work = r.x, r.multi, r.queue, r.work
        keep = r.boards.append
        while True:
            while queue:
                if work + 1 >= limit:
                    r.x, r.multi, r.work = x, multi, work
                    return
                work += 1
                x &= kill[queue.pop()]
                keep(x)
                y = (x | G) - L
                if y & G != G:
                    break  # a cell left without a candidate
                two = ((x & y) + M) & G
                new = multi ^ two  # cells down to one candidate
                if new:
                    multi = two
                    found = []
                    while new:  # queued in cell order
                        g = new.bit_length() - 1
                        new ^= bits[g]
                        found.append((x & field_at[g]).bit_length() - 1)
                    found.reverse()
                    queue += found
            else:
                # the pass over the houses, a shape at a time
                for fold, rank in shapes:
                    singles, missing = fold(x, x & (multi - (multi >> n)))
                    if missing:
                        break  # a digit without a place in a house
                    if not singles:
                        continue
                    if singles & ((singles | G) - L):
                        break  # one cell the only place of two digits of a house
                    cells = (singles + M) & G
                    x ^= (x & (cells - (cells >> n))) ^ singles
                    keep(x)
                    multi ^= cells
                    placed = []
                    while singles:
                        b = singles.bit_length() - 1
                        singles ^= bits[b]
                        placed.append((rank[b // (n + 1)], b))
                    placed.sort()
                    queue += [b for _, b in placed]
                else:
                    if queue:
                        continue
                    r.x, r.multi, r.work, r.end = x, multi, work, NO_CONTRADICTION
                    return
            r.x, r.multi, r.work, r.end = x, multi, work, work  # a contradiction
            return
