"""The real ``puzzleterm`` command in a real terminal (tmux, 80x24): start a 9x9 game, place a
digit, read the screen, quit, and find the move saved.  Skipped when tmux is absent."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


def puzzleterm_command() -> list[str]:
    exe = Path(sys.executable).parent / "puzzleterm"
    if exe.exists():
        return [str(exe)]
    return [sys.executable, "-m", "puzzleterm"]


class Tmux:
    def __init__(self, home: Path) -> None:
        assert TMUX is not None
        self.socket = f"puzzleterm-test-{uuid.uuid4().hex[:8]}"
        env = {k: v for k, v in os.environ.items()
               if k not in ("COLUMNS", "LINES", "NO_COLOR", "TMUX", "TEXTUAL")}
        env["PUZZLETERM_HOME"] = str(home)
        env["TERM"] = "xterm-256color"
        self.env = env

    def run(self, *args: str) -> str:
        assert TMUX is not None
        proc = subprocess.run([TMUX, "-L", self.socket, "-f", "/dev/null", *args],
                              env=self.env, capture_output=True, text=True, timeout=10)
        return proc.stdout

    def start(self, command: list[str]) -> None:
        self.run("new-session", "-d", "-s", "pt", "-x", "80", "-y", "24",
                 " ".join(_quote(c) for c in command))
        self.run("set-option", "-t", "pt", "remain-on-exit", "on")

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "pt")

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "pt", *keys)

    def wait_for(self, check: Callable[[str], bool], timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            if check(text):
                return text
            time.sleep(0.05)
        raise AssertionError(f"timed out; the screen shows:\n{text}")

    def pane_dead(self) -> bool:
        return self.run("display-message", "-p", "-t", "pt", "#{pane_dead}").strip() == "1"

    def kill(self) -> None:
        self.run("kill-server")


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    t = Tmux(tmp_path / "home")
    try:
        yield t
    finally:
        t.kill()


def test_play_a_9x9_game_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    tmux.start(puzzleterm_command())
    home = tmux.wait_for(lambda s: "Latin square" in s and "Daily ·" in s)
    assert "Sudoku" in home and "9x9" in home
    tmux.keys("Enter")  # Sudoku
    tmux.wait_for(lambda s: "New Sudoku" in s)
    tmux.keys("Enter")  # size 9x9, on to the level list
    time.sleep(0.2)
    tmux.keys("Enter")  # the first level: start
    board = tmux.wait_for(lambda s: "Sudoku 9x9" in s and "┏" in s and "Filled" in s)
    filled = _filled(board)
    tmux.keys("5")
    after = tmux.wait_for(lambda s: "moves 1" in s)
    assert _filled(after) == filled + 1
    sys.stdout.write("\n" + after + "\n")  # shown with pytest -s
    tmux.keys("q")
    tmux.wait_for(lambda s: "Quit puzzleterm?" in s)
    tmux.keys("y")
    deadline = time.monotonic() + 10
    while not tmux.pane_dead() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert tmux.pane_dead()
    with sqlite3.connect(tmp_path / "home" / "puzzleterm.sqlite3") as conn:
        data = json.loads(conn.execute("SELECT data FROM games WHERE slot = 'free:sudoku:9x9'")
                          .fetchone()[0])
    assert data["kind"] == "sudoku" and data["params"] == "9x9"
    assert len(data["moves"]) == 1 and data["moves"][0].endswith("=5")


def _filled(screen: str) -> int:
    for line in screen.splitlines():
        if "Filled" in line:
            return int(line.split("Filled", 1)[1].split("/", 1)[0])
    raise AssertionError(f"no 'Filled' count on the screen:\n{screen}")


def test_keys_typed_in_one_burst_act_in_order(tmux: Tmux) -> None:
    from .conftest import EASY9

    tmux.start([*puzzleterm_command(), "play", EASY9])
    board = tmux.wait_for(lambda s: "Sudoku 9x9" in s and "Filled" in s)
    filled = _filled(board)
    tmux.keys("m5")  # one write to the terminal: the app reads both keys at once
    after = tmux.wait_for(lambda s: "moves 1" in s)
    assert "PENCIL" in after and "Marks 5" in after and _filled(after) == filled


def _panel(screen: str) -> str:
    """The side panel of a game's screen (right of the board), as one line of words."""
    return " ".join(" ".join(line[56:].split()) for line in screen.splitlines())


def _quit(t: Tmux) -> None:
    t.keys("q")
    t.wait_for(lambda s: "Quit puzzleterm?" in s, timeout=30)
    t.keys("y")
    deadline = time.monotonic() + 20
    while not t.pane_dead() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert t.pane_dead()


def test_two_apps_on_one_store_lose_no_move_and_say_so(tmux: Tmux, tmp_path: Path) -> None:
    """App A starts a game, app B continues it: B is told the game was open in A and goes
    on; A is told at its next move that the game goes on elsewhere, and that move is kept
    aside instead of overwriting B's."""
    other = Tmux(tmp_path / "home")
    try:
        tmux.start(puzzleterm_command())
        tmux.wait_for(lambda s: "Latin square" in s and "Daily ·" in s, timeout=30)
        tmux.keys("Enter")  # Sudoku
        tmux.wait_for(lambda s: "New Sudoku" in s, timeout=30)
        tmux.keys("Enter")
        time.sleep(0.2)
        tmux.keys("Enter")
        tmux.wait_for(lambda s: "Sudoku 9x9" in s and "Filled" in s, timeout=30)
        tmux.keys("5")
        tmux.wait_for(lambda s: "moves 1" in s)
        other.start(puzzleterm_command())
        other.wait_for(lambda s: "Continue" in s and "Sudoku 9x9" in s, timeout=30)
        other.keys("c")  # B continues A's game...
        told = other.wait_for(lambda s: "moves 1" in s and "another puzzleterm" in _panel(s),
                              timeout=30)
        sys.stdout.write("\n" + told + "\n")
        other.keys("6")  # ...and plays on
        other.wait_for(lambda s: "moves 2" in s)
        tmux.keys("7")  # A's next move: refused, with a notice
        fenced = tmux.wait_for(lambda s: "could not be saved" in _panel(s), timeout=30)
        sys.stdout.write("\n" + fenced + "\n")
        _quit(other)
        _quit(tmux)
    finally:
        other.kill()
    with sqlite3.connect(tmp_path / "home" / "puzzleterm.sqlite3") as conn:
        data = json.loads(conn.execute("SELECT data FROM games WHERE slot = 'free:sudoku:9x9'")
                          .fetchone()[0])
        aside = [json.loads(row[0]) for row in conn.execute("SELECT data FROM set_aside")]
    conn.close()
    assert [m[-1] for m in data["moves"]] == ["5", "6"]  # B's game, whole
    assert any(a["moves"] and a["moves"][-1].endswith("=7") for a in aside)  # A's, kept
