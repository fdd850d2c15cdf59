"""The chain search (X-Chain, XY-Chain, AIC) runs on bitsets for speed; it must report the
very chain a plain search reports.  The plain search below is the original one: every start
searched link by link, all starts one depth at a time, links listed up front."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku.generator import generate_minimal
from puzzleterm.engine.sudoku.geometry import Geometry, geometry
from puzzleterm.engine.sudoku.human.chain_search import (
    MAX_LINKS,
    Chain,
    _none_through,
    conclusion,
    new_links,
    shortest_chain,
)
from puzzleterm.engine.sudoku.human.fish import conjugate_pairs
from puzzleterm.engine.sudoku.human.grid import Grid, digits_of
from puzzleterm.engine.sudoku.human.solve import apply_step, find_step, unique_check

from .human_helpers import DATA, GEO9, data_lines, parse_line

#: solves with many chains and forcing chains one after another (top95 #57, #87)
LONG_SOLVES = (
    "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2..",
    ".5.3.7.4.1.........3.......5.8.3.61....8..5.9.6..1........4...6...6927....2...9..",
)
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CHAIN = "000080004709004530800000600000400700307906405005002000002000003038500109900030000"



def _reference_links(g: Grid, kind: str, digit: int
                     ) -> tuple[list[int], dict[int, list[int]], dict[int, list[int]]]:
    n = g.n
    cand = g.cand
    peer_bits = g.t.peer_bits
    dcells = g.all_digit_cells()
    only = -1
    if kind == "xy":
        only = sum(1 << c for c in g.bivalue())
    nodes: list[int] = []
    for c, m in enumerate(cand):
        if not m:
            continue
        if kind == "xy":
            if m.bit_count() == 2:
                nodes.extend(c * n + d - 1 for d in digits_of(m))
        elif kind == "x":
            if m >> (digit - 1) & 1:
                nodes.append(c * n + digit - 1)
        else:
            nodes.extend(c * n + d - 1 for d in digits_of(m))
    strong: dict[int, list[int]] = {v: [] for v in nodes}
    weak: dict[int, list[int]] = {v: [] for v in nodes}
    if kind in ("xy", "aic"):
        for c, m in enumerate(cand):
            if m.bit_count() == 2:
                a, b = (c * n + d - 1 for d in digits_of(m))
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
        if kind == "aic":
            weak[v].extend(c * n + d - 1 for d in digits_of(cand[c]) if d - 1 != d0)
        hit = peer_bits[c] & dcells[d0] & only
        weak[v].extend(p * n + d0 for p in range(g.t.ncells) if hit >> p & 1)
    return nodes, strong, weak


def reference_chain(g: Grid, kind: str, digit: int = 0, max_links: int = MAX_LINKS
                    ) -> Chain | None:
    nodes, strong, weak = _reference_links(g, kind, digit)
    n = g.n
    searches = [(s, {2 * s: -1}, [2 * s]) for s in nodes if strong[s]]
    for _depth in range(max_links):
        alive = []
        for s, parent, frontier in searches:
            nxt = []
            for state in frontier:
                v, on = state >> 1, state & 1
                for m in weak[v] if on else strong[v]:
                    key = 2 * m + 1 - on
                    if key in parent:
                        continue
                    parent[key] = state
                    if not on and not (kind == "xy" and m % n != s % n):
                        start, end = divmod(s, n), divmod(m, n)
                        if conclusion(g, (start[0], start[1] + 1), (end[0], end[1] + 1)):
                            path = []
                            k = key
                            while k >= 0:
                                c, d0 = divmod(k >> 1, n)
                                path.append((c, d0 + 1))
                                k = parent[k]
                            path.reverse()
                            return path, conclusion(g, path[0], path[-1])
                    nxt.append(key)
            if nxt:
                alive.append((s, parent, nxt))
        if not alive:
            break
        searches = alive
    return None


def positions(geo: Geometry, givens: tuple[int, ...]) -> Iterator[Grid]:
    """Every position on the solve path of ``givens``."""
    g = Grid.from_values(geo, givens, unique_check(geo, givens))
    while not all(g.values):
        yield g
        step = find_step(g)
        if step is None:
            return
        apply_step(g, step)


def compare_all(g: Grid, max_links: int = MAX_LINKS) -> int:
    """Every kind (and digit) on one position: the number of chains found."""
    found = 0
    for kind, digit in [("xy", 0), ("aic", 0), *(("x", d) for d in range(1, g.n + 1))]:
        want = reference_chain(g, kind, digit, max_links)
        assert shortest_chain(g, kind, digit, max_links) == want, (kind, digit)
        found += want is not None
    return found


@pytest.mark.parametrize("text", [HARD, CHAIN])
def test_same_chains_as_the_plain_search_on_solve_paths(text: str) -> None:
    found = 0
    for i, g in enumerate(positions(GEO9, parse_line(text))):
        if i % 3 == 0:
            found += compare_all(g)
            found += compare_all(g, max_links=3)
    assert found > 10  # the positions had chains to find, not only dead ends


@pytest.mark.parametrize(("variant", "n", "seeds"), [("sudoku", 9, 4), ("xsudoku", 5, 4),
                                                     ("latin", 6, 4), ("sudoku", 16, 1)])
def test_same_chains_on_generated_boards(variant: str, n: int, seeds: int) -> None:
    geo = geometry(variant, n)
    for i in range(seeds):
        givens = generate_minimal(geo, Rng(f"chains|{variant}|{n}|{i}"))
        for j, g in enumerate(positions(geo, givens)):
            if j % 7 == 0:
                compare_all(g)


def test_same_chains_on_published_hard_puzzles() -> None:
    """The forum's hardest puzzles: long chains, and many positions with none at all."""
    name = "sudoku-forum-hardest1106-375.txt"
    if not (DATA / name).exists():
        pytest.skip(f"shared data set {name} is not available")
    found = 0
    for line in data_lines(name, 3):
        for i, g in enumerate(positions(GEO9, parse_line(line))):
            if i % 4 == 0:
                found += compare_all(g)
    assert found > 10


def test_a_search_that_found_nothing_is_skipped_only_when_nothing_is_new() -> None:
    """An XY-Chain or AIC search that found nothing is not run again on a later position of
    the solve that has no new strong link, nor when no chain passes through the new ones;
    on every position of hard solves, the answer stays the plain search's, the test
    through the new links says exactly whether there is a chain, and both happen."""
    skipped = proven = chains = 0
    for text in (HARD, CHAIN, *LONG_SOLVES):
        for g in positions(GEO9, parse_line(text)):
            # (short chains too: where the length limit decides)
            for kind, most in (("xy", MAX_LINKS), ("aic", MAX_LINKS), ("xy", 5), ("aic", 7)):
                fresh = new_links(g, kind, g.keep.get(f"chains {kind} {most}"))
                want = reference_chain(g, kind, 0, most)
                skipped += fresh == []
                if fresh:
                    none = _none_through(g, kind, fresh, most)
                    assert none == (want is None), (kind, most)
                    proven += none
                    chains += not none
                assert shortest_chain(g, kind, 0, most) == want, (kind, most)
    assert skipped > 10 and proven > 10 and chains > 3
