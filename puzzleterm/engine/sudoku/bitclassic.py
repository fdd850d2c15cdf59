"""The cell-mask reference search, node for node, on the bit-parallel board.

The reference is a search on per-cell candidate masks (``tests/reference_search.py``, kept
with the tests since nothing in the program runs it): its order defines the random grids a
seed deals, and the grader rates a trial step by the number of nodes it visits, so a
faster search there must visit exactly the same nodes: the same state at every node, the
same branching cell, the same digit order, the same contradictions found at the same depth.
:class:`ClassicSearch` does so on the one-integer board of :mod:`.bitsearch` (fields of
``n + 1`` bits per cell, a guard bit on top), with code generated per geometry like
:mod:`.bitcode`.  What it reproduces, from the reference's ``Search.propagate``:

* a *round* is naked singles to a fixed point, then **one** scan of the houses for hidden
  singles, then naked singles again when the scan changed a cell.  The scan is sequential
  in the order of ``geo.houses``: a cell set in one house is seen set by the houses after
  it.  Consecutive houses of one shape are disjoint (all rows, then all columns, all
  boxes, each diagonal), so each such run is folded at once, runs one after the other;
* a scan fails on a digit without a place in a house, and on a cell that is the only place
  of two digits in a house *while it still has another candidate* (a cell holding exactly
  those two digits is left alone, as the cell-mask scan leaves it);
* below the root a node does one round; the root does one round and, on boards with boxes,
  rounds until a scan changes nothing, then a pass of box-line reductions (all drawn from
  the state at the start of the pass), and again until nothing moves;
* branching is on the first cell (in index order) with the fewest candidates, digits in
  increasing order; ``nodes`` counts the root and every child whose round did not fail.

Cells settled before the search and not queued are never propagated (as in the cell-mask
search): their digits start in ``done``.  Input masks must have no empty cell (there the
cell-mask search reads the empty cell as settled).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import cast

from ..rng import Rng
from .bitcode import Code, bits, box_line_terms
from .bitsearch import Tables, board_of_masks, fewest, tables, values_of
from .geometry import Geometry

#: ``settle(x, done) -> (x, done)``, ``scan(x) -> x``, ``box_line(x) -> x``: 0 on a contradiction
Settle = Callable[[int, int], tuple[int, int]]
Step = Callable[[int], int]


def scan_runs(geo: Geometry) -> list[tuple[tuple[int, ...], list[int]]]:
    """The houses in scan order as runs of consecutive, pairwise disjoint houses of one
    shape: ``(offsets from the first cell, first cells)`` per run."""
    runs: list[tuple[tuple[int, ...], list[int]]] = []
    seen: set[int] = set()
    for house in geo.houses:
        anchor = min(house)
        offsets = tuple(sorted(c - anchor for c in house))
        if runs and runs[-1][0] == offsets and seen.isdisjoint(house):
            runs[-1][1].append(anchor)
        else:
            runs.append((offsets, [anchor]))
            seen = set()
        seen.update(house)
    return runs


def _box_line_source(geo: Geometry, t: Tables, code: Code, consts: dict[str, int]) -> str:
    """The eliminations of one box-line pass, as an expression over ``x`` (constants added
    to ``consts``); the same folds as :func:`.bitcode.source`."""
    return " | ".join(box_line_terms(code, geo, t.width,
                                     lambda cells: sum(t.field(c) for c in cells), consts))


def source(geo: Geometry) -> tuple[str, dict[str, int]]:
    """Source of ``make(constants..., KILL, BITS) -> (settle, scan, box_line)``, and the
    constants."""
    t = tables(geo)
    n, width = geo.n, t.width
    consts: dict[str, int] = {
        "G": sum(1 << (c * width + n) for c in range(geo.ncells)),
        "L": sum(1 << (c * width) for c in range(geo.ncells)),
        "M": t.full,
    }
    code = Code()
    code.indent = 8
    for i, (offsets, anchors) in enumerate(scan_runs(geo)):
        consts[f"A{i}"] = sum(t.field(a) for a in anchors)
        consts[f"S{i}"] = sum(1 << (o * width) for o in offsets)
        code.memo.clear()  # x changes from one run to the next
        ones, twos = code.fold("x", [o * width for o in offsets])
        code.emit(f"if {ones} & A{i} != A{i}:")  # a digit without a place
        code.emit("    return 0")
        code.emit(f"hit = ({ones} & A{i} & ~{twos}) * S{i} & x")  # the digits seen once
        code.emit("ch = (hit + M) & ((x ^ hit) + M) & G")  # cells they set
        code.emit("if ch:")
        code.emit("    if (hit & ((hit | G) - L)) + M & ch:")  # the only place of two
        code.emit("        return 0")
        code.emit(f"    x ^= (x ^ hit) & (ch - (ch >> {n}))")
    code.emit("return x")
    scan_body = "\n".join(code.lines)
    if geo.box_rows:
        code = Code()
        code.indent = 8
        elims = _box_line_source(geo, t, code, consts)
        code.emit(f"return x & ~({elims})")
        box_body = "\n".join(code.lines)
    else:
        box_body = " " * 8 + "return x"
    names = ", ".join(consts)
    return f"""
