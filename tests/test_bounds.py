"""Hostile input meets bounds before work: run lengths, row lengths and seeds are checked
before anything is allocated, and every deal has a budget of time and search steps."""

from __future__ import annotations

import contextlib
import itertools
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.arith import solver as arith_solver
from puzzleterm.engine.arith.divforms import write_steps
from puzzleterm.engine.arith.model import ADD, make_state, read_line, read_picture, write_line
from puzzleterm.engine.budget import Budget, spend, spending, spent
from puzzleterm.engine.errors import (
    BudgetError,
    GameIdError,
    ParamsError,
    ParseError,
    PuzzleError,
)
from puzzleterm.engine.gameid import (
    DEAL_BUDGET,
    check_seed,
    generate_seeded,
    load_game_id,
    seeded_rng,
)
from puzzleterm.engine.pentomino import solver as pento_solver
from puzzleterm.engine.pentomino.board import parse_board, turns
from puzzleterm.engine.pentomino.kind import DEALT
from puzzleterm.engine.pentomino.text import read_state
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.types import Level

ARITH = find_kind("arith")
PENTOMINO = find_kind("pentomino")
SUDOKU = find_kind("sudoku")


def peak_bytes(work: Callable[[], Any]) -> int:
    """The most memory Python allocated while ``work`` ran (its error, if any, swallowed:
    only typed errors are expected, and the callers check which)."""
    tracemalloc.start()
    try:
        with contextlib.suppress(PuzzleError):
            work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# -- pentomino: a run of empty cells is at most a board side -----------------------------------


@pytest.mark.parametrize("game_id", [
    "pentomino:6x10:9999999999",  # was a MemoryError
    "pentomino:12x5:" + "9" * 20,  # was an OverflowError
    "pentomino:12x5:" + "9" * 5000,  # was a ValueError (Python's digit limit)
    "pentomino:6x10:61/10/10/10/10/10",
])
def test_a_pentomino_run_longer_than_a_side_is_a_game_id_error(game_id: str) -> None:
    with pytest.raises(GameIdError, match="longer than a board side"):
        load_game_id(game_id)


@pytest.mark.parametrize("text", ["999999999", "60/60/60/60/60/60/60", "9/" * 4000 + "9",
                                  "X" * 5000])
def test_a_huge_pentomino_text_is_refused_before_it_is_expanded(text: str) -> None:
    # `echo 999999999 | puzzleterm solve pentomino` allocated a gigabyte before it refused
    with pytest.raises(ParseError):
        read_state(text)
    assert peak_bytes(lambda: read_state(text)) < 2_000_000


def test_runs_up_to_a_side_still_read() -> None:
    state = PENTOMINO.read("2X7/.XXX6/2X7/10/10/IIIII5")
    assert PENTOMINO.describe(state) == "2X7/.XXX6/2X7/10/10/IIIII5"
    assert read_state("3/" * 19 + "3").board == parse_board("20x3")


# -- arithmetic: rows at most the sizes read, and a picture has its rows ----------------------


def test_a_thousand_digit_addition_is_refused_when_read() -> None:
    # it was read, and solving it was a RecursionError
    text = "1" * 1000 + "+" + "1" * 1000 + "=" + "2" * 1000
    with pytest.raises(ParseError, match="row of 1000 digits"):
        ARITH.read(text)
    assert peak_bytes(lambda: ARITH.read(text)) < 1_000_000


def _multiplication(a: int, b: int) -> str:
    partials = "+".join(str(a * int(d)) for d in reversed(str(b)))
    return f"{a}x{b}={partials}={a * b}" if b > 9 else f"{a}x{b}={a * b}"


@pytest.mark.parametrize("text", [
    "1234567890+1=1234567891",  # 10-digit addends: dealt sums have 9 at most
    "1+2+3+4+5+6=21",  # six addends
    _multiplication(1234567890, 12),  # 10 digits times 2
    _multiplication(123, 123456),  # a six-digit multiplier
    write_steps(12345678901, 7),  # an 11-digit dividend
    write_steps(1234567, 12345),  # a five-digit divisor
])
def test_a_sum_larger_than_those_read_names_the_sizes(text: str) -> None:
    with pytest.raises(ParseError, match=r"addend|larger than the sums here"):
        ARITH.read(text)


