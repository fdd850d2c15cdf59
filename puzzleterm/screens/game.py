"""The generic game screen: what every puzzle kind shares.

Clock, pause, the side panel, undo/redo/restart, the three hint presses (worked out in a
worker), reveal, completion, notices, dealing in a worker and resizes live here.  A kind's
screen subclasses :class:`GameScreen` and supplies the board (Tatham's front end): how it is
composed and drawn, how keys become moves, what the panel adds and what "reveal this" names.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, LoadingIndicator, Static
from textual.worker import Worker, WorkerState

from ..daily_play import day_of
from ..engine import MoveError, Puzzle, PuzzleError, Status, Step
from ..session import Session, format_time
from .dialogs import CompletionScreen, ConfirmScreen, NewGameChoice, Summary
from .game_clock import IDLE_PAUSE, TimeAway
from .game_hints import HintPresses
from .help import Keys, bound_keys, game_keys
from .panel import Shown, show_line

if TYPE_CHECKING:
    from ..app import PuzzleApp
    from ..engine.daily import DailyEntry

PANEL_MIN = 22  # columns kept for the side panel
FOOTER = 1
SAVE_EVERY = 10  # seconds of play between saves of the clock alone
PAUSED = "Paused — press p to go on."

#: Actions that change the game; refused while paused or loading.
GAME_ACTIONS = {"hint", "undo", "redo", "reveal_cell", "reveal_all", "restart"}


class GameScreen(HintPresses, TimeAway, Screen[None]):
    """Plays one game of any kind; deals it first (in a worker thread) when asked."""

    # absolute: a kind's screen may live in another package, and a relative CSS_PATH is
    # read next to the subclass's module
    CSS_PATH = str(Path(__file__).with_name("game.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "Help"),
        Binding("t", "hint", "Hint"),
        Binding("u,z", "undo", "Undo"),
        Binding("y,U", "redo", "Redo"),
        Binding("p", "pause", "Pause"),
        Binding("n", "new_game", "New"),
        Binding("escape", "home", "Home"),
        Binding("V", "reveal_all", "Reveal all", show=False),
        Binding("R", "restart", "Restart", show=False),
        Binding("i", "game_id", "Game ID", show=False),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    #: The kind's own keys, for the help screen.
    HELP_KEYS: ClassVar[list[tuple[str, list[tuple[str, str]]]]] = []
    HELP_NOTE: ClassVar[str] = "Hints and reveals mark a game as assisted."

    def __init__(self, session: Session | None = None, *, deal: NewGameChoice | None = None,
                 game_id: str | None = None, daily: DailyEntry | None = None) -> None:
        super().__init__()
        self.session: Session | None = session
        self._deal = deal
        self._deal_id = game_id
        self._daily = daily
        self.hint_step: Step | None = None
        self.hint_stage = 0
        self._hint_state: Any = None
        # the hint worker: the (session, state, notation) it is working on, and whether the
        # player is waiting for a hint on the current position ("thinking…")
        self._hint_job: tuple[Session, Any, str] | None = None
        self._hint_waiting = False
        self._hint_restage = 0
        self._leave_when_shown = False
        self._away: set[str] = set()
        self._completion_shown = False
        self._fits = False
        self._ticks = 0
        self._last_input: float | None = None  # clock time of the last key or click
        self.auto_paused = False
        self._status = Text("")
        self._bindings_key: tuple[bool, ...] = ()
        self._shown: dict[str, Shown] = {}  # what each panel line shows

    # -- hooks for the kind's screen ---------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        """The board widget(s), inside the board area."""
        raise NotImplementedError

    @property
    def board(self) -> Widget:
        """The widget that takes focus while playing."""
        raise NotImplementedError

    def board_ready(self) -> None:
        """A session was dealt or restored: set up UI state (cursor...)."""

    def fit(self, width: int, height: int) -> str | None:
        """Lay the board out for the space given; a message when it does not fit."""
        raise NotImplementedError

    def draw_board(self) -> None:
        """Redraw the board from the session's state and the UI state."""
        raise NotImplementedError

    def panel_lines(self) -> Text:
        """The kind's lines in the panel, below the clock (mode, cursor, progress)."""
        s = self.session
        return Text(f"Moves {s.pos}" if s is not None else "")

    def key_to_move(self, event: events.Key) -> bool:
        """Turn a key into a move (``self.play``) or UI change; True when it was used."""
        return False

    def reveal_target(self) -> str | None:
        """The address of what the reveal key reveals (e.g. the cell under the cursor)."""
        return None

    @classmethod
    def bound_keys(cls, action: str) -> list[str]:
        """The keys this screen binds to ``action``, as the help writes them."""
        return bound_keys(cls.BINDINGS, action)

    def help_keys(self) -> Keys:
        """The kind's keys, then the game keys as this screen binds them."""
        return [*self.HELP_KEYS, *game_keys(self.BINDINGS)]

    def title_text(self) -> str:
        s = self.session
        assert s is not None
        return f"{self.daily_prefix()}{s.kind.title} {s.puzzle.params}"

    def daily_prefix(self) -> str:
        """``Daily 2026-11-22 · `` in front of a daily game's title."""
        day = day_of(self.session.context) if self.session is not None else None
        return f"Daily {day.isoformat()} · " if day is not None else ""

    # -- composition -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Container(id="board-area"):
                yield from self.compose_board()
                yield Static(PAUSED, id="paused")
                yield LoadingIndicator(id="loading")
                yield Static("", id="loading-text")
            # scrolls (to the end, the hint) only when a long hint does not fit the terminal
            with VerticalScroll(id="panel", can_focus=False):
                yield Static("", id="title")
                yield Static("", id="info")
                yield Static("", id="status")
                yield Static("", id="hint")
        yield Static("", id="too-small")
        yield Footer()

    @property
    def puzzle_app(self) -> PuzzleApp:
        return cast("PuzzleApp", self.app)

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume)
        if self.session is None:
            self._start_deal()
        else:
            self._session_ready()

    def on_unmount(self) -> None:
        self.app.app_suspend_signal.unsubscribe(self)
        self.app.app_resume_signal.unsubscribe(self)
        if self.session is not None:
            self.set_away("screen", True)
            self.save()

    # -- dealing ---------------------------------------------------------------------------
    def _start_deal(self) -> None:
        self.session = None
        self._set_loading(True)
        deal, game_id, daily, app = self._deal, self._deal_id, self._daily, self.puzzle_app
        if daily is not None:
            text = f"Dealing the daily puzzle of {daily.day.isoformat()}…"
        elif game_id is not None:
            text = f"Loading {game_id}…"
        elif deal is not None:
            lv = deal.level.label if deal.level is not None else "any level"
            text = f"Dealing a {deal.params} puzzle ({lv})…"
        else:
            text = "Dealing…"
        self.query_one("#loading-text", Static).update(text)
        self._refresh_keys()
        # exit_on_error=False: a puzzle that cannot be dealt is a notice, never a crash
        self.run_worker(lambda: app.deal(deal, game_id, daily), thread=True, exclusive=True,
                        group="deal", name="deal", exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if not self.is_attached:
            return
        if event.worker.name == "hint":
            self._hint_done(event.worker, event.state)
            return
        if event.worker.name != "deal" or event.worker.is_cancelled:
            return
        if event.state is WorkerState.SUCCESS:
            puzzle, solution = cast("tuple[Puzzle[Any], Any]", event.worker.result)
            daily = self._daily
            session = self.session = Session(puzzle, self.puzzle_app.clock, solution=solution,
                                             context=daily.context if daily else None)
            if daily is not None:
                self.puzzle_app.remember_deal(daily, puzzle)
            asked = self._deal.level if self._deal is not None else None
            self._deal = None
            self._deal_id = None
            self._daily = None
            self._session_ready()
            self.save()
            if asked is not None and session.level is not asked:
                got = session.level.label if session.level is not None else "unrated"
                self.say(f"No {asked.label} {puzzle.params} puzzle could be dealt; "
                         f"this one is {got}.", severity="warning")
        elif event.state is WorkerState.ERROR:
            err = event.worker.error
            msg = str(err) if isinstance(err, PuzzleError) else f"{type(err).__name__}: {err}"
            what = "open the game ID" if self._deal_id is not None else "deal the puzzle"
            self.app.notify(f"Could not {what}: {msg}", severity="error", timeout=10)
            # back home; the saved game (if any) is untouched: this screen saved nothing
            self._deal = None
            self._deal_id = None
            self._daily = None
            self.dismiss_to_home()

    def _set_loading(self, loading: bool) -> None:
        indicator = self.query_one("#loading", LoadingIndicator)
        indicator.display = loading
        indicator.auto_refresh = 1 / 16 if loading else None  # hidden, it still ticks 16/s
        self.query_one("#loading-text", Static).display = loading
        self.board.display = not loading
        self.query_one("#paused", Static).display = False

    def _session_ready(self) -> None:
        session = self.session
        assert session is not None
        self._set_loading(False)
        self.board_ready()
        self.hint_step, self.hint_stage, self._hint_state = None, 0, None
        self._hint_waiting = False
        self._status = Text("")
        self._completion_shown = session.finished
        session.set_away(bool(self._away))
        self.auto_paused = False
        self.note_input()
        self.relayout()
        self.board.focus()

    # -- layout and drawing ----------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.relayout()

    def relayout(self) -> None:
        note = self.query_one("#too-small", Static)
        body = self.query_one("#body")
        if self.session is None:
            note.display = False
            body.display = True
            return
        width, height = self.size.width, self.size.height
        problem = self.fit(width - PANEL_MIN - 1, height - FOOTER)
        if problem is not None:
            note.update(f"{problem}\n\nEsc: home · q: quit")
            note.display = True
            body.display = False
            self._fits = False
            self.set_away("too-small", True)
            self._refresh_keys()
            return
        note.display = False
        body.display = True
        self._fits = True
        self.set_away("too-small", False)
        self.redraw()

    def redraw(self) -> None:
        session = self.session
        if session is None or not self._fits:
            return
        paused = session.paused
        self.board.display = not paused
        note = self.query_one("#paused", Static)
        note.display = paused
        if paused:
            note.update(f"Paused after {IDLE_PAUSE // 60} minutes without a key — press p to "
                        "go on." if self.auto_paused else PAUSED)
        if not paused:
            self.draw_board()
        self._draw_panel()

    def _draw_panel(self) -> None:
        session = self.session
        assert session is not None
        title = Text(self.title_text(), style="bold")
        level = session.level.label if session.level is not None else "unrated"
        rating = f" ({session.rating:.1f})" if session.rating is not None else ""
        title.append(f"\n{level}{rating}", style="italic")
        self._show("title", title)
        info = Text()
        info.append("Time  ")
        info.append(format_time(session.elapsed), style="bold")
        if session.paused:
            info.append("  paused", style="reverse")
            if self.auto_paused:
                info.append(f"\nno key for {IDLE_PAUSE // 60} minutes", style="italic")
        lines = self.panel_lines()
        if lines.plain:
            info.append("\n")
            info.append_text(lines)
        flags = []
        if session.options.get("check"):
            flags.append("checking")
        if session.assisted:
            flags.append("assisted")
        if session.hints_used:
            flags.append(f"hints {session.hints_used}")
        if flags:
            info.append("\n" + " · ".join(flags))
        if session.finished:
            info.append("\nSolved!", style="bold green")
        elif session.status is Status.BROKEN:
            info.append("\n" + self.broken_text(), style="bold red")
        self._show("info", info)
        self._show("status", self._status)
        hint, was = self._hint_text(), self._shown.get("hint")
        self._show("hint", hint)
        if self._shown["hint"] is not was:  # a new hint: its end (what t does next) in view
            panel = self.query_one("#panel", VerticalScroll)
            if hint.plain:
                panel.scroll_end(animate=False)
            else:
                panel.scroll_home(animate=False)
        self._refresh_keys()

    def _show(self, name: str, text: Text) -> None:
        """Update a panel line only when it changed (see :func:`.panel.show_line`)."""
        self._shown[name] = show_line(self.query_one(f"#{name}", Static), text,
                                      self._shown.get(name))

    def broken_text(self) -> str:
        return "A rule is broken"

    def say(self, message: str, severity: str = "information") -> None:
        """Tell the player something in the side panel (toasts would cover the board)."""
        style = {"warning": "bold yellow", "error": "bold red"}.get(severity, "")
        self._status = Text(message, style=style)
        self._show("status", self._status)

    def clear_status(self) -> None:
        self._status = Text("")

    def _refresh_keys(self) -> None:
        """Update the footer when what the keys can do has changed."""
        s = self.session
        key = (self.playable(), s is not None and s.can_undo, s is not None and s.can_redo,
               s is not None and not s.finished)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    @property
    def shown_step(self) -> Step | None:
        """The hint step the board should highlight (from the second press on)."""
        return self.hint_step if self.hint_stage >= 2 else None

    def _tick(self) -> None:
        self.idle_check()
        if self.session is not None and self.session.running and self.is_current:
            self._draw_panel()
            self._ticks += 1
            if self._ticks % SAVE_EVERY == 0:
                self.save()  # the clock, between moves

    # -- moves -----------------------------------------------------------------------------
    def playable(self) -> bool:
        s = self.session
        return s is not None and not s.paused and not s.finished and self._fits

    async def on_key(self, event: events.Key) -> None:
        """Every key of the game, in the order typed.

        The screen's own bindings run here too: left to the app, a binding runs only once
        its key has bubbled up past the screen, after keys typed behind it were handled
        (``m5`` in one burst would add a digit, then switch to pencil mode).  A key that
        arrives once a dialog is on top is the dialog's (the app hands it its bindings).
        """
        if self.app.screen is not self:
            return
        self.note_input()
        session = self.session
        if (session is not None and not session.paused and self._fits
                and self.key_to_move(event)):
            event.stop()
            event.prevent_default()
            return
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return

    def play(self, move: str, how: str = "play") -> bool:
        """Record a move through the session; a refused move becomes a notice."""
        session = self.session
        assert session is not None
        try:
            if how == "hint":
                changed = session.apply_hint(move)
            elif how == "restart":
                changed = session.restart()
            else:
                changed = session.play(move)
        except MoveError as exc:
            self.say(str(exc), severity="warning")
            return False
        if changed:
            self.after_change()
        return changed

    def reveal(self, at: str | None) -> None:
        session = self.session
        assert session is not None
        try:
            changed = session.reveal(at)
        except MoveError as exc:
            self.say(str(exc), severity="warning")
            return
        if changed:
            self.after_change()

    def after_change(self) -> None:
        self.hint_step, self.hint_stage, self._hint_state = None, 0, None
        self._hint_waiting = False  # a hint still being worked out is for the old position
        self._hint_restage = 0
        self._status = Text("")
        self.save()
        self.redraw()
        session = self.session
        if session is not None and session.finished and not self._completion_shown:
            self._completion_shown = True
            done = self.puzzle_app.finish(session)
            summary = self.summary()
            if done is not None:
                summary = replace(summary, share=done.share, streak=done.streak_text)
            self.app.push_screen(CompletionScreen(summary), self._after_completion)

    def summary(self) -> Summary:
        s = self.session
        assert s is not None
        return Summary(
            title=self.title_text(),
            elapsed=format_time(s.elapsed),
            level=s.level.label if s.level is not None else "unrated",
            rating=f"{s.rating:.1f}" if s.rating is not None else "—",
            hints_used=s.hints_used,
            hints_applied=s.hints_applied,
            reveals=s.reveals,
            assisted=s.assisted,
            moves=s.pos,
        )

    def _after_completion(self, answer: str | None) -> None:
        if answer == "new":
            self.action_new_game()
        elif answer == "home":
            self.dismiss_to_home()

    def save(self) -> None:
        if self.session is not None and not self.session.finished:
            self.puzzle_app.save_session(self.session)

    # -- actions ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out keys that do nothing now."""
        s = self.session
        if s is None:
            return None if action in GAME_ACTIONS or action == "pause" else True
        if action == "pause":
            return None if s.finished else True
        if action in GAME_ACTIONS and not self.playable():
            return None
        if (action == "undo" and not s.can_undo) or (action == "redo" and not s.can_redo):
            return None
        return True

    def action_undo(self) -> None:
        self._step_history("undo")

    def action_redo(self) -> None:
        self._step_history("redo")

    def _step_history(self, which: str) -> None:
        s = self.session
        if s is None or not self.playable():
            return
        if s.undo() if which == "undo" else s.redo():
            self.after_change()
        else:
            self.say(f"Nothing to {which}.")

    def action_restart(self) -> None:
        if self.playable():
            self.play("", how="restart")

    def action_game_id(self) -> None:
        """Show the ID that names this puzzle (its seed when it has one, else its givens)."""
        s = self.session
        if s is None:
            return
        from .dialogs import GameIdScreen

        self.app.push_screen(GameIdScreen(s.puzzle.seed_id or s.game_id))

    def action_pause(self) -> None:
        s = self.session
        if s is None or s.finished:
            return
        s.set_paused(not s.paused)
        self.auto_paused = False
        self.save()
        self.redraw()
        if not s.paused:
            self.board.focus()

    def action_reveal_cell(self) -> None:
        if self.session is not None and self.playable():
            self.reveal(self.reveal_target())

    def action_reveal_all(self) -> None:
        s = self.session
        if s is None or not self.playable():
            return

        def answer(yes: bool | None) -> None:
            if yes and self.session is s and self.playable():
                self.reveal(None)

        self.app.push_screen(
            ConfirmScreen("Reveal the whole solution? The game will count as assisted.",
                          yes="Reveal", no="Keep playing"), answer)

    def action_new_game(self) -> None:
        s = self.session
        kind = s.kind.name if s is not None else (self._deal.kind if self._deal else "sudoku")
        params = s.puzzle.params if s is not None else None
        self.puzzle_app.choose_new_game(kind, params=params, replace_screen=self)

    def new_deal(self, choice: NewGameChoice) -> None:
        """Deal a new game on this screen (the old save stays until the new one is ready)."""
        if self.session is not None:
            self.save()
        self._deal = choice
        self._deal_id = None
        self._daily = None
        self._completion_shown = False
        self._start_deal()

    def action_home(self) -> None:
        self.dismiss_to_home()

    def dismiss_to_home(self) -> None:
        self.workers.cancel_group(self, "deal")
        if self.app.screen is self:
            self.puzzle_app.leave_to_home()
        elif self.is_attached:
            self._leave_when_shown = True  # under a dialog or help: leave once it closes

    # -- time away (see TimeAway) -------------------------------------------------------------
    def on_screen_suspend(self) -> None:
        self.set_away("screen", True)
        self.save()

    def on_screen_resume(self) -> None:
        if self._leave_when_shown:
            self._leave_when_shown = False
            self.dismiss_to_home()
            return
        self.set_away("screen", False)
        if self.session is not None:
            self.redraw()
