"""The daily commands: ``puzzleterm daily`` (play or print a date's set),
``puzzleterm stats`` (the player's stats and streak, or a day's leaderboard) and
``puzzleterm name`` (the name shown on the leaderboard)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING, TextIO

from .engine import find_kind
from .engine.daily import check_date, daily_set, deal, parse_date

if TYPE_CHECKING:
    from .store import Store

# The store and the daily play (sqlite3, the session) are imported by the commands that use
# them: the parser is built for every command, and `solve` or `grade` needs neither.

EXIT_OK = 0


def cmd_daily(args: argparse.Namespace, out: TextIO) -> int:
    from .cli import CliError, start_ui

    today = date.today()
    day = today if args.date is None else parse_date(args.date)
    check_date(day, today)
    entries = daily_set(day)
    if args.kind is not None:
        name = find_kind(args.kind).name
        entries = [e for e in entries if e.kind == name]
        if not entries:
            raise CliError(f"{name} has no daily puzzle on {day.isoformat()}")
    if not args.print:
        return start_ui(daily=entries[0])
    for i, entry in enumerate(entries):
        if args.format == "id":
            print(entry.seed_id, file=out)
            continue
        kind = find_kind(entry.kind)
        puzzle = deal(entry, kind)
        if args.format == "line":
            print(puzzle.game_id, file=out)
            continue
        fmt = next((f for f in ("grid", "picture") if f in kind.formats), kind.formats[0])
        if i:
            print(file=out)
        print(f"# {kind.title} {entry.params} {entry.level.label} · {entry.seed_id}", file=out)
        print(kind.write(puzzle.state, fmt).rstrip("\n"), file=out)
    return EXIT_OK


def _open(args: argparse.Namespace) -> Store:
    from .cli import CliError
    from .store import StoreError, check_store_url, open_store

    url = getattr(args, "store", None)
    if url is not None:
        try:
            check_store_url(url)
        except StoreError as exc:
            raise CliError(str(exc)) from exc
    store = open_store(url)
    for notice in store.notices:
        print(f"puzzleterm: {notice}", file=sys.stderr)
    return store


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    from .cli import CliError
    from .daily_play import leaderboard_text, stats_for, stats_text

    today = date.today()
    if getattr(args, "leaderboard", False):
        day = today if args.date is None else parse_date(args.date)
        check_date(day, today)
        kind = find_kind(args.kind or "sudoku").name
        if not any(e.kind == kind for e in daily_set(day)):
            raise CliError(f"{kind} has no daily puzzle on {day.isoformat()}")
        store = _open(args)
        try:
            print(leaderboard_text(store.leaderboard(day, kind), store.player), file=out)
        finally:
            store.close()
        return EXIT_OK
    if args.date is not None or args.kind is not None:
        raise CliError("--date and --kind go with --leaderboard")
    store = _open(args)
    print(stats_text(stats_for(store, today)), file=out)
    store.close()
    return EXIT_OK


def cmd_name(args: argparse.Namespace, out: TextIO) -> int:
    from .cli import CliError
    from .daily_play import GUEST_NOTE, is_guest
    from .store import StoreError, display_name

    store = _open(args)
    try:
        if is_guest(store):
            raise CliError(GUEST_NOTE)
        if args.name is None:
            name = store.name()
            shown = display_name(store.player, name)
            key = " the start of your key" if store.player.startswith("key-") else ""
            print(shown if name else f"{shown} (no name set{':' * bool(key)}{key})", file=out)
            return EXIT_OK
        try:
            store.set_name(args.name)
        except StoreError as exc:
            raise CliError(str(exc)) from exc
        print(f"You are {args.name} on the leaderboard.", file=out)
        return EXIT_OK
    finally:
        store.close()


Adder = Callable[[str, Callable[[argparse.Namespace, TextIO], int], str],
                 argparse.ArgumentParser]


def add_store_commands(add: Adder) -> None:
    """``stats`` and ``name``, on the command line's parser."""
    store_help = ("the store: a postgresql:// URL or 'sqlite' (default: $PUZZLETERM_STORE, "
                  "else the local file)")
    sp = add("stats", cmd_stats, "your stats: games per kind and level, times, the daily "
             "streak; or a day's leaderboard")
    sp.add_argument("--leaderboard", action="store_true",
                    help="the fastest unassisted times of a day's puzzle, by player")
    sp.add_argument("--date", help="with --leaderboard: YYYY-MM-DD (default: today)")
    sp.add_argument("--kind", help="with --leaderboard: the kind (default: sudoku)")
    sp.add_argument("--store", metavar="URL", help=store_help)
    sp = add("name", cmd_name, "show or set the name you have on the leaderboard")
    sp.add_argument("name", nargs="?", help="2 to 16 letters, digits, _ - . (starting with a "
                    "letter)")
    sp.add_argument("--store", metavar="URL", help=store_help)
