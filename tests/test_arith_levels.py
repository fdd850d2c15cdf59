"""Arithmetic levels: every level dealt is listed, a level asked for is dealt or refused
(never a sum that needs trial), and an expert sum needs measurably more than a hard one."""

from __future__ import annotations

from datetime import date

import pytest

from puzzleterm.cli import main
from puzzleterm.engine import ParamsError, find_kind
from puzzleterm.engine.arith import human
from puzzleterm.engine.arith.human import split_measure, split_rating
from puzzleterm.engine.arith.model import ArithState
from puzzleterm.engine.daily import daily_set, deal
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.types import Level

KIND = find_kind("arith")
SEEDS = ("a", "b", "c")


def test_the_listed_levels() -> None:
    for op in ("add2x4", "add3x4", "add4x5", "add2x1"):
        assert KIND.levels(KIND.parse_params(op)) == (Level.EASY, Level.HARD)
    for op in ("mul3x2", "mul2x2", "mul4x1", "div5/2", "div3/1"):
        assert KIND.levels(KIND.parse_params(op)) == (Level.MEDIUM, Level.HARD, Level.EXPERT)


@pytest.mark.parametrize("op", KIND.param_choices())
def test_every_deal_is_at_a_listed_level_and_at_the_one_asked(op: str) -> None:
    params = KIND.parse_params(op)
    levels = KIND.levels(params)
    for level in (None, *levels):
        for seed in SEEDS:
            puzzle = generate_seeded(KIND, params, seed, level)
            assert puzzle.grade is not None
            got = puzzle.grade.level
            assert got in levels and got is not Level.TRIAL, (op, level, seed)
            assert level is None or got == level, (op, level, seed)
            seen = KIND.grade(puzzle.state)  # the grade a player sees
            assert seen is not None and seen.level == got


@pytest.mark.parametrize(("op", "level"), [
    ("mul3x2", Level.EASY), ("mul3x2", Level.EXTREME), ("mul3x2", Level.TRIAL),
    ("add3x4", Level.MEDIUM), ("add3x4", Level.EXPERT), ("div5/2", Level.EXTREME),
])
def test_a_level_not_dealt_is_refused(op: str, level: Level) -> None:
    with pytest.raises(ParamsError, match=f"dealt at .*, not {level.label}"):
        generate_seeded(KIND, KIND.parse_params(op), "seed", level)


def test_the_cli_refuses_a_level_not_dealt_in_one_line(capsys: pytest.CaptureFixture[str],
                                                       ) -> None:
    # a level between those listed (no medium addition) is the dealer's refusal
    code = main(["generate", "arith", "--op", "add", "--size", "2x4", "--level", "medium",
                 "--seed", "x"])
    err = capsys.readouterr().err
    assert code != 0
    assert err.strip() == "puzzleterm: add2x4 sums are dealt at easy, hard, not medium"
    # one above the top is refused before dealing, naming the top
    code = main(["generate", "arith", "--op", "mul", "--size", "3x2", "--level", "extreme",
                 "--seed", "x"])
    err = capsys.readouterr().err
    assert code != 0 and err.count("\n") == 1
    assert "dealt up to expert, not extreme" in err


@pytest.mark.parametrize("op", ["mul3x2", "mul2x2", "mul4x2", "div5/2"])
def test_an_expert_sum_needs_more_case_splits_than_a_hard_one(op: str) -> None:
    """Hard: no case split. Expert: two or more, or one whose refutation follows two or more
    forced digits; the grade shows both (the count, and the rating of the deepest)."""
    params = KIND.parse_params(op)
    deep = 0
    for seed in (*SEEDS, "d", "e", "f"):
        hard = generate_seeded(KIND, params, seed, Level.HARD).grade
        expert = generate_seeded(KIND, params, seed, Level.EXPERT).grade
        assert hard is not None and expert is not None
        assert split_measure(hard) == (0, 0) and hard.rating < split_rating(0)
        splits, depth = split_measure(expert)
        assert splits >= 2 or depth >= 2, (op, seed, splits, depth)
        assert dict(expert.counts)["case-split"] == splits
        assert expert.rating == split_rating(depth)
        deep += depth >= 2
    assert deep  # some experts go deep, not only many


def _split_steps(op: str) -> list[tuple[ArithState, tuple[int, int], int, str, float]]:
    """(position, cell, digit set, explanation, rating) of the case splits on some expert
    paths."""
    params = KIND.parse_params(op)
    out = []
    for seed in SEEDS:
        state = generate_seeded(KIND, params, seed, Level.EXPERT).state
        for step in KIND.explain(state):
            if step.technique == "case-split":
                ev = step.evidence
                assert isinstance(ev, human.Evidence)
                out.append((state, ev.cell, int(step.move.rsplit("=", 1)[1]), step.explanation,
                            step.rating))
            state = KIND.apply(state, step.move)
    return out


def _refuted(state: ArithState, cell: tuple[int, int], v: int, depth: int) -> int | None:
    """Forced digits followed before the sum breaks with ``v`` in ``cell`` (None: not within
    ``depth``)."""
    vals = [list(row) for row in state.values]
    vals[cell[0]][cell[1]] = v
    return human._refutation(state, vals, depth)


def test_a_case_split_says_how_deep_its_refutation_went() -> None:
    """Each other digit that fits breaks the sum; the deepest after the number of forced
    digits the step names (and rates), and not before."""
    steps = _split_steps("mul3x2") + _split_steps("div5/2")
    assert steps
    for state, (r, i), digit, text, rating in steps:
        followed = round((rating - 4.5) * 10)
        assert ("at once" if not followed else f"within {followed} forced digit") in text
        vals = [list(row) for row in state.values]
        others = [v for v in human.passing(state, vals, (r, i), human.strongest(state))
                  if v != digit]
        assert others
        found = [_refuted(state, (r, i), v, 12) for v in others]
        assert None not in found and max(n for n in found if n is not None) == followed
        assert followed == 0 or any(_refuted(state, (r, i), v, followed) is None
                                    for v in others)
    assert any(rating > split_rating(0) for *_, rating in steps)


def test_today_s_daily_multiplication_is_the_one_dealt_before_the_level_rules() -> None:
    """The daily sum (mul3x2 medium since 2026-11-25) deals what the dealer dealt before
    (the ID dealt at commit 269ec4b)."""
    entry = next(e for e in daily_set(date(2026, 11, 25)) if e.kind == "arith")
    assert (entry.params, entry.level) == ("mul3x2", Level.MEDIUM)
    assert deal(entry, KIND).game_id == "arith:mul3x2:453x91=*5*+**7*=****3"
