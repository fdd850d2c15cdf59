"""Bit-parallel search of the Sudoku family: one big integer holds the whole board.

The state is a single integer ``x`` of ``n`` blocks of ``ncells`` bits: bit ``d*ncells + c``
is set while digit ``d+1`` is still possible in cell ``c``.  Cells are numbered row-major,
so every house is a fixed set of offsets from its first cell, and houses of the same shape
(all rows, all columns, all boxes...) share one *template*: shifting ``x`` right by each
offset and folding the copies together counts, for every house of the template and every
digit at once, whether the digit has no place, one place or several.  The same trick over
the digit blocks counts the candidates of every cell at once.  So one propagation round
(naked singles, hidden singles, contradictions) is a few dozen integer operations whatever
the number of placements, and a branch copies nothing: a child is just another integer.

It works on any :class:`~puzzleterm.engine.sudoku.geometry.Geometry` (4x4 to 16x16 Sudoku,
X-Sudoku, Latin squares): the templates are read off the houses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import cast

from .geometry import Geometry


@dataclass(frozen=True)
class Tables:
    """Per-geometry constants of the bit-parallel search."""

    n: int
    ncells: int
    cells: int  # ncells low bits: one block
    full: int  # every digit in every cell
    rep: int  # one bit at the start of each block: ``mask * rep`` copies a block to all
    digit_shifts: tuple[int, ...]  # block offsets 1..n-1, to fold the digits of each cell
    #: per template: (offsets but the first, anchor bits in every block, spread multiplier)
    templates: tuple[tuple[tuple[int, ...], int, int], ...]
    kill: tuple[int, ...]  # per bit: everything that placing this digit here removes
    peer_cells: tuple[int, ...]  # per cell: its peers (one block)
    cell_bit: tuple[int, ...]  # per cell: its bit in every block


@cache
def tables(geo: Geometry) -> Tables:
    """The constants of ``geo``, built once."""
    n, nc = geo.n, geo.ncells
    cells = (1 << nc) - 1
    rep = sum(1 << (d * nc) for d in range(n))
    full = cells * rep
    groups: dict[tuple[int, ...], list[int]] = {}
    for house in geo.houses:
        anchor = min(house)
        offsets = tuple(sorted(c - anchor for c in house))
        groups.setdefault(offsets, []).append(anchor)
    templates = []
    for offsets in sorted(groups):
        anchors = sum(1 << a for a in groups[offsets]) * rep
        spread = sum(1 << o for o in offsets)
        templates.append((offsets[1:], anchors, spread))
    cell_bit = tuple(rep << c for c in range(nc))
    kill = []
    peer_cells = tuple(sum(1 << p for p in geo.peers[c]) for c in range(nc))
    for d in range(n):
        for c in range(nc):
            peers = peer_cells[c] << (d * nc)
            # every digit of the cell but the placed one, and this digit in every peer
            gone = (cell_bit[c] & ~(1 << (d * nc + c))) | peers
            kill.append(full & ~gone)
    return Tables(
        n=n,
        ncells=nc,
        cells=cells,
        full=full,
        rep=rep,
        digit_shifts=tuple(d * nc for d in range(1, n)),
        templates=tuple(templates),
        kill=tuple(kill),
        peer_cells=peer_cells,
        cell_bit=cell_bit,
    )


def board_of(geo: Geometry, values: Sequence[int]) -> int:
    """The state of a grid of values (0 = empty); clashing givens are found by the search."""
    t = tables(geo)
    x = t.full
    nc = t.ncells
    for c, v in enumerate(values):
        if v:
            x &= ~t.cell_bit[c] | (1 << ((v - 1) * nc + c))
    return x


def board_of_masks(geo: Geometry, masks: Sequence[int]) -> int:
    """The state of per-cell candidate masks (bit ``d-1`` for digit ``d``)."""
    nc = geo.ncells
    x = 0
    for c, m in enumerate(masks):
        d = 0
        while m:
            if m & 1:
                x |= 1 << (d * nc + c)
            m >>= 1
            d += 1
    return x


def values_of(t: Tables, x: int) -> tuple[int, ...]:
    """The digits of a solved state."""
    out = [0] * t.ncells
    nc, cells = t.ncells, t.cells
    for d in range(t.n):
        block = (x >> (d * nc)) & cells
        while block:
            low = block & -block
            out[low.bit_length() - 1] = d + 1
            block ^= low
    return tuple(out)



# -- generated propagation ------------------------------------------------------------------
# The folds are unrolled into straight-line code per geometry (a few hundred operations, no
# inner loops), with the constants bound as closure variables.


def factors(offsets: Sequence[int]) -> list[tuple[int, int]] | None:
    """``offsets`` (sorted, from 0) as a sum of arithmetic progressions ``(step, count)``:
    ``{0..count-1} * step`` for each, so a fold can double instead of adding one copy at a
    time (a row of 9: 4 steps, not 8).  None when the offsets have no such shape."""
    rest = sorted(offsets)
    out: list[tuple[int, int]] = []
    while len(rest) > 1:
        have = set(rest)
        step = rest[1]
        count = 1
        while count * step in have:
            count += 1
        starts = [o for o in rest if o - step not in have]
        if len(starts) * count != len(rest) or any(
            s + k * step not in have for s in starts for k in range(count)
        ):
            return None
        out.append((step, count))
        rest = starts
    return out


class _Code:
    """Emits the unrolled folds: a pair (ones, twos) of variable names per partial fold."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.k = 0
        self.indent = 12

    def var(self) -> str:
        self.k += 1
        return f"v{self.k}"

    def emit(self, line: str) -> None:
        self.lines.append(" " * self.indent + line)

    def shifted(self, pair: tuple[str, str | None], by: int) -> tuple[str, str | None]:
        o, t = pair
        so = self.var()
        self.emit(f"{so} = {o} >> {by}")
        if t is None:
            return so, None
        st = self.var()
        self.emit(f"{st} = {t} >> {by}")
        return so, st

    def combine(self, a: tuple[str, str | None], b: tuple[str, str | None]) -> tuple[str, str]:
        o = self.var()
        t = self.var()
        parts = [x for x in (a[1], b[1]) if x is not None] + [f"({a[0]} & {b[0]})"]
        self.emit(f"{t} = {' | '.join(parts)}")
        self.emit(f"{o} = {a[0]} | {b[0]}")
        return o, t

    def fold(self, src: str, offsets: Sequence[int]) -> tuple[str, str]:
        """Names holding, at each position p, whether some / two of ``src`` at ``p + offset``
        are set, over ``offsets``."""
        pair: tuple[str, str | None] = (src, None)
        shape = factors(offsets)
        if shape is None:
            for off in sorted(offsets)[1:]:
                pair = self.combine(pair, self.shifted((src, None), off))
        else:
            for step, count in shape:
                base = pair
                k = 1
                for bit in bin(count)[3:]:
                    pair = self.combine(pair, self.shifted(pair, k * step))
                    k *= 2
                    if bit == "1":
                        pair = self.combine(pair, self.shifted(base, k * step))
                        k += 1
        assert pair[1] is not None
        return pair[0], pair[1]


