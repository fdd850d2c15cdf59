"""``puzzleterm serve`` without a network: limits, identities, the game's environment, the host
key, the command line."""

from __future__ import annotations

import logging
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from puzzleterm.cli import build_parser
from puzzleterm.serve.hostkey import HostKeyError, fingerprint, load_or_create_host_key
from puzzleterm.serve.identity import (
    Identity,
    PlayerHome,
    child_environment,
    guest_identity,
    key_identity,
)
from puzzleterm.serve.limits import Gate, Limits, Refusal, Ticket
from puzzleterm.serve.server import Throttled, _span

from .conftest import REPO


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_gate_counts_games_overall_and_per_address() -> None:
    gate = Gate(Limits(max_sessions=3, max_per_address=2, rate_per_address=100), Clock())
    a1, a2 = gate.admit("10.0.0.1"), gate.admit("10.0.0.1")
    assert isinstance(a1, Ticket) and isinstance(a2, Ticket)
    third = gate.admit("10.0.0.1")
    assert isinstance(third, Refusal) and third.reason == "address cap"
    b1 = gate.admit("10.0.0.2")
    assert isinstance(b1, Ticket)
    full = gate.admit("10.0.0.3")
    assert isinstance(full, Refusal) and full.reason == "server full"
    assert "server is full" in full.message
    gate.release(a1)
    gate.release(a1)  # twice is once
    assert gate.games == 2 and gate.games_from("10.0.0.1") == 1
    assert isinstance(gate.admit("10.0.0.3"), Ticket)


def test_the_gate_limits_the_rate_of_new_games_per_address() -> None:
    clock = Clock()
    gate = Gate(Limits(rate_per_address=3), clock)
    for _ in range(3):
        ticket = gate.admit("10.0.0.1")
        assert isinstance(ticket, Ticket)
        gate.release(ticket)
    refused = gate.admit("10.0.0.1")
    assert isinstance(refused, Refusal) and refused.reason == "address rate"
    assert isinstance(gate.admit("10.0.0.2"), Ticket)  # another address is not slowed
    clock.now += 61
    assert isinstance(gate.admit("10.0.0.1"), Ticket)


def test_the_gate_drops_a_flood_of_connections() -> None:
    gate = Gate(Limits(max_sessions=2, max_per_address=1, max_pending=100,
                       max_pending_per_address=100))
    a1, a2 = gate.open_connection("a")[0], gate.open_connection("a")[0]
    assert a1 is not None and a2 is not None
    assert gate.open_connection("a") == (None, None)
    b1, b2 = gate.open_connection("b")[0], gate.open_connection("b")[0]
    assert b1 is not None and b2 is not None
    for c in (a1, a2, b1, b2):
        gate.playing(c)
    assert gate.open_connection("c") == (None, None)  # 4 = twice the games, all playing
    gate.close_connection(a1)
    gate.close_connection(a1)  # twice is once
    assert gate.connections == 3
    assert gate.open_connection("c")[0] is not None


def test_connections_not_playing_yet_are_capped_and_the_busiest_address_makes_room() -> None:
    clock = Clock()
    gate = Gate(Limits(max_pending=5, max_pending_per_address=3), clock)
    places = {}
    for address in ("a", "a", "a", "b", "b"):
        clock.now += 1
        place, room = gate.open_connection(address)
        assert place is not None and room is None
        places.setdefault(address, []).append(place)
    assert gate.open_connection("a") == (None, None)  # "a" is at its own cap
    assert gate.pending == 5 and gate.pending_from("a") == 3
    # the server is at its cap: a newcomer gets in, and "a" (the most waiting) loses its oldest
    place, room = gate.open_connection("c")
    assert place is not None and room is places["a"][0] and not room.counted
    assert gate.pending == 5 and gate.pending_from("a") == 2 and gate.connections == 5
    gate.close_connection(room)  # its connection closes later: counted out once only
    assert gate.connections == 5
    # ties go to the oldest: now "a" and "b" have 2 each; "a"'s second is older than "b"'s
    place, room = gate.open_connection("d")
    assert room is places["a"][1]
    # a connection whose game starts no longer counts as waiting
    gate.playing(places["b"][0])
    assert gate.pending == 4 and gate.pending_from("b") == 1 and gate.connections == 5
    place, room = gate.open_connection("e")
    assert place is not None and room is None and gate.connections == 6