@pytest.mark.parametrize("text", ["+7\n", "+7", "x7\n", "  12\n+ 7\n", "---\n+ 7\n---\n"])
def test_an_arithmetic_picture_of_too_few_rows_is_a_parse_error(text: str) -> None:
    # `printf '+7\n' | puzzleterm solve arith` was an IndexError
    with pytest.raises(ParseError):
        ARITH.read(text)


def test_sums_of_the_sizes_read_still_read() -> None:
    assert ARITH.read("*********x*****=*******0**+*****2**1+*****4**3*+***6**5**+**8**7***"
                      "=****9*********").params.a == 9
    assert read_picture("  12\n+ 34\n----\n  46").params == ARITH.parse_params("add2x2")
    assert read_line("999999999+999999999+999999999+999999999+999999999=4999999995")


def _brute_force_additions(state: Any) -> list[str]:
    """Every filling of an addition, by trying every digit of every hidden place."""
    places = state.hidden()
    out = []
    for digits in itertools.product(range(10), repeat=len(places)):
        rows = [list(r) for r in state.givens]
        for (r, i), d in zip(places, digits, strict=True):
            rows[r][i] = d
        if any(len(row) > 1 and row[0] == 0 for row in rows):
            continue
        *addends, total = (int("".join(map(str, row))) for row in rows)
        if sum(addends) == total:
            out.append(write_line(state.with_values(tuple(tuple(r) for r in rows))))
    return sorted(out)


def test_the_addition_count_and_fillings_agree_with_trying_every_digit() -> None:
    rnd = random.Random(27)
    checked = 0
    while checked < 60:
        lengths = [rnd.randint(1, 3) for _ in range(rnd.randint(2, 3))]
        numbers = [rnd.randint(10 ** (n - 1) if n > 1 else 0, 10 ** n - 1) for n in lengths]
        total = sum(numbers) + rnd.choice([0, 0, 0, 1, 10])
        rows = [tuple(None if rnd.random() < 0.5 else int(ch) for ch in str(n))
                for n in (*numbers, total)]
        if sum(d is None for row in rows for d in row) > 5:
            continue
        try:
            state = make_state(ADD, rows)
        except ParseError:
            continue
        expected = _brute_force_additions(state)
        found = [write_line(s) for s in arith_solver.solutions(state)]
        assert sorted(found) == expected, write_line(state)
        assert len(set(found)) == len(found)
        for limit in (1, 2, 1000):
            assert arith_solver.count(state, limit) == min(len(expected), limit)
        checked += 1


def test_a_wide_addition_is_counted_without_trying_every_column_choice() -> None:
    # five hidden addends of nine digits: the search tried 10^5 digit choices a column
    # (the deal of arith:add5x9:#３g@３ took 69-81 s, nearly all of it counting)
    state = read_line("*********+*********+*********+*********+*********=*4********")
    assert arith_solver.count(state, 10 ** 60) > 10 ** 40
    first = arith_solver.first(state)
    assert first is not None and first.numbers() is not None


# -- seeds are text ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["\udcff", "ok\udcffok", "a\x07b", "tab\x00", "x" * 1001])
def test_a_seed_that_is_not_printable_text_is_a_game_id_error(seed: str) -> None:
    with pytest.raises(GameIdError):
        check_seed(seed)
    with pytest.raises(GameIdError):
        load_game_id(f"sudoku:9x9:hard#{seed}")
    with pytest.raises(GameIdError):
        generate_seeded(SUDOKU, SUDOKU.default_params(), seed)


def test_an_rng_refuses_a_seed_that_is_not_text() -> None:
    # argv bytes that are not UTF-8 arrive as lone surrogates: seed.encode() raised
    with pytest.raises(GameIdError, match="not UTF-8"):
        Rng("\udcff")
    assert Rng("ünïcode ok").below(10) == Rng("ünïcode ok").below(10)


# -- deals have a budget -----------------------------------------------------------------------


def test_spending_counts_nodes_and_stops_past_the_budget() -> None:
    spend(10 ** 9)  # no budget in force: nothing counts
    with spending(Budget(seconds=60.0, nodes=100)):
        spend(60)
        spend(40)
        assert spent() == 100
        with pytest.raises(BudgetError, match="100 search steps"):
            spend(1)
    assert spent() == 0


