"""Chains: X-chains, XY-chains, alternating inference chains (AIC), forcing chains, and
the last resort, trial (bifurcation).

A chain is a path of candidates ``(cell, digit)`` whose links alternate *strong* (not both
false: a conjugate pair in a house, or the two candidates of a bivalue cell) and *weak* (not
both true: the same digit in two cells that see each other, or two digits of one cell).
Starting from a candidate assumed false, the chain proves its last candidate true, so one
of the two ends is true; whatever sees both ends can go.  Chains are found breadth first,
so the shortest one is reported.
"""

from __future__ import annotations

from functools import partial

from ..bitclassic import ClassicSearch
from ..bitsearch import BitSearch, board_of_masks
from .basic import describe_elims
from .catalog import Deduction, length_bonus, make_step
from .closure import Closures
from .fish import conjugate_pairs
from .grid import Grid, cells_of, digits_of, memo
from .propagate import UNBOUNDED, solver_masks

Node = tuple[int, int]  # (cell, digit)

#: Longest chain searched (links).
MAX_LINKS = 20


class _Links:
    """Strong and weak links of one grid, for the chain kinds allowed (``x``: one digit,
    ``xy``: bivalue cells, ``aic``: both and more).

    Candidates are numbered ``cell * n + digit - 1``; the links of each are listed once,
    in a fixed order (which decides, among chains of one length, the one reported).
    """

    def __init__(self, g: Grid, kind: str, digit: int = 0) -> None:
        n = g.n
        cand = g.cand
        peer_bits = g.t.peer_bits
        dcells = g.all_digit_cells()
        only = -1  # the cells a weak link may reach
        if kind == "xy":
            only = 0
            for c in g.bivalue():
                only |= 1 << c
        self.nodes = nodes = self._nodes(g, kind, digit)
        # every link joins two of the nodes
        strong: dict[int, list[int]] = {v: [] for v in nodes}
        weak: dict[int, list[int]] = {v: [] for v in nodes}
        if kind in ("xy", "aic"):
            for c, m in enumerate(cand):
                if m.bit_count() == 2:
                    lo = m & -m
                    a, b = c * n + lo.bit_length() - 1, c * n + (m ^ lo).bit_length() - 1
                    strong[a].append(b)
                    strong[b].append(a)
        if kind in ("x", "aic"):
            for d0, where in enumerate(dcells):
                if kind == "x" and d0 != digit - 1:
                    continue
                for _h, a, b in conjugate_pairs(g, where):
                    strong[a * n + d0].append(b * n + d0)
                    strong[b * n + d0].append(a * n + d0)
        for v in nodes:
            c, d0 = divmod(v, n)
            out = weak[v]
            if kind == "aic":
                rest = cand[c] & ~(1 << d0)
                while rest:
                    low = rest & -rest
                    out.append(c * n + low.bit_length() - 1)
                    rest ^= low
            # the peers (in increasing order) having the digit
            hit = peer_bits[c] & dcells[d0] & only
            while hit:
                low = hit & -hit
                out.append((low.bit_length() - 1) * n + d0)
                hit ^= low
        self.strong = strong
        self.weak = weak

    @staticmethod
    def _nodes(g: Grid, kind: str, digit: int) -> list[int]:
        """The candidates a chain of this kind may use (and start from), in cell order."""
        n = g.n
        out: list[int] = []
        for c, m in enumerate(g.cand):
            if not m:
                continue
            if kind == "xy":
                if m.bit_count() == 2:
                    out.extend(c * n + d - 1 for d in digits_of(m))
            elif kind == "x":
                if m >> (digit - 1) & 1:
                    out.append(c * n + digit - 1)
            else:
                out.extend(c * n + d - 1 for d in digits_of(m))
        return out


