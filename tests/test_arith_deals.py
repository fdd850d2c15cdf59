"""Seeds name arithmetic puzzles forever: the dealer deals the very puzzles it dealt before it
was made faster (recorded in tests/data/arith_deals.json), and the multiplication's fast
count agrees with counting the solver's fillings."""

from __future__ import annotations

import json
import random
from itertools import islice
from pathlib import Path

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.arith import solver
from puzzleterm.engine.arith.generator import true_sum
from puzzleterm.engine.arith.model import ArithState
from puzzleterm.engine.arith.mulcount import count_mul
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.types import Level

KIND = find_kind("arith")
DATA = json.loads((Path(__file__).parent / "data" / "arith_deals.json").read_text())
DEALS: list[list[object]] = DATA["deals"]
OPS = sorted({str(d[0]) for d in DEALS})


def test_the_record_covers_every_level_of_every_operation() -> None:
    assert len(OPS) >= 10
    for op in OPS:
        params = KIND.parse_params(op)
        levels = {d[1] for d in DEALS if d[0] == op}
        assert levels == {None, *(lv.name.lower() for lv in KIND.levels(params))}


@pytest.mark.parametrize("op", OPS)
def test_every_recorded_seed_deals_the_same_puzzle(op: str) -> None:
    params = KIND.parse_params(op)
    for _, level, seed, desc, graded, rating in (d for d in DEALS if d[0] == op):
        lv = Level[str(level).upper()] if level is not None else None
        puzzle = generate_seeded(KIND, params, str(seed), lv)
        assert puzzle.grade is not None
        got = (puzzle.desc, puzzle.grade.level.name.lower(), puzzle.grade.rating)
        assert got == (desc, graded, rating), (op, level, seed)


def _fillings(state: ArithState, limit: int) -> int:
    return sum(1 for _ in islice(solver.solutions(state), limit))


def _riddled(op: str, seed: int) -> ArithState:
    """A true product with a random share of its digits hidden, and now and then a given
    digit changed (so that some have no filling)."""
    r = random.Random(f"{op}-{seed}")
    full = true_sum(KIND.parse_params(op), Rng(f"count-{op}-{seed}"))
    rows = [list(x) for x in full.givens]
    share = r.random()
    for i, j in full.cells():
        if r.random() < share:
            rows[i][j] = None
        elif r.random() < 0.03:
            rows[i][j] = r.randrange(10)
    return full.with_givens(tuple(tuple(x) for x in rows))


@pytest.mark.parametrize("op", ["mul1x1", "mul2x1", "mul1x2", "mul2x3", "mul4x1", "mul2x2",
                                "mul3x2", "mul3x3", "mul4x2", "mul5x3"])
def test_the_fast_count_agrees_with_the_fillings(op: str) -> None:
    counts = set()
    for seed in range(40):
        state = _riddled(op, seed)
        for limit in (1, 2, 3):
            n = _fillings(state, limit)
            assert count_mul(state, limit) == n, (op, seed, limit, state.givens)
            assert solver.count(state, limit) == n
            counts.add(n)
    assert {0, 1} <= counts  # broken sums and unique ones were both met


@pytest.mark.parametrize("op", ["add3x4", "mul2x1", "mul3x2", "mul2x3", "mul5x3"])
def test_the_graders_remembered_answers_are_the_tests_answers(op: str) -> None:
    """The grader's shortcuts (answers kept per position, each test asked only of the digits
    the weaker tests pass, cells the column test cannot see) answer as the tests do."""
    from puzzleterm.engine.arith import human

    met = 0
    for seed in range(25):
        state = _riddled(op, seed)
        work = human.Work(state)
        r = random.Random(seed)
        for _ in range(4):
            for cell in work.empty():
                for check in (human.columns_ok, human.products_ok, human.bounds_ok):
                    want = human.passing(state, [list(x) for x in work.vals], cell, check)
                    assert human._layered(work, cell, check) == want, (op, seed, cell)
                    met += 0 < len(want) < 10
            empty = work.empty()
            if not empty:
                break
            cell = r.choice(empty)  # fill a digit, right or wrong, and ask again
            work.vals[cell[0]][cell[1]] = r.randrange(10)
    assert met > 0


@pytest.mark.parametrize("op", ["div5/2", "div6/3", "div4/1"])
def test_the_division_graders_kept_verdicts_are_the_tests_answers(op: str) -> None:
    """A division's tests try the digits that passed last time, as before; the verdicts kept
    per position and the parts asked alone answer as the whole tests do."""
    from puzzleterm.engine.arith import divcheck, human

    checks = (divcheck.copies_ok, divcheck.subtractions_ok, divcheck.products_ok,
              divcheck.bounds_ok)
    met = 0
    for seed in range(20):
        state = _riddled(op, seed)
        work = human.Work(state)
        r = random.Random(seed)
        for _ in range(4):
            for cell in work.empty():
                for check in (*checks, *reversed(checks)):
                    before = work.cands.get((check, cell))
                    want = human.passing(state, [list(x) for x in work.vals], cell, check,
                                         before)
                    assert human._div_passing(work, cell, check) == want, (op, seed, cell)
                    met += 0 < len(want) < 9
            empty = work.empty()
            if not empty:
                break
            cell = r.choice(empty)
            work.vals[cell[0]][cell[1]] = r.randrange(10)
    assert met > 0
