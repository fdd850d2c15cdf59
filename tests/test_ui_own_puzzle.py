"""Your own puzzle from home: pasted, checked and graded, then played; a bad one refused with
the reader's message (no Textual needed for the reading itself)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import OptionList, Static, TextArea

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import PuzzleError, find_kind
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.play import DealError, deal_own, read_own
from puzzleterm.screens.home import HomeScreen
from puzzleterm.screens.own import OwnPuzzleScreen
from tests.conftest import EASY9, LATIN5, FakeClock, screen_text
from tests.test_ui_play import ready

GIVENS9 = EASY9.split(":", 2)[2]


def test_a_game_id_a_line_and_a_picture_give_the_same_puzzle() -> None:
    kind = find_kind("sudoku")
    picture = kind.write(kind.read(GIVENS9), "grid")
    assert "\n" in picture
    for text in (EASY9, GIVENS9, picture, f"\n  {picture}\n"):
        dealt = deal_own(text, "sudoku")
        assert dealt.puzzle.game_id == EASY9
        assert dealt.puzzle.grade is not None  # graded before play
        assert kind.status(dealt.solution).name == "SOLVED"
    # a game ID names its own kind, whichever is picked
    assert read_own(LATIN5, "sudoku").kind == "latin"


@pytest.mark.parametrize("game_id", ["pentomino:6x10:easy#1", "arith:add3x3:easy#1",
                                     "xsudoku:5x5:easy#1", LATIN5])
def test_every_kind_reads_its_line_and_its_picture(game_id: str) -> None:
    puzzle = load_game_id(game_id)
    kind = find_kind(puzzle.kind)
    for fmt in (kind.formats[0], kind.formats[-1]):
        dealt = deal_own(kind.write(puzzle.state, fmt), puzzle.kind)
        assert dealt.puzzle.game_id == puzzle.game_id, fmt


@pytest.mark.parametrize(("text", "kind", "words"), [
    ("", "sudoku", "nothing to read"),
    ("12345", "sudoku", "81 for 9x9"),
    ("sudoku:9x9:123", None, "bad game ID"),
    (GIVENS9, None, "choose the kind"),
    ("x" * 30_000, "sudoku", "too long"),
])
def test_a_bad_paste_is_refused_with_one_line(text: str, kind: str | None, words: str) -> None:
    with pytest.raises(PuzzleError, match=words) as caught:
        deal_own(text, kind)
    assert "\n" not in str(caught.value)


def test_a_puzzle_with_two_solutions_is_refused() -> None:
    several = "." * 81
    with pytest.raises(DealError, match="more than one solution"):
        deal_own(several, "sudoku")


async def test_a_pasted_puzzle_is_played_and_a_bad_one_refused(
        ui_home: Path, ui_clock: FakeClock) -> None:
    app = PuzzleApp(home=ui_home, clock=ui_clock, seeds=lambda: "s")
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        assert isinstance(app.screen, HomeScreen)
        assert "Own puzzle" in screen_text(app)  # the key is in the footer
        await pilot.press("o")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, OwnPuzzleScreen)
        box = dialog.query_one("#own-text", TextArea)
        assert box.has_focus
        await pilot.press(*"12345")  # typed, as over SSH
        await pilot.press("ctrl+s")
        await ready(pilot)
        assert app.screen is dialog
        message = str(dialog.query_one("#own-message", Static).render())
        assert message.startswith("Refused: ") and "81 for 9x9" in message

        box.clear()
        picture = find_kind("sudoku").write(find_kind("sudoku").read(GIVENS9), "grid")
        app.post_message(events.Paste(picture))  # a terminal's bracketed paste
        await pilot.pause()
        assert box.text.strip() == picture.strip()
        kinds = dialog.query_one("#own-kinds", OptionList)
        assert kinds.highlighted_option is not None and kinds.highlighted_option.id == "sudoku"
        await pilot.press("ctrl+s")
        await ready(pilot)
        screen = app.screen
        assert not isinstance(screen, OwnPuzzleScreen)
        session = screen.session  # type: ignore[attr-defined]
        assert session.puzzle.game_id == EASY9 and session.context is None
        before = session.state
        await pilot.press("1")  # the cursor starts on r1c1, an empty cell
        await pilot.pause()
        assert screen.session.state != before  # type: ignore[attr-defined]
