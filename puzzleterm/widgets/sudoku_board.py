"""The Sudoku-family board: draws a :class:`BoardView` (attributes down, messages up).

The widget holds no game truth.  The play screen builds a :class:`BoardView` from the
session's state and UI state (cursor, hint highlight, options) and hands it down; the board
draws it with box borders, in the largest :class:`BoardLayout` the screen picked, and posts
:class:`Board.CellClicked` when a cell is clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

#: Symbols a 5x5 Latin square may be shown with instead of digits.
LATIN_SYMBOLS = "○□△×☆"


@dataclass(frozen=True)
class BoardLayout:
    """How big cells are drawn and where lines go.

    ``thin``: draw light lines between cells inside a box (and between all cells of a board
    without boxes).  ``marks``: ``grid`` (a mini-grid, e.g. 3x3 on 9x9), ``rows`` (two rows
    of fixed slots) or ``none`` (marks listed in the side panel only).  Mark ``d`` has its
    own slot: row ``(d-1) // mini_cols``, column ``mark_x + mark_step * ((d-1) % mini_cols)``.
    """

    name: str
    cell_w: int
    cell_h: int
    thin_h: bool
    thin_v: bool
    marks: str
    mini_cols: int = 0
    mark_x: int = 0
    mark_step: int = 1

    def size(self, n: int, box_rows: int, box_cols: int) -> tuple[int, int]:
        wy = weights(n, box_rows, self.thin_h)
        wx = weights(n, box_cols, self.thin_v)
        width = n * self.cell_w + sum(1 for w in wx if w)
        height = n * self.cell_h + sum(1 for w in wy if w)
        return width, height


def weights(n: int, box: int, thin: bool) -> list[int]:
    """Line weights at boundaries 0..n: heavy outside and between boxes, light (or none) else."""
    out = []
    for i in range(n + 1):
        if i in (0, n) or (box and i % box == 0):
            out.append(2)
        else:
            out.append(1 if thin else 0)
    return out


def mini_shape(n: int) -> tuple[int, int]:
    """Rows and columns of the pencil-mark mini-grid for an n-digit board."""
    if n <= 4:
        return 2, 2
    if n <= 6:
        return 2, 3
    if n <= 9:
        return 3, 3
    return 4, 4


def layouts_for(n: int) -> list[BoardLayout]:
    """Candidate layouts, largest first; the screen uses the first that fits."""
    mr, mc = mini_shape(n)
    half = (n + 1) // 2
    out = [
        BoardLayout("grid", 2 * mc + 1, mr, True, True, "grid", mc, 1, 2),
        BoardLayout("grid-tight", 2 * mc + 1, mr, False, True, "grid", mc, 1, 2),
    ]
    if n > 9:
        # 16x16: the marks' grid packed (4x4 in a cell five wide), then two rows of eight
        out.append(BoardLayout("grid-packed", mc + 1, mr, False, False, "grid", mc, 1, 1))
        out.append(BoardLayout("two-row", half + 1, 2, False, False, "rows", half, 1, 1))
    elif mr > 2:
        out.append(BoardLayout("two-row", half, 2, False, True, "rows", half))
    out.append(BoardLayout("one-row", 3, 1, False, False, "none"))
    return out


def choose_layout(n: int, box_rows: int, box_cols: int, width: int,
                  height: int) -> BoardLayout | None:
    for layout in layouts_for(n):
        w, h = layout.size(n, box_rows, box_cols)
        if w <= width and h <= height:
            return layout
    return None


def smallest_size(n: int, box_rows: int, box_cols: int) -> tuple[int, int]:
    return layouts_for(n)[-1].size(n, box_rows, box_cols)


@dataclass(frozen=True)
class BoardView:
    """Everything the board draws, computed by the screen from session and UI state."""

    state: Any  # SudokuState
    cursor: int = 0
    symbols: str | None = None  # replaces digit symbols (Latin 5x5 shapes)
    conflicts: frozenset[int] = frozenset()
    mistakes: frozenset[int] = frozenset()
    hint_cells: frozenset[int] = frozenset()
    hint_house_cells: frozenset[int] = frozenset()
    hint_targets: frozenset[int] = frozenset()
    hint_keep: frozenset[tuple[int, int]] = frozenset()  # (cell, digit) marks to emphasise
    hint_drop: frozenset[tuple[int, int]] = frozenset()  # (cell, digit) marks to eliminate
    pencil: bool = False
    peers: frozenset[int] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Palette:
    text: str
    bg: str
    border: str
    box_border: str
    given: str
    player: str
    mark: str
    peer_bg: str
    same_bg: str
    cursor_bg: str
    cursor_pencil_bg: str
    cursor_fg: str
    diag_bg: str
    diag_peer_bg: str
    conflict: str
    mistake: str
    hint_bg: str
    hint_house_bg: str
    hint_target_bg: str
    keep: str
    drop: str


#: Colours chosen to stay distinct when downsampled to the 256-colour palette.
TRUE_PALETTE = Palette(
    text="#d0d0d0", bg="#1c1c1c", border="#585858", box_border="#bcbcbc",
    given="#ffffff", player="#5fafff", mark="#8a8a8a",
    peer_bg="#303030", same_bg="#5f5f00", cursor_bg="#0087af", cursor_pencil_bg="#875f87",
    cursor_fg="#ffffff", diag_bg="#00005f", diag_peer_bg="#000087",
    conflict="#ff5f5f", mistake="#ff87ff",
    hint_bg="#005f00", hint_house_bg="#00303f", hint_target_bg="#008700",
    keep="#87ff87", drop="#ff5f5f",
)

#: The same roles in the terminal's own 16 ANSI colours (``App.ansi_color``).
ANSI_PALETTE = Palette(
    text="default", bg="default", border="bright_black", box_border="white",
    given="bright_white", player="bright_cyan", mark="bright_black",
    peer_bg="bright_black", same_bg="yellow", cursor_bg="blue", cursor_pencil_bg="magenta",
    cursor_fg="bright_white", diag_bg="black", diag_peer_bg="bright_black",
    conflict="bright_red", mistake="bright_magenta",
    hint_bg="green", hint_house_bg="black", hint_target_bg="bright_green",
    keep="bright_green", drop="bright_red",
)

_JUNCTIONS = {
    (0, 0, 1, 1): "─", (0, 0, 2, 2): "━", (1, 1, 0, 0): "│", (2, 2, 0, 0): "┃",
    (0, 2, 0, 2): "┏", (0, 2, 2, 0): "┓", (2, 0, 0, 2): "┗", (2, 0, 2, 0): "┛",
    (0, 2, 2, 2): "┳", (2, 0, 2, 2): "┻", (2, 2, 0, 2): "┣", (2, 2, 2, 0): "┫",
    (2, 2, 2, 2): "╋", (0, 1, 2, 2): "┯", (1, 0, 2, 2): "┷", (2, 2, 0, 1): "┠",
    (2, 2, 1, 0): "┨", (1, 1, 1, 1): "┼", (2, 2, 1, 1): "╂", (1, 1, 2, 2): "┿",
    (0, 0, 2, 0): "━", (0, 0, 0, 2): "━",
}


def _append(line: Text, slots: list[str], styles: list[Style]) -> None:
    """Append a cell's characters, runs of one style as one span."""
    start = 0
    for i in range(1, len(slots) + 1):
        if i == len(slots) or styles[i] != styles[start]:
            line.append("".join(slots[start:i]), styles[start])
            start = i


