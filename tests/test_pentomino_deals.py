"""Seeds name pentomino puzzles forever: the dealer deals the very puzzles it dealt when it
listed every solution first (recorded in tests/data/pentomino_deals.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.types import Level

KIND = find_kind("pentomino")
DATA = json.loads((Path(__file__).parent / "data" / "pentomino_deals.json").read_text())
DEALS: list[list[object]] = DATA["deals"]
BOARDS = sorted({str(d[0]) for d in DEALS})


def test_the_record_covers_every_level_of_every_offered_board() -> None:
    assert set(BOARDS) == set(KIND.param_choices())
    for board in BOARDS:
        levels = {d[1] for d in DEALS if d[0] == board}
        assert levels == {None, *(lv.name.lower() for lv in KIND.levels(KIND.parse_params(board)))}
    assert sum(1 for d in DEALS if str(d[2]).startswith("daily-v1-")) >= 10


@pytest.mark.parametrize("board", BOARDS)
def test_every_recorded_seed_deals_the_same_puzzle(board: str) -> None:
    params = KIND.parse_params(board)
    for _, level, seed, desc, graded, rating in (d for d in DEALS if d[0] == board):
        lv = Level[str(level).upper()] if level is not None else None
        puzzle = generate_seeded(KIND, params, str(seed), lv)
        assert puzzle.grade is not None
        got = (puzzle.desc, puzzle.grade.level.name.lower(), puzzle.grade.rating)
        assert got == (desc, graded, rating), (board, level, seed)
