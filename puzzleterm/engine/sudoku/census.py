"""The census of the smallest X-Sudoku 5x5 puzzles: every N-given puzzle with one solution.

Method.  The 5x5 X-Sudoku has only 960 solution grids, so a puzzle (a set of cells and the
digits on them) has exactly one solution iff exactly one of the 960 grids agrees with it on
its cells.  For every cell and digit, the grids holding that digit there form a 960-bit
mask; the grids that agree with a puzzle are the AND of its givens' masks.

* Cell sets are taken up to the 8 symmetries of the square (they keep rows, columns and the
  pair of diagonals): one representative per orbit, weighted by the orbit's size.
* Relabelling the digits maps grids to grids and never fixes one (a grid uses every digit),
  so it never fixes a unique puzzle either: every unique puzzle is one of exactly ``n!``
  relabellings of a puzzle whose digits are in first-appearance order (1, then 1 or 2, ...).
  Only those digit patterns are searched, cell by cell, pruning as soon as no grid agrees.
* A puzzle is *minimal* when no given can be dropped with one solution kept: for each given,
  the AND of the other givens' masks must hold at least two grids.
* Two puzzles on the same representative cell set are essentially the same iff a symmetry
  fixing that cell set, followed by a relabelling, maps one to the other; the canonical form
  is the least relabelled image under that stabiliser.  Puzzles on different representative
  sets are never equivalent, so the classes are counted set by set.

Raw counts are the number of puzzles as they stand (every cell set, every labelling).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import factorial

from ..errors import ParamsError
from ..kind import Progress
from . import solver as bt
from .formats import format_grid
from .geometry import Geometry, geometry

#: The census is offered for this many givens at most (more takes minutes, not seconds).
MAX_GIVENS = 6

Perm = tuple[int, ...]
Cells = tuple[int, ...]


@dataclass(frozen=True)
class CellOrbit:
    """One cell set up to symmetry: its least form, how many sets it stands for, and the
    symmetries that map it to itself."""

    cells: Cells
    size: int
    stabiliser: tuple[Perm, ...]


@dataclass(frozen=True)
class Census:
    """The outcome: raw count, and one canonical puzzle (cells, digits) per class."""

    geo: Geometry
    givens: int
    minimal: bool
    raw: int
    classes: tuple[tuple[Cells, tuple[int, ...]], ...]
    cell_sets: int  # representative cell sets searched

    def values(self, index: int) -> tuple[int, ...]:
        """The board of the ``index``-th class's representative (0 = empty)."""
        cells, digits = self.classes[index]
        board = [0] * self.geo.ncells
        for cell, digit in zip(cells, digits, strict=True):
            board[cell] = digit
        return tuple(board)


def square_symmetries(n: int) -> tuple[Perm, ...]:
    """The 8 rotations and reflections of an n x n square, as cell permutations
    (``perm[cell]`` is where the cell goes); the identity first."""

    def turn(r: int, c: int) -> tuple[int, int]:
        return c, n - 1 - r

    out: list[Perm] = []
    for flip in (False, True):
        for turns in range(4):
            perm = []
            for cell in range(n * n):
                r, c = divmod(cell, n)
                if flip:
                    c = n - 1 - c
                for _ in range(turns):
                    r, c = turn(r, c)
                perm.append(r * n + c)
            out.append(tuple(perm))
    return tuple(out)


def cell_orbits(ncells: int, k: int, sym: Sequence[Perm]) -> list[CellOrbit]:
    """Every k-cell set up to the symmetries, each as its least sorted image."""
    found: dict[Cells, int] = {}
    for cells in combinations(range(ncells), k):
        rep = min(tuple(sorted(g[c] for c in cells)) for g in sym)
        found[rep] = found.get(rep, 0) + 1
    out = []
    for rep, size in found.items():
        stab = tuple(g for g in sym if tuple(sorted(g[c] for c in rep)) == rep)
        out.append(CellOrbit(rep, size, stab))
    return out


def grid_masks(geo: Geometry, grids: Sequence[Sequence[int]]) -> list[list[int]]:
    """``masks[cell][digit]``: bit ``i`` set when grid ``i`` holds ``digit`` at ``cell``."""
    masks = [[0] * (geo.n + 1) for _ in range(geo.ncells)]
    for i, grid in enumerate(grids):
        bit = 1 << i
        for cell, digit in enumerate(grid):
            masks[cell][digit] |= bit
    return masks


