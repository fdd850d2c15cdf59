"""``puzzleterm serve`` end to end over loopback: real SSH clients (asyncssh) with a PTY, the
screen read through ``pyte``, the real game in its own process per session."""

from __future__ import annotations

import asyncio
import os
import re
import time
from pathlib import Path

import asyncssh
import pytest

from puzzleterm.serve.identity import Identity
from puzzleterm.serve.limits import Limits
from puzzleterm.serve.server import GameServer

from .serve_client import (
    ENTER,
    Player,
    connect,
    environ_of,
    gone,
    group_members,
    no_sessions,
    start_server,
)


def home_shown(text: str) -> bool:
    return "Latin square" in text and "Quit" in text


def board_shown(text: str) -> bool:
    return "Sudoku 9x9" in text and "┏" in text and "Filled" in text


def moves(text: str) -> int:
    found = re.search(r"moves (\d+)", text)
    assert found, text
    return int(found.group(1))


async def start_9x9(player: Player) -> str:
    """Deal a 9x9 game from the home screen: Enter (size 9x9, on to the levels), Enter (the
    first level).  An Enter typed as the chooser appears can be lost on a loaded machine (the
    chooser's own race, seen without SSH too): Enter again until the board shows (Enter on
    the board does nothing)."""
    await player.wait_for(home_shown)
    await player.keys(ENTER)  # Sudoku
    await player.wait_for(lambda s: "New Sudoku" in s)
    await player.keys(ENTER)  # size 9x9, on to the level list
    for _ in range(5):
        await player.keys(ENTER)  # the first level: deal
        try:
            return await player.wait_for(board_shown, timeout=4)
        except AssertionError:
            continue
    return await player.wait_for(board_shown, timeout=20)


async def test_a_key_is_a_player_whose_game_continues(server: GameServer) -> None:
    assert server.preforker is not None and server.preforker.alive  # games are forked
    alice = asyncssh.generate_private_key("ssh-ed25519")
    bob = asyncssh.generate_private_key("ssh-ed25519")

    first = await Player(server, alice).connect()
    await start_9x9(first)
    await first.keys(b"5")
    await first.wait_for(lambda s: "moves 1" in s)
    pid = first.game_pid()
    player = "key-" + alice.get_fingerprint("sha256")
    home = server.config.data_dir / "players" / Identity(player).store_name
    assert first.session().identity.name == player
    assert (home / "puzzleterm.sqlite3").is_file()  # the move is saved in alice's store
    assert [d.name for d in home.parent.iterdir()] == [home.name]
    # 256 colours when the client does not say truecolor
    assert b"\x1b[38;5;" in first.received and b"\x1b[38;2;" not in first.received
    # the game is a session leader with the PTY as its controlling terminal
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    assert int(stat[3]) == pid and int(stat[4]) != 0  # session id, tty_nr
    await first.close()
    assert await gone(pid, 10), "the game outlived its session"
    assert await no_sessions(server)

    again = await Player(server, alice).connect()
    text = await again.wait_for(home_shown)
    assert "Continue" in text and "Sudoku 9x9" in text
    # a resize reaches the game: it lays the home screen out again at 100x30
    again.resize(100, 30)
    await again.wait_for(lambda s: "Help" in s.splitlines()[29] and "Quit" in s.splitlines()[29])
    await again.keys(b"c")
    text = await again.wait_for(board_shown)
    assert moves(text) == 1
    pid2 = again.game_pid()

    other = await Player(server, bob).connect()
    text = await other.wait_for(home_shown)
    assert "Continue" not in text
    other_home = other.session().home
    assert other_home is not None and other_home.path.parent == home.parent
    assert other_home.path != home
    await asyncio.gather(again.close(), other.close())
    assert await gone(pid2, 10)


async def test_a_guest_is_told_and_leaves_nothing(server: GameServer) -> None:
    guest = await Player(server, None, env={"COLORTERM": "truecolor"}).connect()
    text = await guest.wait_for(lambda s: home_shown(s) and "guest" in s)
    words = " ".join(text.replace("▌", " ").split())
    assert "progress is not kept" in words and "SSH key" in words, text
    assert b"\x1b[38;2;" in guest.received  # truecolor, as the client said
    pid = guest.game_pid()
    session = guest.session()
    assert session.identity.name.startswith("guest-") and session.home is not None
    home = session.home.path
    assert home.is_dir() and not home.is_relative_to(server.config.data_dir)
    guest.conn.abort()  # a dropped connection, not a polite close
    assert await gone(pid, 10)
    for _ in range(100):
        if not home.exists():
            break
        await asyncio.sleep(0.05)
    assert not home.exists()
    assert not (server.config.data_dir / "players").exists()


