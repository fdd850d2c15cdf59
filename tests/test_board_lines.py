"""The Sudoku board repaints only the cells whose look changed and keeps lines it drew before:
after every key, what it shows must be what a board drawn from scratch would show."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.strip import Strip

from puzzleterm.app import PuzzleApp
from puzzleterm.screens.sudoku import SudokuScreen
from puzzleterm.widgets.sudoku_board import Board

from .conftest import EASY9, X5, FakeClock, family_patched, screen_text
from .test_ui_snapshots import FixedHints


def drawn(strip: Strip) -> list[tuple[str, Any]]:
    return [(segment.text, segment.style) for segment in strip]


def check_board(app: PuzzleApp) -> None:
    screen = app.screen
    assert isinstance(screen, SudokuScreen)
    board = screen.query_one(Board)
    view, layout = board.view, board.layout_spec
    assert view is not None and layout is not None
    fresh = board.render_lines_text(replace(view), layout)  # no cache: a new view object
    shown = screen_text(app).splitlines()
    region = board.content_region
    for y, text in enumerate(fresh):
        pieces = [(span.text, span.style) for span in text.render(app.console)]
        assert drawn(board.render_line(y)) == drawn(board._strip(pieces, y)), y
        on_screen = shown[region.y + y][region.x:region.x + region.width]
        assert on_screen == text.plain, (y, on_screen, text.plain)


async def play_and_check(tmp_path: Path, game_id: str, keys: list[str],
                         size: tuple[int, int] = (80, 24)) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=game_id, seeds=lambda: "x")
    with family_patched(FixedHints(), None):
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            check_board(app)
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
                await app.workers.wait_for_complete()
                await pilot.pause()
                check_board(app)


async def test_the_board_after_each_key_is_the_board_drawn_afresh(tmp_path: Path) -> None:
    keys = ["right", "4", "down", "down", "7", "left", "M", "right", "m", "2", "3", "m",
            "up", "left", "left", "right", "0", "u", "y", "x", "5", "x", "t", "t",
            "right", "right", "left", "left", "t", "down"]
    await play_and_check(tmp_path, EASY9, keys)


async def test_the_diagonal_board_and_a_resize(tmp_path: Path) -> None:
    keys = ["down", "m", "1", "3", "right", "5", "m", "right", "down", "M", "left", "up"]
    await play_and_check(tmp_path, X5, keys, size=(100, 40))
