"""The Sudoku-family board: draws a :class:`BoardView` (attributes down, messages up).

The widget holds no game truth.  The play screen builds a :class:`BoardView` from the
session's state and UI state (cursor, hint highlight, options) and hands it down; the board
draws it with box borders, in the largest :class:`BoardLayout` the screen picked, and posts
:class:`Board.CellClicked` when a cell is clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from .board_styles import ANSI_PALETTE, TRUE_PALETTE, Palette, junction, no_color_hint

#: A run of characters in one style; a board line is a list of them.
Piece = tuple[str, Style]
#: A cell's pieces, one tuple per line of the cell.
Fragment = tuple[tuple[Piece, ...], ...]

#: Styles with their place on the board kept at most (then made again as needed).
MAX_PLACED_STYLES = 8192

#: Lines kept for looks seen before (a row looks the same again when the cursor comes back).
MAX_LINES = 256

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


def _runs(slots: list[str], styles: list[Style]) -> list[Piece]:
    """A cell's characters as pieces, runs of one style as one piece."""
    out: list[Piece] = []
    start = 0
    for i in range(1, len(slots) + 1):
        if i == len(slots) or styles[i] != styles[start]:
            out.append(("".join(slots[start:i]), styles[start]))
            start = i
    return out


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
        self._col_at: list[int] = []  # x -> board column (-1: a line)
        self._row_at: list[int] = []  # y -> board row (-1: a line)
        self._cell_x: list[int] = []  # board column -> x of its first character
        self._cell_y: list[int] = []  # board row -> y of its first line
        # What each cell looks like (see _look), the fragments drawn for each look, the
        # lines drawn so far (None: to draw) and the styles Textual would turn ours into.
        self._looks: list[tuple[Any, ...]] = []
        self._fragments: dict[tuple[Any, ...], Fragment] = {}
        self._drawn_for: tuple[Any, ...] = ()
        self._strips: list[Strip | None] = []
        self._styles: dict[Style, tuple[int, VisualStyle]] = {}
        self._placed: dict[tuple[int, int, int], Style] = {}
        self._styles_for: tuple[Any, ...] = ()
        self._lines: dict[tuple[Any, ...], Strip] = {}  # (y, the looks of its row) -> line

    def show(self, view: BoardView, layout: BoardLayout) -> None:
        """Draw a new view (the only way the board learns anything).

        Only the cells whose look changed are drawn again and sent to the terminal: a cursor
        move repaints its row, column and box, not the whole board."""
        geo = view.state.geo
        resized = layout != self.layout_spec or (
            self.view is None or self.view.state.geo != geo)
        self.view = view
        self.layout_spec = layout
        if resized:
            w, h = layout.size(geo.n, geo.box_rows, geo.box_cols)
            self.styles.width = w
            self.styles.height = h
            self._grid(geo.n, geo.box_rows, geo.box_cols, layout)
        pal = self.palette
        looks = self._looks_of(view, layout, pal)
        drawn_for = (geo, layout, pal, self.app.no_color, view.symbols)
        if resized or drawn_for != self._drawn_for or len(looks) != len(self._looks):
            self._drawn_for = drawn_for
            self._fragments.clear()
            self._lines.clear()
            self._looks = looks
            self._strips = [None] * len(self._row_at)
            self.refresh(layout=resized)
            return
        changed = [c for c, look in enumerate(looks) if look != self._looks[c]]
        self._looks = looks
        if not changed:
            return
        n, cw, ch = geo.n, layout.cell_w, layout.cell_h
        regions = []
        for cell in changed:
            r, c = divmod(cell, n)
            y = self._cell_y[r]
            regions.append(Region(self._cell_x[c], y, cw, ch))
            for sub in range(ch):
                self._strips[y + sub] = None
        self.refresh(*regions)

    def _grid(self, n: int, box_rows: int, box_cols: int, layout: BoardLayout) -> None:
        """Where each column and row of cells is drawn."""
        wy = weights(n, box_rows, layout.thin_h)
        wx = weights(n, box_cols, layout.thin_v)
        col_at: list[int] = []
        cell_x: list[int] = []
        for c in range(n + 1):
            if wx[c]:
                col_at.append(-1)
            if c < n:
                cell_x.append(len(col_at))
                col_at.extend([c] * layout.cell_w)
        row_at: list[int] = []
        cell_y: list[int] = []
        for r in range(n + 1):
            if wy[r]:
                row_at.append(-1)
            if r < n:
                cell_y.append(len(row_at))
                row_at.extend([r] * layout.cell_h)
        self._col_at, self._row_at, self._cell_x, self._cell_y = col_at, row_at, cell_x, cell_y

    @property
    def palette(self) -> Palette:
        return ANSI_PALETTE if self.app.ansi_color else TRUE_PALETTE

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> Text:
        view, layout = self.view, self.layout_spec
        if view is None or layout is None:
            return Text("")
        return Text("\n").join(self.render_lines_text(view, layout))

    def render_line(self, y: int) -> Strip:
        """One line of the board (Textual's line API), drawn when its cells changed, or
        taken from the lines drawn before for the same looks (the cursor moving back)."""
        view, layout = self.view, self.layout_spec
        if view is None or layout is None or not 0 <= y < len(self._strips):
            return Strip.blank(self.size.width, self.visual_style.rich_style)
        styles_for = (self.visual_style, self.app.ansi_theme)
        if self._styles_for != styles_for or len(self._placed) > MAX_PLACED_STYLES:
            self._styles_for = styles_for
            self._styles.clear()
            self._placed.clear()
            self._lines.clear()
        strip = self._strips[y]
        if strip is None:
            r = self._row_at[y]
            n = view.state.geo.n
            key = (y, tuple(self._looks[r * n:(r + 1) * n]) if r >= 0 else ())
            strip = self._lines.get(key)
            if strip is None:
                if len(self._lines) >= MAX_LINES:
                    self._lines.clear()
                strip = self._lines[key] = self._strip(self._line_pieces(view, layout, y), y)
            self._strips[y] = strip
        return strip

    def _strip(self, pieces: list[Piece], y: int) -> Strip:
        """Pieces as Textual draws a Text's spans: each style on the widget's own style,
        with the offset of its first character (Textual uses it to select text)."""
        base, theme = self._styles_for
        styles, placed = self._styles, self._placed
        segments = []
        x = 0
        for text, style in pieces:
            known = styles.get(style)
            if known is None:
                span = VisualStyle.combine([base, VisualStyle.from_rich_style(style, theme)])
                known = styles[style] = (len(styles), base + span)
            key = (known[0], x, y)
            final = placed.get(key)
            if final is None:
                final = placed[key] = known[1].rich_style_with_offset(x, y)
            segments.append(Segment(text, final))
            x += len(text)
        return Strip(segments, x)

    def render_lines_text(self, view: BoardView, layout: BoardLayout) -> list[Text]:
        """The board's lines as Rich Text (the same pieces :meth:`render_line` draws)."""
        if view is not self.view or layout is not self.layout_spec:
            geo = view.state.geo
            self._grid(geo.n, geo.box_rows, geo.box_cols, layout)
        lines = []
        for y in range(len(self._row_at)):
            line = Text()
            for text, style in self._line_pieces(view, layout, y):
                line.append(text, style)
            lines.append(line)
        return lines

    def _line_pieces(self, view: BoardView, layout: BoardLayout, y: int) -> list[Piece]:
        geo = view.state.geo
        n = geo.n
        pal = self.palette
        light = Style(color=pal.border, bgcolor=pal.bg)
        heavy = Style(color=pal.box_border, bgcolor=pal.bg)
        wx = weights(n, geo.box_cols, layout.thin_v)
        r = self._row_at[y]
        if r < 0:
            below = self._row_at[y + 1] if y + 1 < len(self._row_at) else n
            return self._hline(n if below < 0 else below, n, wx,
                               weights(n, geo.box_rows, layout.thin_h), layout, light, heavy)
        sub = y - self._cell_y[r]
        looks = self._looks if view is self.view else self._looks_of(view, layout, pal)
        fragments = self._fragments if view is self.view else {}
        pieces: list[Piece] = []
        for c in range(n):
            if wx[c]:
                pieces.append(("┃", heavy) if wx[c] == 2 else ("│", light))
            cell = r * n + c
            look = looks[cell]
            fragment = fragments.get(look)
            if fragment is None:
                fragment = fragments[look] = tuple(
                    tuple(self._cell_pieces(view, layout, cell, s, pal))
                    for s in range(layout.cell_h))
            pieces.extend(fragment[sub])
        pieces.append(("┃", heavy))
        return pieces

    def _looks_of(self, view: BoardView, layout: BoardLayout,
                  pal: Palette) -> list[tuple[Any, ...]]:
        """For each cell, everything its drawing depends on (equal looks draw equal)."""
        st = view.state
        geo = st.geo
        n = geo.n
        cursor = view.cursor
        cur = st.values[cursor]
        hinted: dict[int, tuple[list[int], list[int]]] = {}
        for cell, d in view.hint_drop:
            hinted.setdefault(cell, ([], []))[0].append(d)
        for cell, d in view.hint_keep:
            hinted.setdefault(cell, ([], []))[1].append(d)
        draw_marks = layout.marks != "none"
        looks: list[tuple[Any, ...]] = []
        for cell in range(geo.ncells):
            r, c = divmod(cell, n)
            v = st.values[cell]
            ticks = (r == c, r + c == n - 1) if geo.diagonals else None
            # where a hint points (what shows it in no colour, where the cursor hides its bg)
            at = (cell == cursor, cell in view.hint_cells, cell in view.hint_targets)
            if v:
                role = ("c" if cell in view.conflicts else "m" if cell in view.mistakes
                        else "g" if st.givens[cell] else "p")
                looks.append((self._cell_bg(view, cell, pal), at, ticks, v, role))
                continue
            marks = st.marks[cell]
            extra: tuple[Any, ...] = ()
            if marks and draw_marks:
                drop, keep = hinted.get(cell, ((), ()))
                extra = (cur if cur and marks >> (cur - 1) & 1 else 0,
                         tuple(sorted(drop)), tuple(sorted(keep)))
            looks.append((self._cell_bg(view, cell, pal), at, ticks, 0, marks, extra))
        return looks

    def _hline(self, r: int, n: int, wx: list[int], wy: list[int], layout: BoardLayout,
               light: Style, heavy: Style) -> list[Piece]:
        w = wy[r]
        style = heavy if w == 2 else light
        line: list[Piece] = []
        for c in range(n + 1):
            if wx[c]:
                up = wx[c] if r > 0 else 0
                down = wx[c] if r < n else 0
                left = w if c > 0 else 0
                right = w if c < n else 0
                line.append((junction(up, down, left, right),
                             heavy if max(w, wx[c]) == 2 else light))
            if c < n:
                line.append((("━" if w == 2 else "─") * layout.cell_w, style))
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

    def _cell_pieces(self, view: BoardView, layout: BoardLayout, cell: int, sub: int,
                     pal: Palette) -> list[Piece]:
        st = view.state
        w, h = layout.cell_w, layout.cell_h
        bg = self._cell_bg(view, cell, pal)
        base = Style(bgcolor=bg)
        if self.app.no_color:  # no background colours: the cursor in reverse, hints underlined
            if cell == view.cursor:
                base += Style(reverse=True)
            accent = no_color_hint(cell in view.hint_cells, cell in view.hint_targets)
            if accent is not None:
                base += accent
        slots = [" "] * w
        styles: list[Style] = [base] * w
        self._diagonal_ticks(slots, styles, view, layout, cell, sub, base, pal)
        v = st.values[cell]
        if v:
            if sub == (h - 1) // 2:
                self._digit(slots, styles, view, layout, cell, v, base, pal)
            return _runs(slots, styles)
        marks = st.marks[cell]
        if layout.marks == "none" or not marks:
            if layout.marks == "none" and marks and sub == 0:
                x = (w - 1) // 2
                slots[x] = "·"
                styles[x] = base + Style(color=pal.mark, dim=True)
            return _runs(slots, styles)
        self._marks(slots, styles, view, layout, cell, sub, base, pal)
        return _runs(slots, styles)

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
