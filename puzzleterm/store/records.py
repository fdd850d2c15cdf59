"""What the store keeps and says, whatever the back end: slots, the record types, the errors,
and the rules for leaderboard names."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import date

from .schema import FREE_PREFIX as FREE_PREFIX  # the slots, with the records' other names
from .schema import LOCAL_PLAYER
from .schema import MAIN_SLOT as MAIN_SLOT
from .schema import free_slot as free_slot
from .schema import free_slot_of as free_slot_of


class StoreError(Exception):
    """The store could not be written (disk full, permissions...); the message says why."""


class StoreOffline(StoreError):
    """The database server cannot be reached (the write is kept locally, see
    :mod:`puzzleterm.store.shared`)."""


class StoreBusy(StoreError):
    """Another program holds the store's file for writing (e.g. another puzzleterm in the
    middle of a save): nothing was written; a later try may succeed."""


class NameError_(StoreError):
    """A leaderboard name that cannot be taken (malformed, or another player's)."""


#: what a leaderboard name may be: 2 to 16 letters, digits, ``_ - .``, starting with a letter
NAME_RE = re.compile(r"[^\W\d_][\w.-]{1,15}")


def check_name(name: str) -> str:
    if not NAME_RE.fullmatch(name):
        raise NameError_(f"a name is 2 to 16 letters, digits, '_', '-' or '.', starting with a "
                         f"letter (not {name!r})")
    if name.lower().startswith(("key-", "guest", "sha256")):
        raise NameError_(f"{name!r} looks like a key or a guest; choose another name")
    return name


def display_name(player: str, name: str | None) -> str:
    """How the leaderboard shows a player: the name taken, else the start of the key's
    fingerprint (``key-SHA256:Ab3x...`` shows as ``Ab3x9QzT``)."""
    if name:
        return name
    if player.startswith("key-SHA256:"):
        return player[len("key-SHA256:"):][:8]
    return player[:12]


def default_player() -> str:
    """``$PUZZLETERM_PLAYER`` (set by ``puzzleterm serve``), else the local player."""
    return os.environ.get("PUZZLETERM_PLAYER") or LOCAL_PLAYER


@dataclass(frozen=True)
class LeaderRow:
    """One place on a leaderboard."""

    place: int
    player: str
    name: str
    elapsed: float


@dataclass(frozen=True)
class Leaderboard:
    """The top of a day's board for one kind, how many are ranked, and the player's place
    (None: not ranked)."""

    day: date
    kind: str
    top: tuple[LeaderRow, ...]
    total: int
    place: int | None


@dataclass(frozen=True)
class FinishedGame:
    """One row of the finished games (what the stats need)."""

    kind: str
    params: str
    level: str | None
    elapsed: float
    assisted: bool
    finished: float
    context: str | None


@dataclass(frozen=True)
class DailyResult:
    """A daily puzzle solved: written once per player, date and kind."""

    day: date
    kind: str
    params: str
    level: str | None
    seed_id: str
    elapsed: float
    hints: int
    reveals: int
    checked: bool
    assisted: bool
    finished: float

    @property
    def clean(self) -> bool:
        """Solved without reveals (what keeps a streak going; hints do not break it)."""
        return self.reveals == 0
