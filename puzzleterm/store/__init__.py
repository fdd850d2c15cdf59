"""Saves: games in progress, finished games, daily results and leaderboard names.

One :class:`Store` protocol, three back ends, none built on another:

- :mod:`.sqlite`: a local SQLite file (the default: nothing to set up);
- :mod:`.host`: under ``puzzleterm serve`` with the default store, each player's file plus
  one board file for the host's results, names and leaderboard;
- :mod:`.pg`: PostgreSQL, the same statements (:mod:`.tables`) and schema (:mod:`.schema`);
- :mod:`.shared`: PostgreSQL behind a local SQLite outbox, for several ``puzzleterm serve``
  hosts sharing one database, chosen with a ``postgresql://`` URL (``--store`` or
  ``$PUZZLETERM_STORE``, see :func:`open_store`).

The record types, slots and errors every back end shares are in :mod:`.records`.
"""

from __future__ import annotations

import os
from pathlib import Path

from .claims import Claim, GameOpenElsewhere
from .host import BOARD_ENV, HostStore
from .pg import is_postgres_url
from .protocol import Store
from .records import (
    ARCHIVE,
    FREE_PREFIX,
    MAIN_SLOT,
    NAME_RE,
    TOO_FAST,
    UNRANKED_TEXT,
    DailyResult,
    FinishedGame,
    Leaderboard,
    LeaderRow,
    NameError_,
    StoreBusy,
    StoreError,
    StoreOffline,
    check_name,
    default_player,
    display_name,
    free_slot,
)
from .schema import LOCAL_PLAYER
from .shared import open_shared
from .sqlite import DB_NAME, SqliteStore, deals_in, default_home

__all__ = [
    "ARCHIVE",
    "BOARD_ENV",
    "DB_NAME",
    "FREE_PREFIX",
    "LOCAL_PLAYER",
    "MAIN_SLOT",
    "NAME_RE",
    "STORE_ENV",
    "TOO_FAST",
    "UNRANKED_TEXT",
    "Claim",
    "DailyResult",
    "FinishedGame",
    "GameOpenElsewhere",
    "HostStore",
    "LeaderRow",
    "Leaderboard",
    "NameError_",
    "SqliteStore",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreOffline",
    "check_name",
    "check_store_url",
    "deals_in",
    "default_home",
    "default_player",
    "display_name",
    "free_slot",
    "open_store",
]

#: names the store: a ``postgresql://`` URL (shared by several hosts), else the local SQLite
STORE_ENV = "PUZZLETERM_STORE"


def check_store_url(url: str) -> str:
    """A store URL as given to ``--store``; raises :class:`StoreError` on another scheme."""
    if url in ("", "sqlite") or is_postgres_url(url):
        return url
    raise StoreError(f"unknown store {url!r}: give a postgresql://user@host/db URL, or "
                     "'sqlite' for the local file")


def open_store(url: str | None = None, home: Path | None = None,
               player: str | None = None) -> Store:
    """The store to use: PostgreSQL when ``url`` (else ``$PUZZLETERM_STORE``) is a
    ``postgresql://`` URL, else SQLite in ``home``.  Never raises: problems are notices."""
    url = os.environ.get(STORE_ENV, "") if url is None else url
    try:
        check_store_url(url)
    except StoreError as exc:
        store = SqliteStore.open(home, player)
        store.notices.append(f"{exc}; using the local file.")
        return store
    if url in ("", "sqlite"):
        board = os.environ.get(BOARD_ENV)
        if board:  # a game of ``puzzleterm serve``: the host's players share one board
            return HostStore.open(home, Path(board), player)
        return SqliteStore.open(home, player)
    return open_shared(url, home, player)
