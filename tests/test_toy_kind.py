"""A kind that is not Sudoku-like plays through every shared layer: the generic game screen
(Pilot), the session (undo/redo, hint, reveal), the store (save, kill, restore), the CLI and
game IDs.  No shared module names it: it is registered here, from the tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzleterm.app import PuzzleApp
from puzzleterm.engine import MoveError, Status, find_kind
from puzzleterm.engine.gameid import generate_seeded, load_game_id
from puzzleterm.play import Session
from puzzleterm.screens.home import HomeScreen
from puzzleterm.store import SqliteStore

from . import toykind
from .conftest import REPO, FakeClock

GAME = "lamps:n7:0110011"


@pytest.fixture(autouse=True)
def lamps() -> Iterator[None]:
    toykind.install()
    yield
    toykind.uninstall()


def test_shared_modules_never_name_the_toy_kind() -> None:
    for path in (REPO / "puzzleterm").rglob("*.py"):
        assert "lamps" not in path.read_text().lower(), path


def test_game_ids_round_trip() -> None:
    kind = find_kind("lights")
    puzzle = generate_seeded(kind, kind.parse_params("n7"), "s1")
    assert puzzle.seed_id == "lamps:n7:any#s1"
    assert load_game_id(puzzle.seed_id).state == puzzle.state
    assert load_game_id(puzzle.game_id).state == puzzle.state
    assert load_game_id(GAME).state.start == (False, True, True, False, False, True, True)


def test_session_undo_redo_hint_reveal() -> None:
    s = Session(load_game_id(GAME))
    assert s.solution is not None and s.status is Status.PLAYING
    s.play("flip 1")
    assert s.undo() and s.state == s.initial and s.redo()
    step = s.hint()
    assert step is not None and step.move.startswith("flip ")
    s.apply_hint(step.move)
    assert s.assisted and s.moves[-1] == "hint:" + step.move
    with pytest.raises(MoveError):
        s.play("r1c1=4")
    s.reveal()
    assert s.finished and s.reveals == 1


def test_save_kill_restore(tmp_path: Path) -> None:
    code = (
        "import os, signal, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from tests import toykind\n"
        "toykind.install()\n"
        "from puzzleterm.engine.gameid import load_game_id\n"
        "from puzzleterm.play import Session\n"
        "from puzzleterm.store import SqliteStore\n"
        "store = SqliteStore.open()\n"
        f"s = Session(load_game_id({GAME!r}))\n"
        "for move in ('flip 1', 'flip 4', 'flip 4', 'flip 2'):\n"
        "    s.play(move)\n"
        "    store.save_current(s.to_saved())\n"
        "s.undo()\n"
        "store.save_current(s.to_saved())\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    env = {**os.environ, "PUZZLETERM_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-c", code, str(REPO)], env=env, check=False)
    assert proc.returncode == -signal.SIGKILL
    saved = SqliteStore.open(tmp_path).load_current()
    assert saved is not None and saved.kind == "lamps"
    s = Session.restore(saved)
    assert s.moves == ("flip 1", "flip 4", "flip 4", "flip 2") and s.pos == 3
    assert s.state.flips == (True, False, False, False, False, False, False)


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    code = ("import sys\nsys.path.insert(0, sys.argv[1])\nfrom tests import toykind\n"
            "toykind.install()\nfrom puzzleterm.cli import main\nsys.exit(main(sys.argv[2:]))\n")
    return subprocess.run([sys.executable, "-c", code, str(REPO), *args], input=stdin,
                          capture_output=True, text=True, check=False)


def test_cli_solve_grade_generate() -> None:
    solved = cli("solve", "lamps", stdin="0110011\n")
    assert solved.returncode == 0 and solved.stdout == "1111111\n"
    assert cli("solve", "lamps", "--count", stdin="0110011\n").stdout == "unique\n"
    graded = cli("grade", "lamps", "--format", "tsv", stdin="0110011\n")
    assert graded.returncode == 0 and graded.stdout.split("\t")[2] == "Flip\n"
    explained = cli("solve", "lamps", "--explain", stdin="0110011\n")
    assert "Lamp" in explained.stdout
    made = cli("generate", "lamps", "--lamps", "4", "--seed", "x", "--format", "id")
    assert made.returncode == 0 and made.stdout.startswith("lamps:n4:")
    assert load_game_id(made.stdout.strip()).state.start
    bad = cli("generate", "sudoku", "--lamps", "4")
    assert bad.returncode == 2 and "--lamps is not an option of sudoku" in bad.stderr
    assert cli("solve", "lamps", stdin="0120011\n").returncode == 2


async def test_the_generic_game_screen_plays_it(tmp_path: Path) -> None:
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), game_id=GAME, seeds=lambda: "t")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen: Any = app.screen
        assert isinstance(screen, toykind.LampsScreen) and screen.session is not None
        await pilot.press("space", "right", "space", "u")
        assert screen.session.moves == ("flip 1", "flip 2") and screen.session.pos == 1
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.game.hint_stage == 1
        await pilot.press("t", "t")
        assert screen.session.moves[-1].startswith("hint:flip")
        await pilot.press("question_mark")
        assert ("space", "flip it") in app.screen.keys[0][1]  # type: ignore[attr-defined]
        await pilot.press("escape", "V", "enter")
        await pilot.pause()
        assert screen.session.finished
    home = PuzzleApp(home=tmp_path, clock=FakeClock())
    async with home.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(home.screen, HomeScreen)
        menu = home.screen.query_one("#menu")
        assert "kind:lamps" in [o.id for o in menu.options]  # type: ignore[attr-defined]
