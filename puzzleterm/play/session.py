"""The session: the history of one game, written once for every puzzle kind.

A session holds the puzzle, the history of moves (as text, each with the state it led to), the
position in that history (undo/redo) and the assists: hints asked and applied, reveals and
checks.  It knows nothing of keys, widgets or time: :class:`~.midend.Play` stands between
the screen and the session (and owns the clock), and the store persists :class:`SavedGame`
values.

Recorded moves are the kind's own move strings, plus three session-level forms:

=====================  ==========================================================
``restart``            back to the starting position (undoable like any move)
``hint:<move>``        a move the hint key applied (marks the game assisted)
``reveal:<move>``      a move that revealed solution digits (marks the game assisted)
=====================  ==========================================================

A check (digits compared with the solution on the board) changes no position: it is an assist
counted in the session and its save, like a hint asked for, and undo does not take it back.

A save is the game ID of the givens plus this move list; loading replays every move through
``Kind.apply``, so every resumed game exercises replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import Kind, Level, MoveError, Puzzle, PuzzleError, Status, Step, find_kind
from ..engine.gameid import load_game_id, parse_game_id
from ..engine.moves import Move

#: The save format this program writes; it reads this one and the ones listed.  Version 3
#: counts checks (``checks``, ``checking``); version 2 kept check as ``options["check"]``.
SAVE_VERSION = 3
READABLE_SAVE_VERSIONS = (1, 2, 3)
#: Options of older saves that said check was on (one check each, when read).
LEGACY_CHECK_OPTIONS = ("check", "checked")

RESTART = "restart"
HINT_PREFIX = "hint:"
REVEAL_PREFIX = "reveal:"


def format_time(seconds: float) -> str:
    """``mm:ss`` (``h:mm:ss`` past an hour)."""
    total = int(seconds)
    h, rem = divmod(total, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


class SaveError(PuzzleError):
    """A saved game cannot be restored: a bad record, an unknown puzzle, moves that don't replay."""


@dataclass(frozen=True)
class SavedGame:
    """Everything needed to restore a game: what a save row holds."""

    kind: str
    params: str
    game_id: str
    seed_id: str | None = None
    level: str | None = None
    rating: float | None = None
    moves: tuple[str, ...] = ()
    pos: int = 0
    elapsed: float = 0.0
    hints_used: int = 0
    hints_applied: int = 0
    reveals: int = 0
    assisted: bool = False
    solved: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    #: Where the game belongs: None for a free game, ``daily:2026-11-22`` for a daily.
    context: str | None = None
    #: Saved while paused (by the player, or because no key came): it comes back paused.
    paused: bool = False
    #: Times check was turned on, and whether it is on.
    checks: int = 0
    checking: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "context": self.context,
            "kind": self.kind,
            "params": self.params,
            "game_id": self.game_id,
            "seed_id": self.seed_id,
            "level": self.level,
            "rating": self.rating,
            "moves": list(self.moves),
            "pos": self.pos,
            "elapsed": self.elapsed,
            "hints_used": self.hints_used,
            "hints_applied": self.hints_applied,
            "reveals": self.reveals,
            "assisted": self.assisted,
            "solved": self.solved,
            "options": dict(self.options),
            "paused": self.paused,
            "checks": self.checks,
            "checking": self.checking,
        }

    @classmethod
    def from_json(cls, data: object) -> SavedGame:
        """Read a save record; raises :class:`SaveError` naming what is wrong."""
        if not isinstance(data, dict):
            raise SaveError("the save is not a record")
        version = data.get("version", 1)
        if isinstance(version, bool) or version not in READABLE_SAVE_VERSIONS:
            raise SaveError(f"the save's version {version!r} is not one this puzzleterm reads "
                            f"({', '.join(map(str, READABLE_SAVE_VERSIONS))})")

        def get(key: str, typ: type | tuple[type, ...], default: Any = None,
                required: bool = False) -> Any:
            if key not in data or data[key] is None:
                if required:
                    raise SaveError(f"the save has no {key!r}")
                return default
            value = data[key]
            if isinstance(value, bool) and bool not in (typ if isinstance(typ, tuple) else (typ,)):
                raise SaveError(f"the save's {key!r} has the wrong type")
            if not isinstance(value, typ):
                raise SaveError(f"the save's {key!r} has the wrong type")
            return value

        moves = get("moves", list, [])
        if not all(isinstance(m, str) for m in moves):
            raise SaveError("the save's moves are not all text")
        pos = get("pos", int, len(moves))
        if not 0 <= pos <= len(moves):
            raise SaveError(f"the save's position {pos} is outside its {len(moves)} moves")
        rating = get("rating", (int, float))
        options = dict(get("options", dict, {}))
        checks = max(0, get("checks", int, 0))
        checking = get("checking", bool, False)
        if version < 3:  # check was an option: on (or once on) counts as one check
            legacy = any(bool(options.pop(key, False)) for key in LEGACY_CHECK_OPTIONS)
            checks, checking = max(checks, int(legacy)), checking or legacy
        return cls(
            kind=get("kind", str, required=True),
            params=get("params", str, required=True),
            game_id=get("game_id", str, required=True),
            seed_id=get("seed_id", str),
            level=get("level", str),
            rating=float(rating) if rating is not None else None,
            moves=tuple(moves),
            pos=pos,
            elapsed=max(0.0, float(get("elapsed", (int, float), 0.0))),
            hints_used=get("hints_used", int, 0),
            hints_applied=get("hints_applied", int, 0),
            reveals=get("reveals", int, 0),
            assisted=get("assisted", bool, False),
            solved=get("solved", bool, False),
            options=options,
            context=get("context", str),
            paused=get("paused", bool, False),
            checks=checks,
            checking=checking,
        )


