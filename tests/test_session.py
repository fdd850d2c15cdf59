"""The session: history, undo/redo, restart, assists (hints, reveals, checks), save and replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.engine import MoveError, Status
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.sudoku.moves import FillCandidates, Pencil, Place
from puzzleterm.engine.sudoku.state import solution_of
from puzzleterm.play import SavedGame, SaveError, Session

EASY9 = ("sudoku:9x9:..3.2.6..9..3.5..1..18.64....81.29..7......."
         "8..67.82....26.95..8..2.3..9..5.1.3..")
FOUR = "sudoku:4x4:..2...431....3.."  # solution 3421 2143 1234 4312


def new(game_id: str = EASY9) -> Session:
    return Session(load_game_id(game_id))


def test_the_mid_end_imports_no_ui_and_no_storage() -> None:
    import subprocess
    import sys

    code = ("import sys, puzzleterm.play\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich',\n"
            "      'sqlite3', 'asyncssh') or m.startswith(('puzzleterm.store', 'puzzleterm.app',\n"
            "      'puzzleterm.screens', 'puzzleterm.daily_play'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_moves_undo_redo_and_a_new_move_drops_the_redo_list() -> None:
    s = new()
    assert s.play("r1c1=4") and s.play("r1c2=8")
    assert s.moves == ("r1c1=4", "r1c2=8") and s.pos == 2
    assert s.undo() and s.state.values[:2] == (4, 0)
    assert s.redo() and s.state.values[:2] == (4, 8)
    assert s.undo() and s.undo() and not s.undo()
    assert s.state == s.initial
    assert s.play("r1c2=5")
    assert s.moves == ("r1c2=5",) and not s.can_redo


def test_a_typed_move_is_recorded_as_its_text() -> None:
    s = new()
    assert s.play(Place(1, 1, 4)) and s.play(Pencil(1, 2, 8)) and s.play(FillCandidates())
    assert s.moves == ("r1c1=4", "r1c2+8", "auto")
    assert Session.restore(s.to_saved()).state == s.state  # the text replays to the same
    with pytest.raises(MoveError, match="given"):
        s.play(Place(1, 3, 5))
    assert len(s.moves) == 3


def test_no_op_moves_are_not_recorded_and_bad_moves_raise() -> None:
    s = new()
    assert not s.play("r1c1-")  # already empty
    assert s.moves == ()
    with pytest.raises(MoveError, match="given"):
        s.play("r1c3=5")
    with pytest.raises(MoveError):
        s.play("nonsense")
    with pytest.raises(MoveError):
        s.play("restart")  # session forms cannot be smuggled in as moves
    assert s.moves == ()


def test_restart_is_an_undoable_history_entry() -> None:
    s = new()
    s.play("r1c1=4")
    s.play("auto")
    assert s.restart()
    assert s.state == s.initial and s.moves[-1] == "restart"
    assert s.undo()
    assert s.state.values[0] == 4 and any(s.state.marks)


def test_hints_and_reveals_mark_the_game_assisted_for_good() -> None:
    s = new()
    assert not s.assisted
    s.apply_hint("r1c1=4")
    assert s.assisted and s.hints_applied == 1 and s.moves == ("hint:r1c1=4",)
    s.undo()
    assert s.assisted  # seen is seen
    t = new()
    t.reveal("r1c1")
    assert t.assisted and t.reveals == 1 and t.state.values[:2] == (4, 0)
    assert t.moves == ("reveal:r1c1=4",)
    with pytest.raises(MoveError, match="already right"):
        t.reveal("r1c1")
    t.reveal()
    assert t.finished and t.reveals == 2


def test_a_solved_game_takes_no_more_moves() -> None:
    s = new(FOUR)
    sol = s.state.solution
    for cell in range(16):
        if not s.state.values[cell]:
            s.play(f"{s.state.geo.cell_name(cell)}={sol[cell]}")
    assert s.status is Status.SOLVED and s.finished
    with pytest.raises(MoveError, match="solved"):
        s.play("r1c1=0")
    assert not s.can_undo


def test_a_check_is_an_assist_that_turning_it_off_does_not_take_back() -> None:
    s = new()
    assert s.unaided and not s.checking
    assert s.check(True) and s.checking and s.checks == 1
    assert s.assisted and not s.unaided
    assert s.check(False) and not s.checking
    assert s.checks == 1 and s.assisted  # off again: still counted
    assert not s.check(False)  # no change, nothing counted
    s.check(True)
    assert s.checks == 2
    s.play("r1c1=4")
    s.undo()  # undo moves through the moves, not the checks
    assert s.checks == 2 and s.checking


def test_save_and_restore_replays_every_move() -> None:
    s = new()
    for move in ("r1c1=4", "auto", "r1c2+8", "r1c4=9"):
        s.play(move)
    s.apply_hint("r1c2=8")
    s.undo()
    s.note_hint_shown()
    s.check(True)
    s.options["cursor"] = 3
    saved = s.to_saved(elapsed=61.5)
    text = json.dumps(saved.to_json())
    back = SavedGame.from_json(json.loads(text))
    assert back == saved and back.elapsed == 61.5 and back.checks == 1 and back.checking
    r = Session.restore(back)
    assert r.moves == s.moves and r.pos == s.pos and r.state == s.state
    assert r.assisted and r.hints_used == 1 and r.options == {"cursor": 3}
    assert r.checks == 1 and r.checking
    assert r.redo() and r.state.values[1] == 8


@pytest.mark.parametrize("option", ["check", "checked"])
def test_an_older_save_with_check_on_counts_one_check(option: str) -> None:
    s = new()
    s.play("r1c1=4")
    data = s.to_saved().to_json()
    data["version"] = 2
    del data["checks"], data["checking"]
    data["options"] = {option: True, "cursor": 5}
    saved = SavedGame.from_json(data)
    assert saved.checks == 1 and saved.checking and saved.options == {"cursor": 5}
    r = Session.restore(saved)
    assert r.checks == 1 and r.assisted and not r.unaided
    data["options"] = {"check": False}
    off = Session.restore(SavedGame.from_json(data))
    assert off.checks == 0 and not off.checking and off.unaided


def test_restore_keeps_the_seed_name() -> None:
    puzzle = load_game_id("sudoku:4x4:any#keep")
    s = Session(puzzle)
    r = Session.restore(s.to_saved())
    assert r.puzzle.seed_id == "sudoku:4x4:any#keep"
    assert r.game_id == s.game_id


def test_a_move_that_does_not_replay_is_a_save_error() -> None:
    saved = SavedGame(kind="sudoku", params="9x9", game_id=EASY9, moves=("r1c1=4", "r1c3=1"),
                      pos=2)
    with pytest.raises(SaveError, match="move 2"):
        Session.restore(saved)


@pytest.mark.parametrize("data, message", [
    ([], "not a record"),
    ({"kind": "sudoku", "params": "9x9"}, "game_id"),
    ({"kind": "sudoku", "params": "9x9", "game_id": EASY9, "moves": "r1c1=4"}, "wrong type"),
    ({"kind": "sudoku", "params": "9x9", "game_id": EASY9, "moves": [1]}, "not all text"),
    ({"kind": "sudoku", "params": "9x9", "game_id": EASY9, "moves": [], "pos": 3}, "outside"),
    ({"kind": "sudoku", "params": "9x9", "game_id": EASY9, "assisted": "yes"}, "wrong type"),
])
def test_malformed_save_records_are_save_errors(data: object, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        SavedGame.from_json(data)


def test_unknown_puzzles_in_saves_are_save_errors() -> None:
    for game_id in ("sudoku:9x9:123", "nosuch:9x9:....", "garbage"):
        with pytest.raises(SaveError):
            Session.restore(SavedGame(kind="sudoku", params="9x9", game_id=game_id))


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["sudoku", "latin", "nope"]) | _json,
    "params": st.sampled_from(["9x9", "4x4", "5x5"]) | _json,
    "game_id": st.sampled_from([EASY9, FOUR, "sudoku:4x4:bad"]) | _json,
    "moves": st.lists(st.sampled_from(["r1c1=4", "auto", "restart", "hint:r1c2=8", "r9c9=x",
                                       "reveal:r1c1=3"]), max_size=5) | _json,
    "pos": st.integers(-2, 8) | _json,
    "elapsed": st.floats(allow_nan=False, allow_infinity=False) | _json,
    "assisted": _json,
    "options": _json,
    "version": st.sampled_from([1, 2, 3]) | _json,
    "checks": st.integers(-2, 3) | _json,
    "checking": _json,
}))
def test_any_save_record_restores_or_gives_a_save_error(data: dict[str, object]) -> None:
    try:
        saved = SavedGame.from_json(data)
        Session.restore(saved)
    except SaveError:
        pass


def test_one_solution_per_game_handed_to_every_state(monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzleterm.engine.sudoku import solver

    calls: list[int] = []
    real = solver.solve_values

    def counting(*args: Any, **kw: Any) -> Any:
        calls.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(solver, "solve_values", counting)
    solution_of.cache_clear()
    s = new(FOUR)
    for move in ("r1c1=3", "r1c2=4", "r1c1-"):
        s.play(move)
        assert s.state.solution == (3, 4, 2, 1, 2, 1, 4, 3, 1, 2, 3, 4, 4, 3, 1, 2)
    assert s.solution is not None
    assert len(calls) == 1  # once for the game, never again per state
    known = Session(load_game_id(FOUR))
    assert known.state.solution is not None and known.solution is not None
    assert len(calls) == 1
