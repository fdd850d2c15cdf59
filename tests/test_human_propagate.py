"""Forcing chains' walk: the bitset version takes exactly the steps of the plain house scan
(same outcome and work for every assumption), and trial's shortcut through the position's
only solution reports the step the full scan of candidates reports."""

from __future__ import annotations

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.geometry import Geometry, geometry
from puzzleterm.engine.sudoku.human import chains
from puzzleterm.engine.sudoku.human.catalog import length_bonus
from puzzleterm.engine.sudoku.human.grid import Grid, digits_of
from puzzleterm.engine.sudoku.human.propagate import Walk, solver_masks
from puzzleterm.engine.sudoku.human.solve import apply_step, find_step
from puzzleterm.engine.types import Level

from .human_helpers import GEO9, parse_line
from .reference_search import Search

#: Hard puzzles (forcing chains and trial on their paths), from Norvig's top95.
HARD = (
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
)

Plain = tuple[list[int] | None, int]


def plain_propagate(g: Grid, cell: int, d: int) -> Plain:
    """The reference: settle singles by scanning every cell of every changed house."""
    geo = g.geo
    masks = solver_masks(g)
    masks[cell] = 1 << (d - 1)
    queue = [cell]
    houses = geo.houses
    cell_houses = [sum(1 << h for h in hs) for hs in geo.cell_houses]
    full = geo.all_mask
    work = 0
    dirty = (1 << len(houses)) - 1
    while queue:
        while queue:
            c = queue.pop()
            work += 1
            bit = masks[c]
            for p in geo.peers[c]:
                m = masks[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return None, work
                    masks[p] = m
                    dirty |= cell_houses[p]
                    if not m & (m - 1):
                        queue.append(p)
        for h, house in enumerate(houses):
            if not dirty >> h & 1:
                continue
            dirty ^= 1 << h
            once = twice = 0
            for c in house:
                twice |= once & masks[c]
                once |= masks[c]
            if once != full:
                return None, work
            only = once & ~twice
            for c in house:
                m = masks[c]
                if m & (m - 1) and m & only:
                    hit = m & only
                    if hit & (hit - 1):
                        return None, work
                    masks[c] = hit
                    dirty |= cell_houses[c]
                    queue.append(c)
    return masks, work


def positions(geo: Geometry, text: str, every: int = 4) -> list[Grid]:
    """Copies of the positions along the solve path of a puzzle (every ``every``-th)."""
    g = Grid.from_values(geo, parse_line(text), True)
    out = []
    i = 0
    while not all(g.values):
        if i % every == 0:
            out.append(Grid(geo, g.values, g.cand, True))
        step = find_step(g)
        assert step is not None
        apply_step(g, step)
        i += 1
    return out


def check_same(g: Grid, walk: Walk) -> int:
    checked = 0
    for c, m in enumerate(g.cand):
        for d in digits_of(m):
            want_masks, want_work = plain_propagate(g, c, d)
            assert walk.run((c, d)) == (want_masks, want_work), (c, d)
            assert walk.work((c, d)) == (want_work if want_masks is None else None)
            # a smaller bound cuts it off exactly when the work reaches it
            assert walk.run((c, d), want_work) is None
            assert walk.run((c, d), want_work + 1) is not None
            checked += 1
    return checked


def test_same_steps_as_the_plain_scan() -> None:
    checked = 0
    for text in (*HARD, *TRIAL):
        for g in positions(GEO9, text, every=9):
            checked += check_same(g, Walk(g))
    assert checked > 1000


def test_sixteen_and_latin_boards() -> None:
    for geo in (geometry("sudoku", 16), geometry("latin", 9)):
        sol = bt.random_solution(geo, Rng(f"prop-{geo.n}"))
        values = [v if (i * 7) % 5 < 2 else 0 for i, v in enumerate(sol)]
        g = Grid.from_values(geo, values, None)
        assert check_same(g, Walk(g)) > 50


#: Two of the forum's hardest (Sudoku Explainer 10+): trial is on their paths.
TRIAL = (
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........",
)


def test_trial_shortcut_reports_the_full_scans_step() -> None:
    seen = 0
    for text in TRIAL:
        g = Grid.from_values(GEO9, parse_line(text), True)
        while not all(g.values):
            step = find_step(g, Level.EXTREME)
            if step is None:
                want = _trial_plain(g)
                step = chains.trial(g)
                assert step is not None and want is not None
                assert step.eliminations == (want[0],)
                assert step.rating == round(9.5 + length_bonus(want[1]) / 2, 1)
                assert f"({want[1]} guesses)" in step.explanation
                seen += 1
            apply_step(g, step)
    assert seen >= 3


def _trial_plain(g: Grid) -> tuple[tuple[int, int], int] | None:
    """Trial as the full scan does it: search every candidate in turn; the first without a
    solution, and the guesses its search took."""
    cand = g.cand
    base = solver_masks(g)
    for c in sorted((c for c in range(g.t.ncells) if cand[c]),
                    key=lambda c: (cand[c].bit_count(), c)):
        for d in digits_of(cand[c]):
            masks = base[:]
            masks[c] = 1 << (d - 1)
            s = Search(g.geo, limit=1, keep=False)
            s.run(masks, [c])
            if s.count == 0:
                return (c, d), s.nodes
    return None
