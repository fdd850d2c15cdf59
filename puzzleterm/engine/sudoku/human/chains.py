"""Chains: X-chains, XY-chains, alternating inference chains (AIC), and the last resort,
trial (bifurcation).  Forcing chains are in :mod:`.forcing`.

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
from .grid import Grid, digits_of, memo
from .propagate import solver_masks


def chain_text(g: Grid, path: list[Node]) -> str:
    """Eureka-style notation: ``(5)r1c2=(5)r1c7-(5)r3c8=...`` (= strong, - weak)."""
    out = []
    for i, (c, d) in enumerate(path):
        if i:
            out.append("=" if i % 2 else "-")
        out.append(f"({g.sym(d)}){g.name(c)}")
    return "".join(out)


#: SukakuExplainer's ratings of single-digit chains by their strong links (2 to 6): a
#: Skyscraper has two, in parallel lines; 0.1 more when the links' houses mix lines and
#: boxes or rows and columns, 0.2 when they hold rows, columns and boxes.
STRONG_LINKS_BASE = {2: 4.0, 3: 5.4, 4: 5.8, 5: 6.2, 6: 6.6}


def _strong_house_kinds(g: Grid, path: list[Node]) -> set[str]:
    """The kinds of house (row, col, box ...) that make each strong link of a single-digit
    chain strong (a line rather than a box where both would do)."""
    t = g.t
    types = g.geo.house_types
    d = path[0][1]
    where = g.all_digit_cells()[d - 1]
    kinds = set()
    for i in range(0, len(path) - 1, 2):
        a, b = path[i][0], path[i + 1][0]
        pair = 1 << a | 1 << b
        shared = [h for h in t.cell_houses[a] if t.house_bits[h] >> b & 1
                  and where & t.house_bits[h] == pair]
        shared.sort(key=lambda h: types[h] == "box")
        kinds.add(types[shared[0]])
    return kinds


def chain_rating(g: Grid, tech: str, path: list[Node]) -> float:
    """A chain's rating on SE's scale.  An X-Chain of 2 to 6 strong links is rated as
    SukakuExplainer rates that many strong links of one digit (:data:`STRONG_LINKS_BASE`);
    longer, and every XY-Chain and AIC, as SE rates the forcing chain it is: 6.6 for one
    digit, 7.0 for several, and more as it grows (its candidates, and the eliminated one
    before and after: the length is the links plus one)."""
    links = len(path) - 1
    if tech == "x_chain":
        strong = (links + 1) // 2
        if strong in STRONG_LINKS_BASE:
            kinds = _strong_house_kinds(g, path)
            lines = kinds & {"row", "col"}
            mix = (len(lines) == 2) + (len(kinds) > len(lines))
            return STRONG_LINKS_BASE[strong] + (0.1 if mix == 1 else 0.2 if mix == 2 else 0)
        return 6.6 + length_bonus(links + 1)
    return 7.0 + length_bonus(links + 1)


def _chain_step(g: Grid, tech: str, label: str, path: list[Node],
                elims: list[tuple[int, int]]) -> Deduction:
    (cs, ds), (ce, de) = path[0], path[-1]
    links = len(path) - 1
    cells = list(dict.fromkeys(c for c, _ in path))
    return make_step(
        tech, eliminations=elims, cells=cells, candidates=path,
        rating=chain_rating(g, tech, path),
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
    """The shortest XY-Chain, unless an alternating inference chain is shorter: SE rates
    both as forcing chains by their length and takes the shortest (the AIC is reported
    by its own finder, next in line)."""
    found = shortest_chain(g, "xy")
    if found is None:
        return None
    if len(found[0]) > 4 and shortest_chain(g, "aic", max_links=len(found[0]) - 3):
        return None
    return _chain_step(g, "xy_chain", "XY-Chain", *found)


def aic(g: Grid) -> Deduction | None:
    found = shortest_chain(g, "aic")
    return _chain_step(g, "aic", "alternating inference chain", *found) if found else None


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
