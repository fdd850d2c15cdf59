"""The twelve free pentominoes and their fixed orientations (63 in all).

A shape is a sorted tuple of ``(row, col)`` cells shifted so that its smallest row and
smallest column are 0.  Orientation indexes are stable: for each piece, the eight
transformations (four rotations, then the mirror image and its four rotations) are applied in
that order and the distinct shapes kept in order of first appearance.
"""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

#: The standard letters, in the order pieces are numbered everywhere in the package.
LETTERS = "FILNPTUVWXYZ"

_PICTURES: dict[str, tuple[str, ...]] = {
    "F": (".XX", "XX.", ".X."),
    "I": ("XXXXX",),
    "L": ("X.", "X.", "X.", "XX"),
    "N": (".X", ".X", "XX", "X."),
    "P": ("XX", "XX", "X."),
    "T": ("XXX", ".X.", ".X."),
    "U": ("X.X", "XXX"),
    "V": ("X..", "X..", "XXX"),
    "W": ("X..", "XX.", ".XX"),
    "X": (".X.", "XXX", ".X."),
    "Y": (".X", "XX", ".X", ".X"),
    "Z": ("XX.", ".X.", ".XX"),
}


def normalize(cells: tuple[Cell, ...] | list[Cell]) -> Shape:
    """The cells shifted to row 0 and column 0, sorted."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _transforms(shape: Shape) -> list[Shape]:
    out: list[Shape] = []
    cur = list(shape)
    for mirror in (False, True):
        cur = [(r, -c) for r, c in shape] if mirror else list(shape)
        for _ in range(4):
            out.append(normalize(cur))
            cur = [(c, -r) for r, c in cur]  # a quarter turn
    return out


def _base(letter: str) -> Shape:
    rows = _PICTURES[letter]
    return normalize([(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row)
                      if ch == "X"])


@cache
def orientations(letter: str) -> tuple[Shape, ...]:
    """The distinct fixed shapes of a piece, in their stable order."""
    seen: list[Shape] = []
    for shape in _transforms(_base(letter)):
        if shape not in seen:
            seen.append(shape)
    return tuple(seen)


@cache
def _shape_index() -> dict[Shape, tuple[str, int]]:
    return {shape: (letter, i) for letter in LETTERS
            for i, shape in enumerate(orientations(letter))}


def identify(cells: tuple[Cell, ...] | list[Cell]) -> tuple[str, int] | None:
    """``(letter, orientation)`` of five cells forming a pentomino, else None."""
    if len(cells) != 5 or len(set(cells)) != 5:
        return None
    return _shape_index().get(normalize(cells))


def anchor_offset(letter: str, orient: int) -> Cell:
    """The shape's first cell in reading order (the cell a move's anchor names)."""
    return orientations(letter)[orient][0]


def picture_of(letter: str, orient: int) -> list[str]:
    """Rows of a shape drawn with its letter and ``.``, for explanations and tests."""
    shape = orientations(letter)[orient]
    h = 1 + max(r for r, _ in shape)
    w = 1 + max(c for _, c in shape)
    return ["".join(letter if (r, c) in shape else "." for c in range(w)) for r in range(h)]
