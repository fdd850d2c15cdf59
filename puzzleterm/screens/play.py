"""The play screen of the Sudoku family: 4x4 to 16x16 Sudoku, X-Sudoku 5x5, Latin squares.

Keys become move strings (``r3c5=7``, ``r3c5+7``, ``auto`` ...) that the session records;
the board is redrawn from the session's state plus UI state (cursor, pencil mode, hint stage),
which lives here and is never undone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, LoadingIndicator, Static
from textual.worker import Worker, WorkerState

from ..engine import MoveError, Puzzle, PuzzleError, Status, Step
from ..session import Session
from ..widgets.board import (
    LATIN_SYMBOLS,
    Board,
    BoardLayout,
    BoardView,
    choose_layout,
    smallest_size,
)
from .dialogs import CompletionScreen, ConfirmScreen, NewGameChoice, Summary, format_time

if TYPE_CHECKING:
    from ..app import PuzzleApp

PANEL_MIN = 22  # columns kept for the side panel
FOOTER = 1
SAVE_EVERY = 10  # seconds of play between saves of the clock alone

MOVES = {
    "up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
    "k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1),
    "w": (-1, 0), "s": (1, 0), "a": (0, -1), "d": (0, 1),
}
CLEAR_KEYS = {"0", "backspace", "delete", "full_stop"}

#: Actions that change the game; refused while paused or loading.
GAME_ACTIONS = {"pencil", "auto_marks", "hint", "undo", "redo", "reveal_cell", "reveal_all",
                "check", "restart"}


class PlayScreen(Screen[None]):
    """Plays one Sudoku-family game; deals it first (in a worker thread) when asked."""

    CSS_PATH = "play.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "Help"),
        Binding("m", "pencil", "Pencil"),
        Binding("t", "hint", "Hint"),
        Binding("u,z", "undo", "Undo"),
        Binding("y,U", "redo", "Redo"),
        Binding("p", "pause", "Pause"),
        Binding("n", "new_game", "New"),
        Binding("escape", "home", "Home"),
        Binding("M", "auto_marks", "Auto marks", show=False),
        Binding("v", "reveal_cell", "Reveal cell", show=False),
        Binding("V", "reveal_all", "Reveal all", show=False),
        Binding("x", "check", "Check", show=False),
        Binding("o", "symbols", "Symbols"),
        Binding("R", "restart", "Restart", show=False),
        Binding("i", "game_id", "Game ID", show=False),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, session: Session | None = None, *, deal: NewGameChoice | None = None,
                 game_id: str | None = None) -> None:
        super().__init__()
        self.session: Session | None = session
        self._deal = deal
        self._deal_id = game_id
        self.cursor = 0
        self.pencil = False
        self.hint_step: Step | None = None
        self.hint_stage = 0
        self._hint_state: Any = None
        # the hint worker: the (session, state) it is working on, and whether the player is
        # waiting for a hint on the current position ("thinking…")
        self._hint_job: tuple[Session, Any] | None = None
        self._hint_waiting = False
        self._leave_when_shown = False
        self._away: set[str] = set()
        self._completion_shown = False
        self._layout: BoardLayout | None = None
        self._ticks = 0
        self._status = Text("")
        self._bindings_key: tuple[bool, ...] = ()

    # -- composition -----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Container(id="board-area"):
                yield Board(id="board")
                yield Static("Paused — press p to go on.", id="paused")
                yield LoadingIndicator(id="loading")
                yield Static("", id="loading-text")
            with Vertical(id="panel"):
                yield Static("", id="title")
                yield Static("", id="info")
                yield Static("", id="status")
                yield Static("", id="hint")
        yield Static("", id="too-small")
        yield Footer()

    @property
    def puzzle_app(self) -> PuzzleApp:
        return cast("PuzzleApp", self.app)

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

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
        deal, game_id, app = self._deal, self._deal_id, self.puzzle_app
        if game_id is not None:
            text = f"Loading {game_id}…"
        elif deal is not None:
            lv = deal.level.label if deal.level is not None else "any level"
            text = f"Dealing a {deal.params} puzzle ({lv})…"
        else:
            text = "Dealing…"
        self.query_one("#loading-text", Static).update(text)
        self._refresh_keys()
        # exit_on_error=False: a puzzle that cannot be dealt is a notice, never a crash
        self.run_worker(lambda: app.deal(deal, game_id), thread=True, exclusive=True,
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
            puzzle = cast("Puzzle[Any]", event.worker.result)
            session = self.session = Session(puzzle, self.puzzle_app.clock)
            asked = self._deal.level if self._deal is not None else None
            self._deal = None
            self._deal_id = None
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
            self.dismiss_to_home()

    def _set_loading(self, loading: bool) -> None:
        self.query_one("#loading", LoadingIndicator).display = loading
        self.query_one("#loading-text", Static).display = loading
        self.board.display = not loading
        self.query_one("#paused", Static).display = False

    def _session_ready(self) -> None:
        session = self.session
        assert session is not None
        self._set_loading(False)
        geo = session.state.geo
        self.cursor = min(self.cursor, geo.ncells - 1)
        if session.state.values[self.cursor] != 0:
            empties = [c for c in range(geo.ncells) if not session.state.values[c]]
            self.cursor = empties[0] if empties else 0
        self.pencil = False
        self.hint_step, self.hint_stage, self._hint_state = None, 0, None
        self._hint_waiting = False
        self._status = Text("")
        self._completion_shown = session.finished
        session.set_away(bool(self._away))
        self.relayout()
        self.board.focus()

    # -- geometry and drawing -------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.relayout()

    def relayout(self) -> None:
        session = self.session
        width, height = self.size.width, self.size.height
        note = self.query_one("#too-small", Static)
        body = self.query_one("#body")
        if session is None:
            note.display = False
            body.display = True
            return
        geo = session.state.geo
        layout = choose_layout(geo.n, geo.box_rows, geo.box_cols,
                               width - PANEL_MIN - 1, height - FOOTER)
        if layout is None:
            bw, bh = smallest_size(geo.n, geo.box_rows, geo.box_cols)
            need_w, need_h = bw + PANEL_MIN + 1, bh + FOOTER
            note.update(
                f"{session.kind.title} {geo.size_text} needs a terminal of at least "
                f"{need_w}x{need_h}.\n\nEnlarge the terminal to {need_w}x{need_h} "
                f"(it is {width}x{height} now).\n\nEsc: home · q: quit"
            )
            note.display = True
            body.display = False
            self._layout = None
            self._refresh_keys()
            return
        note.display = False
        body.display = True
        self._layout = layout
        self.redraw()

    def view(self) -> BoardView:
        session = self.session
        assert session is not None
        st = session.state
        geo = st.geo
        cursor = self.cursor
        peers = frozenset(geo.peers[cursor])
        mistakes: frozenset[int] = frozenset()
        sol = self._solution() if session.options.get("check") else None
        if sol is not None:
            mistakes = frozenset(c for c in range(geo.ncells)
                                 if st.values[c] and not st.givens[c] and st.values[c] != sol[c])
        symbols = LATIN_SYMBOLS if self.shapes_on else None
        kw: dict[str, Any] = {}
        step = self.hint_step
        if step is not None and self.hint_stage >= 2:
            house_cells: set[int] = set()
            for h in step.houses:
                house_cells.update(geo.houses[h])
            kw = {
                "hint_cells": frozenset(step.cells),
                "hint_house_cells": frozenset(house_cells),
                "hint_targets": frozenset(c for c, _ in step.placements),
                "hint_keep": frozenset(step.candidates),
                "hint_drop": frozenset(step.eliminations),
            }
        return BoardView(state=st, cursor=cursor, symbols=symbols, conflicts=st.conflicts(),
                         mistakes=mistakes, pencil=self.pencil, peers=peers, **kw)

    @property
    def shapes_on(self) -> bool:
        session = self.session
        return (session is not None and self.shapes_possible
                and bool(session.options.get("shapes")))

    @property
    def shapes_possible(self) -> bool:
        session = self.session
        return (session is not None and session.kind.name == "latin"
                and session.state.geo.n == len(LATIN_SYMBOLS))

    def redraw(self) -> None:
        session = self.session
        layout = self._layout
        if session is None or layout is None:
            return
        paused = session.paused
        self.board.display = not paused
        self.query_one("#paused", Static).display = paused
        if not paused:
            self.board.show(self.view(), layout)
        self._draw_panel()

    def _draw_panel(self) -> None:
        session = self.session
        assert session is not None
        st = session.state
        geo = st.geo
        title = Text(f"{session.kind.title} {geo.size_text}", style="bold")
        level = session.level.label if session.level is not None else "unrated"
        rating = f" ({session.rating:.1f})" if session.rating is not None else ""
        title.append(f"\n{level}{rating}", style="italic")
        self.query_one("#title", Static).update(title)
        info = Text()
        info.append("Time  ")
        info.append(format_time(session.elapsed), style="bold")
        if session.paused:
            info.append("  paused", style="reverse")
        info.append("\nMode  ")
        if self.pencil:
            info.append("PENCIL", style="bold reverse")
        else:
            info.append("digits")
        if self.shapes_on:
            info.append("\nKeys  " + " ".join(f"{d}{s}" for d, s in enumerate(LATIN_SYMBOLS, 1)))
        info.append(f"\nCell  {geo.cell_name(self.cursor)}")
        if st.givens[self.cursor]:
            info.append(" (given)")
        marks = st.marks[self.cursor]
        if marks and not st.values[self.cursor] and not session.paused:
            info.append("\nMarks " + " ".join(self._sym(d) for d in range(1, geo.n + 1)
                                               if marks & (1 << (d - 1))))
        filled = sum(1 for v in st.values if v)
        info.append(f"\nFilled {filled}/{geo.ncells}  moves {session.pos}")
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
            info.append("\nA digit repeats in a house", style="bold red")
        self.query_one("#info", Static).update(info)
        self.query_one("#status", Static).update(self._status)
        self.query_one("#hint", Static).update(self._hint_text())
        self._refresh_keys()

    def say(self, message: str, severity: str = "information") -> None:
        """Tell the player something in the side panel (toasts would cover the board)."""
        style = {"warning": "bold yellow", "error": "bold red"}.get(severity, "")
        self._status = Text(message, style=style)
        self.query_one("#status", Static).update(self._status)

    def _refresh_keys(self) -> None:
        """Update the footer when what the keys can do has changed."""
        s = self.session
        key = (self.playable(), s is not None and s.can_undo, s is not None and s.can_redo,
               s is not None and not s.finished)
        if key != self._bindings_key:
            self._bindings_key = key
            self.refresh_bindings()

    def _hint_text(self) -> Text:
        step = self.hint_step
        if self._hint_waiting and self.session is not None and not self.session.paused:
            return Text("Hint: thinking…", style="italic")
        if step is None or self.hint_stage == 0 or self.session is None or self.session.paused:
            return Text("")
        out = Text()
        if self.hint_stage == 1:
            out.append("Hint: ", style="bold")
            out.append(step.nudge or step.name)
            out.append("\n(t again: show the step)", style="italic")
        else:
            out.append(f"{step.name}: ", style="bold")
            out.append(step.explanation or step.nudge)
            out.append("\n(t again: apply it)", style="italic")
        return out

    def _solution(self, *, say: bool = False) -> tuple[int, ...] | None:
        solved = self.session.solved_state if self.session is not None else None
        if solved is None:
            if say:
                self.say("This puzzle has no solution to reveal.", severity="error")
            return None
        return tuple(solved.values)

    def _sym(self, d: int) -> str:
        if self.shapes_on:
            return LATIN_SYMBOLS[d - 1]
        assert self.session is not None
        sym: str = self.session.state.geo.symbol(d)
        return sym

    def _tick(self) -> None:
        if self.session is not None and self.session.running and self.is_current:
            self._draw_panel()
            self._ticks += 1
            if self._ticks % SAVE_EVERY == 0:
                self.save()  # the clock, between moves

    # -- moves -----------------------------------------------------------------------------
    def playable(self) -> bool:
        s = self.session
        return s is not None and not s.paused and not s.finished and self._layout_ok()

    def _layout_ok(self) -> bool:
        return self._layout is not None

    def on_key(self, event: events.Key) -> None:
        session = self.session
        if session is None or session.paused or not self._layout_ok():
            return
        geo = session.state.geo
        key = event.key
        ch = event.character or ""
        digit = geo.digit_of(ch) if len(ch) == 1 and ch.isalnum() else -1
        if digit > 0 and (ch.isdigit() or geo.n > 9):
            event.stop()
            event.prevent_default()
            self.enter_digit(digit)
            return
        if key in CLEAR_KEYS:
            event.stop()
            event.prevent_default()
            self.clear_cell()
            return
        if key in MOVES:
            event.stop()
            event.prevent_default()
            dr, dc = MOVES[key]
            self.move_cursor(dr, dc)

    def move_cursor(self, dr: int, dc: int) -> None:
        assert self.session is not None
        n = self.session.state.geo.n
        r, c = divmod(self.cursor, n)
        self.cursor = ((r + dr) % n) * n + (c + dc) % n
        self._status = Text("")
        self.redraw()

    def on_board_cell_clicked(self, message: Board.CellClicked) -> None:
        if self.session is not None and not self.session.paused:
            self.cursor = message.cell
            self.redraw()

    def _cell(self) -> str:
        assert self.session is not None
        name: str = self.session.state.geo.cell_name(self.cursor)
        return name

    def _editable(self) -> bool:
        """Whether the cursor's cell may change now (a given says why not)."""
        if self.session is None or not self.playable():
            return False
        if self.session.state.givens[self.cursor]:
            self.say(f"{self._cell()} is a given and cannot be changed.", severity="warning")
            return False
        return True

    def enter_digit(self, digit: int) -> None:
        if not self._editable():
            return
        assert self.session is not None
        st = self.session.state
        sym = st.geo.symbol(digit)
        if self.pencil:
            if st.values[self.cursor]:
                self.say(f"{self._cell()} holds a digit: clear it before pencilling.",
                         severity="warning")
                return
            self.play(f"{self._cell()}+{sym}")
        else:
            if st.values[self.cursor] == digit:
                return
            self.play(f"{self._cell()}={sym}")

    def clear_cell(self) -> None:
        if not self._editable():
            return
        assert self.session is not None
        st = self.session.state
        if st.values[self.cursor] or st.marks[self.cursor]:
            self.play(f"{self._cell()}-")

    def play(self, move: str, how: str = "play") -> bool:
        """Record a move through the session; a refused move becomes a notice."""
        session = self.session
        assert session is not None
        try:
            if how == "hint":
                changed = session.apply_hint(move)
            elif how == "reveal":
                changed = session.reveal(move)
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

    def after_change(self) -> None:
        self.hint_step, self.hint_stage, self._hint_state = None, 0, None
        self._hint_waiting = False  # a hint still being worked out is for the old position
        self._status = Text("")
        self.save()
        self.redraw()
        session = self.session
        if session is not None and session.finished and not self._completion_shown:
            self._completion_shown = True
            self.puzzle_app.finish(session)
            self.app.push_screen(CompletionScreen(self.summary()), self._after_completion)

    def summary(self) -> Summary:
        s = self.session
        assert s is not None
        return Summary(
            title=f"{s.kind.title} {s.state.geo.size_text}",
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
        """Hide keys that do not apply to this game; grey out those that do nothing now."""
        if action == "hint" and self.puzzle_app.hints is None:
            return False
        if action == "symbols" and not self.shapes_possible:
            return False
        s = self.session
        if s is None:
            return None if action in GAME_ACTIONS or action in ("pause", "symbols") else True
        if action == "pause":
            return None if s.finished else True
        if action == "symbols":
            return None if s.paused else True
        if action in GAME_ACTIONS and not self.playable():
            return None
        if (action == "undo" and not s.can_undo) or (action == "redo" and not s.can_redo):
            return None
        return True

    def action_pencil(self) -> None:
        if not self.playable():
            return
        self.pencil = not self.pencil
        self.redraw()

    def action_auto_marks(self) -> None:
        if self.playable():
            self.play("auto")

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

    def action_check(self) -> None:
        s = self.session
        if s is None or not self.playable():
            return
        s.options["check"] = not s.options.get("check")
        self.say("Checking digits against the solution." if s.options["check"]
                 else "Checking off.")
        self.save()
        self.redraw()

    def action_symbols(self) -> None:
        s = self.session
        if s is None or not self.shapes_possible:
            return
        s.options["shapes"] = not s.options.get("shapes")
        self.save()
        self.redraw()

    def action_game_id(self) -> None:
        """Show the ID that names this puzzle (its seed when it has one, else its givens)."""
        s = self.session
        if s is None:
            return
        self.say(f"Game ID: {s.puzzle.seed_id or s.game_id}  (open it with: puzzleterm play ID)")

    def action_pause(self) -> None:
        s = self.session
        if s is None or s.finished:
            return
        s.set_paused(not s.paused)
        self.save()
        self.redraw()
        if not s.paused:
            self.board.focus()

    def action_reveal_cell(self) -> None:
        s = self.session
        if s is None or not self.playable():
            return
        sol = self._solution(say=True)
        st = s.state
        if sol is None:
            return
        if st.givens[self.cursor] or st.values[self.cursor] == sol[self.cursor]:
            self.say(f"{self._cell()} is already right.")
            return
        self.play(f"{self._cell()}={st.geo.symbol(sol[self.cursor])}", how="reveal")

    def action_reveal_all(self) -> None:
        s = self.session
        if s is None or not self.playable():
            return

        def answer(yes: bool | None) -> None:
            if yes and self.session is s and self.playable():
                self.reveal_all()

        self.app.push_screen(
            ConfirmScreen("Reveal the whole solution? The game will count as assisted.",
                          yes="Reveal", no="Keep playing"), answer)

    def reveal_all(self) -> None:
        s = self.session
        assert s is not None
        sol = self._solution(say=True)
        if sol is None:
            return
        st = s.state
        geo = st.geo
        parts = [f"{geo.cell_name(c)}={geo.symbol(sol[c])}" for c in range(geo.ncells)
                 if st.values[c] != sol[c]]
        if parts:
            self.play(";".join(parts), how="reveal")

    def action_hint(self) -> None:
        """First press: a nudge; second: the step explained on the board; third: apply it.

        Finding the step can take a while (chains, trial, 16x16), so it runs in a worker
        thread while the panel says "thinking…"; pressing t meanwhile does nothing, and a
        move made meanwhile makes the answer stale (it is dropped).
        """
        s = self.session
        hints = self.puzzle_app.hints
        if s is None or hints is None or not self.playable():
            return
        st = s.state
        if self.hint_step is None or self._hint_state is not st:
            if self._hint_waiting:
                return  # already thinking about this position
            self._hint_waiting = True
            if self._hint_job is None:
                self._start_hint()
            # else: a worker on an older position is still running; when it ends, the
            # current position gets its own
            self.redraw()
            return
        step = self.hint_step
        if self.hint_stage < 2:
            self.hint_stage += 1
            self.save()
            self.redraw()
            return
        try:
            move = hints.step_move(st, step)
        except PuzzleError as exc:
            self.say(f"Cannot apply the hint: {exc}", severity="warning")
            return
        if not self.play(pencil_first(st, step, move), how="hint"):
            self.hint_step, self.hint_stage, self._hint_state = None, 0, None
            self.say("That hint changes nothing on this board.", severity="warning")
            self.redraw()

    def _start_hint(self) -> None:
        s, hints = self.session, self.puzzle_app.hints
        assert s is not None and hints is not None
        st = s.state
        self._hint_job = (s, st)

        def find() -> Step | None:
            return hints.next_step(st)

        self.run_worker(find, thread=True, group="hint", name="hint", exit_on_error=False)

    def _hint_done(self, worker: Worker[Any], state: WorkerState) -> None:
        if state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        if self._hint_job is None:
            return
        session, st = self._hint_job
        self._hint_job = None
        s = self.session
        if state is WorkerState.CANCELLED:
            self._hint_waiting = False
        if s is None or not self._hint_waiting:
            self.redraw()  # nobody waits for it (a move was made): dropped
            return
        if s is not session or s.state is not st:
            self._start_hint()  # stale, and t was pressed again on the new position
            return
        self._hint_waiting = False
        if state is WorkerState.ERROR:
            err = worker.error
            msg = str(err) if isinstance(err, PuzzleError) else f"{type(err).__name__}: {err}"
            self.say(f"No hint: {msg}", severity="warning")
            self.redraw()
            return
        step = cast("Step | None", worker.result)
        if step is None:
            self.say("No logical step found from here. "
                     "Check your digits (x) or reveal a cell (v).", severity="warning")
            self.redraw()
            return
        self.hint_step, self.hint_stage, self._hint_state = step, 1, st
        s.note_hint_shown()
        self.save()
        self.redraw()

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
        self._completion_shown = False
        self._start_deal()

    def action_home(self) -> None:
        self.dismiss_to_home()

    def dismiss_to_home(self) -> None:
        self.workers.cancel_group(self, "deal")
        if self.app.screen is self:
            self.app.pop_screen()
        elif self.is_attached:
            self._leave_when_shown = True  # under a dialog or help: leave once it closes

    # -- time away -------------------------------------------------------------------------
    def set_away(self, reason: str, away: bool) -> None:
        if away:
            self._away.add(reason)
        else:
            self._away.discard(reason)
        if self.session is not None:
            self.session.set_away(bool(self._away))

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

    def _on_app_suspend(self, _app: object) -> None:
        self.set_away("suspended", True)
        self.save()

    def _on_app_resume(self, _app: object) -> None:
        self.set_away("suspended", False)


def pencil_first(state: Any, step: Step, move: str) -> str:
    """Make an elimination stick in cells without pencil marks.

    The solver reasons from candidates; removing a mark from a cell that has none would change
    nothing (and the same hint would come back).  Such cells first get their candidates less
    the eliminated digits as marks.
    """
    if not step.eliminations:
        return move
    geo = state.geo
    cand = state.candidates()
    dropped: dict[int, int] = {}
    for cell, digit in step.eliminations:
        dropped[cell] = dropped.get(cell, 0) | (1 << (digit - 1))
    fixes = []
    for cell in sorted(dropped):
        if state.values[cell] or state.marks[cell]:
            continue
        keep = cand[cell] & ~dropped[cell]
        digits = "".join(geo.symbol(d) for d in range(1, geo.n + 1) if keep & (1 << (d - 1)))
        fixes.append(f"{geo.cell_name(cell)}~{digits}")
    return ";".join([*fixes, move]) if fixes else move
