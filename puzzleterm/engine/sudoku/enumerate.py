"""Counting and listing every grid of the small boards of the Sudoku family."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ParamsError
from . import solver as bt
from .formats import format_grid
from .geometry import Geometry, geometry

#: Boards whose grids can all be counted by search in seconds.
MAX_ENUMERABLE = {"sudoku": 4, "xsudoku": 5, "latin": 5}


@dataclass(frozen=True)
class Enumeration:
    geo: Geometry
    total: int
    fixed_label: str
    fixed: tuple[tuple[int, ...], ...]


def first_row_fixed(geo: Geometry) -> tuple[int, ...]:
    """An otherwise empty board whose first row is 1..n."""
    n = geo.n
    return tuple(range(1, n + 1)) + (0,) * (n * n - n)


def reduced_latin(geo: Geometry) -> tuple[int, ...]:
    """First row and first column 1..n: the reduced form of a Latin square."""
    n = geo.n
    values = [0] * (n * n)
    for i in range(n):
        values[i] = i + 1
        values[i * n] = i + 1
    return tuple(values)


def enumerate_grids(variant: str, n: int) -> Enumeration:
    """Total grid count, and the grids with a normalised first row (or reduced, for Latin)."""
    limit = MAX_ENUMERABLE.get(variant, 0)
    if n > limit:
        raise ParamsError(
            f"{variant} {n}x{n} has too many grids to enumerate here (up to {limit}x{limit})"
        )
    geo = geometry(variant, n)
    empty: Sequence[int] = (0,) * geo.ncells
    total = bt.count_values(geo, empty, limit=None)
    if variant == "latin":
        fixed = tuple(bt.all_solutions(geo, reduced_latin(geo)))
        label = "reduced (first row and first column in order)"
    else:
        fixed = tuple(bt.all_solutions(geo, first_row_fixed(geo)))
        label = "with first row " + "".join(geo.symbol(d) for d in range(1, n + 1))
    return Enumeration(geo, total, label, tuple(sorted(fixed)))


def report(variant: str, title: str, n: int, show_all: bool) -> list[str]:
    """The lines ``puzzleterm enumerate`` prints: the normalised grids (when few, or asked
    for), their count and the total."""
    result = enumerate_grids(variant, n)
    geo = result.geo
    lines: list[str] = []
    if show_all or len(result.fixed) <= 12:
        for grid in result.fixed:
            lines.append(format_grid(geo, grid, "grid") + "\n")
    lines.append(f"{len(result.fixed)} {title} {geo.size_text} grids {result.fixed_label}")
    lines.append(f"{result.total} {title} {geo.size_text} grids in all")
    return lines
