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

from ... import words
from ..bitclassic import ClassicSearch
from ..bitsearch import BitSearch, board_of_masks
from .basic import describe_elims
from .catalog import Deduction, length_bonus, make_step
from .chain_search import Chain, Node, shortest_chain
from .closure import Closures
from .grid import Grid, cells_of, digits_of, memo
from .propagate import UNBOUNDED, solver_masks


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
                    f"is true ({words.a(label)} of {words.count(links, 'link')}), so "
                    f"{describe_elims(g, elims)} can be removed",
        nudge=f"Look for {words.a(label)} starting from {g.name(cs)}",
    )


def _x_chain_digit(g: Grid, digit: int, where: int) -> Chain | None:
    """The shortest X-Chain of ``digit`` (a function of the digit's cells alone)."""
    del where  # the memo key
    return shortest_chain(g, "x", digit)


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
    found = shortest_chain(g, "xy")
    return _chain_step(g, "xy_chain", "XY-Chain", *found) if found else None


def aic(g: Grid) -> Deduction | None:
    found = shortest_chain(g, "aic")
    return _chain_step(g, "aic", "alternating inference chain", *found) if found else None


# -- forcing chains ---------------------------------------------------------------------------
def forcing_chain(g: Grid) -> Deduction | None:
    """The forcing chain of least work (cells its singles settle), the first found among
    equals, in this order: a candidate whose singles end in a contradiction (cells with
    fewest candidates first), then a cell's candidates (up to three), then a digit's places
    in a house (up to three) whose singles all agree on something.

    Each assumption's singles are its closure (see closure.py).  The contradictions are
    walked in lockstep, none further than the least work found; a group then has to take
    less work than that to win (the contradiction wins a tie, being earlier in the order),
    so most groups are given up after a branch or two.  (Where a position has a naked
    single not placed, every assumption is walked: the groups come first there, and a
    contradiction is walked only as far as the best group's work.)"""
    prop = Closures(g)
    cand = g.cand
    order = sorted((c for c in range(g.t.ncells) if cand[c]), key=lambda c: cand[c].bit_count())
    nodes = [(c, d) for c in order for d in digits_of(cand[c])]
    found: tuple[Node, int] | None = None
    if prop.exact:
        found = prop.first_contradiction(nodes, UNBOUNDED)
        group = _forcing_group(g, prop, order, found[1] if found else UNBOUNDED)
        if group:
            return group[1]
    else:
        group = _forcing_group(g, prop, order, UNBOUNDED)
        # contradictions: one assumption breaks the grid
        bound = group[0] + 1 if group else UNBOUNDED
        for node in nodes:
            got = prop.run(node, bound)
            if got is None or got[0]:
                continue  # no contradiction, or as much work as the best so far or more
            found = node, got[1]
            bound = got[1]
    if found is None:
        return group[1] if group else None
    (c, d), work = found
    return make_step(
        "forcing_chain", eliminations=[(c, d)], cells=[c], candidates=[(c, d)],
        rating=7.5 + length_bonus(work),
        explanation=f"If {g.name(c)} were {g.sym(d)}, the singles it forces "
                    f"would leave some cell, {g.geo.units()} without a digit (a "
                    f"contradiction), so {g.name(c)} is not {g.sym(d)}",
        nudge=f"Try {g.sym(d)} in {g.name(c)} and follow the singles",
    )


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


def _forcing_group(g: Grid, prop: Closures, order: list[int], bound: int
                   ) -> tuple[int, Deduction] | None:
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
    best: tuple[int, list[Node], int, list[tuple[int, int]], list[tuple[int, int]]] | None = None
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
            s = ClassicSearch(g.geo, limit=1, keep=False)  # the reference search's nodes
            s.run(masks, [c])
            if s.count == 0:
                return make_step(
                    "trial", eliminations=[(c, d)], cells=[c], candidates=[(c, d)],
                    rating=9.5 + length_bonus(s.nodes) / 2,
                    explanation=f"Trying {g.sym(d)} in {g.name(c)} and searching every "
                                f"continuation ({words.count(s.nodes, 'guess')}) finds no "
                                f"solution, so "
                                f"{g.name(c)} is not {g.sym(d)}. This is trial and error, "
                                "not a logical step",
                    nudge=f"Logic alone is stuck: try a digit in {g.name(c)}",
                )
    return None
