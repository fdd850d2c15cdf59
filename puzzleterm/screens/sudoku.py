"""The Sudoku-family screen: 4x4 to 16x16 Sudoku, X-Sudoku 5x5, Latin squares.

Keys become the kind's typed moves (:mod:`~puzzleterm.engine.sudoku.moves`: place, pencil,
clear, fill candidates) handed to the game; the board
is drawn from the game's state plus UI state (cursor, pencil mode), which lives here and is
never undone.  Everything else a game needs is in :class:`GameScreen`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ..engine import MoveError
from ..engine.sudoku import SudokuState
from ..engine.sudoku import moves as sudoku_moves
from ..engine.sudoku.formats import find_conflicts
from ..play import symbols_left
from ..widgets.sudoku_board import (
    LATIN_SYMBOLS,
    Board,
    BoardLayout,
    BoardView,
    choose_layout,
    smallest_size,
)
from .game import GAME_ACTIONS, PANEL_MIN, GameScreen

MOVES = {
    "up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
    "k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1),
    "w": (-1, 0), "s": (1, 0), "a": (0, -1), "d": (0, 1),
}
CLEAR_KEYS = {"0", "backspace", "delete", "full_stop"}
SUDOKU_ACTIONS = {"pencil", "auto_marks", "check"}


class SudokuScreen(GameScreen, inherit_bindings=False):
    """Plays one Sudoku-family game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "Help"),
        Binding("m", "pencil", "Pencil"),
        Binding("t", "hint", "Hint"),
        Binding("u,z", "undo", "Undo"),
        Binding("y,U", "redo", "Redo"),
        Binding("p", "pause", "Pause"),
        Binding("n", "new_game", "New"),
        Binding("escape", "home", "Home"),
        Binding("M", "auto_marks", "Auto marks", show=False),
        Binding("v", "reveal_cell", "Reveal cell", show=False),
        Binding("V", "reveal_all", "Reveal all", show=False),
        Binding("x", "check", "Check", show=False),
        Binding("o", "symbols", "Symbols"),
        Binding("R", "restart", "Restart", show=False),
        Binding("i", "game_id", "Game ID", show=False),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    HELP_KEYS: ClassVar[list[tuple[str, list[tuple[str, str]]]]] = [
        ("Move and enter", [
            ("arrows  hjkl  wasd", "move the cursor (mouse: click a cell)"),
            ("1-9  (A-G on 16x16)", "place a digit, or toggle a mark in pencil mode"),
            ("0  Backspace  Delete", "clear the cell"),
        ]),
        ("Pencil marks and checks", [
            ("m", "pencil mode on/off"),
            ("M", "fill every cell with all its candidates"),
            ("v", "reveal the cell"),
            ("x", "check digits on/off (it counts as an assist)"),
            ("o", "Latin 5x5: shapes ○□△×☆ instead of digits"),
        ]),
    ]
    HELP_NOTE = ("On 16x16 the letters a-g are digits: move with arrows or hjkl. "
                 "Hints, reveals and checks mark a game as assisted.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.pencil = False
        self._layout: BoardLayout | None = None

    # -- hooks -------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield Board(id="board")

    @property
    def board(self) -> Board:
        return self.query_one("#board", Board)

    @property
    def state(self) -> SudokuState:
        assert self.session is not None
        st: SudokuState = self.session.state
        return st

    def board_ready(self) -> None:
        st = self.state
        geo = st.geo
        saved = self.session.options.get("cursor") if self.session is not None else None
        if isinstance(saved, int) and 0 <= saved < geo.ncells:
            self.cursor = saved
        self.cursor = min(self.cursor, geo.ncells - 1)
        if saved is None and st.values[self.cursor] != 0:
            empties = [c for c in range(geo.ncells) if not st.values[c]]
            self.cursor = empties[0] if empties else 0
        self.pencil = bool(self.session.options.get("pencil")) if self.session else False

    def fit(self, width: int, height: int) -> str | None:
        st = self.state
        geo = st.geo
        layout = choose_layout(geo.n, geo.box_rows, geo.box_cols, width, height)
        self._layout = layout
        if layout is not None:
            return None
        bw, bh = smallest_size(geo.n, geo.box_rows, geo.box_cols)
        need_w, need_h = bw + PANEL_MIN + 1, bh + 1
        assert self.session is not None
        return (f"{self.session.kind.title} {geo.size_text} needs a terminal of at least "
                f"{need_w}x{need_h}.\n\nEnlarge the terminal to {need_w}x{need_h} "
                f"(it is {self.size.width}x{self.size.height} now).")

    def draw_board(self) -> None:
        if self._layout is not None:
            self.board.show(self.view(), self._layout)

    def reveal_target(self) -> str | None:
        return self._cell()

    def title_text(self) -> str:
        assert self.session is not None
        return f"{self.daily_prefix()}{self.session.kind.title} {self.state.geo.size_text}"

    def broken_text(self) -> str:
        st = self.state
        for house, cell, _ in find_conflicts(st.geo, st.values):
            return f"{self._sym(st.values[cell])} repeats in {st.geo.house_names[house]}"
        return f"A digit repeats in a {st.geo.units()}"

    def no_hint_text(self) -> str:
        return ("No logical step found from here. "
                "Check your digits (x) or reveal a cell (v).")

    # -- drawing -----------------------------------------------------------------------------
    def view(self) -> BoardView:
        session = self.session
        assert session is not None
        st = self.state
        geo = st.geo
        cursor = self.cursor
        peers = frozenset(geo.peers[cursor])
        mistakes: frozenset[int] = frozenset()
        sol = self._solution() if session.checking else None
        if sol is not None:
            mistakes = frozenset(c for c in range(geo.ncells)
                                 if st.values[c] and not st.givens[c] and st.values[c] != sol[c])
        symbols = LATIN_SYMBOLS if self.shapes_on else None
        kw: dict[str, Any] = {}
        step = self.shown_step
        d = step.evidence if step is not None else None
        if d is not None:  # a hint is shown: the human solver was loaded to find it
            from ..engine.sudoku.human.catalog import Deduction  # lazy: loaded at a hint

            if isinstance(d, Deduction):
                house_cells: set[int] = set()
                for h in d.houses:
                    house_cells.update(geo.houses[h])
                kw = {
                    "hint_cells": frozenset(d.cells),
                    "hint_house_cells": frozenset(house_cells),
                    "hint_targets": frozenset(c for c, _ in d.placements),
                    "hint_keep": frozenset(d.candidates),
                    "hint_drop": frozenset(d.eliminations),
                }
        return BoardView(state=st, cursor=cursor, symbols=symbols, conflicts=st.conflicts(),
                         mistakes=mistakes, pencil=self.pencil, peers=peers, **kw)

    @property
    def shapes_on(self) -> bool:
        session = self.session
        return (session is not None and self.shapes_possible
                and bool(session.options.get("shapes")))

    @property
    def is_latin(self) -> bool:
        return self.session is not None and self.session.kind.name == "latin"

    @property
    def shapes_possible(self) -> bool:
        return self.is_latin and self.state.geo.n == len(LATIN_SYMBOLS)

    def panel_lines(self) -> Text:
        session = self.session
        assert session is not None
        st = self.state
        geo = st.geo
        info = Text()
        info.append("Mode  ")
        if self.pencil:
            info.append("PENCIL", style="bold reverse")
        else:
            info.append("digits")
        if self.shapes_on:
            info.append("\nKeys  " + " ".join(f"{d}{s}" for d, s in enumerate(LATIN_SYMBOLS, 1)))
        info.append(f"\nCell  {geo.cell_name(self.cursor)}")
        if st.givens[self.cursor]:
            info.append(" (given)")
        marks = st.marks[self.cursor]
        hidden = self.game is not None and self.game.board_hidden
        if marks and not st.values[self.cursor] and not hidden:
            info.append("\nMarks " + " ".join(self._sym(d) for d in range(1, geo.n + 1)
                                               if marks & (1 << (d - 1))))
        filled = sum(1 for v in st.values if v)
        info.append(f"\nFilled {filled}/{geo.ncells}  moves {session.pos}")
        if geo.n <= 9 and not hidden:  # the digits still to place (16x16: no room at 80x24)
            left = symbols_left(st.values, geo.n)  # a number pad: each symbol, its count below
            info.append("\n")
            for d, k in enumerate(left, 1):
                info.append(("" if d == 1 else " ") + self._sym(d),
                            style="dim" if k == 0 else "bold")
            info.append("\n" + " ".join("✓" if k == 0 else str(k) for k in left), style="dim")
        return info

    def _solution(self) -> tuple[int, ...] | None:
        solved = self.session.solution if self.session is not None else None
        return tuple(solved.values) if solved is not None else None

    def _sym(self, d: int) -> str:
        if self.shapes_on:
            return LATIN_SYMBOLS[d - 1]
        sym: str = self.state.geo.symbol(d)
        return sym

    # -- keys into moves ---------------------------------------------------------------------
    def key_to_move(self, event: events.Key) -> bool:
        geo = self.state.geo
        key = event.key
        if key == "o" and self.is_latin and not self.shapes_possible:
            self.action_symbols()  # the binding is off here: say why rather than nothing
            return True
        ch = event.character or ""
        digit = geo.digit_of(ch) if len(ch) == 1 and ch.isalnum() else -1
        if digit > 0 and (ch.isdigit() or geo.n > 9):
            self.enter_digit(digit)
            return True
        if key in CLEAR_KEYS:
            self.clear_cell()
            return True
        if key in MOVES:
            dr, dc = MOVES[key]
            self.move_cursor(dr, dc)
            return True
        return False

    def move_cursor(self, dr: int, dc: int) -> None:
        n = self.state.geo.n
        r, c = divmod(self.cursor, n)
        self.cursor = ((r + dr) % n) * n + (c + dc) % n
        self._remember_cursor()
        self.clear_status()
        self.redraw()

    def _remember_cursor(self) -> None:
        if self.session is not None:
            self.session.options["cursor"] = self.cursor

    def on_board_cell_clicked(self, message: Board.CellClicked) -> None:
        game = self.game
        if game is None:
            return
        game.note_input()
        if not game.board_hidden:
            self.cursor = message.cell
            self._remember_cursor()
            self.redraw()

    def _cell(self) -> str:
        name: str = self.state.geo.cell_name(self.cursor)
        return name

    def _editable(self) -> bool:
        """Whether the cursor's cell may change now (a given says why not)."""
        if self.session is None or not self.playable():
            return False
        if self.state.givens[self.cursor]:
            self.say(f"{self._cell()} is a given and cannot be changed.", severity="warning")
            return False
        return True

    def enter_digit(self, digit: int) -> None:
        if not self._editable():
            return
        st = self.state
        if self.pencil:
            if st.values[self.cursor]:
                self.say(f"{self._cell()} holds a digit: clear it before pencilling.",
                         severity="warning")
                return
            self.play(sudoku_moves.pencil(st.geo, self.cursor, digit))
        else:
            if st.values[self.cursor] == digit:
                return
            self.play(sudoku_moves.place(st.geo, self.cursor, digit))

    def clear_cell(self) -> None:
        if not self._editable():
            return
        st = self.state
        if st.values[self.cursor] or st.marks[self.cursor]:
            self.play(sudoku_moves.clear(st.geo, self.cursor))

    # -- actions -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide keys that do not apply to this game; grey out those that do nothing now."""
        if action == "symbols":
            if not self.shapes_possible:  # hidden from the footer (o still says why on Latin)
                return False
            return None if self.game is None or self.game.board_hidden else True
        if action in SUDOKU_ACTIONS and action not in GAME_ACTIONS:
            return True if self.playable() else None
        return super().check_action(action, parameters)

    def action_pencil(self) -> None:
        if not self.playable():
            return
        self.pencil = not self.pencil
        if self.session is not None:
            self.session.options["pencil"] = self.pencil  # a resumed game keeps the mode
            self.save()
        self.redraw()

    def action_auto_marks(self) -> None:
        if self.playable():
            self.play(sudoku_moves.fill_candidates())

    def action_check(self) -> None:
        game = self.game
        if game is None or not self.playable():
            return
        try:
            on = game.toggle_check()
        except MoveError as exc:
            self.say(str(exc), severity="warning")
            return
        self.say("Checking digits against the solution (the game counts as assisted)."
                 if on else "Checking off.")
        self.redraw()

    def action_symbols(self) -> None:
        s = self.session
        if s is None:
            return
        if not self.shapes_possible:  # a Latin square of another size: say why, not nothing
            self.say(f"Shapes are for 5x5 Latin squares: there are {len(LATIN_SYMBOLS)} shapes "
                     f"({' '.join(LATIN_SYMBOLS)}) and this square has {self.state.geo.n} "
                     "symbols.", "warning")
            return
        s.options["shapes"] = not s.options.get("shapes")
        self.save()
        self.rewrite_hint()
        self.redraw()

    def notation(self) -> str:
        return LATIN_SYMBOLS if self.shapes_on else ""
