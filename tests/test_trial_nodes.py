"""The bit-parallel classic search visits the nodes of the cell-mask search, one for one.

The grader rates a trial step by the node count of the cell-mask reference search
(:mod:`tests.reference_search`); the trial step runs :class:`bitclassic.ClassicSearch`, so
both must agree on the count, the solutions and their order on every kind of position:
random partial grids of every board (no solution, one, several), with the default queue and
with one queued cell as the trial step calls it, and the real positions where the grader
resorts to trial.  Two deliberately different searches (another branching cell; propagation
to a fixed point at every node) show that these positions tell such changes apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.bitclassic import ClassicSearch, scan_runs
from puzzleterm.engine.sudoku.geometry import Geometry, geometry
from puzzleterm.engine.sudoku.human import chains
from puzzleterm.engine.sudoku.human.catalog import length_bonus
from puzzleterm.engine.sudoku.human.grid import Grid, digits_of
from puzzleterm.engine.sudoku.human.propagate import solver_masks
from puzzleterm.engine.sudoku.human.solve import grade_givens, run
from puzzleterm.engine.types import Level

from .reference_search import MOVED, Search, initial_masks, masks_to_values

Masks = list[int]
Position = tuple[Geometry, Masks, list[int] | None]

BOARDS = [("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("sudoku", 16), ("xsudoku", 5),
          ("latin", 4), ("latin", 5), ("latin", 7)]


def random_positions(variant: str, n: int, count: int) -> list[Position]:
    """Partial grids of random solutions, some givens changed (positions without a
    solution), some candidates removed; each once with the default queue and once with
    one settled cell queued (when there is one)."""
    geo = geometry(variant, n)
    rng = Rng(f"trial-nodes-{variant}-{n}")
    out: list[Position] = []
    while len(out) < count:
        vals = list(bt.random_solution(geo, rng.fork(f"grid{len(out)}")))
        least = geo.ncells // 3 if n > 9 else 0  # sparse 16x16 grids take long to count
        keep = least + rng.below(geo.ncells + 1 - least)
        for c in rng.shuffled(range(geo.ncells))[keep:]:
            vals[c] = 0
        for _ in range(rng.below(3)):
            c = rng.below(geo.ncells)
            if vals[c]:
                vals[c] = 1 + rng.below(n)
        cand = initial_masks(geo, vals)
        if cand is None or not all(cand):  # clashing givens, or a cell left empty
            continue
        for _ in range(rng.below(12 if n <= 9 else 60)):
            c = rng.below(geo.ncells)
            bit = 1 << rng.below(n)
            if cand[c] & ~bit and cand[c] & (cand[c] - 1):
                cand[c] &= ~bit
        out.append((geo, cand, None))
        settled = [c for c, m in enumerate(cand) if not m & (m - 1)]
        if settled:
            out.append((geo, cand, [rng.choice(settled)]))
    return out


def trial_positions() -> list[Position]:
    """The first position where the grader needs trial (Norvig's second 'hardest'
    puzzle), each candidate of its cells with two or three candidates assumed in turn."""
    line = (Path(__file__).parent / "data" / "norvig-hardest3.txt").read_text().split()[1]
    geo = geometry("sudoku", 9)
    givens = tuple(0 if ch in ".0" else int(ch) for ch in line[:81])
    g = Grid.from_values(geo, givens, True)
    assert not run(g, Level.EXTREME).solved  # logic stalls: the grader tries trial here
    base = solver_masks(g)
    out: list[Position] = []
    for c, m in enumerate(base):
        if 2 <= m.bit_count() <= 3:
            for d in digits_of(m):
                masks = base[:]
                masks[c] = 1 << (d - 1)
                out.append((geo, masks, [c]))
    return out


def search(pos: Position, limit: int | None, cls: type[Search] = Search,
           ) -> tuple[int, int, list[tuple[int, ...]]]:
    geo, masks, queue = pos
    s = cls(geo, limit=limit)
    s.run(masks[:], None if queue is None else queue[:])
    return s.nodes, s.count, [masks_to_values(m) for m in s.solutions]


def classic(pos: Position, limit: int | None) -> tuple[int, int, list[tuple[int, ...]]]:
    geo, masks, queue = pos
    s = ClassicSearch(geo, limit=limit)
    s.run(masks, queue)
    return s.nodes, s.count, s.solutions


@pytest.mark.parametrize(("variant", "n"), BOARDS)
def test_random_positions_same_nodes(variant: str, n: int) -> None:
    positions = random_positions(variant, n, 30 if n > 9 else 60)
    counts = set()
    for pos in positions:
        limits: tuple[int | None, ...] = (1, 2, None) if pos[0].ncells <= 25 else (1, 2)
        for limit in limits:
            want = search(pos, limit)
            assert classic(pos, limit) == want, (variant, n, pos, limit)
            counts.add(min(want[1], 2))
    assert counts == {0, 1, 2}  # positions with no solution, one and several


def test_trial_positions_same_nodes() -> None:
    positions = trial_positions()
    assert len(positions) > 40
    nodes = set()
    for pos in positions:
        want = search(pos, 1)
        assert classic(pos, 1) == want, pos
        nodes.add(want[0])
    assert len(nodes) > 10  # searches of many sizes, not a few trivial ones


def test_node_budget_gives_up_where_the_cell_mask_search_does() -> None:
    """With a node budget both searches give up at the same node (``aborted``), or both
    finish with the same count: the generator's uniqueness checks on 16x16 run with one."""
    positions = random_positions("sudoku", 16, 16) + random_positions("sudoku", 9, 30)
    outcomes = set()
    for geo, masks, queue in positions:
        for budget in (1, 3, 10, 60):
            ref = Search(geo, limit=1, keep=False, node_limit=budget)
            ref.run(masks[:], None if queue is None else queue[:])
            s = ClassicSearch(geo, limit=1, keep=False, node_limit=budget)
            s.run(masks, queue)
            assert (s.nodes, s.count, s.aborted) == (ref.nodes, ref.count, ref.aborted)
            outcomes.add((min(ref.count, 1), ref.aborted))
    assert outcomes == {(0, False), (1, False), (0, True)}


