"""Your own puzzle: paste or type a game ID, a one-line grid or a picture, pick its kind,
and play it once it is checked (one solution) and graded; a bad one is refused with the
reader's message.  Over SSH a paste is just keys typed into the box.  Answers the dealt
puzzle, or None."""

from __future__ import annotations

from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option

from ..engine import PuzzleError
from ..play import Dealt, deal_own
from .dialogs import ButtonRow


class OwnPuzzleScreen(ModalScreen[Dealt | None]):
    """A box to paste into, the kinds beside it, Play and Cancel."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "check", "Check and play"),
    ]

    def __init__(self, kinds: list[tuple[str, str]]) -> None:
        """``kinds``: (name, title) of each kind that can be played here."""
        super().__init__()
        self.kinds = kinds
        self.checking = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog own"):
            yield Label("Your own puzzle", classes="title")
            yield Static("A game ID, a one-line grid or a picture; pick its kind. "
                         "Ctrl+S plays it.", classes="note")
            with Horizontal(id="own-body"):
                yield TextArea(id="own-text", soft_wrap=True, tab_behavior="focus",
                               show_line_numbers=False)
                yield OptionList(*[Option(title, id=name) for name, title in self.kinds],
                                 id="own-kinds")
            yield Static("", id="own-message")
            with ButtonRow(classes="buttons"):
                yield Button("Play", id="play", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#own-kinds", OptionList).highlighted = 0
        self.query_one("#own-text", TextArea).focus()

    @property
    def kind_name(self) -> str | None:
        option = self.query_one("#own-kinds", OptionList).highlighted_option
        return option.id if option is not None else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#own-text", TextArea).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "play":
            self.action_check()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_check(self) -> None:
        if self.checking:
            return
        self.checking = True
        self.say("Checking that it has one solution, and grading it…")
        self.check(self.query_one("#own-text", TextArea).text, self.kind_name)

    @work(thread=True, exclusive=True)
    def check(self, text: str, kind_name: str | None) -> None:
        """Read, check and grade off the UI thread (within the deal budget)."""
        try:
            dealt = deal_own(text, kind_name)
        except PuzzleError as exc:
            self.app.call_from_thread(self._refused, str(exc))
            return
        self.app.call_from_thread(self._accepted, dealt)

    def _refused(self, message: str) -> None:
        self.checking = False
        if self.is_attached:
            self.say(f"Refused: {message}", bad=True)

    def _accepted(self, dealt: Dealt) -> None:
        self.checking = False
        if self.is_attached:
            self.dismiss(dealt)

    def say(self, text: str, bad: bool = False) -> None:
        message = self.query_one("#own-message", Static)
        message.update(text)
        message.set_class(bad, "-bad")
