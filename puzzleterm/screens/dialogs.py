"""Modal dialogs: confirm, new-game chooser, technique-practice chooser, completion.  Each
``dismiss``-es its answer."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..engine import Level
from ..engine.kind import PracticeChoice
from ..play import NewGameChoice, Result, format_time
from ..widgets.share_box import ShareBox, clipboard_doubtful
from .keyorder import enter_on_list, hand_on, move_in_list


class ButtonRow(Horizontal):
    """Buttons side by side; left/right move the focus between them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
    ]


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question about the action a key asked for.

    Enter confirms that action (its button has the focus), ``y`` too; Escape and ``n``
    cancel; the arrow keys move between the buttons.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,n", "answer(False)", "Cancel"),
        Binding("y", "answer(True)", "Confirm"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="question")
            with ButtonRow(classes="buttons"):
                yield Button(self.yes, id="yes", variant="primary")
                yield Button(self.no, id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class NewGameScreen(ModalScreen[NewGameChoice | None]):
    """Pick a size and a level for one kind.  Enter on a list moves on; Enter on Start deals.

    ``levels`` maps each size to the levels dealt on it: the level list follows the size.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, kind: str, title: str, sizes: tuple[str, ...],
                 levels: dict[str, list[Level | None]], size: str | None = None,
                 level: Level | None = None, *, label: str = "Size",
                 notes: dict[str, str] | None = None) -> None:
        super().__init__()
        self.params_label = label
        self.notes = notes or {}
        self.kind_name = kind
        self.kind_title = title
        self.sizes = sizes
        self.levels_by_size = levels
        self.chosen_size = size if size in sizes else sizes[0]
        self.chosen_level = nearest_level(level, self.levels)

    @property
    def levels(self) -> list[Level | None]:
        """The levels offered for the size now chosen."""
        return self.levels_by_size.get(self.chosen_size) or [None]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chooser"):
            yield Label(f"New {self.kind_title}", classes="title")
            with Horizontal(classes="lists"):
                with Vertical(classes="column"):
                    yield Label(self.params_label)
                    yield OptionList(*[Option(s, id=s) for s in self.sizes], id="sizes")
                with Vertical(classes="column"):
                    yield Label("Level")
                    yield OptionList(*self._level_options(), id="levels")
            yield Label(self._level_note(), id="level-note", classes="note")
            with ButtonRow(classes="buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        sizes = self.query_one("#sizes", OptionList)
        sizes.highlighted = self.sizes.index(self.chosen_size)
        levels = self.query_one("#levels", OptionList)
        levels.highlighted = self.levels.index(self.chosen_level)
        self.set_focus(sizes)  # now, not after keys already typed

    async def on_key(self, event: events.Key) -> None:
        """Keys act here, in the order typed (see :mod:`.keyorder`): Enter on the sizes moves
        to the levels at once, Enter on the levels deals."""
        if hand_on(self, event) or move_in_list(self, event):
            return
        chosen = enter_on_list(self, event)
        if chosen is not None:
            self.choose(*chosen)

    def choose(self, option_list: OptionList, index: int) -> None:
        if option_list.id == "sizes":
            self._choose_size(self.sizes[index])
            self.set_focus(self.query_one("#levels", OptionList))
        else:
            self._choose_level(option_list.get_option_at_index(index))
            self._start()

    def _level_note(self) -> str:
        """What the kind says of the levels of the chosen size (e.g. where it tops out)."""
        return self.notes.get(self.chosen_size, "")

    def _level_options(self) -> list[Option]:
        return [Option(level_label(lv), id=level_key(lv)) for lv in self.levels]

    def _choose_size(self, size: str) -> None:
        if size == self.chosen_size:
            return
        self.chosen_size = size
        self.chosen_level = nearest_level(self.chosen_level, self.levels)
        levels = self.query_one("#levels", OptionList)
        levels.set_options(self._level_options())
        levels.highlighted = self.levels.index(self.chosen_level)
        self.query_one("#level-note", Label).update(self._level_note())

    def _choose_level(self, option: Option) -> None:
        self.chosen_level = LEVEL_BY_KEY.get(option.id or "", self.chosen_level)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "sizes":
            self._choose_size(self.sizes[event.option_index])
        elif event.option_list.id == "levels":
            self._choose_level(event.option)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()  # a click (keys are taken in on_key)
        self.choose(event.option_list, event.option_index)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self._start()
        else:
            self.dismiss(None)

    def _start(self) -> None:
        self.dismiss(NewGameChoice(self.kind_name, self.chosen_size, self.chosen_level))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PracticeScreen(ModalScreen[NewGameChoice | None]):
    """Pick a technique to practise: the puzzle dealt has it as its hardest step, so the hint
    reaches it on the way.  Enter on a technique (or Start) deals; the techniques refused are
    named below the list, with the first one's reason."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, kind: str, title: str, params: str,
                 choices: tuple[PracticeChoice, ...], technique: str | None = None) -> None:
        super().__init__()
        self.kind_name = kind
        self.kind_title = title
        self.params = params
        self.offered = [c for c in choices if not c.refused]
        self.refused = [c for c in choices if c.refused]
        ids = [c.id for c in self.offered]
        self.chosen = ids.index(technique) if technique in ids else 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chooser practice"):
            yield Label(f"Practise a technique · {self.kind_title} {self.params}",
                        classes="title")
            yield OptionList(*[Option(practice_line(c), id=c.id) for c in self.offered],
                             id="techniques")
            yield Static(self._note(), id="practice-note", classes="note")
            with ButtonRow(classes="buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Cancel", id="cancel")

    def _note(self) -> str:
        if not self.offered:
            return "No technique can be practised here."
        note = "The puzzle's hardest step is the technique chosen."
        if self.refused:
            names = ", ".join(c.name for c in self.refused)
            note += f"\nNot dealt: {names}."
        return note

    def on_mount(self) -> None:
        techniques = self.query_one("#techniques", OptionList)
        if self.offered:
            techniques.highlighted = self.chosen
        self.set_focus(techniques)

    async def on_key(self, event: events.Key) -> None:
        """Keys act here, in the order typed (see :mod:`.keyorder`): Enter on a technique
        deals."""
        if hand_on(self, event) or move_in_list(self, event):
            return
        chosen = enter_on_list(self, event)
        if chosen is not None:
            self.chosen = chosen[1]
            self._start()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.chosen = event.option_index

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()  # a click (keys are taken in on_key)
        self.chosen = event.option_index
        self._start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self._start()
        else:
            self.dismiss(None)

    def _start(self) -> None:
        if not self.offered:
            self.dismiss(None)
            return
        technique = self.offered[self.chosen].id
        self.dismiss(NewGameChoice(self.kind_name, self.params, None, technique=technique))

    def action_cancel(self) -> None:
        self.dismiss(None)


