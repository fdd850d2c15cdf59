"""Drawing a pentomino box and its tray as Rich text.

Every filled cell shows its piece's letter, so the box reads in 16 colours and with
``NO_COLOR``; colour (one per piece) is a bonus.  Given pieces are bracketed ``[L]``, the
piece being moved (the ghost) is drawn ``(L)`` where it fits and ``!L!`` where it does not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.widget import Widget

#: One colour per piece, from the 16-colour palette so it survives 256-colour terminals.
PIECE_COLOURS = {
    "F": "red", "I": "green", "L": "yellow", "N": "blue", "P": "magenta", "T": "cyan",
    "U": "bright_red", "V": "bright_green", "W": "bright_yellow", "X": "bright_blue",
    "Y": "bright_magenta", "Z": "bright_cyan",
}


@dataclass(frozen=True)
class BoxView:
    """What to draw: the box's letters, which cells are given, the ghost and highlights."""

    rows: int
    cols: int
    letters: dict[int, str]  # cell -> piece letter
    given: frozenset[int]
    holes: frozenset[int]
    cursor: int
    ghost: dict[int, str] = field(default_factory=dict)  # cell -> letter (on the board)
    ghost_ok: bool = True
    hint: frozenset[int] = frozenset()


def cell_width(cols: int, room: int) -> int:
    """3 columns a cell when the box fits so, else 2."""
    return 3 if cols * 3 + 2 <= room else 2


def render_box(view: BoxView, width: int) -> Text:
    out = Text()
    w = width
    out.append("┌" + "─" * (view.cols * w) + "┐\n")
    for r in range(view.rows):
        out.append("│")
        for c in range(view.cols):
            cell = r * view.cols + c
            out.append_text(_cell(view, cell, w))
        out.append("│\n")
    out.append("└" + "─" * (view.cols * w) + "┘")
    return out


def _cell(view: BoxView, cell: int, w: int) -> Text:
    cursor = cell == view.cursor
    if cell in view.holes:
        return Text("█" * w, style="dim")
    if cell in view.ghost:
        moving = view.ghost[cell]
        body = f"({moving})" if view.ghost_ok else f"!{moving}!"
        style = "bold reverse" if view.ghost_ok else "bold reverse red"
        return Text(body[:w] if w == 3 else (moving + ("·" if view.ghost_ok else "!")),
                    style=style)
    letter = view.letters.get(cell)
    if letter is None:
        body = " · " if w == 3 else " ·"
        style = "reverse" if cursor else ("bold yellow" if cell in view.hint else "dim")
        return Text(body, style=style)
    colour = PIECE_COLOURS[letter]
    if cell in view.given:
        body = f"[{letter}]" if w == 3 else f"{letter}]"
        style = f"bold black on {colour}"
    else:
        body = f" {letter} " if w == 3 else f" {letter}"
        style = f"black on {colour}"
    if cursor:
        style += " reverse"
    if cell in view.hint:
        style += " underline"
    return Text(body, style=style)


def render_tray(letters: list[str], shapes: dict[str, tuple[tuple[int, int], ...]],
                picked: str | None, per_row: int) -> Text:
    """The pieces still to place, each drawn small (half blocks) with its letter."""
    out = Text()
    if not letters:
        return Text("All pieces are in the box.", style="italic")
    for start in range(0, len(letters), per_row):
        group = letters[start:start + per_row]
        rows = ["", ""]
        label = Text()
        for letter in group:
            cells = set(shapes[letter])
            for half in range(2):
                row = ""
                for c in range(5):
                    top = (half * 2, c) in cells
                    bottom = (half * 2 + 1, c) in cells
                    row += "█" if top and bottom else "▀" if top else "▄" if bottom else " "
                rows[half] += row + " "
            label.append(f"{letter}     ", style="bold reverse" if letter == picked else "bold")
        for row_text in rows:
            out.append(row_text.rstrip() + "\n")
        out.append_text(label)
        out.append("\n")
    return out


class BoxWidget(Widget, can_focus=True):
    """A focusable widget that shows pre-rendered text (the screen draws into it)."""

    DEFAULT_CSS = """
    BoxWidget { width: auto; height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text("")

    def show(self, text: Text) -> None:
        self._text = text
        self.refresh(layout=True)

    def render(self) -> Text:
        return self._text

    def get_content_width(self, container: object, viewport: object) -> int:
        return max((len(line) for line in self._text.plain.split("\n")), default=1)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return self._text.plain.count("\n") + 1
