"""Hint staging: the hint key gives a nudge, then the step shown, then applies it.

Finding a step can take a while (chains, trial, big boards), so :class:`Hints` does not look
for it: it hands out a :class:`HintJob` that the front end runs off the UI thread (in a
worker) and gives back with :meth:`Hints.done`.  Meanwhile the panel says "thinking…" and the
key does nothing; a move made meanwhile makes the answer stale (it is dropped), and one asked
for again meanwhile gets a job of its own once the stale one ends.

A hint's text names digits in the notation the board shows (e.g. the Latin shapes).  When the
notation changes while a hint is shown, the hint is worked out again in the new one and shown
at the same stage; it is not counted again.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ..engine import Kind, PuzzleError, Step
from ..engine.types import text_symbols
from .session import Session


class Stage(IntEnum):
    """How far the hint of the current position has gone."""

    NONE = 0
    NUDGE = 1  # a nudge: where to look
    SHOWN = 2  # the step explained (and highlighted on the board); next: applied


@dataclass(frozen=True, eq=False)
class HintJob:
    """The kind's next step from one position, written in one notation: run it off the UI
    thread, then hand it back with its answer."""

    kind: Kind[Any, Any]
    state: Any
    solution: Any
    notation: str

    def run(self) -> Step | None:
        with text_symbols(self.notation):  # in the worker's thread: its own context
            step: Step | None = self.kind.hint(self.state, self.solution)
        return step


@dataclass(frozen=True)
class HintNews:
    """What a hint press or answer asks of the front end."""

    #: a job to run in a worker (its answer goes back to :meth:`Hints.done`)
    job: HintJob | None = None
    #: a warning to show
    problem: str | None = None
    #: no logical step from here (the front end says what the player can do instead)
    none_found: bool = False


class Hints:
    """The hint of one game: its step, its stage, and the job working one out."""

    def __init__(self, session: Session, notation: str = "") -> None:
        self.session = session
        self.notation = notation
        self.step: Step | None = None
        self.stage = Stage.NONE
        self._state: Any = None  # the position the step is for
        self.job: HintJob | None = None  # the job running, if any
        self.waiting = False  # the player waits for a hint on the current position
        self._restage = Stage.NONE  # worked out again (a new notation): the stage to show

    @property
    def ready(self) -> bool:
        """A step for the current position is at hand."""
        return self.step is not None and self._state is self.session.state

    @property
    def shown(self) -> Step | None:
        """The step the board shows (from the second press on)."""
        return self.step if self.stage >= Stage.SHOWN and self.ready else None

    def clear(self) -> None:
        """The position changed: no step, nobody waits (a running job's answer is dropped)."""
        self.step, self.stage, self._state = None, Stage.NONE, None
        self.waiting = False
        self._restage = Stage.NONE

    def ask(self) -> HintNews:
        """The key pressed with no step at hand: wait for one."""
        if self.waiting:
            return HintNews()  # already thinking about this position
        self.waiting = True
        if self.job is None:
            return HintNews(job=self._start())
        # else: a job on an older position is still running; when it ends, the current
        # position gets its own
        return HintNews()

    def advance(self) -> None:
        """Nudge -> shown."""
        self.stage = Stage(min(self.stage + 1, Stage.SHOWN))

    def set_notation(self, notation: str) -> HintNews:
        """The board's notation changed: a shown hint is worked out again, at its stage."""
        if notation == self.notation:
            return HintNews()
        self.notation = notation
        if self.step is None or self.waiting:
            return HintNews()  # a job under way is found stale when it ends
        self._restage = self.stage
        self.step, self._state = None, None
        self.waiting = True
        if self.job is None:
            return HintNews(job=self._start())
        return HintNews()

    def _start(self) -> HintJob:
        s = self.session
        self.job = HintJob(s.kind, s.state, s.solution, self.notation)
        return self.job

    def done(self, job: HintJob, step: Step | None = None,
             error: BaseException | None = None, cancelled: bool = False) -> HintNews:
        """A job ended (with its step, an error, or cancelled).  Returns what to do next:
        nothing (dropped, or shown), a new job (the answer is stale and still waited for),
        a problem to tell, or that no step was found."""
        if job is not self.job:
            return HintNews()  # not ours (a job of another game)
        self.job = None
        if cancelled:
            self.waiting = False
        if not self.waiting:
            return HintNews()  # nobody waits for it (a move was made): dropped
        if job.state is not self.session.state or job.notation != self.notation:
            return HintNews(job=self._start())  # stale (or in the old notation)
        self.waiting = False
        if error is not None:
            msg = str(error) if isinstance(error, PuzzleError) else \
                f"{type(error).__name__}: {error}"
            return HintNews(problem=f"No hint: {msg}")
        if step is None:
            return HintNews(none_found=True)
        stage, self._restage = self._restage, Stage.NONE
        self.step, self.stage, self._state = step, stage or Stage.NUDGE, job.state
        if not stage:
            self.session.note_hint_shown()
        return HintNews()
