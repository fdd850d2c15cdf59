"""The fixed-order walk of :mod:`.propagate` on the one-integer board: the same work at the
same contradiction, for a fraction of the cost.

A contradiction's work (the cells popped before it shows) is defined by the walk of
:class:`.propagate.Walk`: a last-in-first-out queue of settled cells, each removing its digit
from its peers, and, when the queue runs dry, a look at the houses in house order for digits
with one place or none.  This walk takes the same steps on the board of
:mod:`..bitsearch` (one field of bits per cell):

* a pop is ``x &= kill``; the cells it leaves empty and those it leaves with one candidate
  come from field arithmetic over the whole board, a handful of big-integer operations, and
  the new singles are queued in cell order, as the plain walk queues them;
* a look at the houses folds every house at once (hidden singles and digits without a
  place).  The plain walk looks at one house after another, and a hidden single placed in
  one house can make another in a house looked at later in the same pass.  So the singles
  found at once are placed, and the houses folded again: when that shows nothing new, the
  pass found exactly those singles, queued in house order (then cell order); otherwise,
  rarely, the walk is left to the plain one.

A look finds the same things in every house as the plain walk's look at the houses it
marked as changed: a digit can come down to one place or none in a house only by losing a
place there, which marks the house.  ``tests/test_human_bitwalk.py`` checks the work against
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
#: How far the walks of :meth:`BitWalk.first` go from one stage to the next (pops).
STAGE = 1
#: ``events(x, xu)`` of one house shape: the hidden singles of ``x`` among the candidates
#: ``xu`` (of the cells not settled yet), and the digits without a place (at the bits of
#: each house's first cell).
Events = Callable[[int, int], tuple[int, int]]


@cache
def _events(geo: Geometry) -> tuple[Events, ...]:
    """Per house shape (in the order of the search's templates): ``events(x, xu)``."""
    t = bitsearch.tables(geo)
    width = t.width
    templates = [offsets for offsets, _ in t.templates]
    out = []
    for i, (offsets, anchors) in enumerate(t.templates):
        code = bitcode._Code()  # the folds of the search's own code generator
        code.indent = 8
        ones, twos = code.fold("x", *bitcode._shape(
            [0, *(o * width for o in offsets)], templates, width))
        body = "\n".join(code.lines)
        src = f"""
def make(A, S):
    def events(x, xu, A=A, S=S):
{body}
        return (({ones} ^ {twos}) & A) * S & xu, A ^ ({ones} & A)
    return events
"""
        namespace: dict[str, object] = {}
        exec(compile(src, f"<bitwalk {geo.variant} {geo.n} shape {i}>", "exec"), namespace)
        make = namespace["make"]
        assert callable(make)
        out.append(cast(Events, make(anchors, sum(1 << (o * width) for o in (0, *offsets)))))
    return tuple(out)


@cache
def _house_of(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per house shape (in the order of the search's templates), per cell: the index of the
    cell's house of that shape (its place in the walk's house order)."""
    t = bitsearch.tables(geo)
    shapes = {(0, *offsets): i for i, (offsets, _) in enumerate(t.templates)}
    out = [[-1] * geo.ncells for _ in t.templates]
    for h, house in enumerate(geo.houses):
        anchor = min(house)
        i = shapes[tuple(sorted(c - anchor for c in house))]
        for c in house:
            out[i][c] = h
    return tuple(tuple(row) for row in out)


@cache
def _above(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per house ``h`` and cell: the bitset of the cell's houses after ``h``."""
    return tuple(
        tuple(sum(1 << k for k in geo.cell_houses[c] if k > h) for c in range(geo.ncells))
        for h in range(len(geo.houses)))


class BitWalk:
    """Contradiction walks from the assumptions of one position, as :meth:`.Walk.work`.

    The position must have no naked single left unplaced (the closures' ``exact``), as every
    forcing chain's does: its settled cells are then the placed ones."""

    def __init__(self, g: Grid, board: int) -> None:
        geo = g.geo
        self.g = g
        self.t = t = bitsearch.tables(geo)
        self.events = _events(geo)
        self.house_of = _house_of(geo)
        #: per house and cell: the cell's houses after that one, as a bitset
        self.above = _above(geo)
        #: per house shape: the bitset of its houses
        self.shape_houses = tuple(
            sum(1 << h for h in set(row) if h >= 0) for row in self.house_of)
        n = t.n
        self.n = n
        self.width = t.width
        self.board = board
        self.G = guards = sum(1 << (c * t.width + n) for c in range(t.ncells))
        self.L = sum(1 << (c * t.width) for c in range(t.ncells))
        self.M = t.full
        z = board & ((board | guards) - self.L)
        single = guards ^ ((z + t.full) & guards)  # (no cell is empty)
        self.known = single
        # the fields of the cells not settled: every digit bit of the open cells
        opened = guards ^ single
        self.unknown = opened - (opened >> n)
        self.bits = bitcode.bits(t.ncells * t.width)
        self.plain: Walk | None = None
        #: walks the plain walk took over (in-pass effects between houses)
        self.handed = 0

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

        The walks go in stages: each is taken to a common limit, the limit grows by
        :data:`STAGE`, and the first stage that finds contradictions decides, so no walk
        goes much further than the winner's work."""
        live = []
        for nd in nodes:
            steps = self.walk(nd)
            next(steps)  # started: it waits for its first limit
            live.append((nd, steps))
        limit = 0
        while live and limit < bound:
            limit = min(limit + STAGE, bound)
            ahead = []
            best: tuple[Node, int] | None = None
            for nd, steps in live:
                try:
                    steps.send(limit)
                except StopIteration as end:
                    work = end.value
                    if work is not None and (best is None or work < best[1]):
                        best = nd, work
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
        w = self.width
        n = self.n
        g0 = cell * w + n  # the cell's guard bit
        b0 = cell * w + d - 1
        field_at = t.field_at
        x = self.board
        field = field_at[g0]
        if not x >> b0 & 1 or not (x & field) ^ (1 << b0):
            # not an open cell's candidate: the plain walk's work, a pop at a time
            self.handed += 1
            if self.plain is None:
                self.plain = Walk(self.g)
            got = self.plain.work(node)
            while got is not None and got >= limit:
                limit = yield limit - 1
            return got
        x ^= (x & field) ^ (1 << b0)
        kill = t.kill
        bits = self.bits
        G, L, M = self.G, self.L, self.M
        known = self.known | bits[g0]
        unknown = self.unknown ^ field
        queue = [b0]
        work = 0
        events = self.events
        house_of = self.house_of
        above = self.above
        shape_houses = self.shape_houses
        while queue:
            while queue:
                while work + 1 >= limit:
                    limit = yield work
                b = queue.pop()
                work += 1
                x &= kill[b]
                y = (x | G) - L
                if y & G != G:
                    return work  # a cell left without a candidate
                single = G ^ (((x & y) + M) & G)
                new = single ^ known
                if new:
                    known = single
                    found = []
                    while new:
                        g = new.bit_length() - 1
                        new ^= bits[g]
                        f = field_at[g]
                        unknown ^= f
                        found.append((x & f).bit_length() - 1)
                    found.reverse()  # queued in cell order
                    queue += found
            # a pass over the houses in order: ``cur`` is the last house passed; a fold
            # shows its shape's singles, valid until a placement changes one of its houses
            cur = -1
            pushed = False
            xu = x & unknown
            pending = []
            for i, fold in enumerate(events):
                ev, miss = fold(x, xu)
                if miss:
                    return work  # a digit without a place in a house
                houses = house_of[i]
                while ev:
                    b = ev.bit_length() - 1
                    ev ^= bits[b]
                    pending.append((houses[b // w], b))
            pending.sort()
            while pending:
                later = 0  # houses changed by a placement made in an earlier house
                at = -1
                only = 0  # the singles of the house being placed
                k = 0
                for h, b in pending:
                    if later and later & ((2 << h) - 1):
                        break  # a house up to this one changed since its fold
                    k += 1
                    if h != at:
                        at = h
                        only = 0
                    c = b // w
                    g = c * w + n
                    f = field_at[g]
                    if only & f:
                        return work  # one cell the only place of two digits of a house
                    only |= bits[b]
                    if known & bits[g]:
                        if x & bits[b]:
                            continue  # placed from an earlier house
                        return work  # the digit's only place holds another digit
                    x ^= (x & f) ^ bits[b]
                    known |= bits[g]
                    unknown ^= f
                    queue.append(b)
                    pushed = True
                    later |= above[h][c]
                if not later:
                    break
                cur = (later & -later).bit_length() - 2
                xu = x & unknown
                redo = 0
                fresh = []
                for i, houses_i in enumerate(shape_houses):
                    if later & houses_i:
                        redo |= houses_i
                        ev, miss = events[i](x, xu)
                        houses = house_of[i]
                        while miss:  # a digit without a place: seen if its house is ahead
                            b = miss.bit_length() - 1
                            miss ^= bits[b]
                            if houses[b // w] > cur:
                                return work
                        while ev:
                            b = ev.bit_length() - 1
                            ev ^= bits[b]
                            h = houses[b // w]
                            if h > cur:
                                fresh.append((h, b))
                pending = [e for e in pending[k:] if not redo >> e[0] & 1] + fresh
                pending.sort()
            if not pushed:
                return None  # the singles end without a contradiction
        return None
