"""The verbs that start a program: ``play`` (the game, optionally on a game ID) and
``serve`` (the SSH server that runs a game per player)."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..engine.gameid import load_game_id, parse_game_id
from .common import Adder, start_ui


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    # fail fast, before the UI starts: read the puzzle of a givens ID (cheap); a seed ID is
    # checked for its form here and dealt by the app
    if args.game_id is not None and parse_game_id(args.game_id).seed is None:
        load_game_id(args.game_id)
    return start_ui(args.game_id)


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    # the server (asyncio, asyncssh) loads only for this verb: start-up of the others
    from ..serve import main as serve_main

    return serve_main(args)


def add_start_verbs(add: Adder) -> None:
    """``play`` and ``serve``, on the parser."""
    sp = add("play", cmd_play, "start the game, optionally on a game ID")
    sp.add_argument("game_id", nargs="?", help="e.g. sudoku:9x9:hard#42")

    sp = add("serve", cmd_serve, "let players play over SSH: one game process per session")
    sp.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this machine only; "
                    "0.0.0.0 or :: for everyone)")
    sp.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    sp.add_argument("--host-key", metavar="PATH", help="host key file, made on first start "
                    "(default: ssh_host_ed25519_key in the data directory)")
    sp.add_argument("--max-sessions", type=int, default=100,
                    help="games at once (default 100)")
    sp.add_argument("--max-per-address", type=int, default=10,
                    help="games at once from one client address (default 10)")
    sp.add_argument("--rate-per-address", type=int, default=30,
                    help="new games a minute from one client address (default 30)")
    sp.add_argument("--idle-timeout", type=float, default=15.0, metavar="MINUTES",
                    help="end a game after this many minutes without a key (default 15)")
    sp.add_argument("--login-grace", type=float, default=20.0, metavar="SECONDS",
                    help="time to log in and start the game (default 20)")
    for option, kind, default, what in (
            ("--max-pending", int, 32, "connections not playing yet (logging in) at once"),
            ("--max-pending-per-address", int, 4, "such connections from one client address"),
            ("--key-rate", float, 30.0, "keys (input events) a second a player may send"),
            ("--key-burst", float, 150.0, "keys a player may send at once above --key-rate"),
            ("--game-memory", int, 1024, "address space of each game process, in MiB"),
            ("--game-cpu", int, 1800, "CPU seconds each game process may use in all"),
            ("--game-nice", int, 5, "niceness of the game processes, 0 to 19")):
        sp.add_argument(option, type=kind, default=default, metavar="N",
                        help=f"{what} (default {default:g})")
    sp.add_argument("--fps", type=int, help="frames a second each game draws at most "
                    "(TEXTUAL_FPS; default Textual's 60)")
    sp.add_argument("--store", metavar="URL", help="a postgresql:// URL: saves, results and the "
                    "leaderboard in one database shared by several servers (default: "
                    "$PUZZLETERM_STORE, else a local file per player)")
    sp.add_argument("--no-prefork", dest="prefork", action="store_false",
                    help="start each game from scratch, not forked from a warm starter")
