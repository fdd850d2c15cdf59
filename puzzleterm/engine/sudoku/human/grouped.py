"""Single-digit chains through box groups: the Empty Rectangle and grouped X-Chains.

A *group* is two or three places of a digit where a box and a line meet.  "One of them is
the digit" behaves like a single cell in a chain: a house whose places of the digit are a
group and one cell (or two groups) gives a strong link between them, and a group is weakly
linked to every place of the digit that sees all of its cells.

* **Empty Rectangle**: a box whose places of a digit all lie in one row and one column of
  it (neither alone), and a conjugate pair of the digit in a line crossing that row (or
  column) outside the box: the pair's far end and the box's column (or row) see one cell,
  which loses the digit.  SukakuExplainer rates it as two strong links, one grouped: 4.3.
* **Grouped X-Chain**: an X-Chain with groups among its links, rated as SukakuExplainer
  rates grouped strong links (0.3 above the plain ones), past six strong links as SE rates
  the forcing chain it is.

Both depend on the digit's cells alone, so they are remembered per digit's cells (see
:func:`.grid.memo`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ... import words
from .catalog import Deduction, length_bonus, make_step
from .chains import STRONG_LINKS_BASE
from .grid import Grid, Tables, cells_of, memo

#: Longest grouped X-Chain searched (links): six strong links, as many as SukakuExplainer
#: looks for.
MAX_LINKS = 11


def _groups(t: Tables) -> tuple[tuple[int, int, int], ...]:
    """Where a box and a line meet in two cells or more: (cells, box, line), each once
    (remembered per geometry)."""
    return memo(t, ("box_line_groups",), partial(_make_groups, t))


def _make_groups(t: Tables) -> tuple[tuple[int, int, int], ...]:
    out = []
    boxes = set(t.boxes)
    for x in t.intersections:
        if x.base in boxes and x.cover not in boxes:
            out.append((x.cells, x.base, x.cover))
    return tuple(out)


# -- Empty Rectangle ----------------------------------------------------------------------------
@dataclass(frozen=True)
class EmptyRectangle:
    """The box and its line and cross line holding the digit's places, the conjugate pair
    (its house, the end on the line, the far end) and the cell that loses the digit."""

    box: int
    line: int
    cross: int
    house: int
    near: int
    far: int
    target: int


def _empty_rectangle_digit(t: Tables, where: int) -> EmptyRectangle | None:
    """The first Empty Rectangle of a digit (cells ``where``): boxes in order, then the
    box's rows and columns, then the conjugate pairs in house order."""
    hb = t.house_bits
    row_of, col_of = t.row_of, t.col_of
    for box in t.boxes:
        inside = where & hb[box]
        if inside.bit_count() < 2:
            continue
        cells = cells_of(inside)
        rows = sorted({row_of[c] for c in cells})
        cols = sorted({col_of[c] for c in cells})
        if len(rows) < 2 or len(cols) < 2:
            continue  # all in one line: locked candidates
        for r in rows:
            for c in cols:
                if inside & ~(hb[r] | hb[c]):
                    continue  # some place off the cross of row r and column c
                # a pair in a line across the ER's row (outside the box) ties it to the column
                for line, cross, other in ((r, c, t.cols), (c, r, t.rows)):
                    for h in other:
                        pair = where & hb[h]
                        if pair.bit_count() != 2 or pair & hb[box]:
                            continue
                        near_bits = pair & hb[line]
                        if not near_bits:
                            continue
                        near = near_bits.bit_length() - 1
                        far = (pair ^ near_bits).bit_length() - 1
                        # the far end's own line (the one the pair does not run along)
                        far_line = row_of[far] if other is t.cols else col_of[far]
                        target = hb[far_line] & hb[cross] & where & ~hb[box]
                        if target:
                            return EmptyRectangle(box, line, cross, h, near, far,
                                                  target.bit_length() - 1)
    return None


