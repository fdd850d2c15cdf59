"""``puzzleterm serve`` without a network: limits, identities, the game's environment, the host
key, the command line."""

from __future__ import annotations

import stat
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
    gate = Gate(Limits(max_sessions=2, max_per_address=1))
    assert gate.open_connection("a") and gate.open_connection("a")
    assert not gate.open_connection("a")
    assert gate.open_connection("b") and gate.open_connection("b")
    assert not gate.open_connection("c")  # 4 = twice the games
    gate.close_connection("a")
    assert gate.open_connection("c")


def test_limits_must_make_sense() -> None:
    with pytest.raises(ValueError, match="max-sessions"):
        Limits(max_sessions=0)
    with pytest.raises(ValueError, match="idle-timeout"):
        Limits(idle_timeout=0)


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
    args = build_parser().parse_args(["serve", "--host", "::", "--port", "2022",
                                      "--host-key", "/k", "--max-sessions", "5", "--no-prefork"])
    assert (args.host, args.port, args.host_key, args.max_sessions, args.prefork) == (
        "::", 2022, "/k", 5, False)