def junction(up: int, down: int, left: int, right: int) -> str:
    return _JUNCTIONS.get((up, down, left, right), "┼" if max(up, down, left, right) < 2 else "╋")


class Board(Widget, can_focus=True):
    """Draws a Sudoku-family position from a :class:`BoardView`."""

    DEFAULT_CSS = """
    Board {
        width: auto;
        height: auto;
    }
    """

    class CellClicked(Message):
        """A cell was clicked (mouse is a bonus; the keyboard does everything)."""

        def __init__(self, cell: int) -> None:
            self.cell = cell
            super().__init__()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: BoardView | None = None
        self.layout_spec: BoardLayout | None = None
        self._col_at: list[int] = []
        self._row_at: list[int] = []

    def show(self, view: BoardView, layout: BoardLayout) -> None:
        """Draw a new view (the only way the board learns anything)."""
        resized = layout != self.layout_spec or (
            self.view is None or self.view.state.geo != view.state.geo)
        self.view = view
        self.layout_spec = layout
        if resized:
            geo = view.state.geo
            w, h = layout.size(geo.n, geo.box_rows, geo.box_cols)
            self.styles.width = w
            self.styles.height = h
        self.refresh(layout=resized)

    @property
    def palette(self) -> Palette:
        return ANSI_PALETTE if self.app.ansi_color else TRUE_PALETTE

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> Text:
        view, layout = self.view, self.layout_spec
        if view is None or layout is None:
            return Text("")
        return Text("\n").join(self.render_lines_text(view, layout))

    def render_lines_text(self, view: BoardView, layout: BoardLayout) -> list[Text]:
        st = view.state
        geo = st.geo
        n = geo.n
        pal = self.palette
        wy = weights(n, geo.box_rows, layout.thin_h)
        wx = weights(n, geo.box_cols, layout.thin_v)
        light = Style(color=pal.border, bgcolor=pal.bg)
        heavy = Style(color=pal.box_border, bgcolor=pal.bg)
        lines: list[Text] = []
        col_at: list[int] = []
        for c in range(n + 1):
            if wx[c]:
                col_at.append(-1)
            if c < n:
                col_at.extend([c] * layout.cell_w)
        row_at: list[int] = []
        for r in range(n + 1):
            if wy[r]:
                row_at.append(-1)
                lines.append(self._hline(r, n, wx, wy, layout, light, heavy))
            if r == n:
                break
            row_at.extend([r] * layout.cell_h)
            for sub in range(layout.cell_h):
                line = Text()
                for c in range(n):
                    if wx[c]:
                        line.append("┃" if wx[c] == 2 else "│", heavy if wx[c] == 2 else light)
                    self._cell_segment(line, view, layout, r * n + c, sub, pal)
                line.append("┃", heavy)
                lines.append(line)
        self._col_at, self._row_at = col_at, row_at
        return lines

    def _hline(self, r: int, n: int, wx: list[int], wy: list[int], layout: BoardLayout,
               light: Style, heavy: Style) -> Text:
        w = wy[r]
        style = heavy if w == 2 else light
        line = Text()
        for c in range(n + 1):
            if wx[c]:
                up = wx[c] if r > 0 else 0
                down = wx[c] if r < n else 0
                left = w if c > 0 else 0
                right = w if c < n else 0
                line.append(junction(up, down, left, right), heavy if max(w, wx[c]) == 2 else light)
            if c < n:
                line.append(("━" if w == 2 else "─") * layout.cell_w, style)
        return line

    def _symbol(self, view: BoardView, d: int) -> str:
        if view.symbols is not None and 1 <= d <= len(view.symbols):
            return view.symbols[d - 1]
        sym: str = view.state.geo.symbol(d)
        return sym

    def _cell_bg(self, view: BoardView, cell: int, pal: Palette) -> str:
        st = view.state
        if cell == view.cursor:
            return pal.cursor_pencil_bg if view.pencil else pal.cursor_bg
        if cell in view.hint_targets:
            return pal.hint_target_bg
        if cell in view.hint_cells:
            return pal.hint_bg
        cur = st.values[view.cursor]
        if cur and st.values[cell] == cur:
            return pal.same_bg
        if cell in view.hint_house_cells:
            return pal.hint_house_bg
        diagonal = st.geo.is_diagonal_cell(cell)
        if cell in view.peers:
            return pal.diag_peer_bg if diagonal else pal.peer_bg
        if diagonal:
            return pal.diag_bg
        return pal.bg

    def _cell_segment(self, line: Text, view: BoardView, layout: BoardLayout, cell: int,
                      sub: int, pal: Palette) -> None:
        st = view.state
        w, h = layout.cell_w, layout.cell_h
        bg = self._cell_bg(view, cell, pal)
        base = Style(bgcolor=bg)
        if cell == view.cursor and self.app.no_color:
            base += Style(reverse=True)  # no background colours: the cursor in reverse
        slots = [" "] * w
        styles: list[Style] = [base] * w
        self._diagonal_ticks(slots, styles, view, layout, cell, sub, base, pal)
        v = st.values[cell]
        if v:
            if sub == (h - 1) // 2:
                self._digit(slots, styles, view, layout, cell, v, base, pal)
            _append(line, slots, styles)
            return
        marks = st.marks[cell]
        if layout.marks == "none" or not marks:
            if layout.marks == "none" and marks and sub == 0:
                x = (w - 1) // 2
                slots[x] = "·"
                styles[x] = base + Style(color=pal.mark, dim=True)
            _append(line, slots, styles)
            return
        self._marks(slots, styles, view, layout, cell, sub, base, pal)
        _append(line, slots, styles)

    def _diagonal_ticks(self, slots: list[str], styles: list[Style], view: BoardView,
                        layout: BoardLayout, cell: int, sub: int, base: Style,
                        pal: Palette) -> None:
        """X-Sudoku: ╲ and ╱ in the corners of diagonal cells, so the diagonals show as
        lines across the board without colour (the corners hold no digit and no mark)."""
        geo = view.state.geo
        if not geo.diagonals:
            return
        r, c = divmod(cell, geo.n)
        main, anti = r == c, r + c == geo.n - 1
        if not (main or anti):
            return
        w, h = layout.cell_w, layout.cell_h
        ticks: dict[int, str] = {}
        if h == 1:
            tick = "╳" if main and anti else "╲" if main else "╱"
            ticks = {0: tick, w - 1: tick}
        elif sub in (0, h - 1):
            top = sub == 0
            if main:
                ticks[0 if top else w - 1] = "╲"
            if anti:
                ticks[w - 1 if top else 0] = "╱"
        style = base + Style(color=pal.box_border, dim=True)
        for x, ch in ticks.items():
            slots[x] = ch
            styles[x] = style

    def _digit(self, slots: list[str], styles: list[Style], view: BoardView,
               layout: BoardLayout, cell: int, v: int, base: Style, pal: Palette) -> None:
        st = view.state
        if cell in view.conflicts:
            fg = Style(color=pal.conflict, bold=True, underline=True)
        elif cell in view.mistakes:
            fg = Style(color=pal.mistake, bold=True, strike=True)
        elif st.givens[cell]:
            fg = Style(color=pal.given, bold=True)
        else:
            fg = Style(color=pal.player)
        if cell == view.cursor and cell not in view.conflicts and cell not in view.mistakes:
            fg = fg + Style(color=pal.cursor_fg)
        x = (layout.cell_w - 1) // 2
        slots[x] = self._symbol(view, v)
        styles[x] = base + fg

    def _marks(self, slots: list[str], styles: list[Style], view: BoardView,
               layout: BoardLayout, cell: int, sub: int, base: Style, pal: Palette) -> None:
        """One line of a cell's pencil marks: each in its own slot of the marks' grid, dim,
        and a dim dot in the slots of digits not marked (a lone mark is never mistaken for
        a digit, even without colour)."""
        st = view.state
        marks = st.marks[cell]
        cur = st.values[view.cursor]
        w = layout.cell_w
        for d in range(1, st.geo.n + 1):
            row, col = divmod(d - 1, layout.mini_cols)
            x = layout.mark_x + layout.mark_step * col
            if row != sub or x >= w:
                continue
            if not marks & (1 << (d - 1)):
                slots[x] = "·"
                styles[x] = base + Style(color=pal.border, dim=True)
                continue
            slots[x] = self._symbol(view, d)
            style = base + Style(color=pal.mark, dim=True)
            if (cell, d) in view.hint_drop:
                style = base + Style(color=pal.drop, bold=True, strike=True)
            elif (cell, d) in view.hint_keep:
                style = base + Style(color=pal.keep, bold=True)
            elif cur and d == cur:
                style = base + Style(color=pal.given, bold=True)
            elif cell == view.cursor:
                style = base + Style(color=pal.cursor_fg, dim=True)
            styles[x] = style

    # -- mouse -----------------------------------------------------------------------------
    def cell_at(self, x: int, y: int) -> int | None:
        if self.view is None or not (0 <= y < len(self._row_at) and 0 <= x < len(self._col_at)):
            return None
        r, c = self._row_at[y], self._col_at[x]
        if r < 0 or c < 0:
            return None
        n: int = self.view.state.geo.n
        return r * n + c

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            self.post_message(self.CellClicked(cell))