def _or_fold(code: _Code, src: str, offsets: Sequence[int], mask: str) -> str:
    """A name holding ``mask & (src >> o1 | src >> o2 | ...)``."""
    out = code.var()
    parts = [src if o == 0 else f"({src} >> {o})" for o in offsets]
    code.emit(f"{out} = ({' | '.join(parts)}) & {mask}")
    return out


def _cell_bits(t: Tables, cells: list[int]) -> int:
    """The bits of ``cells`` in every block."""
    return sum(1 << c for c in cells) * t.rep


def _mult(offsets: list[int]) -> int:
    """Multiplier copying a bit to each of ``offsets`` above it."""
    return sum(1 << o for o in offsets)


def _locked(code: _Code, seg: list[int], across: list[int], along: list[int],
            tag: str) -> list[str]:
    """Box-line reductions along one direction (rows or columns), as elimination names.

    ``seg``: offsets of a segment (a line's cells within one box) from its first cell;
    ``across``: offsets of a box's segments in that direction from the box's first cell;
    ``along``: offsets of a line's segments from the line's first cell.
    """
    segs = code.var()
    code.emit(f"{segs} = {_or_fold(code, 'x', seg, 'SA' + tag)}")
    seg_spread = f"SM{tag}"
    out = []
    # pointing: the digit's only segment in a box rules it out of the rest of the line
    o, t = code.fold(segs, across)
    only = code.var()
    code.emit(f"{only} = ({o} & ~{t} & BA) * AX{tag} & {segs}")
    line = _or_fold(code, only, along, "LA" + tag)
    out.append(f"({line} * LM{tag} & ~({only} * {seg_spread}))")
    # claiming: the digit's only segment in a line rules it out of the rest of the box
    o, t = code.fold(segs, along)
    only = code.var()
    code.emit(f"{only} = ({o} & ~{t} & LA{tag}) * AL{tag} & {segs}")
    box = _or_fold(code, only, across, "BA")
    out.append(f"({box} * BM & ~({only} * {seg_spread}))")
    return out


