"""Straight-line propagation code for the bit-parallel search, generated per geometry.

The folds of :mod:`.bitsearch` are unrolled into one function per board shape (a few hundred
integer operations, no inner loops), its constants bound as closure variables, so the
interpreter runs nothing but the arithmetic.  See :func:`source` for what a round does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from .geometry import Geometry


@cache
def bits(size: int) -> tuple[int, ...]:
    """``1 << i`` for every ``i < size``: a look-up is cheaper than a shift of a big int."""
    return tuple(1 << i for i in range(size))


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


class Code:
    """Emits the unrolled folds: a pair (ones, twos) of variable names per partial fold."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.k = 0
        self.indent = 12
        #: partial folds already emitted: (source, progressions so far) -> names
        self.memo: dict[tuple[str, tuple[tuple[int, int], ...]], tuple[str, str]] = {}

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

    def fold(self, src: str, offsets: Sequence[int],
             shape: list[tuple[int, int]] | None = None) -> tuple[str, str]:
        """Names holding, at each position p, whether some / two of ``src`` at ``p + offset``
        are set, over ``offsets`` (``shape``: their :func:`factors`, when given).  A partial
        fold emitted before (same source, same first progressions) is reused: the caller
        must emit this fold on the code path of that one, with ``src`` unchanged."""
        pair: tuple[str, str | None] = (src, None)
        shape = shape or factors(offsets)
        if shape is None:
            for off in sorted(offsets)[1:]:
                pair = self.combine(pair, self.shifted((src, None), off))
        else:
            for i, (step, count) in enumerate(shape):
                key = (src, tuple(shape[: i + 1]))
                if key in self.memo:
                    pair = self.memo[key]
                    continue
                base = pair
                k = 1
                for bit in bin(count)[3:]:
                    pair = self.combine(pair, self.shifted(pair, k * step))
                    k *= 2
                    if bit == "1":
                        pair = self.combine(pair, self.shifted(base, k * step))
                        k += 1
                assert pair[1] is not None
                self.memo[key] = (pair[0], pair[1])
        assert pair[1] is not None
        return pair[0], pair[1]


def _or_fold(code: Code, src: str, offsets: Sequence[int], mask: str) -> str:
    """A name holding ``mask & (src >> o1 | src >> o2 | ...)``."""
    out = code.var()
    parts = [src if o == 0 else f"({src} >> {o})" for o in offsets]
    code.emit(f"{out} = ({' | '.join(parts)}) & {mask}")
    return out


