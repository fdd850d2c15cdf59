"""Facts of the 5x5 X-Sudoku: four givens suffice, in 246 essentially different ways."""

from __future__ import annotations

import itertools

from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.geometry import geometry

GEO = geometry("xsudoku", 5)


def square_symmetries() -> list[tuple[int, ...]]:
    """The 8 rotations and reflections of the square, as cell permutations."""

    def rot(c: int) -> int:
        r, k = divmod(c, 5)
        return k * 5 + (4 - r)

    def mirror(c: int) -> int:
        r, k = divmod(c, 5)
        return r * 5 + (4 - k)

    out = []
    for flip in (False, True):
        for turns in range(4):
            perm = []
            for c in range(25):
                x = mirror(c) if flip else c
                for _ in range(turns):
                    x = rot(x)
                perm.append(x)
            out.append(tuple(perm))
    return out


def digit_patterns(k: int, digits: int) -> list[tuple[int, ...]]:
    """Digit assignments to k cells up to relabelling (first-appearance order)."""
    return [
        p
        for p in itertools.product(range(1, digits + 1), repeat=k)
        if all(p[i] <= max((0, *p[:i])) + 1 for i in range(k))
    ]


def test_symmetries_preserve_the_houses() -> None:
    houses = {frozenset(h) for h in GEO.houses}
    for g in square_symmetries():
        assert {frozenset(g[c] for c in h) for h in houses} == houses


def test_no_three_given_puzzle_is_unique() -> None:
    for cells in itertools.combinations(range(25), 3):
        for p in digit_patterns(3, 5):
            vals = [0] * 25
            for c, d in zip(cells, p, strict=True):
                vals[c] = d
            assert bt.count_values(GEO, vals, 2) != 1


def test_246_essentially_different_four_given_puzzles() -> None:
    sym = square_symmetries()

    def canonical(puzzle: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        forms = []
        for g in sym:
            relabel: dict[int, int] = {}
            form = []
            for c, d in sorted((g[c], d) for c, d in puzzle):
                relabel.setdefault(d, len(relabel) + 1)
                form.append((c, relabel[d]))
            forms.append(tuple(form))
        return min(forms)

    # one representative cell set per symmetry orbit, with every digit pattern on it
    reps = {
        min(tuple(sorted(g[c] for c in cs)) for g in sym)
        for cs in itertools.combinations(range(25), 4)
    }
    classes = set()
    for cells in sorted(reps):
        for p in digit_patterns(4, 5):
            vals = [0] * 25
            for c, d in zip(cells, p, strict=True):
                vals[c] = d
            if bt.count_values(GEO, vals, 2) == 1:
                classes.add(canonical(list(zip(cells, p, strict=True))))
    assert len(classes) == 246
