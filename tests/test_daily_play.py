"""Daily games in play: the deal cache, results checked by replay, streaks, share line, stats."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

import pytest

from puzzleterm.daily_play import (
    cached_puzzle,
    deal_entry,
    entry_for,
    record_daily,
    share_line,
    slot_of,
    stats_for,
    stats_text,
    streak_of,
    verify,
)
from puzzleterm.engine import find_kind
from puzzleterm.engine.daily import DailyEntry
from puzzleterm.play import SavedGame, SaveError, Session
from puzzleterm.store import DailyResult, SqliteStore, Store

DAY = date(2026, 11, 23)


def noon(day: date) -> float:
    return datetime(day.year, day.month, day.day, 12).timestamp()


def latin_entry(day: date = DAY) -> DailyEntry:
    entry = entry_for(day, "latin")
    assert entry is not None
    return entry


def solved_save(entry: DailyEntry, store: Store | None = None, hints: int = 0) -> SavedGame:
    """A daily played to the end: every blank filled with one plain move."""
    puzzle = deal_entry(entry, store)
    kind = find_kind(entry.kind)
    session = Session(puzzle, context=entry.context)
    session.play(kind.reveal(puzzle.state, session.solution, None))
    assert session.finished
    return replace(session.to_saved(), elapsed=754.0, hints_used=hints)


def test_a_solved_daily_earns_a_result_once(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    entry = latin_entry()
    saved = solved_save(entry, store)
    store.save_current(saved, entry.slot)
    done = record_daily(saved, entry.slot, store, DAY, now=noon(DAY))
    assert done.problem is None and done.new and done.result is not None
    assert (done.result.day, done.result.kind, done.result.elapsed) == (DAY, "latin", 754.0)
    assert store.load_current(entry.slot) is None  # the slot is cleared
    again = record_daily(replace(saved, elapsed=3.0), entry.slot, store, DAY, now=noon(DAY))
    assert not again.new and again.result is not None and again.result.elapsed == 754.0
    assert len(store.results()) == 1 and store.finished_count() == 2


@pytest.mark.parametrize("forge", ["other-givens", "unsolved", "other-day", "future", "free"])
def test_a_forged_save_records_no_result(tmp_path: Path, forge: str) -> None:
    store = SqliteStore.open(tmp_path)
    entry = latin_entry()
    saved = solved_save(entry, store)
    today = DAY
    if forge == "other-givens":  # a solved grid of an easier puzzle, under the daily's name
        other = solved_save(latin_entry(date(2026, 11, 1)))
        saved = replace(other, seed_id=saved.seed_id, context=saved.context)
    elif forge == "unsolved":
        saved = replace(saved, moves=(), pos=0, solved=True)
    elif forge == "other-day":
        saved = replace(saved, context="daily:2026-11-20")
    elif forge == "future":
        today = date(2026, 11, 22)
    elif forge == "free":
        saved = replace(saved, context=None)
    with pytest.raises(SaveError):
        verify(saved, store, today, noon(DAY))
    done = record_daily(saved, entry.slot, store, today, now=noon(DAY))
    assert done.result is None and done.problem and done.share is None
    assert store.results() == [] and store.finished_count() == 1


def test_dailies_are_cached_and_a_stale_or_damaged_entry_is_dealt_again(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    entry = latin_entry()
    assert cached_puzzle(entry, store) is None
    dealt = deal_entry(entry, store)
    from puzzleterm.daily_play import remember

    remember(entry, dealt, store)
    hit = cached_puzzle(entry, store)
    assert hit is not None and hit.game_id == dealt.game_id and hit.seed_id == entry.seed_id
    assert hit.grade == dealt.grade and hit.level is entry.level
    version = find_kind("latin").generator_version
    store.cache_deal(entry.seed_id, version, "latin:6x6:garbage", None)
    assert cached_puzzle(entry, store) is None
    assert deal_entry(entry, store).game_id == dealt.game_id
    store.cache_deal(entry.seed_id, "old-version", "latin:6x6:garbage", None)
    store.cache_deal(entry.seed_id, version, dealt.game_id, None)
    assert deal_entry(entry, store).game_id == dealt.game_id


def test_slots_keep_dailies_apart_from_the_free_game() -> None:
    assert slot_of(None, "sudoku") == "main"
    assert slot_of("daily:2026-11-23", "latin") == "daily:2026-11-23:latin"


def res(day: date, kind: str = "sudoku", reveals: int = 0, late: int = 0,
        hints: int = 0, elapsed: float = 761.0, level: str = "hard") -> DailyResult:
    finished = noon(day) + late * 86400
    return DailyResult(day, kind, "9x9", level, f"{kind}:9x9:{level}#daily-v1-{day}", elapsed,
                       hints, reveals, False, bool(reveals or hints), finished)


def test_streaks_count_clean_sudokus_solved_on_their_day() -> None:
    days = [date(2026, 12, 30), date(2026, 12, 31), date(2027, 1, 1)]
    results = [res(d) for d in days]
    assert streak_of(results, date(2027, 1, 1)) == (3, 3)
    assert streak_of(results, date(2027, 1, 2)) == (3, 3)  # today not solved yet
    assert streak_of(results, date(2027, 1, 3)) == (0, 3)  # a missed day
    with_reveal = [*results[:2], res(date(2027, 1, 1), reveals=1)]
    assert streak_of(with_reveal, date(2027, 1, 1)) == (0, 2)
    with_hint = [*results[:2], res(date(2027, 1, 1), hints=2)]
    assert streak_of(with_hint, date(2027, 1, 1)) == (3, 3)  # hints do not break it
    from_archive = [*results[:2], res(date(2027, 1, 1), late=1)]
    assert streak_of(from_archive, date(2027, 1, 2)) == (0, 2)
    other_kind = [*results[:2], res(date(2027, 1, 1), kind="latin")]
    assert streak_of(other_kind, date(2027, 1, 1)) == (2, 2)  # today still open


def test_the_share_line_spoils_nothing() -> None:
    line = share_line(res(date(2026, 11, 22), elapsed=761.0), 5)
    assert line == "puzzleterm daily 2026-11-22 · Sudoku hard 12:41 · no hints · streak 5"
    helped = share_line(res(date(2026, 11, 22), hints=1, reveals=2), 0)
    assert "1 hint, 2 reveals" in helped
    latin = share_line(res(date(2026, 11, 22), kind="latin", level="medium"), 5)
    assert latin.endswith("Latin square medium 12:41 · no hints")
    assert "." not in latin.split("·")[1] and "#" not in latin  # no givens, no seed


def test_stats_per_kind_and_level(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    base = SavedGame(kind="sudoku", params="9x9", game_id="sudoku:9x9:x", level="easy")
    for elapsed, assisted in ((100.0, False), (300.0, False), (50.0, True)):
        store.finish_current(replace(base, elapsed=elapsed, assisted=assisted))
    store.finish_current(replace(base, kind="latin", params="6x6", level="medium", elapsed=80.0))
    stats = stats_for(store, DAY)
    [sudoku, latin] = stats.rows
    assert (sudoku.kind, sudoku.level, sudoku.played, sudoku.solved) == ("sudoku", "easy", 3, 2)
    assert sudoku.best == 100.0 and sudoku.median == 200.0
    assert (latin.kind, latin.played, latin.best) == ("latin", 1, 80.0)
    text = stats_text(stats)
    assert "Sudoku 9x9 easy" in text and "01:40" in text and "03:20" in text


def test_stats_name_the_count_of_unaided_solves(tmp_path: Path) -> None:
    """A game solved with one hint showed "played 1, solved 0" right after its dialog said
    "Solved!": the column counts (and times) unassisted solves, and says so."""
    store = SqliteStore.open(tmp_path)
    base = SavedGame(kind="sudoku", params="9x9", game_id="sudoku:9x9:x", level="easy")
    store.finish_current(replace(base, elapsed=120.0, assisted=True, hints_used=1))
    text = stats_text(stats_for(store, DAY))
    header = next(ln for ln in text.splitlines() if ln.startswith("puzzle"))
    row = next(ln for ln in text.splitlines() if ln.startswith("Sudoku 9x9 easy"))
    assert header.split() == ["puzzle", "played", "unaided", "best", "median"]
    assert row.split()[3:] == ["1", "0", "—", "—"]
