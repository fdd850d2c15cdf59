"""The mid end: one :class:`Play` per game, between the screen and the session.

A screen turns keys into moves and draws; everything that decides what counts happens here,
with no UI: every board input (moves, undo, redo, restart, reveal, check, the hint key) goes
through :class:`Play`, which refuses it (:class:`Refused`) unless the clock runs.  Play owns
the session, the clock and its holds, the idle pause, hint staging, autosave (through the
:class:`Autosave` port the app wires to the store) and the :class:`Result` a finished game
records.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..engine import Kind, Level, MoveError, Status, Step
from ..engine.moves import Move
from .clock import HIDING, IDLE_PAUSE, Clock, GameClock, Hold
from .deal import Dealer, Dealt, is_practice
from .hints import HintJob, HintNews, Hints, Stage
from .session import SavedGame, Session

#: Seconds of play between saves of the clock alone (moves save at once).
SAVE_EVERY = 10

#: What the player is told when board input is refused, by the hold that refused it.
HOLD_TEXT = {
    Hold.PAUSED: "the game is paused",
    Hold.IDLE: "the game paused itself (no key for a while)",
    Hold.AWAY: "the game is paused while the terminal is out of focus",
    Hold.DIALOG: "the board is behind a dialog",
    Hold.TOO_SMALL: "the terminal is too small for the board",
    Hold.HIDDEN: "the board is not on screen",
}


class Refused(MoveError):
    """Board input while the clock is not running (paused, away, ...) or once solved."""


class Autosave(Protocol):
    """Where a game in progress is saved (the app wires it to the store)."""

    def __call__(self, saved: SavedGame, /) -> None: ...


def no_save(saved: SavedGame, /) -> None:
    """Keep nothing (a game played where there is no store)."""


@dataclass(frozen=True)
class Ports:
    """What a game needs from outside: the time, where it saves, where puzzles come from."""

    clock: Clock = time.monotonic
    autosave: Autosave = no_save
    dealer: Dealer = field(default_factory=Dealer)
    idle_pause: float = IDLE_PAUSE


@dataclass(frozen=True)
class Result:
    """A finished game, as it counts: the time and every assist."""

    kind: str
    params: str
    game_id: str
    seed_id: str | None
    context: str | None
    level: Level | None
    rating: float | None
    elapsed: float
    moves: int
    hints: int  # hints asked for (nudges or steps shown)
    hints_applied: int
    reveals: int
    checks: int
    #: a hint applied, a reveal or a check (what stats count as not solved unaided)
    assisted: bool
    #: no assist at all: no hint asked for, none applied, no reveal, no check
    unaided: bool
    #: a practice replay of a solved daily: never recorded
    practice: bool = False

    @property
    def recorded(self) -> bool:
        """Whether the game counts (is kept among finished games, and a daily's result)."""
        return not self.practice


class Play:
    """One game in front of its screen."""

    def __init__(self, session: Session, ports: Ports | None = None, *,
                 elapsed: float = 0.0, paused: bool = False, notation: str = "") -> None:
        self.session = session
        self.ports = ports or Ports()
        holds = frozenset({Hold.PAUSED}) if paused and not session.finished else frozenset()
        self.clock = GameClock(self.ports.clock, elapsed, holds)
        if session.finished:
            self.clock.stop()
        self.hints = Hints(session, notation)
        self._last_input = self.ports.clock()
        self._announced = session.finished  # restored solved: no completion to show
        self._ticks = 0

    @classmethod
    def restore(cls, saved: SavedGame, ports: Ports | None = None,
                solution: Any = None) -> Play:
        """A saved game, its moves replayed and its clock where it was; raises
        :class:`~.session.SaveError`."""
        session = Session.restore(saved, solution)
        return cls(session, ports, elapsed=saved.elapsed, paused=saved.paused)

    @classmethod
    def dealt(cls, dealt: Dealt, ports: Ports | None = None) -> Play:
        """A new game of a dealt puzzle."""
        return cls(Session(dealt.puzzle, solution=dealt.solution,
                           context=dealt.request.context), ports)

    # -- what the screen draws ---------------------------------------------------------------
    @property
    def kind(self) -> Kind[Any, Any]:
        return self.session.kind

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def options(self) -> dict[str, Any]:
        """UI state kept with the save (cursor, pencil mode, notation): never undone."""
        return self.session.options

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def elapsed(self) -> float:
        return self.clock.elapsed

    @property
    def running(self) -> bool:
        """The clock runs: board input is taken."""
        return self.clock.running

    @property
    def paused(self) -> bool:
        """Paused by the player or by itself."""
        return self.clock.paused

    @property
    def auto_paused(self) -> bool:
        """Paused by itself, after the idle minutes."""
        return self.clock.held(Hold.IDLE)

    @property
    def away(self) -> bool:
        """Paused because the terminal lost focus."""
        return self.clock.held(Hold.AWAY)

    @property
    def board_hidden(self) -> bool:
        """The board must not be seen now (paused, or the terminal out of focus)."""
        return bool(self.clock.holds & HIDING) and not self.finished

    @property
    def checking(self) -> bool:
        return self.session.checking

    @property
    def hint_step(self) -> Step | None:
        return self.hints.step if self.hints.ready else None

    @property
    def hint_stage(self) -> Stage:
        return self.hints.stage if self.hints.ready else Stage.NONE

    @property
    def hint_waiting(self) -> bool:
        return self.hints.waiting

    @property
    def shown_step(self) -> Step | None:
        """The hint step the board highlights (from the second press on)."""
        return self.hints.shown

    # -- board input ----------------------------------------------------------------------
    def refusal(self) -> str | None:
        """Why board input is refused now (None: it is taken)."""
        if self.session.finished:
            return "the puzzle is solved; start a new game"
        for hold in Hold:
            if self.clock.held(hold):
                return HOLD_TEXT[hold]
        return None

    def _guard(self) -> None:
        why = self.refusal()
        if why is not None:
            raise Refused(why)

    def play(self, move: Move | str) -> bool:
        """A player's move (the kind's typed move, or its text); False when it changed
        nothing.  Raises :class:`Refused` or the kind's ``MoveError``."""
        self._guard()
        return self._after(self.session.play(move))

    def undo(self) -> bool:
        self._guard()
        return self._after(self.session.undo())

    def redo(self) -> bool:
        self._guard()
        return self._after(self.session.redo())

    def restart(self) -> bool:
        self._guard()
        return self._after(self.session.restart())

    def reveal(self, at: str | None = None) -> bool:
        """Reveal the solution at ``at`` (the kind's address), or all of it: an assist."""
        self._guard()
        return self._after(self.session.reveal(at))

    def toggle_check(self) -> bool:
        """Check digits against the solution, on or off: turning it on is an assist, counted
        once each time; turning it off does not take it back.  Whether it is on now."""
        self._guard()
        self.session.check(not self.session.checking)
        self.save()
        return self.session.checking

    def press_hint(self) -> HintNews:
        """The hint key: ask for a step (worked out in a job), then show it, then apply it."""
        self._guard()
        hints = self.hints
        if not hints.ready:
            return hints.ask()
        if hints.stage < Stage.SHOWN:
            hints.advance()
            self.save()
            return HintNews()
        step = hints.step
        assert step is not None
        problem = "That hint changes nothing on this board."
        try:
            if step.move and self._after(self.session.apply_hint(step.move)):
                return HintNews()
        except MoveError as exc:
            problem = str(exc)
        hints.clear()
        return HintNews(problem=problem)

    def hint_done(self, job: HintJob, step: Step | None = None,
                  error: BaseException | None = None, cancelled: bool = False) -> HintNews:
        """A hint job ended: see :meth:`.hints.Hints.done`."""
        counted = self.session.hints_used
        news = self.hints.done(job, step, error, cancelled)
        if self.session.hints_used != counted:
            self.save()
        return news

    def set_notation(self, notation: str) -> HintNews:
        """The board writes digits another way (e.g. the Latin shapes): a shown hint is
        worked out again in it, at the same stage, and not counted again."""
        return self.hints.set_notation(notation)

    def _after(self, changed: bool) -> bool:
        if changed:
            self.hints.clear()
            if self.session.finished:
                self.clock.stop()
            self.save()
        return changed

    # -- the clock ---------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        """The pause key: pause, or go on (also after the game paused itself, or while the
        terminal is out of focus)."""
        if self.session.finished:
            return
        if self.paused or self.away:
            for hold in (Hold.PAUSED, Hold.IDLE, Hold.AWAY):
                self.hold(hold, False)
        else:
            self.hold(Hold.PAUSED)
        self.save()

    def hold(self, hold: Hold, on: bool = True) -> None:
        """Stop the clock for a reason (``on``), or lift that reason.  The game is saved
        when the clock stops; when it starts again, the idle time counts from then."""
        if not self.clock.hold(hold, on):
            return
        if self.clock.running:
            self.note_input()  # time away is not idle time at the board
        else:
            self.save()

    def note_input(self) -> None:
        """A key or a click: the player is here (the idle pause counts from now)."""
        self._last_input = self.ports.clock()

    def tick(self) -> bool:
        """Once a second: pause after the idle minutes with the clock set back to the last
        key (idle minutes are not play time), and save the clock now and then.  True when
        the game paused itself now."""
        if not self.clock.running:
            return False
        if self.ports.clock() - self._last_input >= self.ports.idle_pause:
            self.clock.hold(Hold.IDLE, at=self._last_input)
            self.save()
            return True
        self._ticks += 1
        if self._ticks % SAVE_EVERY == 0:
            self.save()  # the clock, between moves
        return False

    # -- saving and the result ---------------------------------------------------------------
    def to_saved(self) -> SavedGame:
        return self.session.to_saved(self.clock.elapsed, self.clock.paused)

    @property
    def practice(self) -> bool:
        """A practice replay (of a daily already solved): never saved, never recorded."""
        return is_practice(self.session.context)

    def save(self) -> None:
        """Save the game in progress (a finished game is recorded, not saved; practice is
        neither)."""
        if not self.session.finished and not self.practice:
            self.ports.autosave(self.to_saved())

    def result(self) -> Result:
        s = self.session
        p = s.puzzle
        return Result(
            kind=s.kind.name, params=p.params, game_id=p.game_id, seed_id=p.seed_id,
            context=s.context, level=s.level, rating=s.rating,
            elapsed=round(self.clock.elapsed, 3), moves=s.pos, hints=s.hints_used,
            hints_applied=s.hints_applied, reveals=s.reveals, checks=s.checks,
            assisted=s.assisted, unaided=s.unaided, practice=self.practice)

    def take_result(self) -> Result | None:
        """The result, once: the first time it is asked for after the solve (a game
        restored solved has none to announce)."""
        if not self.session.finished or self._announced:
            return None
        self._announced = True
        return self.result()

    @property
    def status(self) -> Status:
        return self.session.status
