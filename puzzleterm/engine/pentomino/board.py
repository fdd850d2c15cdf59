"""Boards (the box the twelve pieces fill) and their geometry.

Params text: ``RxC`` is R rows by C columns (``6x10`` is 6 rows of 10 cells), optionally
followed by hole terms, each after a ``-``:

* ``c2x2``: a block of 2 rows x 2 columns removed from the centre (``8x8-c2x2``);
* ``r4c5``: the single cell row 4, column 5 (1-based) removed;
* ``r2c3+2x3``: a block of 2 rows x 3 columns removed, its top-left cell at r2c3.

The cells left must number 60.  The canonical text uses ``c..`` when the holes are one
centred block, else one ``rRcC`` term per hole cell in reading order; it never contains
``:`` or ``#``.

Inside the package a cell is ``r * cols + c`` (0-based); the solver uses its own bit order
(:attr:`Geometry.bit`), running along the shorter side first so that the first empty cell
walks a short frontier.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..errors import ParamsError, quote
from .pieces import LETTERS, orientations

AREA = 60
MAX_SIDE = 60

_SIZE = re.compile(r"^(\d{1,2})x(\d{1,2})$")
_CENTRE = re.compile(r"^c(\d{1,2})x(\d{1,2})$")
_CELL = re.compile(r"^r(\d{1,2})c(\d{1,2})(?:\+(\d{1,2})x(\d{1,2}))?$")


@dataclass(frozen=True, order=True)
class Board:
    """A box of ``rows`` x ``cols`` cells, some of them holes (cell ids ``r * cols + c``)."""

    rows: int
    cols: int
    holes: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not (1 <= self.rows <= MAX_SIDE and 1 <= self.cols <= MAX_SIDE):
            raise ParamsError(f"a board side must be 1 to {MAX_SIDE} cells")
        n = self.rows * self.cols
        if any(not 0 <= h < n for h in self.holes):
            raise ParamsError("a hole lies outside the board")
        if n - len(self.holes) != AREA:
            raise ParamsError(
                f"the board {self.rows}x{self.cols} has {n - len(self.holes)} open cells; "
                f"the twelve pentominoes need exactly {AREA}")

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def cell(self, r: int, c: int) -> int:
        return r * self.cols + c

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def on_board(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and r * self.cols + c not in self.holes

    @property
    def text(self) -> str:
        return format_board(self)


def turns(board: Board) -> frozenset[Board]:
    """The board turned and flipped every way (itself among them)."""
    rows, cols = board.rows, board.cols
    out: set[Board] = set()
    for way in range(8):
        holes: set[int] = set()
        for h in board.holes:
            r, c = divmod(h, cols)
            r = rows - 1 - r if way & 1 else r
            c = cols - 1 - c if way & 2 else c
            holes.add(c * rows + r if way & 4 else r * cols + c)
        out.add(Board(cols, rows, frozenset(holes)) if way & 4
                else Board(rows, cols, frozenset(holes)))
    return frozenset(out)


def cell_name(board: Board, cell: int) -> str:
    r, c = board.rc(cell)
    return f"r{r + 1}c{c + 1}"


def _centre_block(rows: int, cols: int, h: int, w: int) -> frozenset[int] | None:
    if h > rows or w > cols or (rows - h) % 2 or (cols - w) % 2:
        return None
    r0, c0 = (rows - h) // 2, (cols - w) // 2
    return frozenset((r0 + r) * cols + c0 + c for r in range(h) for c in range(w))


def parse_board(text: str) -> Board:
    """Read board params (``6x10``, ``8x8-c2x2``, ``5x13-r1c1-r5c13``...); ParamsError."""
    parts = text.strip().lower().split("-")
    m = _SIZE.match(parts[0])
    if m is None:
        raise ParamsError(
            f"bad board {quote(text.strip())}: expected ROWSxCOLS (e.g. 6x10), then holes "
            "like -c2x2 or -r1c1")
    rows, cols = int(m.group(1)), int(m.group(2))
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ParamsError(f"bad board {quote(text.strip())}: a side must be 1 to {MAX_SIDE}")
    holes: set[int] = set()
    for term in parts[1:]:
        mc = _CENTRE.match(term)
        if mc is not None:
            block = _centre_block(rows, cols, int(mc.group(1)), int(mc.group(2)))
            if block is None:
                raise ParamsError(f"bad board {quote(text.strip())}: {term} cannot be centred")
            holes |= block
            continue
        mr = _CELL.match(term)
        if mr is None:
            raise ParamsError(f"bad board {quote(text.strip())}: unknown hole term {quote(term)}")
        r, c = int(mr.group(1)) - 1, int(mr.group(2)) - 1
        h = int(mr.group(3)) if mr.group(3) else 1
        w = int(mr.group(4)) if mr.group(4) else 1
        if r < 0 or c < 0 or h < 1 or w < 1 or r + h > rows or c + w > cols:
            raise ParamsError(f"bad board {quote(text.strip())}: hole {term} is off the board")
        holes |= {(r + i) * cols + c + j for i in range(h) for j in range(w)}
    return Board(rows, cols, frozenset(holes))


def format_board(board: Board) -> str:
    """The canonical params text of a board."""
    head = f"{board.rows}x{board.cols}"
    if not board.holes:
        return head
    for h in range(1, board.rows + 1):
        for w in range(1, board.cols + 1):
            if h * w == len(board.holes) and _centre_block(board.rows, board.cols, h, w) \
                    == board.holes:
                return f"{head}-c{h}x{w}"
    terms = [f"r{r + 1}c{c + 1}" for r, c in (board.rc(x) for x in sorted(board.holes))]
    return "-".join([head, *terms])


# -- geometry -----------------------------------------------------------------------------

@dataclass(frozen=True)
class PlacementInfo:
    """One way to put a piece on the board."""

    id: int
    piece: int  # index into LETTERS
    orient: int
    anchor: int  # the first covered cell in reading order
    cells: tuple[int, ...]  # board cells, sorted
    mask: int  # solver bits

    @property
    def letter(self) -> str:
        return LETTERS[self.piece]


@dataclass(frozen=True, eq=False)
class Geometry:
    board: Board
    bit: tuple[int, ...]  # board cell -> solver bit (scan order; holes have bits too)
    cell_of_bit: tuple[int, ...]
    full: int  # mask of every open cell
    stride: int  # bits per scan line (the board's side the scan runs along)
    not_first: int  # bits not at the start of a scan line
    not_last: int  # bits not at the end of a scan line
    placements: tuple[PlacementInfo, ...]
    by_key: dict[tuple[int, int, int], int]  # (piece, orient, anchor) -> id
    by_cells: dict[int, int]  # mask -> id
    by_piece: tuple[tuple[int, ...], ...]
    covering: tuple[tuple[int, ...], ...]  # board cell -> ids covering it
    symmetries: tuple[tuple[int, ...], ...]  # cell permutations mapping holes to holes
    place_sym: tuple[tuple[int, ...], ...]  # per symmetry: placement id -> placement id

    def mask_of_cells(self, cells: tuple[int, ...] | list[int] | frozenset[int]) -> int:
        m = 0
        for x in cells:
            m |= 1 << self.bit[x]
        return m

    def neighbours(self, mask: int) -> int:
        """Open cells next to (not in) a set of cells."""
        s = self.stride
        return (((mask >> 1) & self.not_last) | ((mask << 1) & self.not_first)
                | (mask >> s) | (mask << s)) & self.full & ~mask

    def regions(self, free: int) -> list[int]:
        """The 4-connected components of a set of open cells, lowest first."""
        out: list[int] = []
        while free:
            grown = free & -free
            while True:
                more = self.neighbours(grown) & free
                if not more:
                    break
                grown |= more
            out.append(grown)
            free &= ~grown
        return out

    def cells_of_mask(self, mask: int) -> list[int]:
        out: list[int] = []
        while mask:
            low = mask & -mask
            out.append(self.cell_of_bit[low.bit_length() - 1])
            mask ^= low
        return sorted(out)


def _symmetries(board: Board) -> list[tuple[int, ...]]:
    R, C = board.rows, board.cols
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (R - 1 - r, C - 1 - c),
        lambda r, c: (R - 1 - r, c),
        lambda r, c: (r, C - 1 - c),
    ]
    if R == C:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (C - 1 - c, R - 1 - r),
            lambda r, c: (c, R - 1 - r),
            lambda r, c: (C - 1 - c, r),
        ]
    out: list[tuple[int, ...]] = []
    for f in maps:
        perm = tuple(board.cell(*f(*board.rc(x))) for x in range(board.size))
        if all(perm[h] in board.holes for h in board.holes):
            out.append(perm)
    return out


@cache
def geometry(board: Board) -> Geometry:
    R, C = board.rows, board.cols
    column_major = C > R
    bit = [-1] * board.size
    order = ([(r, c) for c in range(C) for r in range(R)] if column_major
             else [(r, c) for r in range(R) for c in range(C)])
    cell_of_bit: list[int] = []
    full = 0
    for r, c in order:
        x = board.cell(r, c)
        bit[x] = len(cell_of_bit)
        cell_of_bit.append(x)
        if x not in board.holes:
            full |= 1 << bit[x]
    stride = R if column_major else C
    first = sum(1 << i for i in range(board.size) if i % stride == 0)
    last = sum(1 << i for i in range(board.size) if i % stride == stride - 1)
    placements: list[PlacementInfo] = []
    for p, letter in enumerate(LETTERS):
        for o, shape in enumerate(orientations(letter)):
            for r0 in range(R):
                for c0 in range(C):
                    if all(board.on_board(r0 + dr, c0 + dc) for dr, dc in shape):
                        cells = tuple(sorted(board.cell(r0 + dr, c0 + dc) for dr, dc in shape))
                        mask = 0
                        for x in cells:
                            mask |= 1 << bit[x]
                        placements.append(PlacementInfo(len(placements), p, o, cells[0],
                                                        cells, mask))
    by_key = {(pl.piece, pl.orient, pl.anchor): pl.id for pl in placements}
    by_cells = {pl.mask: pl.id for pl in placements}
    by_piece = tuple(tuple(pl.id for pl in placements if pl.piece == p)
                     for p in range(len(LETTERS)))
    covering_l: list[list[int]] = [[] for _ in range(board.size)]
    for pl in placements:
        for x in pl.cells:
            covering_l[x].append(pl.id)
    syms = _symmetries(board)
    place_sym: list[tuple[int, ...]] = []
    for perm in syms:
        row: list[int] = []
        for pl in placements:
            m = 0
            for x in pl.cells:
                m |= 1 << bit[perm[x]]
            row.append(by_cells[m])
        place_sym.append(tuple(row))
    return Geometry(board, tuple(bit), tuple(cell_of_bit), full, stride,
                    full & ~first, full & ~last, tuple(placements), by_key,
                    by_cells, by_piece, tuple(tuple(c) for c in covering_l), tuple(syms),
                    tuple(place_sym))
