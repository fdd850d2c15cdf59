"""Pilot tests of the pentomino screen: pick, rotate, flip, place, pick up, undo, complete."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import Level, find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.pentomino.pieces import orientations
from puzzleterm.screens.dialogs import CompletionScreen
from puzzleterm.screens.pentomino import PentominoScreen

from .conftest import FakeClock

Snap = Callable[..., bool]


def easy_id() -> str:
    kind = find_kind("pentomino")
    puzzle = generate_seeded(kind, kind.default_params(), "ui-pento", Level.EASY)
    return puzzle.game_id


async def start(pilot: Pilot[Any]) -> PentominoScreen:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PentominoScreen) and screen.session is not None
    return screen


async def go(pilot: Pilot[Any], screen: PentominoScreen, cell: int) -> None:
    cols = screen.state.board.cols
    r0, c0 = divmod(screen.cursor, cols)
    r1, c1 = divmod(cell, cols)
    keys = (["down"] * (r1 - r0) if r1 > r0 else ["up"] * (r0 - r1))
    keys += (["right"] * (c1 - c0) if c1 > c0 else ["left"] * (c0 - c1))
    await pilot.press(*keys)
    assert screen.cursor == cell


async def place(pilot: Pilot[Any], screen: PentominoScreen, pid: int) -> None:
    """Place a solution piece as a player would: pick, turn, move, Enter."""
    st = screen.state
    pl = st.geo.placements[pid]
    await pilot.press(pl.letter)
    for _ in range(8):
        if screen.orient == pl.orient:
            break
        await pilot.press("r" if _ % 4 != 3 else "f")
    assert screen.orient == pl.orient
    ar, ac = orientations(pl.letter)[pl.orient][0]
    r, c = st.board.rc(pl.anchor)
    await go(pilot, screen, st.board.cell(r - ar, c - ac))
    await pilot.press("enter")


async def test_place_rotate_flip_pick_up_undo_and_complete(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=easy_id(), seeds=lambda: "p")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot)
        session = screen.session
        assert session is not None
        solution = session.solution
        todo = [pid for pid in solution.placed if pid not in screen.state.given]
        assert todo
        first = screen.state.geo.placements[todo[0]]
        # rotate and flip turn the ghost through the piece's orientations
        await pilot.press(first.letter)
        assert screen.picked == first.letter and screen.orient == 0
        await pilot.press("r")
        turned = screen.orient
        await pilot.press("f")
        assert len({0, turned, screen.orient}) >= 2 or len(orientations(first.letter)) <= 2
        await pilot.press("escape")
        assert screen.picked is None
        # an illegal place is refused: a given piece's cell
        given = screen.state.geo.placements[screen.state.given[0]]
        await pilot.press(first.letter)
        await go(pilot, screen, given.cells[0])
        await pilot.press("enter")
        assert session.pos == 0 and "does not fit" in str(screen._status)
        await pilot.press("escape")
        # place, pick up again, undo
        await place(pilot, screen, todo[0])
        assert session.pos == 1 and screen.state.piece_at(first.letter) == todo[0]
        await go(pilot, screen, first.cells[0])
        await pilot.press("enter")  # picks it up
        assert screen.picked == first.letter and screen.state.piece_at(first.letter) is None
        await pilot.press("escape", "u")
        assert screen.state.piece_at(first.letter) == todo[0]
        for pid in todo[1:]:
            await place(pilot, screen, pid)
        await pilot.pause()
        assert session.finished
        assert isinstance(app.screen, CompletionScreen)


def test_snapshot_of_the_pentomino_screen(snap_compare: Snap, tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=lambda: 0.0, seeds=lambda: "snap",
                    game_id=easy_id())

    async def run_before(pilot: Pilot[Any]) -> None:
        await start(pilot)
        await pilot.press("right", "L", "r")
        await pilot.pause()

    assert snap_compare(app, run_before=run_before)
