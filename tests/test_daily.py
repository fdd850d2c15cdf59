"""The daily set: golden dates, epochs, uniqueness and grading, streak rules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta

import pytest

from puzzleterm.engine.daily import (
    EPOCHS,
    WEEK_LEVELS,
    DailyDateError,
    Epoch,
    check_date,
    daily_set,
    deal,
    epoch_on,
    parse_date,
    streaks,
)
from puzzleterm.engine.gameid import load_game_id, parse_game_id
from puzzleterm.engine.kind import find_kind
from puzzleterm.engine.types import Level

GOLDEN = {
    "2026-01-01": [
        "sudoku:9x9:..7..2.3.....1.7..53.....4..284.7..3..6.3.8..3..8.617..8.....59..3.6.....4.9..2..",
        "xsudoku:5x5:.3.......5...521.........",
        "latin:6x6:4..1.....5.33....15.136...6.....2..5",
    ],
    "2026-11-22": [
        "sudoku:9x9:.2......8..45.6.....519.7...6..48....5.....2....62..7...9.314.....8.71..8......3.",
        "xsudoku:5x5:...13.3.......2..5.......",
        "latin:6x6:41..5....1...43.1.....2..6.4.52..6..",
    ],
    "2030-06-15": [
        "sudoku:9x9:..4.6.7..7.52...1....5..4...3.6...4...98.36...6...1.5...2..6....8...52.3..6.2.5..",
        "xsudoku:5x5:.3...152............5..2.",
        "latin:6x6:....1.6.5......2..346....346...6...5",
        "pentomino:6x10:2VVV5/2VT6/2VT6/2TTT2ZZ./8Z./3IIIIIZZ",
    ],
    "2026-11-23": [
        "sudoku:9x9:..8.4..5..9...5...1....9..868..9.2....14.65....7.2..193..8....1...9...2..1..7.3..",
        "xsudoku:5x5:..3..1........23.....4...",
        "latin:6x6:12.....6.3...4...6..12..512.......5.",
        "pentomino:6x10:10/2WW6/3WW5/4W.LLLL/PP6YL/PPP3YYYY",
    ],
}
#: kinds the golden IDs pin (others may be added)
PINNED = ("sudoku", "xsudoku", "latin", "pentomino")

_SCRIPT = """
import json, sys
from datetime import date
from puzzleterm.engine.daily import daily_set, deal
from puzzleterm.engine.kind import find_kind
out = {}
for d in sys.argv[1:]:
    out[d] = [deal(e, find_kind(e.kind)).game_id for e in daily_set(date.fromisoformat(d))]
print(json.dumps(out))
"""


def daily_sets_in_a_fresh_process(days: list[str], hashseed: str) -> dict[str, list[str]]:
    """The game IDs of each day's set, dealt by a new interpreter with its own string hashing."""
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, *days], capture_output=True,
                          text=True, env=dict(os.environ, PYTHONHASHSEED=hashseed),
                          check=True, timeout=120)
    got: dict[str, list[str]] = json.loads(proc.stdout)
    return got


@pytest.mark.parametrize("hashseed", ["0", "12345"])
def test_golden_dates_in_a_fresh_process(hashseed: str) -> None:
    got = daily_sets_in_a_fresh_process(list(GOLDEN), hashseed)
    for day, ids in GOLDEN.items():
        pinned = [g for g in got[day] if g.split(":")[0] in PINNED]
        assert pinned == ids, day


#: the arithmetic daily (a mul3x2 medium) from its first date on; none the day before
ARITH_GOLDEN = {
    "2026-11-24": None,
    "2026-11-25": "arith:mul3x2:453x91=*5*+**7*=****3",
    "2027-03-01": "arith:mul3x2:*91x**=53**+*23*=**71*",
    "2030-06-15": "arith:mul3x2:83*x62=**64+**9*=****4",
}


def test_arith_golden_dates_in_a_fresh_process() -> None:
    got = daily_sets_in_a_fresh_process(list(ARITH_GOLDEN), "7")
    for day, expected in ARITH_GOLDEN.items():
        arith = [g for g in got[day] if g.split(":")[0] == "arith"]
        assert arith == ([expected] if expected else []), day
    assert epoch_on("arith", date(2026, 11, 25)) == EPOCHS["arith"][0]
    assert EPOCHS["arith"][0].levels == (Level.MEDIUM,)


