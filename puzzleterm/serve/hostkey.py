"""The server's host key: made on first start (Ed25519), kept readable by its owner only."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import asyncssh

HOST_KEY_NAME = "ssh_host_ed25519_key"


class HostKeyError(Exception):
    """The host key cannot be made or read; the message says why."""


def load_or_create_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The key at ``path`` (made there with mode 0600 when absent) and whether it is new.

    A key file that others may read is refused, as OpenSSH does.
    """
    created = False
    if not path.exists():
        try:
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            key = asyncssh.generate_private_key("ssh-ed25519", comment="puzzleterm serve")
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as fh:
                fh.write(key.export_private_key())
            created = True
        except FileExistsError:
            pass  # another server made it just now: read it
        except OSError as exc:
            raise HostKeyError(f"cannot write the host key {path}: {exc.strerror}") from exc
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError as exc:
        raise HostKeyError(f"cannot read the host key {path}: {exc.strerror}") from exc
    if mode & 0o077:
        raise HostKeyError(f"the host key {path} may be read by others (mode {mode:04o}); "
                           f"run: chmod 600 {path}")
    try:
        return asyncssh.read_private_key(path), created
    except (OSError, asyncssh.KeyImportError) as exc:
        raise HostKeyError(f"cannot read the host key {path}: {exc}") from exc


def fingerprint(key: asyncssh.SSHKey) -> str:
    """``SHA256:...``, as ``ssh`` shows it when it first meets the server."""
    return key.get_fingerprint("sha256")
