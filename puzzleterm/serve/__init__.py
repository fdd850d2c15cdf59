"""``puzzleterm serve``: play over SSH.

An SSH server (asyncssh) that runs one ``puzzleterm`` process on its own PTY per session.
Players are told apart by their public key's fingerprint; players without a key are guests.
See :mod:`.server` for what a session may do, :mod:`.identity` for who is who and what the game
is given, :mod:`.limits` for the limits, :mod:`.session` for the game process.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .limits import Limits

if TYPE_CHECKING:
    import asyncssh

    from .server import ServeConfig

__all__ = ["Limits", "main"]


def main(args: argparse.Namespace) -> int:
    """Run the server from the ``serve`` command's arguments until SIGINT or SIGTERM."""
    from ..store import default_home
    from .hostkey import HOST_KEY_NAME, HostKeyError, fingerprint, load_or_create_host_key
    from .server import ServeConfig

    logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # one line per session is ours
    if not 0 <= args.port <= 65535:
        print(f"puzzleterm: --port must be 0 to 65535 (0: any free port), not {args.port}",
              file=sys.stderr)
        return 2
    if args.fps is not None and args.fps < 1:
        print(f"puzzleterm: --fps must be at least 1, not {args.fps}", file=sys.stderr)
        return 2
    try:
        limits = Limits(max_sessions=args.max_sessions, max_per_address=args.max_per_address,
                        rate_per_address=args.rate_per_address,
                        idle_timeout=args.idle_timeout * 60.0, login_grace=args.login_grace,
                        max_pending=args.max_pending,
                        max_pending_per_address=args.max_pending_per_address,
                        key_rate=args.key_rate, key_burst=args.key_burst,
                        game_memory=args.game_memory, game_cpu=args.game_cpu,
                        game_nice=args.game_nice)
    except ValueError as exc:
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "store", None):  # games take it from the environment
        from ..store import STORE_ENV, StoreError, check_store_url

        try:
            os.environ[STORE_ENV] = check_store_url(args.store)
        except StoreError as exc:
            print(f"puzzleterm: {exc}", file=sys.stderr)
            return 2
    data_dir = default_home()
    key_path = Path(args.host_key) if args.host_key else data_dir / HOST_KEY_NAME
    try:
        key, created = load_or_create_host_key(key_path)
    except HostKeyError as exc:
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return 2
    config = ServeConfig(host=args.host, port=args.port, data_dir=data_dir, host_key=key_path,
                         limits=limits, fps=args.fps, prefork=args.prefork)
    print(f"puzzleterm serve: {'made a new' if created else 'using the'} host key {key_path}",
          file=sys.stderr)
    print(f"puzzleterm serve: host key fingerprint {fingerprint(key)}", file=sys.stderr)
    try:
        asyncio.run(_serve(config, key))
    except OSError as exc:
        print(f"puzzleterm: cannot listen on {args.host} port {args.port}: {exc.strerror}",
              file=sys.stderr)
        return 1
    return 0


async def _serve(config: ServeConfig, key: asyncssh.SSHKey) -> None:
    from .server import serve_until_stopped

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)

    def listening(port: int) -> None:
        print(f"puzzleterm serve: listening on {config.host} port {port} "
              f"(at most {config.limits.max_sessions} games)", file=sys.stderr)

    await serve_until_stopped(config, key, stop, listening)
