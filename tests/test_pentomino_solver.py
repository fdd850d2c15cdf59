"""Pentomino pieces, boards, the exact-cover solver and the published counts."""

from __future__ import annotations

import pytest

from puzzleterm.engine.errors import ParamsError
from puzzleterm.engine.pentomino import enumerate as en
from puzzleterm.engine.pentomino import solver
from puzzleterm.engine.pentomino.board import format_board, geometry, parse_board
from puzzleterm.engine.pentomino.pieces import LETTERS, identify, normalize, orientations


def test_twelve_pieces_sixty_three_orientations() -> None:
    counts = {letter: len(orientations(letter)) for letter in LETTERS}
    assert counts == {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4,
                      "W": 4, "X": 1, "Y": 8, "Z": 4}
    assert sum(counts.values()) == 63
    shapes = [s for letter in LETTERS for s in orientations(letter)]
    assert len(set(shapes)) == 63
    for letter in LETTERS:
        for i, shape in enumerate(orientations(letter)):
            assert len(shape) == 5 and normalize(shape) == shape
            assert identify(shape) == (letter, i)


@pytest.mark.parametrize(("text", "canon", "symmetries"), [
    ("6x10", "6x10", 4), ("10x6", "10x6", 4), ("5x12", "5x12", 4), ("3x20", "3x20", 4),
    ("8x8-c2x2", "8x8-c2x2", 8), ("8X8-r4c4+2x2", "8x8-c2x2", 8),
    ("8x8-r1c1-r1c8-r8c1-r8c8", "8x8-r1c1-r1c8-r8c1-r8c8", 8),
    ("5x13-r1c1-r1c2-r1c3-r1c4-r1c5", "5x13-r1c1-r1c2-r1c3-r1c4-r1c5", 1),
])
def test_board_params(text: str, canon: str, symmetries: int) -> None:
    board = parse_board(text)
    assert format_board(board) == canon
    assert parse_board(canon) == board
    assert ":" not in canon and "#" not in canon
    assert len(geometry(board).symmetries) == symmetries


@pytest.mark.parametrize("text", ["6x11", "8x8", "6by10", "8x8-c3x3", "6x10-r9c1", "", "0x60",
                                  "6x10-q1"])
def test_bad_board_params(text: str) -> None:
    with pytest.raises(ParamsError):
        parse_board(text)


def test_3x20_raw_and_distinct() -> None:
    board = parse_board("3x20")
    assert solver.count_raw(board) == 8
    assert solver.count_distinct(board) == 2


def test_4x15_raw_and_distinct() -> None:
    board = parse_board("4x15")
    assert solver.count_raw(board) == 1472
    assert solver.count_distinct(board) == 368


def test_5x12_distinct_and_images() -> None:
    board = parse_board("5x12")
    distinct, raw = solver.all_solutions(board)
    assert len(distinct) == 1010
    assert len(raw) == len(set(raw)) == 4040


def test_8x8_with_centre_hole() -> None:
    board = parse_board("8x8-c2x2")
    assert solver.count_distinct(board) == 65
    distinct, raw = solver.all_solutions(board)
    assert len(distinct) == 65 and len(set(raw)) == 520


def _check_tiling(board_text: str, sol: tuple[int, ...]) -> None:
    geo = geometry(parse_board(board_text))
    pieces = sorted(geo.placements[i].piece for i in sol)
    assert pieces == list(range(12))
    cover = 0
    for i in sol:
        assert not cover & geo.placements[i].mask
        cover |= geo.placements[i].mask
    assert cover == geo.full


def test_6x10_all_solutions() -> None:
    board = parse_board("6x10")
    distinct, raw = solver.all_solutions(board)
    assert len(distinct) == 2339
    assert len(raw) == len(set(raw)) == 9356
    for sol in raw[::97]:
        _check_tiling("6x10", sol)


def test_6x10_forcing_table() -> None:
    board = parse_board("6x10")
    f = en.forcing(board)
    assert dict(f.table) == {1: 15, 2: 2106, 3: 218}
    assert sum(n for _, n in f.table) == 2339
    assert len(f.one_piece) == 15


def test_forcing_agrees_with_the_search() -> None:
    """Spot-check the bitset method against the exact-cover search itself."""
    board = parse_board("6x10")
    geo = geometry(board)
    f = en.forcing(board)
    distinct, _ = solver.all_solutions(board)
    checked = 0
    for sol, (k, chosen) in zip(distinct, f.minimal, strict=True):
        if k != 3 or checked >= 2:
            continue
        checked += 1
        filled = used = 0
        for i in chosen:
            filled |= geo.placements[i].mask
            used |= 1 << geo.placements[i].piece
        assert solver.count(board, filled, used, limit=2) == 1
        for i in sol:  # no pair of the solution's pieces forces it
            for j in sol:
                if i < j:
                    pi, pj = geo.placements[i], geo.placements[j]
                    n = solver.count(board, pi.mask | pj.mask,
                                     (1 << pi.piece) | (1 << pj.piece), limit=2)
                    assert n == 2
    assert checked == 2
