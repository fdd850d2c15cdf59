"""A pending rank settles only once the database's board holds the result: a board read
between the database's return and the result's arrival leaves it pending."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from puzzleterm.daily_play import DailyDone, settle
from puzzleterm.store import DailyResult, Leaderboard

DAY = date(2026, 11, 25)
RESULT = DailyResult(DAY, "latin", "6x6", "medium", "latin:6x6:medium#daily-v1-2026-11-25",
                     40.0, 0, 0, False, False, 1.0)
PENDING = Leaderboard(DAY, "latin", (), 1, None, pending=True)


class Boards:
    """A store whose board is whatever the test says it is now."""

    def __init__(self, board: Leaderboard) -> None:
        self.board = board

    def leaderboard(self, day: date, kind: str, *_: Any, **__: Any) -> Leaderboard:
        assert (day, kind) == (DAY, "latin")
        return self.board


def done(result: DailyResult = RESULT) -> DailyDone:
    return DailyDone(result, True, (1, 1), "share", board=PENDING, today=DAY)


def test_still_pending_while_the_board_is_the_hosts_copy() -> None:
    assert settle(done(), Boards(PENDING)) is None  # type: ignore[arg-type]


def test_still_pending_while_the_result_is_on_its_way() -> None:
    back_without_it = Leaderboard(DAY, "latin", (), 1, None)
    assert settle(done(), Boards(back_without_it)) is None  # type: ignore[arg-type]


def test_settled_with_the_place_once_the_result_is_in() -> None:
    with_it = Leaderboard(DAY, "latin", (), 2, 2)
    settled = settle(done(), Boards(with_it))  # type: ignore[arg-type]
    assert settled is not None and settled.board == with_it


def test_an_assisted_result_settles_without_a_place() -> None:
    assisted = replace(RESULT, hints=1, assisted=True)
    board = Leaderboard(DAY, "latin", (), 1, None)
    settled = settle(done(assisted), Boards(board))  # type: ignore[arg-type]
    assert settled is not None and settled.board == board