def test_budgeted_uniqueness_check_answers_as_before() -> None:
    """``has_other_solution`` with a budget (now on the bit board) answers as the
    cell-mask search with that budget does, along a 16x16 clue removal: clues whose
    removal leaves other solutions, clues that may go, and checks cut short."""
    geo = geometry("sudoku", 16)
    rng = Rng("budgeted-removal")
    solution = bt.random_solution(geo, rng.fork("grid"))
    values = list(solution)
    answers = set()
    for cell in rng.shuffled(range(geo.ncells))[:200]:
        vals = values[:]
        vals[cell] = 0
        cand = initial_masks(geo, vals)
        assert cand is not None
        cand[cell] &= ~(1 << (solution[cell] - 1))
        ref = Search(geo, limit=1, keep=False, node_limit=60)
        ref.run(cand, [c for c, m in enumerate(cand) if m and not m & (m - 1)])
        got = bt.has_other_solution(geo, values, solution, cell, 60)
        assert got == (ref.count > 0 or ref.aborted)
        answers.add((ref.count > 0, ref.aborted))
        if not got:
            values[cell] = 0
    assert answers == {(True, False), (False, False), (False, True)}


def _reference_random_solution(geo: Geometry, rng: Rng) -> tuple[int, ...]:
    """:func:`solver.random_solution` as the cell-mask search dealt it."""
    attempt = 0
    while True:
        attempt += 1
        s = Search(geo, limit=1, rng=rng.fork(f"grid{attempt}"), node_limit=20 * geo.ncells)
        s.run([geo.all_mask] * geo.ncells, [])
        if s.solutions:
            return masks_to_values(s.solutions[0])


@pytest.mark.parametrize(("variant", "n"), BOARDS)
def test_random_grids_as_the_cell_mask_search_dealt_them(variant: str, n: int) -> None:
    """Random complete grids (where every dealt puzzle starts) are the cell-mask search's,
    random digit order and restarts included: a seed deals the same puzzle as before."""
    geo = geometry(variant, n)
    for i in range(4 if n > 9 else 25):
        seed = f"random-grid-{i}"
        assert bt.random_solution(geo, Rng(seed)) == _reference_random_solution(geo, Rng(seed))


