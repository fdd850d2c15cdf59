"""The pentomino reveal key reveals one piece, never the whole box (``A`` does, after asking)."""

from __future__ import annotations

from pathlib import Path

from puzzleterm.app import PuzzleApp
from puzzleterm.screens.dialogs import CompletionScreen, ConfirmScreen

from .conftest import FakeClock
from .test_ui_pentomino import start

GAME = "pentomino:6x10:easy#1"


async def test_v_on_an_empty_cell_reveals_the_one_piece_covering_it(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=GAME, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        before = len(screen.state.missing())
        await pilot.press(*["right"] * 4)
        cell = screen.cursor
        assert screen._letter_at(cell) is None  # an empty cell, no piece picked
        await pilot.press("v")
        await pilot.pause()
        assert not isinstance(app.screen, CompletionScreen)
        assert len(screen.state.missing()) == before - 1
        assert screen._letter_at(cell) is not None  # the piece revealed covers the cell
        assert screen.session is not None and screen.session.reveals == 1
        await pilot.press("u")
        assert len(screen.state.missing()) == before


async def test_the_whole_box_asks_first(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=GAME, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        before = len(screen.state.missing())
        await pilot.press("A")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert len(screen.state.missing()) == before


async def test_the_pick_list_names_only_the_pieces_left(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=GAME, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        text = screen.panel_lines().plain
        listed = text.split("pick: ", 1)[1].split(")", 1)[0].replace("…", "").split()
        assert listed and set(listed) <= set(screen.state.missing())
