"""Technique practice: 9x9 deals whose hardest step is the technique asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from puzzleterm.engine import GameIdError, Level, Status, find_kind
from puzzleterm.engine.budget import Budget
from puzzleterm.engine.errors import BudgetError, ParamsError, TechniqueError
from puzzleterm.engine.gameid import generate_seeded, load_game_id, parse_game_id
from puzzleterm.engine.kind import Practicable
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import SUDOKU, SudokuState, practice, practice_pool
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.human import TECHNIQUES, grade_state, solve_steps

PARAMS = SUDOKU.parse_params("9x9")
OFFERED = [c.id for c in SUDOKU.practice_choices(PARAMS) if not c.refused]
NAME = {t.id: t.name for t in TECHNIQUES}
#: a spread over the levels: singles, locked candidates, fish, wings, uniqueness, chains
SPREAD = ("hidden_single", "pointing", "x_wing", "skyscraper", "xy_wing", "w_wing",
          "unique_rectangle_1", "xy_chain")


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, tuple[str, ...]]]:
    """A pool the test may change (the checked entries are read again from it)."""
    puzzles = dict(practice_pool.PUZZLES)
    monkeypatch.setattr(practice_pool, "PUZZLES", puzzles)
    practice.entries.cache_clear()
    yield puzzles
    practice.entries.cache_clear()


def test_the_spread_is_offered() -> None:
    missing = [t for t in SPREAD if t not in OFFERED]
    assert not missing, f"not offered: {missing}"


@pytest.mark.parametrize("technique", SPREAD)
def test_a_deal_has_the_technique_as_its_hardest_step(technique: str) -> None:
    for seed in ("1", "two"):
        puzzle = generate_seeded(SUDOKU, PARAMS, seed, technique=technique)
        state = puzzle.state
        assert isinstance(state, SudokuState)
        grade = grade_state(state)  # the grader, from the givens alone
        assert grade.solved and grade.hardest == NAME[technique]
        assert puzzle.grade == grade and SUDOKU.grade(state).hardest == NAME[technique]
        assert practice.strictly_hardest(solve_steps(state)) == technique
        assert bt.count_values(state.geo, state.givens, 2) == 1
        assert puzzle.technique == technique


def test_every_offered_technique_deals() -> None:
    assert len(OFFERED) >= 15
    for technique in OFFERED:
        puzzle = generate_seeded(SUDOKU, PARAMS, "sweep", technique=technique)
        assert practice.strictly_hardest(solve_steps(puzzle.state)) == technique, technique


def test_every_pool_entry_practises_its_technique() -> None:
    for technique in OFFERED:
        good, problem = practice.entries(technique)
        assert good and not problem, (technique, problem)
        for givens in good[:2]:
            assert practice.practises(givens, technique), (technique, givens)


def test_the_hint_reaches_the_technique() -> None:
    for technique in ("x_wing", "xy_wing", "unique_rectangle_1"):
        state = generate_seeded(SUDOKU, PARAMS, "hint", technique=technique).state
        seen: list[str] = []
        while SUDOKU.status(state) is not Status.SOLVED:
            step = SUDOKU.hint(state, None)
            assert step is not None and step.move
            seen.append(step.technique)
            state = SUDOKU.apply(state, step.move)
        assert technique in seen, (technique, seen)


def test_a_seed_names_one_practice_puzzle_and_its_id_deals_it_again() -> None:
    puzzle = generate_seeded(SUDOKU, PARAMS, "s7", technique="xy_wing")
    assert puzzle.seed_id == "sudoku:9x9:xy-wing#s7"
    again = load_game_id("sudoku:9x9:xy-wing#s7")
    assert again.desc == puzzle.desc and again.technique == "xy_wing"
    assert load_game_id("Sudoku:9x9:XY_Wing#s7").desc == puzzle.desc
    gid = parse_game_id("sudoku:9x9:xy-wing#s7")
    assert (gid.technique, gid.level, gid.seed) == ("xy_wing", None, "s7")
    others = {generate_seeded(SUDOKU, PARAMS, s, technique="xy_wing").desc
              for s in ("a", "b", "c")}
    assert len(others) == 3
    # the same seed at the technique's level is another puzzle, dealt another way
    assert generate_seeded(SUDOKU, PARAMS, "s7", Level.EXPERT).desc != puzzle.desc


def test_existing_ids_keep_their_meaning() -> None:
    assert parse_game_id("sudoku:9x9:hard#42").level is Level.HARD
    assert parse_game_id("sudoku:9x9:hard#42").technique is None
    assert parse_game_id("sudoku:9x9:#42").level is None
    assert parse_game_id("sudoku:9x9:any#42").technique is None
    # "trial" is the level (needs trial), never the technique of that name
    assert parse_game_id("sudoku:9x9:trial#1").level is Level.TRIAL


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sudoku:9x9:xwing#1", "unknown level 'xwing'"),
        ("sudoku:9x9:xwing#1", "nor a technique to practise"),
        ("sudoku:9x9:x-wing2#1", "nor a technique to practise"),
        ("sudoku:4x4:x-wing#1", "technique practice deals 9x9 Sudoku only, not Sudoku 4x4"),
        ("xsudoku:5x5:x-wing#1", "9x9 Sudoku only, not X-Sudoku 5x5"),
        ("pentomino:6x10:x-wing#1", "unknown level 'x-wing'"),
        ("sudoku:9x9:x_wing_#1", "nor a technique"),
    ],
)
def test_bad_practice_ids(text: str, message: str) -> None:
    with pytest.raises(GameIdError) as info:
        load_game_id(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_a_kind_without_practice_refuses_the_technique() -> None:
    pento = find_kind("pentomino")
    assert not isinstance(pento, Practicable)
    with pytest.raises(ParamsError, match="not dealt to practise"):
        generate_seeded(pento, pento.default_params(), "1", technique="x_wing")
    with pytest.raises(ParamsError, match="not both"):
        generate_seeded(SUDOKU, PARAMS, "1", Level.HARD, technique="x_wing")


def test_techniques_are_found_by_id_or_name() -> None:
    assert SUDOKU.find_practice(PARAMS, "X-Wing").id == "x_wing"
    assert SUDOKU.find_practice(PARAMS, "x_wing").id == "x_wing"
    assert SUDOKU.find_practice(PARAMS, "2-String Kite").id == "two_string_kite"
    assert SUDOKU.find_practice(PARAMS, "unique rectangle type 1").id == "unique_rectangle_1"
    with pytest.raises(TechniqueError, match=r"unknown technique 'xwing' \(did you mean "
                                             r"x-wing\?\)"):
        SUDOKU.find_practice(PARAMS, "xwing")
    with pytest.raises(TechniqueError, match=r"unknown technique 'zebra'$"):
        SUDOKU.find_practice(PARAMS, "zebra")


def test_the_choices_follow_the_solver_table() -> None:
    choices = SUDOKU.practice_choices(PARAMS)
    assert [c.id for c in choices] == [t.id for t in TECHNIQUES]
    trial = next(c for c in choices if c.level is Level.TRIAL)
    assert "guessing" in trial.refused
    with pytest.raises(TechniqueError, match="guessing"):
        SUDOKU.find_practice(PARAMS, trial.id)
    small = SUDOKU.practice_choices(SUDOKU.parse_params("6x6"))
    assert all("9x9 Sudoku only" in c.refused for c in small)


def test_refusals_say_why(pool: dict[str, tuple[str, ...]]) -> None:
    good = pool["x_wing"][0]
    pool["x_wing"] = ()
    del pool["xy_wing"]
    pool["skyscraper"] = ("123", good[:-1] + "x", "0" * 81)
    refused = {c.id: c.refused for c in SUDOKU.practice_choices(PARAMS)}
    assert refused["x_wing"].startswith("X-Wing is too rare to deal in a few seconds")
    assert refused["xy_wing"] == "no practice puzzles have been made for XY-Wing yet"
    assert refused["skyscraper"] == ("the practice puzzles for Skyscraper failed their "
                                     "check: '123' is not 81 digits")
    with pytest.raises(GameIdError, match="too rare"):
        load_game_id("sudoku:9x9:x-wing#1")
    with pytest.raises(TechniqueError, match="made for XY-Wing"):
        generate_seeded(SUDOKU, PARAMS, "1", technique="xy_wing")


def test_an_entry_that_fails_its_check_is_left_out(pool: dict[str, tuple[str, ...]]) -> None:
    good = pool["xy_wing"][0]
    given = next(c for c, ch in enumerate(good) if ch != "0")
    row = range(given - given % 9, given - given % 9 + 9)
    blank = next(c for c in row if good[c] == "0")
    twice = good[:blank] + good[given] + good[blank + 1:]  # a digit twice in a row
    pool["xy_wing"] = ("0" * 81, twice, good)
    kept, problem = practice.entries("xy_wing")
    assert kept == (practice.read_entry(good),)
    assert "does not have exactly one solution" in problem
    with pytest.raises(ValueError, match="repeats a digit in a house"):
        practice.read_entry(twice)
    puzzle = generate_seeded(SUDOKU, PARAMS, "left-out", technique="xy_wing")
    assert practice.strictly_hardest(solve_steps(puzzle.state)) == "xy_wing"


def test_a_pool_that_no_longer_practises_is_refused(pool: dict[str, tuple[str, ...]]) -> None:
    pool["xy_wing"] = pool["x_wing"][:2]  # valid puzzles, but their hardest step is an X-Wing
    with pytest.raises(TechniqueError, match="pool needs rebuilding"):
        generate_seeded(SUDOKU, PARAMS, "1", technique="xy_wing")


def test_a_deal_past_its_budget_is_a_budget_error() -> None:
    with pytest.raises(BudgetError, match="to practise x-wing in time"):
        generate_seeded(SUDOKU, PARAMS, "1", budget=Budget(seconds=-1.0, nodes=10**9),
                        technique="x_wing")


def test_transform_keeps_a_puzzle_valid_and_moves_its_solution_alike() -> None:
    givens = practice.entries("x_wing")[0][0]
    solution = bt.solve_values(practice.GEO, givens)
    assert solution is not None
    for i in range(5):
        moved = practice.transform(givens, Rng(f"t{i}"))
        assert sum(1 for v in moved if v) == sum(1 for v in givens if v)
        assert bt.count_values(practice.GEO, moved, 2) == 1
        assert bt.solve_values(practice.GEO, moved) == practice.transform(solution, Rng(f"t{i}"))
    assert practice.transform(givens, Rng("a")) != practice.transform(givens, Rng("b"))


def test_strictly_hardest_needs_one_technique_on_top() -> None:
    class S:
        def __init__(self, technique: str, level: Level, rating: float) -> None:
            self.technique, self.level, self.rating = technique, level, rating

    assert practice.strictly_hardest([]) is None
    assert practice.strictly_hardest([S("a", Level.EASY, 1.2), S("b", Level.HARD, 3.2),
                                      S("c", Level.MEDIUM, 3.4)]) == "b"
    assert practice.strictly_hardest([S("a", Level.EXPERT, 4.5),
                                      S("b", Level.EXPERT, 4.5)]) is None
    assert practice.strictly_hardest([S("a", Level.EXTREME, 6.6), S("b", Level.EXTREME, 6.5),
                                      S("a", Level.EXTREME, 6.5)]) == "a"


# A practice seed names its puzzle forever, in any process: if one of these changes, a pool
# that had entries was changed (the script leaves them), or the transformation or the order
# of tries changed.
PRACTICE_GOLDEN = {
    "sudoku:9x9:x-wing#golden": (
        "........8.....615..5....79..7.8.....8....29..5.6.312..43.19..6...8..5....1..6..7."
    ),
    "sudoku:9x9:xy-wing#golden": (
        "...95.8....86....3....8126.5.2......4.7.......3.4....9....4632......5.766..3....5"
    ),
    "sudoku:9x9:skyscraper#golden": (
        ".....91.2........63.2..7.9..9.8.67....5..49...8.1...5.91.5.......89...315........"
    ),
}

GOLDEN_SCRIPT = """
import json, sys
from puzzleterm.engine.gameid import load_game_id
print(json.dumps({i: load_game_id(i).desc for i in sys.argv[1:]}, sort_keys=True))
"""


def test_practice_seeds_deal_the_same_puzzles_here_and_in_a_fresh_process() -> None:
    assert {i: load_game_id(i).desc for i in PRACTICE_GOLDEN} == PRACTICE_GOLDEN
    proc = subprocess.run(
        [sys.executable, "-c", GOLDEN_SCRIPT, *sorted(PRACTICE_GOLDEN)],
        env=dict(os.environ, PYTHONHASHSEED="4242"),
        capture_output=True, text=True, check=True, timeout=120,
    )
    assert json.loads(proc.stdout) == PRACTICE_GOLDEN
