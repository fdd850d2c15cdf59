"""The daily verbs: ``daily`` (play or print a date's set), ``stats`` (the player's stats and
streak, or a day's leaderboard) and ``name`` (the name shown on the leaderboard).

The kind ``daily`` opens and the leaderboard shows when none is named is the schedule's
:data:`~puzzleterm.engine.daily.DEFAULT_KIND`.  ``stats`` and ``name`` work on the player's
store: :mod:`.player`.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import TextIO

from ..engine import find_kind
from ..engine.daily import DEFAULT_KIND, check_date, daily_set, deal, parse_date
from .common import EXIT_OK, Adder, CliError, start_ui


def cmd_daily(args: argparse.Namespace, out: TextIO) -> int:
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
        if args.format is not None:  # refused, not dropped: the game has no format
            raise CliError("--format goes with --print")
        return start_ui(daily=next((e for e in entries if e.kind == DEFAULT_KIND), entries[0]))
    fmt = args.format or "id"
    for i, entry in enumerate(entries):
        if fmt == "id":
            print(entry.seed_id, file=out)
            continue
        kind = find_kind(entry.kind)
        puzzle = deal(entry, kind)
        if fmt == "line":
            print(puzzle.game_id, file=out)
            continue
        fmt = next((f for f in ("grid", "picture") if f in kind.formats), kind.formats[0])
        if i:
            print(file=out)
        print(f"# {kind.title} {entry.params} {entry.level.label} · {entry.seed_id}", file=out)
        print(kind.write(puzzle.state, fmt).rstrip("\n"), file=out)
    return EXIT_OK


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    # the store and the daily play (sqlite3, the session) load only for these verbs: start-up
    from .player import stats

    return stats(args, out)


def cmd_name(args: argparse.Namespace, out: TextIO) -> int:
    # the store and the daily play (sqlite3, the session) load only for these verbs: start-up
    from .player import name

    return name(args, out)


def add_daily_verbs(add: Adder) -> None:
    """``daily``, ``stats`` and ``name``, on the parser."""
    default = find_kind(DEFAULT_KIND)
    sp = add("daily", cmd_daily, "the daily puzzles of a date (the same for every player)")
    sp.add_argument("--date", help="YYYY-MM-DD, today or earlier (default: today)")
    sp.add_argument("--kind", help=f"one kind of the set (default: the daily {default.title})")
    sp.add_argument("--print", action="store_true", help="print the set instead of playing")
    sp.add_argument(
        "--format",
        choices=("id", "line", "grid"),
        help="with --print: seed IDs (default), givens IDs, or grids",
    )
    store_help = ("the store: a postgresql:// URL or 'sqlite' (default: $PUZZLETERM_STORE, "
                  "else the local file)")
    sp = add("stats", cmd_stats, "your stats: games per kind and level, times, the daily "
             "streak; or a day's leaderboard")
    sp.add_argument("--leaderboard", action="store_true",
                    help="the fastest unassisted times of a day's puzzle, by player")
    sp.add_argument("--date", help="with --leaderboard: YYYY-MM-DD (default: today)")
    sp.add_argument("--kind", help=f"with --leaderboard: the kind (default: {default.name})")
    sp.add_argument("--store", metavar="URL", help=store_help)
    sp = add("name", cmd_name, "show or set the name you have on the leaderboard")
    sp.add_argument("name", nargs="?", help="2 to 16 ASCII letters, digits, _ or - (starting "
                    "with a letter)")
    sp.add_argument("--store", metavar="URL", help=store_help)
