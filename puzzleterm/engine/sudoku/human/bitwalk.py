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

from collections.abc import Callable, Generator
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


class BitWalk:
    """Contradiction walks from the assumptions of one position, as :meth:`.Walk.work`.

    The position must have no naked single left unplaced (the closures' ``exact``), as every
    forcing chain's does: its settled cells are then the placed ones."""

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

    def work(self, node: Node, bound: int = UNBOUNDED) -> int | None:
        """The work at which the singles of ``node`` reach a contradiction, or None when
        they reach ``bound`` first or end without one (as :meth:`.Walk.work`)."""
        steps = self.walk(node)
        try:
            next(steps)
            steps.send(bound)
        except StopIteration as end:
            return cast("int | None", end.value)
        return None  # the next pop would reach the bound

    def first(self, nodes: list[Node], bound: int = UNBOUNDED) -> tuple[Node, int] | None:
        """The first of ``nodes`` whose singles reach a contradiction with the least work,
        and that work, when it is below ``bound`` (else None).

        The walks go in lockstep, :data:`STRIDE` pops at a time, and the first round that
        finds contradictions decides: no walk goes much further than the winner's work
        (walking each in turn below the best so far took 1.5 times as long; rounds of 1 to
        4 pops are within 3% of each other)."""
        live = []
        for nd in nodes:
            steps = self.walk(nd)
            next(steps)  # started: it waits for its first limit
            live.append((nd, steps))
        limit = 1
        while live and limit < bound:
            limit = min(limit + STRIDE, bound)
            ahead = []
            best: tuple[Node, int] | None = None
            for nd, steps in live:
                try:
                    steps.send(limit)
                except StopIteration as end:
                    work = end.value
                    if work is not None and (best is None or work < best[1]):
                        best = nd, work
                        limit = work  # a later walk must do better (ties go to the first)
                    continue
                ahead.append((nd, steps))
            if best is not None:
                return best
            live = ahead
        return None

    def walk(self, node: Node) -> Generator[int, int, int | None]:
        """The walk from ``node``.  It waits for a limit at once, and again whenever its
        next pop would reach the limit (yielding the work done); it returns the work of the
        contradiction reached, or None when the singles end without one."""
        limit = yield 0
        t = self.t
        cell, d = node
        n = t.n
        g0 = cell * t.width + n  # the cell's guard bit
        b0 = g0 - n + d - 1
        field_at = t.field_at
        x = self.board
        bits = self.bits
        multi = self.multi
        shapes = self.layout
        if shapes is None or not x >> b0 & 1 or not multi & bits[g0]:
            # not an open cell's candidate (or a board the folds do not serve): the plain
            # walk's work, a pop at a time
            if self.plain is None:
                self.plain = Walk(self.g)
            got = self.plain.work(node)
            while got is not None and got >= limit:
                limit = yield limit - 1
            return got
        x ^= (x & field_at[g0]) ^ bits[b0]
        multi ^= bits[g0]
        kill = t.kill
        G, L, M = t.guards, t.lows, t.full
        queue = [b0]
        work = 0
        while queue:
            while queue:
                while work + 1 >= limit:
                    limit = yield work
                work += 1
                x &= kill[queue.pop()]
                y = (x | G) - L
                if y & G != G:
                    return work  # a cell left without a candidate
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
            # the pass over the houses, a shape at a time
            for fold, rank in shapes:
                singles, missing = fold(x, x & (multi - (multi >> n)))
                if missing:
                    return work  # a digit without a place in a house
                if not singles:
                    continue
                if singles & ((singles | G) - L):
                    return work  # one cell the only place of two digits of a house
                cells = (singles + M) & G
                x ^= (x & (cells - (cells >> n))) ^ singles
                multi ^= cells
                placed = []
                while singles:
                    b = singles.bit_length() - 1
                    singles ^= bits[b]
                    placed.append((rank[b // (n + 1)], b))
                placed.sort()
                queue += [b for _, b in placed]
        return None  # the singles end without a contradiction
