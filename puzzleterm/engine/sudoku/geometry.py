"""The houses model of the Sudoku family.

A board is ``n`` x ``n`` cells holding digits ``1..n``; a *house* is a set of ``n`` cells that
must all differ (a row, a column, a box, a long diagonal).  Sudoku, X-Sudoku and Latin squares
differ only in their list of houses, so solvers and techniques are written once against
:class:`Geometry` and nothing else is size-specific.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from ..errors import ParamsError
from ..types import TEXT_SYMBOLS, Level

#: Text symbols for digits 1..16 (16x16 uses 1-9 then A-G).
SYMBOLS = "123456789ABCDEFG"

#: Box shapes (rows x columns) of the standard Sudoku sizes.
SUDOKU_BOXES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4)}


@dataclass(frozen=True)
class Geometry:
    """Cells, houses and peers of one board shape."""

    variant: str
    n: int
    box_rows: int = 0
    box_cols: int = 0
    diagonals: bool = False
    houses: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    house_names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    house_types: tuple[str, ...] = field(init=False, repr=False, compare=False)
    cell_houses: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.n
        houses: list[tuple[int, ...]] = []
        names: list[str] = []
        types: list[str] = []
        for r in range(n):
            houses.append(tuple(r * n + c for c in range(n)))
            names.append(f"row {r + 1}")
            types.append("row")
        for c in range(n):
            houses.append(tuple(r * n + c for r in range(n)))
            names.append(f"column {c + 1}")
            types.append("col")
        if self.box_rows:
            br, bc = self.box_rows, self.box_cols
            b = 0
            for r0 in range(0, n, br):
                for c0 in range(0, n, bc):
                    b += 1
                    houses.append(
                        tuple((r0 + dr) * n + c0 + dc for dr in range(br) for dc in range(bc))
                    )
                    names.append(f"box {b}")
                    types.append("box")
        if self.diagonals:
            houses.append(tuple(i * n + i for i in range(n)))
            names.append("the main diagonal")
            types.append("diag")
            houses.append(tuple(i * n + (n - 1 - i) for i in range(n)))
            names.append("the anti-diagonal")
            types.append("diag")
        cell_houses: list[list[int]] = [[] for _ in range(n * n)]
        for h, cells in enumerate(houses):
            for cell in cells:
                cell_houses[cell].append(h)
        peers: list[tuple[int, ...]] = []
        for cell in range(n * n):
            ps: set[int] = set()
            for h in cell_houses[cell]:
                ps.update(houses[h])
            ps.discard(cell)
            peers.append(tuple(sorted(ps)))
        object.__setattr__(self, "houses", tuple(houses))
        object.__setattr__(self, "house_names", tuple(names))
        object.__setattr__(self, "house_types", tuple(types))
        object.__setattr__(self, "cell_houses", tuple(tuple(hs) for hs in cell_houses))
        object.__setattr__(self, "peers", tuple(peers))

    # -- sizes -------------------------------------------------------------------------
    @property
    def ncells(self) -> int:
        return self.n * self.n

    @property
    def all_mask(self) -> int:
        """Bitmask with one bit per digit (bit ``d-1`` for digit ``d``)."""
        return (1 << self.n) - 1

    @property
    def size_text(self) -> str:
        return f"{self.n}x{self.n}"

    @property
    def symbols(self) -> str:
        return SYMBOLS[: self.n]

    # -- naming ------------------------------------------------------------------------
    def row(self, cell: int) -> int:
        return cell // self.n

    def col(self, cell: int) -> int:
        return cell % self.n

    def box(self, cell: int) -> int:
        """0-based box index, or -1 when the board has no boxes."""
        if not self.box_rows:
            return -1
        r, c = divmod(cell, self.n)
        return (r // self.box_rows) * (self.n // self.box_cols) + c // self.box_cols

    def cell_name(self, cell: int) -> str:
        r, c = divmod(cell, self.n)
        return f"r{r + 1}c{c + 1}"

    def symbol(self, digit: int) -> str:
        return SYMBOLS[digit - 1] if digit else "."

    def text_symbol(self, digit: int) -> str:
        """How explanations write ``digit``: its symbol, or the player's shapes for it
        within :func:`~puzzleterm.engine.types.text_symbols`."""
        shown = TEXT_SYMBOLS.get()
        if len(shown) == self.n:
            return shown[digit - 1]
        return self.symbol(digit)

    def digit_of(self, ch: str) -> int:
        """Digit for a text symbol (``0``/``.`` give 0); ``-1`` when not a symbol of this size."""
        if ch in ".0":
            return 0
        i = SYMBOLS.find(ch.upper())
        return i + 1 if 0 <= i < self.n else -1

    def units(self, conj: str = "or") -> str:
        """The kinds of houses in players' words: ``row, column or box`` (``row or
        column`` for Latin squares, ``row, column or diagonal`` for X-Sudoku 5x5)."""
        words = ["row", "column"]
        if self.box_rows:
            words.append("box")
        if self.diagonals:
            words.append("diagonal")
        return f"{', '.join(words[:-1])} {conj} {words[-1]}"

    def unit_word(self, house: int) -> str:
        """What one house is, in players' words: ``row``, ``column``, ``box``, ``diagonal``."""
        return {"col": "column", "diag": "diagonal"}.get(self.house_types[house],
                                                         self.house_types[house])

    def is_diagonal_cell(self, cell: int) -> bool:
        r, c = divmod(cell, self.n)
        return self.diagonals and (r == c or r + c == self.n - 1)


