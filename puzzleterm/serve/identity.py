"""Who is who over SSH, and what the game process is given.

A player who logs in with a public key is ``key-SHA256:<base64>``, the key's SHA-256
fingerprint: the same key is the same player on every visit.  A player without a key is a
guest, ``guest-<random hex>``, new on every connection.  The user name the client sends is never
used.  Each player's store lives in a directory the server chooses from the identity alone
(``<data dir>/players/<sha256 hex of the identity>``); a guest's is a temporary directory
removed when the session ends.  The host's players share one leaderboard file
(``<data dir>/board``, see :mod:`puzzleterm.store.host`).  The game process gets an
environment built here and nothing else: never a path or name the client chose.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

KEY_PREFIX = "key-"
#: the host's leaderboard directory, under the data directory
BOARD_DIR = "board"
GUEST_PREFIX = "guest-"

#: what a client's ``TERM`` must look like to be passed on
SAFE_TERM = re.compile(r"[A-Za-z0-9._+-]{1,64}")
DEFAULT_TERM = "xterm-256color"
SAFE_LANG = re.compile(r"[A-Za-z0-9_.@-]{1,64}")
DEFAULT_LANG = "C.UTF-8"
TRUECOLOR = {"truecolor", "24bit"}
#: terminals that know 16 colours only
FEW_COLOURS = {"dumb", "ansi", "vt100", "vt102", "vt220", "linux", "cons25"}


@dataclass(frozen=True)
class Identity:
    """A player: ``name`` is what the log and the game see."""

    name: str

    @property
    def guest(self) -> bool:
        return self.name.startswith(GUEST_PREFIX)

    @property
    def store_name(self) -> str:
        """The player's directory name under ``players/``: a hash of the identity."""
        return hashlib.sha256(self.name.encode("ascii")).hexdigest()


def key_identity(fingerprint: str) -> Identity:
    """The identity of a public key, from its ``SHA256:...`` fingerprint."""
    if not fingerprint.startswith("SHA256:") or not fingerprint.isascii():
        raise ValueError(f"not a SHA256 fingerprint: {fingerprint!r}")
    return Identity(KEY_PREFIX + fingerprint)


def guest_identity() -> Identity:
    return Identity(GUEST_PREFIX + secrets.token_hex(8))


class PlayerHome:
    """A player's store directory; a guest's is temporary and goes with :meth:`discard`."""

    def __init__(self, path: Path, temporary: bool) -> None:
        self.path = path
        self.temporary = temporary

    @classmethod
    def for_identity(cls, identity: Identity, data_dir: Path) -> PlayerHome:
        if identity.guest:
            return cls(Path(tempfile.mkdtemp(prefix="puzzleterm-guest-")), True)
        players = data_dir / "players"
        players.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = players / identity.store_name
        path.mkdir(mode=0o700, exist_ok=True)
        return cls(path, False)

    def discard(self) -> None:
        if self.temporary:
            shutil.rmtree(self.path, ignore_errors=True)


def colour_system(term: str, colorterm: str) -> str:
    """Textual's colour system for a client: 256 colours unless it says truecolor (or is a
    16-colour terminal)."""
    if colorterm.lower() in TRUECOLOR:
        return "truecolor"
    if term in FEW_COLOURS:
        return "standard"
    return "256"


def child_environment(identity: Identity, home: PlayerHome, client_env: Mapping[str, str],
                      term: str | None, server_env: Mapping[str, str] | None = None,
                      fps: int | None = None, board: Path | None = None) -> dict[str, str]:
    """The whole environment of a game process.

    From the client only ``TERM`` (the PTY's terminal type, checked), ``COLORTERM`` and
    ``LANG`` (checked) pass; ``PATH`` and ``HOME`` are the server's.  ``COLUMNS`` and ``LINES``
    are never set: the window size is the PTY's.  ``board`` is the directory of the host's
    leaderboard file, used when the server has no shared database.
    """
    server = os.environ if server_env is None else server_env
    term = term if term is not None and SAFE_TERM.fullmatch(term) else DEFAULT_TERM
    colorterm = client_env.get("COLORTERM", "")
    lang = client_env.get("LANG", "")
    env = {
        "PATH": server.get("PATH", os.defpath),
        "HOME": server.get("HOME", "/"),
        "TERM": term,
        "LANG": lang if SAFE_LANG.fullmatch(lang) else DEFAULT_LANG,
        "TEXTUAL_COLOR_SYSTEM": colour_system(term, colorterm),
        "PUZZLETERM_PLAYER": identity.name,
        "PUZZLETERM_HOME": str(home.path),
    }
    if colorterm.lower() in TRUECOLOR:
        env["COLORTERM"] = colorterm.lower()
    if server.get("PUZZLETERM_STORE"):  # a shared database (the server's own setting)
        env["PUZZLETERM_STORE"] = server["PUZZLETERM_STORE"]
    elif board is not None:  # else the host's board file: its players share a leaderboard
        env["PUZZLETERM_BOARD"] = str(board)
    if identity.guest:
        env["PUZZLETERM_GUEST"] = "1"
    if fps is not None:
        env["TEXTUAL_FPS"] = str(fps)
    return env