def _source(t: Tables, geo: Geometry) -> tuple[str, dict[str, int]]:
    """Source of ``make(constants..., KILL) -> propagate`` for the tables of ``geo``.

    Each round folds the digits (naked singles, empty cells); only when it places nothing
    are the houses folded (hidden singles, digits without a place), and only when that
    places nothing either, the box-line reductions run (boards with boxes).
    """
    code = _Code()
    consts: dict[str, int] = {"CELLS": t.cells, "REP": t.rep}
    ones, twos = code.fold("x", [0, *t.digit_shifts])
    code.emit(f"if {ones} & CELLS != CELLS:")
    code.emit("    return 0, 0, 0, 0")
    code.emit(f"two = {twos} & CELLS")
    code.emit("new = (CELLS ^ two) * REP & x & ~done")
    code.emit("if not new:")
    code.indent += 4
    hidden = []
    for i, (offsets, anchors, spread) in enumerate(t.templates):
        consts[f"A{i}"] = anchors
        consts[f"M{i}"] = spread
        ones, twos = code.fold("x", [0, *offsets])
        code.emit(f"if {ones} & A{i} != A{i}:")
        code.emit("    return 0, 0, 0, 0")
        hidden.append(f"(({ones} & A{i} & ~{twos}) * M{i})")
    code.emit(f"new = ({' | '.join(hidden)}) & x & ~done")
    code.emit("if not new:")
    code.indent += 4
    locked = "x"
    if geo.box_rows:
        n, br, bc = geo.n, geo.box_rows, geo.box_cols
        rows, cols = list(range(n)), list(range(n))
        consts["BA"] = _cell_bits(t, [r * n + c for r in rows[::br] for c in cols[::bc]])
        consts["BM"] = _mult([r * n + c for r in range(br) for c in range(bc)])
        elims = []
        for tag, seg, across, along, seg_anchors, line_anchors in (
            ("R", list(range(bc)), [r * n for r in range(br)], list(range(0, n, bc)),
             [r * n + c for r in rows for c in cols[::bc]], [r * n for r in rows]),
            ("C", [r * n for r in range(br)], list(range(bc)), [r * n for r in range(0, n, br)],
             [r * n + c for r in rows[::br] for c in cols], cols),
        ):
            consts["SA" + tag] = _cell_bits(t, seg_anchors)
            consts["SM" + tag] = _mult(seg)
            consts["AX" + tag] = _mult(across)
            consts["AL" + tag] = _mult(along)
            consts["LA" + tag] = _cell_bits(t, line_anchors)
            line_step = 1 if tag == "R" else n
            consts["LM" + tag] = _mult([k * line_step for k in range(n)])
            elims += _locked(code, seg, across, along, tag)
        locked = f"x & ~({' | '.join(elims)})"
    code.emit(f"y = {locked}")
    code.emit("if y == x:")
    code.indent += 4
    shifts = t.digit_shifts
    code.emit(f"y = x >> {shifts[0]}")
    code.emit("t = x & y")
    code.emit("o = x | y")
    code.emit("h = 0")
    for sh in shifts[1:]:
        code.emit(f"y = x >> {sh}")
        code.emit("h |= t & y")
        code.emit("t |= o & y")
        code.emit("o |= y")
    code.emit("return x, done, two, two & ~h")
    code.indent -= 4
    code.emit("x = y")
    code.emit("continue")
    body = "\n".join(code.lines)
    names = ", ".join(consts)
    return f"""
def make({names}, KILL):
    def propagate(x, done):
        while True:
{body}
            done |= new
            while new:
                low = new & -new
                x &= KILL[low.bit_length() - 1]
                new ^= low
    return propagate
""", consts


