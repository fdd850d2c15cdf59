"""The help screen: every key, grouped."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

Keys = list[tuple[str, list[tuple[str, str]]]]

#: Keys of the home screen (a game screen passes its own; other screens have ``HELP_KEYS``).
HOME_KEYS: Keys = [
    ("Home", [
        ("arrows  Enter", "pick a puzzle, or continue the game in progress"),
        ("c", "continue the game in progress"),
        ("p", "practise a technique: a Sudoku whose hardest step is it"),
        ("d", "the daily calendar: every day's puzzles"),
        ("s", "your stats and daily streak"),
        ("o", "your own puzzle: paste a game ID, a grid or a picture"),
        ("l", "today's leaderboard"),
        ("?", "this help"),
        ("q  Ctrl+Q", "quit"),
    ]),
]

CALENDAR_KEYS: Keys = [
    ("Daily calendar", [
        ("left  right", "the day before / after"),
        ("up  down", "a week earlier / later"),
        ("PageUp  PageDown", "a month earlier / later"),
        ("t", "today"),
        ("Tab", "between the calendar and the day's puzzles"),
        ("Enter", "play the puzzle picked"),
        ("s  l", "your stats / the day's leaderboard"),
        ("Esc", "back home"),
    ]),
]

STATS_KEYS: Keys = [
    ("Stats", [
        ("l", "today's leaderboard"),
        ("Esc  q", "back"),
    ]),
]

LEADERBOARD_KEYS: Keys = [
    ("Leaderboard", [
        ("left  right", "the day before / after"),
        ("k", "another puzzle of the day"),
        ("n", "the name you have on the leaderboard"),
        ("Esc  q", "back"),
    ]),
]


#: Keys every game screen has (a kind's screen adds its own first); :func:`game_keys` writes
#: each with the keys the screen binds.
GAME_KEYS: Keys = [
    ("Game", [
        ("u z / y U", "undo / redo"),
        ("R", "restart (undoable)"),
        ("n", "new game"),
        ("t", "hint: a nudge, then the step shown, then applied"),
        ("V", "reveal the whole solution"),
        ("p", "pause (hides the board; the clock stops)"),
        ("i", "show the game ID (puzzleterm play ID reopens it)"),
        ("Esc", "back home (the game is saved after every move)"),
        ("q  Ctrl+Q", "quit"),
    ]),
]


def bound_keys(bindings: Iterable[BindingType], action: str) -> list[str]:
    """The keys ``bindings`` bind to ``action``, as the help writes them."""
    return [key.strip() for b in bindings if isinstance(b, Binding) and b.action == action
            for key in b.key.split(",")]


def game_keys(bindings: Iterable[BindingType]) -> Keys:
    """:data:`GAME_KEYS` with the undo, redo and reveal keys a screen binds (on a pentomino
    board ``U`` and ``V`` are pieces, not redo and reveal)."""
    bindings = list(bindings)
    undo, redo = (" ".join(bound_keys(bindings, a)) for a in ("undo", "redo"))
    named = {"u z / y U": f"{undo} / {redo}",
             "V": " ".join(bound_keys(bindings, "reveal_all"))}
    return [(group, [(named.get(key, key), what) for key, what in rows])
            for group, rows in GAME_KEYS]


def help_table(keys: Keys) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for group, rows in keys:
        table.add_row(Text(group, style="bold underline"), "")
        for key, what in rows:
            table.add_row(key, what)
    return table


class HelpScreen(ModalScreen[None]):
    """The keys of the screen in front; Escape, ``?`` or ``q`` close it."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "Close")]

    def __init__(self, keys: Keys | None = None, note: str = "") -> None:
        super().__init__()
        self.keys = keys if keys is not None else HOME_KEYS
        self.note = note

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(help_table(self.keys), id="keys")
            if self.note:
                yield Static(self.note, classes="note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "puzzleterm — keys"

    def action_close(self) -> None:
        self.dismiss(None)
