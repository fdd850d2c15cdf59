"""A line of text over a game's screen, from the server.

The game draws its screen in frames the server only passes on, so a notice is drawn when the
game's output has been still for :data:`QUIET` seconds (never inside a frame): on the bottom
line, cursor and colours saved and given back.  :data:`SHOWN` seconds after it was last asked
for, the game is made to draw its whole screen again, over the notice: its window is one row
shorter for a moment, then the right size again (a terminal application draws everything
anew on a resize).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

#: seconds the game's output must be still before the notice is drawn
QUIET = 0.05
#: seconds after the last :meth:`ScreenNotice.show` when the game draws over the notice
SHOWN = 3.0
#: seconds the game's window stays one row shorter
SHORTER = 0.1

#: columns, rows, then the pixel sizes
Window = tuple[int, int, int, int]


class ScreenNotice:
    """``text`` drawn over a game's screen while :meth:`show` is called.  ``send`` writes to
    the player's terminal, ``window`` gives the game's window size, ``resize`` sets it."""

    def __init__(self, text: str, send: Callable[[bytes], None], window: Callable[[], Window],
                 resize: Callable[[int, int, int, int], None]) -> None:
        self.text = text
        self._send = send
        self._window = window
        self._resize = resize
        self._draw: asyncio.TimerHandle | None = None
        self._redraw: asyncio.TimerHandle | None = None

    @property
    def shown(self) -> bool:
        return self._redraw is not None

    def show(self) -> None:
        """Draw the notice (once the game's output is still), or keep it up a while longer."""
        loop = asyncio.get_running_loop()
        if self._redraw is None:
            self._draw = loop.call_later(QUIET, self._drawn)
        else:
            self._redraw.cancel()
        self._redraw = loop.call_later(SHOWN, self._over)

    def output(self) -> None:
        """The game is drawing: a notice still to draw waits until it stops."""
        if self._draw is not None:
            self._draw.cancel()
            self._draw = asyncio.get_running_loop().call_later(QUIET, self._drawn)

    def cancel(self) -> None:
        for timer in (self._draw, self._redraw):
            if timer is not None:
                timer.cancel()
        self._draw = self._redraw = None

    def _drawn(self) -> None:
        self._draw = None
        columns, rows, _, _ = self._window()
        columns, rows = columns or 80, rows or 24
        line = f" {self.text} "[:columns].ljust(columns)
        self._send(f"\x1b7\x1b[{rows};1H\x1b[0;7m{line}\x1b[0m\x1b8".encode())

    def _over(self) -> None:
        self.cancel()
        columns, rows, xpixels, ypixels = self._window()
        if columns < 1 or rows < 2:
            return
        self._resize(columns, rows - 1, xpixels, ypixels)
        asyncio.get_running_loop().call_later(SHORTER, self._back)

    def _back(self) -> None:
        columns, rows, xpixels, ypixels = self._window()
        if columns > 0 and rows > 0:
            self._resize(columns, rows, xpixels, ypixels)
