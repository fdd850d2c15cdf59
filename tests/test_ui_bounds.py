"""In the app, a game ID that cannot be dealt (a board refused up front, a deal past its
budget) or read (a run longer than a side, a seed that is not text) is a notice on the home
screen, never a crash."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import Level, Puzzle
from puzzleterm.engine.budget import Budget
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.screens.home import HomeScreen

from .conftest import FakeClock


def spent_already(kind: Any, params: Any, seed: str, level: Level | None = None,
                  budget: Budget | None = None, technique: str | None = None) -> Puzzle[Any]:
    """A deal whose budget is gone before it starts."""
    return generate_seeded(kind, params, seed, level, Budget(seconds=-1.0, nodes=0),
                           technique=technique)


@pytest.mark.parametrize(("game_id", "says"), [
    ("pentomino:10x10-r1c1+8x5:#F.340", "pentomino puzzles are dealt on 6x10"),
    ("pentomino:6x10:9999999999", "longer than a board side"),
    ("sudoku:9x9:hard#\udcff", "not UTF-8"),
    ("arith:mul3x3:expert#slow", "could not deal Arithmetic mul3x3 at level expert in time"),
], ids=["odd-board", "long-run", "seed-bytes", "over-budget"])
async def test_a_game_id_that_cannot_be_dealt_is_a_notice(ui_home: Path, game_id: str,
                                                          says: str) -> None:
    app = PuzzleApp(home=ui_home, clock=FakeClock(), game_id=game_id, seeds=lambda: "ui")
    with patch("puzzleterm.engine.gameid.generate_seeded", spent_already):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.is_running and app.return_code is None
            assert isinstance(app.screen, HomeScreen)
            toasts = [n.message for n in app._notifications]
            assert any(says in m for m in toasts), toasts
