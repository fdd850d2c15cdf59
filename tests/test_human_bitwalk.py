"""The forcing chains' walk on the bit board: the same work as the plain walk of
:mod:`propagate`, for every assumption and bound, on real positions."""

from __future__ import annotations

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human.bitwalk import BitWalk, layout
from puzzleterm.engine.sudoku.human.closure import Closures
from puzzleterm.engine.sudoku.human.grid import Grid, digits_of
from puzzleterm.engine.sudoku.human.propagate import Walk
from puzzleterm.engine.sudoku.human.solve import apply_step, find_step

from .human_helpers import GEO9, parse_line
from .test_human_propagate import HARD, TRIAL, positions

#: top95's slowest puzzle to grade: 17 forcing chains, most one after another
TOP95_57 = "....5...11......7..6.....8......4.....9.1.3.....596.2..8..62..7..7......3.5.7.2.."


def exact(g: Grid) -> Closures | None:
    """The closures of ``g`` when it has no naked single left unplaced (else None)."""
    prop = Closures(Grid(g.geo, g.values, g.cand, g.unique))
    return prop if prop.exact else None


def check(g: Grid) -> tuple[int, int]:
    """(assumptions checked, contradictions among them)."""
    prop = exact(g)
    if prop is None:
        return 0, 0
    plain = Walk(g)
    bits = BitWalk(g, prop.board)
    checked = contradictions = 0
    for c, m in enumerate(g.cand):
        if not m & (m - 1):
            continue
        for d in digits_of(m):
            want = plain.work((c, d))
            assert bits.work((c, d)) == want, (c, d)
            top = (want or 30) + 2
            for bound in range(1, top):
                assert bits.work((c, d), bound) == plain.work((c, d), bound), (c, d, bound)
            checked += 1
            contradictions += want is not None
    return checked, contradictions


def test_same_work_as_the_plain_walk() -> None:
    checked = contradictions = 0
    for text in (*HARD, *TRIAL):
        for g in positions(GEO9, text, every=5):
            a, b = check(g)
            checked += a
            contradictions += b
    assert checked > 1000 and contradictions > 300


def test_other_boards() -> None:
    # 16x16, Latin squares, X-Sudoku (each diagonal a house shape of its own), 6x6 boxes
    for geo in (geometry("sudoku", 16), geometry("latin", 9), geometry("xsudoku", 5),
                geometry("sudoku", 6)):
        assert layout(geo) is not None  # served by the folds, not handed to the plain walk
        sol = bt.random_solution(geo, Rng(f"bitwalk-{geo.n}"))
        keep = 2 if geo.n > 6 else 1  # of every 5 cells
        values = [v if (i * 7) % 5 < keep else 0 for i, v in enumerate(sol)]
        g = Grid.from_values(geo, values, None)
        while True:  # place the naked singles: the walks start from exact positions
            singles = [c for c, m in enumerate(g.cand) if m and not m & (m - 1)]
            if not singles:
                break
            g.place(singles[0], g.cand[singles[0]].bit_length())
        assert check(g)[0] > (50 if geo.n > 6 else 10)


Node = tuple[int, int]


def in_order(walk: Walk, nodes: list[Node], bound: int) -> tuple[Node, int] | None:
    """The reference for lockstep: each node walked in turn below the best work so far."""
    best = None
    for nd in nodes:
        got = walk.work(nd, bound)
        if got is not None:
            best, bound = (nd, got), got
    return best


def test_lockstep_finds_the_first_of_least_work() -> None:
    compared = found = 0
    for text in (*HARD, *TRIAL):
        for g in positions(GEO9, text, every=4):
            prop = exact(g)
            if prop is None:
                continue
            nodes = [(c, d) for c, m in enumerate(g.cand) if m & (m - 1) for d in digits_of(m)]
            plain = Walk(g)
            bits = BitWalk(g, prop.board)
            for bound in (1 << 30, 12, 6):
                want = in_order(plain, nodes, bound)
                assert bits.first(nodes, bound) == want
                compared += 1
                found += want is not None
    assert compared > 30 and found > 20


def test_walks_carried_from_position_to_position() -> None:
    # along whole solves, one grid throughout (walks are kept on it from one exact
    # position to the next): lockstep with the carried walks finds what the plain walks do
    compared = carried = 0
    for text in (*HARD, *TRIAL, TOP95_57):
        g = Grid.from_values(GEO9, parse_line(text), True)
        while not all(g.values):
            prop = Closures(g)
            if prop.exact:
                order = sorted((c for c, m in enumerate(g.cand) if m & (m - 1)),
                               key=lambda c: g.cand[c].bit_count())
                nodes = [(c, d) for c in order for d in digits_of(g.cand[c])]
                wrong = [nd for nd in nodes if not prop.closure(nd)[0]]
                bits = BitWalk(g, prop.board)
                carried += sum(bits.carried(nd) is not None for nd in wrong)
                assert bits.first(wrong) == in_order(Walk(g), wrong, 1 << 30)
                compared += 1
            step = find_step(g)
            assert step is not None
            apply_step(g, step)
    assert compared > 60 and carried > 300
