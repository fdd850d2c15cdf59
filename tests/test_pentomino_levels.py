"""Pentomino levels: a level asked for is dealt or refused, and an expert puzzle needs
measurably more trial than a hard one (none), shown in its grade."""

from __future__ import annotations

import pytest

from puzzleterm.cli import main
from puzzleterm.engine import ParamsError, find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.pentomino import human as hm
from puzzleterm.engine.pentomino.board import parse_board
from puzzleterm.engine.pentomino.state import PentominoState
from puzzleterm.engine.types import Level

K = find_kind("pentomino")
B610 = parse_board("6x10")


@pytest.mark.parametrize("level", [Level.EXTREME])
def test_a_level_not_dealt_is_refused(level: Level,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert level not in K.levels(B610)
    with pytest.raises(ParamsError, match="dealt at easy, medium, hard, expert, needs trial, "
                                          "not extreme"):
        generate_seeded(K, B610, "x", level)
    assert main(["generate", "pentomino", "--level", "extreme", "--seed", "x"]) != 0
    assert capsys.readouterr().err.count("\n") == 1


def test_an_expert_puzzle_needs_more_trial_than_a_hard_one() -> None:
    """Hard: no trial. Expert: two short trials or more, or one that puts two pieces down
    before it breaks; the grade shows both (the count, and the rating of the deepest)."""
    deep = many = 0
    for seed in ("a", "b", "c", "d"):
        hard = generate_seeded(K, B610, seed, Level.HARD).grade
        expert = generate_seeded(K, B610, seed, Level.EXPERT).grade
        assert hard is not None and expert is not None
        assert hm.trial_measure(hard) == (0, 0)
        assert hard.rating < hm.trial_rating("short-trial", 0)
        trials, depth = hm.trial_measure(expert)
        assert trials >= 2 or depth >= 2, (seed, trials, depth)
        assert dict(expert.counts)["short-trial"] == trials
        assert expert.rating == hm.trial_rating("short-trial", depth)
        deep += depth >= 2
        many += trials >= 2
    assert deep and many


def test_a_trial_says_how_many_pieces_it_put_down() -> None:
    """A short trial's rating and words name the pieces the easy rules put down before the
    placement broke; with one piece fewer allowed, the same placement does not break."""
    checked = 0
    for seed in ("a", "b"):
        state = generate_seeded(K, B610, seed, Level.EXPERT).state
        work = hm.Work(state)
        for step in hm.solve_human(state).steps:
            if step.technique == "short-trial":
                ev = step.evidence
                assert isinstance(ev, hm.Evidence)
                followed = round((step.rating - 4.0) * 10)
                assert 0 <= followed <= hm.SHORT_TRIAL
                assert (followed == 0) == ("put down" not in step.explanation)
                if followed:
                    assert f"({followed} piece" in step.explanation
                    trial = work.copy()
                    trial.place(ev.eliminate[0])
                    assert hm._propagate(trial, followed - 1) is None
                trial = work.copy()
                trial.place(ev.eliminate[0])
                broke = hm._propagate(trial, followed)
                assert broke is not None and broke[1] == followed
                checked += 1
            hm.apply_step(work, step)
    assert checked


def test_the_daily_board_deals_every_level_it_lists_at_that_level() -> None:
    for level in K.levels(B610):
        puzzle = generate_seeded(K, B610, "levels", level)
        assert puzzle.grade is not None and puzzle.grade.level == level
        seen = K.grade(PentominoState(B610, puzzle.state.given))
        assert seen is not None and seen.level == level
