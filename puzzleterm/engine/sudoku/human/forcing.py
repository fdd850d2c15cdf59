"""Forcing chains, by kind as Sudoku Explainer rates them.

A forcing chain assumes a candidate and follows what it forces.  Sudoku Explainer (SE) tells
three kinds apart, each harder than the last, and so do we:

* **Nishio** (7.5 and up): assume a digit in a cell and follow that digit alone, its other
  places in each row, column and box: some house is left without a place for it, so the
  assumption is false.
* **Cell or region forcing chain** (8.0 and up): every candidate of a cell (or every place
  of a digit in a house) leads to the same conclusion through the position's own links
  alone: cells with two candidates, and digits with two places in a house (SE's "multiple"
  forcing chains, static: no single that appears along the way is followed).
* **Dynamic forcing chain** (8.5 and up): the same, or a contradiction, following every
  naked and hidden single as it appears.

A chain's rating grows with its length, counted in implications as SE counts them (see
:func:`.catalog.length_bonus`): for a Nishio, every placement and every candidate ruled out
on the way to the empty house; for a static chain, the candidates on each branch's path;
for a dynamic chain, two per cell its singles settle (the single, and the candidate whose
removal made it one).

The dynamic search is the one of least work (cells its singles settle; see
:func:`dynamic_search`); its conclusion is then shown as a static chain, rated as one,
when the position's links alone prove it, as SE, which tries static chains first, would.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ... import words
from .basic import describe_elims
from .catalog import Deduction, length_bonus, make_step
from .chain_search import Links, bit_links
from .closure import Closures
from .grid import Grid, Tables, cells_of, digits_of, memo
from .propagate import UNBOUNDED

Node = tuple[int, int]  # (cell, digit)

#: A dynamic chain's implications per cell its singles settle.
DYNAMIC_PER_CELL = 2
#: The most true candidates on a branch of a static chain looked for (a branch of 12
#: candidates; three such make a chain of 36, rated 8.0 + 0.6, as SE's dynamic ones).
STATIC_LEVELS = 6


# -- Nishio ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Nishio:
    """A single-digit contradiction: the digit in ``cell`` forces it into ``placed`` (each in
    the house of ``why``, in order) and leaves house ``empty`` without a place."""

    count: int  # implications: the placements and the candidates ruled out that matter
    cell: int
    placed: tuple[int, ...]
    why: tuple[int, ...]
    empty: int


HouseBits = tuple[tuple[int, ...], tuple[int, ...]]


def _house_order_bits(t: Tables) -> HouseBits:
    """The houses in house order (their cells as bitsets), and per cell its houses as bits
    over that order (remembered per geometry)."""
    return memo(t, ("house_order_bits",), partial(_make_house_order_bits, t))


def _make_house_order_bits(t: Tables) -> HouseBits:
    order = t.house_order
    of_cell = [0] * t.ncells
    for i, h in enumerate(order):
        for c in t.houses[h]:
            of_cell[c] |= 1 << i
    return tuple(t.house_bits[h] for h in order), tuple(of_cell)


def _nishio_from(t: Tables, hb: HouseBits, where: int, houses: int, cell: int
                 ) -> Nishio | None:
    """Place the digit (cells ``where``; ``houses``: those holding it, as bits over the
    house order) in ``cell`` and follow it alone: each house (in house order, from the
    first again after each placement) with one place left gets it; one with none is a
    contradiction."""
    peers = t.peer_bits
    hbits, of_cell = hb
    alive = where & ~peers[cell] & ~(1 << cell)
    placed = [cell]
    why = [-1]
    open_h = houses & ~of_cell[cell]
    rest = open_h
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        p = alive & hbits[i]
        if not p:
            return _nishio_found(t, where, placed, why, i)
        if not p & (p - 1):
            x = p.bit_length() - 1
            placed.append(x)
            why.append(i)
            alive &= ~peers[x] & ~p
            open_h &= ~of_cell[x]
            rest = open_h  # from the first house again
    return None


def _nishio_found(t: Tables, where: int, placed: list[int], why: list[int],
                  empty: int) -> Nishio:
    """The contradiction, with the implications it rests on: the empty house's places, the
    placement that ruled out each (the first that sees it), and for each placement the
    other places of its house (ruled out in turn), back to the assumption."""
    hbits, _of_cell = _house_order_bits(t)
    peers = t.peer_bits
    order = t.house_order
    house_of = dict(zip(placed, why, strict=True))
    on: set[int] = set()
    off: set[int] = set()
    todo = cells_of(where & hbits[empty])
    while todo:
        y = todo.pop()
        if y in off:
            continue
        off.add(y)
        x = next(x for x in placed if peers[x] >> y & 1)
        if x in on:
            continue
        on.add(x)
        if x != placed[0]:
            todo += [z for z in cells_of(where & hbits[house_of[x]]) if z != x]
    used = [x for x in placed if x in on]
    return Nishio(len(on) + len(off), placed[0], tuple(used),
                  tuple(order[house_of[x]] if house_of[x] >= 0 else -1 for x in used),
                  order[empty])


def _nishio_digit(t: Tables, where: int) -> Nishio | None:
    """The Nishio of one digit (cells ``where``) with the fewest implications, the first
    cell among equals (a function of the digit's cells alone)."""
    hb = _house_order_bits(t)
    peers = t.peer_bits
    houses = 0
    # the cells whose placement leaves some house with one place or none: those that see
    # all its places but one (a walk from another cell forces nothing, and ends at once)
    trigger = 0
    for i, bits in enumerate(hb[0]):
        places = where & bits
        if not places:
            continue
        houses |= 1 << i
        # the cells seeing all the places but one: ANDs of the peers before and after it
        sees = [peers[c] for c in cells_of(places)]
        after = [-1] * (len(sees) + 1)
        for j in range(len(sees) - 1, -1, -1):
            after[j] = after[j + 1] & sees[j]
        before = ~bits
        for j, x in enumerate(sees):
            trigger |= before & after[j + 1]
            before &= x
    best: Nishio | None = None
    for c in cells_of(where & trigger):
        got = _nishio_from(t, hb, where, houses, c)
        if got is not None and (best is None or got.count < best.count):
            best = got
    return best


def nishio(g: Grid) -> Deduction | None:
    """The Nishio forcing chain with the fewest implications (the lowest digit among
    equals)."""
    t = g.t
    best: tuple[Nishio, int] | None = None
    for d0, where in enumerate(g.all_digit_cells()):
        if where:
            got = memo(t, ("nishio", where), partial(_nishio_digit, t, where))
            if got is not None and (best is None or got.count < best[0].count):
                best = got, d0 + 1
    if best is None:
        return None
    found, d = best
    s = g.sym(d)
    c = found.cell
    steps = [f"{g.name(x)} (its last place in {g.geo.house_names[h]})"
             for x, h in zip(found.placed[1:], found.why[1:], strict=True)]
    forced = (f"{s} would have to go in {words.listing(steps)}, and " if steps else "")
    return make_step(
        "nishio", eliminations=[(c, d)], cells=list(found.placed), houses=[found.empty],
        candidates=[(x, d) for x in found.placed],
        rating=7.5 + length_bonus(found.count - 2),
        explanation=f"If {g.name(c)} were {s}, following {s} alone (its other places in "
                    f"each {g.geo.units()}): {forced}{g.geo.house_names[found.empty]} "
                    f"would be left with no place for {s} (a Nishio forcing chain). So "
                    f"{g.name(c)} is not {s}",
        nudge=f"Try {s} in {g.name(c)} and follow {s} alone",
    )


# -- the dynamic search ----------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """The forcing chain of least work: the assumptions ``nodes`` (one for a contradiction;
    a cell's candidates when ``house`` is -1; a digit's places in ``house``), the cells
    their singles settle (``work``), and what follows."""

    work: int
    nodes: tuple[Node, ...]
    house: int  # -2: a contradiction; -1: a cell; else the house
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]


CONTRADICTION = -2


def dynamic_search(g: Grid) -> Found | None:
    """The forcing chain of least work (cells its singles settle), the first found among
    equals, in this order: a candidate whose singles end in a contradiction (cells with
    fewest candidates first), then a cell's candidates (up to three), then a digit's places
    in a house (up to three) whose singles all agree on something (kept for the position:
    the static and the dynamic finders share it).

    Each assumption's singles are its closure (see closure.py).  The contradictions are
    walked in lockstep, none further than the least work found; a group then has to take
    less work than that to win (the contradiction wins a tie, being earlier in the order),
    so most groups are given up after a branch or two.  (Where a position has a naked
    single not placed, every assumption is walked: the groups come first there, and a
    contradiction is walked only as far as the best group's work.)"""
    return g.derived("forcing", _dynamic_search)


def _dynamic_search(g: Grid) -> Found | None:
    prop = Closures(g)
    cand = g.cand
    order = sorted((c for c in range(g.t.ncells) if cand[c]), key=lambda c: cand[c].bit_count())
    nodes = [(c, d) for c in order for d in digits_of(cand[c])]
    found: tuple[Node, int] | None = None
    if prop.exact:
        found = prop.first_contradiction(nodes, UNBOUNDED)
        group = _forcing_group(g, prop, order, found[1] if found else UNBOUNDED)
        if group:
            return group
    else:
        group = _forcing_group(g, prop, order, UNBOUNDED)
        # contradictions: one assumption breaks the grid
        bound = group.work + 1 if group else UNBOUNDED
        for node in nodes:
            got = prop.run(node, bound)
            if got is None or got[0]:
                continue  # no contradiction, or as much work as the best so far or more
            found = node, got[1]
            bound = got[1]
    if found is None:
        return group
    node, work = found
    return Found(work, (node,), CONTRADICTION, (), (node,))


def _house_places(house_bits: tuple[int, ...], d0: int, where: int
                  ) -> list[tuple[int, int, list[Node]]]:
    """The houses where a digit has two or three places, and those places (a function of
    the digit's cells alone)."""
    out = []
    for h, hb in enumerate(house_bits):
        inside = where & hb
        if inside & (inside - 1) and inside.bit_count() <= 3:
            out.append((h, d0, [(c, d0 + 1) for c in cells_of(inside)]))
    return out


def _forcing_group(g: Grid, prop: Closures, order: list[int], bound: int) -> Found | None:
    """The cell or house forcing chain of least work (the first among equals), when that
    work is below ``bound``."""
    cand = g.cand
    # cell forcing: every candidate of a cell leads to the same result; then house forcing:
    # every place of a digit in a house
    groups: list[tuple[list[Node], int]] = [
        ([(c, d) for d in digits_of(cand[c])], -1) for c in order if cand[c].bit_count() <= 3]
    by_house: list[tuple[int, int, list[Node]]] = []
    for d0, where in enumerate(g.all_digit_cells()):
        if where:
            by_house += memo(g.t, ("fc_places", d0, where),
                             partial(_house_places, g.t.house_bits, d0, where))
    by_house.sort(key=lambda e: (e[0], e[1]))  # houses in order, then digits
    groups += [(nodes, h) for h, _d0, nodes in by_house]
    best: Found | None = None
    for nodes, h in groups:
        # every branch must hold, and all of them take less work than the best so far
        got = prop.branches(nodes, bound)
        if got is None:
            continue
        results, work = got
        placements, elims = prop.common(results)
        if placements or elims:
            best = Found(work, tuple(nodes), h, tuple(placements),
                         () if placements else tuple(elims))
            bound = work
    return best


# -- static chains -----------------------------------------------------------------------------
#: A branch of a static chain: the candidates on its path, each with whether it is true
#: (from the assumption, true, to the conclusion).
Path = list[tuple[Node, bool]]


def _aic_links(g: Grid) -> Links:
    return bit_links(g, "aic", 0)


class StaticLinks:
    """The position's own links, for chains that follow nothing else: strong (a cell's two
    candidates, a digit's two places in a house) and weak (two candidates of a cell, a
    digit in two cells that see each other), on bits ``digit * cells + cell``."""

    def __init__(self, g: Grid) -> None:
        _starts, strong, _weak, _ends, weak_of = g.derived("aic_links", _aic_links)
        self.strong = strong
        self.weak_of = weak_of
        self.ncells = g.t.ncells

    def bit(self, node: Node) -> int:
        c, d = node
        return (d - 1) * self.ncells + c

    def node(self, bit: int) -> Node:
        d0, c = divmod(bit, self.ncells)
        return c, d0 + 1

    def towards_false(self, target: Node) -> dict[int, tuple[int, int]]:
        """Every candidate whose truth makes ``target`` false through the links, with the
        next two candidates on its shortest path there: ``{v: (w, u)}`` for "v true, so w
        false, so u true" (``(target, -1)`` where v sees the target).  Breadth first from
        the target, so each path is a shortest one; paths of at most
        :data:`STATIC_LEVELS` true candidates."""
        strong, weak_of = self.strong, self.weak_of
        t = self.bit(target)
        nxt: dict[int, tuple[int, int]] = {}
        front = weak_of(t)
        reached = front | 1 << t
        x = front
        while x:
            v = x.bit_length() - 1
            x ^= 1 << v
            nxt[v] = (t, -1)
        for _level in range(STATIC_LEVELS - 1):
            if not front:
                break
            new = 0
            x = front
            while x:  # u true is forced by w false (strong), which v true forces (weak)
                u = x.bit_length() - 1
                x ^= 1 << u
                s = strong[u]
                while s:
                    w = s.bit_length() - 1
                    s ^= 1 << w
                    vs = weak_of(w) & ~reached
                    reached |= vs
                    new |= vs
                    while vs:
                        v = vs.bit_length() - 1
                        vs ^= 1 << v
                        nxt[v] = (w, u)
            front = new
        return nxt

    def path(self, nxt: dict[int, tuple[int, int]], start: int) -> Path:
        """The path from ``start`` (true) to the target (false), read off ``nxt``."""
        out: Path = [(self.node(start), True)]
        v = start
        while True:
            w, u = nxt[v]
            out.append((self.node(w), False))
            if u < 0:
                return out
            out.append((self.node(u), True))
            v = u


def _static_group(g: Grid, found: Found) -> tuple[list[Node], int, list[Path]] | None:
    """For the conclusion of a contradiction (its candidate is false), the cell or house
    all of whose candidates make it false through the position's links alone, with the
    shortest paths in all: (the assumptions, the house or -1, the paths)."""
    links = StaticLinks(g)
    target = found.nodes[0]
    nxt = links.towards_false(target)
    if not nxt:
        return None
    t = g.t
    cand = g.cand
    depth: dict[int, int] = {}

    def length(v: int) -> int:
        got = depth.get(v)
        if got is None:
            got = depth[v] = len(links.path(nxt, v))
        return got

    reach = 0
    for v in nxt:
        reach |= 1 << v
    n_cells = t.ncells
    dcells = g.all_digit_cells()
    full = (1 << n_cells) - 1
    slices = [reach >> (d0 * n_cells) & full for d0 in range(len(dcells))]
    # cells with a candidate that does not make the target false; the others are groups
    short = 1 << target[0]
    empty = 0
    for d0, where in enumerate(dcells):
        short |= where & ~slices[d0]
        empty |= where
    # the group of fewest implications: cells (in order) before houses (in house order,
    # then digits) among equals
    best: tuple[tuple[int, int, int, int], list[Node], int] | None = None
    for c in cells_of(empty & ~short):
        m = cand[c]
        if not m & (m - 1):
            continue
        key = (sum(length((d - 1) * n_cells + c) for d in digits_of(m)), 0, c, 0)
        if best is None or key < best[0]:
            best = key, [(c, d) for d in digits_of(m)], -1
    for d0, where in enumerate(dcells):
        slice_ = slices[d0]
        if not slice_:
            continue
        for i, h in enumerate(t.house_order):
            inside = where & t.house_bits[h]
            if inside & (inside - 1) == 0 or inside & ~slice_:
                continue
            key = (sum(length(d0 * n_cells + c) for c in cells_of(inside)), 1, i, d0)
            if best is None or key < best[0]:
                best = key, [(c, d0 + 1) for c in cells_of(inside)], h
    if best is None:
        return None
    _total, nodes, h = best
    return nodes, h, [links.path(nxt, links.bit(nd)) for nd in nodes]


def _path_text(g: Grid, path: Path) -> str:
    """``(5)r1c2-(5)r1c7=(3)r1c7-...``: = a strong link (one of the two is true), - a weak
    one (not both)."""
    out = []
    for i, ((c, d), _true) in enumerate(path):
        if i:
            out.append("-" if i % 2 else "=")
        out.append(f"({g.sym(d)}){g.name(c)}")
    return "".join(out)


def forcing_chain(g: Grid) -> Deduction | None:
    """The cell or region forcing chain through the position's own links that proves what
    the forcing chain of least work (:func:`dynamic_search`) concludes, when there is one:
    for a contradiction, every candidate of some cell, or every place of a digit in some
    house, makes the candidate false along a shortest path of links."""
    found = dynamic_search(g)
    if found is None or found.house != CONTRADICTION:
        return None
    static = _static_group(g, found)
    if static is None:
        return None
    nodes, h, paths = static
    tc, td = found.nodes[0]
    count = sum(len(p) for p in paths)
    branches = "; ".join(_path_text(g, p) for p in paths)
    conclusion = f"{g.name(tc)} is not {g.sym(td)}"
    if h < 0:
        c = nodes[0][0]
        head = f"{g.name(c)} holds {words.listing([g.sym(d) for _, d in nodes], 'or')}"
        label = "a cell forcing chain"
        nudge = f"Follow each candidate of {g.name(c)} through cells with two candidates"
    else:
        d = nodes[0][1]
        head = (f"In {g.geo.house_names[h]}, {g.sym(d)} goes in "
                f"{words.listing([g.name(c) for c, _ in nodes], 'or')}")
        label = f"a {g.geo.unit_word(h)} forcing chain"
        nudge = (f"Follow each place of {g.sym(d)} in {g.geo.house_names[h]} through cells "
                 "with two candidates")
    return make_step(
        "forcing_chain", eliminations=[(tc, td)], cells=[c for c, _ in nodes],
        houses=[h] if h >= 0 else [], candidates=[*nodes, (tc, td)],
        rating=8.0 + length_bonus(count - 2),
        explanation=f"{head}, and each way {conclusion}, through cells with two candidates "
                    f"and digits with two places (= one of the two is true, - not both): "
                    f"{branches} ({label}). So {conclusion}",
        nudge=nudge,
    )


def dynamic_forcing_chain(g: Grid) -> Deduction | None:
    """The forcing chain of least work (:func:`dynamic_search`), following every single."""
    found = dynamic_search(g)
    if found is None:
        return None
    rating = 8.5 + length_bonus(DYNAMIC_PER_CELL * found.work)
    if found.house == CONTRADICTION:
        (c, d), = found.nodes
        return make_step(
            "dynamic_forcing_chain", eliminations=[(c, d)], cells=[c], candidates=[(c, d)],
            rating=rating,
            explanation=f"If {g.name(c)} were {g.sym(d)}, the singles it forces would "
                        f"leave some cell, {g.geo.units()} without a digit (a dynamic "
                        f"forcing chain: a contradiction), so {g.name(c)} is not {g.sym(d)}",
            nudge=f"Try {g.sym(d)} in {g.name(c)} and follow the singles",
        )
    nodes = list(found.nodes)
    h = found.house
    what = (", ".join(f"{g.name(c)} is {g.sym(d)}" for c, d in found.placements)
            if found.placements else f"{describe_elims(g, found.eliminations)} can be removed")
    if h < 0:
        c = nodes[0][0]
        opts = " or ".join(g.sym(d) for _, d in nodes)
        expl = (f"{g.name(c)} is {opts}; following the singles from each choice gives the "
                f"same result (a dynamic cell forcing chain): {what}")
        nudge = f"Follow each candidate of {g.name(c)} in turn"
    else:
        d = nodes[0][1]
        label = g.geo.house_names[h]
        expl = (f"In {label}, {g.sym(d)} goes in {g.names([c for c, _ in nodes])}; "
                "following the singles from each place gives the same result (a dynamic "
                f"{g.geo.unit_word(h)} forcing chain): {what}")
        nudge = f"Follow each place of {g.sym(d)} in {label} in turn"
    return make_step(
        "dynamic_forcing_chain", placements=found.placements,
        eliminations=found.eliminations, cells=[c for c, _ in nodes],
        houses=[h] if h >= 0 else [], candidates=nodes, rating=rating,
        explanation=expl, nudge=nudge,
    )
