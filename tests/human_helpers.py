"""Helpers shared by the human-solver tests: candidate grids built by hand."""

from __future__ import annotations

import re
from pathlib import Path

from puzzleterm.engine.sudoku.geometry import Geometry, geometry
from puzzleterm.engine.sudoku.human.grid import Grid

GEO9 = geometry("sudoku", 9)
DATA = Path("/work/shared/data")


def cell(name: str, geo: Geometry = GEO9) -> int:
    m = re.fullmatch(r"r(\d+)c(\d+)", name)
    assert m
    return (int(m.group(1)) - 1) * geo.n + int(m.group(2)) - 1


def cells(*names: str) -> list[int]:
    return [cell(n) for n in names]


def mask(digits: str) -> int:
    out = 0
    for ch in digits:
        out |= 1 << (int(ch) - 1)
    return out


def open_grid(geo: Geometry = GEO9, unique: bool = False) -> Grid:
    """An empty board where every digit is a candidate everywhere."""
    return Grid(geo, [0] * geo.ncells, [geo.all_mask] * geo.ncells, unique)


def set_cands(g: Grid, name: str, digits: str) -> None:
    g.cand[cell(name, g.geo)] = mask(digits)


def restrict(g: Grid, digit: int, house: list[str], keep: list[str]) -> None:
    """Remove ``digit`` from the cells of ``house`` except ``keep``."""
    for n in house:
        if n not in keep:
            g.cand[cell(n, g.geo)] &= ~(1 << (digit - 1))


def row(r: int, n: int = 9) -> list[str]:
    return [f"r{r}c{c}" for c in range(1, n + 1)]


def col(c: int, n: int = 9) -> list[str]:
    return [f"r{r}c{c}" for r in range(1, n + 1)]


def elims(*pairs: tuple[str, int]) -> set[tuple[int, int]]:
    return {(cell(n), d) for n, d in pairs}


def parse_line(text: str) -> tuple[int, ...]:
    return tuple(0 if ch in ".0" else int(ch) for ch in text.strip()[:81])


def data_lines(name: str, limit: int, step: int = 1) -> list[str]:
    path = DATA / name
    out = []
    with path.open(encoding="utf-8") as f:
        for i, line in enumerate(f):
            if line.startswith("#") or not line.strip():
                continue
            if i % step == 0:
                out.append(line.rstrip("\n"))
            if len(out) >= limit:
                break
    return out
