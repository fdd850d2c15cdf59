"""A hang-up saves what a move does not: the clock and the cursor.

The game saves after every move and its clock every ten seconds; a SIGHUP (the player left,
``serve`` ended an idle session or stops) makes the app save at once and exit.  Checked in
the app with Pilot, then end to end: a player over SSH places a digit, plays on a few seconds
without a move, leaves; back again, the time and the cursor are where they were.
"""

from __future__ import annotations

import re
from pathlib import Path

import asyncssh

from puzzleterm.app import PuzzleApp
from puzzleterm.play import SAVE_EVERY
from puzzleterm.screens.sudoku import SudokuScreen
from puzzleterm.serve.server import GameServer
from puzzleterm.store import SqliteStore

from .conftest import EASY9, FakeClock
from .serve_client import ENTER, Player, gone, no_sessions
from .test_serve_ssh import board_shown, home_shown, moves, start_9x9

TIME = re.compile(r"Time\s+(\d\d):(\d\d)")
CELL = re.compile(r"Cell\s+(r\d+c\d+)")


def shown_seconds(text: str) -> int:
    found = TIME.search(text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


def shown_cell(text: str) -> str:
    found = CELL.search(text)
    assert found, text
    return found.group(1)


async def test_a_hang_up_saves_the_clock_and_the_cursor_then_exits(tmp_path: Path) -> None:
    clock = FakeClock()
    app = PuzzleApp(home=tmp_path, clock=clock, game_id=EASY9, seeds=lambda: "x")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SudokuScreen) and screen.session is not None
        await pilot.press("right", "4")  # r1c2=4, saved with the clock at 0
        clock.advance(SAVE_EVERY - 3)  # no tick has saved the clock since
        await pilot.press("down")  # the cursor moves: nothing is saved for that
        saved = SqliteStore.open(tmp_path).load_current()
        assert saved is not None and saved.elapsed == 0 and saved.options["cursor"] == 1
        app.hang_up()
        await pilot.pause()
    assert app.return_code == 0
    saved = SqliteStore.open(tmp_path).load_current()
    assert saved is not None
    assert saved.moves == ("r1c2=4",)
    assert saved.elapsed == SAVE_EVERY - 3
    assert saved.options["cursor"] == 10  # r2c2



async def test_leaving_over_ssh_keeps_the_time_and_the_cursor(server: GameServer) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    first = await Player(server, key).connect()
    await start_9x9(first)
    await first.keys(b"5")
    text = await first.wait_for(lambda s: "moves 1" in s)
    at_move = shown_seconds(text)
    await first.keys(b"\x1b[B")  # down: the cursor moves, no move is made
    # play on without a move for a few seconds (the clock alone is saved every ten)
    text = await first.wait_for(lambda s: shown_seconds(s) >= at_move + 4, timeout=20)
    left_at, cell = shown_seconds(text), shown_cell(text)
    pid = first.game_pid()
    await first.close()
    assert await gone(pid, 10), "the game outlived its session"
    assert await no_sessions(server)

    again = await Player(server, key).connect()
    await again.wait_for(home_shown)
    await again.keys(b"c")
    text = await again.wait_for(board_shown)
    assert moves(text) == 1
    assert shown_seconds(text) >= left_at  # the time played before leaving is kept
    assert shown_cell(text) == cell
    await again.keys(ENTER)  # still playable
    pid = again.game_pid()
    await again.close()
    assert await gone(pid, 10)