def test_seed_ids_are_shell_safe_and_round_trip() -> None:
    entries = daily_set(date(2026, 11, 22))
    sudoku = entries[0]
    assert sudoku.seed_id == "sudoku:9x9:expert#daily-v1-2026-11-22"
    for entry in entries:
        assert " " not in entry.seed_id and "|" not in entry.seed_id
        gid = parse_game_id(entry.seed_id)
        assert (gid.kind, gid.params, gid.level, gid.seed) == (
            entry.kind,
            entry.params,
            entry.level,
            entry.seed,
        )
        assert load_game_id(entry.seed_id).game_id == deal(entry, find_kind(entry.kind)).game_id


def test_week_levels_monday_easy_to_saturday_extreme() -> None:
    monday = date(2026, 11, 16)
    levels = [daily_set(monday + timedelta(i))[0].level for i in range(7)]
    assert levels == list(WEEK_LEVELS)
    assert levels == [
        Level.EASY,
        Level.MEDIUM,
        Level.HARD,
        Level.HARD,
        Level.EXPERT,
        Level.EXTREME,
        Level.EXPERT,
    ]


def test_a_new_epoch_changes_only_later_dates_of_its_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    before = {d: daily_set(date.fromisoformat(d)) for d in GOLDEN}
    new = Epoch(2, date(2028, 1, 1), "9x9", (Level.HARD,))
    monkeypatch.setitem(EPOCHS, "sudoku", (*EPOCHS["sudoku"], new))
    assert epoch_on("sudoku", date(2027, 12, 31)) == EPOCHS["sudoku"][0]
    for d, entries in before.items():
        after = daily_set(date.fromisoformat(d))
        if d < "2028-01-01":
            assert after == entries
        else:
            assert after[0].seed_id == f"sudoku:9x9:hard#daily-v2-{d}"
            assert after[1:] == entries[1:]


def test_a_kind_without_an_epoch_is_skipped_and_one_before_its_start_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(EPOCHS, "latin", (Epoch(1, date(2027, 1, 1), "6x6", (Level.MEDIUM,)),))
    assert [e.kind for e in daily_set(date(2026, 11, 22))] == ["sudoku", "xsudoku"]
    monkeypatch.delitem(EPOCHS, "latin")
    assert [e.kind for e in daily_set(date(2027, 11, 22))] == ["sudoku", "xsudoku", "pentomino",
                                                               "arith"]


def test_dates_outside_the_archive_are_refused_with_one_line() -> None:
    today = date(2026, 11, 22)
    check_date(today, today)
    check_date(date(2026, 1, 1), today)
    with pytest.raises(DailyDateError, match="future"):
        check_date(date(2026, 11, 23), today)
    with pytest.raises(DailyDateError, match="start"):
        check_date(date(2025, 12, 31), today)
    with pytest.raises(DailyDateError, match="YYYY-MM-DD"):
        parse_date("2026-13-01")


def test_sixty_days_are_unique_and_graded_at_their_level() -> None:
    # every kind's entries over 60 consecutive days (a sample of the 9x9 for time)
    start = date(2026, 10, 1)
    for i in range(60):
        day = start + timedelta(days=i)
        for entry in daily_set(day):
            if entry.kind == "sudoku" and i % 4:
                continue
            kind = find_kind(entry.kind)
            puzzle = deal(entry, kind)
            state = kind.parse(kind.parse_params(entry.params), puzzle.desc)
            assert kind.count_solutions(state, 2) == 1, entry.seed_id
            grade = kind.grade(state)
            assert grade is not None and grade.solved, entry.seed_id
            assert grade.level is entry.level, entry.seed_id


D = date


@pytest.mark.parametrize(
    ("days", "today", "expected"),
    [
        ([], D(2026, 11, 22), (0, 0)),
        # across a month end and a year end
        ([D(2026, 12, 30), D(2026, 12, 31), D(2027, 1, 1), D(2027, 1, 2)], D(2027, 1, 2), (4, 4)),
        ([D(2026, 1, 30), D(2026, 1, 31), D(2026, 2, 1)], D(2026, 2, 2), (3, 3)),  # today open
        # a missed day breaks the run; the best stays
        ([D(2026, 2, 27), D(2026, 2, 28), D(2026, 3, 2)], D(2026, 3, 2), (1, 2)),
        ([D(2026, 3, 1), D(2026, 3, 2)], D(2026, 3, 4), (0, 2)),
        # leap day
        ([D(2028, 2, 28), D(2028, 2, 29), D(2028, 3, 1)], D(2028, 3, 1), (3, 3)),
        # duplicates and days after "today" are ignored
        ([D(2026, 5, 1), D(2026, 5, 1), D(2026, 5, 3)], D(2026, 5, 1), (1, 1)),
    ],
)
def test_streaks_over_a_scripted_calendar(
    days: list[date], today: date, expected: tuple[int, int]
) -> None:
    assert streaks(days, today) == expected
