"""Digit counts: how many of each symbol are still to place, in the panel at 80x24."""

from __future__ import annotations

from pathlib import Path

from puzzleterm.app import PuzzleApp
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.play import symbols_left

from .conftest import EASY9, FakeClock
from .test_ui_latin_symbols import _screen


def test_symbols_left_counts_each_symbol_to_place() -> None:
    assert symbols_left([1, 0, 0, 2, 2, 0, 0, 0, 0], 3) == (2, 1, 3)
    assert symbols_left([1, 1, 1, 1, 2], 3) == (0, 2, 3)  # placed too often: complete
    state = load_game_id(EASY9).state
    left = symbols_left(state.values, 9)
    assert sum(left) == sum(1 for v in state.values if not v)


async def test_the_panel_shows_the_digits_left_and_marks_complete_ones(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=EASY9, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _screen(pilot)
        lines = screen.panel_lines().plain.splitlines()
        digits = next(ln for ln in lines if ln == " ".join(str(d) for d in range(1, 10)))
        counts = lines[lines.index(digits) + 1].split()
        assert counts == [str(k) if k else "✓" for k in symbols_left(screen.state.values, 9)]
        solution = screen.session.solution  # type: ignore[union-attr]
        cell = next(c for c, v in enumerate(screen.state.values) if not v)
        digit = solution.values[cell]
        before = symbols_left(screen.state.values, 9)[digit - 1]
        while screen.cursor != cell:
            await pilot.press("right")
        await pilot.press(str(digit))
        after = screen.panel_lines().plain.splitlines()
        now = after[after.index(digits) + 1].split()[digit - 1]
        assert now == (str(before - 1) if before > 1 else "✓")
