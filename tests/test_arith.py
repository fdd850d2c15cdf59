"""Missing-digit arithmetic: forms, moves, the solver against brute force, dealing, grading."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.cli import main
from puzzleterm.engine import MoveError, ParseError, PuzzleError, Status, find_kind
from puzzleterm.engine.arith import solver
from puzzleterm.engine.arith.model import (
    ArithState,
    make_state,
    read_line,
    read_picture,
    write_line,
    write_picture,
)
from puzzleterm.engine.arith.moves import apply_move
from puzzleterm.engine.gameid import generate_seeded, load_game_id
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.types import Level

KIND = find_kind("arith")


def brute_count(state: ArithState) -> int:
    """Every filling of the hidden digits, checked by plain arithmetic."""
    hidden = state.hidden()
    n = 0
    for digits in itertools.product(range(10), repeat=len(hidden)):
        rows = [list(r) for r in state.givens]
        for (r, i), d in zip(hidden, digits, strict=True):
            rows[r][i] = d
        if any(len(row) > 1 and row[0] == 0 for row in rows):
            continue
        nums = [int("".join(map(str, row))) for row in rows]
        if state.op == "add":
            ok = sum(nums[:-1]) == nums[-1]
        else:
            a, b, *partials, product = nums
            bdigits = [int(ch) for ch in reversed(str(b).zfill(len(rows[1])))]
            ok = a * b == product and (not partials or all(
                p == a * d for p, d in zip(partials, bdigits, strict=True)))
        n += ok
    return n


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["add2x2", "add3x2", "mul2x1", "mul2x2", "mul3x1"]),
       st.integers(0, 10**6), st.integers(2, 4))
def test_the_solver_agrees_with_brute_force(params: str, seed: int, nhidden: int) -> None:
    from puzzleterm.engine.arith.generator import true_sum

    full = true_sum(KIND.parse_params(params), Rng(str(seed)))
    cells = Rng(f"h{seed}").shuffled(full.cells())[:nhidden]
    rows = [list(r) for r in full.givens]
    for r, i in cells:
        rows[r][i] = None
    state = make_state(full.op, [tuple(r) for r in rows])
    assert solver.count(state, 10**6) == brute_count(state)


@pytest.mark.parametrize("params", ["add2x3", "add3x4", "mul2x2", "mul3x2", "mul3x3"])
def test_dealt_puzzles_have_one_solution_and_their_grade(params: str) -> None:
    p = KIND.parse_params(params)
    for level in KIND.levels(p):
        for seed in ("a", "b", "c", "d"):
            puzzle = generate_seeded(KIND, p, seed, level)
            assert KIND.count_solutions(puzzle.state, 2) == 1
            grade = KIND.grade(puzzle.state)
            assert puzzle.grade is not None and grade.level == puzzle.grade.level == level
            assert load_game_id(puzzle.seed_id or "").game_id == puzzle.game_id
            assert load_game_id(puzzle.game_id).state == puzzle.state


def test_a_multiplication_is_solved_step_by_step_in_words() -> None:
    puzzle = generate_seeded(KIND, KIND.parse_params("mul3x2"), "words", Level.HARD)
    steps = KIND.explain(puzzle.state)
    state = puzzle.state
    for step in steps:
        assert step.explanation and step.move
        state = KIND.apply(state, step.move)
    assert KIND.status(state) is Status.SOLVED
    assert state == KIND.solve(puzzle.state)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["add2x3", "add4x2", "mul3x2", "mul2x3", "mul3x1"]), st.integers(0, 999))
def test_line_and_picture_round_trip(params: str, seed: int) -> None:
    from puzzleterm.engine.arith.generator import hide, true_sum

    state = hide(true_sum(KIND.parse_params(params), Rng(str(seed))), Rng("x"), 0.5)
    assert read_line(write_line(state)) == state
    assert read_picture(write_picture(state)) == state
    assert KIND.read(KIND.write(state, "picture")) == state


def test_a_zero_multiplier_digit_row_is_read_written_or_left_out() -> None:
    written = read_line("12x203=36+0+24=2436")
    assert KIND.count_solutions(written, 5) == 1
    left_out = read_picture("    12\nx  203\n  ----\n    36\n  24\n  ----\n  2436")
    assert left_out == written


@pytest.mark.parametrize(("text", "says"), [
    ("12-3=9", "operators"),
    ("01+2=3", "starts with 0"),
    ("12+34=5", "cannot come from"),
    ("12x34=48+36=40", "has 3 or 4 digits"),
    ("12x3=36+1=36", "no partial"),
    ("1a+2=3", "digits and *"),
    ("12+3", "no '='"),
])
def test_bad_sums_are_parse_errors(text: str, says: str) -> None:
    with pytest.raises(ParseError, match=says):
        read_line(text)


def test_illegal_moves_are_move_errors() -> None:
    state = read_line("1*+23=3*")
    assert apply_move(state, "r1c2=5").values[0] == (1, 5)
    for move, says in (("r1c1=5", "given"), ("r9c1=1", "no row"), ("r1c7=1", "no digit"),
                       ("r1c2=x", "bad move")):
        with pytest.raises(MoveError, match=says):
            apply_move(state, move)


def test_cli_solves_either_form_and_refuses_bad_input(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    def file(text: str) -> str:
        path = tmp_path / "sum.txt"
        path.write_text(text)
        return str(path)

    assert main(["solve", "arith", file("1*+2*=4*\n"), "--count"]) == 0
    assert capsys.readouterr().out.strip() == "multiple (at least 2)"
    assert main(["solve", "arith", file("12x203=36+0+24=2**6\n")]) == 0
    assert capsys.readouterr().out.strip() == "12x203=36+0+24=2436"
    assert main(["solve", "arith", file("12-3=9\n")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "operators" in err
    assert main(["solve", "arith", file("12/3=4\n")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "work rows" in err
    assert main(["generate", "arith", "--size", "mul3x2", "--seed", "7"]) == 0
    line = capsys.readouterr().out.strip()
    assert KIND.count_solutions(read_line(line), 2) == 1


def test_status_and_errors_are_puzzle_errors() -> None:
    state = read_line("1*+23=3*")
    assert KIND.status(state) is Status.PLAYING
    assert KIND.status(apply_move(state, "r1c2=1;r3c2=5")) is Status.BROKEN
    assert KIND.status(apply_move(state, "r1c2=1;r3c2=4")) is Status.SOLVED
    assert issubclass(ParseError, PuzzleError)
