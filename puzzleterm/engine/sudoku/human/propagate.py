"""An assumption's singles in a fixed order: the work at which forcing chains find a
contradiction.

Forcing chains take an assumption's outcome from its closure (:mod:`.closure`), which does
not depend on the order.  The work at which a contradiction is found does, and it decides
which forcing chain is reported and its rating, so one procedure fixes it:

1. settle the queue of newly settled cells, last in first out, removing each one's digit
   from its peers in cell order (a peer left empty is a contradiction);
2. then look at the houses changed since they were last looked at, in house order: a digit
   with no place is a contradiction; a digit with one place settles that cell (a cell
   holding two such digits is a contradiction);
3. repeat while step 2 settled something.

Each digit keeps the bitset of its cells, so removing a digit from the peers of a cell is one
``&``; and each house keeps the digits it lost since it was last looked at, since only those
can have come down to one place or none (a digit it has not lost still has two places or
more, or its one place settled).  A cell settled to a digit that takes it from a peer makes
the digit lost only in the peer's other houses: in those they share, the digit is settled.
The steps, and so the work, are those of the plain scan of every cell of every
changed house (``tests/test_human_propagate.py`` checks it against one).  The walk also
serves positions the closures do not (a naked single not yet placed, which it does not
follow), with the masks it ends with.

A walk is a generator that stops when its work reaches a bound and goes on when given a
higher one, so forcing chains walk their contradictions in lockstep
(:meth:`Walk.first_contradiction`): each only as far as the least work among them, rather
than each as far as the best found before it.
"""

from __future__ import annotations

from collections.abc import Generator
from functools import cache

from ..geometry import Geometry
from .grid import Grid, tables

Node = tuple[int, int]  # (cell, digit)
#: The masks a walk ended with (None: a contradiction) and the work it took.
Outcome = tuple[list[int] | None, int]
UNBOUNDED = 1 << 30


def solver_masks(g: Grid) -> list[int]:
    """Masks in the backtracker's form (a settled cell holds its digit's bit)."""
    return [1 << (v - 1) if v else m for v, m in zip(g.values, g.cand, strict=True)]


class _DigitLists(dict[int, list[int]]):
    """Each mask's digits (0-based), worked out when first asked."""

    def __missing__(self, mask: int) -> list[int]:
        got = self[mask] = [d for d in range(mask.bit_length()) if mask >> d & 1]
        return got


@cache
def _digit_lists(n: int) -> list[list[int]] | _DigitLists:
    """Each mask's digits: a list up to 9 digits, else a memo."""
    if n <= 9:
        return [[d for d in range(n) if m >> d & 1] for m in range(1 << n)]
    return _DigitLists()


Apart = list[list[tuple[int, ...]]]


@cache
def _house_tables(geo: Geometry) -> tuple[list[int], Apart, list[list[int]]]:
    """Per cell, its houses as bits; and per cell ``c`` and peer ``p``, the houses of ``p``
    that ``c`` is not in, as a tuple and as bits (for other cells: nothing)."""
    houses = tables(geo).cell_houses
    chb = [sum(1 << h for h in hs) for hs in houses]
    apart: Apart = []
    bits: list[list[int]] = []
    for c, peers in enumerate(geo.peers):
        row: list[tuple[int, ...]] = [()] * geo.ncells
        rowb = [0] * geo.ncells
        for p in peers:
            row[p] = tuple(h for h in houses[p] if h not in houses[c])
            rowb[p] = chb[p] & ~chb[c]
        apart.append(row)
        bits.append(rowb)
    return chb, apart, bits