def practice_line(choice: PracticeChoice) -> Text:
    """A technique in the chooser: its name, then its level, dim."""
    return Text.assemble(f"{choice.name:<30}", (choice.level.label, "dim"))


def level_label(level: Level | None) -> str:
    return "Any (unrated)" if level is None else level.label.capitalize()


def level_key(level: Level | None) -> str:
    return "any" if level is None else level.name.lower()


LEVEL_BY_KEY: dict[str, Level | None] = {level_key(lv): lv for lv in [*Level, None]}


def nearest_level(level: Level | None, offered: list[Level | None]) -> Level | None:
    """``level`` if offered, else the hardest offered level below it (or the first offered)."""
    if level in offered:
        return level
    below = [lv for lv in offered if lv is not None and level is not None and lv < level]
    return below[-1] if below else offered[0]


@dataclass(frozen=True)
class Summary:
    """What the completion dialog reports."""

    title: str
    elapsed: str
    level: str
    rating: str
    hints_used: int
    hints_applied: int
    reveals: int
    assisted: bool
    moves: int
    #: a daily's line to paste anywhere, and its streak
    share: str | None = None
    streak: str | None = None
    #: a practice replay of a daily already solved: not recorded (``share`` is the first
    #: solve's line)
    practice: bool = False

    @classmethod
    def of(cls, result: Result, title: str) -> Summary:
        """What a finished game's result shows, under ``title``."""
        return cls(
            title=title,
            elapsed=format_time(result.elapsed),
            level=result.level.label if result.level is not None else "unrated",
            rating=f"{result.rating:.1f}" if result.rating is not None else "—",
            hints_used=result.hints,
            hints_applied=result.hints_applied,
            reveals=result.reveals,
            assisted=result.assisted,
            moves=result.moves,
        )