@cache
def geometry(variant: str, n: int) -> Geometry:
    """The (cached) geometry of a variant and size; raises :class:`ParamsError`."""
    if variant == "sudoku":
        if n not in SUDOKU_BOXES:
            sizes = ", ".join(f"{k}x{k}" for k in SUDOKU_BOXES)
            raise ParamsError(f"Sudoku comes in {sizes}, not {n}x{n}")
        br, bc = SUDOKU_BOXES[n]
        return Geometry("sudoku", n, br, bc)
    if variant == "xsudoku":
        if n != 5:
            raise ParamsError(f"X-Sudoku comes in 5x5, not {n}x{n}")
        return Geometry("xsudoku", 5, diagonals=True)
    if variant == "latin":
        if not 2 <= n <= 9:
            raise ParamsError(f"Latin squares come in 2x2 to 9x9, not {n}x{n}")
        return Geometry("latin", n)
    raise ParamsError(f"unknown variant {variant!r}")


#: The hardest level dealt on each board (others: see :func:`max_level`).  Small boards
#: need only simple techniques.  The evidence is ``scripts/make_pool.py --survey`` and, for
#: 16x16 (dealt at every level since grading one takes about a second),
#: ``benchmarks/bench_grade.py --deal``.
_MAX_LEVEL: dict[tuple[str, int], Level] = {
    ("sudoku", 4): Level.EASY,
    ("sudoku", 6): Level.MEDIUM,
    ("sudoku", 9): Level.EXTREME,
    ("sudoku", 16): Level.EXTREME,
    ("xsudoku", 5): Level.EXTREME,
    ("latin", 5): Level.EASY,
}


def max_level(geo: Geometry) -> Level:
    """The highest level that puzzles of this geometry are dealt at."""
    got = _MAX_LEVEL.get((geo.variant, geo.n))
    if got is not None:
        return got
    return Level.EASY if geo.n <= 5 else Level.MEDIUM  # Latin squares 2x2 to 9x9


def level_cap_reason(geo: Geometry) -> str:
    """Why a board is dealt below extreme ("" when it is not): ``singles`` (every puzzle of
    the board falls to singles), ``rare`` (harder puzzles exist but are too rare to deal:
    6x6 Sudoku, Latin 6x6 to 8x8) or ``not_yet`` (harder puzzles are common but not dealt
    yet: Latin 9x9, where about half of the minimal puzzles grade extreme).
    The level itself is :func:`max_level`'s."""
    if max_level(geo) >= Level.EXTREME:
        return ""
    if geo.n <= 5 and geo.variant != "xsudoku":
        return "singles"
    if geo.variant == "latin" and geo.n >= 9:
        return "not_yet"
    return "rare"