def test_all_solutions_in_the_cell_mask_search_order() -> None:
    geo = geometry("sudoku", 4)
    rng = Rng("all-solutions")
    for i in range(30):
        values = list(bt.random_solution(geo, rng.fork(str(i))))
        for c in rng.shuffled(range(16))[: 6 + rng.below(6)]:
            values[c] = 0
        cand = initial_masks(geo, values)
        assert cand is not None
        ref = Search(geo, limit=None)
        ref.run(cand)
        assert bt.all_solutions(geo, values) == [masks_to_values(m) for m in ref.solutions]


class _LastCell(Search):
    """Branches on the last cell with the fewest candidates (a different rule)."""

    def _dfs(self, cand: Masks) -> None:
        self.nodes += 1
        open_ = [c for c in range(self.ncells) if cand[c] & (cand[c] - 1)]
        if not open_:
            self.count += 1
            if self.keep:
                self.solutions.append(cand[: self.ncells])
            return
        fewest = min(cand[c].bit_count() for c in open_)
        best = [c for c in open_ if cand[c].bit_count() == fewest][-1]
        for d in digits_of(cand[best]):
            child = cand[:]
            child[best] = 1 << (d - 1)
            if self.propagate(child, [best]):
                self._dfs(child)
                if self.limit is not None and self.count >= self.limit:
                    return


class _FixedPoint(Search):
    """Propagates singles to a fixed point at every node (one scan of the houses is the
    rule)."""

    def propagate(self, st: Masks, queue: list[int]) -> int:
        moved = super().propagate(st, queue)
        first = moved
        while moved == MOVED:
            moved = super().propagate(st, queue)
        return moved and first


@pytest.mark.parametrize("other", [_LastCell, _FixedPoint])
def test_positions_tell_rules_apart(other: type[Search]) -> None:
    """The positions above are not blind to the rules: another branching cell, or full
    propagation at each node, changes some node counts."""
    positions = trial_positions() + random_positions("sudoku", 9, 30)
    changed = sum(search(pos, 1, other)[0] != search(pos, 1)[0] for pos in positions)
    assert changed >= len(positions) // 4  # measured: 70 and 59 of 104


def test_scan_runs_follow_house_order() -> None:
    """Runs are consecutive disjoint houses of one shape: rows, columns, boxes, and each
    diagonal on its own."""
    sizes = {(v, n): [len(a) for _, a in scan_runs(geometry(v, n))]
             for v, n in (("sudoku", 9), ("sudoku", 6), ("xsudoku", 5), ("latin", 7))}
    assert sizes == {("sudoku", 9): [9, 9, 9], ("sudoku", 6): [6, 6, 6],
                     ("xsudoku", 5): [5, 5, 1, 1], ("latin", 7): [7, 7]}


def test_trial_step_rating_from_nodes() -> None:
    """The grader's trial step on that puzzle: the candidate and count it reports are the
    first candidate (fewest candidates first) without a solution, and the node count of
    the cell-mask search for it."""
    line = (Path(__file__).parent / "data" / "norvig-hardest3.txt").read_text().split()[1]
    geo = geometry("sudoku", 9)
    givens = tuple(0 if ch in ".0" else int(ch) for ch in line[:81])
    g = Grid.from_values(geo, givens, True)
    run(g, Level.EXTREME)
    step = chains.trial(g)
    assert step is not None and step.technique == "trial"
    (c, d), = step.eliminations
    base = solver_masks(g)
    masks = base[:]
    masks[c] = 1 << (d - 1)
    nodes, count, _ = search((geo, masks, [c]), 1)
    assert count == 0 and f"({nodes} guesses)" in step.explanation
    assert step.rating == 9.5 + length_bonus(nodes) / 2
    grade, _ = grade_givens(geo, givens)
    assert grade.level == Level.TRIAL