def test_a_full_server_tells_the_count_in_good_english() -> None:
    one = Gate(Limits(max_sessions=1, max_per_address=1, rate_per_address=100))
    assert isinstance(one.admit("a"), Ticket)
    full = one.admit("b")
    assert isinstance(full, Refusal) and "(1 game is being played)" in full.message
    again = one.admit("a")
    assert isinstance(again, Refusal)
    two = Gate(Limits(max_sessions=2, max_per_address=1, rate_per_address=100))
    assert isinstance(two.admit("a"), Ticket)
    cap = two.admit("a")
    assert isinstance(cap, Refusal) and "there is already 1 game from your address" in cap.message
    assert isinstance(two.admit("b"), Ticket)
    full = two.admit("c")
    assert isinstance(full, Refusal) and "(2 games are being played)" in full.message


def test_the_window_size_is_bounded() -> None:
    limits = Limits()
    assert limits.window(80, 24) == (80, 24, 0, 0)
    assert limits.window(65535, 65535, 65535, 65535) == (500, 300, 8192, 8192)
    assert limits.window(70000, 70000, 1 << 32, 1 << 31) == (500, 300, 8192, 8192)
    assert limits.window(0, 0, -5, 0) == (0, 0, 0, 0)


def test_limits_must_make_sense() -> None:
    with pytest.raises(ValueError, match="max-sessions"):
        Limits(max_sessions=0)
    with pytest.raises(ValueError, match="idle-timeout"):
        Limits(idle_timeout=0)
    with pytest.raises(ValueError, match="max-pending"):
        Limits(max_pending=0)
    with pytest.raises(ValueError, match="key-rate"):
        Limits(key_rate=0.5)
    with pytest.raises(ValueError, match="game-nice"):
        Limits(game_nice=20)
    with pytest.raises(ValueError, match="game-memory"):
        Limits(game_memory=10)


def test_identities_and_their_stores(tmp_path: Path) -> None:
    who = key_identity("SHA256:abc/def+ghi")
    assert who.name == "key-SHA256:abc/def+ghi" and not who.guest
    with pytest.raises(ValueError):
        key_identity("../../etc")
    home = PlayerHome.for_identity(who, tmp_path)
    assert home.path.parent == tmp_path / "players" and home.path.name == who.store_name
    assert len(home.path.name) == 64 and set(home.path.name) <= set("0123456789abcdef")
    assert stat.S_IMODE(home.path.stat().st_mode) == 0o700
    home.discard()
    assert home.path.is_dir()  # a player's store is kept

    g1, g2 = guest_identity(), guest_identity()
    assert g1.guest and g1 != g2
    ghome = PlayerHome.for_identity(g1, tmp_path)
    assert not ghome.path.is_relative_to(tmp_path) and ghome.path.is_dir()
    ghome.discard()
    assert not ghome.path.exists()


def test_the_game_environment_takes_little_from_the_client(tmp_path: Path) -> None:
    who = Identity("key-SHA256:x")
    home = PlayerHome(tmp_path, False)
    client = {"COLUMNS": "10", "LINES": "5", "LD_PRELOAD": "/tmp/x.so",
              "PUZZLETERM_HOME": "/etc", "PUZZLETERM_PLAYER": "key-SHA256:someone",
              "LANG": "de_DE.UTF-8", "COLORTERM": "24bit", "PATH": "/tmp"}
    server = {"PATH": "/usr/bin:/bin", "HOME": "/var/lib/puzzleterm", "SECRET": "s"}
    env = child_environment(who, home, client, "screen-256color", server)
    assert env == {
        "PATH": "/usr/bin:/bin", "HOME": "/var/lib/puzzleterm", "TERM": "screen-256color",
        "LANG": "de_DE.UTF-8", "COLORTERM": "24bit", "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "PUZZLETERM_PLAYER": "key-SHA256:x", "PUZZLETERM_HOME": str(tmp_path),
    }
    odd = child_environment(guest_identity(), home, {"LANG": "x;rm -rf /"}, "xterm\x1b]0;",
                            server, fps=20)
    assert odd["TERM"] == "xterm-256color" and odd["LANG"] == "C.UTF-8"
    assert odd["TEXTUAL_COLOR_SYSTEM"] == "256" and "COLORTERM" not in odd
    assert odd["PUZZLETERM_GUEST"] == "1" and odd["TEXTUAL_FPS"] == "20"
    assert child_environment(who, home, {}, "vt100", server)["TEXTUAL_COLOR_SYSTEM"] == "standard"


