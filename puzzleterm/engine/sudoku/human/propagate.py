"""Singles propagation from one assumption, for forcing chains.

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
"""

from __future__ import annotations

from .grid import Grid

Node = tuple[int, int]  # (cell, digit)
Outcome = tuple[list[int] | None, int]
UNBOUNDED = 1 << 30


def solver_masks(g: Grid) -> list[int]:
    """Masks in the backtracker's form (a settled cell holds its digit's bit)."""
    return [1 << (v - 1) if v else m for v, m in zip(g.values, g.cand, strict=True)]


class Propagator:
    """Singles propagation from assumptions on one position, memoised per candidate."""

    def __init__(self, g: Grid) -> None:
        t = g.t
        self.base = base = solver_masks(g)
        self.n = n = g.n
        self.full = full = g.geo.all_mask
        self.peer_bits = t.peer_bits
        self.house_bits = t.house_bits
        self.cell_houses = t.cell_houses
        #: for each cell, the bitset of its houses
        self.cell_house_bits = [sum(1 << h for h in hs) for hs in t.cell_houses]
        #: per candidate: the outcome, and the bound it was computed under
        self.memo: dict[Node, tuple[Outcome | None, int]] = {}
        #: per candidate: the cells whose masks its propagation changed (for ``_common``)
        self.changed: dict[Node, int] = {}
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

    def run(self, node: Node, bound: int = UNBOUNDED) -> Outcome | None:
        """The masks after assuming ``node`` (None on a contradiction) and the work done
        (cells settled by the assumption, counting the assumption); None when the work
        reaches ``bound`` first (a caller keeping the least work has no use for it)."""
        got = self.memo.get(node)
        if got is None or (got[0] is None and bound > got[1]):
            got = (self._propagate(node, bound), bound)
            self.memo[node] = got
        out = got[0]
        return out if out is not None and out[1] < bound else None

    def _propagate(self, node: Node, bound: int) -> Outcome | None:
        cell, d = node
        masks = self.base[:]
        dcells = self.dcells[:]
        lost = self.lost0[:]  # per house: the digits it lost since it was looked at
        peer_bits = self.peer_bits
        house_bits = self.house_bits
        cell_houses = self.cell_houses
        chb = self.cell_house_bits
        bit = 1 << (d - 1)
        cbit = 1 << cell
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
                    return None
                b = masks[c]
                d0 = b.bit_length() - 1
                hits = peer_bits[c] & dcells[d0]
                if not hits:
                    continue
                dcells[d0] ^= hits
                changed |= hits
                while hits:
                    low = hits & -hits
                    hits ^= low
                    p = low.bit_length() - 1
                    m = masks[p] ^ b
                    if not m:
                        return None, work
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
                    places = dcells[low.bit_length() - 1] & hb
                    if not places:
                        return None, work
                    if not places & (places - 1):
                        only |= low
                        holders |= places
                while holders:
                    low = holders & -holders
                    holders ^= low
                    c = low.bit_length() - 1
                    m = masks[c]
                    if not m & (m - 1):
                        continue  # settled already
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
                    changed |= low
                    dirty |= chb[c]
                    queue.append(c)
        self.changed[node] = changed
        return masks, work
