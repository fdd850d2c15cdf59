"""Reading and writing Sudoku-family grids as text.

Three forms, detected on input:

* **line**: one line of ``n*n`` symbols, ``.`` or ``0`` for a blank (``1-9`` then ``A-G``);
* **grid**: a picture, one row per line; spaces, ``|``, ``-``, ``+`` are ignored;
* **csv**: rows of comma-separated numbers, ``0`` for a blank (``10``-``16`` on 16x16).

Parsing is all-or-nothing: a :class:`~puzzleterm.engine.errors.ParseError` names the first
problem (with row and column where it applies).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from ..errors import ParseError, quote
from .geometry import Geometry

FORMATS = ("line", "grid", "csv")

#: Characters a grid picture may use for layout; they are dropped on input.
PICTURE_NOISE = str.maketrans("", "", " \t|-+")

GeometryFor = Callable[[int], Geometry]
"""Given a side length, the geometry to use (raises ParamsError for sizes a kind lacks)."""


def detect_format(text: str) -> str:
    """``csv`` if the text has commas, ``line`` if it is one line, else ``grid``."""
    rows = _content_lines(text)
    if any("," in r for r in rows):
        return "csv"
    if len(rows) == 1:
        return "line"
    return "grid"


def _content_lines(text: str) -> list[str]:
    return [
        ln.strip() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]


def _side_for_cells(ncells: int) -> int:
    n = round(ncells**0.5)
    return n if n * n == ncells else -1


def parse_grid(
    text: str, geo_for: GeometryFor, n: int | None = None
) -> tuple[Geometry, tuple[int, ...]]:
    """Read a grid in any of the three forms; returns its geometry and values (0 = blank).

    ``n`` fixes the side length; otherwise it is inferred from the number of cells.
    """
    rows = _content_lines(text)
    if not rows:
        raise ParseError("empty input: expected a puzzle")
    fmt = detect_format(text)
    if fmt == "csv":
        return _parse_csv(rows, geo_for, n)
    if fmt == "line":
        cells = "".join(rows[0].split())
        side = n if n is not None else _side_for_cells(len(cells))
        if n is not None and len(cells) != n * n:
            raise ParseError(f"a one-line {n}x{n} puzzle needs {n * n} cells; got {len(cells)}")
        if side <= 0 or len(cells) != side * side:
            raise ParseError(
                f"a one-line puzzle needs a square number of cells (81 for 9x9); got {len(cells)}"
            )
        geo = geo_for(side)
        return geo, _symbols_row(geo, cells, row=None)
    # grid picture
    clean = [r.translate(PICTURE_NOISE) for r in rows]
    clean = [r for r in clean if r]
    if not clean:
        raise ParseError("empty input: expected a puzzle")
    side = n if n is not None else len(clean)
    if len(clean) != side:
        raise ParseError(f"expected {side} rows, got {len(clean)}")
    geo = geo_for(side)
    values: list[int] = []
    for r, row in enumerate(clean):
        if len(row) != side:
            raise ParseError(f"row {r + 1} has {len(row)} cells, expected {side}")
        values.extend(_symbols_row(geo, row, row=r))
    return geo, tuple(values)


def _symbols_row(geo: Geometry, text: str, row: int | None) -> tuple[int, ...]:
    out: list[int] = []
    for i, ch in enumerate(text):
        d = geo.digit_of(ch)
        if d < 0:
            if row is None:
                r, c = divmod(i, geo.n)
            else:
                r, c = row, i
            raise ParseError(
                f"row {r + 1}, column {c + 1}: {ch!r} is not a digit of a "
                f"{geo.n}x{geo.n} puzzle (use {geo.symbols} and . or 0 for blank)"
            )
        out.append(d)
    return tuple(out)


def _parse_csv(
    rows: list[str], geo_for: GeometryFor, n: int | None
) -> tuple[Geometry, tuple[int, ...]]:
    first = [f.strip() for f in rows[0].split(",")]
    trailing = len(first) > 1 and first[-1] == ""
    if n is not None:
        side = n
    elif len(first) == len(rows) or (trailing and len(first) == len(rows) + 1):
        side = len(rows)  # a blank last cell is a cell, not a trailing comma
    else:
        side = len(first) - 1 if trailing else len(first)
    if len(rows) != side:
        raise ParseError(f"expected {side} CSV rows of {side} values, got {len(rows)} rows")
    geo = geo_for(side)
    values: list[int] = []
    for r, row in enumerate(rows):
        fields = [f.strip() for f in row.split(",")]
        if len(fields) == side + 1 and fields[-1] == "":
            fields.pop()  # a trailing comma
        if len(fields) != side:
            raise ParseError(f"row {r + 1} has {len(fields)} values, expected {side}")
        for c, f in enumerate(fields):
            if f in ("", "."):
                v = 0
            elif f.isascii() and f.isdigit() and len(f) <= 2 and int(f) <= side:
                v = int(f)
            else:
                raise ParseError(
                    f"row {r + 1}, column {c + 1}: {quote(f)} is not a number from 0 to {side}"
                )
            values.append(v)
    return geo, tuple(values)


def format_grid(geo: Geometry, values: Sequence[int], fmt: str = "line") -> str:
    """Write values in one of :data:`FORMATS` (no trailing newline)."""
    n = geo.n
    if fmt == "line":
        return "".join(geo.symbol(v) for v in values)
    if fmt == "csv":
        return "\n".join(",".join(str(v) for v in values[r * n : (r + 1) * n]) for r in range(n))
    if fmt == "grid":
        bc = geo.box_cols or n
        br = geo.box_rows or n
        rows: list[str] = []
        for r in range(n):
            cells = [geo.symbol(v) for v in values[r * n : (r + 1) * n]]
            groups = [" ".join(cells[c0 : c0 + bc]) for c0 in range(0, n, bc)]
            rows.append(" | ".join(groups))
        sep = "".join("+" if ch == "|" else "-" for ch in rows[0])
        lines: list[str] = []
        for r, row in enumerate(rows):
            if r and r % br == 0:
                lines.append(sep)
            lines.append(row)
        return "\n".join(lines)
    raise ParseError(f"unknown format {fmt!r} (expected one of: {', '.join(FORMATS)})")


def find_conflicts(geo: Geometry, values: Sequence[int]) -> list[tuple[int, int, int]]:
    """Pairs of cells holding the same digit in one house: ``(house, cell_a, cell_b)``."""
    out: list[tuple[int, int, int]] = []
    for h, house in enumerate(geo.houses):
        seen: dict[int, int] = {}
        for c in house:
            v = values[c]
            if v:
                if v in seen:
                    out.append((h, seen[v], c))
                else:
                    seen[v] = c
    return out


def check_givens(geo: Geometry, values: Sequence[int]) -> None:
    """Raise ParseError naming the first digit repeated in a house."""
    for h, a, b in find_conflicts(geo, values):
        d = geo.symbol(values[a])
        raise ParseError(
            f"{d} appears twice in {geo.house_names[h]} "
            f"(row {geo.row(a) + 1}, column {geo.col(a) + 1} and "
            f"row {geo.row(b) + 1}, column {geo.col(b) + 1})"
        )


def batch_token(line: str) -> str:
    """The puzzle in a batch line: its longest token (as in ``hash puzzle rating`` lines)."""
    tokens = line.split()
    return max(tokens, key=len) if tokens else ""


def split_batch(text: str, sides: tuple[int, ...]) -> list[tuple[int, str]] | None:
    """``(line number, puzzle)`` pairs when the text is one-line puzzles, one per line.

    A grid picture has as many rows as cells per row, for a side the kind has; a batch has
    lines whose puzzles mostly have the cells of a board (a stray bad line is reported on
    its own).  Sixteen 4x4 one-liners look like one 16x16 picture: a fixed size says which.
    """
    content = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    content = [(i, ln) for i, ln in content if ln and not ln.startswith("#")]
    lines = [ln for _, ln in content]
    if len(lines) < 2 or any("," in ln for ln in lines):
        return None
    rows = [r for r in (ln.translate(PICTURE_NOISE) for ln in lines) if r]
    if len(rows) in sides and all(len(r) == len(rows) for r in rows):
        return None
    common = Counter(len(batch_token(ln)) for ln in lines).most_common(1)[0][0]
    if common not in {n * n for n in sides}:
        return None
    return [(i, batch_token(ln)) for i, ln in content]
