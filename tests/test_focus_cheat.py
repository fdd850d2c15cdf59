"""The focus-out cheat, end to end: a client sends the terminal's focus-out report
(``ESC [ O``, which the client controls since the app turns focus reporting on), then types
the solution.  The game pauses like ``p`` instead: the board is hidden, every move is
refused and the clock stands still, so no fast result can be made that way.  Over SSH (the
loopback server) and in a real terminal (tmux)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
import time
from pathlib import Path

import asyncssh
import pytest

from puzzleterm.engine.gameid import load_game_id
from puzzleterm.serve.identity import Identity
from puzzleterm.serve.limits import Limits
from puzzleterm.serve.server import GameServer

from .conftest import EASY9, SOL9
from .serve_client import Player, start_server
from .test_serve_ssh import start_9x9
from .test_terminal_tmux import TMUX, Tmux, puzzleterm_command

FOCUS_OUT = "\x1b[O"
FOCUS_IN = "\x1b[I"
TIME = re.compile(r"Time\s+(\d\d):(\d\d)")


def solution_keys(givens: tuple[int, ...], solution: str, cursor: int) -> str:
    """Keys that fill every empty cell of a 9x9 board (hjkl to move, then the digit)."""
    keys = []
    for cell, value in enumerate(givens):
        if value:
            continue
        (r0, c0), (r, c) = divmod(cursor, 9), divmod(cell, 9)
        keys.append(("j" * (r - r0) if r > r0 else "k" * (r0 - r)) +
                    ("l" * (c - c0) if c > c0 else "h" * (c0 - c)) + solution[cell])
        cursor = cell
    return "".join(keys)


def shown_moves(text: str) -> int:
    found = re.search(r"moves (\d+)", text)
    assert found, text
    return int(found.group(1))


def shown_time(text: str) -> int:
    found = TIME.search(text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


def main_save(db: Path) -> dict[str, object]:
    """The free game in progress as saved, the latest (empty once it is finished)."""
    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
        row = conn.execute("SELECT data FROM games WHERE slot LIKE 'free:%' "
                           "ORDER BY updated DESC LIMIT 1").fetchone()
    data: dict[str, object] = json.loads(row[0]) if row is not None else {}
    return data


def finished_count(db: Path) -> int:
    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM finished").fetchone()[0])


async def test_focus_out_over_ssh_refuses_the_solution(tmp_path: Path) -> None:
    # the solution is typed twice in bursts: more keys than the server's default flood
    # budget lets through, which is not what is tested here
    server = await start_server(tmp_path / "data", Limits(key_rate=1000.0, key_burst=2000.0))
    try:
        await play_focus_out_over_ssh(server)
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def play_focus_out_over_ssh(server: GameServer) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    player = await Player(server, key).connect()
    await start_9x9(player)
    home = server.config.data_dir / "players" / \
        Identity("key-" + key.get_fingerprint("sha256")).store_name
    db = home / "puzzleterm.sqlite3"
    save = main_save(db)
    puzzle = load_game_id(str(save["game_id"]))
    solution = "".join(map(str, puzzle.state.solution))
    givens = tuple(puzzle.state.values)
    first_empty = next(c for c, v in enumerate(givens) if not v)

    await player.keys(FOCUS_OUT.encode())
    with contextlib.suppress(AssertionError):  # (never shown where the cheat works)
        await player.wait_for(lambda s: "out of focus" in s, timeout=10)
    at_blur = shown_time(player.text())
    player.chan.write(solution_keys(givens, solution, first_empty).encode())  # one burst
    await player.keys(b"t", b"v", b"u")  # hint, reveal, undo: refused too
    await asyncio.sleep(3)  # the game runs in its own process: its clock would run
    away = player.text()
    await player.keys(FOCUS_IN.encode())  # after every key above, in order
    await asyncio.sleep(1)
    text = await player.wait_for(lambda s: "┏" in s or "Solved" in s)
    assert finished_count(db) == 0, text
    saved = main_save(db)  # saved after every move: none was taken
    assert saved["moves"] == [] and saved["hints_used"] == 0, (saved, text)
    assert "Solved" not in text and shown_moves(text) == 0, text
    assert "out of focus" in away and "┏" not in away, away  # paused like p: board hidden
    assert shown_time(text) <= at_blur + 1, (at_blur, text)  # the clock stood still

    # in focus, the same keys play: the game is solved, in the time it really took
    player.chan.write(solution_keys(givens, solution, first_empty).encode())
    text = await player.wait_for(lambda s: "Solved!" in s, timeout=120)
    assert finished_count(db) == 1
    await player.close()


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_focus_out_in_tmux_refuses_the_solution(tmp_path: Path) -> None:
    tmux = Tmux(tmp_path / "home")
    try:
        tmux.start([*puzzleterm_command(), "play", EASY9])
        board = tmux.wait_for(lambda s: "Sudoku 9x9" in s and "Filled" in s and "┏" in s)
        givens = tuple(int(ch) if ch != "." else 0 for ch in EASY9.rsplit(":", 1)[1])
        keys = solution_keys(givens, SOL9, next(c for c, v in enumerate(givens) if not v))
        tmux.keys("-l", FOCUS_OUT)
        with contextlib.suppress(AssertionError):  # (never shown where the cheat works)
            tmux.wait_for(lambda s: "out of focus" in s, timeout=10)
        at_blur = shown_time(tmux.screen())
        time.sleep(2)
        tmux.keys("-l", keys)
        time.sleep(2)
        away = tmux.screen()
        tmux.keys("-l", FOCUS_IN)
        time.sleep(1)
        text = tmux.wait_for(lambda s: "┏" in s or "Solved" in s)
        db = tmp_path / "home" / "puzzleterm.sqlite3"
        assert finished_count(db) == 0 and main_save(db)["moves"] == [], text
        assert "Solved" not in text and shown_moves(text) == 0, text
        assert "out of focus" in away and "┏" not in away, away
        assert shown_time(text) <= at_blur + 1, (at_blur, text)
        assert shown_moves(board) == 0
        tmux.keys("-l", keys)  # in focus: the moves are taken
        tmux.wait_for(lambda s: "Solved!" in s, timeout=120)
    finally:
        tmux.kill()
