"""The pentomino screen: pack the twelve pieces into the box.

Upper-case letters pick a piece from the tray (lower-case keys are the game's actions), ``r``
rotates and ``f`` flips it, the arrows move its ghost and Enter places it; an illegal place is
refused and the ghost shows why.  With no piece picked, the arrows move the cursor, Enter on a
placed piece picks it up again and Backspace/Delete puts it back in the tray.  Moves are the
kind's typed moves (:class:`~puzzleterm.engine.pentomino.moves.PlacePiece`,
:class:`~puzzleterm.engine.pentomino.moves.RemovePiece`); everything else is
:class:`GameScreen`'s.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ..engine.pentomino.moves import PlacePiece, RemovePiece
from ..engine.pentomino.pieces import LETTERS, orientations
from ..engine.pentomino.state import PentominoState
from ..widgets.pentomino_board import BoxView, BoxWidget, cell_width, render_box, render_tray
from .game import GameScreen

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
         "k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1)}
CLEAR_KEYS = {"backspace", "delete"}


def tray_shape(letter: str) -> tuple[tuple[int, int], ...]:
    """The flattest orientation of a piece, for the tray."""
    return min(orientations(letter), key=lambda s: (max(r for r, _ in s), s))


TRAY_SHAPES = {letter: tray_shape(letter) for letter in LETTERS}


class PentominoScreen(GameScreen, inherit_bindings=False):
    """Plays one pentomino box."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "app.help", "Help"),
        Binding("r", "rotate", "Rotate"),
        Binding("f", "flip", "Flip"),
        Binding("t", "hint", "Hint"),
        Binding("u,z", "undo", "Undo"),
        Binding("y", "redo", "Redo"),
        Binding("p", "pause", "Pause"),
        Binding("n", "new_game", "New"),
        Binding("escape", "home_or_drop", "Home"),
        Binding("v", "reveal_cell", "Reveal piece", show=False),
        Binding("A", "reveal_all", "Reveal all", show=False),
        Binding("R", "restart", "Restart", show=False),
        Binding("i", "game_id", "Game ID", show=False),
        Binding("q", "app.quit", "Quit", show=False),
    ]
    HELP_KEYS: ClassVar[list[tuple[str, list[tuple[str, str]]]]] = [
        ("Pieces", [
            ("F I L N P T U V W X Y Z", "pick a piece from the tray (upper case)"),
            ("Tab", "pick the next piece in the tray"),
            ("r / f", "rotate / flip the picked piece"),
            ("arrows  hjkl", "move the piece (or the cursor)"),
            ("Enter", "place the piece; on a placed piece: pick it up"),
            ("Backspace  Delete", "put the piece under the cursor back in the tray"),
            ("Esc", "drop the picked piece (again: home)"),
            ("v / A", "reveal the piece under the cursor / the whole box"),
        ]),
    ]
    HELP_NOTE = "Given pieces are bracketed [L] and cannot move. Hints and reveals mark a game " \
                "as assisted."

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cursor = 0
        self.picked: str | None = None
        self.orient = 0
        self._cell_w = 3

    # -- hooks -------------------------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        yield BoxWidget(id="board")

    @property
    def board(self) -> BoxWidget:
        return self.query_one("#board", BoxWidget)

    @property
    def state(self) -> PentominoState:
        assert self.session is not None
        st: PentominoState = self.session.state
        return st

    def board_ready(self) -> None:
        self.picked, self.orient = None, 0
        board = self.state.board
        self.cursor = next((c for c in range(board.size) if c not in board.holes), 0)

    def fit(self, width: int, height: int) -> str | None:
        board = self.state.board
        self._cell_w = cell_width(board.cols, width)
        need_w = board.cols * self._cell_w + 2
        need_h = board.rows + 2 + 6
        if need_w <= width and need_h <= height:
            return None
        return (f"A {board.rows}x{board.cols} box needs a wider or taller terminal "
                f"(it is {self.size.width}x{self.size.height} now).")

    def draw_board(self) -> None:
        st = self.state
        board = st.board
        geo = st.geo
        letters: dict[int, str] = {}
        given: set[int] = set()
        for pid in st.given:
            pl = geo.placements[pid]
            for cell in pl.cells:
                letters[cell] = pl.letter
                given.add(cell)
        for pid in st.placed:
            pl = geo.placements[pid]
            for cell in pl.cells:
                letters[cell] = pl.letter
        ghost, ok = self._ghost()
        hint: frozenset[int] = frozenset()
        step = self.shown_step
        if step is not None:
            hint = frozenset(getattr(step.evidence, "cells", ()) or ())
        view = BoxView(board.rows, board.cols, letters, frozenset(given), board.holes,
                       -1 if self.picked else self.cursor, ghost, ok, hint)
        text = render_box(view, self._cell_w)
        text.append("\n\n")
        per_row = max(1, (board.cols * self._cell_w + 2) // 6)
        text.append_text(render_tray(st.missing(), TRAY_SHAPES, self.picked, per_row))
        self.board.show(text)

    def panel_lines(self) -> Text:
        assert self.session is not None
        st = self.state
        info = Text()
        if self.picked is not None:
            info.append("Piece ")
            info.append(f"{self.picked}", style="bold reverse")
            info.append(f" turn {self.orient}")
            _, ok = self._ghost()
            if not ok:
                info.append("\n(does not fit here)", style="yellow")
        else:
            left = st.missing()
            info.append("Piece none (pick: " + (" ".join(left[:6]) + (" …" if len(left) > 6 else "")
                                               if left else "none left") + ")")
        r, c = st.board.rc(self.cursor)
        info.append(f"\nAt    r{r + 1}c{c + 1}")
        info.append(f"\nPlaced {12 - len(st.missing())}/12  moves {self.session.pos}")
        return info

    def reveal_target(self) -> str | None:
        """The piece on the cursor's cell, else the piece picked, else the solution's piece
        that covers the cell: always one piece (``A`` reveals the whole box)."""
        r, c = self.state.board.rc(self.cursor)
        return self._letter_at(self.cursor) or self.picked or f"r{r + 1}c{c + 1}"

    def broken_text(self) -> str:
        return "Pieces overlap"

    # -- the ghost ---------------------------------------------------------------------------
    def _shape(self) -> tuple[tuple[int, int], ...]:
        assert self.picked is not None
        return orientations(self.picked)[self.orient]

    def _ghost(self) -> tuple[dict[int, str], bool]:
        """The picked piece's cells on the board (top-left of its shape at the cursor), and
        whether it can be placed there."""
        if self.picked is None:
            return {}, True
        st = self.state
        board = st.board
        r0, c0 = board.rc(self.cursor)
        cells: dict[int, str] = {}
        ok = True
        taken = set(self._letters())
        for dr, dc in self._shape():
            r, c = r0 + dr, c0 + dc
            if not board.on_board(r, c):
                ok = False
                if 0 <= r < board.rows and 0 <= c < board.cols:
                    cells[board.cell(r, c)] = self.picked
                continue
            cell = board.cell(r, c)
            cells[cell] = self.picked
            if cell in taken:
                ok = False
        return cells, ok

    def _letters(self) -> dict[int, str]:
        st = self.state
        geo = st.geo
        out: dict[int, str] = {}
        for pid in (*st.given, *st.placed):
            pl = geo.placements[pid]
            for cell in pl.cells:
                out[cell] = pl.letter
        return out

    def _letter_at(self, cell: int) -> str | None:
        return self._letters().get(cell)

    def _is_given(self, letter: str) -> bool:
        st = self.state
        return any(st.geo.placements[pid].letter == letter for pid in st.given)

    def _place_move(self) -> PlacePiece:
        """The ghost's piece put down: its anchor is its shape's first cell."""
        assert self.picked is not None
        ar, ac = self._shape()[0]
        r0, c0 = self.state.board.rc(self.cursor)
        return PlacePiece(self.picked, r0 + ar + 1, c0 + ac + 1, self.orient)

    # -- keys into moves ---------------------------------------------------------------------
    def key_to_move(self, event: events.Key) -> bool:
        ch = event.character or ""
        if len(ch) == 1 and ch in LETTERS:
            self.pick(ch)
            return True
        key = event.key
        if key == "tab":
            missing = self.state.missing()
            if missing:
                nxt = missing[(missing.index(self.picked) + 1) % len(missing)] \
                    if self.picked in missing else missing[0]
                self.pick(nxt)
            return True
        if key in MOVES:
            dr, dc = MOVES[key]
            board = self.state.board
            r, c = board.rc(self.cursor)
            self.cursor = board.cell((r + dr) % board.rows, (c + dc) % board.cols)
            self.clear_status()
            self.redraw()
            return True
        if key == "enter":
            self.place_or_pick_up()
            return True
        if key in CLEAR_KEYS:
            self.put_back()
            return True
        return False

    def pick(self, letter: str) -> None:
        if not self.playable():
            return
        if self._is_given(letter):
            self.say(f"The {letter} is given and cannot move.", severity="warning")
            return
        if letter not in self.state.missing():
            self.say(f"The {letter} is in the box: Enter on it picks it up.",
                     severity="warning")
            return
        if self.picked != letter:
            self.picked, self.orient = letter, 0
        self.clear_status()
        self.redraw()

    def place_or_pick_up(self) -> None:
        if not self.playable():
            return
        if self.picked is None:
            letter = self._letter_at(self.cursor)
            if letter is None:
                self.say("Pick a piece first (its letter, upper case).")
                return
            if self._is_given(letter):
                self.say(f"The {letter} is given and cannot move.", severity="warning")
                return
            pid = self.state.piece_at(letter)
            assert pid is not None
            pl = self.state.geo.placements[pid]
            if self.play(RemovePiece(letter)):
                # the ghost takes the piece's place: its shape's top-left at the cursor
                self.picked, self.orient = letter, pl.orient
                ar, ac = orientations(letter)[pl.orient][0]
                r, c = self.state.board.rc(pl.anchor)
                self.cursor = self.state.board.cell(r - ar, c - ac)
                self.redraw()
            return
        _, ok = self._ghost()
        if not ok:
            self.say(f"The {self.picked} does not fit there.", severity="warning")
            return
        placed = self.picked
        if self.play(self._place_move()):
            self.picked, self.orient = None, 0
            self.say(f"Placed the {placed}.")
            self.redraw()

    def put_back(self) -> None:
        if not self.playable():
            return
        letter = self._letter_at(self.cursor)
        if letter is None:
            return
        if self._is_given(letter):
            self.say(f"The {letter} is given and cannot move.", severity="warning")
            return
        self.play(RemovePiece(letter))

    # -- actions -----------------------------------------------------------------------------
    def action_rotate(self) -> None:
        self._turn(rotate=True)

    def action_flip(self) -> None:
        self._turn(rotate=False)

    def _turn(self, rotate: bool) -> None:
        """Rotate a quarter turn clockwise, or mirror left-right, keeping the shape's index
        among the piece's distinct orientations."""
        if self.picked is None or not self.playable():
            return
        shape = self._shape()
        h = max(r for r, _ in shape)
        w = max(c for _, c in shape)
        moved = [(c, h - r) for r, c in shape] if rotate else [(r, w - c) for r, c in shape]
        target = tuple(sorted(moved))
        self.orient = orientations(self.picked).index(target)
        self.redraw()

    def action_home_or_drop(self) -> None:
        if self.picked is not None:
            self.picked, self.orient = None, 0
            self.redraw()
            return
        self.action_home()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rotate", "flip"):
            return True if self.playable() and self.picked is not None else None
        if action == "home_or_drop":
            return True
        return super().check_action(action, parameters)
