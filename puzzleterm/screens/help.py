"""The help screen: every key, grouped."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Move and enter", [
        ("arrows  hjkl  wasd", "move the cursor (mouse: click a cell)"),
        ("1-9  (A-G on 16x16)", "place a digit, or toggle a mark in pencil mode"),
        ("0  Backspace  Delete", "clear the cell"),
    ]),
    ("Pencil marks", [
        ("m", "pencil mode on/off"),
        ("M", "fill every cell with all its candidates"),
    ]),
    ("Game", [
        ("u z / y U", "undo / redo"),
        ("R", "restart (undoable)"),
        ("n", "new game: pick size and level"),
        ("t", "hint: a nudge, then the step shown, then applied"),
        ("v / V", "reveal the cell / reveal the whole solution"),
        ("x", "check digits against the solution on/off"),
        ("o", "Latin 5x5: shapes ○□△×☆ instead of digits"),
        ("p", "pause (hides the board; the clock stops)"),
        ("i", "show the game ID (puzzleterm play ID reopens it)"),
        ("Esc", "back home (the game is saved after every move)"),
        ("q  Ctrl+Q", "quit"),
    ]),
]


def help_table() -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for group, rows in KEYS:
        table.add_row(Text(group, style="bold underline"), "")
        for key, what in rows:
            table.add_row(key, what)
    return table


class HelpScreen(ModalScreen[None]):
    """Keys and rules; Escape, ``?`` or ``q`` close it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(help_table(), id="keys")
            yield Static("On 16x16 the letters a-g are digits: move with arrows or hjkl. "
                         "Hints and reveals mark a game as assisted.", classes="note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "puzzleterm — keys"

    def action_close(self) -> None:
        self.dismiss(None)
