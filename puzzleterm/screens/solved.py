"""A daily already solved, reopened: its solved grid, the time and the share line.

Playing it again is a choice made here (``p``), and is practice: never saved nor recorded
(:attr:`puzzleterm.play.Play.practice`).  Answers ``practice`` or None.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ..daily_play import solved_picture
from ..engine import Puzzle, PuzzleError
from ..engine.daily import DailyEntry
from ..widgets.share_box import ShareBox
from .dialogs import ButtonRow, copy_share


class SolvedDailyScreen(ModalScreen[str | None]):
    """The solved daily: grid, time, share line; ``p`` replays it for practice."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(None)", "Back"),
        Binding("p", "answer('practice')", "Replay for practice"),
        Binding("c", "copy", "Copy share line"),
    ]

    def __init__(self, entry: DailyEntry, title: str, facts: str, share: str,
                 puzzle: Puzzle[Any] | None = None) -> None:
        super().__init__()
        self.entry = entry
        self.title_text = title
        self.facts = facts
        self.share = share
        self.puzzle = puzzle

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog solved"):
            yield Label("Solved already", classes="title")
            yield Static(self.title_text, classes="subtitle")
            with Horizontal(id="solved-body"):
                yield Static("Drawing the solved grid…", id="solved-grid", markup=False)
                yield Static(self.facts, id="solved-facts")
            yield ShareBox(self.share, id="share")
            yield Static("c copies the share line · p plays it again for practice (not "
                         "recorded)", classes="note")
            with ButtonRow(classes="buttons"):
                yield Button("Back", id="back", variant="primary")
                yield Button("Replay for practice", id="practice")

    def on_mount(self) -> None:
        self.query_one("#back", Button).focus()
        self.draw_grid()

    @work(thread=True, exclusive=True)
    def draw_grid(self) -> None:
        """The solved grid, made in a thread (solving, or dealing when not cached)."""
        try:
            text = solved_picture(self.entry, self.puzzle)
        except PuzzleError as exc:
            text = f"The grid could not be drawn: {exc}"
        self.app.call_from_thread(self._show_grid, text)

    def _show_grid(self, text: str) -> None:
        if self.is_attached:
            self.query_one("#solved-grid", Static).update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("practice" if event.button.id == "practice" else None)

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)

    def action_copy(self) -> None:
        copy_share(self, self.share)