Propagate = Callable[[int, int], tuple[int, int, int, int]]


@cache
def propagator(geo: Geometry) -> Propagate:
    """Singles and box-line reductions to a fixed point:
    ``propagate(x, done) -> (x, done, two, pair)``.

    ``done`` holds the placements already propagated; ``two`` the cells left with two
    candidates or more (0: solved), ``pair`` those with exactly two.  ``x == 0`` on a
    contradiction: a cell without a candidate, or a digit without a place in a house.  Two
    placements that clash (one cell, two digits; one digit twice in a house) remove each
    other, leaving an empty cell.
    """
    t = tables(geo)
    namespace: dict[str, object] = {}
    source, consts = _source(t, geo)
    exec(compile(source, f"<bitsearch {geo.variant} {geo.n}>", "exec"), namespace)
    args: list[object] = [*consts.values(), t.kill]
    make = namespace["make"]
    assert callable(make)
    return cast(Propagate, make(*args))


class BitSearch:
    """Propagate-and-branch search; counts solutions up to ``limit`` (None: all).

    Branching is on a cell with two candidates when there is one (nearly always, after
    singles and box-line reductions): the one that sees the most open cells (twice) and
    two-candidate cells (once), so that either choice reaches far.  Otherwise it is on the
    first cell with the fewest candidates.  Digits are tried in increasing order.
    """

    __slots__ = ("count", "keep", "limit", "nodes", "propagate", "solutions", "t")

    def __init__(self, geo: Geometry, limit: int | None = 1, keep: bool = True) -> None:
        self.t = tables(geo)
        self.propagate = propagator(geo)
        self.limit = limit
        self.keep = keep
        self.count = 0
        self.nodes = 0
        self.solutions: list[tuple[int, ...]] = []

    def run(self, x: int) -> None:
        """Search from state ``x`` (see :func:`board_of`)."""
        t = self.t
        propagate = self.propagate
        peer_cells = t.peer_cells
        cell_bit = t.cell_bit
        kill = t.kill
        rep = t.rep
        worst = t.n + 1
        limit = self.limit if self.limit is not None else 1 << 62
        found = self.solutions if self.keep else None
        nodes = 0
        count = 0

        def dfs(x: int, done: int) -> bool:
            """Search below ``x``; True when the limit is reached."""
            nonlocal nodes, count
            nodes += 1
            x, done, two, pair = propagate(x, done)
            if not x:
                return False
            if not two:
                count += 1
                if found is not None:
                    found.append(values_of(t, x))
                return count >= limit
            cell = -1
            if pair:
                best = -1
                rest = pair
                while rest:
                    low = rest & -rest
                    rest ^= low
                    c = low.bit_length() - 1
                    seen = peer_cells[c]
                    k = 2 * (two & seen).bit_count() + (pair & seen).bit_count()
                    if k > best:
                        best = k
                        cell = c
            else:
                best = worst
                while two:
                    low = two & -two
                    two ^= low
                    c = low.bit_length() - 1
                    k = ((x >> c) & rep).bit_count()
                    if k < best:
                        best = k
                        cell = c
                        if k == 3:
                            break
            rest = x & cell_bit[cell]
            while rest:  # place each digit in turn (the child starts with its peers cleared)
                low = rest & -rest
                if dfs(x & kill[low.bit_length() - 1], done | low):
                    return True
                rest ^= low
            return False

        try:
            dfs(x, 0)
        finally:
            self.nodes += nodes
            self.count += count
