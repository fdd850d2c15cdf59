"""The reference search of the Sudoku family: propagate and branch on cell masks.

It defines the search order that what the program deals depends on: random complete grids
(so a seed deals the same puzzle forever), checks bounded by a node budget (the 16x16
generator), enumeration in search order, and the node counts that rate trial steps in the
grader.  The program runs that order node for node on the bit board
(:class:`~puzzleterm.engine.sudoku.bitclassic.ClassicSearch`); the tests hold the two
together here, and check the bit-parallel solver's answers against it.

Candidates are bitmasks (bit ``d-1`` set when digit ``d`` is still possible); search
alternates constraint propagation (naked singles through a work queue, then one scan of the
houses in order for hidden singles, then the naked singles that scan made: to a fixed point
only at the root) with branching on the first cell that has the fewest candidates.  It works
on any :class:`~puzzleterm.engine.sudoku.geometry.Geometry`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku.geometry import Geometry

Masks = list[int]

#: Outcomes of a propagation step (FAILED is falsy, so ``if propagate(...)`` reads well).
FAILED, STILL, MOVED = 0, 1, 2
Fetchers = tuple[tuple[tuple[int, ...], Callable[[Masks], tuple[int, ...]]], ...]
Segments = tuple[tuple[int, ...], ...]
SegmentLinks = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


def initial_masks(geo: Geometry, values: Sequence[int]) -> Masks | None:
    """Candidate masks for a grid of values (0 = empty), or None if givens clash."""
    full = geo.all_mask
    cand = [full] * geo.ncells
    peers = geo.peers
    for cell, v in enumerate(values):
        if v:
            bit = 1 << (v - 1)
            if not cand[cell] & bit:
                return None
            cand[cell] = bit
    for cell, v in enumerate(values):
        if v:
            bit = 1 << (v - 1)
            for p in peers[cell]:
                cand[p] &= ~bit
    for cell, v in enumerate(values):
        if v and not cand[cell]:
            return None
    return cand


def masks_to_values(cand: Sequence[int]) -> tuple[int, ...]:
    """Digits of settled masks (0 where a cell still has several candidates)."""
    return tuple(m.bit_length() if m and not m & (m - 1) else 0 for m in cand)


class Search:
    """Propagate-and-branch search over one geometry.

    ``limit`` bounds how many solutions are looked for; ``keep`` says whether to store them
    (counting to large limits stores none).  ``rng`` randomises the digit order at each
    branch (used to build random complete grids).  ``node_limit`` bounds the work; when it is
    hit, ``aborted`` is set and the search stops.
    """

    __slots__ = (
        "aborted",
        "cell_houses",
        "count",
        "fetchers",
        "full",
        "houses",
        "keep",
        "limit",
        "ncells",
        "node_limit",
        "nodes",
        "peers",
        "rng",
        "seg_links",
        "segments",
        "solutions",
    )

    def __init__(
        self,
        geo: Geometry,
        limit: int | None = 1,
        keep: bool = True,
        rng: Rng | None = None,
        node_limit: int | None = None,
    ) -> None:
        self.peers = geo.peers
        self.houses = geo.houses
        self.cell_houses = geo.cell_houses
        self.fetchers, self.segments, self.seg_links = search_tables(geo)
        self.full = geo.all_mask
        self.ncells = geo.ncells
        self.limit = limit
        self.keep = keep
        self.rng = rng
        self.node_limit = node_limit
        self.nodes = 0
        self.count = 0
        self.solutions: list[Masks] = []
        self.aborted = False

    # -- propagation ---------------------------------------------------------------------
    # The working state is one list: the candidate mask of every cell, then for every house
    # the mask of digits already placed (propagated) in it, so branching copies one list.

    def propagate(self, st: Masks, queue: list[int]) -> int:
        """Settle naked singles, then hidden singles.

        Naked singles run to a fixed point through the queue; houses are then scanned once
        for hidden singles, whose consequences are propagated before returning.  Returns
        ``FAILED`` on a contradiction, ``STILL`` when the scan found no hidden single (the
        singles are at a fixed point) and ``MOVED`` when it did.
        """
        peers = self.peers
        cell_houses = self.cell_houses
        base = self.ncells
        if not self._settle(st, queue, peers, cell_houses, base):
            return FAILED
        full = self.full
        h = base
        for house, fetch in self.fetchers:
            placed = st[h]
            h += 1
            if placed == full:
                continue
            once = twice = 0
            for m in fetch(st):
                twice |= once & m
                once |= m
            if once != full:
                return FAILED
            only = once & ~twice & ~placed
            if only:
                for c in house:
                    m = st[c]
                    hit = m & only
                    if hit and m != hit:
                        if hit & (hit - 1):
                            return FAILED  # one cell is the only place for two digits
                        st[c] = hit
                        queue.append(c)
        if not queue:
            return STILL
        return MOVED if self._settle(st, queue, peers, cell_houses, base) else FAILED

    @staticmethod
    def _settle(
        st: Masks,
        queue: list[int],
        peers: tuple[tuple[int, ...], ...],
        cell_houses: tuple[tuple[int, ...], ...],
        base: int,
    ) -> bool:
        """Remove each queued cell's digit from its peers (naked singles); False on a clash."""
        while queue:
            cell = queue.pop()
            bit = st[cell]
            for h in cell_houses[cell]:
                st[base + h] |= bit
            for p in peers[cell]:
                m = st[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return False
                    st[p] = m
                    if not m & (m - 1):
                        queue.append(p)
        return True

    def _box_line(self, st: Masks, queue: list[int]) -> int:
        """One pass of box-line reductions (pointing and claiming) over every intersection.

        Cells reduced to one candidate are queued.  Returns ``FAILED``, ``STILL`` or
        ``MOVED``.  Segment unions are computed once per pass; an elimination only shrinks
        them, so a stale union is a superset and every reduction drawn from it stays sound.
        """
        segments = self.segments
        unions = []
        for seg in segments:
            u = 0
            for c in seg:
                u |= st[c]
            unions.append(u)
        result = STILL
        for u, (line_others, box_others) in zip(unions, self.seg_links, strict=True):
            ul = ub = 0
            for j in line_others:
                ul |= unions[j]
            for j in box_others:
                ub |= unions[j]
            point = u & ul & ~ub  # confined to this segment within the box: not elsewhere in line
            claim = u & ub & ~ul  # confined to this segment within the line: not elsewhere in box
            if not (point or claim):
                continue
            for digits, targets in ((point, line_others), (claim, box_others)):
                for j in targets if digits else ():
                    for c in segments[j]:
                        m = st[c]
                        if m & digits:
                            m &= ~digits
                            if not m:
                                return FAILED
                            st[c] = m
                            result = MOVED
                            if not m & (m - 1):
                                queue.append(c)
        return result

    def reduce_root(self, st: Masks) -> bool:
        """Singles and box-line reductions to a fixed point; False on a contradiction.

        Done once, before branching: it costs a node or two and saves many on hard puzzles,
        while repeating it at every node costs more than it saves.
        """
        queue: list[int] = []
        while True:
            while (moved := self.propagate(st, queue)) == MOVED:
                pass
            if moved == FAILED:
                return False
            moved = self._box_line(st, queue)
            if moved != MOVED:
                return moved == STILL

    # -- search --------------------------------------------------------------------------
    def run(self, cand: Masks, queue: list[int] | None = None) -> None:
        """Search from candidate masks ``cand``; ``queue`` lists settled cells to propagate
        (default: every settled cell)."""
        if queue is None:
            queue = [c for c, m in enumerate(cand) if m and not m & (m - 1)]
        st = list(cand) + [0] * len(self.houses)
        if not self.propagate(st, queue):
            return
        if self.segments and not self.reduce_root(st):
            return
        self._dfs(st)

    def _dfs(self, cand: Masks) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            self.aborted = True
            return
        best = -1
        best_n = 99
        for c in range(self.ncells):
            m = cand[c]
            if m & (m - 1):
                k = m.bit_count()
                if k < best_n:
                    best_n = k
                    best = c
                    if k == 2:
                        break
        if best < 0:
            self.count += 1
            if self.keep:
                self.solutions.append(cand[: self.ncells])
            return
        m = cand[best]
        bits = []
        while m:
            low = m & -m
            bits.append(low)
            m ^= low
        if self.rng is not None:
            self.rng.shuffle(bits)
        propagate = self.propagate
        for bit in bits:
            child = cand[:]
            child[best] = bit
            if propagate(child, [best]):
                self._dfs(child)
                if self.aborted or (self.limit is not None and self.count >= self.limit):
                    return


@cache
def search_tables(geo: Geometry) -> tuple[Fetchers, Segments, SegmentLinks]:
    """Per-geometry tables of the search, built once: house readers and box-line segments."""
    fetchers = tuple((h, itemgetter(*h)) for h in geo.houses)
    segments, links = box_line_segments(geo)
    return fetchers, tuple(segments), tuple(links)


def box_line_segments(
    geo: Geometry,
) -> tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """The intersections of boxes with rows and with columns, and for each one the other
    segments of its line and the other segments of its box in the same direction."""
    if not geo.box_rows:
        return [], []
    segments: list[tuple[int, ...]] = []
    keys: list[tuple[str, int, int]] = []
    for kind in ("row", "col"):
        for line_index, (line, t) in enumerate(zip(geo.houses, geo.house_types, strict=True)):
            if t != kind:
                continue
            by_box: dict[int, list[int]] = {}
            for c in line:
                by_box.setdefault(geo.box(c), []).append(c)
            for b in sorted(by_box):
                segments.append(tuple(by_box[b]))
                keys.append((kind, line_index, b))
    links = []
    for kind, line_index, b in keys:
        line_others = tuple(
            j for j, k in enumerate(keys) if k[0] == kind and k[1] == line_index and k[2] != b
        )
        box_others = tuple(
            j for j, k in enumerate(keys) if k[0] == kind and k[2] == b and k[1] != line_index
        )
        links.append((line_others, box_others))
    return segments, links
