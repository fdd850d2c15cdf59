"""Text forms of a position.

* ``line`` (the desc in game IDs): the rows joined by ``/``; ``.`` an empty cell, a run of
  two or more empty cells may be written as its length (``10`` is ten empties), ``+`` a
  hole, a letter a piece's cell.  Never contains ``:`` or ``#``.
  Example (6x10, the X and the I given): ``..X7/.XXX6/..X7/10/10/IIIII5``.
* ``picture``: one row per line, ``.`` empty, ``#`` hole, a letter per covered cell.

In both, UPPER-case letters are given pieces and lower-case letters pieces the player placed.
Reading accepts either form (``#`` and ``+`` both mean a hole, spaces are ignored) and infers
the board; a bad text raises :class:`~puzzleterm.engine.errors.ParseError` naming the problem.
"""

from __future__ import annotations

import re

from ..errors import ParamsError, ParseError, quote
from .board import MAX_SIDE, Board, cell_name, format_board, geometry
from .pieces import LETTERS, identify, orientations
from .state import PentominoState

_RUN = re.compile(r"(\d+)")


def _grid(state: PentominoState) -> list[list[str]]:
    b, geo = state.board, state.geo
    g = [["." for _ in range(b.cols)] for _ in range(b.rows)]
    for h in b.holes:
        r, c = b.rc(h)
        g[r][c] = "#"
    for ids, upper in ((state.given, True), (state.placed, False)):
        for i in ids:
            pl = geo.placements[i]
            for x in pl.cells:
                r, c = b.rc(x)
                g[r][c] = pl.letter if upper else pl.letter.lower()
    return g


def write_picture(state: PentominoState) -> str:
    return "\n".join("".join(row) for row in _grid(state))


def write_line(state: PentominoState) -> str:
    rows: list[str] = []
    for row in _grid(state):
        text = "".join(row).replace("#", "+")
        rows.append(_RUN_DOTS.sub(lambda m: str(len(m.group(0))), text))
    return "/".join(rows)


_RUN_DOTS = re.compile(r"\.{2,}")


def _expand_runs(row: str) -> str:
    """A line-form row with its runs of empty cells written out, each run checked against
    the longest side before it is expanded."""
    out: list[str] = []
    for i, part in enumerate(_RUN.split(row)):
        if i % 2 == 0:  # text between the runs
            out.append(part)
            continue
        if len(part) > 2 or int(part) > MAX_SIDE:
            raise ParseError(f"a run of {quote(part)} empty cells is longer than a board "
                             f"side can be (at most {MAX_SIDE})")
        out.append("." * int(part))
    return "".join(out)


def _rows_of(text: str) -> list[str]:
    body = text.strip()
    lines = [ln for ln in (x.strip() for x in body.splitlines()) if ln]
    rows = lines if len(lines) > 1 else [_expand_runs(r.strip()) for r in body.split("/")]
    rows = [r.replace(" ", "").replace("\t", "") for r in rows]
    if len(rows) > MAX_SIDE:
        raise ParseError(f"the picture has {len(rows)} rows; a board side is at most {MAX_SIDE}")
    for n, row in enumerate(rows, 1):
        if len(row) > MAX_SIDE:
            raise ParseError(f"row {n} has {len(row)} cells; a board side is at most "
                             f"{MAX_SIDE}")
    return rows


def read_state(text: str, board: Board | None = None) -> PentominoState:
    """A position from a line or picture text (see the module doc); ParseError."""
    if not text.strip():
        raise ParseError("empty pentomino picture")
    if len(text) > 10_000:
        raise ParseError("pentomino picture too long")
    rows = _rows_of(text)
    width = len(rows[0])
    for n, line in enumerate(rows, 1):
        if len(line) != width:
            raise ParseError(f"row {n} has {len(line)} cells, row 1 has {width}: "
                             "every row must be as long")
    holes: set[int] = set()
    cells: dict[str, list[tuple[int, int]]] = {}
    upper: dict[str, set[bool]] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in "#+":
                holes.add(r * width + c)
            elif ch == ".":
                continue
            elif ch.upper() in LETTERS:
                cells.setdefault(ch.upper(), []).append((r, c))
                upper.setdefault(ch.upper(), set()).add(ch.isupper())
            else:
                raise ParseError(f"unknown character {ch!r} at r{r + 1}c{c + 1} "
                                 f"(use . empty, # hole, or a piece letter {LETTERS})")
    try:
        inferred = Board(len(rows), width, frozenset(holes))
    except ParamsError as exc:
        raise ParseError(f"not a pentomino board: {exc}") from exc
    if board is not None and inferred != board:
        raise ParseError(f"the picture is the board {format_board(inferred)}, "
                         f"not {format_board(board)}")
    geo = geometry(inferred)
    given: list[int] = []
    placed: list[int] = []
    for letter in sorted(cells):
        where = cells[letter]
        if len(upper[letter]) > 1:
            raise ParseError(f"the {letter} is written both as given ({letter}) "
                             f"and as placed ({letter.lower()})")
        if len(where) != 5:
            extra = " (used twice?)" if len(where) > 5 else ""
            raise ParseError(f"the {letter} covers {len(where)} cells, a pentomino 5{extra}")
        found = identify(where)
        if found is None or found[0] != letter:
            what = f"an {found[0]}" if found and found[0] in "FILNX" else (
                f"a {found[0]}" if found else "not a pentomino at all")
            raise ParseError(f"the cells marked {letter} at r{where[0][0] + 1}c{where[0][1] + 1}"
                             f" do not form an {letter} ({what})" if letter in "FILNX"
                             else f"the cells marked {letter} at r{where[0][0] + 1}"
                             f"c{where[0][1] + 1} do not form a {letter} ({what})")
        r0 = min(rc[0] for rc in where)
        c0 = min(rc[1] for rc in where if rc[0] == r0)
        pid = geo.by_key[(LETTERS.index(letter), found[1], inferred.cell(r0, c0))]
        (given if upper[letter] == {True} else placed).append(pid)
    state = PentominoState(inferred, tuple(sorted(given)), tuple(sorted(placed)))
    check_regions(state)
    return state


def check_regions(state: PentominoState) -> None:
    """ParseError when an empty region plainly cannot be filled by the pieces left."""
    geo = state.geo
    left = set(state.missing())
    for region in geo.regions(geo.full & ~state.filled):
        cells = geo.cells_of_mask(region)
        size = len(cells)
        where = cell_name(state.board, cells[0])
        if size % 5:
            raise ParseError(f"the empty region at {where} has {size} cells; "
                             "pieces cover 5 each, so it cannot be filled")
        if size == 5:
            found = identify([state.board.rc(x) for x in cells])
            if found is not None and found[0] not in left:
                raise ParseError(f"the empty region at {where} is an {found[0]}-shape, "
                                 f"but the {found[0]} is already on the board")


def shape_rows(letter: str, orient: int) -> list[str]:
    shape = orientations(letter)[orient]
    h = 1 + max(r for r, _ in shape)
    w = 1 + max(c for _, c in shape)
    return ["".join(letter if (r, c) in shape else "." for c in range(w)) for r in range(h)]


def describe_text(state: PentominoState) -> str:
    """The desc of the givens (line form)."""
    text = write_line(state.givens_only())
    assert ":" not in text and "#" not in text, quote(text)
    return text