def _conclusion(g: Grid, s: Node, e: Node) -> list[tuple[int, int]]:
    """What "s or e is true" removes."""
    cand = g.cand
    pb = g.t.peer_bits
    (cs, ds), (ce, de) = s, e
    if ds == de:
        if cs == ce:
            return []
        hit = pb[cs] & pb[ce]
        return [(c, ds) for c in cells_of(hit) if cand[c] >> (ds - 1) & 1]
    if cs == ce:
        other = cand[cs] & ~(1 << (ds - 1)) & ~(1 << (de - 1))
        return [(cs, d) for d in digits_of(other)]
    out = []
    if pb[cs] >> ce & 1:
        if cand[ce] >> (ds - 1) & 1:
            out.append((ce, ds))
        if cand[cs] >> (de - 1) & 1:
            out.append((cs, de))
    return out


Chain = tuple[list[Node], list[tuple[int, int]]]


def _shortest_chain(g: Grid, kind: str, digit: int = 0,
                    max_links: int = MAX_LINKS) -> Chain | None:
    """The shortest chain of ``kind`` (of at most ``max_links`` links) that removes
    something; among the shortest, the one from the first start (in cell order), found
    first by its breadth-first search.

    Every start's search advances one link at a time, all starts together, so no start is
    searched deeper than the shortest chain.
    """
    links = _Links(g, kind, digit)
    strong, weak = links.strong, links.weak
    n = g.n
    xy = kind == "xy"
    cand = g.cand
    pb = g.t.peer_bits
    dcells = g.all_digit_cells()
    # one search per start: states 2 * candidate + on (the start is off; strong links turn
    # off into on, weak ones on into off), their parents, and the states of the last depth
    searches: list[tuple[int, dict[int, int], list[int]]] = [
        (s, {2 * s: -1}, [2 * s]) for s in links.nodes if strong[s]]
    for _depth in range(max_links):
        alive: list[tuple[int, dict[int, int], list[int]]] = []
        for s, parent, frontier in searches:
            cs, sd = divmod(s, n)
            # what "s or e is true" needs to remove something (see _conclusion)
            same_digit = pb[cs] & dcells[sd]  # e = (ce, sd): a cell seeing both has sd
            s_bit = 1 << sd
            s_peers = pb[cs]
            nxt: list[int] = []
            for state in frontier:
                v, on = state >> 1, state & 1
                for m in weak[v] if on else strong[v]:
                    key = 2 * m + 1 - on
                    if key in parent:
                        continue
                    if xy and on and m // n == v // n:
                        continue
                    parent[key] = state
                    if not on:  # m is on: a chain ends here
                        ce, de = divmod(m, n)
                        if xy and de != sd:
                            nxt.append(key)
                            continue
                        if de == sd:
                            ends = ce != cs and pb[ce] & same_digit
                        elif ce == cs:
                            ends = cand[cs] & ~s_bit & ~(1 << de)
                        else:
                            ends = s_peers >> ce & 1 and (cand[ce] & s_bit
                                                          or cand[cs] >> de & 1)
                        if ends:
                            return _chain_of(g, parent, key)
                    nxt.append(key)
            if nxt:
                alive.append((s, parent, nxt))
        if not alive:
            break
        searches = alive
    return None


def _chain_of(g: Grid, parent: dict[int, int], end: int) -> Chain:
    n = g.n
    path: list[Node] = []
    k = end
    while k >= 0:
        c, d0 = divmod(k >> 1, n)
        path.append((c, d0 + 1))
        k = parent[k]
    path.reverse()
    return path, _conclusion(g, path[0], path[-1])


def chain_text(g: Grid, path: list[Node]) -> str:
    """Eureka-style notation: ``(5)r1c2=(5)r1c7-(5)r3c8=...`` (= strong, - weak)."""
    out = []
    for i, (c, d) in enumerate(path):
        if i:
            out.append("=" if i % 2 else "-")
        out.append(f"({g.sym(d)}){g.name(c)}")
    return "".join(out)


