"""Long division: forms and conventions, the solver against brute force, dealing, grading,
typed errors, the CLI."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.cli import main
from puzzleterm.engine import MoveError, ParseError, Status, find_kind
from puzzleterm.engine.arith import solver
from puzzleterm.engine.arith.generator import true_sum
from puzzleterm.engine.arith.model import (
    ArithState,
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


def by_hand(n: int, d: int) -> list[int] | None:
    """The numbers of ``n / d`` worked by hand, top to bottom (quotient, divisor, dividend,
    then product and row under it per non-zero quotient digit); written apart from the
    engine's own long division on purpose."""
    if d <= 0 or n < d:
        return None
    digits = [int(c) for c in str(n)]
    rem, pos = 0, 0
    while rem < d:  # the first working number: the fewest leading digits >= d
        rem = rem * 10 + digits[pos]
        pos += 1
    rows: list[int] = []
    qdigits: list[int] = []
    while True:
        q = rem // d
        qdigits.append(q)
        if q:
            if rows:
                rows.append(rem)  # the row under the previous product
            rows.append(d * q)
            rem -= d * q
        if pos == len(digits):
            break
        rem = rem * 10 + digits[pos]
        pos += 1
    rows.append(rem)
    return [int("".join(map(str, qdigits))), d, n, *rows]


def brute_count(state: ArithState) -> int:
    hidden = state.hidden()
    count = 0
    for digits in itertools.product(range(10), repeat=len(hidden)):
        rows = [list(r) for r in state.givens]
        for (r, i), x in zip(hidden, digits, strict=True):
            rows[r][i] = x
        if any(len(row) > 1 and row[0] == 0 for row in rows):
            continue
        nums = [int("".join(map(str, row))) for row in rows]
        worked = by_hand(nums[2], nums[1])
        if worked is None or worked != nums:
            continue
        # the layout: each product row ends under its own quotient digit
        m = len(rows[0])
        qstr = str(nums[0])
        nonzero = [m - 1 - i for i, c in enumerate(qstr) if c != "0"]
        count += nonzero == [state.shifts[r] for r in range(3, len(rows) - 1, 2)]
    return count


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(["div3/1", "div4/1", "div4/2", "div3/2", "div5/2"]),
       st.integers(0, 10**6), st.integers(2, 4))
def test_the_solver_agrees_with_brute_force(params: str, seed: int, nhidden: int) -> None:
    full = true_sum(KIND.parse_params(params), Rng(str(seed)))
    cells = Rng(f"h{seed}").shuffled(full.cells())[:nhidden]
    rows = [list(r) for r in full.givens]
    for r, i in cells:
        rows[r][i] = None
    state = full.with_givens(tuple(tuple(r) for r in rows))
    assert solver.count(state, 10**6) == brute_count(state)


def test_true_divisions_are_worked_as_by_hand() -> None:
    for seed in range(40):
        full = true_sum(KIND.parse_params("div6/2"), Rng(f"t{seed}"))
        nums = full.numbers()
        assert nums is not None and by_hand(nums[2], nums[1]) == nums
        assert solver.count(full, 2) == 1


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["div4/1", "div5/2", "div6/3", "div7/2"]), st.integers(0, 999),
       st.floats(0.0, 1.0))
def test_line_and_picture_round_trip(params: str, seed: int, keep: float) -> None:
    full = true_sum(KIND.parse_params(params), Rng(str(seed)))
    cells = Rng(f"k{seed}").shuffled(full.cells())
    rows = [list(r) for r in full.givens]
    for r, i in cells[:round(len(cells) * (1 - keep))]:
        rows[r][i] = None
    state = full.with_givens(tuple(tuple(r) for r in rows))
    assert read_line(write_line(state)) == state
    assert read_picture(write_picture(state)) == state
    assert KIND.read(KIND.write(state, "picture")) == state
    assert KIND.read(KIND.write(state, "line")) == state


def test_a_zero_quotient_digit_is_skipped_and_the_zero_row_convention_is_read() -> None:
    skipped = read_line("10020316/124=80809-992....=1003-992..=1116-1116=0")
    # 1002-992=10, bring down 0: 100 < 124, so the quotient digit is 0 (a row "0" written)
    written = read_line("10020316/124=80809-992....=100-0...=1003-992..=111-0.=1116-1116=0")
    assert written == skipped
    picture = read_picture("\n".join([
        "         80809",
        "      --------",
        "  124)10020316",
        "       992",
        "      ----",
        "        100",
        "          0",
        "        ---",
        "        1003",
        "         992",
        "        ----",
        "          111",
        "            0",
        "          ---",
        "          1116",
        "          1116",
        "          ----",
        "             0",
    ]))
    assert picture == skipped
    # a picture ending with a product row has remainder 0
    assert read_picture("\n".join(write_picture(skipped).splitlines()[:-1])) == skipped