def test_the_host_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    path = tmp_path / "keys" / "host"
    key, created = load_or_create_host_key(path)
    assert created and stat.S_IMODE(path.stat().st_mode) == 0o600
    again, created = load_or_create_host_key(path)
    assert not created and fingerprint(again) == fingerprint(key)
    assert fingerprint(key).startswith("SHA256:")
    path.chmod(0o644)
    with pytest.raises(HostKeyError, match="chmod 600"):
        load_or_create_host_key(path)
    path.chmod(0o600)
    path.write_text("not a key")
    with pytest.raises(HostKeyError, match="cannot read"):
        load_or_create_host_key(path)


def test_the_serve_command_line() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.max_sessions, args.idle_timeout, args.prefork) == (
        "127.0.0.1", 2222, 100, 15.0, True)
    # the command line's defaults are the server's
    defaults = Limits()
    assert args.idle_timeout * 60 == defaults.idle_timeout
    for name in ("max_sessions", "max_per_address", "rate_per_address", "login_grace",
                 "max_pending", "max_pending_per_address", "key_rate", "key_burst",
                 "game_memory", "game_cpu", "game_nice"):
        assert getattr(args, name) == getattr(defaults, name), name
    args = build_parser().parse_args(["serve", "--host", "::", "--port", "2022",
                                      "--host-key", "/k", "--max-sessions", "5", "--no-prefork"])
    assert (args.host, args.port, args.host_key, args.max_sessions, args.prefork) == (
        "::", 2022, "/k", 5, False)


LIMIT_OPTIONS = ("--max-sessions", "--max-per-address", "--rate-per-address", "--idle-timeout",
                 "--login-grace", "--max-pending", "--max-pending-per-address", "--key-rate",
                 "--key-burst", "--game-memory", "--game-cpu", "--game-nice")


def serve_defaults() -> dict[str, float]:
    args = build_parser().parse_args(["serve"])
    return {o: float(getattr(args, o[2:].replace("-", "_"))) for o in LIMIT_OPTIONS}


def exec_start(unit: str) -> dict[str, str]:
    """The options of the last ``ExecStart=`` of a systemd unit (continuation lines joined)."""
    text = unit.replace("\\\n", " ")
    line = [s for s in text.splitlines() if s.startswith("ExecStart=") and s != "ExecStart="][-1]
    words = line.split()[2:]
    return {w: v for w, v in zip(words, [*words[1:], ""], strict=True) if w.startswith("--")}


def test_the_readme_and_the_unit_state_every_limit_at_its_default() -> None:
    defaults = serve_defaults()
    readme = (REPO / "README.md").read_text()
    table = {}
    for line in readme.splitlines():
        if line.startswith("| `--"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            table[cells[0].strip("`").split()[0]] = cells[1]
    unit = exec_start((REPO / "deploy" / "puzzleterm-serve.service").read_text())
    for option, value in defaults.items():
        assert float(table[option]) == value, option
        assert float(unit[option]) == value, option
    shared = exec_start((REPO / "deploy" / "puzzleterm-serve.service.d" / "shared.conf")
                        .read_text())
    behind_haproxy = {"--max-per-address": "--max-sessions",
                      "--max-pending-per-address": "--max-pending"}
    for option, overall in behind_haproxy.items():  # every player has HAProxy's address
        assert shared[option] == shared[overall], option
    for option in LIMIT_OPTIONS:
        if option not in behind_haproxy and option != "--rate-per-address":
            assert float(shared[option]) == defaults[option], option


def test_the_starter_rehearses_a_game_and_leaves_no_thread_behind() -> None:
    # in a process of its own: the rehearsal runs the app, as the warm starter does
    script = ("import sys, threading\n"
              "from puzzleterm.serve.rehearsal import rehearse\n"
              "ok = rehearse()\n"
              "print(ok, threading.active_count())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, cwd=REPO)
    assert done.stdout.split() == ["True", "1"], done.stderr[-2000:]


def test_a_flood_of_dropped_connections_is_one_log_line_a_second(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    said = Throttled(1.0, clock)
    with caplog.at_level(logging.WARNING, logger="puzzleterm.serve"):
        for i in range(100):
            said.warning("connection from %s dropped", f"10.0.0.{i}")
            clock.now += 0.005
        clock.now += 1.0
        said.warning("connection from %s dropped", "10.0.1.1")
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["connection from 10.0.0.0 dropped",
                     "connection from 10.0.1.1 dropped (and 99 more since the last such line)"]


def test_the_idle_message_says_its_time_in_good_english() -> None:
    assert [_span(s) for s in (900, 60, 90, 30, 1, 2.5)] == [
        "15 minutes", "1 minute", "1.5 minutes", "30 seconds", "1 second", "2.5 seconds"]
