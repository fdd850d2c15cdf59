"""Forcing chains through closures: every assumption's outcome and work equal the plain
house scan's, also when kept from earlier positions of the solve, and the forcing chain
reported is the one a plain search over every assumption reports."""

from __future__ import annotations

from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human import forcing
from puzzleterm.engine.sudoku.human.catalog import Deduction
from puzzleterm.engine.sudoku.human.closure import Closures
from puzzleterm.engine.sudoku.human.grid import Grid, cells_of, digits_of
from puzzleterm.engine.sudoku.human.propagate import solver_masks
from puzzleterm.engine.sudoku.human.solve import REGISTRY, apply_step, find_step
from puzzleterm.engine.sudoku.state import SudokuState

from .human_helpers import GEO9, parse_line
from .test_human_propagate import HARD, TRIAL, plain_propagate

INF = 1 << 30


def check_closures(g: Grid, prop: Closures) -> int:
    checked = 0
    for c, m in enumerate(g.cand):
        for d in digits_of(m):
            want_masks, want_work = plain_propagate(g, c, d)
            got = prop.run((c, d))
            assert got is not None
            r, work = got
            assert work == want_work, (c, d)
            if want_masks is None:
                assert r == 0
            else:
                assert prop.masks_of(r) == want_masks
                assert prop.holds((c, d)) == got
            assert prop.run((c, d), want_work) is None  # cut exactly at the work
            checked += 1
    return checked


def solve_path(text: str, every: int) -> list[Grid]:
    """Positions along the solve path; each shares what the solve keeps (``Grid.keep``)
    with the one before, as in one solve."""
    g = Grid.from_values(GEO9, parse_line(text), True)
    out: list[Grid] = []
    keep: dict[str, object] = {}
    i = 0
    while not all(g.values):
        if i % every == 0:
            copy = Grid(GEO9, g.values, g.cand, True)
            copy.keep = keep
            out.append(copy)
        step = find_step(g)
        assert step is not None
        apply_step(g, step)
        i += 1
    return out


def test_closures_equal_the_plain_scan_also_when_kept() -> None:
    checked = kept = 0
    for text in (HARD[0], TRIAL[1]):
        for g in solve_path(text, every=2):
            prop = Closures(g)
            kept += len(prop.memo)
            checked += check_closures(g, prop)
    assert checked > 2000
    assert kept > 1000  # closures from earlier positions were used


def test_sixteen_latin_and_x_boards() -> None:
    """Closures (positions with no naked single left) and walks (with one) on every shape."""
    from puzzleterm.engine.rng import Rng
    from puzzleterm.engine.sudoku import solver as bt

    walked = 0
    for geo in (geometry("sudoku", 16), geometry("latin", 9), geometry("latin", 6),
                geometry("xsudoku", 5)):
        sol = bt.random_solution(geo, Rng(f"closure-{geo.n}"))
        exact = 0
        for keep in (2, 1):  # two givens in five, then one in five
            values = [v if (i * 7) % 5 < keep else 0 for i, v in enumerate(sol)]
            g = Grid.from_values(geo, values, None)
            while not all(g.values) and exact <= 100:
                prop = Closures(g)
                if prop.exact:
                    exact += check_closures(g, prop)
                else:
                    walked += check_closures(g, prop)
                step = before_forcing_chains(g)
                if step is None:
                    break
                apply_step(g, step)
        assert exact > 20, geo
    assert walked > 20


def test_a_stuck_sixteen_position() -> None:
    """Where forcing chains are tried on a dealt 16x16 (no single left: closures apply)."""
    from puzzleterm.engine import find_kind
    from puzzleterm.engine.gameid import generate_seeded

    kind = find_kind("sudoku")
    params = kind.parse_params("16x16")
    state = generate_seeded(kind, params, "bench16-0").state
    assert isinstance(state, SudokuState)
    g = Grid.from_values(state.geo, state.givens, True)
    while (step := before_forcing_chains(g)) is not None:
        apply_step(g, step)
    prop = Closures(g)
    assert prop.exact
    assert check_closures(g, prop) > 300