def _chain_step(g: Grid, tech: str, label: str, path: list[Node],
                elims: list[tuple[int, int]]) -> Deduction:
    (cs, ds), (ce, de) = path[0], path[-1]
    links = len(path) - 1
    base = {"x_chain": 6.5, "xy_chain": 6.6, "aic": 7.0}[tech]
    cells = list(dict.fromkeys(c for c, _ in path))
    return make_step(
        tech, eliminations=elims, cells=cells, candidates=path,
        rating=base + length_bonus(links),
        explanation=f"The chain {chain_text(g, path)} (= one of the two is true, - not both) "
                    f"shows that {g.sym(ds)} in {g.name(cs)} or {g.sym(de)} in {g.name(ce)} "
                    f"is true (an {label} of {links} links), so "
                    f"{describe_elims(g, elims)} can be removed",
        nudge=f"Look for an {label} starting from {g.name(cs)}",
    )


def _x_chain_digit(g: Grid, digit: int, where: int) -> Chain | None:
    """The shortest X-Chain of ``digit`` (a function of the digit's cells alone)."""
    del where  # the memo key
    return _shortest_chain(g, "x", digit)


def x_chain(g: Grid) -> Deduction | None:
    best: Chain | None = None
    for d0, where in enumerate(g.all_digit_cells()):
        if not where:
            continue
        found = memo(g.t, ("x_chain", d0 + 1, where), partial(_x_chain_digit, g, d0 + 1, where))
        if found and (best is None or len(found[0]) < len(best[0])):
            best = found
    if best is None:
        return None
    return _chain_step(g, "x_chain", "X-Chain", *best)


def xy_chain(g: Grid) -> Deduction | None:
    found = _shortest_chain(g, "xy")
    return _chain_step(g, "xy_chain", "XY-Chain", *found) if found else None


def aic(g: Grid) -> Deduction | None:
    found = _shortest_chain(g, "aic")
    return _chain_step(g, "aic", "alternating inference chain", *found) if found else None


# -- forcing chains ---------------------------------------------------------------------------
def forcing_chain(g: Grid) -> Deduction | None:
    """The forcing chain of least work (cells its singles settle), the first found among
    equals, in this order: a candidate whose singles end in a contradiction (cells with
    fewest candidates first), then a cell's candidates (up to three), then a digit's places
    in a house (up to three) whose singles all agree on something.

    Each assumption's singles are its closure (see closure.py).  The groups come first
    here, because their work needs no walk: a contradiction then only has to be walked
    as far as the best group's work (it wins a tie, being earlier in the order)."""
    prop = Closures(g)
    cand = g.cand
    order = sorted((c for c in range(g.t.ncells) if cand[c]), key=lambda c: cand[c].bit_count())
    group = _forcing_group(g, prop, order)
    # contradictions: one assumption breaks the grid
    best: tuple[int, Deduction] | None = None
    bound = group[0] + 1 if group else UNBOUNDED
    for c in order:
        for d in digits_of(cand[c]):
            got = prop.run((c, d), bound)
            if got is None or got[0]:
                continue  # no contradiction, or as much work as the best so far or more
            work = bound = got[1]
            best = (work, make_step(
                "forcing_chain", eliminations=[(c, d)], cells=[c], candidates=[(c, d)],
                rating=7.5 + length_bonus(work),
                explanation=f"If {g.name(c)} were {g.sym(d)}, the singles it forces "
                            f"would leave some cell, {g.geo.units()} without a digit (a "
                            f"contradiction), so {g.name(c)} is not {g.sym(d)}",
                nudge=f"Try {g.sym(d)} in {g.name(c)} and follow the singles",
            ))
    best = best or group
    return best[1] if best else None


