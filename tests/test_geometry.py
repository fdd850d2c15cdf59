"""The houses model: one geometry object per board shape."""

from __future__ import annotations

import pytest

from puzzleterm.engine.errors import ParamsError
from puzzleterm.engine.sudoku.geometry import geometry


@pytest.mark.parametrize(
    ("variant", "n", "houses", "peers"),
    [
        ("sudoku", 4, 12, 7),
        ("sudoku", 6, 18, 12),
        ("sudoku", 9, 27, 20),
        ("sudoku", 16, 48, 39),
        ("latin", 5, 10, 8),
    ],
)
def test_house_and_peer_counts(variant: str, n: int, houses: int, peers: int) -> None:
    geo = geometry(variant, n)
    assert len(geo.houses) == houses
    assert all(len(h) == n for h in geo.houses)
    assert {len(p) for p in geo.peers} == {peers}
    # every cell is in exactly its row, its column and (for Sudoku) its box
    assert {len(hs) for hs in geo.cell_houses} == {3 if variant == "sudoku" else 2}


def test_xsudoku_diagonals() -> None:
    geo = geometry("xsudoku", 5)
    assert len(geo.houses) == 12
    centre = 12
    assert len(geo.cell_houses[centre]) == 4  # row, column and both diagonals
    assert len(geo.peers[centre]) == 16  # the centre sees all but the 8 knight-ish cells
    assert len(geo.peers[1]) == 8  # r1c2 is on no diagonal
    assert geo.is_diagonal_cell(0) and geo.is_diagonal_cell(4) and not geo.is_diagonal_cell(1)


def test_six_by_six_boxes_are_two_by_three() -> None:
    geo = geometry("sudoku", 6)
    first_box = geo.houses[12]
    assert first_box == (0, 1, 2, 6, 7, 8)
    assert geo.box(8) == 0 and geo.box(3) == 1 and geo.box(12) == 2


def test_symbols_of_sixteen() -> None:
    geo = geometry("sudoku", 16)
    assert geo.symbols == "123456789ABCDEFG"
    assert geo.digit_of("g") == 16 and geo.digit_of("H") == -1 and geo.digit_of(".") == 0
    assert geometry("sudoku", 9).digit_of("A") == -1


@pytest.mark.parametrize(
    ("variant", "n"), [("sudoku", 5), ("sudoku", 12), ("xsudoku", 9), ("latin", 1)]
)
def test_unknown_sizes_are_refused(variant: str, n: int) -> None:
    with pytest.raises(ParamsError):
        geometry(variant, n)
