"""The generic game screen: what every puzzle kind's screen shares.

It draws a game and translates keys: the side panel, the paused and too-small notes, the
loading indicator while a puzzle is dealt, and the keys every game has (undo, redo, restart,
hint, reveal, pause).  What counts is decided by the game's :class:`~puzzleterm.play.Play`:
every board input goes through it, and it refuses input while the clock is not running.  The
screen tells it when the board is out of sight (a dialog in front, a terminal too small) and
runs the slow work it names (dealing, hints) in workers.  Things the app does (home, a new
game, recording a finished game) are asked for with messages.

A kind's screen subclasses :class:`GameScreen` and supplies the board (Tatham's front end): how
it is composed and drawn, how keys become moves, what the panel adds and what "reveal this"
names.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

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
from ..engine import MoveError, PuzzleError, Step
from ..engine.daily import DEFAULT_KIND
from ..engine.moves import Move
from ..play import (
    PRACTICE_PREFIX,
    DealRequest,
    Dealt,
    HintNews,
    Hold,
    NewGameChoice,
    Play,
    Ports,
    Session,
    is_practice,
)
from .dialogs import ConfirmScreen, GameIdScreen, Summary
from .help import Keys, bound_keys, game_keys
from .keyorder import ask_app, held
from .messages import ChooseNewGame, DailyDealt, GameFinished, GoHome
from .panel import (
    PAUSED,
    Shown,
    dealing_note,
    hint_lines,
    info_lines,
    paused_note,
    show_line,
    title_lines,
)
from .work import DEAL, HINT, HintWorkers, run_deal

PANEL_MIN = 22  # columns kept for the side panel
FOOTER = 1

#: Actions that change the game; refused while the clock is stopped or loading.
GAME_ACTIONS = {"hint", "undo", "redo", "reveal_cell", "reveal_all", "restart"}
#: Holds the screen sets (the player's pauses are the game's own).
SCREEN_HOLDS = (Hold.AWAY, Hold.DIALOG, Hold.TOO_SMALL, Hold.HIDDEN)


class GameScreen(Screen[None]):
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

    def __init__(self, ports: Ports, play: Play | None = None, *,
                 request: DealRequest | None = None) -> None:
        super().__init__()
        self.ports = ports
        self.game: Play | None = play
        self._request = request
        self._holds: set[Hold] = set()  # the screen's holds, kept for a game still dealt
        self._hints = HintWorkers(self)
        self._leave_when_shown = False
        self._fits = False
        self._status = Text("")
        self._bindings_key: tuple[bool, ...] = ()
        self._shown: dict[str, Shown] = {}  # what each panel line shows

    @property
    def session(self) -> Session | None:
        """The game's history (None while dealing)."""
        return self.game.session if self.game is not None else None

    # -- hooks for the kind's screen ---------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        """The board widget(s), inside the board area."""
        raise NotImplementedError

    @property
    def board(self) -> Widget:
        """The widget that takes focus while playing."""
        raise NotImplementedError

    def board_ready(self) -> None:
        """A game was dealt or restored: set up UI state (cursor...)."""

    def fit(self, width: int, height: int) -> str | None:
        """Lay the board out for the space given; a message when it does not fit."""
        raise NotImplementedError

    def draw_board(self) -> None:
        """Redraw the board from the game's state and the UI state."""
        raise NotImplementedError

    def panel_lines(self) -> Text:
        """The kind's lines in the panel, below the clock (mode, cursor, progress)."""
        s = self.session
        return Text(f"Moves {s.pos}" if s is not None else "")

    def key_to_move(self, event: events.Key) -> bool:
        """Turn a key into a typed move (``self.play``) or a UI change; True if it was used."""
        return False

    def reveal_target(self) -> str | None:
        """The address of what the reveal key reveals (e.g. the cell under the cursor)."""
        return None

    def notation(self) -> str:
        """How the board writes digits: "" for the kind's own, or one symbol per digit (see
        :func:`~puzzleterm.engine.types.text_symbols`); hints are written the same way."""
        return ""

    def no_hint_text(self) -> str:
        keys = self.bound_keys("reveal_all") or ["V"]
        return f"No logical step found from here. Reveal the solution ({keys[0]}) if you are stuck."

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
        """``Daily 2026-11-22 · `` in front of a daily game's title (``Practice · `` first
        for a practice replay of it)."""
        context = self.session.context if self.session is not None else None
        day = day_of((context or "").removeprefix(PRACTICE_PREFIX))
        practice = "Practice · " if is_practice(context) else ""
        return f"{practice}Daily {day.isoformat()} · " if day is not None else ""

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

    def on_mount(self) -> None:
        self.set_interval(1.0, self._tick)
        self.app.app_suspend_signal.subscribe(self, self._on_app_suspend)
        self.app.app_resume_signal.subscribe(self, self._on_app_resume)
        if self.game is None:
            self._start_deal()
        else:
            self._game_ready()

    def on_unmount(self) -> None:
        self.app.app_suspend_signal.unsubscribe(self)
        self.app.app_resume_signal.unsubscribe(self)
        if self.game is not None:
            self.game.hold(Hold.HIDDEN)  # the clock stops as the screen goes
            self.game.save()

    # -- dealing ---------------------------------------------------------------------------
    def _start_deal(self) -> None:
        request = self._request
        assert request is not None
        self.game = None
        self._set_loading(True)
        self.query_one("#loading-text", Static).update(dealing_note(request))
        self._refresh_keys()
        run_deal(self, self.ports.dealer, request)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if not self.is_attached:
            return
        if event.worker.name == HINT:
            ended = self._hints.ended(event.worker, event.state)
            if ended is not None and ended[0] is self.game:  # else: a game no longer here
                self._hint_news(*ended)
            return
        if event.worker.name != DEAL or event.worker.is_cancelled:
            return
        request = self._request
        if event.state is WorkerState.SUCCESS:
            dealt = event.worker.result
            assert isinstance(dealt, Dealt)
            game = self.game = Play.dealt(dealt, self.ports)
            if dealt.request.daily is not None:
                self.app.post_message(DailyDealt(dealt.request.daily, dealt.puzzle))
            self._request = None
            self._game_ready()
            game.save()
            shortfall = dealt.shortfall()
            if shortfall is not None:
                self.say(shortfall, severity="warning")
        elif event.state is WorkerState.ERROR:
            err = event.worker.error
            msg = str(err) if isinstance(err, PuzzleError) else f"{type(err).__name__}: {err}"
            what = "open the game ID" if request and request.game_id is not None \
                else "deal the puzzle"
            self.app.notify(f"Could not {what}: {msg}", severity="error", timeout=10)
            # back home; the saved game (if any) is untouched: this screen saved nothing
            self._request = None
            self.dismiss_to_home()

    def _set_loading(self, loading: bool) -> None:
        indicator = self.query_one("#loading", LoadingIndicator)
        indicator.display = loading
        indicator.auto_refresh = 1 / 16 if loading else None  # hidden, it still ticks 16/s
        self.query_one("#loading-text", Static).display = loading
        self.board.display = not loading
        self.query_one("#paused", Static).display = False

    def _game_ready(self) -> None:
        game = self.game
        assert game is not None
        self._set_loading(False)
        self.board_ready()
        self._status = Text("")
        for hold in SCREEN_HOLDS:
            game.hold(hold, hold in self._holds)
        game.note_input()
        game.set_notation(self.notation())
        self.relayout()
        self.board.focus()

    # -- the screen's holds on the clock -------------------------------------------------------
    def hold(self, hold: Hold, on: bool = True) -> None:
        """The board is out of sight for a reason (``on``), or back: the game's clock stops
        and board input is refused while any holds."""
        self._set_hold(hold, on)
        self.redraw()

    def _set_hold(self, hold: Hold, on: bool) -> None:
        if on:
            self._holds.add(hold)
        else:
            self._holds.discard(hold)
        if self.game is not None:
            self.game.hold(hold, on)

    def _in_front(self) -> None:
        """The screen is in front (a key or a dialog's answer reached it): nothing is on top
        of it, though the resume event may still be on its way."""
        if Hold.DIALOG in self._holds and self.app.screen is self:
            self.hold(Hold.DIALOG, False)

    def _on_app_suspend(self, _app: object) -> None:
        self.hold(Hold.HIDDEN)
        self.save()

    def _on_app_resume(self, _app: object) -> None:
        self.hold(Hold.HIDDEN, False)

    def on_screen_suspend(self) -> None:
        self.hold(Hold.DIALOG)
        self.save()

    def on_screen_resume(self) -> None:
        if self._leave_when_shown:
            self._leave_when_shown = False
            self.dismiss_to_home()
            return
        self.hold(Hold.DIALOG, False)

    # -- layout and drawing ----------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.relayout()

    def relayout(self) -> None:
        note = self.query_one("#too-small", Static)
        body = self.query_one("#body")
        if self.game is None:
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
            self._set_hold(Hold.TOO_SMALL, True)
            self._refresh_keys()
            return
        note.display = False
        body.display = True
        self._fits = True
        self._set_hold(Hold.TOO_SMALL, False)
        self.redraw()

    def redraw(self) -> None:
        game = self.game
        if game is None or not self._fits:
            return
        hidden = game.board_hidden
        self.board.display = not hidden
        note = self.query_one("#paused", Static)
        note.display = hidden
        if hidden:
            note.update(paused_note(game))
        else:
            self.draw_board()
        self._draw_panel()

    def _draw_panel(self) -> None:
        game = self.game
        assert game is not None
        self._show("title", title_lines(game, self.title_text()))
        self._show("info", info_lines(game, self.panel_lines(), self.broken_text()))
        self._show("status", self._status)
        hint, was = hint_lines(game), self._shown.get("hint")
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
        return self.game.shown_step if self.game is not None else None

    def _tick(self) -> None:
        game = self.game
        if game is None:
            return
        if game.tick():  # no key for the idle minutes: the game paused itself
            self.redraw()
        elif game.running and self.is_current:
            self._draw_panel()

    # -- board input: everything goes through the game ---------------------------------------
    def playable(self) -> bool:
        """Board input is taken now (the game's clock runs)."""
        return self.game is not None and self.game.running

    async def on_key(self, event: events.Key) -> None:
        """Every key of the game, in the order typed.

        The screen's own bindings run here too: left to the app, a binding runs only once
        its key has bubbled up past the screen, after keys typed behind it were handled
        (``m5`` in one burst would add a digit, then switch to pencil mode).  A key that
        arrives once a dialog is on top is the dialog's (the app hands it its bindings), and
        one that arrives while the app has still to act on what this screen asked follows
        the ask.
        """
        if held(self, event) or self.app.screen is not self:
            return
        self._in_front()
        game = self.game
        if game is not None:
            game.note_input()
            if self.playable() and self.key_to_move(event):
                event.stop()
                event.prevent_default()
                return
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()
                return

    def play(self, move: Move | str) -> bool:
        """Hand a typed move to the game; a refused or bad move is a notice."""
        game = self.game
        assert game is not None
        return self._input(lambda: game.play(move))

    def _input(self, do: Callable[[], bool]) -> bool:
        try:
            changed = do()
        except MoveError as exc:  # a bad move, or refused (the clock is not running)
            self.say(str(exc), severity="warning")
            return False
        if changed:
            self.after_change()
        return changed

    def after_change(self) -> None:
        self._status = Text("")
        self.redraw()
        game = self.game
        result = game.take_result() if game is not None else None
        if game is not None and result is not None:
            ask_app(self, GameFinished(self, game.to_saved(), result, self.summary()))

    def summary(self) -> Summary:
        assert self.game is not None
        return Summary.of(self.game.result(), self.title_text())

    def after_completion(self, answer: str | None) -> None:
        """The completion dialog's answer: a new game, home, or stay on the board."""
        if answer == "new":
            self.action_new_game()
        elif answer == "home":
            self.dismiss_to_home()

    def save(self) -> None:
        if self.game is not None:
            self.game.save()

    # -- hints ---------------------------------------------------------------------------------
    def _hint_news(self, game: Play, news: HintNews) -> None:
        if news.problem is not None:
            self.say(news.problem, severity="warning")
        elif news.none_found:
            self.say(self.no_hint_text(), severity="warning")
        if news.job is not None:
            self._hints.start(game, news.job)
        self.redraw()

    def rewrite_hint(self) -> None:
        """The notation changed: a shown hint is worked out again in it (no new hint)."""
        if self.game is not None:
            self._hint_news(self.game, self.game.set_notation(self.notation()))

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

    def action_hint(self) -> None:
        """First press: a nudge; second: the step explained on the board; third: apply it."""
        game = self.game
        if game is None or not self.playable():
            return
        counted = game.session.hints_applied
        try:
            news = game.press_hint()
        except MoveError as exc:
            self.say(str(exc), severity="warning")
            return
        if game.session.hints_applied != counted:
            self.after_change()
        self._hint_news(game, news)

    def action_undo(self) -> None:
        self._step_history("undo")

    def action_redo(self) -> None:
        self._step_history("redo")

    def _step_history(self, which: str) -> None:
        game = self.game
        if game is None or not self.playable():
            return
        if not self._input(game.undo if which == "undo" else game.redo):
            self.say(f"Nothing to {which}.")

    def action_restart(self) -> None:
        game = self.game
        if game is not None and self.playable():
            self._input(game.restart)

    def action_game_id(self) -> None:
        """Show the ID that names this puzzle (its seed when it has one, else its givens)."""
        s = self.session
        if s is not None:
            self.app.push_screen(GameIdScreen(s.puzzle.seed_id or s.game_id))

    def action_pause(self) -> None:
        game = self.game
        if game is None or game.finished:
            return
        game.toggle_pause()
        self.redraw()
        if game.running:
            self.board.focus()

    def action_reveal_cell(self) -> None:
        game = self.game
        if game is not None and self.playable():
            at = self.reveal_target()
            if at is None:  # the reveal key reveals one place; never the whole solution
                keys = self.bound_keys("reveal_all") or ["V"]
                self.say(f"Nothing to reveal here ({keys[0]} reveals the whole solution)",
                         "warning")
                return
            self._input(lambda: game.reveal(at))

    def action_reveal_all(self) -> None:
        game = self.game
        if game is None or not self.playable():
            return

        def answer(yes: bool | None) -> None:
            self._in_front()  # the dialog answered: it is closing
            if yes and self.game is game and self.playable():
                self._input(lambda: game.reveal(None))

        self.app.push_screen(
            ConfirmScreen("Reveal the whole solution? The game will count as assisted.",
                          yes="Reveal", no="Keep playing"), answer)

    def action_new_game(self) -> None:
        s = self.session
        request = self._request
        if s is not None:
            kind = s.kind.name
        elif request is not None and request.choice is not None:
            kind = request.choice.kind
        else:
            kind = DEFAULT_KIND
        ask_app(self, ChooseNewGame(kind, s.puzzle.params if s is not None else None, self))

    def new_deal(self, choice: NewGameChoice) -> None:
        """Deal a new game on this screen (the old save stays until the new one is ready)."""
        self.save()
        self._request = DealRequest(choice=choice)
        self._start_deal()

    def action_home(self) -> None:
        self.dismiss_to_home()

    def dismiss_to_home(self) -> None:
        self.workers.cancel_group(self, DEAL)
        if self.app.screen is self:
            ask_app(self, GoHome())
        elif self.is_attached:
            self._leave_when_shown = True  # under a dialog or help: leave once it closes
