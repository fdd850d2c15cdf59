"""The mid end without any UI: every board input through :class:`Play`, the clock and its
holds, the idle pause, check as an assist, hint staging, autosave and the result."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from puzzleterm.daily_play import deal_entry, entry_for, record_daily
from puzzleterm.engine import MoveError, find_kind
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.play import (
    IDLE_PAUSE,
    Dealer,
    DealRequest,
    Hold,
    Play,
    Ports,
    Refused,
    SavedGame,
    Session,
    Stage,
)
from puzzleterm.store import SqliteStore

from .conftest import EASY9, LATIN5, NEARLY9, SOL9, FakeClock

SHAPES = "○□△×☆"


class Saves:
    """An autosave port that keeps what it was given."""

    def __init__(self) -> None:
        self.saved: list[SavedGame] = []

    def __call__(self, saved: SavedGame, /) -> None:
        self.saved.append(saved)

    @property
    def last(self) -> SavedGame:
        return self.saved[-1]


def new(game_id: str = EASY9, clock: FakeClock | None = None,
        saves: Saves | None = None) -> Play:
    ports = Ports(clock=clock or FakeClock(), autosave=saves or Saves())
    return Play(Session(load_game_id(game_id)), ports)


def finish_nearly9(play: Play) -> None:
    """The three moves left of NEARLY9 (r1c1, r5c5, r9c9)."""
    for cell in (0, 40, 80):
        play.play(f"r{cell // 9 + 1}c{cell % 9 + 1}={SOL9[cell]}")


# -- focus: a game out of sight takes no input and its clock stops ----------------------------

def test_focus_out_refuses_moves_and_stops_the_clock() -> None:
    clock = FakeClock()
    play = new(NEARLY9, clock)
    clock.advance(3)
    play.hold(Hold.AWAY)  # the terminal sent its focus-out report
    assert not play.running and play.away and play.board_hidden
    clock.advance(15)
    for move in ("r1c1=4", "r5c5=6", "r9c9=2"):
        with pytest.raises(Refused, match="out of focus"):
            play.play(move)
    for refused in (play.undo, play.redo, play.restart, play.reveal, play.toggle_check,
                    play.press_hint):
        with pytest.raises(Refused):
            refused()
    assert play.session.moves == () and not play.finished
    assert play.elapsed == 3 and play.take_result() is None
    play.hold(Hold.AWAY, False)  # focus is back: the game goes on
    clock.advance(2)
    finish_nearly9(play)
    result = play.take_result()
    assert result is not None and result.elapsed == 5 and result.unaided


def test_p_also_brings_back_a_game_paused_by_focus_out() -> None:
    clock = FakeClock()
    play = new(clock=clock)
    play.hold(Hold.AWAY)
    play.toggle_pause()
    assert play.running and not play.away
    assert play.play("r1c1=4")


@pytest.mark.parametrize("hold", list(Hold))
def test_every_hold_stops_the_clock_and_refuses_input(hold: Hold) -> None:
    clock = FakeClock()
    play = new(clock=clock)
    clock.advance(7)
    play.hold(hold)
    clock.advance(100)
    with pytest.raises(Refused):
        play.play("r1c1=4")
    assert isinstance(Refused("x"), MoveError)  # a move error like any other to the UI
    play.hold(hold, False)
    clock.advance(1)
    assert play.elapsed == 8 and play.play("r1c1=4")


def test_holds_add_up_and_the_board_hides_only_while_paused_or_away() -> None:
    play = new()
    play.hold(Hold.DIALOG)
    play.hold(Hold.TOO_SMALL)
    assert not play.board_hidden
    play.hold(Hold.DIALOG, False)
    assert not play.running  # still too small
    play.hold(Hold.TOO_SMALL, False)
    assert play.running
    play.toggle_pause()
    assert play.paused and play.board_hidden


def test_a_solved_game_refuses_input_and_its_clock_stops() -> None:
    clock = FakeClock()
    play = new(NEARLY9, clock)
    clock.advance(10)
    finish_nearly9(play)
    clock.advance(100)
    assert play.finished and play.elapsed == 10 and not play.running
    with pytest.raises(Refused, match="solved"):
        play.undo()
    play.toggle_pause()  # nothing to pause
    assert not play.paused


# -- the idle pause ---------------------------------------------------------------------------

def test_the_idle_pause_sets_the_clock_back_to_the_last_key() -> None:
    clock = FakeClock()
    saves = Saves()
    play = new(clock=clock, saves=saves)
    clock.advance(40)
    play.note_input()
    play.play("r1c1=4")
    clock.advance(IDLE_PAUSE - 1)
    assert not play.tick() and play.running
    clock.advance(1)
    assert play.tick()  # the idle minutes are up: paused
    assert play.paused and play.auto_paused and play.board_hidden
    assert play.elapsed == 40  # not 40 + 300: idle minutes are not play time
    assert saves.last.paused and saves.last.elapsed == 40
    clock.advance(1000)
    assert play.elapsed == 40
    play.toggle_pause()
    clock.advance(5)
    assert play.elapsed == 45 and not play.auto_paused


def test_time_away_is_not_idle_time() -> None:
    clock = FakeClock()
    play = new(clock=clock)
    play.hold(Hold.DIALOG)
    clock.advance(IDLE_PAUSE * 2)
    play.hold(Hold.DIALOG, False)  # back at the board: the idle time counts from now
    clock.advance(IDLE_PAUSE - 10)
    assert not play.tick() and play.running


def test_the_clock_is_saved_every_few_seconds_of_play() -> None:
    clock = FakeClock()
    saves = Saves()
    play = new(clock=clock, saves=saves)
    for _ in range(10):
        clock.advance(1)
        play.note_input()
        play.tick()
    assert len(saves.saved) == 1 and saves.last.elapsed == 10


# -- check is an assist -------------------------------------------------------------------------

def test_check_on_then_off_before_the_last_digit_counts_one_check() -> None:
    play = new(NEARLY9)
    play.play("r1c1=4")
    assert play.toggle_check() and play.checking
    assert not play.toggle_check() and not play.checking  # off before the last digits
    play.play("r5c5=6")
    play.play("r9c9=2")
    result = play.take_result()
    assert result is not None and play.take_result() is None  # once
    assert result.checks == 1 and result.assisted and not result.unaided
    assert result.hints == 0 and result.reveals == 0


def test_a_result_unaided_only_without_any_assist() -> None:
    play = new(NEARLY9)
    finish_nearly9(play)
    result = play.result()
    assert result.unaided and not result.assisted and result.checks == 0


def test_a_daily_played_with_a_check_is_not_ranked(tmp_path: Path) -> None:
    day = date(2026, 11, 25)
    entry = entry_for(day, "latin")
    assert entry is not None
    store = SqliteStore.open(tmp_path, "key-SHA256:checker")
    puzzle = deal_entry(entry, store)
    play = Play(Session(puzzle, context=entry.context), Ports(clock=FakeClock()))
    kind = find_kind("latin")
    play.toggle_check()
    play.toggle_check()  # on, then off again before the last digit
    for part in kind.reveal(play.state, play.session.solution, None).split(";"):
        play.play(part)
    assert play.finished
    saved = replace(play.to_saved(), elapsed=30.0)
    noon = datetime(day.year, day.month, day.day, 12).timestamp()
    done = record_daily(saved, entry.slot, store, day, now=noon)
    assert done.result is not None and done.result.checked and done.result.assisted
    board = store.leaderboard(day, "latin")
    assert board.total == 0 and board.place is None and board.top == ()
    assert "not ranked" in (done.streak_text or "") and "checked" in (done.share or "")


def test_a_save_counts_the_checks_and_restores_them() -> None:
    saves = Saves()
    play = new(saves=saves)
    play.toggle_check()
    assert saves.last.checks == 1 and saves.last.checking and saves.last.assisted
    back = Play.restore(saves.last, Ports(clock=FakeClock()))
    assert back.checking and back.session.checks == 1 and not back.result().unaided


# -- hint staging -------------------------------------------------------------------------------

def run(play: Play, job: Any) -> None:
    """Work a hint job out here (a worker's job in the app) and hand it back."""
    news = play.hint_done(job, job.run())
    assert news.job is None and news.problem is None and not news.none_found


def test_hint_staging_nudge_then_shown_then_applied() -> None:
    saves = Saves()
    play = new(saves=saves)
    news = play.press_hint()
    assert news.job is not None and play.hint_waiting and play.hint_stage is Stage.NONE
    assert play.press_hint().job is None  # thinking: a second press waits for the same
    run(play, news.job)
    step = play.hint_step
    assert step is not None and play.hint_stage is Stage.NUDGE and play.shown_step is None
    assert play.session.hints_used == 1 and saves.last.hints_used == 1
    assert play.press_hint().job is None
    assert play.hint_stage is Stage.SHOWN and play.shown_step is step
    assert play.session.hints_used == 1  # one hint, however many presses
    before = play.state
    assert play.press_hint() == type(news)()
    assert play.state != before and play.session.moves == (f"hint:{step.move}",)
    assert play.session.hints_applied == 1 and play.session.assisted
    assert play.hint_step is None and play.hint_stage is Stage.NONE  # a new position


def test_a_move_made_while_the_hint_is_worked_out_drops_it() -> None:
    play = new()
    job = play.press_hint().job
    assert job is not None
    play.play("r1c1=4")
    assert not play.hint_waiting
    news = play.hint_done(job, job.run())
    assert news.job is None and play.hint_step is None and play.session.hints_used == 0
    # asked again while a stale job runs: the new position gets a job of its own
    stale = play.press_hint().job
    assert stale is not None
    play.play("r1c2=8")
    assert play.press_hint().job is None  # waits for the stale job to end
    again = play.hint_done(stale, stale.run()).job
    assert again is not None and again.state is play.state
    run(play, again)
    assert play.hint_stage is Stage.NUDGE and play.session.hints_used == 1


def test_a_shown_hint_is_restaged_in_a_new_notation_without_a_new_count() -> None:
    play = new(LATIN5)
    run(play, play.press_hint().job)
    play.press_hint()
    step = play.hint_step
    assert step is not None and play.hint_stage is Stage.SHOWN
    assert not any(s in step.explanation for s in SHAPES)
    news = play.set_notation(SHAPES)
    assert news.job is not None and news.job.notation == SHAPES
    assert play.hint_step is None and play.hint_waiting
    run(play, news.job)
    again = play.hint_step
    assert again is not None and play.hint_stage is Stage.SHOWN  # the same stage
    assert any(s in again.explanation for s in SHAPES)
    assert play.session.hints_used == 1  # not counted again
    assert play.set_notation(SHAPES).job is None  # the same notation: nothing to do
    # a nudge is restaged as a nudge, and a notation change during the work restarts it
    other = new(LATIN5)
    first = other.press_hint().job
    assert first is not None
    other.set_notation(SHAPES)
    restarted = other.hint_done(first, first.run()).job
    assert restarted is not None and restarted.notation == SHAPES
    run(other, restarted)
    assert other.hint_stage is Stage.NUDGE and other.session.hints_used == 1


def test_no_step_and_a_failing_hint_are_told() -> None:
    play = new(NEARLY9)
    job = play.press_hint().job
    assert job is not None
    assert play.hint_done(job, None).none_found
    job = play.press_hint().job
    assert job is not None
    news = play.hint_done(job, error=RuntimeError("boom"))
    assert news.problem == "No hint: RuntimeError: boom" and not play.hint_waiting


# -- saves and dealing -------------------------------------------------------------------------

def test_every_change_is_saved_and_a_finished_game_is_not() -> None:
    saves = Saves()
    play = new(NEARLY9, saves=saves)
    play.play("r1c1=4")
    assert saves.last.moves == ("r1c1=4",)
    play.undo()
    assert saves.last.pos == 0
    count = len(saves.saved)
    play.redo()
    play.play("r5c5=6")
    play.play("r9c9=2")
    assert play.finished and len(saves.saved) == count + 2  # the solve itself is recorded


def test_a_game_saved_paused_comes_back_paused_with_its_clock_stopped() -> None:
    clock = FakeClock()
    saves = Saves()
    play = new(clock=clock, saves=saves)
    play.play("r1c1=4")
    clock.advance(30)
    play.toggle_pause()
    saved = saves.last
    assert saved.paused and saved.elapsed == 30
    back = Play.restore(saved, Ports(clock=clock))
    clock.advance(500)
    assert back.paused and not back.running and back.elapsed == 30
    with pytest.raises(Refused, match="paused"):
        back.play("r1c2=8")
    back.toggle_pause()
    clock.advance(5)
    assert back.elapsed == 35
    data = saved.to_json()  # a save written before the flag existed comes back running
    del data["paused"]
    assert Play.restore(SavedGame.from_json(data)).running


def test_a_dealt_daily_plays_in_its_context() -> None:
    entry = entry_for(date(2026, 11, 25), "latin")
    assert entry is not None
    calls: list[str] = []

    def daily(e: Any) -> Any:
        calls.append(e.seed_id)
        return deal_entry(e)

    dealt = Dealer(seeds=lambda: "unused", daily=daily).deal(DealRequest(daily=entry))
    play = Play.dealt(dealt)
    assert calls == [entry.seed_id] and play.session.context == entry.context
    assert play.session.solution is not None and play.running
    with pytest.raises(ValueError):
        DealRequest()