def test_spending_stops_past_its_cpu_seconds() -> None:
    with spending(Budget(seconds=0.05, nodes=10 ** 9)), pytest.raises(BudgetError, match="CPU"):
        while True:
            sum(range(10_000))
            spend()


def test_the_pentomino_listing_counts_its_search_steps() -> None:
    board = parse_board("4x15")  # 22,119 states: listed uncached, so its steps are counted
    with spending(Budget(seconds=60.0, nodes=10_000)), pytest.raises(BudgetError):
        pento_solver.all_solutions.__wrapped__(board)
    with spending(Budget(seconds=60.0, nodes=200_000)):
        distinct, _ = pento_solver.all_solutions.__wrapped__(board)
        assert 12_000 <= spent() <= 24_000  # counted 4,096 at a time
    assert len(distinct) == 368


def test_a_deal_past_its_budget_names_the_kind_size_and_level() -> None:
    spent_already = Budget(seconds=-1.0, nodes=10 ** 9)
    with pytest.raises(BudgetError, match=r"could not deal Arithmetic mul3x2 at level hard "
                                          r"in time: it took more than -1 s of CPU time"):
        generate_seeded(ARITH, ARITH.parse_params("mul3x2"), "s", Level.HARD, spent_already)
    with pytest.raises(BudgetError, match="Pentomino 3x20 at any level"):
        generate_seeded(PENTOMINO, parse_board("3x20"), "s", None, spent_already)


@pytest.mark.parametrize(("kind_name", "params", "level"), [
    ("sudoku", "9x9", Level.HARD),
    ("arith", "mul3x3", Level.EXPERT),
    ("arith", "add5x9", None),
    ("arith", "div5/2", Level.HARD),
    ("pentomino", "3x20", Level.EXPERT),
    ("xsudoku", "5x5", Level.EASY),
])
def test_a_deal_within_its_budget_is_the_deal_without_one(kind_name: str, params: str,
                                                           level: Level | None) -> None:
    kind = find_kind(kind_name)
    p = kind.parse_params(params)
    for seed in ("b1", "b2"):
        budgeted = generate_seeded(kind, p, seed, level)
        plain = kind.generate(p, seeded_rng(kind, kind.format_params(p), level, seed), level)
        assert budgeted.desc == plain.desc


def test_the_largest_listing_dealt_fits_the_default_budget() -> None:
    # the first 6x10 deal of a process lists all 2,339 solutions: the dearest deal offered
    with spending(DEAL_BUDGET):
        distinct, _ = pento_solver.all_solutions.__wrapped__(parse_board("6x10"))
        assert spent() < DEAL_BUDGET.nodes
    assert len(distinct) == 2339


@pytest.mark.parametrize("board", ["8x8-r1c1-r1c8-r8c1-r8c8", "10x10-r1c1+8x5",
                                   "5x13-r1c1-r1c2-r1c3-r1c4-r1c5"])
def test_a_board_not_dealt_on_is_refused_before_any_search(board: str) -> None:
    # 8x8 without its corners took 15.6 s and 514 MB to deal, 10x10-r1c1+8x5 10-13 s
    before = pento_solver.all_solutions.cache_info()
    with pytest.raises(ParamsError, match="dealt on 6x10, 5x12"):
        generate_seeded(PENTOMINO, parse_board(board), "F.340")
    with pytest.raises(ParamsError):
        load_game_id(f"pentomino:{board}:#F.340")
    after = pento_solver.all_solutions.cache_info()
    assert (after.hits, after.misses) == (before.hits, before.misses)


def test_the_boards_dealt_on_include_their_turns() -> None:
    assert parse_board("10x6") in turns(parse_board("6x10"))
    assert len(turns(parse_board("8x8-c2x2"))) == 1
    corners = turns(parse_board("8x8-r1c1-r1c8-r8c1-r8c8"))
    assert corners == {parse_board("8x8-r1c1-r1c8-r8c1-r8c8")}
    nook = turns(parse_board("5x13-r1c1-r1c2-r1c3-r1c4-r1c5"))
    assert len(nook) == 8 and parse_board("13x5-r1c1-r2c1-r3c1-r4c1-r5c1") in nook
    assert {parse_board(t) for t in DEALT} <= {b for t in DEALT for b in turns(parse_board(t))}
    turned = generate_seeded(PENTOMINO, parse_board("20x3"), "turned", Level.EASY)
    assert PENTOMINO.count_solutions(turned.state) == 1
