"""The arithmetic screen: the sum right-aligned as in a book; fill the hidden digits.

The cursor moves over the hidden digits only (arrows or hjkl); 0-9 fill the digit under it,
Backspace, Delete or ``.`` clear it.  A column of the addition that cannot add up with the
digits filled so far is marked.  Everything else (undo, hints, reveal, pause, the clock) is
:class:`GameScreen`'s.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ..engine.arith.divcheck import bad_rows
from ..engine.arith.divforms import steps_of
from ..engine.arith.human import Evidence, bad_column
from ..engine.arith.model import ADD, DIV, ArithState, cell_name
from ..engine.arith.moves import clear_digit, set_digit
from ..widgets.pentomino_board import BoxWidget
from .game import GameScreen

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
         "k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1)}
CLEAR_KEYS = {"backspace", "delete", "full_stop"}
CELL_W = 3


class ArithScreen(GameScreen, inherit_bindings=False):
    """Plays one sum with hidden digits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "Help"),
        Binding("t", "hint", "Hint"),
        Binding("u,z", "undo", "Undo"),
        Binding("y,U", "redo", "Redo"),
        Binding("p", "pause", "Pause"),
        Binding("n", "new_game", "New"),
        Binding("escape", "home", "Home"),
        Binding("v", "reveal_cell", "Reveal digit", show=False),
        Binding("V,A", "reveal_all", "Reveal all", show=False),
        Binding("R", "restart", "Restart", show=False),
        Binding("i", "game_id", "Game ID", show=False),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    HELP_KEYS: ClassVar[list[tuple[str, list[tuple[str, str]]]]] = [
        ("Digits", [
            ("arrows  hjkl", "move between the hidden digits"),
            ("0-9", "fill the digit under the cursor"),
            ("Backspace  Delete  .", "clear it"),
            ("v / A", "reveal the digit under the cursor / the whole sum"),
        ]),
    ]
    HELP_NOTE = ("Given digits are bold; no number starts with 0. A column marked red cannot "
                 "add up with the digits filled so far; in a division, a row marked red "
                 "cannot hold (its subtraction or product fails). A quotient digit 0 has no "
                 "product row: the next dividend digit is brought down too.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor: tuple[int, int] = (0, 0)

    def compose_board(self) -> ComposeResult:
        yield BoxWidget(id="board")

    @property
    def board(self) -> BoxWidget:
        return self.query_one("#board", BoxWidget)

    @property
    def state(self) -> ArithState:
        assert self.session is not None
        st: ArithState = self.session.state
        return st

    def board_ready(self) -> None:
        hidden = self.state.hidden()
        self.cursor = hidden[0] if hidden else (0, 0)

    def line_of(self, row: int) -> int:
        """The picture line of a row (a division's divisor and dividend share one)."""
        if self.state.op != DIV:
            return row
        return 0 if row == 0 else 1 if row <= 2 else row - 1

    def fit(self, width: int, height: int) -> str | None:
        st = self.state
        need_w = (st.width + 2) * CELL_W + 2
        need_h = len(st.givens) + 4
        if st.op == DIV:
            need_h = 3 + 3 * len(steps_of(st))
        if need_w <= width and need_h <= height:
            return None
        return (f"This sum needs a wider or taller terminal (it is {self.size.width}x"
                f"{self.size.height} now).")

    def _cell_text(self, r: int, i: int, hint_cell: tuple[int, int] | None,
                   extra: str = "") -> tuple[str, str]:
        st = self.state
        given = st.givens[r][i]
        value = st.values[r][i]
        style = "bold" if given is not None else "cyan"
        ch = str(value) if value is not None else "·"
        style += extra
        if (r, i) == hint_cell:
            style += " on yellow"
        if (r, i) == self.cursor:
            style += " reverse"
        return f"{ch:^{CELL_W}}", style.strip()

    def _draw_division(self, hint_cell: tuple[int, int] | None) -> Text:
        st = self.state
        w = st.width
        bad = bad_rows(st)
        out = Text()
        k = len(st.givens[1])

        def number_line(rows: list[int]) -> None:
            out.append("  " + " " * CELL_W)
            for col in range(w):
                cell = next(((r, i) for r in rows if (i := st.at(r, col)) is not None), None)
                if cell is None:
                    ch = ")" if rows == [1, 2] and col == k else " "
                    out.append(f"{ch:^{CELL_W}}", style="bold" if ch == ")" else "")
                    continue
                text, style = self._cell_text(*cell, hint_cell,
                                              " on red" if cell[0] in bad else "")
                out.append(text, style=style)
            out.append("\n")

        def rule(start: int, end: int) -> None:
            out.append("  " + " " * CELL_W + " " * (start * CELL_W)
                       + "─" * ((end - start) * CELL_W) + "\n", style="dim")

        number_line([0])
        rule(k + 1, w)
        number_line([1, 2])
        above_start = k + 1
        for p, u, _ in steps_of(st):
            number_line([p])
            start = st.column_of(p, 0)
            left = min(start, above_start)
            rule(left, start + len(st.givens[p]))
            number_line([u])
            above_start = st.column_of(u, 0)
        return out

    def draw_board(self) -> None:
        st = self.state
        step = self.shown_step
        hint = step.evidence if step is not None else None
        hint_cell = hint.cell if isinstance(hint, Evidence) else None
        if st.op == DIV:
            self.board.show(self._draw_division(hint_cell))
            return
        bad = bad_column(st)
        w = st.width
        out = Text()
        rule = "  " + " " * CELL_W + "─" * (w * CELL_W)
        n = len(st.givens)
        for r in range(n):
            op = " "
            if (st.op == ADD and r == n - 2) or (st.op != ADD and r == 1):
                op = "+" if st.op == ADD else "×"
            out.append(f"  {op:^{CELL_W}}")
            for col in range(w):
                i = st.at(r, col)
                if i is None:
                    out.append(" " * CELL_W, style="on red" if col == bad else "")
                    continue
                given = st.givens[r][i]
                value = st.values[r][i]
                style = "bold" if given is not None else "cyan"
                ch = str(value) if value is not None else "·"
                if col == bad:
                    style += " on red"
                if (r, i) == hint_cell:
                    style += " on yellow"
                if (r, i) == self.cursor:
                    style += " reverse"
                out.append(f"{ch:^{CELL_W}}", style=style.strip())
            out.append("\n")
            if (st.op == ADD and r == n - 2) or (st.op != ADD and r == 1) or (
                    st.op != ADD and st.naddends and r == n - 2):
                out.append(rule + "\n", style="dim")
        self.board.show(out)

    def panel_lines(self) -> Text:
        st = self.state
        r, i = self.cursor
        filled = sum(1 for rr, ii in st.hidden() if st.values[rr][ii] is not None)
        return Text(f"Cell  {cell_name(st, r, i)}\nFilled {filled}/{len(st.hidden())}")

    def reveal_target(self) -> str | None:
        return cell_name(self.state, *self.cursor)

    def broken_text(self) -> str:
        if self.state.op == DIV:
            return "A row cannot hold: a subtraction, a product or a length is wrong"
        return "A column cannot add up, or a row has the wrong length"

    def _move_cursor(self, dr: int, dc: int) -> None:
        st = self.state
        hidden = st.hidden()
        if not hidden:
            return
        r0, i0 = self.cursor
        c0 = st.column_of(r0, i0)
        line = self.line_of
        if dc:
            row = sorted((st.column_of(r, i), (r, i)) for r, i in hidden
                         if line(r) == line(r0))
            cols = [c for c, _ in row]
            ahead = [cell for c, cell in row if (c > c0 if dc > 0 else c < c0)]
            if ahead:
                self.cursor = ahead[0] if dc > 0 else ahead[-1]
            elif cols:
                self.cursor = row[0][1] if dc > 0 else row[-1][1]
            return
        rows = sorted({line(r) for r, _ in hidden})
        later = [r for r in rows if (r > line(r0) if dr > 0 else r < line(r0))]
        target = (later[0] if dr > 0 else later[-1]) if later else (
            rows[0] if dr > 0 else rows[-1])
        self.cursor = min(((r, i) for r, i in hidden if line(r) == target),
                          key=lambda cell: abs(st.column_of(*cell) - c0))

    def key_to_move(self, event: events.Key) -> bool:
        key = event.key
        if key in MOVES:
            self._move_cursor(*MOVES[key])
            self.clear_status()
            self.redraw()
            return True
        ch = event.character or ""
        r, i = self.cursor
        if len(ch) == 1 and ch.isdigit():
            if self.playable():
                self.play(set_digit(self.state, r, i, int(ch)))
            return True
        if key in CLEAR_KEYS:
            if self.playable() and self.state.values[r][i] is not None:
                self.play(clear_digit(self.state, r, i))
            return True
        return False
