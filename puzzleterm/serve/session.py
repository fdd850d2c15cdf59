"""One game process on its own pseudo-terminal.

The child is started with ``posix_spawn``: it becomes a session leader (``setsid``) and then
opens the PTY's slave by name, which makes it the controlling terminal, so the game gets
``SIGWINCH`` when the window size changes and its whole process group can be hung up.  The
event loop watches the master (the game's output) and a pidfd (the game's exit); no thread
and no ``preexec_fn``.  :meth:`GameProcess.terminate` sends ``SIGHUP`` to the process group,
waits, then sends ``SIGKILL``, so nothing of the session outlives it.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import resource
import signal
import struct
import termios
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

#: at most this much input is kept for a game that is not reading it
MAX_PENDING_INPUT = 1 << 20
READ_SIZE = 1 << 16


#: seconds between the CPU limit's SIGXCPU and its SIGKILL
CPU_GRACE = 5
#: the niceness of a game whose player went over the key budget
LOWEST_PRIORITY = 19


@dataclass(frozen=True)
class ProcessLimits:
    """What one game process may use: ``memory`` bytes of address space, ``cpu`` seconds of
    CPU in all (then SIGXCPU, and SIGKILL :data:`CPU_GRACE` seconds later), no core file, and
    the niceness it runs at."""

    memory: int
    cpu: int
    nice: int

    def apply(self, pid: int = 0) -> None:
        """Set them on process ``pid`` (0: this one).  A limit is never raised above what the
        process already has, so a server run under a lower limit keeps it."""
        for which, soft, hard in ((resource.RLIMIT_AS, self.memory, self.memory),
                                  (resource.RLIMIT_CPU, self.cpu, self.cpu + CPU_GRACE),
                                  (resource.RLIMIT_CORE, 0, 0)):
            _, now = resource.prlimit(pid, which)
            if now != resource.RLIM_INFINITY:
                soft, hard = min(soft, now), min(hard, now)
            resource.prlimit(pid, which, (soft, hard))
        target = pid or os.getpid()
        os.setpriority(os.PRIO_PROCESS, target,
                       max(self.nice, os.getpriority(os.PRIO_PROCESS, target)))


def set_window_size(fd: int, columns: int, rows: int, xpixels: int = 0, ypixels: int = 0) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, xpixels, ypixels))


def window_size(fd: int) -> tuple[int, int]:
    """``(columns, rows)`` of a terminal."""
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, b"\0" * 8))
    return columns, rows


class GameProcess:
    """A child process on a PTY.  ``on_output`` gets what it writes; ``on_exit`` its wait
    status code (see :attr:`returncode`) once it has exited and its last output is read."""

    def __init__(self, pid: int, master: int, on_output: Callable[[bytes], None],
                 on_exit: Callable[[int], None]) -> None:
        self.pid = pid
        self.master = master
        self.returncode: int | None = None
        self._on_output = on_output
        self._on_exit = on_exit
        self._loop = asyncio.get_running_loop()
        self._exited = self._loop.create_future()
        self._pending = bytearray()
        self._reading = False
        self._closed = False
        self._pidfd: int | None = None
        self._poll: asyncio.TimerHandle | None = None
        os.set_blocking(master, False)
        self.resume_output()
        try:
            self._pidfd = os.pidfd_open(pid)
        except (AttributeError, OSError):
            self._poll = self._loop.call_later(0.1, self._check_exit)
        else:
            self._loop.add_reader(self._pidfd, self._check_exit)

    @classmethod
    def spawn(cls, argv: Sequence[str], env: Mapping[str, str], columns: int, rows: int,
              on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
              xpixels: int = 0, ypixels: int = 0,
              limits: ProcessLimits | None = None) -> GameProcess:
        """Start ``argv`` on a new PTY of the given size (call from the event loop), under
        ``limits`` (set as it starts: before it has read its first byte of input)."""
        master, slave = os.openpty()
        try:
            set_window_size(master, columns, rows, xpixels, ypixels)
            tty = os.ttyname(slave)
            actions = [
                (os.POSIX_SPAWN_OPEN, 0, tty, os.O_RDWR, 0),  # the controlling terminal
                (os.POSIX_SPAWN_DUP2, 0, 1),
                (os.POSIX_SPAWN_DUP2, 0, 2),
            ]
            pid = os.posix_spawn(argv[0], list(argv), dict(env), file_actions=actions,
                                 setsid=True, setsigdef=_DEFAULT_SIGNALS)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        if limits is not None:
            try:
                limits.apply(pid)
            except OSError:  # a game without its limits does not run
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                os.close(master)
                raise
        return cls(pid, master, on_output, on_exit)

    # -- input and window size ---------------------------------------------------------------
    def write(self, data: bytes) -> None:
        if self._closed or self.returncode is not None:
            return
        if self._pending:
            if len(self._pending) + len(data) <= MAX_PENDING_INPUT:
                self._pending += data
            return
        try:
            n = os.write(self.master, data)
        except BlockingIOError:
            n = 0
        except OSError:
            return  # the game has gone: its exit is on the way
        if n < len(data):
            self._pending += data[n:]
            self._loop.add_writer(self.master, self._flush)

    def _flush(self) -> None:
        try:
            n = os.write(self.master, self._pending)
        except BlockingIOError:
            return
        except OSError:
            n = len(self._pending)
        del self._pending[:n]
        if not self._pending:
            self._loop.remove_writer(self.master)

    def resize(self, columns: int, rows: int, xpixels: int = 0, ypixels: int = 0) -> None:
        """Set the PTY's size; the kernel sends the game ``SIGWINCH``."""
        if not self._closed:
            set_window_size(self.master, columns, rows, xpixels, ypixels)

    def lower_priority(self) -> None:
        """Run the game at the lowest priority from now on (every thread of it: on Linux each
        has its own niceness).  A process may not raise it again: this is for good."""
        try:
            threads = [int(t.name) for t in Path(f"/proc/{self.pid}/task").iterdir()]
        except OSError:
            threads = [self.pid]
        for tid in threads:
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, tid, LOWEST_PRIORITY)

    # -- output ------------------------------------------------------------------------------
    def pause_output(self) -> None:
        if self._reading and not self._closed:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume_output(self) -> None:
        if not self._reading and not self._closed:
            self._loop.add_reader(self.master, self._read)
            self._reading = True

    def _read(self) -> None:
        try:
            data = os.read(self.master, READ_SIZE)
        except BlockingIOError:
            return
        except OSError as exc:  # EIO: no process has the slave open any more
            if exc.errno != errno.EIO:
                raise
            data = b""
        if data:
            self._on_output(data)
        else:
            self.pause_output()

    def _drain(self) -> None:
        """Pass on what the game wrote before it exited."""
        if self._closed:
            return
        for _ in range(64):
            try:
                data = os.read(self.master, READ_SIZE)
            except OSError:
                return
            if not data:
                return
            self._on_output(data)

    # -- exit --------------------------------------------------------------------------------
    def _check_exit(self) -> None:
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            pid, status = self.pid, 0
        if pid == 0:
            if self._poll is not None:
                self._poll = self._loop.call_later(0.1, self._check_exit)
            return
        self.returncode = os.waitstatus_to_exitcode(status)
        if self._pidfd is not None:
            self._loop.remove_reader(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        self._drain()
        if not self._exited.done():
            self._exited.set_result(self.returncode)
        self._on_exit(self.returncode)

    @property
    def running(self) -> bool:
        return self.returncode is None

    def signal_group(self, sig: int) -> None:
        """Send ``sig`` to the game's process group (its id is the game's pid)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    async def terminate(self, grace: float) -> int | None:
        """Hang the game up and wait for it; kill its process group when it does not go."""
        if self.returncode is None:
            self.signal_group(signal.SIGHUP)
            self.signal_group(signal.SIGCONT)  # a stopped process must run to handle SIGHUP
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), grace)
            except TimeoutError:
                self.signal_group(signal.SIGKILL)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self._exited), 5.0)
        self.signal_group(signal.SIGKILL)  # anything the game left behind in its group
        await self._reap_group()
        self.close()
        return self.returncode

    async def _reap_group(self) -> None:
        """Reap what the game left in its group and this process inherited (as a subreaper,
        see :mod:`.prefork`), so no zombie stays behind."""
        for _ in range(40):
            try:
                pid, _ = os.waitpid(-self.pid, os.WNOHANG)
            except ChildProcessError:
                return  # none of the group is a child of ours
            if pid == 0:
                await asyncio.sleep(0.05)

    async def wait(self) -> int:
        result: int = await asyncio.shield(self._exited)
        return result

    def close(self) -> None:
        if self._closed:
            return
        self.pause_output()
        if self._pending:
            self._loop.remove_writer(self.master)
            self._pending.clear()
        self._closed = True
        os.close(self.master)
        if self._poll is not None:
            self._poll.cancel()


#: signals the game starts with at their default action, whatever the server set for itself
_DEFAULT_SIGNALS = (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGQUIT,
                    signal.SIGPIPE, signal.SIGCHLD, signal.SIGWINCH)