class CompletionScreen(ModalScreen[str]):
    """Shown when a puzzle is solved; answers ``new``, ``home`` or ``stay``."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "answer('new')", "New game"),
        Binding("escape", "answer('stay')", "Look at the board"),
        Binding("h", "answer('home')", "Home"),
        Binding("c", "copy", "Copy share line"),
    ]

    def __init__(self, summary: Summary) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        s = self.summary
        lines: list[str] = [
            f"Time      {s.elapsed}",
            f"Level     {s.level}",
            f"Rating    {s.rating}",
            f"Moves     {s.moves}",
            f"Hints     {s.hints_used} asked, {s.hints_applied} applied",
            f"Revealed  {s.reveals}",
        ]
        with Vertical(classes="dialog completion" + (" daily" if s.share else "")):
            yield Label("Solved!", classes="title")
            yield Static(s.title, classes="subtitle")
            yield Static("\n".join(lines), id="summary")
            note = ("Assisted: hints, reveals or checks were used." if s.assisted
                    else "Solved unaided.")
            if s.practice:
                note = "Practice: this replay is not recorded. Your daily, as first solved:"
            yield Static(note, classes="note")
            if s.streak is not None:
                yield Static(s.streak, id="streak", classes="note")
            if s.share is not None:
                yield ShareBox(s.share, id="share")
                yield Static(Text("c copies this line", "dim"), classes="share-note")
            with ButtonRow(classes="buttons"):
                yield Button("New game", id="new", variant="primary")
                yield Button("Home", id="home")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def show_streak(self, text: str) -> None:
        """The streak and place lines again (a rank that was pending, now known)."""
        self.summary = replace(self.summary, streak=text)
        for field in self.query("#streak").results(Static):
            field.update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id))

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.summary.share is not None if action == "copy" else True

    def action_copy(self) -> None:
        if self.summary.share is not None:
            copy_share(self, self.summary.share)


def copy_share(screen: ModalScreen[Any], line: str) -> None:
    """Copy a share line to the clipboard through the terminal, and leave it selected on
    ``screen`` (its :class:`ShareBox`), to copy by hand where the terminal does not take it."""
    screen.app.copy_to_clipboard(line)
    box = screen.query_one(ShareBox)
    box.select_all()
    if clipboard_doubtful(os.environ):
        screen.app.notify("This terminal may not take the clipboard: the line is selected "
                          "on screen, copy it from there.", timeout=6)
    else:
        screen.app.notify("Share line copied (where the terminal allows); it is also "
                          "selected on screen.", timeout=4)


class GameIdScreen(ModalScreen[None]):
    """The game ID, whole on one line, with a key that copies it to the clipboard."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy"),
        Binding("escape,enter,i,q", "close", "Close"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog game-id"):
            yield Label("Game ID", classes="title")
            yield Static(self.game_id, id="game-id-text", markup=False)
            yield Static("Open it again, here or anywhere, with: puzzleterm play ID\n"
                         "c: copy to the clipboard · Enter: close", classes="note")

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.game_id)
        self.app.notify("Game ID copied to the clipboard (where the terminal allows it).",
                        timeout=4)

    def action_close(self) -> None:
        self.dismiss(None)


