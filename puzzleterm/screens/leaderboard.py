"""The daily leaderboard: a day's fastest unassisted times of one kind, by player.

Left and right change the day, ``k`` the kind (of that day's set); ``n`` sets the name the
player shows (else the start of their key's fingerprint).  Guests are not ranked.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, Static

from ..daily_play import GUEST_NOTE, is_guest, leaderboard_text
from ..engine import find_kind
from ..engine.daily import DEFAULT_KIND, FIRST_DATE, daily_set
from ..store import StoreError, display_name
from .help import LEADERBOARD_KEYS, Keys
from .messages import Lobby


class LeaderboardScreen(Screen[None]):
    """One day's board for one kind."""

    DEFAULT_CSS = """
    LeaderboardScreen #board-title { width: 100%; content-align: center middle;
        text-style: bold; color: $accent; padding: 1 0; }
    LeaderboardScreen #board-box { height: auto; border: round $accent; padding: 0 1;
        margin: 0 1; }
    LeaderboardScreen #board-note { color: $text-muted; padding: 1 1 0 1; }
    LeaderboardScreen #name-input { margin: 1 1 0 1; }
    LeaderboardScreen #name-input.hidden { display: none; }
    """
    HELP_KEYS: ClassVar[Keys] = LEADERBOARD_KEYS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "Back"),
        Binding("left", "day(-1)", "Day before"),
        Binding("right", "day(1)", "Day after"),
        Binding("k", "kind", "Kind"),
        Binding("n", "name", "Your name"),
        Binding("question_mark", "app.help", "Help"),
    ]

    def __init__(self, lobby: Lobby, day: date | None = None, kind: str | None = None) -> None:
        super().__init__()
        self.lobby = lobby
        self._start = day
        self.kind = kind or DEFAULT_KIND

    def compose(self) -> ComposeResult:
        today = self.lobby.today()
        self.day = min(max(self._start or today, FIRST_DATE), today)
        yield Label("Leaderboard", id="board-title")
        with Vertical(id="board-box"):
            yield Static("", id="board-table")
        yield Static("", id="board-note")
        yield Input(placeholder="your name on the leaderboard, then Enter", max_length=16,
                    id="name-input", classes="hidden", disabled=True)
        yield Footer()

    def on_mount(self) -> None:
        self.fill()

    def kinds(self) -> list[str]:
        return [e.kind for e in daily_set(self.day)]

    def fill(self) -> None:
        kinds = self.kinds()
        if self.kind not in kinds:
            self.kind = kinds[0]
        store = self.lobby.store
        board = store.leaderboard(self.day, self.kind)
        self.query_one("#board-title", Label).update(
            f"Leaderboard · {self.day.strftime('%a %d %b %Y')} · {find_kind(self.kind).title}")
        self.query_one("#board-table", Static).update(leaderboard_text(board, store.player))
        if is_guest(store):
            who = GUEST_NOTE
        else:
            who = f"You are {display_name(store.player, store.name())} here; n sets a name."
        note = [who, "← → another day · k another puzzle of the day"]
        if getattr(store, "online", True) is False:
            note.insert(0, "The shared database is out of reach: this server's results only.")
        self.query_one("#board-note", Static).update("\n".join(note))

    def action_day(self, days: int) -> None:
        day = min(max(self.day + timedelta(days=days), FIRST_DATE), self.lobby.today())
        if day != self.day:
            self.day = day
            self.fill()

    def action_kind(self) -> None:
        kinds = self.kinds()
        self.kind = kinds[(kinds.index(self.kind) + 1) % len(kinds)] if self.kind in kinds \
            else kinds[0]
        self.fill()

    def action_name(self) -> None:
        if is_guest(self.lobby.store):
            self.app.notify(GUEST_NOTE, severity="warning", timeout=6)
            return
        field = self.query_one("#name-input", Input)
        field.disabled = False
        field.remove_class("hidden")
        field.value = self.lobby.store.name() or ""
        field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            self.lobby.store.set_name(event.value.strip())
        except StoreError as exc:
            self.app.notify(str(exc), severity="error", timeout=8)
            return
        self._hide(event.input)
        taken = self.lobby.store.name() or event.value.strip()  # as normalised
        self.app.notify(f"You are {taken} on the leaderboard.", timeout=5)
        self.fill()

    def _hide(self, field: Input) -> None:
        field.add_class("hidden")
        field.disabled = True

    def action_back(self) -> None:
        field = self.query_one("#name-input", Input)
        if not field.has_class("hidden"):
            self._hide(field)
            return
        self.app.pop_screen()
