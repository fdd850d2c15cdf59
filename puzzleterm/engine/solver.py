"""The backtracking solver of the Sudoku family (the oracle).

Candidates are bitmasks (bit ``d-1`` set when digit ``d`` is still possible); a cell is
settled when its mask has a single bit.  Search alternates constraint propagation to a fixed
point (naked singles through a work queue, hidden singles by a two-pass scan of every house)
with branching on the cell that has the fewest candidates.

It works on any :class:`~puzzleterm.engine.geometry.Geometry`, so one code path serves
4x4 to 16x16 Sudoku, X-Sudoku and Latin squares.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from operator import itemgetter

from .geometry import Geometry
from .rng import Rng

Masks = list[int]


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
        "nhouses",
        "node_limit",
        "nodes",
        "peers",
        "rng",
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
        self.fetchers = [(h, itemgetter(*h)) for h in geo.houses]
        self.nhouses = len(geo.houses)
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

    def propagate(self, st: Masks, queue: list[int]) -> bool:
        """Settle naked singles, then hidden singles; False on a contradiction.

        Naked singles run to a fixed point through the queue; houses are then scanned once
        for hidden singles, whose consequences are propagated before returning.
        """
        peers = self.peers
        cell_houses = self.cell_houses
        base = self.ncells
        if not self._settle(st, queue, peers, cell_houses, base):
            return False
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
                return False
            only = once & ~twice & ~placed
            if only:
                for c in house:
                    m = st[c]
                    hit = m & only
                    if hit and m != hit:
                        if hit & (hit - 1):
                            return False  # one cell is the only place for two digits
                        st[c] = hit
                        queue.append(c)
        return not queue or self._settle(st, queue, peers, cell_houses, base)

    @staticmethod
    def _settle(
        st: Masks,
        queue: list[int],
        peers: tuple[tuple[int, ...], ...],
        cell_houses: tuple[tuple[int, ...], ...],
        base: int,
    ) -> bool:
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

    # -- search --------------------------------------------------------------------------
    def run(self, cand: Masks, queue: list[int] | None = None) -> None:
        """Search from candidate masks ``cand``; ``queue`` lists settled cells to propagate
        (default: every settled cell)."""
        if queue is None:
            queue = [c for c, m in enumerate(cand) if m and not m & (m - 1)]
        st = list(cand) + [0] * self.nhouses
        if self.propagate(st, queue):
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


def solve_values(geo: Geometry, values: Sequence[int]) -> tuple[int, ...] | None:
    """The first solution found, or None when there is none."""
    cand = initial_masks(geo, values)
    if cand is None:
        return None
    s = Search(geo, limit=1)
    s.run(cand)
    return masks_to_values(s.solutions[0]) if s.solutions else None


def count_values(geo: Geometry, values: Sequence[int], limit: int | None = 2) -> int:
    """How many solutions, counting no further than ``limit`` (None: count them all)."""
    cand = initial_masks(geo, values)
    if cand is None:
        return 0
    s = Search(geo, limit=limit, keep=False)
    s.run(cand)
    return s.count


def iter_solutions(geo: Geometry, values: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every solution, in search order (for enumerating small boards)."""
    cand = initial_masks(geo, values)
    if cand is None:
        return
    found: list[tuple[int, ...]] = []
    s = Search(geo, limit=None, keep=False)
    _run_with_callback(s, cand, lambda m: found.append(masks_to_values(m)))
    yield from found


def _run_with_callback(s: Search, cand: Masks, cb: Callable[[Masks], None]) -> None:
    class _Sink(list[Masks]):
        def append(self, item: Masks) -> None:
            cb(item)

    s.keep = True
    s.solutions = _Sink()
    s.run(cand)


def has_other_solution(
    geo: Geometry,
    values: Sequence[int],
    solution: Sequence[int],
    cell: int,
    node_limit: int | None = None,
) -> bool:
    """True when ``values`` has a solution whose ``cell`` differs from ``solution[cell]``.

    Removing the clue at ``cell`` from a unique puzzle keeps it unique exactly when this is
    False, so the generator needs one bounded search per clue instead of a count to two.
    With a ``node_limit``, a search that runs out of nodes answers True (the cautious
    answer: the generator then keeps the clue, and the puzzle stays unique).
    """
    vals = list(values)
    vals[cell] = 0
    cand = initial_masks(geo, vals)
    if cand is None:
        return False
    cand[cell] &= ~(1 << (solution[cell] - 1))
    if not cand[cell]:
        return False
    s = Search(geo, limit=1, keep=False, node_limit=node_limit)
    s.run(cand, [c for c, m in enumerate(cand) if m and not m & (m - 1)])
    return s.count > 0 or s.aborted


def random_solution(geo: Geometry, rng: Rng) -> tuple[int, ...]:
    """A random complete grid: randomised search from an empty board, restarted if slow."""
    attempt = 0
    while True:
        attempt += 1
        s = Search(geo, limit=1, rng=rng.fork(f"grid{attempt}"), node_limit=20 * geo.ncells)
        s.run([geo.all_mask] * geo.ncells, [])
        if s.solutions:
            return masks_to_values(s.solutions[0])