def empty_rectangle(g: Grid) -> Deduction | None:
    t = g.t
    if not t.boxes:
        return None
    for d0, where in enumerate(g.all_digit_cells()):
        if not where:
            continue
        got = memo(t, ("empty_rectangle", where), partial(_empty_rectangle_digit, t, where))
        if got is None:
            continue
        box, line, cross, h = got.box, got.line, got.cross, got.house
        near, far, target = got.near, got.far, got.target
        d = d0 + 1
        s = g.sym(d)
        names = g.geo.house_names
        er = cells_of(where & t.house_bits[box])
        return make_step(
            "empty_rectangle", eliminations=[(target, d)], cells=[*er, near, far],
            houses=[box, line, cross, h],
            candidates=[(c, d) for c in (*er, near, far)],
            rating=4.3,
            explanation=f"In {names[box]}, {s} goes in {names[line]} or {names[cross]} "
                        f"({g.names(er)}: an empty rectangle). In {names[h]}, {s} goes in "
                        f"{g.name(near)} or {g.name(far)}: if not {g.name(far)}, then "
                        f"{g.name(near)}, which rules {s} out of {names[line]} in the box, "
                        f"so it is in {names[cross]}. Either way {g.name(target)}, seeing "
                        f"{g.name(far)} and {names[cross]} in the box, is not {s}",
            nudge=f"Look for an Empty Rectangle on {s}",
        )
    return None


# -- grouped X-Chains ---------------------------------------------------------------------------
Nodes = tuple[int, ...]  # cell bitsets: single cells, then groups


def _house_groups(t: Tables) -> tuple[tuple[int, ...], ...]:
    """Per house, the cells it shares with each crossing house (a box with a line): where
    a group of it can lie (remembered per geometry)."""
    return memo(t, ("house_groups",), partial(_make_house_groups, t))


def _make_house_groups(t: Tables) -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in t.house_bits]
    for cells, box, line in _groups(t):
        out[box].append(cells)
        out[line].append(cells)
    return tuple(tuple(x) for x in out)


def _nodes_and_links(t: Tables, where: int
                     ) -> tuple[Nodes, list[int], list[int], list[int]]:
    """The digit's nodes that have a strong link (its cells, then its groups; no other node
    can be inside a chain or at its ends), per node (an index) its strong and weak partners
    as bitsets over the nodes, and the cells seeing all of its cells."""
    pb, hb = t.peer_bits, t.house_bits
    pairs: set[tuple[int, int]] = set()
    for h, groups in enumerate(_house_groups(t)):
        places = where & hb[h]
        if places & (places - 1) == 0:
            continue
        if places.bit_count() == 2:
            low = places & -places
            pairs.add((low, places ^ low))
            continue
        parts = [gr for gr in (where & cells for cells in groups)
                 if gr & (gr - 1) and gr != places]
        for part in parts:
            rest = places ^ part
            if not rest & (rest - 1) or rest in parts:
                pairs.add((part, rest) if part < rest else (rest, part))
    used = {x for pair in pairs for x in pair}
    if all(not x & (x - 1) for x in used):
        return (), [], [], []  # no group: a plain X-Chain, looked for before
    nodes: Nodes = tuple(sorted(used, key=lambda x: (x & (x - 1) != 0, x.bit_length(), x)))
    index = {bits: i for i, bits in enumerate(nodes)}
    strong = [0] * len(nodes)
    for a, b in pairs:
        ia, ib = index[a], index[b]
        strong[ia] |= 1 << ib
        strong[ib] |= 1 << ia
    seeing = []
    for bits in nodes:
        see = -1
        for c in cells_of(bits):
            see &= pb[c]
        seeing.append(see)
    weak = [0] * len(nodes)
    for i, see in enumerate(seeing):
        w = 0
        for j, other in enumerate(nodes):
            if not other & ~see:
                w |= 1 << j
        weak[i] = w
    return nodes, strong, weak, seeing


def _grouped_chain_digit(t: Tables, where: int) -> tuple[Nodes, list[int], int] | None:
    """The shortest X-Chain of a digit (cells ``where``) through its groups that removes
    something: (the nodes, the chain as node indices, the cells that lose the digit); the
    first start (nodes in order) among the shortest.  (A plain X-Chain, without a group,
    would have been found before, and is not looked for.)

    Every start's search runs on bitsets over the nodes, a depth at a time; the winner is
    then searched again node by node for its path."""
    nodes, strong, weak, seeing = _nodes_and_links(t, where)
    count = len(nodes)
    if not count:
        return None
    # per start: the true nodes (ends) that remove something with it: the digit's cells
    # seeing both ends, outside them
    best: tuple[int, int] | None = None  # (depth, start)
    for s in range(count):
        limit = MAX_LINKS if best is None else best[0] - 1
        see_s = seeing[s] & where & ~nodes[s]
        if not see_s:
            continue
        on_seen = 0
        off_seen = 1 << s
        front = 1 << s  # false nodes, their strong links next
        depth = -1
        while front and depth + 2 <= limit:
            depth += 2  # a strong link (to true nodes: chains end there), then a weak one
            img = 0
            x = front
            while x:
                low = x & -x
                x ^= low
                img |= strong[low.bit_length() - 1]
            on = img & ~on_seen
            on_seen |= on
            y = on
            ends = False
            while y:
                low = y & -y
                y ^= low
                m = low.bit_length() - 1
                if see_s & seeing[m] & ~nodes[m]:
                    ends = True
                    break
            if ends:
                best = depth, s
                break
            img = 0
            x = on
            while x:
                low = x & -x
                x ^= low
                img |= weak[low.bit_length() - 1]
            front = img & ~off_seen
            off_seen |= front
    if best is None:
        return None
    depth, s = best
    path = _first_path(nodes, strong, weak, seeing, where, s, depth)
    hit = where & seeing[path[0]] & seeing[path[-1]] & ~_cells_of_path(nodes, path)
    if not hit:
        return None  # the chain's own cells were all it could remove
    return nodes, path, hit


