"""Games in progress in the app: one per kind and size, listed at home and each resumed; and
one writer per game (another puzzleterm holding the game, or taking it over)."""

from __future__ import annotations

import os
from pathlib import Path

from textual.widgets import OptionList

from puzzleterm.play import SavedGame
from puzzleterm.screens.home import HomeScreen
from puzzleterm.store import SqliteStore, free_slot

from .conftest import EASY9, LATIN5
from .test_ui_play import playing

SUDOKU = free_slot("sudoku", "9x9")
LATIN = free_slot("latin", "5x5")


def panel(screen: str) -> str:
    """The side panel of a game's screen (right of the board), as one line of words."""
    return " ".join(" ".join(line[56:].split()) for line in screen.splitlines())


def _menu(app: object) -> list[str]:
    menu = app.screen.query_one("#menu", OptionList)  # type: ignore[attr-defined]
    return [str(menu.get_option_at_index(i).id) for i in range(menu.option_count)]


async def test_two_games_of_two_kinds_in_progress_are_both_resumed(ui_home: Path) -> None:
    async with playing(ui_home, EASY9) as g:
        await g.press("4")  # r1c1
        assert g.session.moves == ("r1c1=4",)
    async with playing(ui_home, LATIN5) as g:  # another kind: nothing asked, nothing lost
        await g.press("right", "right", "1")
        latin_moves = g.session.moves
        assert len(latin_moves) == 1
    async with playing(ui_home, None) as g:
        assert isinstance(g.app.screen, HomeScreen)
        text = g.text()
        assert "Continue" in text and "Latin square 5x5" in text
        assert "Resume" in text and "Sudoku 9x9" in text
        assert _menu(g.app)[:2] == ["continue", f"resume:{SUDOKU}"]
        await g.press("enter")  # Continue: the latest, the Latin square
        assert g.session.kind.name == "latin" and g.session.moves == latin_moves
        await g.press("escape")
        assert isinstance(g.app.screen, HomeScreen)
        assert _menu(g.app)[:2] == ["continue", f"resume:{SUDOKU}"]
        await g.press("down", "enter")  # the Sudoku, just as it was left
        assert g.session.kind.name == "sudoku" and g.session.moves == ("r1c1=4",)
        await g.press("5")  # and it goes on
    store = SqliteStore.open(ui_home)
    sudoku = store.load_current(SUDOKU)
    latin = store.load_current(LATIN)
    assert sudoku is not None and len(sudoku.moves) == 2
    assert latin is not None and latin.moves == latin_moves
    store.close()


async def test_a_game_open_in_another_puzzleterm_is_taken_over_with_a_notice(
        ui_home: Path) -> None:
    other = SqliteStore.open(ui_home)  # another puzzleterm, playing the Sudoku
    other.claim(SUDOKU)
    other.save_current(SavedGame(kind="sudoku", params="9x9", game_id=EASY9,
                                 moves=("r1c1=4",), pos=1), SUDOKU)
    async with playing(ui_home, None) as g:
        await g.press("enter")  # Continue
        assert g.session.moves == ("r1c1=4",)  # every move the other one saved
        await g.pilot.pause()
        told = panel(g.text())  # said beside the board
        assert "open in another puzzleterm on this machine" in told
        assert f"process {os.getpid()}" in told
        await g.press("5")  # at the cursor, where the game was left
        played = g.session.moves
        assert len(played) == 2
    refused = other.tables.conn.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0]
    assert refused == 0
    try:
        other.save_current(SavedGame(kind="sudoku", params="9x9", game_id=EASY9,
                                     moves=("r1c1=4", "r9c9=1"), pos=2), SUDOKU)
    except Exception as exc:  # the other one is told, and its move kept aside
        assert "opened in another puzzleterm" in str(exc)
    else:
        raise AssertionError("the save of the app taken over went in")
    game = other.load_current(SUDOKU)
    assert game is not None and game.moves == played
    assert other.set_aside_count() == 1
    other.close()


async def test_the_app_taken_over_is_told_at_its_next_move(ui_home: Path) -> None:
    async with playing(ui_home, EASY9) as g:
        await g.press("4")
        other = SqliteStore.open(ui_home)  # the game is continued in another puzzleterm
        other.claim(SUDOKU)
        other.save_current(SavedGame(kind="sudoku", params="9x9", game_id=EASY9,
                                     moves=("r1c1=4", "r9c9=5"), pos=2), SUDOKU)
        await g.press("5")
        assert len(g.session.moves) == 2
        told = panel(g.text())
        assert "could not be saved" in told and "opened in another puzzleterm" in told
        game = other.load_current(SUDOKU)
        assert game is not None and game.moves == ("r1c1=4", "r9c9=5")  # not overwritten
        assert other.set_aside_count() >= 1  # this app's move is kept aside
        other.close()
