"""A game whose terminal goes away without a SIGHUP ends by itself, with its moves saved.

Its terminal need not be its controlling one (a program that runs it on a pseudo-terminal of
its own, then dies): closing the other end sends no signal, and every read of the terminal then
fails.  The game notices within seconds, saves and exits, instead of running on (before, its
input thread spun on the dead terminal and used a core until killed).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from puzzleterm.app import terminal_gone
from puzzleterm.store import SqliteStore

from .conftest import EASY9


def test_terminal_gone_tells_a_closed_terminal_from_a_live_one_and_a_file(
        tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        assert not terminal_gone(slave)
        os.close(master)
        assert terminal_gone(slave)
    finally:
        os.close(slave)
    with open(tmp_path / "f", "w") as f:
        assert not terminal_gone(f.fileno())  # not a terminal: nothing to watch


def read_until(master: int, text: bytes, timeout: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while text not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            seen += os.read(master, 65536)
    assert text in seen, seen[-2000:]
    return seen


def saved_moves(home: Path) -> tuple[str, ...] | None:
    store = SqliteStore.open(home)
    try:
        saved = store.load_current()
    finally:
        store.close()
    return None if saved is None else saved.moves


def test_a_game_whose_terminal_closes_without_a_signal_saves_and_ends(tmp_path: Path) -> None:
    master, slave = os.openpty()
    env = dict(os.environ, PUZZLETERM_HOME=str(tmp_path), TERM="xterm-256color",
               COLUMNS="80", LINES="24")
    proc = subprocess.Popen([sys.executable, "-m", "puzzleterm", "play", EASY9],
                            stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True)  # a session without a controlling terminal
    os.close(slave)
    try:
        read_until(master, b"Filled", 30)
        os.write(master, b"4")  # the cursor starts on r1c1 of EASY9, which takes a 4
        deadline = time.monotonic() + 15
        while saved_moves(tmp_path) != ("r1c1=4",) and time.monotonic() < deadline:
            time.sleep(0.2)  # the move is saved as it is made
        assert saved_moves(tmp_path) == ("r1c1=4",)
        os.close(master)
        master = -1
        proc.wait(timeout=15)  # the watch runs every 2 s
        assert saved_moves(tmp_path) == ("r1c1=4",)
    finally:
        if master >= 0:
            os.close(master)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