async def test_a_spawned_game_gets_only_its_environment(tmp_path: Path) -> None:
    # without the warm starter, each game is spawned: /proc shows its whole environment
    server = await start_server(tmp_path / "data", prefork=False)
    try:
        key = asyncssh.generate_private_key("ssh-ed25519")
        sent = {"COLUMNS": "20", "LINES": "5", "LANG": "$(reboot)", "LD_PRELOAD": "/x.so",
                "PUZZLETERM_HOME": "/etc", "PUZZLETERM_PLAYER": "key-SHA256:someone-else"}
        keyed = await Player(server, key, env=sent).connect()
        guest = await Player(server, None, env={"COLORTERM": "truecolor"}).connect()
        await keyed.wait_for(home_shown)
        await guest.wait_for(home_shown)
        env = environ_of(keyed.game_pid())
        player = "key-" + key.get_fingerprint("sha256")
        assert env == {
            "PATH": os.environ["PATH"], "HOME": os.environ["HOME"], "TERM": "xterm-256color",
            "LANG": "C.UTF-8", "TEXTUAL_COLOR_SYSTEM": "256", "PUZZLETERM_PLAYER": player,
            "PUZZLETERM_HOME": str(server.config.data_dir / "players" /
                                   Identity(player).store_name),
            "PUZZLETERM_BOARD": str(server.config.data_dir / "board"),  # the host's board
        }
        env = environ_of(guest.game_pid())
        assert env["PUZZLETERM_PLAYER"].startswith("guest-") and env["PUZZLETERM_GUEST"] == "1"
        assert env["COLORTERM"] == "truecolor" and env["TEXTUAL_COLOR_SYSTEM"] == "truecolor"
        pids = [keyed.game_pid(), guest.game_pid()]
        await asyncio.gather(keyed.close(), guest.close())
        for pid in pids:
            assert await gone(pid, 10)
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def test_only_the_game_is_served(server: GameServer) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    conn = await connect(server, key)
    try:
        # no PTY: one line, and no game
        result = await asyncio.wait_for(conn.run(term_type=None), 10)
        assert result.exit_status == 1
        assert "needs a terminal" in str(result.stdout) and not server.sessions
    finally:
        conn.close()
    conn = await connect(server, key)
    try:
        with pytest.raises(asyncssh.ChannelOpenError) as refused:
            await asyncio.wait_for(conn.run("id", term_type="xterm"), 10)
        assert "request failed" in str(refused.value).lower(), refused.value
    finally:
        conn.close()
    conn = await connect(server, key)
    try:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await asyncio.wait_for(conn.start_sftp_client(), 10)
    finally:
        conn.close()
    conn = await connect(server, key)
    try:
        with pytest.raises(asyncssh.ChannelOpenError):
            await asyncio.wait_for(conn.open_connection("127.0.0.1", server.port), 10)
        with pytest.raises(asyncssh.ChannelListenError):
            await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 1), 10)
    finally:
        conn.close()
    assert not server.sessions


async def test_the_cap(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", Limits(max_sessions=1))
    try:
        first = await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
        await first.wait_for(home_shown)
        pid = first.game_pid()
        # a second player finds the server full
        conn = await connect(server, None)
        result = await asyncio.wait_for(conn.run(term_type="xterm", term_size=(80, 24)), 10)
        conn.close()
        assert result.exit_status == 1 and "server is full" in str(result.stdout)
        assert len(server.sessions) == 1 and server.gate.games == 1
        # the first player leaves: the place is free again
        await first.close()
        assert await gone(pid, 5)
        assert await no_sessions(server) and server.gate.games == 0
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def test_the_idle_timeout(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", Limits(idle_timeout=2.0))
    try:
        player = await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
        # keys (Down, harmless at home) keep the session alive until the home screen shows,
        # however long a loaded machine takes to start the game
        last_key = time.monotonic()
        while not home_shown(player.text()):
            assert not player.closed.is_set(), player.received[-300:]
            last_key = time.monotonic()
            await player.keys(b"\x1b[B", pause=0.5)
        pid = player.game_pid()
        # then the player presses nothing: the game is hung up, the session ends, not before
        # its time
        await asyncio.wait_for(player.closed.wait(), 15)
        assert time.monotonic() - last_key >= 1.9
        assert b"no key pressed for 2 seconds" in player.received
        assert b"\x1b[?1000l" in player.received  # the terminal is given back clean
        assert await gone(pid, 5)
        assert await no_sessions(server) and server.gate.games == 0
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def test_stopping_the_server_ends_every_game(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data")
    players = [await Player(server, asyncssh.generate_private_key("ssh-ed25519")).connect()
               for _ in range(2)]
    for p in players:
        await p.wait_for(home_shown)
    pids = [p.game_pid() for p in players]
    assert server.preforker is not None and server.preforker.pid is not None
    starter = server.preforker.pid
    await asyncio.wait_for(server.stop(), 20)
    for pid in [*pids, starter]:
        assert await gone(pid, 5)
    for p in players:
        await asyncio.wait_for(p.closed.wait(), 10)


async def test_a_game_that_ignores_the_hangup_is_killed_with_its_children(tmp_path: Path) -> None:
    # a stand-in game that ignores SIGHUP and leaves a child behind
    stubborn = ("/bin/sh", "-c", "trap '' HUP; sleep 300 & echo ready; wait")
    server = await start_server(tmp_path / "data", Limits(hangup_grace=0.5), stubborn)
    try:
        player = await Player(server, None).connect()
        await player.wait_for(lambda s: "ready" in s, 10)
        pid = player.game_pid()
        members = group_members(pid)
        assert pid in members and len(members) == 2  # the shell and its sleep
        await player.close()
        for member in members:
            assert await gone(member, 5), f"process {member} outlived its session"
        assert await no_sessions(server)
    finally:
        await asyncio.wait_for(server.stop(), 20)


async def test_a_connection_must_start_its_game_within_the_login_grace(tmp_path: Path) -> None:
    server = await start_server(tmp_path / "data", Limits(login_grace=0.5))
    try:
        conn = await connect(server, None)  # logged in, and no session opened
        await asyncio.wait_for(conn.wait_closed(), 5)
        assert server.gate.connections == 0
    finally:
        await asyncio.wait_for(server.stop(), 20)
