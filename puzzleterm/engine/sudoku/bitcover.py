"""The search's board in the exact-cover layout: one field per constraint.

:mod:`.bitsearch` keeps one field per cell (its candidate digits).  This layout keeps, after
those cell fields, one field per house and digit (the digit's places in the house, one bit per
cell of the house, in the house's order): the constraints of Sudoku as an exact cover, each
holding the candidates that can satisfy it.  A candidate (cell, digit) is a bit in each of its
fields, its *images*, all of them cleared together when it is ruled out.

Every field has ``n`` bits and a guard, the guard set while the field is open (no candidate
placed satisfies it yet), so the arithmetic that finds a cell with one candidate or none finds,
in the same few operations, a digit with one place or none in every house: a round of singles
is about a dozen integer operations, hidden singles and digits without a place included, where
the cell layout folds each house shape (up to ~40 more).  Placing a candidate is one ``&`` with
a mask that rules out its peers' images in every field and closes the fields it satisfies:
``&`` costs about the same on this board (3,240 bits on 9x9) as on the cell layout (810 bits).
The price is the tables (per candidate: what placing it keeps, and the fields it satisfies),
about 3 MB on 9x9, and wider integers for the arithmetic: on 16x16 (17,408 bits) the tables
take 78 MB and the two layouts are even, so the search uses this one up to 9x9 (figures in
``docs/backtracker.md``).

The cell fields come first and have the cell layout's width, so a board's low bits are the
cell layout's board: ``values_of``, the branching score and the tables indexed by a cell's
bits read them unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from . import bitcode
from .geometry import Geometry

#: ``propagate(x, und) -> (x, und, two, pair)`` (``und``: the cell layout's; 0 in this one)
Propagate = Callable[[int, int], tuple[int, int, int, int]]

#: ``root(x) -> (x, und, two)``: a cell-layout board to this layout, at its fixed point
Root = Callable[[int], tuple[int, int, int]]


@dataclass(frozen=True)
class Cover:
    """Per-geometry constants of the exact-cover layout (tables indexed by ``bit_length``,
    one past a bit's index, so that a look-up needs no subtraction)."""

    n: int
    width: int  # bits per field: n and a guard
    full: int  # every candidate's images
    guards: int  # every field's guard bit
    lows: int  # every field's lowest bit
    cells: int  # the digit bits of the cell fields
    cell_guards: int  # the guard bits of the cell fields
    cell_lows: int  # the lowest bit of each cell field
    #: per bit: the board kept when its candidate is placed (the guards of the fields it
    #: satisfies cleared: on a board, a field's guard is set while the field is open)
    kill: tuple[int, ...]
    covers: tuple[int, ...]  # per bit: everything but the fields its candidate satisfies
    images: tuple[int, ...]  # per bit: its candidate's bits in every field
    bit: tuple[int, ...]  # per bit: the bit itself


@cache
def cover(geo: Geometry) -> Cover:
    """The constants of ``geo``, built once."""
    n, nc = geo.n, geo.ncells
    w = n + 1
    assert all(len(h) == n for h in geo.houses), "every house holds n cells"
    nfields = nc + len(geo.houses) * n
    size = nfields * w
    digits = (1 << n) - 1
    # per cell and digit: the candidate's bit in the cell field, then in each house's field
    where: list[list[list[int]]] = [[[c * w + d] for d in range(n)] for c in range(nc)]
    for h, house in enumerate(geo.houses):
        for pos, c in enumerate(house):
            for d in range(n):
                where[c][d].append((nc + h * n + d) * w + pos)
    images = [[sum(1 << b for b in where[c][d]) for d in range(n)] for c in range(nc)]
    full = sum(digits << (f * w) for f in range(nfields))
    guards = sum(1 << (f * w + n) for f in range(nfields))
    # the images of a digit all over a house, and of a cell's every digit
    in_house = [[sum(images[c][d] for c in house) for d in range(n)] for house in geo.houses]
    in_cell = [sum(row) for row in images]
    kill = [0] * (size + 1)
    covers = [0] * (size + 1)
    image_at = [0] * (size + 1)
    for c in range(nc):
        for d in range(n):
            gone = in_cell[c]
            fields = digits << (c * w)
            for h in geo.cell_houses[c]:
                gone |= in_house[h][d]
                fields |= digits << ((nc + h * n + d) * w)
            keep = (full | guards) ^ (gone ^ images[c][d]) ^ ((fields << 1) & guards)
            for b in where[c][d]:
                kill[b + 1] = keep
                covers[b + 1] = full ^ fields
                image_at[b + 1] = images[c][d]
    return Cover(
        n=n,
        width=w,
        full=full,
        guards=guards,
        lows=sum(1 << (f * w) for f in range(nfields)),
        cells=sum(digits << (c * w) for c in range(nc)),
        cell_guards=sum(1 << (c * w + n) for c in range(nc)),
        cell_lows=sum(1 << (c * w) for c in range(nc)),
        kill=tuple(kill),
        covers=tuple(covers),
        images=tuple(image_at),
        bit=(0, *bitcode.bits(size)),
    )


@cache
def propagator(geo: Geometry) -> Propagate:
    """Naked and hidden singles to a fixed point: ``propagate(x, und) -> (x, und, two,
    pair)``; the board's guard bits flag the fields not satisfied yet (``und`` is unused,
    returned 0, but for the cell layout's signature); ``two`` and ``pair`` flag the
    cells (by their guard bits) left with two candidates or more (0: solved) and with exactly
    two.  On a contradiction (a field left empty: a cell without a candidate, or a digit
    without a place in a house), ``(0, empty, 0, 0)``, ``empty`` the guard bits of the cells
    left empty (0 when only a house's field is)."""
    k = cover(geo)

    def propagate(x: int, und: int, G: int = k.guards, L: int = k.lows,
                  M: int = k.full, GA: int = k.cell_guards, n: int = k.n,
                  C: int = k.cells, LA: int = k.cell_lows,
                  KILL: tuple[int, ...] = k.kill,
                  COVERS: tuple[int, ...] = k.covers,
                  ) -> tuple[int, int, int, int]:
        while True:
            y = (x | G) - L  # an empty field borrows from its guard
            if y & G != G:  # the cells' guards that borrowed (small ints: GA is cell-sized)
                return 0, (y & GA) ^ GA, 0, 0
            z = x & (y ^ G)  # each field's candidates but the lowest
            two = (z + M) & G  # two or more: only open fields (a satisfied one holds one)
            one = (x ^ two) & G  # the open fields with one candidate
            new = (one - (one >> n)) & x  # their candidates
            if not new:  # pairs among the cells only: a quarter of the board's bits
                z &= C
                z &= (z | GA) - LA
                two &= GA
                return x, 0, two, two ^ ((z + C) & GA)
            while new:
                i = new.bit_length()
                x &= KILL[i]
                # its other images are in the fields it satisfies; a single that clashes
                # with it stays, and placing it leaves a field empty
                new &= COVERS[i]

    return propagate


@cache
def box_line(geo: Geometry) -> Callable[[int], int]:
    """One pass of box-line reductions on the cell fields: ``eliminations(x)``, the
    candidates they rule out (a board with boxes)."""
    w, digits = geo.n + 1, geo.all_mask
    code = bitcode.Code()
    code.indent = 8
    consts: dict[str, int] = {}
    terms = bitcode.box_line_terms(code, geo, w,
                                   lambda cells: sum(digits << (c * w) for c in cells), consts)
    body = "\n".join(code.lines)
    names = ", ".join(consts)
    src = (f"def make({names}):\n    def eliminations(x):\n{body}\n"
           f"        return x & ({' | '.join(terms)})\n    return eliminations\n")
    namespace: dict[str, object] = {}
    exec(compile(src, f"<box-line {geo.variant} {geo.n}>", "exec"), namespace)
    make = namespace["make"]
    assert callable(make)
    elim = make(*consts.values())
    assert callable(elim)
    return elim  # type: ignore[no-any-return]


def rule_out(k: Cover, x: int, gone: int) -> int:
    """``x`` without the candidates of ``gone`` (their cell-field bits), in every field."""
    images, bit = k.images, k.bit
    while gone:
        i = gone.bit_length()
        x ^= x & images[i]
        gone ^= bit[i]
    return x


@cache
def lift(geo: Geometry) -> Callable[[int], tuple[int, int]]:
    """``lift(x) -> (x, 0)``: a cell-layout board (see ``board_of``) in this layout, its
    cells with one candidate placed (what they rule out ruled out everywhere, the fields
    they satisfy closed), and the other candidates it lacks ruled out; ``(0, 0)`` when a
    cell is empty or two placements clash."""
    k = cover(geo)
    n = k.n
    G, L, M = k.cell_guards, k.cell_lows, k.cells
    kill, bit = k.kill, k.bit
    every = k.full | k.guards  # every candidate, every field open

    def lift(xa: int) -> tuple[int, int]:
        y = (xa | G) - L
        if y & G != G:
            return 0, 0
        one = G ^ (((xa & y) + M) & G)
        new = (one - (one >> n)) & xa  # the cells with one candidate: placed
        x = every
        while new:
            i = new.bit_length()
            if not x & bit[i]:  # ruled out by a placement made before
                return 0, 0
            x &= kill[i]
            new ^= bit[i]
        return rule_out(k, x, (x & M) ^ (x & xa)), 0  # and the other candidates it lacks

    return lift


@cache
def root(geo: Geometry) -> Root:
    """``root(x) -> (x, und, two)``: a cell-layout board (see ``board_of``) in this layout,
    propagated to its fixed point with box-line reductions (boards with boxes); ``x == 0``
    on a contradiction, ``two == 0`` when solved."""
    k = cover(geo)
    start = lift(geo)
    propagate = propagator(geo)
    elim = box_line(geo) if geo.box_rows else None
    cells = k.cells

    def root(xa: int) -> tuple[int, int, int]:
        x, und = start(xa)
        while x:
            x, und, two, _ = propagate(x, und)
            if not x or not two or elim is None:
                return x, und, two
            gone = elim(x & cells)
            if not gone:
                return x, und, two
            x = rule_out(k, x, gone)
        return 0, 0, 0

    return root
