"""The hint key of every game screen: a nudge, then the step shown, then applied.

Finding a step can take a while (chains, trial, big boards), so it runs in a worker thread
while the panel says "thinking…"; pressing the key meanwhile does nothing, and a move made
meanwhile makes the answer stale (it is dropped).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.worker import Worker, WorkerState

from ..engine import PuzzleError, Step
from ..engine.types import text_symbols

if TYPE_CHECKING:
    from ..session import Session


class HintPresses:
    """Mixed into :class:`~.game.GameScreen`; it provides the screen methods used here."""

    session: Session | None
    hint_step: Step | None
    hint_stage: int
    _hint_state: Any
    _hint_job: tuple[Session, Any, str] | None  # the worker's session, position, notation
    _hint_waiting: bool
    _hint_restage: int  # a hint worked out again (new notation): the stage to show it at

    if TYPE_CHECKING:
        def playable(self) -> bool: ...
        def redraw(self) -> None: ...
        def save(self) -> None: ...
        def say(self, message: str, severity: str = "information") -> None: ...
        def play(self, move: str, how: str = "play") -> bool: ...
        def run_worker(self, *args: Any, **kwargs: Any) -> Any: ...
        @classmethod
        def bound_keys(cls, action: str) -> list[str]: ...

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

    def action_hint(self) -> None:
        """First press: a nudge; second: the step explained on the board; third: apply it.

        Finding the step can take a while (chains, trial, big boards), so it runs in a
        worker thread while the panel says "thinking…"; pressing t meanwhile does nothing,
        and a move made meanwhile makes the answer stale (it is dropped).
        """
        s = self.session
        if s is None or not self.playable():
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
        if not step.move or not self.play(step.move, how="hint"):
            self.hint_step, self.hint_stage, self._hint_state = None, 0, None
            self.say("That hint changes nothing on this board.", severity="warning")
            self.redraw()

    def hint_symbols(self) -> str:
        """How the hint's text writes digits: "" for the kind's own, or one symbol per
        digit (see :func:`~puzzleterm.engine.types.text_symbols`)."""
        return ""

    def rewrite_hint(self) -> None:
        """Work the shown hint out again, at the same stage, after the notation changed:
        its text was written in the old one.  It counts as no new hint."""
        if self.hint_step is None or self._hint_waiting or self.session is None:
            return
        self._hint_restage = self.hint_stage
        self.hint_step, self._hint_state = None, None
        self._hint_waiting = True
        if self._hint_job is None:
            self._start_hint()
        self.redraw()

    def _start_hint(self) -> None:
        s = self.session
        assert s is not None
        st = s.state
        symbols = self.hint_symbols()
        self._hint_job = (s, st, symbols)

        def find() -> Step | None:
            with text_symbols(symbols):  # in the worker's thread: its own context
                return s.hint(st)

        self.run_worker(find, thread=True, group="hint", name="hint", exit_on_error=False)

    def _hint_done(self, worker: Worker[Any], state: WorkerState) -> None:
        if state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        if self._hint_job is None:
            return
        session, st, symbols = self._hint_job
        self._hint_job = None
        s = self.session
        if state is WorkerState.CANCELLED:
            self._hint_waiting = False
        if s is None or not self._hint_waiting:
            self.redraw()  # nobody waits for it (a move was made): dropped
            return
        if s is not session or s.state is not st or symbols != self.hint_symbols():
            self._start_hint()  # stale (or in the old notation), and still waited for
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
            self.say(self.no_hint_text(), severity="warning")
            self.redraw()
            return
        stage, self._hint_restage = self._hint_restage, 0
        self.hint_step, self.hint_stage, self._hint_state = step, stage or 1, st
        if not stage:
            s.note_hint_shown()
        self.save()
        self.redraw()

    def no_hint_text(self) -> str:
        keys = self.bound_keys("reveal_all") or ["V"]
        return f"No logical step found from here. Reveal the solution ({keys[0]}) if you are stuck."

