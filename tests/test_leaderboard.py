"""The daily leaderboard: ranking (both back ends), names, the completion line, the screen
and the command line."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from puzzleterm.app import PuzzleApp
from puzzleterm.cli import main
from puzzleterm.daily_play import record_daily
from puzzleterm.play import SavedGame
from puzzleterm.screens.daily import StatsScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.screens.leaderboard import LeaderboardScreen
from puzzleterm.store import DailyResult, NameError_, SqliteStore, Store, display_name
from tests import pgserver
from tests.conftest import FakeClock, screen_text
from tests.pgserver import StoreFactory
from tests.test_daily_play import DAY, latin_entry, noon, solved_save
from tests.test_ui_play import ready

stores = pgserver.stores  # the fixture: the ranking tests run on SQLite and on PostgreSQL

GAME = SavedGame(kind="sudoku", params="9x9", game_id="sudoku:9x9:x", level="easy")
ANN, BOB, CY, DEE = (f"key-SHA256:{n}0123456789abcdef" for n in ("Ann", "Bob", "Cy", "Dee"))


def result(elapsed: float, day: date = DAY, kind: str = "sudoku", *, hints: int = 0,
           reveals: int = 0, assisted: bool = False, finished: float = 1.0) -> DailyResult:
    return DailyResult(day, kind, "9x9", "easy", f"{kind}:9x9:easy#daily-v1-{day}", elapsed,
                       hints, reveals, False, assisted, finished)


def finish(store: Store, res: DailyResult) -> bool:
    return store.finish_current(GAME, result=res)


def test_the_board_ranks_unassisted_times_and_skips_guests(stores: StoreFactory) -> None:
    finish(stores(ANN), result(300.0))
    finish(stores(BOB), result(200.0, finished=5.0))
    finish(stores(CY), result(200.0, finished=2.0))  # the same time, finished earlier: ahead
    finish(stores(DEE), result(100.0, hints=1))  # hints, reveals, assistance: not ranked
    finish(stores("key-SHA256:Eve"), result(90.0, reveals=2))
    finish(stores("key-SHA256:Fay"), result(80.0, assisted=True))
    finish(stores("guest-0123abcd"), result(50.0))  # guests: not ranked
    finish(stores(ANN), result(10.0, kind="latin"))  # another kind, another board
    finish(stores(BOB), result(10.0, day=date(2026, 11, 22)))  # another day
    ann = stores(ANN)
    ann.set_name("Annie")
    board = ann.leaderboard(DAY, "sudoku")
    assert [(r.place, r.name, r.elapsed) for r in board.top] == [
        (1, "key:Cy012345", 200.0), (2, "key:Bob01234", 200.0), (3, "Annie", 300.0)]
    assert (board.total, board.place) == (3, 3)
    assert stores(CY).leaderboard(DAY, "sudoku").place == 1
    assert stores(DEE).leaderboard(DAY, "sudoku").place is None
    assert stores("guest-0123abcd").leaderboard(DAY, "sudoku").place is None
    top2 = stores(ANN).leaderboard(DAY, "sudoku", limit=2)
    assert len(top2.top) == 2 and top2.total == 3 and top2.place == 3
    assert ann.leaderboard(DAY, "latin").total == 1


def test_names_are_checked_and_unique_regardless_of_case(stores: StoreFactory) -> None:
    ann, bob = stores(ANN), stores(BOB)
    assert ann.name() is None
    ann.set_name("Annie")
    ann.set_name("Anne")  # a player may change their name
    assert ann.name() == "Anne"
    with pytest.raises(NameError_, match="taken"):
        bob.set_name("ANNE")
    for bad in ("x", "1abc", "a b", "far-too-long-a-name", "key-abc", "Guest7"):
        with pytest.raises(NameError_):
            bob.set_name(bad)
    assert bob.name() is None
    bob.set_name("Annie")  # freed by Ann's change
    assert display_name(BOB, None) == "key:Bob01234"


def test_the_completion_line_gives_the_place_of_the_day(tmp_path: Path) -> None:
    entry = latin_entry()
    for i, player in enumerate((ANN, BOB)):
        other = SqliteStore.open(tmp_path, player)
        done = record_daily(replace(solved_save(entry, other), elapsed=100.0 + 500 * i),
                            entry.slot, other, DAY, now=noon(DAY))
        assert done.streak_text == f"You are {i + 1}{'st' if i == 0 else 'nd'} of {i + 1} today."
    me = SqliteStore.open(tmp_path, CY)
    done = record_daily(solved_save(entry, me), entry.slot, me, DAY, now=noon(DAY))  # 754 s
    assert done.board is not None and done.streak_text == "You are 3rd of 3 today."
    helped = SqliteStore.open(tmp_path, DEE)
    done = record_daily(solved_save(entry, helped, hints=2), entry.slot, helped, DAY,
                        now=noon(DAY))
    assert done.streak_text == ("Solves with hints, reveals or checks are not ranked "
                                 "(3 ranked today).")
    guest = SqliteStore.open(tmp_path, "guest-42")
    done = record_daily(solved_save(entry, guest), entry.slot, guest, DAY, now=noon(DAY))
    assert done.board is None and "Guests are not ranked" in (done.streak_text or "")
    late_store = SqliteStore.open(tmp_path, "key-SHA256:Late")
    late = record_daily(solved_save(entry, late_store), entry.slot, late_store, date(2026, 11, 25),
                        now=noon(date(2026, 11, 25)))
    # solved from the archive: recorded, not ranked on its day's board
    assert late.streak_text == "Archive solves are recorded, not ranked (3 ranked on 2026-11-23)."


def test_the_command_line_board_and_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PUZZLETERM_HOME", str(tmp_path))
    monkeypatch.delenv("PUZZLETERM_STORE", raising=False)
    for player, elapsed in ((ANN, 95.0), (BOB, 61.0)):
        finish(SqliteStore.open(tmp_path, player), result(elapsed, day=date(2026, 11, 20),
                                                    kind="latin"))
    monkeypatch.setenv("PUZZLETERM_PLAYER", ANN)
    assert main(["name", "Annie"]) == 0
    assert "You are Annie" in capsys.readouterr().out
    assert main(["stats", "--leaderboard", "--date", "2026-11-20", "--kind", "latin"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Leaderboard 2026-11-20 · Latin square · 2 ranked"
    assert out[1].split() == ["1.", "key:Bob01234", "01:01"]
    assert out[2].split() == ["2.", "Annie", "01:35", "←", "you"]
    monkeypatch.setenv("PUZZLETERM_PLAYER", BOB)
    assert main(["name", "annie"]) == 2
    assert "taken" in capsys.readouterr().err
    assert main(["stats", "--leaderboard", "--date", "2030-01-01"]) == 2  # the future
    assert main(["stats", "--kind", "latin"]) == 2  # --kind goes with --leaderboard
    assert main(["stats", "--leaderboard", "--store", "mysql://x"]) == 2
    assert "unknown store" in capsys.readouterr().err


async def test_the_leaderboard_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PUZZLETERM_PLAYER", ANN)
    finish(SqliteStore.open(tmp_path, BOB), result(61.0, kind="sudoku"))
    finish(SqliteStore.open(tmp_path, ANN), result(95.0, kind="sudoku"))
    finish(SqliteStore.open(tmp_path, BOB), result(30.0, kind="latin"))
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), today=lambda: DAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
        text = screen_text(app)
        assert "Leaderboard · Mon 23 Nov 2026 · Sudoku" in text and "2 ranked" in text
        assert "key:Bob01234" in text and "key:Ann01234" in text and "← you" in text
        await pilot.press("n")
        await pilot.press(*"Annie", "enter")
        await pilot.pause()
        assert "Annie" in screen_text(app) and app.store.name() == "Annie"
        await pilot.press("k")  # the next kind of the day's set
        await pilot.pause()
        assert app.screen.kind != "sudoku"  # type: ignore[attr-defined]
        while app.screen.kind != "latin":  # type: ignore[attr-defined]
            await pilot.press("k")
        assert "1 ranked" in screen_text(app) and "00:30" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert "Sun 22 Nov 2026" in screen_text(app) and "No unassisted solves" in \
            screen_text(app)
        await pilot.press("right", "right")  # never past today
        assert app.screen.day == DAY  # type: ignore[attr-defined]
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LeaderboardScreen)
