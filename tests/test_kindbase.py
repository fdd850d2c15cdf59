"""The defaults of :class:`KindBase`, through the toy kind that leans on them and a bare kind
that gives the least a kind can give."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from puzzleterm.engine import Level, MoveError, ParseError, Puzzle, Status
from puzzleterm.engine.kindbase import KindBase
from puzzleterm.engine.logic import Technique
from puzzleterm.engine.rng import Rng

from . import toykind

LAMPS = toykind.LAMPS


@dataclass(frozen=True)
class Mark:
    def text(self) -> str:
        return "mark"


class Bare(KindBase[int, int, Mark]):
    """A kind of one cell holding a count: it gives neither ``read`` nor ``parse``."""

    name = "bare"
    title = "Bare"
    move_types = (Mark,)

    def default_params(self) -> int:
        return 1

    def parse_params(self, text: str) -> int:
        return int(text)

    def format_params(self, params: int) -> str:
        return str(params)

    def params_of(self, state: int) -> int:
        return 1

    def generate(self, params: int, rng: Rng, level: Level | None = None) -> Puzzle[int]:
        return Puzzle(self.name, "1", "0", 0)

    def describe(self, state: int) -> str:
        return "0"

    def write(self, state: int, fmt: str | None = None) -> str:
        return str(state)

    def parse_one_move(self, text: str) -> Mark:
        if text != "mark":
            raise MoveError(f"bare: cannot read {text!r}")
        return Mark()

    def apply_one(self, state: int, move: Mark) -> int:
        return state + 1

    def status(self, state: int) -> Status:
        return Status.SOLVED if state >= 2 else Status.PLAYING

    def reveal(self, state: int, solution: int, at: str | None = None) -> str:
        return "mark"


def test_the_defaults_of_a_kind_that_gives_the_least() -> None:
    bare = Bare()
    assert bare.param_choices() == ("1",) and bare.levels(1) == (Level.EASY,)
    assert bare.level_note(1) == "" and bare.cli_options() == ()
    assert bare.params_from_options({"size": "1"}) == 1
    assert bare.params_from_options({}) is None
    assert bare.formats == ("line",) and bare.detect("anything") == "line"
    assert bare.apply(0, "mark;mark") == 2 and bare.apply(0, Mark()) == 1
    assert bare.grade(0) is None and bare.explain(0) == [] and bare.hint(0, None) is None
    for call in (lambda: bare.read("0"), lambda: bare.parse(1, "0"), lambda: bare.solve(0)):
        with pytest.raises(NotImplementedError):
            call()


def test_levels_come_from_the_technique_table() -> None:
    def never(state: int) -> None:
        return None

    class Graded(Bare):
        techniques = (Technique("b", "B", Level.HARD, 3.0, "", never),
                      Technique("a", "A", Level.EASY, 1.0, "", never))

    assert Graded().levels(1) == (Level.EASY, Level.HARD)


def test_parse_is_read_with_the_params_checked() -> None:
    assert LAMPS.parse(7, "0110011").start == (False, True, True, False, False, True, True)
    with pytest.raises(ParseError, match="is a n7 puzzle, not n4"):
        LAMPS.parse(4, "0110011")


def test_solve_and_count_come_from_solutions() -> None:
    state = LAMPS.read("0110011")
    solved = LAMPS.solve(state)
    assert solved is not None and LAMPS.status(solved) is Status.SOLVED
    assert LAMPS.count_solutions(state) == 1

    class Two(toykind.LampsKind):
        def solutions(self, state: toykind.Lamps) -> Iterator[toykind.Lamps]:
            yield from (state, state, state)

    assert Two().count_solutions(state, 2) == 2 and Two().count_solutions(state, 5) == 3


def test_explain_hint_and_grade_come_from_the_step_loop() -> None:
    state = LAMPS.read("0110011")
    steps = LAMPS.explain(LAMPS.apply(state, "flip 7"))  # explained from the givens
    assert steps and all(s.technique == "flip" for s in steps)
    for step in steps:
        state = LAMPS.apply(state, step.move)
    assert LAMPS.status(state) is Status.SOLVED
    grade = LAMPS.grade(LAMPS.read("0110011"))
    assert grade is not None and grade.solved and grade.steps == len(steps)
    assert grade.level is Level.EASY and grade.counts == (("flip", len(steps)),)
    start = LAMPS.read("0110011")
    hint = LAMPS.hint(start, None)
    assert hint is not None and hint.move == steps[0].move
