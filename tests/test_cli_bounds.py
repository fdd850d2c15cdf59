"""The reported hostile command lines: each is one line and a non-zero exit (or the puzzle it
names), within 5 s of CPU and 512 MB (tests/cli_bounded.py)."""

from __future__ import annotations

import pytest

from .cli_bounded import assert_one_line_error, run_bounded

ADDITION_1000 = ("1" * 1000 + "+" + "1" * 1000 + "=" + "2" * 1000 + "\n").encode()


@pytest.mark.parametrize(("args", "stdin", "says"), [
    (["solve", "pentomino:6x10:9999999999"], None, "longer than a board side"),
    (["play", "pentomino:6x10:9999999999"], None, "longer than a board side"),
    (["solve", "pentomino:12x5:" + "9" * 20], None, "longer than a board side"),
    (["solve", "pentomino:12x5:" + "9" * 5000], None, "longer than a board side"),
    (["solve", "pentomino"], b"999999999\n", "longer than a board side"),
    (["solve", "arith"], b"+7\n", "a picture has 1 number"),
    (["solve", "arith"], ADDITION_1000, "row of 1000 digits"),
    ([b"solve", b"sudoku:9x9:hard#\xff"], None, "not UTF-8"),
    ([b"generate", b"sudoku", b"--seed", b"\xff"], None, "not UTF-8"),
    ([b"play", b"latin:5x5:any#\xfe\xff"], None, "not UTF-8"),
    (["generate", "sudoku", "--seed", "bell\x07"], None, "control characters"),
    (["generate", "pentomino", "--board", "8x8-r1c1-r1c8-r8c1-r8c8"], None, "dealt on 6x10"),
    (["solve", "pentomino:10x10-r1c1+8x5:#F.340"], None, "dealt on 6x10"),
], ids=["pento-run-memory", "pento-run-play", "pento-run-overflow", "pento-run-5000-digits",
        "pento-run-stdin", "arith-one-row", "arith-1000-digits", "seed-bytes-id",
        "seed-bytes-option", "seed-bytes-play", "seed-control", "pento-odd-board",
        "pento-odd-board-id"])
def test_a_reported_hostile_command_is_one_line_and_exit_2(args: list[str | bytes],
                                                           stdin: bytes | None,
                                                           says: str) -> None:
    ran = run_bounded(args, stdin)
    assert_one_line_error(ran, (2,))
    assert says in ran.err


def test_the_slow_addition_seed_deals_its_puzzle_within_bounds() -> None:
    # took 69-81 s; the same puzzle as before, now counted by the carry
    ran = run_bounded(["solve", "arith:add5x9:#３g@３"])
    assert ran.status == 0, ran.err
    assert ran.out.decode() == "276499402+104799112+603619585+697602374+870879859=2553400332\n"
