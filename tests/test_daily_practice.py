"""A daily already solved, replayed for practice: the mid end never saves it nor records it
(no Textual here)."""

from __future__ import annotations

from datetime import date

import pytest

from puzzleterm.daily_play import daily_result, deal_entry, entry_for, record_daily, slot_of
from puzzleterm.engine import find_kind
from puzzleterm.play import Dealer, DealRequest, Play, Ports, SavedGame, is_practice
from puzzleterm.store import SqliteStore

from .conftest import FakeClock

DAY = date(2026, 11, 23)


def play_daily(practice: bool, saves: list[SavedGame], clock: FakeClock) -> Play:
    entry = entry_for(DAY, "latin")
    assert entry is not None
    dealer = Dealer(daily=deal_entry)
    request = DealRequest(daily=entry, practice=practice)
    game = Play.dealt(dealer.deal(request), Ports(clock=clock, autosave=saves.append))
    kind = find_kind("latin")
    game.save()  # the clock alone
    clock.advance(30)
    game.play(kind.reveal(game.state, game.session.solution, None))
    return game


def test_a_practice_replay_is_never_saved_nor_recorded() -> None:
    saves: list[SavedGame] = []
    game = play_daily(True, saves, FakeClock())
    assert game.practice and game.finished
    assert saves == []  # moves and the clock: nothing kept
    result = game.take_result()
    assert result is not None and result.practice and not result.recorded
    assert is_practice(result.context) and result.context == "practice:daily:2026-11-23"
    assert slot_of(result.context, "latin") != "daily:2026-11-23:latin"


def test_the_daily_itself_is_saved_and_recorded(tmp_path: object) -> None:
    saves: list[SavedGame] = []
    game = play_daily(False, saves, FakeClock())
    assert not game.practice and saves
    result = game.take_result()
    assert result is not None and result.recorded and not result.practice
    store = SqliteStore.open(tmp_path)  # type: ignore[arg-type]
    done = record_daily(game.to_saved(), slot_of(result.context, "latin"), store, DAY)
    entry = entry_for(DAY, "latin")
    assert entry is not None and done.result is not None
    assert daily_result(store, entry) == done.result
    store.close()


def test_only_a_daily_is_replayed_for_practice() -> None:
    with pytest.raises(ValueError, match="practice"):
        DealRequest(game_id="latin:5x5:x", practice=True)