class Walk:
    """Walks from assumptions on one position."""

    def __init__(self, g: Grid) -> None:
        t = g.t
        self.base = base = solver_masks(g)
        self.n = n = g.n
        self.peer_bits = t.peer_bits
        self.house_bits = t.house_bits
        self.cell_houses = t.cell_houses
        self.cell_house_bits, self.apart, self.apart_bits = _house_tables(g.geo)
        self.full = g.geo.all_mask
        dcells = list(g.all_digit_cells())
        settled = 0  # cells with one candidate or none
        for c, m in enumerate(base):
            if not m & (m - 1):
                settled |= 1 << c
                if m:
                    dcells[m.bit_length() - 1] |= 1 << c
        self.dcells = dcells
        loud = 0
        for h, hb in enumerate(t.house_bits):
            for d0 in range(n):
                places = dcells[d0] & hb
                if not places or (not places & (places - 1) and places & ~settled):
                    loud |= 1 << h  # no place, or one in an open cell
                    break
        #: houses that show something before any assumption (looked at in full, first)
        self.loud = loud
        self.lost0 = [self.full if loud >> h & 1 else 0 for h in range(len(t.house_bits))]
        self.digit_list = _digit_lists(n)

    def work(self, node: Node, bound: int = UNBOUNDED) -> int | None:
        """The work at which the singles of ``node`` reach a contradiction, or None when
        they reach ``bound`` first or end without one."""
        got = self.run(node, bound)
        return got[1] if got is not None and got[0] is None else None

    def run(self, node: Node, bound: int = UNBOUNDED) -> Outcome | None:
        """The masks the singles of ``node`` end with (None on a contradiction) and the
        work (cells settled, the assumption included); None when the work reaches
        ``bound`` first."""
        steps = self.steps(node)
        next(steps)
        try:
            steps.send(bound)
        except StopIteration as end:
            got: Outcome = end.value
            return got
        return None

    def first_contradiction(self, nodes: list[Node], bound: int = UNBOUNDED
                            ) -> tuple[Node, int] | None:
        """The node of ``nodes`` whose singles reach a contradiction after the least work
        (the first in order among equals) and that work, when it is below ``bound``.

        The walks go in lockstep, one unit of work at a time, so each is walked only as far
        as the winner's work: the same answer as walking them one by one, each bounded by
        the best work so far (plus one for those earlier in order)."""
        walks = []
        for nd in nodes:
            steps = self.steps(nd)
            next(steps)
            walks.append((nd, steps))
        level = 1
        while walks and level < bound:
            # two units of work a round (one costs more in rounds than it saves in walks)
            level = min(level + 2, bound)
            alive = []
            best: tuple[Node, int] | None = None
            top = level  # every contradiction of work below top is found
            for nd, steps in walks:
                try:
                    steps.send(top)
                except StopIteration as end:
                    masks, work = end.value
                    if masks is None:  # less work than any found before it in the round
                        best = nd, work
                        top = work  # the later ones must take less to win
                    continue  # no contradiction
                alive.append((nd, steps))
            if best is not None:  # the walks before it reached its work, the rest are cut
                return best
            walks = alive
        return None

    def steps(self, node: Node) -> Generator[None, int, Outcome]:
        """The walk of ``node`` as a generator: sent a bound, it goes on until the work
        reaches the bound (it yields, to be sent a higher bound) or the walk ends (its
        outcome is the value returned).  A bound at or below the work reached leaves it
        where it is."""
        bound = yield
        cell, d = node
        masks = self.base[:]
        dcells = self.dcells[:]
        peer_bits = self.peer_bits
        house_bits = self.house_bits
        lost = self.lost0[:]
        cell_houses = self.cell_houses
        chb = self.cell_house_bits
        apart, apart_bits = self.apart, self.apart_bits
        digit_list = self.digit_list
        bit = 1 << (d - 1)
        cbit = 1 << cell
        old = masks[cell]
        masks[cell] = bit
        gone = old & ~bit
        if old & bit:
            for h in cell_houses[cell]:
                lost[h] |= gone
        else:
            dcells[d - 1] |= cbit
            for h in cell_houses[cell]:
                lost[h] = self.full
        while gone:
            low = gone & -gone
            dcells[low.bit_length() - 1] ^= cbit
            gone ^= low
        dirty = self.loud | chb[cell]
        queue = [cell]
        work = 0
        while queue:
            while queue:
                c = queue.pop()
                work += 1
                while work >= bound:
                    bound = yield
                b = masks[c]
                d0 = b.bit_length() - 1
                hits = peer_bits[c] & dcells[d0]
                if not hits:
                    continue
                dcells[d0] ^= hits
                away, away_bits = apart[c], apart_bits[c]
                singles = 0
                while hits:  # from the last peer (one operation fewer a peer)
                    p = hits.bit_length() - 1
                    hits ^= 1 << p
                    m = masks[p] ^ b
                    if not m:
                        return None, work
                    masks[p] = m
                    for h in away[p]:
                        lost[h] |= b
                    dirty |= away_bits[p]
                    if not m & (m - 1):
                        queue.append(p)
                        singles += 1
                if singles > 1:  # queued in cell order
                    queue[-singles:] = queue[-singles:][::-1]
            h = -1
            while True:
                rest = dirty >> (h + 1)
                if not rest:
                    break
                h += (rest & -rest).bit_length()
                dirty ^= 1 << h
                digits = lost[h]
                lost[h] = 0
                hb = house_bits[h]
                only = 0
                holders = 0
                for d1 in digit_list[digits]:
                    places = dcells[d1] & hb
                    if places & (places - 1):
                        continue  # two places or more: most often
                    if not places:
                        return None, work
                    only |= 1 << d1
                    holders |= places
                while holders:
                    low = holders & -holders
                    holders ^= low
                    c = low.bit_length() - 1
                    m = masks[c]
                    if not m & (m - 1):
                        continue
                    hit = m & only
                    if hit & (hit - 1):
                        return None, work
                    masks[c] = hit
                    gone = m ^ hit
                    for hh in cell_houses[c]:
                        lost[hh] |= gone
                    while gone:
                        g0 = gone & -gone
                        dcells[g0.bit_length() - 1] ^= low
                        gone ^= g0
                    dirty |= chb[c]
                    queue.append(c)
        return masks, work
