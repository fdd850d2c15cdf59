"""The daily screens: a calendar of past days (the archive) and the player's stats.

The calendar shows a month; a day's set is listed beside it with the player's progress.
Future days cannot be opened; every day since the first daily can.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..daily_play import DayItem, Stats, day_items, stats_for, stats_text
from ..engine import find_kind
from ..engine.daily import FIRST_DATE, STREAK_KIND
from ..play import format_time
from ..widgets.bar_chart import Bar, ColumnChart, RowChart
from .help import CALENDAR_KEYS, STATS_KEYS, Keys
from .keyorder import ask_app
from .leaderboard import LeaderboardScreen
from .messages import Lobby, OpenDaily

DAY_MARKS = {"done": "✓", "started": "·", "new": " "}


def recent_bars(stats: Stats) -> list[Bar]:
    """The recent daily Sudoku times as bars, each labelled with its day (``11-23``)."""
    days = stats.recent_days or (None,) * len(stats.recent)
    return [Bar(d.strftime("%m-%d") if d is not None else "", t, format_time(t))
            for d, t in zip(days, stats.recent, strict=True)]


def median_bars(stats: Stats) -> list[Bar]:
    """The median unaided time of each kind, size and level played (``—``: none unaided);
    the kind's name is left out of the labels when only one kind was played."""
    one_kind = len({r.kind for r in stats.rows}) == 1
    return [Bar(f"{r.params} {r.level}" if one_kind
                else f"{find_kind(r.kind).title} {r.params} {r.level}",
                r.median if r.median is not None else 0.0,
                format_time(r.median) if r.median is not None else "—")
            for r in stats.rows]


def item_line(item: DayItem, params: bool = True) -> Text:
    """``Sudoku 9x9        hard    ✓ 12:41`` for a menu of a day's set (without the size
    where room is short)."""
    name = f"{item.title} {item.entry.params}" if params else item.title
    width = 18 if params else 13
    level = item.entry.level.label
    if item.result is not None:
        mark = ("✓ " + format_time(item.result.elapsed), "green")
    elif item.started:
        mark = ("▶ started", "yellow")
    else:
        mark = ("", "")
    return Text.assemble((f"{name:<{width}}", "bold"), f"{level:<8}", mark)