# -- the forcing chain a plain search reports ---------------------------------------------------
def plain_forcing(g: Grid) -> tuple[int, list[tuple[int, int]], list[tuple[int, int]]] | None:
    """(work, placements, eliminations) of the forcing chain of least work, the first
    found among equals, trying every assumption with the plain scan."""
    cand = g.cand
    base = solver_masks(g)
    outcome = {(c, d): plain_propagate(g, c, d)
               for c in range(g.t.ncells) for d in digits_of(cand[c])}
    best: tuple[int, list[tuple[int, int]], list[tuple[int, int]]] | None = None
    order = sorted((c for c in range(g.t.ncells) if cand[c]), key=lambda c: cand[c].bit_count())
    for c in order:
        for d in digits_of(cand[c]):
            masks, work = outcome[(c, d)]
            if masks is None and (best is None or work < best[0]):
                best = (work, [], [(c, d)])
    groups = [[(c, d) for d in digits_of(cand[c])] for c in order if cand[c].bit_count() <= 3]
    dcells = g.all_digit_cells()
    for hb in g.t.house_bits:
        for d0, where in enumerate(dcells):
            if 2 <= (where & hb).bit_count() <= 3:
                groups.append([(c, d0 + 1) for c in cells_of(where & hb)])
    for nodes in groups:
        total = 0
        results = []
        for nd in nodes:
            masks, work = outcome[nd]
            if masks is None or work >= (best[0] - total if best else INF):
                break
            results.append(masks)
            total += work
        if len(results) < len(nodes):
            continue
        placements, elims = [], []
        for c in range(g.t.ncells):
            if not cand[c] or any(r[c] == base[c] for r in results):
                continue
            first = results[0][c]
            if cand[c] & (cand[c] - 1) and not first & (first - 1) \
                    and all(r[c] == first for r in results):
                placements.append((c, first.bit_length()))
                continue
            kept = 0
            for r in results:
                kept |= r[c]
            elims += [(c, d) for d in digits_of(cand[c] & ~kept)]
        if placements or elims:
            best = (total, placements, [] if placements else elims)
    return best


def before_forcing_chains(g: Grid) -> Deduction | None:
    for tid, _level, finder in REGISTRY:
        if tid == "nishio":
            return None
        step = finder(g)
        if step is not None:
            return step
    raise AssertionError("forcing chains are in the registry")


def test_forcing_chain_is_the_plain_searchs() -> None:
    seen = 0
    for text in (*HARD, *TRIAL):
        g = Grid.from_values(GEO9, parse_line(text), True)
        while not all(g.values):
            step = before_forcing_chains(g)
            if step is None:
                got = forcing.dynamic_search(g)
                want = plain_forcing(g)
                if want is None:
                    assert got is None
                else:
                    assert got is not None
                    work, placements, elims = want
                    assert (list(got.placements), list(got.eliminations)) == (placements, elims)
                    assert got.work == work
                    seen += 1
                step = find_step(g)
                assert step is not None
            apply_step(g, step)
    assert seen >= 20


def test_a_kept_closure_that_lost_no_single_is_not_propagated_again() -> None:
    """A closure from an earlier position whose lost candidates make no new single is
    still the closure: the propagation would return it unchanged."""
    shortcut = full = 0
    for geo_text in (HARD[0], HARD[1], TRIAL[1]):
        for g in solve_path(geo_text, every=1):
            prop = Closures(g)
            for (r, done) in list(prop.memo.values()):
                gone = r & prop.lost
                if not r or not gone:
                    continue
                y = r & prop.board
                want = prop.close(y, done)[:2]
                if prop._still_closed(y, gone):
                    assert want == (y, done)
                    shortcut += 1
                else:
                    full += 1
                    # a new single: propagating changes something
                    assert want != (y, done)
            for c, m in enumerate(g.cand):  # the closures the next position keeps
                for d in digits_of(m):
                    prop.closure((c, d))
    assert shortcut > 1000 and full > 500
