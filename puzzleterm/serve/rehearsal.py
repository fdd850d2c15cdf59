"""A rehearsal in the warm starter: the app shown once, headless, before any game is forked.

What every game builds the same way is then built once, in the starter, and shared by every
game forked from it instead of built again in each: the engine's lookup tables (a 9x9 deal
builds them), Textual's caches of parsed styles and of widget types, the interpreter's
specialised bytecode of the code a game runs.  The starter then collects its garbage and
freezes what is left (``gc.freeze``) before each fork, so that no game's garbage collector
writes to the pages it shares with the others.

Only the starter imports this module (the app with it).
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import threading
from pathlib import Path

from textual.pilot import Pilot

from ..app import PuzzleApp

#: the game rehearsed: a 9x9 Sudoku dealt from a fixed seed
REHEARSAL_GAME = "sudoku:9x9:easy#serve-rehearsal"
#: what is pressed on its board: the cursor around, a digit and its removal
REHEARSAL_KEYS = ("right", "down", "left", "up", "5", "backspace", "5", "ctrl+z")
#: seconds each part of the rehearsal may take before it is given up
STEP_TIMEOUT = 20.0


async def _show_home(pilot: Pilot[object]) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(_settle(pilot), STEP_TIMEOUT)
    pilot.app.exit(0)


async def _play_a_little(pilot: Pilot[object]) -> None:
    async def play() -> None:
        await _settle(pilot)
        for key in REHEARSAL_KEYS:
            await pilot.press(key)
        await _settle(pilot)

    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(play(), STEP_TIMEOUT)
    pilot.app.exit(0)


async def _settle(pilot: Pilot[object]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def rehearse() -> bool:
    """Show the home screen, then play a few keys on a dealt 9x9 board, headless, with a
    store in a temporary directory; wait for the threads it started.  False if something
    went wrong (the starter goes on: its games are then just less warm)."""
    try:
        with tempfile.TemporaryDirectory(prefix="puzzleterm-rehearsal-") as home:
            PuzzleApp(home=Path(home)).run(headless=True, size=(80, 24),
                                           auto_pilot=_show_home)
            PuzzleApp(home=Path(home), game_id=REHEARSAL_GAME).run(
                headless=True, size=(80, 24), auto_pilot=_play_a_little)
    except Exception:  # a rehearsal is never worth a starter
        return False
    finally:
        for thread in threading.enumerate():  # a fork must not happen while one holds a lock
            if thread is not threading.main_thread():
                thread.join(STEP_TIMEOUT)
    return True
