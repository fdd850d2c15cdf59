"""When the game's clock runs: only while the board is on screen and the player is there.

A game screen is *away* for as many reasons as apply at once (another screen or dialog on
top, the terminal too small, the app without focus or suspended, the player quitting); the
clock stops while any holds.  After :data:`IDLE_PAUSE` seconds without a key or click the game
pauses itself, the clock stopped where the idle time began.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..session import Session

IDLE_PAUSE = 300  # seconds without a key or click before the game pauses itself


class TimeAway:
    """Mixed into :class:`~.game.GameScreen`; it provides the screen methods used here."""

    session: Session | None
    _away: set[str]
    _last_input: float | None
    auto_paused: bool

    if TYPE_CHECKING:
        def redraw(self) -> None: ...
        def save(self) -> None: ...

    def note_input(self) -> None:
        """A key or a click: the player is here (the idle pause counts from now)."""
        s = self.session
        self._last_input = s.clock() if s is not None else None

    def idle_check(self) -> None:
        """Pause a running game after :data:`IDLE_PAUSE` seconds without a key (the clock
        stops where the idle time began to count)."""
        s = self.session
        if s is None or not s.running:
            return
        last = self._last_input
        if last is None:
            self.note_input()
            return
        if s.clock() - last < IDLE_PAUSE:
            return
        s.set_paused(True, at=last + IDLE_PAUSE)
        self.auto_paused = True
        self.save()
        self.redraw()

    # -- time away -------------------------------------------------------------------------
    def set_away(self, reason: str, away: bool) -> None:
        was_away = bool(self._away)
        if away:
            self._away.add(reason)
        else:
            self._away.discard(reason)
        if self.session is not None:
            self.session.set_away(bool(self._away))
            if was_away and not self._away:
                self.note_input()  # time away is not idle time at the board

    def _on_app_suspend(self, _app: object) -> None:
        self.set_away("suspended", True)
        self.save()

    def _on_app_resume(self, _app: object) -> None:
        self.set_away("suspended", False)
