"""The home screen: continue (the latest game, and the other games in progress), every
puzzle kind, today's daily set, help and quit."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..daily_play import DayItem, day_items
from ..engine import all_kinds
from ..play import Dealt
from . import has_screen
from .daily import CalendarScreen, StatsScreen, item_line
from .keyorder import ask_app, enter_on_list, hand_on, move_in_list
from .leaderboard import LeaderboardScreen
from .messages import ChooseNewGame, ChoosePractice, Lobby, OpenDaily, PlayDealt, ResumeGame
from .own import OwnPuzzleScreen

BANNER = "puzzleterm"


class HomeScreen(Screen[None]):
    """Lists what can be played; Enter picks."""

    CSS_PATH = "home.tcss"
    #: below 72 columns the daily set gives its room to the menu (d opens the calendar)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (72, "-wide")]  # noqa: RUF012 (an instance
    # variable on textual.Screen: a ClassVar annotation would clash with it)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "continue", "Continue", show=False),
        Binding("p", "practice", "Practice", show=False),
        Binding("d", "calendar", "Daily calendar"),
        Binding("s", "stats", "Stats"),
        Binding("o", "own", "Own puzzle"),
        Binding("l", "leaderboard", "Leaderboard", show=False),
        Binding("question_mark", "app.help", "Help"),
        Binding("q", "app.quit", "Quit"),
    ]

    #: seconds between looks at the date: after midnight the daily set is the new day's
    DAY_CHECK: ClassVar[float] = 20.0

    def __init__(self, lobby: Lobby) -> None:
        super().__init__()
        self.lobby = lobby
        self.day: date | None = None  # the day whose set is shown

    def compose(self) -> ComposeResult:
        yield Label(BANNER, id="banner")
        yield Static("Sudoku and friends in the terminal. Pick a puzzle and press Enter.",
                     id="tagline")
        with Horizontal(id="home-body"):
            with Vertical(id="kinds-box"):
                yield OptionList(id="menu")
            with Vertical(id="daily-box"):
                yield OptionList(id="daily-menu")
                yield Static("The same puzzles for everyone today.", id="daily")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#kinds-box").border_title = "Play"
        self.rebuild_menu()
        self.query_one("#menu", OptionList).focus()
        self.set_interval(self.DAY_CHECK, self.check_day)

    def check_day(self) -> None:
        """Show the new day's set once the date has changed (the screen may be left open
        across midnight)."""
        if self.lobby.today() != self.day:
            self.rebuild_daily()

    def on_screen_resume(self) -> None:
        self.rebuild_menu()

    def rebuild_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        summary = self.lobby.saved_summary()
        options: list[Option] = []
        if summary is not None:
            line = Text.assemble(("Continue  ", "bold"), summary)
            options.append(Option(line, id="continue"))
            # the other kinds and sizes with a game in progress, each with its clock
            for slot, summary in self.lobby.games_in_progress():
                line = Text.assemble(("Resume    ", "bold"), summary)
                options.append(Option(line, id=f"resume:{slot}"))
        for kind in all_kinds():
            if not has_screen(kind.name):
                continue  # command-line only
            sizes = " ".join(kind.param_choices())
            options.append(Option(Text.assemble((f"{kind.title:<14}", "bold"), sizes),
                                  id=f"kind:{kind.name}"))
        options.append(Option(Text.assemble((f"{'Practice':<14}", "bold"), "a technique"),
                              id="practice"))
        options.append(Option("Help", id="help"))
        options.append(Option("Quit", id="quit"))
        menu.add_options(options)
        menu.highlighted = 0
        self.rebuild_daily()

    def rebuild_daily(self) -> None:
        """Today's set, each with the player's progress (done and the time, or started)."""
        lobby = self.lobby
        today = self.day = lobby.today()
        self.query_one("#daily-box").border_title = f"Daily · {today.strftime('%a %d %b')}"
        menu = self.query_one("#daily-menu", OptionList)
        was = menu.highlighted
        menu.clear_options()
        self._daily: dict[str, DayItem] = {i.entry.kind: i for i in day_items(today, lobby.store)}
        menu.add_options([Option(item_line(i, params=False), id=f"daily:{k}")
                          for k, i in self._daily.items()]
                         + [Option("Calendar…", id="calendar"), Option("Stats…", id="stats")])
        menu.highlighted = was if was is not None and was < menu.option_count else 0
    async def on_key(self, event: events.Key) -> None:
        """Keys act here, in the order typed: Enter opens what the menu shows at once, so a
        key typed right behind it goes to the screen it opened (see :mod:`.keyorder`)."""
        if hand_on(self, event) or move_in_list(self, event):
            return
        chosen = enter_on_list(self, event)
        if chosen is not None:
            menu, index = chosen
            await self.choose(menu.get_option_at_index(index).id or "")

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()  # a click (keys are taken in on_key)
        await self.choose(event.option.id or "")

    async def choose(self, oid: str) -> None:
        if oid == "continue":
            ask_app(self, ResumeGame())
        elif oid.startswith("resume:"):
            ask_app(self, ResumeGame(oid.split(":", 1)[1]))
        elif oid.startswith("kind:"):
            ask_app(self, ChooseNewGame(oid.split(":", 1)[1]))
        elif oid.startswith("daily:"):
            ask_app(self, OpenDaily(self._daily[oid.split(":", 1)[1]].entry))
        elif oid == "practice":
            self.action_practice()
        elif oid == "calendar":
            self.action_calendar()
        elif oid == "stats":
            self.action_stats()
        elif oid == "help":
            await self.run_action("app.help")
        elif oid == "quit":
            self.call_later(self.run_action, "app.quit")

    def action_practice(self) -> None:
        ask_app(self, ChoosePractice())

    def action_calendar(self) -> None:
        self.app.push_screen(CalendarScreen(self.lobby))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.lobby))

    def action_leaderboard(self) -> None:
        self.app.push_screen(LeaderboardScreen(self.lobby))

    def action_own(self) -> None:
        """The dialog that takes the player's own puzzle; it is played once checked."""
        kinds = [(k.name, k.title) for k in all_kinds() if has_screen(k.name)]

        def chosen(dealt: Dealt | None) -> None:
            if dealt is not None:
                ask_app(self, PlayDealt(dealt))

        self.app.push_screen(OwnPuzzleScreen(kinds), chosen)

    def action_continue(self) -> None:
        if self.lobby.saved_summary() is not None:
            ask_app(self, ResumeGame())
