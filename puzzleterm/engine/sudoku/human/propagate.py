"""Singles propagation from one assumption in a fixed order: the reference of forcing chains.

Forcing chains take an assumption's outcome from its closure (:mod:`.closure`), which does
not depend on the order; the order matters for the work at which a contradiction is found,
and that is what this module fixes (the lean walk of :class:`.closure.Walk` takes the same
steps).  :class:`Propagator` serves the positions closures do not (a naked single not yet
placed) and the tests.

Assume a candidate true and settle naked and hidden singles to a fixed point: the work (cells
settled, the assumption included) and the outcome (the masks, or a contradiction) decide
which forcing chain is reported and how it is rated, so they are fixed by one procedure:

1. settle the queue of newly settled cells, last in first out, removing each one's digit
   from its peers in cell order (a peer left empty is a contradiction);
2. then look at the houses changed since they were last looked at, in house order: a digit
   with no place is a contradiction; a digit with one place settles that cell (a cell
   holding two such digits is a contradiction);
3. repeat while step 2 settled something.

Doing this by scanning every cell of every changed house is what made forcing chains slow.
Here each digit keeps the bitset of its cells, so removing a digit from the peers of a cell
is one ``&``; and each house keeps the digits it lost since it was last looked at, since
only those can have come down to one place or none.  The steps, and so the work, are the
same as the plain scan's (``tests/test_human_propagate.py`` checks it against one).

Forcing chains are looked for again after every step, on a position that differs from the
last one in a few places.  A propagation records what it read: for each digit, the cells
whose having that digit it looked at, and the cells whose whole mask it looked at.  When
none of those changed, the same assumption on the new position takes the very same steps,
so its outcome is taken over instead of computed again (:meth:`Propagator.run`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .grid import Grid

Node = tuple[int, int]  # (cell, digit)
#: The masks a propagation ended with, on the cells it changed (None: a contradiction),
#: and the work it took.
Outcome = tuple[dict[int, int] | None, int]
UNBOUNDED = 1 << 30


def solver_masks(g: Grid) -> list[int]:
    """Masks in the backtracker's form (a settled cell holds its digit's bit)."""
    return [1 << (v - 1) if v else m for v, m in zip(g.values, g.cand, strict=True)]


@dataclass(frozen=True)
class Entry:
    """One propagation: its outcome (None: the work reached ``bound`` first), the bound,
    the cells it changed, and what it read (per digit, the cells whose having the digit
    it looked at; and the cells whose whole mask it looked at)."""

    outcome: Outcome | None
    bound: int
    changed: int
    read_digit: tuple[int, ...]
    read_cells: int
    #: per digit, the cells of houses where it was seen with three places or more: the
    #: same steps follow as long as at most one of them loses the digit
    read_loose: tuple[int, ...]
    #: cells (of a propagation without contradiction) whose masks it only took digits from,
    #: looking at what was left: the same steps follow while such a cell keeps two digits
    #: or more of what the propagation left it (its outcome there is then the new mask
    #: less what the propagation took)
    soft: int = 0


class Propagator:
    """Singles propagation from assumptions on one position, memoised per candidate.

    ``previous`` is the propagator of an earlier position of the same geometry: its
    propagations whose reads did not change are taken over."""

    def __init__(self, g: Grid, previous: Propagator | None = None) -> None:
        t = g.t
        self.base = base = solver_masks(g)
        self.n = n = g.n
        self.full = full = g.geo.all_mask
        self.peer_bits = t.peer_bits
        self.house_bits = t.house_bits
        self.cell_houses = t.cell_houses
        #: for each cell, the bitset of its houses
        self.cell_house_bits = [sum(1 << h for h in hs) for hs in t.cell_houses]
        #: per candidate: the last propagation from it
        self.memo: dict[Node, Entry] = {}
        dcells = [0] * n
        for c, m in enumerate(base):
            while m:
                low = m & -m
                dcells[low.bit_length() - 1] |= 1 << c
                m ^= low
        self.dcells = dcells
        # Houses whose look (step 2) would find something in the position itself: a digit
        # with no place, or one with a single place in an unsettled cell.  They are looked
        # at in full; any other house only for the digits it loses.
        loud = 0
        for h, hb in enumerate(t.house_bits):
            for d0 in range(n):
                places = dcells[d0] & hb
                if not places or (not places & (places - 1)
                                  and base[places.bit_length() - 1] & ~(1 << d0)):
                    loud |= 1 << h
                    break
        self.loud = loud
        self.lost0 = [full if loud >> h & 1 else 0 for h in range(len(t.house_bits))]
        # what changed since the previous position, per digit (reuse needs no loud house)
        self.previous: dict[Node, Entry] = {}
        self.previous_base: list[int] = []
        self.diff: list[tuple[int, int]] = []
        self.any_diff = 0
        if previous is not None and not loud and not previous.loud and previous.n == n:
            self.previous = previous.memo
            self.previous_base = previous.base
            for d0 in range(n):
                delta = previous.dcells[d0] ^ dcells[d0]
                if delta:
                    self.diff.append((d0, delta))
                    self.any_diff |= delta

    def _taken_over(self, node: Node) -> Entry | None:
        """The previous position's propagation from ``node``, if nothing it read changed."""
        old = self.previous.get(node)
        any_diff = self.any_diff
        if old is None or old.read_cells & any_diff:
            return None
        rd = old.read_digit
        loose = old.read_loose
        spent = 0  # digits whose loose cells lost one: they may lose no more
        for d0, delta in self.diff:
            if rd[d0] & delta:
                return None
            hit = loose[d0] & delta
            if hit:
                if hit & (hit - 1):
                    return None
                spent |= 1 << d0
        touched = old.soft & any_diff
        if not touched and not spent:
            return old
        if spent:
            rd = tuple(r | loose[d0] if spent >> d0 & 1 else r for d0, r in enumerate(rd))
        outcome = old.outcome
        if touched:
            assert outcome is not None and outcome[0] is not None
            result = dict(outcome[0])
            base, before = self.base, self.previous_base
            while touched:
                low = touched & -touched
                touched ^= low
                c = low.bit_length() - 1
                left = result[c] & base[c]
                if left.bit_count() < 2 or (before[c] ^ base[c]) & ~result[c]:
                    return None
                result[c] = left
            outcome = (result, outcome[1])
        return Entry(outcome, old.bound, old.changed, rd, old.read_cells, loose, old.soft)

    def run(self, node: Node, bound: int = UNBOUNDED) -> Outcome | None:
        """The masks after assuming ``node`` (None on a contradiction) and the work done
        (cells settled by the assumption, counting the assumption); None when the work
        reaches ``bound`` first (a caller keeping the least work has no use for it)."""
        got = self.memo.get(node)
        if got is None:
            got = self._taken_over(node)
        if got is None or (got.outcome is None and bound > got.bound):
            got = self._propagate(node, bound)
        self.memo[node] = got
        out = got.outcome
        return out if out is not None and out[1] < bound else None

    def changed(self, node: Node) -> int:
        """The cells the propagation from ``node`` changed (after :meth:`run` gave it)."""
        return self.memo[node].changed

    def _propagate(self, node: Node, bound: int) -> Entry:
        cell, d = node
        n = self.n
        masks = self.base[:]
        dcells = self.dcells[:]
        lost = self.lost0[:]  # per house: the digits it lost since it was looked at
        read = [0] * n  # per digit: the cells whose having it was looked at
        loose = [0] * n  # per digit: cells of houses seen with three places or more
        peer_bits = self.peer_bits
        house_bits = self.house_bits
        cell_houses = self.cell_houses
        chb = self.cell_house_bits
        bit = 1 << (d - 1)
        cbit = 1 << cell
        seen = cbit  # the cells whose whole mask was looked at
        soft = 0  # the cells that only lost digits (see Entry.soft)
        old = masks[cell]
        masks[cell] = bit
        gone = old & ~bit
        if old & bit:
            for h in cell_houses[cell]:
                lost[h] |= gone
        else:  # not a candidate: its houses are looked at in full
            dcells[d - 1] |= cbit
            for h in cell_houses[cell]:
                lost[h] = self.full
        while gone:
            low = gone & -gone
            dcells[low.bit_length() - 1] ^= cbit
            gone ^= low
        changed = cbit
        dirty = self.loud | chb[cell]
        queue = [cell]
        work = 0
        while queue:
            while queue:
                c = queue.pop()
                work += 1
                if work >= bound:
                    return Entry(None, bound, changed, tuple(read), seen | soft,
                                 tuple(loose))
                b = masks[c]
                d0 = b.bit_length() - 1
                hits = peer_bits[c] & dcells[d0]
                if not hits:
                    continue
                read[d0] |= hits
                soft |= hits
                dcells[d0] ^= hits
                changed |= hits
                while hits:
                    low = hits & -hits
                    hits ^= low
                    p = low.bit_length() - 1
                    m = masks[p] ^ b
                    if not m:
                        return Entry((None, work), bound, changed, tuple(read), seen | soft,
                                     tuple(loose))
                    masks[p] = m
                    for h in cell_houses[p]:
                        lost[h] |= b
                    dirty |= chb[p]
                    if not m & (m - 1):
                        queue.append(p)
            # look at the houses that lost digits, in house order (a house dirtied by a
            # hidden single is looked at in this round if it comes later, else the next)
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
                while digits:
                    low = digits & -digits
                    digits ^= low
                    d0 = low.bit_length() - 1
                    places = dcells[d0] & hb
                    if not places:
                        return Entry((None, work), bound, changed, tuple(read), seen | soft,
                                     tuple(loose))
                    if places.bit_count() >= 3:
                        loose[d0] |= places  # two places or more whatever one loses
                        continue
                    read[d0] |= places
                    if not places & (places - 1):
                        only |= low
                        holders |= places
                seen |= holders
                while holders:
                    low = holders & -holders
                    holders ^= low
                    c = low.bit_length() - 1
                    m = masks[c]
                    if not m & (m - 1):
                        continue  # settled already
                    hit = m & only
                    if hit & (hit - 1):
                        return Entry((None, work), bound, changed, tuple(read), seen | soft,
                                     tuple(loose))
                    masks[c] = hit
                    gone = m ^ hit
                    for hh in cell_houses[c]:
                        lost[hh] |= gone
                    while gone:
                        g0 = gone & -gone
                        dcells[g0.bit_length() - 1] ^= low
                        gone ^= g0
                    changed |= low
                    dirty |= chb[c]
                    queue.append(c)
        result = {}
        rest = changed
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            result[c] = masks[c]
        return Entry((result, work), bound, changed, tuple(read), seen, tuple(loose),
                     soft & ~seen)
