"""What the store keeps and says, whatever the back end: slots, the record types, the errors,
and the rules for leaderboard names."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable
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


#: what a leaderboard name may be: 2 to 16 ASCII letters, digits, ``_`` or ``-``, starting with
#: a letter (no other script: ``Аnn`` with a Cyrillic ``А`` would pass for ``Ann``)
NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")
#: how a key's player shows on the board when they have no name: marked with ``:``, which no
#: name may hold, so that no name can look like a key (``key:Ab3x9QzT``)
KEY_MARK = "key:"
#: how many characters of a key's fingerprint the board shows
KEY_SHOWN = 8
KEY_PLAYER = "key-SHA256:"
#: names may not start like a player the store makes up (a key, a guest)
RESERVED = ("key-", "guest", "sha256")
#: ASCII look-alikes, after lower-casing (after Unicode's confusables for these letters):
#: pairs of letters first, then single characters
_LOOKALIKE_PAIRS = (("rn", "m"), ("vv", "w"), ("cl", "d"))
_LOOKALIKE = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l", "_": "-"})


def skeleton(name: str) -> str:
    """What a name looks like, for telling names apart: lower case, with look-alikes made
    one (``0``/``o``, ``1``/``l``/``I``, ``rn``/``m``, ``vv``/``w``, ``cl``/``d``, ``_``/``-``).
    Two names with one skeleton cannot both be taken."""
    text = name.lower()
    for pair, one in _LOOKALIKE_PAIRS:
        text = text.replace(pair, one)
    return text.translate(_LOOKALIKE)


def check_name(name: str) -> str:
    """``name`` as it is taken (NFKC-normalised: a full-width ``Ａnn`` is ``Ann``) if it may
    be a leaderboard name, else :class:`NameError_` saying why (whether another player has
    it, or it reads as their key, is the store's to check)."""
    name = unicodedata.normalize("NFKC", name)
    if not name.isascii() or not NAME_RE.fullmatch(name):
        shown = name.encode("ascii", "backslashreplace").decode("ascii")
        raise NameError_(f"a name is 2 to 16 ASCII letters, digits, '_' or '-', starting with "
                         f"a letter (not {shown!r})")
    if skeleton(name).startswith(tuple(skeleton(r) for r in RESERVED)):
        raise NameError_(f"{name!r} looks like a key or a guest; choose another name")
    return name


def key_shown(player: str) -> str | None:
    """The part of a key player's fingerprint the board shows (``Ab3x9QzT``), else None."""
    if player.startswith(KEY_PLAYER):
        return player[len(KEY_PLAYER):][:KEY_SHOWN] or None
    return None


def reads_as_key(name: str, players: Iterable[str]) -> bool:
    """Whether ``name`` can be read as the shown fingerprint of one of ``players``: the
    shown part is in the name, ignoring case and look-alikes."""
    mine = skeleton(name)
    return any(shown is not None and skeleton(shown) in mine
               for shown in map(key_shown, players))


def valid_name(name: str | None) -> bool:
    """Whether a stored name keeps to today's rules (one taken under older rules may not)."""
    if not name:
        return False
    try:
        return check_name(name) == name
    except NameError_:
        return False


def display_name(player: str, name: str | None) -> str:
    """How the leaderboard shows a player: the name taken, else the start of the key's
    fingerprint, marked (``key-SHA256:Ab3x...`` shows as ``key:Ab3x9QzT``).  A name taken
    under older rules that break today's (another script, a ``.``) is not shown: the player
    shows by their key until they choose another."""
    if name and valid_name(name):
        return name
    shown = key_shown(player)
    if shown is not None:
        return KEY_MARK + shown
    return player[:12]


def default_player() -> str:
    """``$PUZZLETERM_PLAYER`` (set by ``puzzleterm serve``), else the local player."""
    return os.environ.get("PUZZLETERM_PLAYER") or LOCAL_PLAYER


#: why a daily result is kept off its day's board (stored with the result; None: ranked
#: when unassisted): solved on a later day, from the archive ...
ARCHIVE = "archive"
#: ... or faster than a human can (under the floor of its kind and size, see
#: :mod:`puzzleterm.daily_play`)
TOO_FAST = "too fast"
UNRANKED_TEXT = {ARCHIVE: "archive solve", TOO_FAST: "too fast to rank"}


@dataclass(frozen=True)
class LeaderRow:
    """One place on a leaderboard (``place`` 0 and a ``note``: a solve shown apart, not
    ranked)."""

    place: int
    player: str
    name: str
    elapsed: float
    note: str | None = None


@dataclass(frozen=True)
class Leaderboard:
    """The top of a day's board for one kind, how many are ranked, and the player's place
    (None: not ranked)."""

    day: date
    kind: str
    top: tuple[LeaderRow, ...]
    total: int
    place: int | None
    #: unassisted solves kept off the board (archive, too fast), fastest first, up to the limit
    apart: tuple[LeaderRow, ...] = ()
    #: read from this host's copy while the shared database is away: the place may change
    #: once the results waiting here (and the other hosts') are in
    pending: bool = False


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
    #: why it is not on the day's board (:data:`ARCHIVE`, :data:`TOO_FAST`); None: ranked
    #: when unassisted
    unranked: str | None = None

    @property
    def clean(self) -> bool:
        """Solved without reveals (what keeps a streak going; hints do not break it)."""
        return self.reveals == 0
