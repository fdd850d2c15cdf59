"""The listing index: the dealer reaches solution i of a board's listing without listing
them all, and gets the very solution the listing has there."""

from __future__ import annotations

import random

import pytest

from puzzleterm.engine.pentomino import index, solver
from puzzleterm.engine.pentomino.board import parse_board
from puzzleterm.engine.pentomino.index_data import LEAVES


@pytest.mark.parametrize("board_text", sorted(LEAVES))
def test_the_kept_leaves_are_those_the_search_builds(board_text: str) -> None:
    board = parse_board(board_text)
    built = index.build(board)
    assert LEAVES[board_text] == built
    assert all(1 <= leaf[0] <= index.LEAF for leaf in built)
    assert index.raw_count(board) == len(solver.all_solutions(board)[1])


@pytest.mark.parametrize("board_text", ["6x10", "5x12", "8x8-c2x2", "4x15"])
def test_the_index_gives_the_listing_s_solutions(board_text: str) -> None:
    board = parse_board(board_text)
    _, raw = solver.all_solutions(board)
    r = random.Random(board_text)
    picks = {0, len(raw) - 1, *(r.randrange(len(raw)) for _ in range(40))}
    for i in sorted(picks):
        assert index.raw_solution(board, i) == raw[i], i


def test_every_leaf_of_6x10_starts_where_the_listing_has_it() -> None:
    """The first solution below each leaf, taken from the index, is the listing's."""
    board = parse_board("6x10")
    distinct, _ = solver.all_solutions(board)
    at = 0
    for leaf in LEAVES["6x10"]:
        assert set(leaf[1:]) <= set(distinct[at])
        assert index._distinct(board, at) == distinct[at]
        at += leaf[0]
    assert at == len(distinct) == 2339


def test_a_stale_index_falls_back_to_the_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A leaf that claims more solutions than its path has, or a path whose pieces clash,
    is noticed on the way: the listing answers instead."""
    board = parse_board("6x10")
    _, raw = solver.all_solutions(board)
    first = LEAVES["6x10"][0]
    nsym = 4
    too_many = ((first[0] + 5, *first[1:]), *LEAVES["6x10"][1:])
    monkeypatch.setitem(LEAVES, "6x10", too_many)
    i = (first[0] + 2) * nsym
    assert index._distinct(board, first[0] + 2) is None
    assert index.raw_solution(board, i) == raw[i]
    clash = ((first[0], first[1], first[1] + 1, *first[3:]), *LEAVES["6x10"][1:])
    monkeypatch.setitem(LEAVES, "6x10", clash)
    assert index.raw_solution(board, 3) == raw[3]
