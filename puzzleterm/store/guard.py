"""A bounded wait for each statement on a database connection whose host may stop answering.

A host that drops packets, or a server that is stuck, leaves a statement waiting for an answer
that does not come: TCP keepalives give up after tens of seconds, and not at all when the
host's kernel still acknowledges (a paused server, a stuck proxy).  The game's thread must not
wait that long, so :class:`GuardedConnection` runs each statement with a deadline: a watchdog
thread, when the deadline passes, shuts the connection's socket down (``shutdown(2)`` on a
duplicate of its descriptor: the socket is the same, the descriptor stays the driver's).  The
waiting statement then fails at once with the driver's "connection lost" error, which the
store already treats as the database being away.

The watchdog never touches the driver's objects, only the socket, so it needs no lock of the
driver's; the connection is closed by its owner, after the statement has returned.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from contextlib import suppress
from typing import Any


class Watchdog:
    """Shuts a socket down when the statement armed for it outlives its deadline.  One thread,
    started at the first statement, ended by :meth:`stop`."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._deadline: float | None = None
        self._fd = -1
        self._token = 0
        self._fired = -1
        self._stopped = False
        self._thread: threading.Thread | None = None

    def arm(self, fd: int, timeout: float) -> int:
        """Watch ``fd`` for ``timeout`` seconds; the token to disarm with."""
        with self._cond:
            self._token += 1
            self._fd = fd
            self._deadline = time.monotonic() + timeout
            if self._thread is None and not self._stopped:
                self._thread = threading.Thread(target=self._run, daemon=True,
                                                name="puzzleterm-db-watchdog")
                self._thread.start()
            self._cond.notify()
            return self._token

    def disarm(self, token: int) -> bool:
        """The statement is over; whether the watchdog had cut its socket."""
        with self._cond:
            if self._token == token:
                self._deadline = None
            return self._fired == token

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._deadline = None
            self._cond.notify()

    def _run(self) -> None:
        with self._cond:
            while not self._stopped:
                if self._deadline is None:
                    self._cond.wait()
                    continue
                left = self._deadline - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                # under the lock: the owner cannot disarm, return and close the descriptor
                # (which the system could then give to another file) while it is cut
                self._fired = self._token
                self._deadline = None
                cut(self._fd)


def cut(fd: int) -> None:
    """Shut down the socket behind ``fd`` (both ways): whoever waits on it wakes up to an
    end of stream.  ``fd`` itself stays open."""
    with suppress(OSError):
        sock = socket.socket(fileno=os.dup(fd))
        try:
            sock.shutdown(socket.SHUT_RDWR)
        finally:
            sock.close()


class GuardedConnection:
    """A psycopg connection whose statements wait at most ``timeout`` seconds for an answer
    (``None``: as long as the driver does); a statement that times out raises ``lost`` (the
    driver's error for a lost connection) and leaves the connection broken.  Everything but
    :meth:`execute` and :meth:`close` is the connection's own."""

    def __init__(self, conn: Any, lost: type[Exception], timeout: float | None = None) -> None:
        self.raw = conn
        self.timeout = timeout
        self._lost = lost
        self._watchdog = Watchdog()

    def execute(self, query: Any, params: Any = None) -> Any:
        timeout = self.timeout
        if timeout is None or self.raw.closed or self.raw.broken:
            return self.raw.execute(query, params)
        token = self._watchdog.arm(self.raw.fileno(), timeout)
        try:
            result = self.raw.execute(query, params)
        except BaseException as exc:
            if self._watchdog.disarm(token):
                raise self._lost(f"no answer from the database in {timeout:g} s") from exc
            raise
        self._watchdog.disarm(token)
        return result

    def close(self) -> None:
        self._watchdog.stop()
        self.raw.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)
