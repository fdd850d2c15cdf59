"""The home screen: continue, every puzzle kind, the (coming) daily puzzles, help and quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..engine import all_kinds
from . import has_screen

if TYPE_CHECKING:
    from ..app import PuzzleApp

BANNER = "puzzleterm"


class HomeScreen(Screen[None]):
    """Lists what can be played; Enter picks."""

    CSS_PATH = "home.tcss"
    #: below 72 columns the daily placeholder gives its room to the menu
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (72, "-wide")]  # noqa: RUF012 (an instance
    # variable on textual.Screen: a ClassVar annotation would clash with it)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "continue", "Continue", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Label(BANNER, id="banner")
        yield Static("Sudoku and friends in the terminal. Pick a puzzle and press Enter.",
                     id="tagline")
        with Horizontal(id="home-body"):
            with Vertical(id="kinds-box"):
                yield OptionList(id="menu")
            with Vertical(id="daily-box"):
                yield Static(
                    "The same puzzles for everyone, each day.\n\n"
                    "puzzleterm daily: today's Sudoku\n"
                    "puzzleterm daily --print: the whole set",
                    id="daily",
                )
        yield Footer()

    @property
    def puzzle_app(self) -> PuzzleApp:
        return cast("PuzzleApp", self.app)

    def on_mount(self) -> None:
        self.query_one("#kinds-box").border_title = "Play"
        self.query_one("#daily-box").border_title = "Daily puzzles"
        self.rebuild_menu()
        self.query_one("#menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.rebuild_menu()

    def rebuild_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        summary = self.puzzle_app.saved_summary()
        options: list[Option] = []
        if summary is not None:
            line = Text.assemble(("Continue  ", "bold"), summary)
            options.append(Option(line, id="continue"))
        for kind in all_kinds():
            if not has_screen(kind.name):
                continue  # command-line only
            sizes = " ".join(kind.param_choices())
            options.append(Option(Text.assemble((f"{kind.title:<14}", "bold"), sizes),
                                  id=f"kind:{kind.name}"))
        options.append(Option("Help", id="help"))
        options.append(Option("Quit", id="quit"))
        menu.add_options(options)
        menu.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        oid = event.option.id or ""
        app = self.puzzle_app
        if oid == "continue":
            app.resume_game()
        elif oid.startswith("kind:"):
            app.choose_new_game(oid.split(":", 1)[1])
        elif oid == "help":
            app.action_help()
        elif oid == "quit":
            self.call_later(app.action_quit)

    def action_continue(self) -> None:
        if self.puzzle_app.saved_summary() is not None:
            self.puzzle_app.resume_game()
