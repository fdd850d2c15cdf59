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

from collections import deque
from collections.abc import Iterator

from .. import solver as bt
from ..types import Step
from .basic import describe_elims
from .catalog import length_bonus, make_step
from .grid import Grid, cells_of, digits_of

Node = tuple[int, int]  # (cell, digit)

#: Longest chain searched (links).
MAX_LINKS = 20


class _Links:
    """Strong and weak links of one grid, for the chain kinds allowed."""

    def __init__(self, g: Grid, kind: str, digit: int = 0) -> None:
        self.g = g
        self.kind = kind
        self.digit = digit
        cand = g.cand
        t = g.t
        self.conj: dict[Node, list[Node]] = {}
        if kind in ("x", "aic"):
            dcells = g.all_digit_cells()
            for d0, where in enumerate(dcells):
                d = d0 + 1
                if kind == "x" and d != digit:
                    continue
                for hb in t.house_bits:
                    inside = where & hb
                    if inside.bit_count() == 2:
                        a, b = cells_of(inside)
                        self.conj.setdefault((a, d), []).append((b, d))
                        self.conj.setdefault((b, d), []).append((a, d))
        self.cand = cand

    def strong(self, node: Node) -> Iterator[Node]:
        cell, d = node
        if self.kind in ("xy", "aic"):
            m = self.cand[cell]
            if m.bit_count() == 2:
                yield (cell, (m & ~(1 << (d - 1))).bit_length())
        if self.kind in ("x", "aic"):
            yield from self.conj.get(node, ())

    def weak(self, node: Node) -> Iterator[Node]:
        cell, d = node
        cand = self.cand
        bit = 1 << (d - 1)
        if self.kind == "aic":
            for e in digits_of(cand[cell] & ~bit):
                yield (cell, e)
        for p in self.g.t.peers[cell]:
            m = cand[p]
            if m & bit and (self.kind != "xy" or m.bit_count() == 2):
                yield (p, d)


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


def _starts(g: Grid, kind: str, digit: int) -> list[Node]:
    cand = g.cand
    out: list[Node] = []
    for c, m in enumerate(cand):
        if not m:
            continue
        if kind == "xy":
            if m.bit_count() == 2:
                out.extend((c, d) for d in digits_of(m))
        elif kind == "x":
            if m >> (digit - 1) & 1:
                out.append((c, digit))
        else:
            out.extend((c, d) for d in digits_of(m))
    return out


def _shortest_chain(g: Grid, kind: str, digit: int = 0,
                    max_links: int = MAX_LINKS) -> tuple[list[Node], list[tuple[int, int]]] | None:
    links = _Links(g, kind, digit)
    best: tuple[list[Node], list[tuple[int, int]]] | None = None
    best_len = max_links + 1
    for s in _starts(g, kind, digit):
        if not any(True for _ in links.strong(s)):
            continue
        # BFS over (node, on): the start is off; strong links turn off into on, weak on into off
        parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(s, False): None}
        frontier: deque[tuple[Node, bool, int]] = deque([(s, False, 0)])
        while frontier:
            node, on, depth = frontier.popleft()
            if depth + 1 >= best_len:
                break
            nxt = links.weak(node) if on else links.strong(node)
            for m in nxt:
                key = (m, not on)
                if key in parent:
                    continue
                if kind == "xy" and on and m[0] == node[0]:
                    continue
                parent[key] = (node, on)
                if not on:  # m is on: a chain ends here
                    if kind == "xy" and m[1] != s[1]:
                        frontier.append((m, True, depth + 1))
                        continue
                    elims = _conclusion(g, s, m)
                    if elims and depth + 1 < best_len:
                        path: list[Node] = []
                        k: tuple[Node, bool] | None = key
                        while k is not None:
                            path.append(k[0])
                            k = parent[k]
                        path.reverse()
                        best = (path, elims)
                        best_len = depth + 1
                        break
                frontier.append((m, not on, depth + 1))
            else:
                continue
            break
    return best


def chain_text(g: Grid, path: list[Node]) -> str:
    """Eureka-style notation: ``(5)r1c2=(5)r1c7-(5)r3c8=...`` (= strong, - weak)."""
    out = []
    for i, (c, d) in enumerate(path):
        if i:
            out.append("=" if i % 2 else "-")
        out.append(f"({g.sym(d)}){g.name(c)}")
    return "".join(out)


def _chain_step(g: Grid, tech: str, label: str, path: list[Node],
                elims: list[tuple[int, int]]) -> Step:
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


def x_chain(g: Grid) -> Step | None:
    best: tuple[list[Node], list[tuple[int, int]]] | None = None
    for d in range(1, g.n + 1):
        found = _shortest_chain(g, "x", d, len(best[0]) - 2 if best else MAX_LINKS)
        if found and (best is None or len(found[0]) < len(best[0])):
            best = found
    if best is None:
        return None
    return _chain_step(g, "x_chain", "X-Chain", *best)


def xy_chain(g: Grid) -> Step | None:
    found = _shortest_chain(g, "xy")
    return _chain_step(g, "xy_chain", "XY-Chain", *found) if found else None


def aic(g: Grid) -> Step | None:
    found = _shortest_chain(g, "aic")
    return _chain_step(g, "aic", "alternating inference chain", *found) if found else None


# -- forcing chains ---------------------------------------------------------------------------
def _solver_masks(g: Grid) -> list[int]:
    """Masks in the backtracker's form (a settled cell holds its digit's bit)."""
    return [1 << (v - 1) if v else m for v, m in zip(g.values, g.cand, strict=True)]


