"""Bit-parallel search of the Sudoku family: one big integer holds the whole board.

The state is a single integer ``x`` with one field of ``n + 1`` bits per cell (cells
row-major): bit ``d-1`` of a field is set while digit ``d`` is still possible there, and the
top bit is a guard, always clear.  Two kinds of arithmetic then work on every cell or every
house at once:

* within fields: ``x & ((x | G) - L)`` drops each cell's lowest candidate (the guards stop
  the borrows), and adding the all-digits mask carries into a guard exactly when its field
  is not empty, so the empty cells, the settled ones and those with two or three candidates
  are a handful of operations for the whole board;
* across fields: every house is a fixed set of cell offsets from its first cell, and houses
  of the same shape (all rows, all columns, all boxes...) share that set, so shifting ``x``
  by each offset and folding the copies tells, for every house of the shape and every digit
  at once, whether the digit has no place, one place or several.  Box-line reductions fold
  the segments (a line's cells within a box) the same way.

So a propagation round costs a few dozen integer operations whatever the number of
placements, and a branch copies nothing: a child is just another integer.  The rounds are
compiled per geometry (:mod:`.bitcode`).  It works on any
:class:`~puzzleterm.engine.sudoku.geometry.Geometry` (4x4 to 16x16 Sudoku, X-Sudoku, Latin
squares): the shapes are read off the houses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from . import bitcode
from .geometry import Geometry


@dataclass(frozen=True)
class Tables:
    """Per-geometry constants of the bit-parallel search."""

    n: int
    ncells: int
    width: int  # bits per cell: n digits and a guard
    full: int  # every digit in every cell
    guards: int  # the guard bit of every cell
    lows: int  # the lowest digit bit of every cell
    #: per house shape: (offsets in cells but the first, its houses' first cells, all digits)
    templates: tuple[tuple[tuple[int, ...], int], ...]
    kill: tuple[int, ...]  # per bit: everything that placing this digit here removes
    peers_at: tuple[int, ...]  # per guard bit: the guard bits of the cell's peers
    field_at: tuple[int, ...]  # per guard bit: the digit bits of that cell
    spread_at: tuple[int, ...]  # per guard bit: the lowest bit of each peer

    def bit(self, cell: int, digit: int) -> int:
        """The bit of ``digit`` (1..n) in ``cell``."""
        return 1 << (cell * self.width + digit - 1)

    def field(self, cell: int) -> int:
        """Every digit bit of ``cell``."""
        return ((1 << self.n) - 1) << (cell * self.width)


@cache
def tables(geo: Geometry) -> Tables:
    """The constants of ``geo``, built once."""
    n, nc = geo.n, geo.ncells
    width = n + 1
    digits = (1 << n) - 1
    full = sum(digits << (c * width) for c in range(nc))
    groups: dict[tuple[int, ...], list[int]] = {}
    for house in geo.houses:
        anchor = min(house)
        offsets = tuple(sorted(c - anchor for c in house))
        groups.setdefault(offsets, []).append(anchor)
    templates = tuple(
        (offsets[1:], sum(digits << (a * width) for a in groups[offsets]))
        for offsets in sorted(groups)
    )
    kill = [0] * (nc * width)
    peers_at = [0] * (nc * width)
    field_at = [0] * (nc * width)
    spread_at = [0] * (nc * width)
    for c in range(nc):
        base = c * width
        field = digits << base
        peers_at[base + n] = sum(1 << (p * width + n) for p in geo.peers[c])
        field_at[base + n] = field
        spread_at[base + n] = sum(1 << (p * width) for p in geo.peers[c])
        for d in range(n):
            # every other digit of the cell, and this digit in every peer
            gone = field & ~(1 << (base + d))
            gone |= sum(1 << (p * width + d) for p in geo.peers[c])
            kill[base + d] = full & ~gone
    return Tables(
        n=n,
        ncells=nc,
        width=width,
        full=full,
        guards=sum(1 << (c * width + n) for c in range(nc)),
        lows=sum(1 << (c * width) for c in range(nc)),
        templates=templates,
        kill=tuple(kill),
        peers_at=tuple(peers_at),
        field_at=tuple(field_at),
        spread_at=tuple(spread_at),
    )


def pack(t: Tables, masks: Sequence[int]) -> int:
    """The board of per-cell fields (each already within its ``n`` digit bits), a row of
    cells at a time: shifting small integers, then one shift of the board per row (one
    per cell of the whole board cost ten times as much on 16x16; for any mask, writing
    the fields in binary costs more)."""
    w, n = t.width, t.n
    row_bits = w * n
    x = 0
    for r in range(t.ncells - n, -1, -n):
        row = 0
        for c in range(r + n - 1, r - 1, -1):
            row = row << w | masks[c]
        x = x << row_bits | row
    return x


@cache
def _value_fields(n: int) -> tuple[str, ...]:
    """Per value 0..n, its cell's field in binary (guard bit first): every digit for 0."""
    digits = (1 << n) - 1
    return tuple(format(digits if v == 0 else 1 << (v - 1), f"0{n + 1}b") for v in range(n + 1))


