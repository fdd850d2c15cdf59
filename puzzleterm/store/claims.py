"""One writer per game: which app has a game in progress open, and fencing the others off.

An app that opens a game **claims** its slot (:meth:`~.protocol.Store.claim`): a row of the
``claims`` table naming the app (a token of its own, its host and process), renewed by a
heartbeat while it is open.  The last app to open a game **takes it over**: the claim names
it from then on, and a save of the game by any other app that had claimed it is refused
(:class:`GameOpenElsewhere`), its data kept in ``set_aside`` rather than dropped.  So two apps
on one game never overwrite each other's moves in silence:

- the app that opens a game another app holds hears it from :meth:`claim` (the other's
  claim, to say "it was open in another puzzleterm ... and continues here");
- the app it was taken from hears it at its next save (:class:`GameOpenElsewhere`).

No claim ever locks a game: an app that died, froze or lost its host leaves a claim that the
next opener simply takes.  Its heartbeat and process only decide whether that claim is
reported as live (:meth:`Claim.live`).  The claim is checked in the save's own transaction,
so this holds across the hosts of one PostgreSQL database too.

A claim let go (the app went home, finished the game, or quit) is kept, marked released, for
:data:`RELEASED_KEPT` seconds: an app whose claim was taken over is still fenced off after the
other app let the game go.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from dataclasses import dataclass

from .records import StoreError

#: seconds between heartbeats of an app's claims (at :meth:`~.protocol.Store.sync`)
CLAIM_BEAT = 10.0
#: seconds without a heartbeat after which a claim of another host counts as dead
CLAIM_STALE = 45.0
#: seconds a released claim is kept (it fences off an app that was taken over)
RELEASED_KEPT = 7 * 24 * 3600.0


def this_host() -> str:
    """The name claims give this machine."""
    return socket.gethostname() or "localhost"


@dataclass(frozen=True)
class Owner:
    """An app holding claims: a token of its own, its host and process."""

    token: str
    host: str
    pid: int

    @classmethod
    def here(cls) -> Owner:
        return cls(secrets.token_hex(8), this_host(), os.getpid())


def pid_alive(pid: int) -> bool:
    """Whether a process of that id exists on this host."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        return True
    except OSError:
        return False
    return True


@dataclass(frozen=True)
class Claim:
    """Who holds a slot: the app's token, host and process, since when, its last heartbeat
    (``time.time()`` of its host), and whether it let the slot go."""

    slot: str
    owner: str
    host: str
    pid: int
    since: float
    beat: float
    released: bool = False

    def live(self, now: float | None = None, host: str | None = None) -> bool:
        """Whether the app holding the claim is still there: not released, a recent
        heartbeat, and (when on this host) its process running."""
        if self.released:
            return False
        now = time.time() if now is None else now
        if now - self.beat > CLAIM_STALE:
            return False
        if self.host == (this_host() if host is None else host):
            return pid_alive(self.pid)
        return True

    def describe(self, host: str | None = None) -> str:
        """``another puzzleterm on this machine (process 4242), since 14:02``."""
        here = self.host == (this_host() if host is None else host)
        where = f"on this machine (process {self.pid})" if here else f"on {self.host}"
        since = time.strftime("%H:%M", time.localtime(self.since))
        return f"another puzzleterm {where}, since {since}"


class GameOpenElsewhere(StoreError):
    """This app's claim on the game was taken over by another app (``claim``, None when the
    claim is gone): this app may no longer write the game."""

    def __init__(self, message: str, claim: Claim | None = None) -> None:
        super().__init__(message)
        self.claim = claim


def taken_over(claim: Claim | None) -> GameOpenElsewhere:
    """The error for a save refused because ``claim`` (another app's) holds the game."""
    who = claim.describe() if claim is not None else "another puzzleterm"
    return GameOpenElsewhere(f"this game was opened in {who}: it goes on there, and what is "
                             "played here is no longer saved (it was set aside)", claim)