@dataclass(frozen=True)
class Entry:
    """One history entry: the recorded move text and the state it led to."""

    move: str
    state: Any


class Session:
    """One game's history: puzzle, moves with undo/redo, and the assists used."""

    def __init__(self, puzzle: Puzzle[Any], *, solution: Any = None,
                 level: Level | None = None, rating: float | None = None,
                 context: str | None = None) -> None:
        """``solution`` is the solved state of the givens, worked out where the game was
        dealt or restored (off the UI thread); it is solved here when not given."""
        self.puzzle = puzzle
        self.kind: Kind[Any, Any] = find_kind(puzzle.kind)
        self.solution: Any = (solution if solution is not None
                              else self.kind.solve(puzzle.state))
        self.context = context
        grade = puzzle.grade
        self.level: Level | None = level if level is not None else (
            grade.level if grade is not None else puzzle.level)
        self.rating: float | None = rating if rating is not None else (
            grade.rating if grade is not None else None)
        self._history: list[Entry] = [Entry("", puzzle.state)]
        self._pos = 0
        self.hints_used = 0
        self.hints_applied = 0
        self.reveals = 0
        self.checks = 0
        self.checking = False
        self._assisted = False
        self.options: dict[str, Any] = {}
        self.finished = False

    # -- position --------------------------------------------------------------------------
    @property
    def initial(self) -> Any:
        return self._history[0].state

    @property
    def state(self) -> Any:
        return self._history[self._pos].state

    @property
    def pos(self) -> int:
        """How many recorded moves are in effect (the rest can be redone)."""
        return self._pos

    @property
    def moves(self) -> tuple[str, ...]:
        """Every recorded move, including those undone (redo list)."""
        return tuple(e.move for e in self._history[1:])

    @property
    def can_undo(self) -> bool:
        return self._pos > 0 and not self.finished

    @property
    def can_redo(self) -> bool:
        return self._pos < len(self._history) - 1 and not self.finished

    @property
    def status(self) -> Status:
        status: Status = self.kind.status(self.state)
        return status

    @property
    def assisted(self) -> bool:
        """True once a hint was applied, a digit revealed or check turned on (undo does
        not take it back)."""
        return self._assisted

    @property
    def unaided(self) -> bool:
        """No assist at all: no hint asked for or applied, no reveal, no check."""
        return not (self._assisted or self.hints_used or self.hints_applied or self.reveals
                    or self.checks)

    @property
    def game_id(self) -> str:
        return self.puzzle.game_id

    # -- moves ------------------------------------------------------------------------------
    def _execute(self, state: Any, move: str) -> Any:
        """The state a recorded move leads to (session-level forms understood)."""
        if move == RESTART:
            return self.initial
        for prefix in (HINT_PREFIX, REVEAL_PREFIX):
            if move.startswith(prefix):
                return self.kind.apply(state, move[len(prefix):])
        return self.kind.apply(state, move)

    def _record(self, move: str, value: Move | None = None) -> bool:
        """Record ``move`` (its text; ``value``: the typed move it writes, when known)."""
        if self.finished:
            raise MoveError("the puzzle is solved; start a new game")
        # raises MoveError on a bad move
        new = self._execute(self.state, move) if value is None else \
            self.kind.apply(self.state, value)
        if new == self.state:
            return False
        del self._history[self._pos + 1 :]
        self._history.append(Entry(move, new))
        self._pos += 1
        self._after_change()
        return True

    def play(self, move: Move | str) -> bool:
        """Apply a player's move (the kind's typed move, or its text); False when it
        changed nothing.  Raises ``MoveError``.  The history records the move's text."""
        text = move if isinstance(move, str) else move.text()
        if text == RESTART or text.startswith((HINT_PREFIX, REVEAL_PREFIX)):
            raise MoveError(f"{text!r} is not a move of the puzzle")
        return self._record(text, None if isinstance(move, str) else move)

    def apply_hint(self, move: str) -> bool:
        """Apply the move a hint suggested (a history entry; marks the game assisted)."""
        changed = self._record(HINT_PREFIX + move)
        if changed:
            self.hints_applied += 1
            self._assisted = True
        return changed

    def hint(self, state: Any = None) -> Step | None:
        """The kind's next human step from ``state`` (default: the current position)."""
        step: Step | None = self.kind.hint(self.state if state is None else state,
                                           self.solution)
        return step

    def reveal(self, at: str | None = None) -> bool:
        """Reveal the solution at ``at`` (an address in the kind's words, e.g. ``r3c5``), or
        everything when None: a history entry that marks the game assisted.  Raises
        :class:`MoveError` when there is no solution or nothing to reveal."""
        if self.solution is None:
            raise MoveError("this puzzle has no solution to reveal")
        move: str = self.kind.reveal(self.state, self.solution, at)
        changed = self._record(REVEAL_PREFIX + move)
        if changed:
            self.reveals += 1
            self._assisted = True
        return changed

    def note_hint_shown(self) -> None:
        """Count a hint the player asked for (nudge or explanation)."""
        self.hints_used += 1

    def check(self, on: bool) -> bool:
        """Turn checking against the solution on or off; whether it changed.  Turning it on
        counts a check and marks the game assisted; turning it off takes neither back."""
        if on and self.solution is None:
            raise MoveError("this puzzle has no solution to check against")
        if on == self.checking:
            return False
        self.checking = on
        if on:
            self.checks += 1
            self._assisted = True
        return True

    def restart(self) -> bool:
        """Go back to the starting position (undoable)."""
        return self._record(RESTART)

    def undo(self) -> bool:
        return self._step(-1)

    def redo(self) -> bool:
        return self._step(+1)

    def _step(self, delta: int) -> bool:
        """Move through the history (undo: -1, redo: +1); False when it cannot."""
        if not (self.can_undo if delta < 0 else self.can_redo):
            return False
        self._pos += delta
        self._after_change()
        return True

    def _after_change(self) -> None:
        if self.status is Status.SOLVED:
            self.finished = True

    # -- saving -----------------------------------------------------------------------------
    def to_saved(self, elapsed: float = 0.0, paused: bool = False) -> SavedGame:
        """The save of this game, with the clock's ``elapsed`` seconds and pause."""
        return SavedGame(
            kind=self.puzzle.kind,
            params=self.puzzle.params,
            game_id=self.puzzle.game_id,
            seed_id=self.puzzle.seed_id,
            level=self.level.name.lower() if self.level is not None else None,
            rating=self.rating,
            moves=self.moves,
            pos=self._pos,
            elapsed=round(max(0.0, elapsed), 3),
            hints_used=self.hints_used,
            hints_applied=self.hints_applied,
            reveals=self.reveals,
            assisted=self._assisted,
            solved=self.finished,
            options=dict(self.options),
            context=self.context,
            paused=paused and not self.finished,
            checks=self.checks,
            checking=self.checking,
        )

    @classmethod
    def restore(cls, saved: SavedGame, solution: Any = None) -> Session:
        """Rebuild a session by replaying the saved moves; raises :class:`SaveError`."""
        try:
            puzzle = load_game_id(saved.game_id)
        except PuzzleError as exc:
            raise SaveError(f"the saved puzzle cannot be read: {exc}") from exc
        try:
            saved_kind = find_kind(saved.kind).name
        except PuzzleError as exc:
            raise SaveError(f"the save's kind is unknown: {exc}") from exc
        if puzzle.kind != saved_kind:
            raise SaveError(f"the save says {saved.kind!r} but its puzzle is {puzzle.kind!r}")
        if saved.seed_id is not None:
            # keep the seed name so the game can still be shared as it was dealt
            try:
                gid = parse_game_id(saved.seed_id)
            except PuzzleError:
                gid = None
            if gid is not None and gid.seed is not None:
                puzzle = replace(puzzle, seed=gid.seed, level=gid.level,
                                 technique=gid.technique)
        level: Level | None = None
        if saved.level:
            try:
                level = Level.parse(saved.level)
            except ValueError as exc:
                raise SaveError(f"the save's level is unknown: {exc}") from exc
        session = cls(puzzle, solution=solution, level=level, rating=saved.rating,
                      context=saved.context)
        state = puzzle.state
        for i, move in enumerate(saved.moves, 1):
            try:
                state = session._execute(state, move)
            except PuzzleError as exc:
                raise SaveError(f"move {i} ({move!r}) does not replay: {exc}") from exc
            session._history.append(Entry(move, state))
        session._pos = saved.pos
        session.hints_used = max(0, saved.hints_used)
        session.hints_applied = max(0, saved.hints_applied)
        session.reveals = max(0, saved.reveals)
        session.checks = max(0, saved.checks, int(saved.checking))  # on is at least once
        session.checking = saved.checking and session.solution is not None
        session._assisted = saved.assisted or session.checks > 0 or any(
            m.startswith((HINT_PREFIX, REVEAL_PREFIX)) for m in saved.moves)
        session.options = dict(saved.options)
        session.finished = session.status is Status.SOLVED
        return session