def board_of(geo: Geometry, values: Sequence[int]) -> int:
    """The state of a grid of values (0 = empty); clashing givens are found by the search,
    and a value out of range gives the empty state (no solution).

    The fields are written out in binary, last cell first, and read as one number: three
    to nine times faster than masking the givens in, or packing fields a row at a time."""
    fields = _value_fields(geo.n)
    try:
        if min(values) < 0:
            return 0
        return int("".join([fields[v] for v in reversed(values)]), 2)
    except IndexError:  # a value above n
        return 0


def board_of_masks(geo: Geometry, masks: Sequence[int]) -> int:
    """The state of per-cell candidate masks (bit ``d-1`` for digit ``d``)."""
    full = geo.all_mask
    return pack(tables(geo), [m & full for m in masks])


def values_of(t: Tables, x: int) -> tuple[int, ...]:
    """The digits of a solved state."""
    w, digits = t.width, (1 << t.n) - 1
    return tuple(((x >> (c * w)) & digits).bit_length() for c in range(t.ncells))


Propagate = Callable[[int, int], tuple[int, int, int, int]]


@cache
def propagator(geo: Geometry, box_line: bool = True, undone: bool = False) -> Propagate:
    """Singles (and box-line reductions with ``box_line``) to a fixed point:
    ``propagate(x, done) -> (x, done, two, pair)`` (with ``undone``: ``propagate(x, und)
    -> (x, und, two, pair)``, ``und`` the digit bits of the cells not placed yet).

    ``done`` holds the placements already propagated; ``two`` flags (by their guard bits)
    the cells left with two candidates or more (0: solved), ``pair`` those with exactly two.
    ``x == 0`` on a contradiction: a cell without a candidate, or a digit without a place in
    a house.  Two placements that clash (one cell, two digits; one digit twice in a house)
    remove each other, leaving an empty cell.
    """
    t = tables(geo)
    src, consts = bitcode.source(
        geo, t.width, [offsets for offsets, _ in t.templates],
        lambda cells: sum(t.field(c) for c in cells), box_line, undone,
    )
    namespace: dict[str, object] = {}
    exec(compile(src, f"<bitsearch {geo.variant} {geo.n}>", "exec"), namespace)
    args: list[object] = list(consts.values())
    for offsets, anchors in t.templates:
        args += [anchors, sum(1 << (o * t.width) for o in (0, *offsets))]
    make = namespace["make"]
    assert callable(make)
    return cast(Propagate, make(*args, t.kill))