@pytest.mark.parametrize(("text", "says"), [
    ("100/7=14-7.=30-28=9", "not less than the divisor"),
    ("100/7=14-7.=30-28=20", "more digits than the divisor"),
    ("0100/7=14-7.=30-28=2", "starts with 0"),
    ("100/7=140-7..=30-28.=20", "more digits than the divisor"),
    ("100/7=1-7=3", "quotient of"),
    ("100/7=14-7=30-28=2", "first product row"),
    ("100/7=14-7.=30", "so it is 0, not 4"),
    ("100/7=14-7.=30-28", "bad division"),
    ("100/7=94-7.=30-28=2", None),
    ("1024/32=32-96.=64-64=0", None),
    ("1024/32=30-96.=64-64=0", "has a product row"),
    ("10024/32=313-96..=42-32.=104-96=8", None),
    ("10024/32=323-96..=42-32.=104-96=8", None),
    ("1002/32=31-96.=42-32=10", None),
    ("1002/32=301-96..=42-32=10", None),
    ("1002/32=301-96.=42-32=10", "first product row"),
    ("1000/8=125-8..=20-16.=40-40=0", None),
    ("1000/8=105-8..=20-16.=40-40=0", "has a product row"),
])
def test_bad_divisions_are_parse_errors(text: str, says: str | None) -> None:
    if says is None:
        read_line(text)  # well formed (not necessarily true)
        return
    with pytest.raises(ParseError, match=says):
        read_line(text)


def test_a_ragged_picture_is_a_parse_error() -> None:
    good = write_picture(read_line("10020316/124=80809-992....=1003-992..=1116-1116=0"))
    lines = good.splitlines()
    lines[5] = " " + lines[5]  # the row under the first product, one place right
    with pytest.raises(ParseError, match="must end under"):
        read_picture("\n".join(lines))
    lines = good.splitlines()
    lines[0] += " 1"
    with pytest.raises(ParseError, match="quotient must end"):
        read_picture("\n".join(lines))


def test_a_known_division_solves_and_moves_are_typed() -> None:
    state = read_line("1**/7=14-7.=3*-2*=2")
    assert KIND.count_solutions(state, 5) == 1
    solved = KIND.solve(state)
    assert solved is not None and write_line(solved) == "100/7=14-7.=30-28=2"
    assert KIND.status(state) is Status.PLAYING
    name = "r3c4"  # the dividend's second digit: column 4 (divisor, ')', then 1, 0, 0)
    assert apply_move(state, f"{name}=0").values[2] == (1, 0, None)
    assert KIND.status(apply_move(state, f"{name}=5")) is Status.BROKEN  # 15-7 is not 3*
    with pytest.raises(MoveError, match="given"):
        apply_move(state, "r3c3=5")


@pytest.mark.parametrize("params", ["div5/2", "div6/3"])
def test_dealt_divisions_have_one_solution_and_their_level(params: str) -> None:
    p = KIND.parse_params(params)
    assert KIND.levels(p) == (Level.MEDIUM, Level.HARD, Level.EXPERT)
    for level in KIND.levels(p):
        for seed in ("a", "b", "c"):
            puzzle = generate_seeded(KIND, p, seed, level)
            assert KIND.count_solutions(puzzle.state, 2) == 1
            grade = KIND.grade(puzzle.state)
            assert grade.level is level, (puzzle.game_id, grade)
            assert load_game_id(puzzle.seed_id or "").game_id == puzzle.game_id
            assert load_game_id(puzzle.game_id).state == puzzle.state


def test_a_division_is_solved_step_by_step_in_words() -> None:
    puzzle = generate_seeded(KIND, KIND.parse_params("div5/2"), "words", Level.HARD)
    steps = KIND.explain(puzzle.state)
    assert {s.technique for s in steps} <= {"bring-down", "subtraction", "divisor-times",
                                            "quotient-length"}
    state = puzzle.state
    for step in steps:
        assert step.explanation and step.move
        state = KIND.apply(state, step.move)
    assert KIND.status(state) is Status.SOLVED
    assert state == KIND.solve(puzzle.state)


def test_cli_solves_generates_grades_and_hints_divisions(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "div.txt"
    path.write_text("1**/7=14-7.=3*-2*=2\n")
    assert main(["solve", "arith", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "100/7=14-7.=30-28=2"
    assert main(["solve", "arith", str(path), "--count"]) == 0
    assert capsys.readouterr().out.strip() == "unique"
    assert main(["generate", "arith", "--size", "div5/2", "--seed", "7"]) == 0
    line = capsys.readouterr().out.strip()
    assert read_line(line).op == "div" and KIND.count_solutions(read_line(line), 2) == 1
    assert main(["generate", "arith", "--size", "div6/3", "--seed", "7"]) == 0
    dealt = capsys.readouterr().out
    assert read_line(dealt).params == KIND.parse_params("div6/3")
    path.write_text(dealt)
    for command in (["grade"], ["hint"], ["solve", "--explain"]):
        assert main([*command[:1], "arith", str(path), *command[1:]]) == 0
        assert capsys.readouterr().out.strip()
    path.write_text("# a batch\n1**/7=14-7.=3*-2*=2\n1*x3=*6\n1*/3=0-3=1\n")
    assert main(["solve", "arith", str(path)]) == 2  # one bad line: reported, the rest solved
    out, err = capsys.readouterr()
    assert out.split() == ["100/7=14-7.=30-28=2", "12x3=36", "error"]
    assert "line 4" in err and "not 0" in err
    path.write_text("100/7=14-7.=30-28=9\n")
    assert main(["solve", "arith", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "divisor" in err
