"""What a new player hit in the Sudoku screens, played with Pilot (one test per point)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot

from puzzleterm.screens.dialogs import ConfirmScreen
from puzzleterm.screens.home import HomeScreen

from .conftest import EASY9, FakeClock
from .test_ui_play import playing

# -- keys typed quickly act on the state the key before left ---------------------------------

async def burst(pilot: Pilot[Any], *keys: str) -> None:
    """Send keys as a fast typist or a paste does: all queued before any is handled
    (``pilot.press`` waits for the app to go idle after each key)."""
    app = pilot.app
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


async def test_keys_in_one_burst_follow_the_mode_the_key_before_set(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await burst(g.pilot, "m", "5")
        assert g.screen.pencil
        assert g.session.moves == ("r1c1+5",)
        await burst(g.pilot, "m", "4", "u", "right", "6")
        assert not g.screen.pencil
        # 4 placed then undone (marks kept), then 6 in r1c2
        assert g.session.state.values[:2] == (0, 6)
        assert g.session.state.marks[0] == 1 << 4


# -- the quit dialog focuses its action --------------------------------------------------------

async def test_quit_dialog_enter_quits_escape_stays_arrows_move(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("4", "q")
        dialog = g.app.screen
        assert isinstance(dialog, ConfirmScreen)
        assert dialog.focused is not None and dialog.focused.id == "yes"
        await g.press("right")
        assert dialog.focused is not None and dialog.focused.id == "no"
        await g.press("left")
        assert dialog.focused is not None and dialog.focused.id == "yes"
        await g.press("escape")
        assert not isinstance(g.app.screen, ConfirmScreen)
        assert g.app.is_running and g.session.moves == ("r1c1=4",)
        await g.press("q")
        assert isinstance(g.app.screen, ConfirmScreen)
        await g.press("enter")
    assert g.app.return_value == 0


# -- the cursor comes back where it was ------------------------------------------------------

async def test_the_cursor_is_where_it_was_after_quit_and_resume(ui_home: Path) -> None:
    async with playing(ui_home) as g:
        await g.press("down", "down", "right", "4")
        assert g.screen.cursor == 19
        await g.press("q", "y")
    async with playing(ui_home, None) as g:
        assert isinstance(g.app.screen, HomeScreen)
        await g.press("c")
        assert g.screen.cursor == 19


# -- the clock stops whenever the board is hidden --------------------------------------------

async def test_the_clock_stops_under_the_quit_dialog(ui_home: Path, ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        ui_clock.advance(10)
        await g.press("4", "q")
        assert isinstance(g.app.screen, ConfirmScreen)
        ui_clock.advance(300)
        await g.press("escape")
        ui_clock.advance(5)
        assert g.session.elapsed == 15


async def test_the_clock_stops_behind_the_too_small_notice(ui_home: Path,
                                                           ui_clock: FakeClock) -> None:
    async with playing(ui_home, clock=ui_clock) as g:
        ui_clock.advance(10)
        await g.pilot.resize_terminal(40, 10)
        await g.pilot.pause()
        assert "Enlarge" in g.text()
        ui_clock.advance(100)
        await g.pilot.resize_terminal(80, 24)
        await g.pilot.pause()
        ui_clock.advance(1)
        assert g.session.elapsed == 11


async def test_the_game_pauses_itself_after_five_idle_minutes(ui_home: Path,
                                                              ui_clock: FakeClock) -> None:
    async with playing(ui_home, EASY9, clock=ui_clock) as g:
        await g.press("4")
        ui_clock.advance(200)
        g.screen.idle_check()
        assert not g.session.paused  # under five minutes
        await g.press("right")  # a key: the idle time starts over
        ui_clock.advance(200)
        g.screen.idle_check()
        assert not g.session.paused
        ui_clock.advance(150)
        g.screen.idle_check()
        await g.pilot.pause()
        assert g.session.paused
        # the clock stopped five minutes after the last key
        assert g.session.elapsed == 200 + 300
        assert "Paused" in g.text() and "no key for 5 minutes" in g.text()
        await g.press("p")
        assert not g.session.paused