class _Propagator:
    """Singles propagation (naked and hidden, to a fixed point) from one assumption,
    memoised per candidate."""

    def __init__(self, g: Grid) -> None:
        self.g = g
        self.base = _solver_masks(g)
        self.peers = g.t.peers
        self.houses = g.t.houses
        self.full = g.geo.all_mask
        self.memo: dict[Node, tuple[list[int] | None, int]] = {}

    def run(self, node: Node) -> tuple[list[int] | None, int]:
        """The masks after assuming ``node`` (None on a contradiction) and the work done
        (cells settled by the assumption, counting the assumption)."""
        got = self.memo.get(node)
        if got is None:
            got = self._propagate(node)
            self.memo[node] = got
        return got

    def _propagate(self, node: Node) -> tuple[list[int] | None, int]:
        cell, d = node
        masks = self.base[:]
        masks[cell] = 1 << (d - 1)
        queue = [cell]
        peers = self.peers
        full = self.full
        work = 0
        while queue:
            while queue:
                c = queue.pop()
                work += 1
                bit = masks[c]
                for p in peers[c]:
                    m = masks[p]
                    if m & bit:
                        m ^= bit
                        if not m:
                            return None, work
                        masks[p] = m
                        if not m & (m - 1):
                            queue.append(p)
            for house in self.houses:
                once = twice = 0
                for c in house:
                    m = masks[c]
                    twice |= once & m
                    once |= m
                if once != full:
                    return None, work
                only = once & ~twice
                if not only:
                    continue
                for c in house:
                    m = masks[c]
                    if m & (m - 1) and m & only:
                        hit = m & only
                        if hit & (hit - 1):
                            return None, work
                        masks[c] = hit
                        queue.append(c)
        return masks, work


def _common(g: Grid, results: list[list[int]]
            ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Placements and eliminations shared by every branch."""
    placements: list[tuple[int, int]] = []
    elims: list[tuple[int, int]] = []
    first = results[0]
    for c, m in enumerate(g.cand):
        if not m:
            continue
        if m & (m - 1):
            f = first[c]
            if not f & (f - 1) and all(r[c] == f for r in results):
                placements.append((c, f.bit_length()))
                continue
        gone = m
        for r in results:
            gone &= ~r[c]
            if not gone:
                break
        elims.extend((c, d) for d in digits_of(gone))
    return placements, elims


def forcing_chain(g: Grid) -> Step | None:
    prop = _Propagator(g)
    cand = g.cand
    best: tuple[int, Step] | None = None
    order = sorted((c for c in range(g.t.ncells) if cand[c]), key=lambda c: cand[c].bit_count())
    # contradictions: one assumption breaks the grid
    for c in order:
        for d in digits_of(cand[c]):
            res, work = prop.run((c, d))
            if res is None and (best is None or work < best[0]):
                best = (work, make_step(
                    "forcing_chain", eliminations=[(c, d)], cells=[c], candidates=[(c, d)],
                    rating=7.5 + length_bonus(work),
                    explanation=f"If {g.name(c)} were {g.sym(d)}, the singles it forces "
                                "would leave some cell or house without a digit (a "
                                f"contradiction), so {g.name(c)} is not {g.sym(d)}",
                    nudge=f"Try {g.sym(d)} in {g.name(c)} and follow the singles",
                ))
    # cell forcing: every candidate of a cell leads to the same result
    groups: list[tuple[str, list[Node], int]] = []
    for c in order:
        k = cand[c].bit_count()
        if k <= 3:
            groups.append((f"cell {g.name(c)}", [(c, d) for d in digits_of(cand[c])], -1))
    dcells = g.all_digit_cells()
    for h, hb in enumerate(g.t.house_bits):
        for d0, where in enumerate(dcells):
            inside = where & hb
            if 2 <= inside.bit_count() <= 3:
                groups.append((f"{g.geo.house_names[h]}",
                               [(c, d0 + 1) for c in cells_of(inside)], h))
    for label, nodes, h in groups:
        runs = [prop.run(nd) for nd in nodes]
        if any(r is None for r, _ in runs):
            continue
        work = sum(w for _, w in runs)
        if best is not None and work >= best[0]:
            continue
        results = [r for r, _ in runs if r is not None]
        placements, elims = _common(g, results)
        if not placements and not elims:
            continue
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
            expl = (f"In {label}, {g.sym(d)} goes in {g.names([c for c, _ in nodes])}; "
                    "following the singles from each place gives the same result (a house "
                    f"forcing chain): {what}")
            nudge = f"Follow each place of {g.sym(d)} in {label} in turn"
        best = (work, make_step(
            "forcing_chain", placements=placements if placements else (),
            eliminations=() if placements else elims,
            cells=[c for c, _ in nodes], houses=[h] if h >= 0 else [], candidates=nodes,
            rating=7.5 + length_bonus(work), explanation=expl, nudge=nudge,
        ))
    return best[1] if best else None


# -- trial --------------------------------------------------------------------------------------
def trial(g: Grid) -> Step | None:
    """Guess and search: a candidate whose assumption has no solution at all."""
    cand = g.cand
    cells = sorted((c for c in range(g.t.ncells) if cand[c]),
                   key=lambda c: (cand[c].bit_count(), c))
    base = _solver_masks(g)
    for c in cells:
        for d in digits_of(cand[c]):
            masks = base[:]
            masks[c] = 1 << (d - 1)
            s = bt.Search(g.geo, limit=1, keep=False)
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
