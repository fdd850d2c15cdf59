"""``o`` on a Latin square that has no shapes says why, instead of doing nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from puzzleterm.app import PuzzleApp
from puzzleterm.screens.sudoku import SudokuScreen

from .conftest import FakeClock

LATIN6 = "latin:6x6:4..1.....5.33....15.136...6.....2..5"
LATIN5 = "latin:5x5:..2..5..4.....1..32....34"


async def _screen(pilot: Any) -> SudokuScreen:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SudokuScreen) and screen.session is not None
    return screen


async def test_o_on_a_6x6_latin_square_says_why(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=LATIN6, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _screen(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert "Shapes are for 5x5 Latin squares" in screen._status.plain
        assert "6 symbols" in screen._status.plain
        assert not screen.shapes_on


async def test_o_on_a_5x5_latin_square_turns_shapes_on(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=LATIN5, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _screen(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert screen.shapes_on