def relabel(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The digits of (cell, digit) pairs, in cell order, renamed in first-appearance order."""
    names: dict[int, int] = {}
    return tuple(names.setdefault(d, len(names) + 1) for _, d in sorted(pairs))


def canonical(cells: Cells, digits: Sequence[int], stab: Sequence[Perm]) -> tuple[int, ...]:
    """The least relabelled image of a puzzle on ``cells`` under symmetries fixing them."""
    return min(relabel([(g[c], d) for c, d in zip(cells, digits, strict=True)]) for g in stab)


def unique_patterns(
    masks: Sequence[Sequence[int]], cells: Cells, ndigits: int, minimal: bool
) -> Iterator[tuple[int, ...]]:
    """Digit patterns in first-appearance order on ``cells`` that exactly one grid agrees
    with (and, if ``minimal``, from which no given can be removed keeping that)."""
    k = len(cells)
    digits = [0] * k
    ands = [0] * (k + 1)  # ands[i]: the grids agreeing with the first i givens
    ands[0] = -1  # every grid

    def minimal_ok() -> bool:
        cols = [masks[c][d] for c, d in zip(cells, digits, strict=True)]
        suffix = [-1] * (k + 1)
        for i in range(k - 1, -1, -1):
            suffix[i] = suffix[i + 1] & cols[i]
        for i in range(k):
            rest = ands[i] & suffix[i + 1]
            if not rest & (rest - 1):  # one grid without given i: not minimal
                return False
        return True

    def walk(i: int, top: int) -> Iterator[tuple[int, ...]]:
        if i == k:
            m = ands[k]
            if not m & (m - 1) and (not minimal or minimal_ok()):
                yield tuple(digits)
            return
        column = masks[cells[i]]
        for d in range(1, min(top + 1, ndigits) + 1):
            m = ands[i] & column[d]
            if m:
                digits[i] = d
                ands[i + 1] = m
                yield from walk(i + 1, max(top, d))

    yield from walk(0, 0)


def census(
    geo: Geometry, givens: int, minimal: bool = False, progress: Progress | None = None
) -> Census:
    """Every ``givens``-given puzzle of ``geo`` with exactly one solution (or minimal ones)."""
    if not 1 <= givens <= MAX_GIVENS:
        raise ParamsError(f"--givens takes 1 to {MAX_GIVENS}, not {givens}")
    grids = bt.all_solutions(geo, (0,) * geo.ncells)
    masks = grid_masks(geo, grids)
    orbits = cell_orbits(geo.ncells, givens, square_symmetries(geo.n))
    orbits.sort(key=lambda o: o.cells)
    labellings = factorial(geo.n)
    raw = 0
    classes: list[tuple[Cells, tuple[int, ...]]] = []
    for done, orbit in enumerate(orbits):
        if progress is not None and done % 128 == 0:
            progress(done, len(orbits))
        found = list(unique_patterns(masks, orbit.cells, geo.n, minimal))
        raw += len(found) * labellings * orbit.size
        forms = {canonical(orbit.cells, d, orbit.stabiliser) for d in found}
        classes.extend((orbit.cells, form) for form in sorted(forms))
    if progress is not None:
        progress(len(orbits), len(orbits))
    return Census(geo, givens, minimal, raw, tuple(classes), len(orbits))


def parse_givens(text: str) -> int:
    """The value of ``--givens`` as a number of givens."""
    try:
        givens = int(text.strip())
    except ValueError:
        raise ParamsError(f"--givens takes a number of givens, not {text!r}") from None
    if not 1 <= givens <= MAX_GIVENS:
        raise ParamsError(f"--givens takes 1 to {MAX_GIVENS}, not {givens}")
    return givens


def report(
    variant: str,
    title: str,
    n: int,
    givens_text: str,
    minimal: bool,
    listing: bool,
    progress: Progress | None = None,
) -> Iterator[str]:
    """The lines ``puzzleterm enumerate xsudoku --givens N`` prints: with ``listing``, one
    game ID per essentially different puzzle, then the counts."""
    geo = geometry(variant, n)
    result = census(geo, parse_givens(givens_text), minimal, progress)
    if listing:
        for i in range(len(result.classes)):
            yield f"{variant}:{geo.size_text}:{format_grid(geo, result.values(i), 'line')}"
    what = (f"{title} {geo.size_text} {'minimal ' if minimal else ''}puzzles with "
            f"{result.givens} givens and one solution")
    yield f"{len(result.classes)} {what} up to symmetry and relabelling"
    yield f"{result.raw} {what} in all"
