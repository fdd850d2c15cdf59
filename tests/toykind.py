"""A tiny puzzle kind defined only in the tests: "Lamps".

A row of lamps, some lit.  The move ``flip K`` toggles lamp K and its two neighbours; the
puzzle is solved when every lamp is lit.  Its moves are not (cell, digit) pairs, its state
is not a grid of digits, and no shared module names it: it proves that the session, the
store, game IDs, the CLI and the generic game screen work through the ``Kind`` protocol.
With n lamps and n % 3 != 2 every pattern has exactly one set of flips that lights all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Static

from puzzleterm.engine import (
    Grade,
    Level,
    MoveError,
    ParamsError,
    ParseError,
    Puzzle,
    Status,
    Step,
    register,
)
from puzzleterm.engine.kind import CliOption, OptionValue, unregister
from puzzleterm.engine.rng import Rng
from puzzleterm.screens import register_screen, unregister_screen
from puzzleterm.screens.game import GameScreen


@dataclass(frozen=True)
class Lamps:
    start: tuple[bool, ...]
    flips: tuple[bool, ...]

    @property
    def lit(self) -> tuple[bool, ...]:
        n = len(self.start)
        out = list(self.start)
        for k, f in enumerate(self.flips):
            if f:
                for j in (k - 1, k, k + 1):
                    if 0 <= j < n:
                        out[j] = not out[j]
        return tuple(out)


def _text(bits: tuple[bool, ...]) -> str:
    return "".join("1" if b else "0" for b in bits)


class LampsKind:
    name = "lamps"
    title = "Lamps"
    aliases = ("lights",)
    params_label = "Lamps"
    formats = ("line",)
    generator_version = "t1"

    def default_params(self) -> int:
        return 7

    def parse_params(self, text: str) -> int:
        m = re.fullmatch(r"\s*n?([0-9]{1,2})\s*", text)
        if not m or not 3 <= int(m.group(1)) <= 12 or int(m.group(1)) % 3 == 2:
            raise ParamsError(f"lamps: bad size {text!r}")
        return int(m.group(1))

    def format_params(self, params: int) -> str:
        return f"n{params}"

    def param_choices(self) -> tuple[str, ...]:
        return ("n7", "n4")

    def levels(self, params: int) -> tuple[Level, ...]:
        return (Level.EASY, Level.MEDIUM)

    def level_note(self, params: int) -> str:
        return ""

    def cli_options(self) -> tuple[CliOption, ...]:
        return (CliOption("--lamps", "how many lamps", "N", ("generate",)),)

    def params_from_options(self, options: Mapping[str, OptionValue]) -> int | None:
        value = options.get("lamps")
        return self.parse_params(value) if isinstance(value, str) else None

    def params_of(self, state: Lamps) -> int:
        return len(state.start)

    def generate(self, params: int, rng: Rng, level: Level | None = None) -> Puzzle[Lamps]:
        while True:
            flips = tuple(rng.below(2) == 1 for _ in range(params))
            need = sum(flips)
            if level is None or (need <= 2) == (level is Level.EASY):
                break
        lit = Lamps((True,) * params, flips).lit
        state = Lamps(lit, (False,) * params)
        return Puzzle(self.name, self.format_params(params), self.describe(state), state,
                      level=level, grade=self.grade(state))

    def parse(self, params: int, desc: str) -> Lamps:
        state = self.read(desc)
        if len(state.start) != params:
            raise ParseError(f"lamps: {len(state.start)} lamps, not {params}")
        return state

    def describe(self, state: Lamps) -> str:
        return _text(state.start)

    def read(self, text: str, params: int | None = None) -> Lamps:
        text = text.strip()
        if not re.fullmatch(r"[01]{3,12}", text):
            raise ParseError(f"lamps: expected 0s and 1s, got {text[:20]!r}")
        self.parse_params(str(len(text)))
        return Lamps(tuple(ch == "1" for ch in text), (False,) * len(text))

    def detect(self, text: str) -> str:
        return "line"

    def write(self, state: Lamps, fmt: str | None = None) -> str:
        return _text(state.lit)

    def apply(self, state: Lamps, move: str) -> Lamps:
        flips = list(state.flips)
        for part in move.split(";"):
            m = re.fullmatch(r"flip ([0-9]{1,2})", part.strip())
            if not m or not 1 <= int(m.group(1)) <= len(flips):
                raise MoveError(f"lamps: cannot read the move {part!r}")
            k = int(m.group(1)) - 1
            flips[k] = not flips[k]
        return Lamps(state.start, tuple(flips))

    def status(self, state: Lamps) -> Status:
        return Status.SOLVED if all(state.lit) else Status.PLAYING

    def _solutions(self, state: Lamps) -> list[tuple[bool, ...]]:
        n = len(state.start)
        out = []
        for mask in range(1 << n):
            flips = tuple(bool(mask >> k & 1) for k in range(n))
            if all(Lamps(state.start, flips).lit):
                out.append(flips)
        return out

    def solve(self, state: Lamps) -> Lamps | None:
        sols = self._solutions(Lamps(state.start, (False,) * len(state.start)))
        return Lamps(state.start, sols[0]) if sols else None

    def count_solutions(self, state: Lamps, limit: int = 2) -> int:
        return min(limit, len(self._solutions(Lamps(state.start, (False,) * len(state.start)))))

    def _needed(self, state: Lamps, solution: Lamps) -> list[int]:
        return [k for k in range(len(state.flips)) if state.flips[k] != solution.flips[k]]

    def grade(self, state: Lamps) -> Grade | None:
        sol = self.solve(state)
        if sol is None:
            return None
        need = sum(sol.flips)
        level = Level.EASY if need <= 2 else Level.MEDIUM
        return Grade(level, float(need), "Flip", (("flip", need),), need, True,
                     (("flip", "Flip"),))

    def explain(self, state: Lamps) -> list[Step]:
        sol = self.solve(state)
        assert sol is not None
        out: list[Step] = []
        for k in self._needed(state, sol):
            out.append(self._step(k))
            state = self.apply(state, f"flip {k + 1}")
        return out

    def _step(self, k: int) -> Step:
        return Step("flip", "Flip", Level.EASY, 1.0, move=f"flip {k + 1}",
                    explanation=f"Lamp {k + 1} must be flipped", nudge="Look at the dark lamps",
                    evidence=k)

    def hint(self, state: Lamps, solution: Lamps | None) -> Step | None:
        if solution is None:
            return None
        needed = self._needed(state, solution)
        return self._step(needed[0]) if needed else None

    def reveal(self, state: Lamps, solution: Lamps, at: str | None = None) -> str:
        needed = self._needed(state, solution)
        if at is not None:
            needed = [k for k in needed if f"{k + 1}" == at]
        if not needed:
            raise MoveError("nothing to reveal there")
        return ";".join(f"flip {k + 1}" for k in needed)


class LampsScreen(GameScreen):
    """Left/right pick a lamp; space flips it."""

    HELP_KEYS: ClassVar[list[tuple[str, list[tuple[str, str]]]]] = [
        ("Lamps", [("left right", "pick a lamp"), ("space", "flip it")]),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0

    def compose_board(self) -> ComposeResult:
        yield Static("", id="board")

    @property
    def board(self) -> Static:
        return self.query_one("#board", Static)

    def fit(self, width: int, height: int) -> str | None:
        return None if width >= 12 else "Lamps need a wider terminal."

    def draw_board(self) -> None:
        assert self.session is not None
        lit = self.session.state.lit
        text = Text()
        for k, on in enumerate(lit):
            text.append("*" if on else ".", style="reverse" if k == self.cursor else "")
        self.board.update(text)

    def key_to_move(self, event: events.Key) -> bool:
        n = len(self.session.state.start) if self.session is not None else 1
        if event.key in ("left", "right"):
            self.cursor = (self.cursor + (1 if event.key == "right" else -1)) % n
            self.redraw()
            return True
        if event.key == "space":
            self.play(f"flip {self.cursor + 1}")
            return True
        return False

    def reveal_target(self) -> str | None:
        return str(self.cursor + 1)


LAMPS = LampsKind()


def install() -> None:
    register(LAMPS)
    register_screen("lamps", LampsScreen)


def uninstall() -> None:
    unregister("lamps")
    unregister_screen("lamps")
