"""The working state of the human-style solver: digits and candidate bitmasks.

Candidates are bitmasks (bit ``d-1`` for digit ``d``), as in the backtracker.  Sets of cells
are Python ints used as bitsets (bit ``c`` for cell ``c``), so "cells that see both" is one
``&``.  :class:`Tables` holds what depends on the geometry alone and is built once per
geometry.

Two caches keep the solve loop quick without changing a single step: ``Grid.derived`` keeps
what several finders derive from one position (each digit's cells, the bivalue cells ...)
until the candidates change, and :func:`memo` keeps, per geometry, the results of finders
that depend on one digit's cells alone (fish, single-digit patterns, locked candidates,
X-Chains), so a digit untouched by the last steps is not searched again.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from typing import TypeVar, cast

from ... import words
from ...types import TEXT_SYMBOLS
from ..geometry import Geometry

Masks = list[int]
T = TypeVar("T")

#: Entries a geometry's memo keeps before it is emptied (it only ever saves work).
MEMO_LIMIT = 20_000
_MISSING = object()


def digits_of(mask: int) -> list[int]:
    """The digits (1-based) whose bits are set in a candidate mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


def cells_of(cellset: int) -> list[int]:
    """The cells of a cell bitset, in increasing order."""
    out = []
    while cellset:
        low = cellset & -cellset
        out.append(low.bit_length() - 1)
        cellset ^= low
    return out


def k_unions(ids: Sequence[int], ms: Sequence[int], k: int, least: int, most: int
             ) -> list[tuple[tuple[int, ...], int]]:
    """Every ``k`` (2 to 4) of ``ids`` (in the order of ``combinations(ids, k)``) whose
    bitsets (``ms[i]`` for ``i`` in ``ids``) have a union of ``least`` to ``most`` bits,
    with the union.

    Nested loops that drop a prefix as soon as its union has more than ``most`` bits (no
    combination starting with it can do with fewer)."""
    if not 2 <= k <= 4:
        raise ValueError(f"k_unions takes 2 to 4 entries, not {k}")
    last = len(ids)
    if last <= k:  # one combination at most
        if last < k:
            return []
        union = 0
        for i in ids:
            union |= ms[i]
        return [(tuple(ids), union)] if least <= union.bit_count() <= most else []
    out: list[tuple[tuple[int, ...], int]] = []
    for x in range(last - k + 1):
        i = ids[x]
        u1 = ms[i]
        if u1.bit_count() > most:
            continue
        for y in range(x + 1, last - k + 2):
            j = ids[y]
            u2 = u1 | ms[j]
            size = u2.bit_count()
            if size > most:
                continue
            if k == 2:
                if size >= least:
                    out.append(((i, j), u2))
                continue
            for z in range(y + 1, last - k + 3):
                m = ids[z]
                u3 = u2 | ms[m]
                size = u3.bit_count()
                if size > most:
                    continue
                if k == 3:
                    if size >= least:
                        out.append(((i, j, m), u3))
                    continue
                for q in ids[z + 1:]:
                    u4 = u3 | ms[q]
                    size = u4.bit_count()
                    if least <= size <= most:
                        out.append(((i, j, m, q), u4))
    return out


@dataclass(frozen=True)
class Intersection:
    """Two houses sharing at least two cells (a box and a line, typically)."""

    base: int
    cover: int
    cells: int  # bitset of the shared cells
    base_rest: int  # bitset of the base's other cells
    cover_rest: int  # bitset of the cover's other cells


