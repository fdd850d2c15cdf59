"""The solve loop, the public API (grade, hints, mistakes, moves) and soundness: no step
ever places a wrong digit or removes a true candidate (checked against the backtracker)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.generator import generate_minimal
from puzzleterm.engine.sudoku.geometry import Geometry, geometry
from puzzleterm.engine.sudoku.hints import step_move
from puzzleterm.engine.sudoku.human import (
    TECHNIQUES,
    find_mistakes,
    grade_state,
    next_step,
    solve_steps,
)
from puzzleterm.engine.sudoku.human.catalog import Deduction
from puzzleterm.engine.sudoku.human.grid import Grid, tables
from puzzleterm.engine.sudoku.human.solve import (
    REGISTRY,
    apply_step,
    find_step,
    grade_givens,
    unique_check,
)
from puzzleterm.engine.sudoku.state import SudokuState
from puzzleterm.engine.types import Level

from .human_helpers import DATA, GEO9, cell, data_lines, parse_line

EASY = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CHAIN = "000080004709004530800000600000400700307906405005002000002000003038500109900030000"


def state_of(text: str, geo: Geometry = GEO9) -> SudokuState:
    return SudokuState.from_givens(geo, parse_line(text))


def check_sound(geo: Geometry, givens: tuple[int, ...], tally: Counter[str]) -> bool:
    """Walk the solve path checking every step against the unique solution."""
    solution = bt.solve_values(geo, givens)
    assert solution is not None
    g = Grid.from_values(geo, givens, unique_check(geo, givens))
    while not all(g.values):
        step = find_step(g)
        if step is None:
            return False
        for c, d in step.placements:
            assert g.cand[c] >> (d - 1) & 1, (step.technique, step.explanation)
            assert solution[c] == d, (step.technique, step.explanation)
        for c, d in step.eliminations:
            assert solution[c] != d, (step.technique, step.explanation)
        assert step.placements or step.eliminations
        tally[step.technique] += 1
        apply_step(g, step)
    assert tuple(g.values) == solution
    return True


# -- the registry ------------------------------------------------------------------------------
def test_registry_order_and_table() -> None:
    ids = [t.id for t in TECHNIQUES]
    assert len(ids) == len(set(ids))
    assert [tid for tid, _, _ in REGISTRY] == ids
    keys = [(t.level, t.rating) for t in TECHNIQUES]
    assert keys == sorted(keys), "the loop tries techniques by level, then rating"
    ratings = {t.id: t.rating for t in TECHNIQUES}
    # the Sudoku Explainer anchors named in the design
    assert ratings["full_house"] == 1.0 and ratings["naked_single"] == 2.3
    assert ratings["pointing"] == 2.6 and ratings["claiming"] == 2.8
    assert ratings["naked_pair"] == 3.0 and ratings["x_wing"] == 3.2
    assert ratings["hidden_pair"] == 3.4 and ratings["naked_triple"] == 3.6
    assert ratings["swordfish"] == 3.8 and ratings["hidden_triple"] == 4.0
    assert ratings["xy_wing"] == 4.2 and ratings["xyz_wing"] == 4.4
    assert ratings["naked_quad"] == 5.0 and ratings["jellyfish"] == 5.2
    assert ratings["hidden_quad"] == 5.4 and ratings["bug_plus_1"] == 5.6
    assert ratings["wxyz_wing"] == 5.5 and ratings["vwxyz_wing"] == 6.2
    assert ratings["xy_chain"] == 7.0 and ratings["aic"] == 7.0
    # SE's forcing chains: Nishio, cell and region (static), dynamic
    assert ratings["nishio"] == 7.5 and ratings["forcing_chain"] == 8.0
    assert ratings["dynamic_forcing_chain"] == 8.5
    assert ratings["trial"] > ratings["dynamic_forcing_chain"]


# -- grading -----------------------------------------------------------------------------------
def test_grade_easy_puzzle() -> None:
    grade = grade_state(state_of(EASY))
    assert grade.level == Level.EASY and grade.solved
    assert grade.rating <= 2.3
    assert grade.steps == sum(n for _, n in grade.counts) == EASY.count("0")


def test_grade_hard_puzzle_and_determinism() -> None:
    st = state_of(HARD)
    a, b = grade_state(st), grade_state(state_of(HARD))
    assert a == b
    assert a.solved and a.level >= Level.MEDIUM
    assert dict(a.counts)  # techniques were counted


def test_grade_multiple_solutions_stalls() -> None:
    geo = geometry("sudoku", 4)
    st = SudokuState.from_givens(geo, (0,) * 16)
    grade = grade_state(st)
    assert not grade.solved and grade.level == Level.TRIAL


def test_solve_steps_replay_to_solution() -> None:
    kind = find_kind("sudoku")
    st = state_of(CHAIN)
    steps = solve_steps(st)
    assert steps and all(isinstance(s, Deduction) for s in steps)
    for step in steps:
        assert step.explanation and step.nudge and step.name
        st = kind.apply(st, step_move(st.geo, step))
    assert st.values == st.solution


# -- hints -------------------------------------------------------------------------------------
def test_next_step_matches_first_solve_step() -> None:
    st = state_of(EASY)
    assert next_step(st) == solve_steps(st)[0]


def test_next_step_reports_mistakes() -> None:
    kind = find_kind("sudoku")
    st = state_of(EASY)
    sol = st.solution
    assert sol is not None
    c = cell("r1c1")
    wrong = sol[c] % 9 + 1
    st2 = kind.apply(st, f"r1c1={wrong}")
    assert find_mistakes(st2) == (c,)
    step = next_step(st2)
    assert step is not None and step.technique == "mistake"
    assert step.cells == (c,)
    assert step.explanation == f"r1c1 should not be {wrong}"
    assert step.nudge == "Something you placed is wrong"
    st3 = kind.apply(st2, step_move(st2.geo, step))
    assert st3.values == st.values
    # a right digit is no mistake, and the hint goes on from it
    st4 = kind.apply(st, f"r1c1={sol[c]}")
    assert find_mistakes(st4) == ()
    step4 = next_step(st4)
    assert step4 is not None and step4.technique != "mistake"
    assert all(pc != c for pc, _ in step4.placements)


def test_next_step_solved_is_none() -> None:
    st = state_of(EASY)
    assert st.solution is not None
    done = SudokuState(st.geo, st.givens, st.solution, st.marks)
    assert next_step(done) is None


def test_next_step_uses_marks() -> None:
    kind = find_kind("sudoku")
    st = state_of(EASY)
    sol = st.solution
    assert sol is not None
    # pencil the true digit only into one empty cell: with marks it is a naked single
    empty = next(c for c in range(81) if not st.values[c])
    name = st.geo.cell_name(empty)
    st2 = kind.apply(st, f"{name}~{sol[empty]}")
    step = next_step(st2, use_marks=True)
    assert step is not None
    assert (empty, sol[empty]) in step.placements or step.placements
    found = False
    g = Grid(st2.geo, st2.values,
             [m & (st2.marks[c] or m) for c, m in enumerate(st2.candidates())])
    assert g.cand[empty] == 1 << (sol[empty] - 1)
    found = step.technique in ("full_house", "hidden_single", "naked_single")
    assert found
    # marks that drop the true digit are reported, not reasoned from
    others = st.geo.all_mask & ~(1 << (sol[empty] - 1)) & st.candidates()[empty]
    digits = "".join(str(d) for d in range(1, 10) if others >> (d - 1) & 1)
    st3 = kind.apply(st, f"{name}~{digits}")
    step3 = next_step(st3, use_marks=True)
    assert step3 is not None and step3.technique == "mark_mistake"
    assert step3.cells == (empty,)
    fixed = kind.apply(st3, step_move(st3.geo, step3))
    assert fixed.marks[empty] == st.candidates()[empty]
    # without use_marks the marks are ignored
    step4 = next_step(st3)
    assert step4 is not None and step4.technique != "mark_mistake"


def test_step_move_format() -> None:
    step = Deduction("x", "X", Level.EASY, 1.0, placements=((cell("r3c5"), 7),),
                eliminations=((cell("r1c1"), 2), (cell("r9c9"), 4)))
    move = step_move(GEO9, step)
    assert move is not None and move.text() == "r3c5=7;r1c1-2;r9c9-4"
    geo16 = geometry("sudoku", 16)
    step16 = Deduction("x", "X", Level.EASY, 1.0, placements=((0, 16),))
    move16 = step_move(geo16, step16)
    assert move16 is not None and move16.text() == "r1c1=G"


def test_kind_hint_and_grade_use_the_solver() -> None:
    kind = find_kind("sudoku")
    st = state_of(EASY)
    step = kind.hint(st, kind.solve(st))
    assert step is not None and step.evidence == next_step(st)
    assert kind.grade(st) == grade_state(st)
    d = next_step(st)
    assert d is not None
    move = step_move(st.geo, d)
    assert move is not None and step.move == move.text()
    assert kind.apply(st, step.move) != st


def test_explanations_use_names() -> None:
    st = state_of(CHAIN)
    for step in solve_steps(st):
        assert "r" in step.explanation and step.nudge.startswith(("Look", "Follow", "Try",
                                                                   "Logic"))


# -- soundness ---------------------------------------------------------------------------------
BOARDS = [("sudoku", 4, 150), ("sudoku", 6, 150), ("xsudoku", 5, 300), ("latin", 5, 200),
          ("latin", 6, 150), ("latin", 7, 60), ("sudoku", 9, 600), ("latin", 9, 20)]


@pytest.mark.parametrize(("variant", "n", "count"), BOARDS)
def test_sound_on_generated(variant: str, n: int, count: int) -> None:
    geo = geometry(variant, n)
    tally: Counter[str] = Counter()
    for i in range(count):
        givens = generate_minimal(geo, Rng(f"sound|{variant}|{n}|{i}"))
        assert check_sound(geo, givens, tally)
    print(variant, n, dict(tally))


def test_sound_on_16x16() -> None:
    geo = geometry("sudoku", 16)
    tally: Counter[str] = Counter()
    for i in range(1):
        givens = generate_minimal(geo, Rng(f"sound16|{i}"))
        assert check_sound(geo, givens, tally)


def _data_sets() -> list[tuple[str, int, int]]:
    return [
        ("sudoku-exchange-diabolical-rated.txt", 800, 49),
        ("sudoku-17clue-sample1000.txt", 500, 2),
        ("sudoku-magictour-top1465.txt", 100, 14),
        ("sudoku-norvig-top95.txt", 95, 1),
        ("sudoku-norvig-hardest11.txt", 11, 1),
        ("sudoku-forum-hardest-1905-11plus.txt", 10, 4800),
    ]


@pytest.mark.parametrize(("name", "limit", "step"), _data_sets())
def test_sound_on_published(name: str, limit: int, step: int) -> None:
    if not (DATA / name).exists():
        pytest.skip(f"shared data set {name} is not available")
    tally: Counter[str] = Counter()
    for line in data_lines(name, limit, step):
        parts = line.split()
        text = parts[1] if len(parts) > 1 and len(parts[0]) != 81 else parts[0]
        assert check_sound(GEO9, parse_line(text), tally)
    print(name, dict(tally))


def test_engine_package_is_pure() -> None:
    pkg = Path(__file__).resolve().parent.parent / "puzzleterm" / "engine" / "human"
    banned = {"textual", "rich", "sqlite3", "random", "puzzleterm.session", "puzzleterm.store"}
    for path in pkg.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in banned and name not in banned, (path, name)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", path


def test_caches_do_not_change_the_path() -> None:
    """The per-geometry memo and the per-position caches only save work: a cold grade and a
    warm one give the very same steps."""
    geo = GEO9
    for text in (HARD, CHAIN):
        givens = parse_line(text)
        tables(geo).cache.clear()
        cold = grade_givens(geo, givens)[1].steps
        warm = grade_givens(geo, givens)[1].steps
        assert cold == warm
        assert tables(geo).cache  # the single-digit finders were remembered


def test_derived_sees_direct_changes() -> None:
    g = Grid.from_values(GEO9, parse_line(CHAIN))
    before = g.all_digit_cells()
    assert g.all_digit_cells() is before  # kept while the candidates stay
    c = next(i for i, m in enumerate(g.cand) if m & 1)
    g.cand[c] &= ~1  # a change made without eliminate()
    assert g.all_digit_cells()[0] == before[0] & ~(1 << c)