class MonthView(Widget, can_focus=True):
    """A month grid with the chosen day under a cursor; arrows move it."""

    DEFAULT_CSS = """
    MonthView { width: 30; height: 9; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Day", show=False),
        Binding("right", "move(1)", "Day", show=False),
        Binding("up", "move(-7)", "Week", show=False),
        Binding("down", "move(7)", "Week", show=False),
        Binding("pageup", "month(-1)", "Month", show=False),
        Binding("pagedown", "month(1)", "Month", show=False),
        Binding("t", "today", "Today"),
    ]

    def __init__(self, day: date, today: date, marks: dict[date, str],
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.day = day
        self.today = today
        self.marks = marks

    def render(self) -> Text:
        first = self.day.replace(day=1)
        out = Text()
        out.append(f"{first.strftime('%B %Y'):^28}\n", style="bold")
        out.append(" Mo  Tu  We  Th  Fr  Sa  Su\n", style="dim")
        for week in calendar.Calendar().monthdatescalendar(first.year, first.month):
            for d in week:
                if d.month != first.month:
                    out.append("    ")
                    continue
                style = "dim" if d > self.today or d < FIRST_DATE else ""
                if d == self.today:
                    style += " underline"
                if d == self.day:
                    style += " reverse" if self.has_focus else " bold"
                out.append(f"{d.day:>3}", style=style.strip())
                out.append(DAY_MARKS.get(self.marks.get(d, "new"), " "),
                           style="green" if self.marks.get(d) == "done" else "yellow")
            out.append("\n")
        return out

    def on_focus(self, _event: events.Focus) -> None:
        self.refresh()

    def on_blur(self, _event: events.Blur) -> None:
        self.refresh()

    def choose(self, day: date) -> None:
        self.day = min(max(day, FIRST_DATE), self.today)
        self.refresh()
        self.post_message(self.Changed(self.day))

    def action_move(self, days: int) -> None:
        self.choose(self.day + timedelta(days=days))

    def action_month(self, months: int) -> None:
        m = self.day.month - 1 + months
        year, month = self.day.year + m // 12, m % 12 + 1
        last = calendar.monthrange(year, month)[1]
        self.choose(date(year, month, min(self.day.day, last)))

    def action_today(self) -> None:
        self.choose(self.today)

    class Changed(Message):
        def __init__(self, day: date) -> None:
            super().__init__()
            self.day = day


class CalendarScreen(Screen[None]):
    """Past days' sets: pick a day, then a puzzle; ``Tab`` moves between them."""

    CSS_PATH = "daily.tcss"
    HELP_KEYS: ClassVar[Keys] = CALENDAR_KEYS
    # narrower than this, the day's puzzles go under the month instead of beside it
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (64, "-wide")]  # noqa: RUF012 (Textual's)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("s", "stats", "Stats"),
        Binding("l", "leaderboard", "Leaderboard"),
        Binding("question_mark", "app.help", "Help"),
    ]

    def __init__(self, lobby: Lobby, day: date | None = None) -> None:
        super().__init__()
        self.lobby = lobby
        self._start = day

    def compose(self) -> ComposeResult:
        today = self.lobby.today()
        day = min(max(self._start or today, FIRST_DATE), today)
        yield Label("Daily puzzles", id="daily-title")
        with Horizontal(id="daily-body"):
            yield MonthView(day, today, self._marks(today), id="month")
            with Vertical(id="day-box"):
                yield OptionList(id="day-set")
                yield Static("", id="day-note")
        yield Footer()

    def _marks(self, today: date) -> dict[date, str]:
        marks: dict[date, str] = {}
        store = self.lobby.store
        for r in store.results(until=today):
            if r.kind == STREAK_KIND:
                marks[r.day] = "done"
        for slot in store.slots("daily:"):
            try:
                d = date.fromisoformat(slot.split(":")[1])
            except (IndexError, ValueError):
                continue
            marks.setdefault(d, "started")
        return marks

    def on_mount(self) -> None:
        self.fill(self.query_one(MonthView).day)
        self.query_one(MonthView).focus()

    def on_screen_resume(self) -> None:
        month = self.query_one(MonthView)
        month.marks = self._marks(month.today)
        month.refresh()
        self.fill(month.day)

    def on_month_view_changed(self, event: MonthView.Changed) -> None:
        self.fill(event.day)

    def fill(self, day: date) -> None:
        box = self.query_one("#day-box")
        box.border_title = day.strftime("%a %d %b %Y")
        menu = self.query_one("#day-set", OptionList)
        menu.clear_options()
        items = day_items(day, self.lobby.store)
        menu.add_options([Option(item_line(i), id=f"{i.entry.kind}") for i in items])
        menu.highlighted = 0 if items else None
        self._items = {i.entry.kind: i for i in items}
        self._day = day
        note = "Enter opens; Tab moves between the calendar and the list."
        if day == self.lobby.today():
            note = "Today's set. " + note
        self.query_one("#day-note", Static).update(note)

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter" and isinstance(self.focused, MonthView):
            event.stop()
            self.query_one("#day-set", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        item = self._items.get(event.option.id or "")
        if item is not None:
            ask_app(self, OpenDaily(item.entry))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.lobby))

    def action_leaderboard(self) -> None:
        kind = self.query_one("#day-set", OptionList).highlighted_option
        self.app.push_screen(LeaderboardScreen(self.lobby, self._day,
                                               kind.id if kind and kind.id else None))


class StatsScreen(Screen[None]):
    """Played, solved unaided, best and median times per kind and level; streaks; recent times."""

    CSS_PATH = "daily.tcss"
    HELP_KEYS: ClassVar[Keys] = STATS_KEYS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
        Binding("l", "leaderboard", "Leaderboard"),
        Binding("question_mark", "app.help", "Help"),
    ]

    def __init__(self, lobby: Lobby) -> None:
        super().__init__()
        self.lobby = lobby

    def action_leaderboard(self) -> None:
        self.app.push_screen(LeaderboardScreen(self.lobby))

    def compose(self) -> ComposeResult:
        self.stats = stats = stats_for(self.lobby.store, self.lobby.today())
        yield Label("Stats", id="stats-title")
        with VerticalScroll(id="stats-box"):
            table = "\n".join(line for line in stats_text(stats, recent=False).splitlines()
                               if line)  # no blank line: the charts need the room
            yield Static(table, id="stats-table")
        with Horizontal(id="charts"):
            with Vertical(id="recent-box"):
                if stats.recent:
                    yield ColumnChart(recent_bars(stats), id="recent")
                else:
                    yield Static("No daily Sudoku solved unaided yet.", classes="empty")
            with Vertical(id="medians-box"):
                medians = median_bars(stats)
                if medians:
                    yield RowChart(medians, id="medians")
                else:
                    yield Static("No times yet.", classes="empty")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#recent-box").border_title = "Recent daily Sudoku times"
        kinds = {find_kind(r.kind).title for r in self.stats.rows}
        self.query_one("#medians-box").border_title = (
            f"{kinds.pop()}: median by level" if len(kinds) == 1 else "Median by level")

    def action_back(self) -> None:
        self.app.pop_screen()