def _first_path(nodes: Nodes, strong: list[int], weak: list[int], seeing: list[int],
                where: int, s: int, depth: int) -> list[int]:
    """The first chain of ``depth`` links from ``s`` that removes something, breadth first
    with links in node order."""
    see_s = seeing[s] & where & ~nodes[s]
    parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(s, False): None}
    frontier = [(s, False)]  # (node, true)
    for level in range(1, depth + 1):
        nxt = []
        for node, true in frontier:
            links = weak[node] if true else strong[node]
            while links:
                low = links & -links
                links ^= low
                m = low.bit_length() - 1
                key = (m, not true)
                if key in parent:
                    continue
                parent[key] = (node, true)
                if not true and level == depth and see_s & seeing[m] & ~nodes[m]:
                    return _path(parent, key)
                nxt.append(key)
        frontier = nxt
    raise AssertionError("the grouped chain search lost its chain")  # pragma: no cover


def _path(parent: dict[tuple[int, bool], tuple[int, bool] | None], key: tuple[int, bool]
          ) -> list[int]:
    out = []
    k: tuple[int, bool] | None = key
    while k is not None:
        out.append(k[0])
        k = parent[k]
    out.reverse()
    return out


def _cells_of_path(nodes: Nodes, path: list[int]) -> int:
    out = 0
    for i in path:
        out |= nodes[i]
    return out


def grouped_chain_rating(path: list[int]) -> float:
    """SukakuExplainer's rating of grouped strong links (0.3 above the plain ones) up to
    six of them; past that, SE's forcing X-Chain by its length."""
    links = len(path) - 1
    strong = (links + 1) // 2
    if strong in STRONG_LINKS_BASE:
        return STRONG_LINKS_BASE[strong] + 0.3
    return 6.6 + length_bonus(links + 1)


def _node_text(g: Grid, bits: int, d: int) -> str:
    cells = cells_of(bits)
    if len(cells) == 1:
        return f"({g.sym(d)}){g.name(cells[0])}"
    return f"({g.sym(d)})[{'|'.join(g.name(c) for c in cells)}]"


def grouped_x_chain(g: Grid) -> Deduction | None:
    """The shortest grouped X-Chain (the lowest digit among equals)."""
    t = g.t
    if not t.boxes:
        return None
    best: tuple[int, tuple[Nodes, list[int], int]] | None = None
    for d0, where in enumerate(g.all_digit_cells()):
        if not where:
            continue
        got = memo(t, ("grouped_x_chain", where), partial(_grouped_chain_digit, t, where))
        if got is not None and (best is None or len(got[1]) < len(best[1][1])):
            best = d0 + 1, got
    if best is None:
        return None
    d, (nodes, path, hit) = best
    text = "".join(("" if i == 0 else "=" if i % 2 else "-") + _node_text(g, nodes[n], d)
                   for i, n in enumerate(path))
    cells = [c for n in path for c in cells_of(nodes[n])]
    links = len(path) - 1
    s = g.sym(d)
    return make_step(
        "grouped_x_chain", eliminations=[(c, d) for c in cells_of(hit)], cells=cells,
        candidates=[(c, d) for c in cells], rating=grouped_chain_rating(path),
        explanation=f"The chain {text} (= one of the two holds {s}, - not both; [..] a "
                    f"group: one of its cells) shows that {s} is at one end or the other "
                    f"(a grouped X-Chain of {words.count(links, 'link')}), so cells seeing "
                    f"both ends lose {s}: {g.names(cells_of(hit))}",
        nudge=f"Look for a chain of {s} through a group of cells in a box",
    )