@dataclass(frozen=True)
class Tables:
    """Per-geometry tables (cells as bitsets)."""

    geo: Geometry
    n: int
    ncells: int
    houses: tuple[tuple[int, ...], ...]
    house_bits: tuple[int, ...]
    cell_houses: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    peer_bits: tuple[int, ...]
    rows: tuple[int, ...]  # house indices of the rows
    cols: tuple[int, ...]  # house indices of the columns
    boxes: tuple[int, ...]
    intersections: tuple[Intersection, ...]
    house_order: tuple[int, ...]  # boxes first, then rows, columns, diagonals
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    box_of: tuple[int, ...]  # house index of the cell's box, or -1
    #: per way of writing digits (see ``text_symbols``), since steps hold their texts
    caches: dict[str, dict[tuple[object, ...], object]] = field(
        default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def cache(self) -> dict[tuple[object, ...], object]:
        """Results of pure functions of this geometry and a few ints (a digit's cells,
        say), shared by every grid of the geometry: see :func:`memo`."""
        shown = TEXT_SYMBOLS.get()
        got = self.caches.get(shown)
        if got is None:
            got = self.caches[shown] = {}
        return got


def memo(t: Tables, key: tuple[object, ...], fn: Callable[[], T]) -> T:
    """``fn()``, remembered under ``key`` for the geometry of ``t``.

    ``key`` must name everything ``fn`` depends on besides the geometry (a finder's name,
    its size, the digit, the digit's cells ...).  Single-digit patterns change only when
    their digit's cells do, so most solve steps find them in the memo.
    """
    store = t.cache
    got = store.get(key, _MISSING)  # one lookup: another thread may empty the memo
    if got is _MISSING:
        if len(store) >= MEMO_LIMIT:
            store.clear()
        got = store[key] = fn()
    return cast(T, got)


@cache
def tables(geo: Geometry) -> Tables:
    houses = geo.houses
    house_bits = tuple(sum(1 << c for c in h) for h in houses)
    peer_bits = tuple(sum(1 << p for p in ps) for ps in geo.peers)
    types = geo.house_types
    rows = tuple(h for h, t in enumerate(types) if t == "row")
    cols = tuple(h for h, t in enumerate(types) if t == "col")
    boxes = tuple(h for h, t in enumerate(types) if t == "box")
    diags = tuple(h for h, t in enumerate(types) if t == "diag")
    inters: list[Intersection] = []
    for a in range(len(houses)):
        for b in range(len(houses)):
            if a == b:
                continue
            common = house_bits[a] & house_bits[b]
            if common.bit_count() >= 2:
                inters.append(Intersection(a, b, common, house_bits[a] & ~common,
                                           house_bits[b] & ~common))
    n = geo.n
    box_of = []
    for cell in range(geo.ncells):
        bs = [h for h in geo.cell_houses[cell] if types[h] == "box"]
        box_of.append(bs[0] if bs else -1)
    return Tables(
        geo=geo,
        n=n,
        ncells=geo.ncells,
        houses=houses,
        house_bits=house_bits,
        cell_houses=geo.cell_houses,
        peers=geo.peers,
        peer_bits=peer_bits,
        rows=rows,
        cols=cols,
        boxes=boxes,
        intersections=tuple(inters),
        house_order=boxes + rows + cols + diags,
        row_of=tuple(rows[c // n] for c in range(geo.ncells)),
        col_of=tuple(cols[c % n] for c in range(geo.ncells)),
        box_of=tuple(box_of),
    )


class Grid:
    """A mutable position: digits (0 = empty) and candidates (0 for filled cells).

    ``unique`` says whether the puzzle is known to have exactly one solution, which the
    uniqueness techniques rely on: a bool, or a function asked the first time it matters
    (``None``: not known, so they stay off).
    """

    __slots__ = ("_derived", "_derived_of", "_unique", "_unique_fn", "cand", "geo", "keep", "n",
                 "solution", "t", "values")

    def __init__(self, geo: Geometry, values: Sequence[int], cand: Sequence[int],
                 unique: bool | Callable[[], bool] | None = None) -> None:
        self.geo = geo
        self.t = tables(geo)
        self.n = geo.n
        self.values = list(values)
        self.cand = [0 if v else m for v, m in zip(values, cand, strict=True)]
        self._unique: bool | None = unique if isinstance(unique, bool) else None
        self._unique_fn: Callable[[], bool] | None = unique if callable(unique) else None
        self._derived: dict[str, object] = {}
        self._derived_of: list[int] | None = None
        #: The position's only solution once a finder has found it (see ``chains.trial``):
        #: a hint that finders check against the candidates before they trust it.
        self.solution: tuple[int, ...] | None = None
        #: What a finder keeps from one position to the next (unlike ``derived``, kept when
        #: the candidates change): each user checks it still holds before it relies on it.
        self.keep: dict[str, object] = {}

    @property
    def unique(self) -> bool:
        """Whether the puzzle is known to have one solution (asked lazily, then cached)."""
        if self._unique is None:
            self._unique = bool(self._unique_fn()) if self._unique_fn is not None else False
        return self._unique

    @classmethod
    def from_values(cls, geo: Geometry, values: Sequence[int],
                    unique: bool | Callable[[], bool] | None = None) -> Grid:
        """Candidates computed from the digits alone."""
        full = geo.all_mask
        cand = [0 if v else full for v in values]
        for cell, v in enumerate(values):
            if v:
                off = ~(1 << (v - 1))
                for p in geo.peers[cell]:
                    cand[p] &= off
        return cls(geo, values, cand, unique)

    # -- changes ---------------------------------------------------------------------------
    def place(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        self.cand[cell] = 0
        off = ~(1 << (digit - 1))
        cand = self.cand
        for p in self.t.peers[cell]:
            cand[p] &= off

    def eliminate(self, cell: int, digit: int) -> None:
        self.cand[cell] &= ~(1 << (digit - 1))

    # -- queries ---------------------------------------------------------------------------
    def derived(self, key: str, fn: Callable[[Grid], T]) -> T:
        """``fn(self)``, kept (under ``key``) until the candidates change.

        Several finders share what they derive from one position (each digit's cells, the
        bivalue cells ...).  The candidates are compared with a copy, so a direct change to
        ``cand`` is seen too."""
        if self._derived_of != self.cand:
            self._derived = {}
            self._derived_of = self.cand[:]
        store = self._derived
        if key in store:
            return cast(T, store[key])
        got = fn(self)
        store[key] = got
        return got

    def all_digit_cells(self) -> tuple[int, ...]:
        """For each digit ``d`` (index ``d-1``), the bitset of cells having it."""
        return self.derived("digit_cells", _digit_cells)

    def bivalue(self) -> tuple[int, ...]:
        """The cells with exactly two candidates, in order."""
        return self.derived("bivalue", _bivalue)

    def house_masks(self) -> tuple[tuple[int, ...], ...]:
        """For each house, its cells' candidates in its order."""
        return self.derived("house_masks", _house_masks)

    def bivalue_by_pair(self) -> dict[int, int]:
        """The bivalue cells (a bitset) of each pair of candidates (a mask)."""
        return self.derived("bivalue_by_pair", _bivalue_by_pair)

    def bivalue_bits(self) -> int:
        """The cells with exactly two candidates, as a bitset."""
        return self.derived("bivalue_bits", _bivalue_bits)

    def name(self, cell: int) -> str:
        return self.geo.cell_name(cell)

    def names(self, cells: Sequence[int]) -> str:
        return words.listing([self.geo.cell_name(c) for c in cells])

    def sym(self, digit: int) -> str:
        return self.geo.text_symbol(digit)


#: For each bit ``d`` of a byte, a table mapping a byte to ``"1"`` if it has bit ``d``, else
#: ``"0"`` (for ``bytes.translate``).
_BIT_CHARS = tuple(bytes(49 if b >> d & 1 else 48 for b in range(256)) for d in range(8))


def _digit_cells(g: Grid) -> tuple[int, ...]:
    """Each digit's cells.  Up to 16 digits, in C: the candidates as 16-bit words, their low
    (and high) bytes read from the last cell to the first, and for each digit the bytes turned
    into a string of ``0`` and ``1`` read as a binary number (bit ``c`` for cell ``c``)."""
    n = g.n
    if n <= 16:
        raw = array("H", g.cand).tobytes()
        lo = raw[-2::-2] if sys.byteorder == "little" else raw[::-2]
        out = [int(lo.translate(tbl), 2) for tbl in _BIT_CHARS[:n]]
        if n > 8:
            hi = raw[::-2] if sys.byteorder == "little" else raw[-2::-2]
            out[8:] = [int(hi.translate(tbl), 2) for tbl in _BIT_CHARS[:n - 8]]
        return tuple(out)
    return _digit_cells_loop(g.cand, n)


def _digit_cells_loop(cand: Sequence[int], n: int) -> tuple[int, ...]:
    out = [0] * n
    for c, m in enumerate(cand):
        while m:
            low = m & -m
            out[low.bit_length() - 1] |= 1 << c
            m ^= low
    return tuple(out)


def _bivalue(g: Grid) -> tuple[int, ...]:
    return tuple(c for c, m in enumerate(g.cand) if m.bit_count() == 2)


@cache
def house_getters(geo: Geometry) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each house, a function from a list over the cells (candidates, digits) to the
    house's entries, in its order (a tuple: houses have two cells or more)."""
    return tuple(itemgetter(*h) for h in geo.houses)


def _house_masks(g: Grid) -> tuple[tuple[int, ...], ...]:
    cand = g.cand
    return tuple([getter(cand) for getter in house_getters(g.geo)])


def _bivalue_by_pair(g: Grid) -> dict[int, int]:
    cand = g.cand
    out: dict[int, int] = {}
    for c in g.bivalue():
        out[cand[c]] = out.get(cand[c], 0) | 1 << c
    return out


def _bivalue_bits(g: Grid) -> int:
    out = 0
    for c in g.bivalue():
        out |= 1 << c
    return out

