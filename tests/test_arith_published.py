"""Published missing-digit puzzles give their published answers, and in well under a second."""

from __future__ import annotations

import time

from puzzleterm.engine import find_kind
from puzzleterm.engine.arith import solver
from puzzleterm.engine.arith.model import read_line, read_picture, write_line

KIND = find_kind("arith")


def _solve_timed(text: str) -> tuple[list[str], float]:
    state = KIND.read(text)
    start = time.process_time()
    found = [write_line(s) for s in solver.solutions(state)]
    return found, time.process_time() - start


def test_the_lone_eight_division() -> None:
    # "The lone 8" (a classic skeleton division, reprinted in many puzzle books): an 8-digit
    # dividend by a 3-digit divisor, every digit hidden but the 8 in the middle of the
    # quotient; the rows show the two 0 digits of the quotient (two digits brought down).
    # Published answer: 10020316 / 124 = 80809, remainder 0.
    picture = "\n".join([
        "         **8**",
        "      --------",
        "  ***)********",
        "       ***",
        "      ----",
        "        ****",
        "         ***",
        "        ----",
        "          ****",
        "          ****",
        "          ----",
    ])
    state = read_picture(picture)
    assert state == read_line("********/***=**8**-***....=****-***..=****-****=0")
    assert KIND.count_solutions(state, 2) == 1
    found, seconds = _solve_timed(picture)
    assert found == ["10020316/124=80809-992....=1003-992..=1116-1116=0"]
    assert seconds < 1.0


def test_a_multiplication_with_one_digit_shown() -> None:
    # A two-digit by two-digit skeleton multiplication (Japanese "mushikui-zan" primer, as
    # posted on ameblo.jp "Web de sugaku: wasan mushikui-zan"): only the multiplier's 8 is
    # shown.  Published answer: 12 x 89 = 1068, partial rows 108 and 96.
    picture = "\n".join(["    **", "x   8*", "  ----", "   ***", "   **", "  ----", "  ****"])
    state = read_picture(picture)
    assert KIND.count_solutions(state, 2) == 1
    found, seconds = _solve_timed(picture)
    assert found == ["12x89=108+96=1068"]
    assert seconds < 1.0


def test_knuths_777777_skeleton_multiplication() -> None:
    # Knuth, TAOCP pre-fascicle 9b "A potpourri of puzzles", exercise 50: NNN x NNNN with
    # the first partial row ending in 7 and the product 777777, where no N is 7.  Published
    # answer: 539 x 1443 = 777777 (rows 1617, 2156, 2156, 539).  Without the "no N is 7"
    # rule (which this kind cannot state) one more filling exists, and it has a hidden 7.
    state = read_line("***x****=***7+****+****+***=777777")
    found = [write_line(s) for s in solver.solutions(state)]
    assert len(found) == KIND.count_solutions(state, 10) == 2
    shown = {(r, i) for r, row in enumerate(state.givens) for i, d in enumerate(row)
             if d is not None}
    no_hidden_seven = [
        write_line(s) for s in solver.solutions(state)
        if all(d != 7 for r, row in enumerate(s.values) for i, d in enumerate(row)
               if (r, i) not in shown)]
    assert no_hidden_seven == ["539x1443=1617+2156+2156+539=777777"]


def test_a_nine_by_five_multiplication_with_each_digit_shown_once() -> None:
    # Nitobe Issei, "Mushikuizan kenkyushitsu" No. 215 (a skeleton multiplication in which
    # the ten digits 0-9 are each shown once, 9 digits by 5): every other digit hidden.
    # Published answer: 163162891 x 64719 = 10559739142629.
    picture = "\n".join([
        "       *********",
        "x          *****",
        "  --------------",
        "      *******0**",
        "      *****2**1",
        "    *****4**3*",
        "    ***6**5**",
        "   **8**7***",
        "  --------------",
        "  ****9*********",
    ])
    state = read_picture(picture)
    shown = sorted(d for row in state.givens for d in row if d is not None)
    assert shown == list(range(10))
    assert KIND.count_solutions(state, 2) == 1
    found, seconds = _solve_timed(picture)
    assert found == ["163162891x64719=1468466019+163162891+1142140237+652651564+978977346"
                     "=10559739142629"]
    assert seconds < 1.0
