"""Pentomino pieces, boards, the exact-cover solver and the published counts."""

from __future__ import annotations

import random

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


# -- the search against a plain one ---------------------------------------------------------

def _plain_count(board_text: str, filled: int, used: int) -> int:
    """Completions by the plainest exact cover: the first empty cell in reading order, every
    placement of an unused piece that covers it (no tables, no pruning, no memo)."""
    geo = geometry(parse_board(board_text))
    full = geo.full
    order = sorted(range(len(geo.cell_of_bit)), key=lambda b: geo.cell_of_bit[b])
    covering = {b: [geo.placements[i] for i in geo.covering[geo.cell_of_bit[b]]]
                for b in order}

    def rec(filled: int, used: int) -> int:
        if filled == full:
            return 1
        b = next(b for b in order if full >> b & 1 and not filled >> b & 1)
        return sum(rec(filled | pl.mask, used | 1 << pl.piece) for pl in covering[b]
                   if not used >> pl.piece & 1 and not filled & pl.mask)

    return rec(filled, used)


def _position(board_text: str, pids: tuple[int, ...]) -> tuple[int, int]:
    geo = geometry(parse_board(board_text))
    filled = used = 0
    for i in pids:
        filled |= geo.placements[i].mask
        used |= 1 << geo.placements[i].piece
    return filled, used


@pytest.mark.parametrize("board_text", ["6x10", "5x12", "8x8-c2x2"])
def test_counts_agree_with_a_plain_search(board_text: str) -> None:
    """Positions with five pieces left in place: taken from solutions (one completion or
    more), and with a piece swapped for another placement of it (often none)."""
    board = parse_board(board_text)
    geo = geometry(board)
    _, raw = solver.all_solutions(board)
    r = random.Random(board_text)
    seen: dict[int, int] = {}
    for _ in range(60):
        if len(seen) == 3 and sum(seen.values()) >= 12:
            break
        pids = list(r.sample(raw[r.randrange(len(raw))], 5))
        if r.random() < 0.5:
            moved = geo.placements[pids[0]].piece
            pids[0] = r.choice(geo.by_piece[moved])
        filled, used = _position(board_text, tuple(pids))
        if bin(filled).count("1") != 25:
            continue  # the swapped piece overlaps another
        want = _plain_count(board_text, filled, used)
        assert solver.count(board, filled, used) == want
        assert len(solver.completions(board, filled, used)) == want
        assert solver.count(board, filled, used, limit=2) == min(want, 2)
        seen[min(want, 2)] = seen.get(min(want, 2), 0) + 1
    assert sorted(seen) == [0, 1, 2]


def test_the_listing_is_in_the_order_of_a_plain_first_empty_cell_search() -> None:
    """Within an X branch, solutions come out in the order of their placements read by
    their first cell in the scan: the order a plain search would list them in."""
    board = parse_board("5x12")
    geo = geometry(board)
    distinct, _ = solver.all_solutions(board)
    branch = [x for x, _ in solver._x_branches(geo)]

    def low(pid: int) -> int:
        mask = geo.placements[pid].mask
        return (mask & -mask).bit_length()

    keys = [(branch.index(next(i for i in sol if i in branch)),
             tuple(sorted(sol, key=low))) for sol in distinct]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys) == 1010
