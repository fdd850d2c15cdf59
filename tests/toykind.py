"""A tiny puzzle kind defined only in the tests: "Lamps".

A row of lamps, some lit.  The move ``flip K`` toggles lamp K and its two neighbours; the
puzzle is solved when every lamp is lit.  Its moves are not (cell, digit) pairs, its state
is not a grid of digits, and no shared module names it: it proves that the session, the
store, game IDs, the CLI and the generic game screen work through the ``Kind`` protocol.
With n lamps and n % 3 != 2 every pattern has exactly one set of flips that lights all.

The kind is built on :class:`~puzzleterm.engine.kindbase.KindBase`: its typed move
(:class:`Flip`), a one-technique table (explain, hint and grade come from the base's step
loop), and its solutions (solve and count come from them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widgets import Static

from puzzleterm.engine import (
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
from puzzleterm.engine.kindbase import KindBase
from puzzleterm.engine.logic import Technique
from puzzleterm.engine.moves import join
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


@dataclass(frozen=True)
class Flip:
    """The one move: flip lamp ``lamp`` (1-based) and its neighbours, ``flip 3``."""

    lamp: int

    def text(self) -> str:
        return f"flip {self.lamp}"


def _text(bits: tuple[bool, ...]) -> str:
    return "".join("1" if b else "0" for b in bits)


def _solutions(state: Lamps) -> Iterator[Lamps]:
    n = len(state.start)
    for mask in range(1 << n):
        flips = tuple(bool(mask >> k & 1) for k in range(n))
        if all(Lamps(state.start, flips).lit):
            yield Lamps(state.start, flips)


def _needed(state: Lamps) -> list[int]:
    """The lamps whose flip differs from the solution's, 1-based."""
    sol = next(_solutions(state), None)
    return [] if sol is None else [k + 1 for k, f in enumerate(state.flips) if f != sol.flips[k]]


def find_flip(state: Lamps) -> Step | None:
    needed = _needed(state)
    if not needed:
        return None
    return Step("flip", "Flip", Level.EASY, 1.0, move=Flip(needed[0]).text(),
                explanation=f"Lamp {needed[0]} must be flipped",
                nudge="Look at the dark lamps", evidence=needed[0] - 1)


class LampsKind(KindBase[int, Lamps, Flip]):
    name = "lamps"
    title = "Lamps"
    aliases: tuple[str, ...] = ("lights",)
    params_label = "Lamps"
    generator_version = "t1"
    move_types = (Flip,)
    techniques = (Technique("flip", "Flip", Level.EASY, 1.0, "flip a lamp", find_flip),)

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

    def cli_options(self) -> tuple[CliOption, ...]:
        return (CliOption("--lamps", "how many lamps", "N", ("generate",)),)

    def params_from_options(self, options: Mapping[str, OptionValue]) -> int | None:
        value = options.get("lamps")
        return self.parse_params(value) if isinstance(value, str) else None

    def params_of(self, state: Lamps) -> int:
        return len(state.start)

    def generate(self, params: int, rng: Rng, level: Level | None = None) -> Puzzle[Lamps]:
        flips = tuple(rng.below(2) == 1 for _ in range(params))
        state = Lamps(Lamps((True,) * params, flips).lit, (False,) * params)
        return Puzzle(self.name, self.format_params(params), self.describe(state), state,
                      level=level, grade=self.grade(state))

    def describe(self, state: Lamps) -> str:
        return _text(state.start)

    def read(self, text: str, params: int | None = None) -> Lamps:
        text = text.strip()
        if not re.fullmatch(r"[01]{3,12}", text):
            raise ParseError(f"lamps: expected 0s and 1s, got {text[:20]!r}")
        self.parse_params(str(len(text)))
        return Lamps(tuple(ch == "1" for ch in text), (False,) * len(text))

    def write(self, state: Lamps, fmt: str | None = None) -> str:
        return _text(state.lit)

    def parse_one_move(self, text: str) -> Flip:
        m = re.fullmatch(r"flip ([0-9]{1,2})", text)
        if not m:
            raise MoveError(f"lamps: cannot read the move {text!r}")
        return Flip(int(m.group(1)))

    def apply_one(self, state: Lamps, move: Flip) -> Lamps:
        if not 1 <= move.lamp <= len(state.flips):
            raise MoveError(f"lamps: there is no lamp {move.lamp}")
        flips = list(state.flips)
        flips[move.lamp - 1] = not flips[move.lamp - 1]
        return Lamps(state.start, tuple(flips))

    def status(self, state: Lamps) -> Status:
        return Status.SOLVED if all(state.lit) else Status.PLAYING

    def solutions(self, state: Lamps) -> Iterator[Lamps]:
        return _solutions(state)

    def reveal(self, state: Lamps, solution: Lamps, at: str | None = None) -> str:
        needed = [k for k in _needed(state) if at is None or str(k) == at]
        if not needed:
            raise MoveError("nothing to reveal there")
        return join(Flip(k) for k in needed).text()


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
            self.play(Flip(self.cursor + 1).text())
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
