"""The verbs on the player's store: ``stats`` (games per kind and level, times, the daily
streak; or a day's leaderboard) and ``name`` (the name shown on the leaderboard)."""

from __future__ import annotations

import argparse
import sys
from datetime import date
from typing import TextIO

from ..daily_play import GUEST_NOTE, is_guest, leaderboard_text, stats_for, stats_text
from ..engine import find_kind
from ..engine.daily import DEFAULT_KIND, check_date, daily_set, parse_date
from ..store import Store, StoreError, check_store_url, display_name, open_store
from .common import EXIT_OK, CliError


def open_for(args: argparse.Namespace) -> Store:
    """The store ``--store`` names (else ``$PUZZLETERM_STORE``, else the local file); its
    notices go to standard error."""
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


def stats(args: argparse.Namespace, out: TextIO) -> int:
    today = date.today()
    if getattr(args, "leaderboard", False):
        day = today if args.date is None else parse_date(args.date)
        check_date(day, today)
        kind = find_kind(args.kind or DEFAULT_KIND).name
        if not any(e.kind == kind for e in daily_set(day)):
            raise CliError(f"{kind} has no daily puzzle on {day.isoformat()}")
        store = open_for(args)
        try:
            print(leaderboard_text(store.leaderboard(day, kind), store.player), file=out)
        finally:
            store.close()
        return EXIT_OK
    if args.date is not None or args.kind is not None:
        raise CliError("--date and --kind go with --leaderboard")
    store = open_for(args)
    try:
        print(stats_text(stats_for(store, today)), file=out)
    finally:
        store.close()
    return EXIT_OK


def name(args: argparse.Namespace, out: TextIO) -> int:
    store = open_for(args)
    try:
        if is_guest(store):
            raise CliError(GUEST_NOTE)
        if args.name is None:
            taken = store.name()
            shown = display_name(store.player, taken)
            key = " the start of your key" if store.player.startswith("key-") else ""
            print(shown if taken else f"{shown} (no name set{':' * bool(key)}{key})", file=out)
            return EXIT_OK
        try:
            store.set_name(args.name)
        except StoreError as exc:
            raise CliError(str(exc)) from exc
        print(f"You are {args.name} on the leaderboard.", file=out)
        return EXIT_OK
    finally:
        store.close()