def _locked(code: Code, seg: list[int], across: list[int], along: list[int],
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
    code.emit(f"{only} = (({o} ^ {t}) & BA) * AX{tag} & {segs}")
    line = _or_fold(code, only, along, "LA" + tag)
    out.append(f"({line} * LM{tag} ^ {only} * {seg_spread})")
    # claiming: the digit's only segment in a line rules it out of the rest of the box
    o, t = code.fold(segs, along)
    only = code.var()
    code.emit(f"{only} = (({o} ^ {t}) & LA{tag}) * AL{tag} & {segs}")
    box = _or_fold(code, only, across, "BA")
    out.append(f"({box} * BM ^ {only} * {seg_spread})")
    return out


def fold_shape(offsets: list[int], templates: Sequence[Sequence[int]], width: int,
           ) -> tuple[list[int], list[tuple[int, int]] | None]:
    """``offsets`` and their :func:`factors`, a single progression (a line) split in two
    when another house shape starts with a shorter run of the same step that divides it
    (a box's first row): the line's fold then reuses that partial fold (rows of 9 as 3 x 3,
    sharing ``0, 1, 2`` with the boxes)."""
    shape = factors(offsets)
    if shape is None or len(shape) != 1:
        return offsets, shape
    step, count = shape[0]
    for other in templates:
        first = factors([0, *(o * width for o in other)])
        if first and len(first) > 1 and first[0][0] == step and 1 < first[0][1] < count \
                and count % first[0][1] == 0:
            run = first[0][1]
            return offsets, [(step, run), (step * run, count // run)]
    return offsets, shape


def box_line_terms(code: Code, geo: Geometry, width: int,
                   cell_bits: Callable[[list[int]], int], consts: dict[str, int]) -> list[str]:
    """The eliminations of one box-line pass over ``x`` (a board with boxes), as terms to
    OR together; the constants they read are added to ``consts``."""
    n = geo.n
    br, bc = geo.box_rows, geo.box_cols

    def mult(offsets: list[int]) -> int:
        return sum(1 << (o * width) for o in offsets)

    rows = cols = list(range(n))
    consts["BA"] = cell_bits([r * n + c for r in rows[::br] for c in cols[::bc]])
    consts["BM"] = mult([r * n + c for r in range(br) for c in range(bc)])
    elims: list[str] = []
    for tag, seg, across, along, seg_anchors, line_anchors, step in (
        ("R", list(range(bc)), [r * n for r in range(br)], list(range(0, n, bc)),
         [r * n + c for r in rows for c in cols[::bc]], [r * n for r in rows], 1),
        ("C", [r * n for r in range(br)], list(range(bc)), [r * n for r in range(0, n, br)],
         [r * n + c for r in rows[::br] for c in cols], cols, n),
    ):
        consts["SA" + tag] = cell_bits(seg_anchors)
        consts["SM" + tag] = mult(seg)
        consts["AX" + tag] = mult(across)
        consts["AL" + tag] = mult(along)
        consts["LA" + tag] = cell_bits(line_anchors)
        consts["LM" + tag] = mult([k * step for k in range(n)])
        elims += _locked(code, [o * width for o in seg], [o * width for o in across],
                         [o * width for o in along], tag)
    return elims


def source(geo: Geometry, width: int, templates: Sequence[Sequence[int]],
           cell_bits: Callable[[list[int]], int], box_line: bool = True,
           undone: bool = False) -> tuple[str, dict[str, int]]:
    """Source of ``make(constants..., KILL) -> propagate``, and the constants.

    ``width``: bits per cell (its digits, then a guard bit); ``templates``: offsets (in
    cells, after the first) of each house shape; ``cell_bits``: every digit bit of cells.

    Each round first counts the candidates of every cell with field arithmetic (naked
    singles, empty cells); only when that places nothing are the houses folded (hidden
    singles, digits without a place), and only when that places nothing either, the
    box-line reductions run (boards with boxes, when ``box_line``).  At the fixed point it
    returns the state, the placements made, the open cells and the cells with two
    candidates (as guard bits).  With ``undone``, the function takes and returns the
    digit bits of the cells not placed yet (``und``) instead of the placements (``done``),
    and on a contradiction shown by empty cells it returns their guard bits there
    (``(0, empty, 0, 0)``; 0 for a digit without a place in a house).

    A fold's "two or more" is within its "one or more", so ``ones ^ twos`` is "exactly
    one"; the same holds for a spread segment within its spread line or box.  The code
    uses such exclusive ors rather than ``a & ~b``: a complement is a negative big int,
    and CPython's bitwise operations on those are several times slower.
    """
    n = geo.n
    code = Code()
    consts: dict[str, int] = {
        "G": sum(1 << (c * width + n) for c in range(geo.ncells)),
        "L": sum(1 << (c * width) for c in range(geo.ncells)),
        "M": cell_bits(list(range(geo.ncells))),
    }
    code.emit("y = (x | G) - L")  # an empty field borrows from its guard
    code.emit("if y & G != G:")  # a cell without candidates
    # with ``undone``, the guard bits of the empty cells, for the search to weigh them
    code.emit(f"    return 0, {'G ^ (y & G)' if undone else '0'}, 0, 0")
    code.emit("z = x & y")  # each cell's candidates but the lowest
    code.emit("two = (z + M) & G")
    code.emit("one = G ^ two")
    code.emit("xu = x & und")  # the candidates of the cells not placed yet
    code.emit(f"new = (one - (one >> {n})) & xu")
    code.emit("if not new:")
    code.indent += 4
    for i, offsets in enumerate(templates):
        ones, twos = code.fold("x", *fold_shape([0, *(o * width for o in offsets)], templates,
                                            width))
        code.emit(f"if {ones} & A{i} != A{i}:")
        code.emit("    return 0, 0, 0, 0")
        code.emit(f"new = (({ones} ^ {twos}) & A{i}) * S{i} & xu")
        code.emit("if not new:")
        code.indent += 4
    if box_line and geo.box_rows:
        elims = box_line_terms(code, geo, width, cell_bits, consts)
        code.emit(f"w = x ^ (x & ({' | '.join(elims)}))")
        code.emit("if w != x:")
        code.emit("    x = w")
        code.emit("    continue")
    code.emit("z = z & ((z | G) - L)")
    code.emit(f"return x, {'und' if undone else 'M ^ und'}, two, two ^ ((z + M) & G)")
    body = "\n".join(code.lines)
    names = ", ".join([*consts, *(f"A{i}, S{i}" for i in range(len(templates)))])
    # the constants bound as defaults: a local is read faster than a closure's cell
    entry = "" if undone else "\n        und = M ^ done"
    binds = ", ".join(f"{k}={k}" for k in [*names.split(", "), "KILL", "BIT"])
    return f"""
def make({names}, KILL):
    # indexed by bit_length (one past the bit's index): no subtraction per placement
    KILL = (0, *KILL)
    BIT = [0] + [1 << i for i in range(len(KILL) - 1)]

    def propagate(x, {'und' if undone else 'done'}, {binds}):{entry}
        while True:
{body}
            und ^= new
            while new:
                i = new.bit_length()
                x &= KILL[i]
                new ^= BIT[i]
    return propagate
""", consts
