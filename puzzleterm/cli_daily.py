"""The daily commands: ``puzzleterm daily`` (play or print a date's set) and
``puzzleterm stats`` (the player's stats and streak)."""

from __future__ import annotations

import argparse
import sys
from datetime import date
from typing import TextIO

from .daily_play import stats_for, stats_text
from .engine import find_kind
from .engine.daily import check_date, daily_set, deal, parse_date
from .store import Store

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
        fmt = "grid" if "grid" in kind.formats else kind.formats[0]
        if i:
            print(file=out)
        print(f"# {kind.title} {entry.params} {entry.level.label} · {entry.seed_id}", file=out)
        print(kind.write(puzzle.state, fmt).rstrip("\n"), file=out)
    return EXIT_OK


def cmd_stats(args: argparse.Namespace, out: TextIO) -> int:
    store = Store.open()
    for notice in store.notices:
        print(f"puzzleterm: {notice}", file=sys.stderr)
    print(stats_text(stats_for(store, date.today())), file=out)
    store.close()
    return EXIT_OK