def make({names}, KILL, BITS):
    # indexed by bit_length (one past the bit's index); the placements commute (each is
    # an AND), so they go from the highest bit, which needs no isolating of the lowest
    KILL = (0, *KILL)
    BIT = (0, *BITS)

    def settle(x, done, KILL=KILL, BIT=BIT):
        while True:
            if (x + M) & G != G:
                return 0, done
            one = G ^ (((x & ((x | G) - L)) + M) & G)
            new = (one - (one >> {n})) & x & ~done
            if not new:
                return x, done
            done |= new
            while new:
                i = new.bit_length()
                x &= KILL[i]
                new ^= BIT[i]

    def scan(x):
{scan_body}

    def box_line(x):
{box_body}

    return settle, scan, box_line
""", consts


@cache
def compiled(geo: Geometry) -> tuple[Settle, Step, Step]:
    """``(settle, scan, box_line)`` of ``geo``, compiled once."""
    src, consts = source(geo)
    namespace: dict[str, object] = {}
    exec(compile(src, f"<bitclassic {geo.variant} {geo.n}>", "exec"), namespace)
    make = namespace["make"]
    assert callable(make)
    kill = tables(geo).kill
    return cast(tuple[Settle, Step, Step], make(*consts.values(), kill, bits(len(kill))))


@cache
def _guards(geo: Geometry) -> int:
    t = tables(geo)
    return sum(1 << (c * t.width + t.n) for c in range(t.ncells))


class ClassicSearch:
    """The reference search: counts solutions up to ``limit`` (None:
    all), keeping them with ``keep``; ``nodes`` as there.  With a ``node_limit`` it gives
    up, setting ``aborted``, at the node past the budget, and with an ``rng`` it shuffles
    each branching cell's digits with the same calls, as the reference does:
    the same answers and the same random grids, where the generator asks for them."""

    __slots__ = ("aborted", "box_line", "count", "geo", "keep", "limit", "node_limit",
                 "nodes", "rng", "scan", "settle", "solutions", "t")

    def __init__(self, geo: Geometry, limit: int | None = 1, keep: bool = True,
                 node_limit: int | None = None, rng: Rng | None = None) -> None:
        self.geo = geo
        self.t = tables(geo)
        self.settle, self.scan, self.box_line = compiled(geo)
        self.limit = limit
        self.keep = keep
        self.node_limit = node_limit
        self.rng = rng
        self.aborted = False
        self.count = 0
        self.nodes = 0
        self.solutions: list[tuple[int, ...]] = []

    def run(self, masks: Sequence[int], queue: Sequence[int] | None = None) -> None:
        """Search from per-cell candidate masks; ``queue`` lists the settled cells to
        propagate (default: every settled cell), as the reference's ``Search.run``."""
        t = self.t
        done = 0
        if queue is not None:
            todo = set(queue)
            for c, m in enumerate(masks):
                if m and not m & (m - 1) and c not in todo:
                    done |= t.bit(c, m.bit_length())
        self.run_board(board_of_masks(self.geo, masks), done)

    def run_board(self, x: int, done: int = 0) -> None:
        """Search from the state ``x`` (see :func:`.bitsearch.board_of`), the placements
        in ``done`` taken as propagated already (none by default: every settled cell is
        propagated, as :meth:`run` does without a queue)."""
        t = self.t
        settle, scan = self.settle, self.scan
        G = _guards(self.geo)
        L = G >> t.n
        M = t.full
        n = t.n
        field_at = t.field_at
        kill = t.kill
        limit = self.limit if self.limit is not None else 1 << 62
        budget = self.node_limit - self.nodes if self.node_limit is not None else 1 << 62
        found = self.solutions if self.keep else None
        shuffle = self.rng.shuffle if self.rng is not None else None
        nodes = 0
        count = 0

        def round_(x: int, done: int) -> tuple[int, int, bool]:
            """One round: ``(x, done, moved)``, ``x == 0`` on a contradiction."""
            x, done = settle(x, done)
            if not x:
                return 0, done, False
            y = scan(x)
            if y == x or not y:
                return y, done, False
            y, done = settle(y, done)
            return y, done, True

        def dfs(x: int, done: int) -> bool:
            """Search below ``x``; True when the limit is reached or the budget spent."""
            nonlocal nodes, count
            nodes += 1
            if nodes > budget:
                self.aborted = True
                return True
            z = x & ((x | G) - L)
            two = (z + M) & G
            if not two:
                count += 1
                if found is not None:
                    found.append(values_of(t, x))
                return count >= limit
            z = z & ((z | G) - L)
            pair = two & ~((z + M) & G)
            # the first pair cell, else the first with the fewest candidates
            cell = (pair & -pair).bit_length() - 1 if pair else fewest(x, two, field_at, n + 1)
            rest = x & field_at[cell]
            lows = []  # the cell's digits, in increasing order unless shuffled
            while rest:
                low = rest & -rest
                lows.append(low)
                rest ^= low
            if shuffle is not None:
                shuffle(lows)
            for low in lows:
                y, d2, _ = round_(x & kill[low.bit_length() - 1], done | low)
                if y and dfs(y, d2):
                    return True
            return False

        try:
            x, done, _ = round_(x, done)
            if not x:
                return
            if self.geo.box_rows:
                while True:
                    moved = True
                    while moved:
                        x, done, moved = round_(x, done)
                    if not x:
                        return
                    w = self.box_line(x)
                    if w == x:
                        break
                    if (w + M) & G != G:
                        return
                    x = w
            dfs(x, done)
        finally:
            self.nodes += nodes
            self.count += count
