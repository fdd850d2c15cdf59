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

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from . import bitcode, bitcover
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


Propagate = bitcover.Propagate

#: the largest board searched in the exact-cover layout (:mod:`.bitcover`); on 16x16 its
#: integers are wide enough that the cell layout is as fast (``docs/backtracker.md``)
COVER_MAX = 9


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
    """``kill``, the bits and ``spread_at`` indexed by ``bit_length`` (one past the bit's
    index), so that a look-up needs no subtraction; built once."""
    t = tables(geo)
    return (0, *t.kill), (0, *bitcode.bits(len(t.kill))), (0, *t.spread_at)


@cache
def cell_root(geo: Geometry) -> bitcover.Root:
    """``root(x) -> (x, und, two)`` in the cell layout: singles and box-line reductions to
    a fixed point (the other layout's :func:`.bitcover.root`)."""
    propagate = propagator(geo, undone=True)
    full = tables(geo).full

    def root(x: int) -> tuple[int, int, int]:
        x, und, two, _ = propagate(x, full)
        return x, und, two

    return root


@cache
def cell_settle(geo: Geometry) -> tuple[int, ...]:
    """Per bit's ``bit_length``: every digit bit but its cell's (the cells still open once a
    digit is placed there)."""
    t = tables(geo)
    return (0, *(t.full ^ t.field(i // t.width) for i in range(t.ncells * t.width)))


@cache
def pair_reach(geo: Geometry) -> list[Any]:
    """Per guard bit's ``bit_length`` (``None`` elsewhere), the mask a pair cell's score
    counts against, by the cell's two digits (its field shifted down to bit 0): those
    digits and the guard bit laid on each of the cell's peers (one look-up instead of the
    product of the field by ``spread_at``).  Up to 9 digits a list, built here (36 masks
    a cell); beyond, a dict that the search fills as it meets the pairs."""
    t = tables(geo)
    spread = by_length(geo)[2]
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

    Up to 9x9 the board is kept in the exact-cover layout (:mod:`.bitcover`: a field per
    cell, then one per house and digit), where a round of naked and hidden singles is a
    dozen operations; on 16x16 in the cell layout above, the houses folded per shape.  Each
    node propagates naked and hidden singles; box-line reductions run once, at the
    root.  Branching is on a cell with two candidates when there is one (nearly always,
    after singles): the one with the highest score, twice the open cells it sees plus the
    digits of two-candidate peers that one of its choices would settle (each once: one
    ``bit_count`` against a mask looked up by the cell's two digits, :func:`pair_reach`),
    plus the cell's failures so far in this search (dom/wdeg-like: +1 each time a failing
    node leaves it empty, and each time a child of a branch on it fails at once).
    Otherwise it is on the first cell with the fewest candidates.  Digits are tried in
    increasing order, each child starting with its digit placed, the last one searched in
    the caller's loop.

    Each rule was measured against its alternatives on the forum's hardest puzzles; the
    figures, for what was kept and for the many variants dropped (box-line reductions at
    every node, probing, bilocal branching, both children propagated in one integer, other
    scores and failure weights, restarts...), are in ``docs/backtracker.md``: read it
    before trying a new rule.

    Counting to 2 is one search: once the first solution is found, every node still to
    visit lies beside its path and so excludes it, so knowing it prunes nothing there;
    a unique puzzle costs the whole tree, whatever the order of the children.
    """

    __slots__ = ("by_length", "count", "keep", "limit", "nodes", "place", "propagate", "reach",
                 "root", "settle", "solutions", "t")

    def __init__(self, geo: Geometry, limit: int | None = 1, keep: bool = True,
                 cover: bool | None = None) -> None:
        """``cover``: search in the exact-cover layout (None: up to 9x9, see
        :data:`COVER_MAX`)."""
        self.t = tables(geo)
        self.by_length = by_length(geo)
        self.reach = pair_reach(geo)
        #: the board's layout: ``root`` takes a cell-layout board to it at its fixed point,
        #: ``propagate`` runs a node, and per bit's ``bit_length`` (a cell field's bits are
        #: the same in both), ``place`` keeps what placing that candidate leaves and
        #: ``settle`` what is still open after it (the cell layout's ``und``; in the other,
        #: the board's guards tell the open fields and ``und`` is 0)
        self.root: bitcover.Root
        if (geo.n <= COVER_MAX) if cover is None else cover:
            k = bitcover.cover(geo)
            self.root = bitcover.root(geo)
            self.propagate = bitcover.propagator(geo)
            self.place, self.settle = k.kill, k.covers
        else:
            self.root = cell_root(geo)
            self.propagate = propagator(geo, box_line=False, undone=True)
            self.place, self.settle = self.by_length[0], cell_settle(geo)
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
        bit1, spread1 = self.by_length[1], self.by_length[2]
        place, settle = self.place, self.settle
        worst = t.n + 1
        # per guard bit's bit_length: the failures seen (this search's history)
        failed = [0] * (t.ncells * w + 1)
        limit = self.limit if self.limit is not None else 1 << 62
        found = self.solutions if self.keep else None
        nodes = 0
        count = 0

        def dfs(x: int, und: int, at: int) -> bool:
            """Search below ``x`` (``und``: the cells not placed yet, by their digit bits,
            in the cell layout;
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
                pd = x & (pair - (pair >> n))  # the pair cells' digits: a cell-sized int
                wanted = two | pd
                best = -1
                cell = 0
                pick = 0
                rest = pair
                while rest:  # from the last cell, so that ties go to the first
                    g = rest.bit_length()  # the guard bit's index, plus one
                    rest ^= bit1[g]
                    v = (pd >> (g - w)) & digits  # shifting the small int, not the board
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
                at = cell
                cell -= w
                b = cell + (pick & -pick).bit_length()
                if dfs(x & place[b], und & settle[b], at):
                    return True
                b = cell + pick.bit_length()
                x &= place[b]
                und &= settle[b]
            g = fewest(x, two, field_at, worst)
            rest = x & field_at[g]
            while rest:  # each digit in increasing order (the child starts with it placed)
                low = rest & -rest
                b = low.bit_length()
                if dfs(x & place[b], und & settle[b], g + 1):
                    return True
                rest ^= low
            return False

        try:
            x, und, _ = self.root(x)
            if x:
                dfs(x, und, 0)
        finally:
            self.nodes += nodes
            self.count += count
