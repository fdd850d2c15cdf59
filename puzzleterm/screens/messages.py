"""What screens send up to the app, and what the app hands down to them.

Screens never call the app's methods: they post these messages (through
:func:`.keyorder.ask_app`, so keys typed behind one reach the screen it opens), and the app
acts on them.  What a screen reads of the app's world (the store, today's date, the saved
game's line) comes down as a :class:`Lobby`, given when the screen is made.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Protocol

from textual.message import Message
from textual.screen import Screen

from ..engine import Puzzle
from ..engine.daily import DailyEntry
from ..play import Dealt, Result, SavedGame
from ..store import Store
from .dialogs import Summary


class Lobby(Protocol):
    """What the home, calendar, stats and leaderboard screens read (the app is one)."""

    @property
    def store(self) -> Store: ...

    def today(self) -> date: ...

    def saved_summary(self) -> str | None:
        """One line naming the saved game in progress (None: there is none)."""
        ...

    def games_in_progress(self) -> list[tuple[str, str]]:
        """The other free games in progress (one per kind and size): ``(slot, line)``."""
        ...


class ResumeGame(Message):
    """Continue a saved game in progress: the one in ``slot``, else the latest."""

    def __init__(self, slot: str | None = None) -> None:
        super().__init__()
        self.slot = slot


class ChooseNewGame(Message):
    """Ask for a new game of ``kind`` (size and level in the chooser); dealt on ``screen``
    when one is given and still there, else on a new screen."""

    def __init__(self, kind: str, params: str | None = None,
                 screen: Screen[Any] | None = None) -> None:
        super().__init__()
        self.kind = kind
        self.params = params
        self.screen = screen


class ChoosePractice(Message):
    """Ask for a puzzle that practises a technique (chosen in the practice chooser)."""


class OpenDaily(Message):
    """Play a daily: its saved game when it was started, else a fresh deal."""

    def __init__(self, entry: DailyEntry) -> None:
        super().__init__()
        self.entry = entry


class PlayDealt(Message):
    """Play a puzzle already dealt and checked (the player's own, from its dialog)."""

    def __init__(self, dealt: Dealt) -> None:
        super().__init__()
        self.dealt = dealt


class GoHome(Message):
    """Close the screen in front: back to the one under it, or home."""


class DailyDealt(Message):
    """A daily's puzzle was dealt: keep it in the store's cache (on the UI thread)."""

    def __init__(self, entry: DailyEntry, puzzle: Puzzle[Any]) -> None:
        super().__init__()
        self.entry = entry
        self.puzzle = puzzle


class Completes(Protocol):
    """A screen that takes the completion dialog's answer (``new``, ``home`` or None)."""

    def after_completion(self, answer: str | None) -> None: ...


class GameFinished(Message):
    """A game was solved: record it (the save and its result) and show the completion
    dialog; its answer goes back to ``screen.after_completion``."""

    def __init__(self, screen: Completes, saved: SavedGame, result: Result,
                 summary: Summary) -> None:
        super().__init__()
        self.screen = screen
        self.saved = saved
        self.result = result
        self.summary = summary