@cache
def by_length(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """``kill``, the bits, ``field_at`` and ``spread_at`` indexed by ``bit_length`` (one
    past the bit's index), so that a look-up needs no subtraction; built once."""
    t = tables(geo)
    return ((0, *t.kill), (0, *bitcode.bits(len(t.kill))), (0, *t.field_at),
            (0, *t.spread_at))


@cache
def pair_reach(geo: Geometry) -> list[Any]:
    """Per guard bit's ``bit_length`` (``None`` elsewhere), the mask a pair cell's score
    counts against, by the cell's two digits (its field shifted down to bit 0): those
    digits and the guard bit laid on each of the cell's peers (one look-up instead of the
    product of the field by ``spread_at``).  Up to 9 digits a list, built here (36 masks
    a cell); beyond, a dict that the search fills as it meets the pairs."""
    t = tables(geo)
    spread = by_length(geo)[3]
    out: list[Any] = [None] * (t.ncells * t.width + 1)  # lists, dicts and None
    for c in range(t.ncells):
        g = (c + 1) * t.width
        if t.n <= 9:
            out[g] = [(v | 1 << t.n) * spread[g] if v.bit_count() == 2 else None
                      for v in range(1 << t.n)]
        else:
            out[g] = {}
    return out


def fewest(x: int, two: int, field_at: Sequence[int], worst: int) -> int:
    """The guard bit of the first open cell (of ``two``) with the fewest candidates, three
    being the fewest looked for (``worst``: more than any cell has)."""
    best = worst
    cell = -1
    while two:
        low = two & -two
        two ^= low
        g = low.bit_length() - 1
        k = (x & field_at[g]).bit_count()
        if k < best:
            best = k
            cell = g
            if k == 3:
                break
    return cell


class BitSearch:
    """Propagate-and-branch search; counts solutions up to ``limit`` (None: all).

    Box-line reductions run once, at the root: at every node (or down to depth 3, 6, 10)
    they save up to a third of the nodes but cost as much time (measured on the forum's
    hardest; still so when they run once per node rather than to a fixed point, at depth
    below 3, 5 or 8: within 4% either way).  Each node propagates singles.

    Branching is on a cell with two candidates when there is one (nearly always, after
    singles): the one that sees the most open cells and the most digits of two-candidate
    peers that one of its choices would settle (each once: a peer with both its digits
    counts three times), so that either choice reaches far; one ``bit_count`` per cell
    scores it.  On the forum's hardest, counting the settled peers saves an eighth of the
    nodes (scoring by the open and two-candidate peers alone was the previous rule; the
    first two-candidate cell needs twice the nodes); weighing a settled digit twice, or
    by the weaker of the two choices, or by their product, did no better.  The score is
    doubled and the cell's failures so far in this search added (dom/wdeg-like, failure
    driven): +1 each time the cell is left empty when a node fails (the propagator names
    those cells) and each time a child of a branch on it fails at once: forum hardest,
    uniqueness, 335 nodes -> 286 on all 375 (median 290 -> 260), 265 -> 243 on the first
    100; about +4% a node, -8% median CPU (bench_solver against xcover, forum uniqueness:
    0.78x -> 0.87x; first solution 1.14x -> 1.15x; the other sets within noise).
    Otherwise it is on the first cell with the fewest candidates.  Digits are tried in
    increasing order, each child starting with its digit placed.  Probing (propagating
    both children of every pair cell, taking the survivor when one fails and otherwise
    the pair whose children leave the fewest open cells, children reused) costs more
    propagations than it saves, at depth below 2, 4 or 8.

    Branching on a digit's two places in a house (a bilocal pair, both cells with three
    candidates or more; placing the digit in either) when it scores at least as well as
    the best pair cell, scored as the digit's places among both cells' peers plus twice
    those in pair peers: forum hardest, uniqueness, 335 nodes -> 255 (pairs of every house
    shape), 247 (rows and columns only), 345 (boxes only: worse).  Weaker scores: the
    pair cell's (open peers and settled digits of both cells: 807 nodes), the digit's
    places only (281), only the pairs of the digit with the most places (305).  Built on
    9x9, rows and columns: their "exactly two" from the last round's folds at the fixed
    point (~30 operations, +9% CPU over the whole search alone), pairs with a two-candidate
    cell dropped by one fold of those cells (14 pairs a node left), each scored by two
    ``bit_count`` (the pair-peer digits stacked above the board, so counted thrice): 247
    nodes but 7.2 ms median against 5.8.  Only at depth below 4 or 6: 294 / 268 nodes,
    6.0 / 6.4 ms against 5.9, and top95 0.39 -> 0.56 ms.  The winners' pair-cell scores
    are spread like all nodes' (no gate there).  To pay, the pairs need scoring without
    a loop per pair (or a filter that leaves two or three).

    Where a node's time goes (forum hardest, uniqueness, 335 nodes, ~19 us a node on
    average): propagation ~15 us (~78%), the pair-cell scoring ~3.4 us (18%; 6.9 us at the
    half of the nodes that score, 9.5 pair cells each), the rest ~1 us.  Half the nodes
    fail, and they are two thirds of the propagation: 8.3 rounds and 15.4 placements each
    (the contradiction shows, as an empty cell or a digit without a place, only about 6.5
    rounds in), against 3.4 rounds and 3 placements for the others; placements are ~30% of
    propagation.  A round is near its floor: ~60 ns an operation whatever the size.

    Measured and dropped: the score's mask looked up per cell and field (no gain: a small
    int times a sparse one is cheap); the houses folded in another order (boxes or columns
    first: within 1%); the empty-cell test only when a round places nothing (+6-10%); a
    child taking the parent's ranking of pair cells (the first still a pair cell: 280 nodes
    on the first 150 instead of 248, +13% time); scoring only the pair cells whose two
    digits are both in pair peers (a fold of the pair cells' digits per house shape, ~50
    operations, leaves 4.7 cells of 9.6: 274 nodes on the first 100 instead of 265, +13%
    time); stopping the scan at the first cell scoring at least the parent's best (+0, +2 or
    +4: 285, 266, 265 nodes, no faster).  Estimated, not built: the two children propagated
    side by side in one integer (the rounds would be the longer child's, 0.68 of the sum,
    but shifts and subtractions on twice the bits cost 1.45x, so ~0.96 overall); placing a
    round's singles by folds rather than one by one (~33 operations a round against ~15 for
    its 2.1 placements); a test for a digit without a place at every round (~18 operations a
    round, to see a contradiction ~2 rounds early in failing nodes).  Kept: look-ups indexed
    by ``bit_length`` (no subtraction; the tables built once per geometry) and the last
    child searched in the caller's loop: ~4% on the forum's uniqueness median (bench_solver
    against xcover: 0.77x -> 0.80x), the other sets unchanged.  Bilocal pairs (rows and
    columns) scored by the digit's places among each cell's peers (summed over the two
    cells, pair peers thrice), re-measured by a slow model: 272 nodes on all 375 (-19%), but
    243 on the first 100 against 265 (-8%): the saving lies in the largest trees, so the
    median gains less than the mean; below depth 5 or 8 only: 295 / 277 nodes.

    Kept since (forum hardest, first 100, uniqueness, same nodes and order): a pair cell's
    mask looked up by its two digits (:func:`pair_reach`) rather than a product per cell
    (~3%: a dict keyed by the field in place was slower, hashing a big int costs ~200 ns),
    and the cells still open passed as ``und`` with the branch digits read off the small
    field (~3%).  Measured and dropped, on the same 100 (265 nodes):

    * both children propagated side by side in one integer (built: a second board
      ``ncells * width`` bits up, failed boards made inert): over 3,000 branch nodes,
      31.8 us against 31.6 us one after the other, and 4.98 ms against 4.83 ms in the
      search.  A round on two boards costs ~1.3x one, but the twin needs 9.2 rounds where
      the longer child needs 7.5 (the sum: 10.9): a board that has no naked single waits
      while the other has some, since the houses are folded only when neither does.
      Stopping at the first failure takes 24 us, and the survivor's rest 7.5 us more.
      Folding the houses as soon as one board has no naked single (both boards' hidden
      singles placed), a board at its fixed point left idle: 33.5 us against 30.3 (the
      folds run too often).  At branch nodes both children fail 34% of the time, one
      33%, neither 33%;
    * box-line reductions at every node, by kind: pointing and claiming 202 nodes (5.73 ms
      against 4.90), claiming only 212 (5.21), pointing only 226 (5.51); a node runs 0.74
      passes, 0.24 of them eliminating;
    * at the root, naked and hidden pairs and triples and X-wings and swordfish to a fixed
      point: 264 nodes (nothing to find on these puzzles); every pair cell's two choices
      tried there, a failing one removed: none fails;
    * the score plus, per digit of the cell with exactly two places in one of its houses,
      0.5, 1 or 2: 276, 307, 352 nodes; plus 1/(places-1) per house and digit: 280; the
      digits of three-candidate peers counted too: 330;
    * the score only above depth 6, 9 or 12 (deeper, the last pair cell): 340, 280, 265
      nodes, no faster; only the first 6 or 4 pair cells scored: 280 / 310 nodes, no
      faster; ties to the last cell: 266 nodes;
    * hidden singles of fewer house shapes at the nodes (all three kept at the root):
      without boxes 287 nodes for 2.5% less time (within noise), without columns 335,
      without rows 330, boxes only 404 (+7% to +18% time); the weaker rounds cost about
      what the larger tree does, as box-line reductions do the other way;
    * failing nodes end on an empty cell 88% of the time; a test for a digit without a
      place at every round would see it one round earlier (7.6 rounds against 8.6).

    Failure-driven choice, measured and dropped (forum hardest, uniqueness, mean nodes on
    all 375 / the first 100, against 335 / 265 with no history; score ``k``, ``w`` the
    cell's failures): everything lands on 282-291 / 236-243, the largest trees gaining most.

    * ``w`` from emptied cells only: ``k + w/2`` 291 / 242, ``k + w`` 295 / 250, ``k +
      w/10`` 305 / 248; ``w`` as a tie-break only 314 / 252; from failing children only
      305 / 254; ``k + w`` with both kinds 289 / 245, ``k + w/3`` 286 / 238;
    * weight on the emptied cells' peers (wdeg's constraints, as the sum over peers):
      ``k + pw/10`` 322 / 259, ``pw/2`` 345 / 275, added to ``w`` 293 / 246;
    * failing children counted per cell and digit (a second look-up per pair cell, the
      two digits summed or the larger): 282 / 238, 285 / 241; on their own 302 / 250;
    * decay (VSIDS-style, the increment grown by 1/0.995, 1/0.95 per failure): 285 / 236,
      316 / 264; ``w`` multiplying the score, ``k * (c + w)`` for ``c`` 5 to 40: 285-291
      / 239-243;
    * last conflict (branch on the cell the last failure emptied, when a pair cell): 339
      / 273 alone, 304 / 255 with ``w``;
    * impact (open cells a child's propagation settles, per cell and digit, averaged; a
      failing child settles all): ``k`` plus a fifth of both digits' 315 / 266, half the
      smaller 313 / 255; with ``w`` 294 / 253, 287 / 243;
    * timed side by side (min of 2 runs, all 375): ``w`` decaying as above 286 nodes,
      1.07x against 1.08x for the rule kept; ``k + w`` 289 nodes, 1.11x (within noise);
    * first solution: the two children ordered by their digit's failures in this cell
      (fewer first, or more first): 137 / 138 nodes against 137 (153 with no history);
    * a digit without a place in a house (12% of failures) adding 0.1, 0.3 or 1 to
      ``w`` of each of the house's cells: 289 / 241, 288 / 242, 291 / 245;
    * a restart after 30, 60 or 100 nodes, keeping ``w``: 318, 344, 381 nodes in all
      (the informed second search no smaller than the first);
    * the branch cell above the failing child's parent credited too (+0.5, +1): 291 /
      246, 297 / 255; failures weighted by depth (``1/(1 + depth)``, or 0.3 below depth
      8): 289 / 244, 293 / 244.

    Bilocal pairs again, on top of the failure history (forum hardest, uniqueness, mean /
    median nodes on all 375 against 286 / 260; rows and columns, neither cell a pair cell,
    scored as twice the digit's places among both cells' peers, pair peers thrice, plus the
    larger failure count of the two; taken when at least the best pair cell's score): at
    every node 221 / 203 (the two counts summed: 226); below depth 3, 4, 5, 6 only, 268,
    251, 240, 232 nodes, evaluated at 3%, 8%, 15%, 25% of the nodes.  Built (generated per
    geometry: both line shapes folded to "three or more" by doubling, a line whose digit is
    in a pair cell dropped by an or-fold, and a pair whose cells' digit has fewer than three
    places across dropped in bulk: 7.4 pairs scored a call instead of 14.6, same nodes): 22
    us a call (folds 7.5, filters 3.3, the loop 11).  Side by side (CPU): below depth 4,
    forum uniqueness 1.047x faster (mean 1.069x), first solution 1.009x, but top95
    uniqueness 0.75x, first 0.79x, top1465 0.77x (small trees are all shallow); below depth
    3, 5, 6: 1.02x, 1.02x, 0.96x.  Only once the search has seen 30, 50 or 100 nodes (large
    trees only): 1.01x-1.03x (noise), top95 0.97x-1.02x; after 10 nodes below depth 4:
    1.03x, top95 0.88x.  The open cells after the root's propagation do not tell the large
    trees (medians: forum 59, top1465 58 for 31 nodes on average, top95 54).  Node counts
    only: pairs with the digit in a pair peer of both cells (0.6 pairs a node left) 281, of
    either 274; both cells with three candidates 268; scored by pair peers only 278, by
    history only 265; boxes' pairs too 235, rows only 242 (below depth 6); a gate on a weak
    best pair cell (reach 12 or less, below depth 8) 237 nodes at 15% evaluated, no better
    than the depth gate; pairs whose cells' digit has three places or more in their boxes:
    2.2 pairs scored, 239 nodes, but the boxes folded to three cost ~4 us more.  So the
    saving is real but a call costs ~1.1 nodes.

    Counting to 2 is one search: once the first solution is found, every node still to
    visit lies beside its path and so excludes it, so knowing it prunes nothing there;
    a unique puzzle costs the whole tree, whatever the order of the children.
    """

    __slots__ = ("by_length", "count", "keep", "limit", "nodes", "propagate", "propagate_root",
                 "reach", "solutions", "t")

    def __init__(self, geo: Geometry, limit: int | None = 1, keep: bool = True) -> None:
        self.t = tables(geo)
        self.by_length = by_length(geo)
        self.reach = pair_reach(geo)
        self.propagate = propagator(geo, box_line=False, undone=True)
        self.propagate_root = propagator(geo, undone=True)
        self.limit = limit
        self.keep = keep
        self.count = 0
        self.nodes = 0
        self.solutions: list[tuple[int, ...]] = []

    def run(self, x: int) -> None:
        """Search from state ``x`` (see :func:`board_of`)."""
        t = self.t
        propagate = self.propagate
        field_at = t.field_at
        n = t.n
        w = n + 1
        digits = (1 << n) - 1
        top = 1 << n  # a field's guard bit
        reach = self.reach
        kill1, bit1, field1, spread1 = self.by_length
        worst = t.n + 1
        # per guard bit's bit_length: the failures seen (this search's history)
        failed = [0] * (t.ncells * w + 1)
        limit = self.limit if self.limit is not None else 1 << 62
        found = self.solutions if self.keep else None
        nodes = 0
        count = 0

        def dfs(x: int, und: int, at: int) -> bool:
            """Search below ``x`` (``und``: the cells not placed yet, by their digit bits;
            ``at``: the guard bit's bit_length of the cell just branched on, 0 at the root);
            True when the limit is reached."""
            nonlocal nodes, count
            while True:  # the last child of a node is searched in this loop, not a call
                nodes += 1
                x, und, two, pair = propagate(x, und)
                if not x:
                    failed[at] += 1  # the cell branched on, and each cell left empty
                    while und:
                        g = und.bit_length()
                        und ^= bit1[g]
                        failed[g] += 1
                    return False
                if not two:
                    count += 1
                    if found is not None:
                        found.append(values_of(t, x))
                    return count >= limit
                if not pair:
                    break
                # open peers count once, and so does each digit of a pair peer that one of
                # the choices would settle: the guard bits of ``two`` and the digit bits of
                # the pair cells, against the cell's peers' guards and its digits in them
                wanted = two | x & (pair - (pair >> n))
                best = -1
                cell = 0
                pick = 0
                rest = pair
                while rest:  # from the last cell, so that ties go to the first
                    g = rest.bit_length()  # the guard bit's index, plus one
                    rest ^= bit1[g]
                    v = (x >> (g - w)) & digits
                    try:
                        k = (wanted & reach[g][v]).bit_count() * 2 + failed[g]
                    except KeyError:
                        m = reach[g][v] = (v | top) * spread1[g]
                        k = (wanted & m).bit_count() * 2 + failed[g]
                    if k >= best:
                        best = k
                        cell = g
                        pick = v
                # its two digits, the lower first, read off the small field
                und ^= field1[cell]
                at = cell
                cell -= w
                if dfs(x & kill1[cell + (pick & -pick).bit_length()], und, at):
                    return True
                x &= kill1[cell + pick.bit_length()]
            g = fewest(x, two, field_at, worst)
            rest = x & field_at[g]
            und ^= field_at[g]
            while rest:  # each digit in increasing order (the child starts with it placed)
                low = rest & -rest
                if dfs(x & kill1[low.bit_length()], und, g + 1):
                    return True
                rest ^= low
            return False

        try:
            x, und, _, _ = self.propagate_root(x, t.full)
            if x:
                dfs(x, und, 0)
        finally:
            self.nodes += nodes
            self.count += count