def _forcing_group(g: Grid, prop: Closures, order: list[int]) -> tuple[int, Deduction] | None:
    """The cell or house forcing chain of least work (the first among equals)."""
    cand = g.cand
    # cell forcing: every candidate of a cell leads to the same result; then house forcing:
    # every place of a digit in a house
    groups: list[tuple[list[Node], int]] = [
        ([(c, d) for d in digits_of(cand[c])], -1) for c in order if cand[c].bit_count() <= 3]
    dcells = g.all_digit_cells()
    for h, hb in enumerate(g.t.house_bits):
        for d0, where in enumerate(dcells):
            inside = where & hb
            if inside and inside & (inside - 1) and inside.bit_count() <= 3:
                groups.append(([(c, d0 + 1) for c in cells_of(inside)], h))
    best: tuple[int, list[Node], int, list[tuple[int, int]], list[tuple[int, int]]] | None = None
    bound = UNBOUNDED
    for nodes, h in groups:
        # every branch must hold, and all of them take less work than the best so far
        got = prop.branches(nodes, bound)
        if got is None:
            continue
        results, work = got
        placements, elims = prop.common(results)
        if placements or elims:
            best = (work, nodes, h, placements, elims)
            bound = work
    if best is None:
        return None
    work, nodes, h, placements, elims = best
    what = (", ".join(f"{g.name(c)} is {g.sym(d)}" for c, d in placements) if placements
            else f"{describe_elims(g, elims)} can be removed")
    if h < 0:
        c = nodes[0][0]
        opts = " or ".join(g.sym(d) for _, d in nodes)
        expl = (f"{g.name(c)} is {opts}; following the singles from each choice gives the "
                f"same result (a cell forcing chain): {what}")
        nudge = f"Follow each candidate of {g.name(c)} in turn"
    else:
        d = nodes[0][1]
        label = g.geo.house_names[h]
        expl = (f"In {label}, {g.sym(d)} goes in {g.names([c for c, _ in nodes])}; "
                "following the singles from each place gives the same result (a "
                f"{g.geo.unit_word(h)} forcing chain): {what}")
        nudge = f"Follow each place of {g.sym(d)} in {label} in turn"
    return work, make_step(
        "forcing_chain", placements=placements if placements else (),
        eliminations=() if placements else elims,
        cells=[c for c, _ in nodes], houses=[h] if h >= 0 else [], candidates=nodes,
        rating=7.5 + length_bonus(work), explanation=expl, nudge=nudge,
    )


# -- trial --------------------------------------------------------------------------------------
def _only_solution(g: Grid, base: list[int]) -> tuple[int, ...] | None:
    """The one solution of the position (None when it has none or several), kept on the
    grid: its candidates only ever shrink, so a solution still consistent with them is
    still the only one.  (Trial only skips the candidates of this solution: each has a
    solution, so no search would report it, and the step found is the same without it.)"""
    sol = g.solution
    if sol is not None and all(m >> (v - 1) & 1 for m, v in zip(base, sol, strict=True)):
        return sol
    # a puzzle known to have one solution needs no count to two: the position's solutions
    # are the puzzle's (every step so far is sound for it)
    s = BitSearch(g.geo, limit=1 if g.unique else 2, keep=True)
    s.run(board_of_masks(g.geo, base))
    if s.count != 1:
        return None
    g.solution = s.solutions[0]
    return g.solution


def trial(g: Grid) -> Deduction | None:
    """Guess and search: a candidate whose assumption has no solution at all.

    Candidates are tried in order (fewest candidates first); the first without a solution
    is reported.  When the position has one solution, that candidate is the first that
    differs from it, so only its search is run (for its count of guesses)."""
    cand = g.cand
    cells = sorted((c for c in range(g.t.ncells) if cand[c]),
                   key=lambda c: (cand[c].bit_count(), c))
    base = solver_masks(g)
    sol = _only_solution(g, base)
    for c in cells:
        for d in digits_of(cand[c]):
            if sol is not None and d == sol[c]:
                continue  # the solution: this assumption has one
            masks = base[:]
            masks[c] = 1 << (d - 1)
            s = ClassicSearch(g.geo, limit=1, keep=False)  # the nodes of solver.Search
            s.run(masks, [c])
            if s.count == 0:
                return make_step(
                    "trial", eliminations=[(c, d)], cells=[c], candidates=[(c, d)],
                    rating=9.5 + length_bonus(s.nodes) / 2,
                    explanation=f"Trying {g.sym(d)} in {g.name(c)} and searching every "
                                f"continuation ({s.nodes} guesses) finds no solution, so "
                                f"{g.name(c)} is not {g.sym(d)}. This is trial and error, "
                                "not a logical step",
                    nudge=f"Logic alone is stuck: try a digit in {g.name(c)}",
                )
    return None
