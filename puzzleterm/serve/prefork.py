"""A warm starter for games: one process that has imported the app forks each new game.

Starting a game from scratch costs about 0.3 s of CPU (Python, Textual and the app to import);
forking a process that has done that costs about 0.08 s, and the imported pages stay shared.

The starter (``python -m puzzleterm.serve.prefork``) is the server's child, on a Unix socket
(fd 3).  For each game the server sends the game's environment and, as ancillary data, the
slave side of the game's PTY; the starter forks twice so the game ends up a child of the
server (which has made itself a "child subreaper"), and answers with the game's PID.  The game
then sets itself up as :mod:`.session` does for a spawned one: its own session, the PTY as its
controlling terminal and standard streams, exactly the environment sent, and Textual's
settings read again from it.  From then on the server treats it like any other game process.

Today's daily puzzles are the same for every player, but dealing them costs seconds of CPU
(the app deals them ahead in the background when it starts).  The starter has them dealt once
a day, in a child process, into a template store; a player who has no store yet (a new key,
every guest) starts from a copy of it, so the game finds the set already dealt, and a
returning player's game copies the day's puzzles from it into the player's store.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import errno
import fcntl
import gc
import importlib
import json
import os
import shutil
import signal
import socket
import sys
import tempfile
import termios
from collections.abc import Callable, Mapping
from datetime import date
from pathlib import Path
from typing import Any

from .session import GameProcess, ProcessLimits, set_window_size

CONTROL_FD = 3
PR_SET_CHILD_SUBREAPER = 36
MAX_MESSAGE = 1 << 16


def become_subreaper() -> bool:
    """Make orphaned descendants (the forked games) children of this process (Linux)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


class Preforker:
    """The server's side of the starter."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self.env = dict(env)
        self.pid: int | None = None
        self.alive = False
        self._sock: socket.socket | None = None
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ready: asyncio.Future[bool] | None = None

    async def start(self, timeout: float = 60.0) -> bool:
        """Start the starter and wait until it has imported the app; False if it cannot."""
        if not become_subreaper():
            return False
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            argv = [sys.executable, "-m", "puzzleterm.serve.prefork"]
            self.pid = os.posix_spawn(
                argv[0], argv, self.env, setpgroup=0,
                file_actions=[(os.POSIX_SPAWN_DUP2, theirs.fileno(), CONTROL_FD),
                              (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0)])
        except OSError:
            ours.close()
            return False
        finally:
            theirs.close()
        ours.setblocking(False)
        self._sock = ours
        self._ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._receive)
        try:
            self.alive = await asyncio.wait_for(asyncio.shield(self._ready), timeout)
        except TimeoutError:
            self.alive = False
        if not self.alive:
            await self.stop()
        return self.alive

    def _receive(self) -> None:
        assert self._sock is not None
        try:
            data = self._sock.recv(MAX_MESSAGE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._gone()
            return
        message = json.loads(data)
        if message.get("ready") and self._ready is not None and not self._ready.done():
            self._ready.set_result(True)
            return
        future = self._waiting.pop(int(message.get("id", -1)), None)
        if future is not None and not future.done():
            future.set_result(message)

    def _gone(self) -> None:
        self.alive = False
        if self._sock is not None:
            asyncio.get_running_loop().remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        if self._ready is not None and not self._ready.done():
            self._ready.set_result(False)
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(OSError(errno.EPIPE, "the game starter has gone"))
        self._waiting.clear()

    async def spawn(self, env: Mapping[str, str], columns: int, rows: int,
                    on_output: Callable[[bytes], None], on_exit: Callable[[int], None],
                    xpixels: int = 0, ypixels: int = 0, timeout: float = 10.0,
                    limits: ProcessLimits | None = None) -> GameProcess:
        """A new game on a new PTY of the given size, which sets ``limits`` on itself before
        it runs the app; OSError when the starter cannot."""
        if not self.alive or self._sock is None:
            raise OSError(errno.EPIPE, "the game starter is not running")
        master, slave = os.openpty()
        try:
            set_window_size(master, columns, rows, xpixels, ypixels)
            self._next += 1
            future = asyncio.get_running_loop().create_future()
            self._waiting[self._next] = future
            request = json.dumps({"id": self._next, "env": dict(env),
                                  "limits": None if limits is None else [
                                      limits.memory, limits.cpu, limits.nice]}).encode()
            socket.send_fds(self._sock, [request], [slave])
            os.close(slave)
            slave = -1
            reply = await asyncio.wait_for(future, timeout)
            if "pid" not in reply:
                raise OSError(errno.EAGAIN, str(reply.get("error", "the game did not start")))
            return GameProcess(int(reply["pid"]), master, on_output, on_exit)
        except BaseException:
            os.close(master)
            raise
        finally:
            if slave >= 0:
                os.close(slave)

    async def stop(self) -> None:
        """Close the socket (the starter exits on its end of file) and reap it."""
        if self._sock is not None:
            self._gone()
        if self.pid is None:
            return
        pid, self.pid = self.pid, None
        for _ in range(50):
            with contextlib.suppress(ChildProcessError):
                if os.waitpid(pid, os.WNOHANG)[0] != 0:
                    return
            await asyncio.sleep(0.05)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)  # the starter and its dealer (see DailyTemplate)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        for _ in range(20):  # a dealer left by a killed starter is ours (a subreaper's)
            try:
                if os.waitpid(-pid, os.WNOHANG)[0] == 0:
                    await asyncio.sleep(0.05)
            except ChildProcessError:
                break


# -- the starter process ---------------------------------------------------------------------


def _warm_up() -> None:
    """Import what a game needs before its first frame, then rehearse a game (see
    :mod:`.rehearsal`) and collect the garbage, so games share what that built."""
    import pkgutil

    import puzzleterm.screens
    import puzzleterm.widgets

    for package in (puzzleterm.screens, puzzleterm.widgets):
        for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    # (the Sudoku screen loads its human solver at the first hint: loaded here once for all)
    for name in ("puzzleterm.app", "puzzleterm.store", "puzzleterm.play",
                 "puzzleterm.engine.sudoku.human.solve",
                 "textual.app", "textual.drivers.linux_driver", "textual.widgets"):
        importlib.import_module(name)
    # lazy: only the starter loads the app (the server imports this module too)
    from .rehearsal import rehearse

    rehearse()
    gc.collect()


class DailyTemplate:
    """Stores that hold today's daily set already dealt, one file per day, in ``directory``."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._dealer: int | None = None
        self._tried: date | None = None

    def path_for(self, day: date) -> Path:
        return self.directory / f"daily-{day.isoformat()}.sqlite3"

    def ready(self) -> Path | None:
        """Today's template when it is made."""
        self._reap()
        from ..daily_play import local_today

        path = self.path_for(local_today())
        return path if path.is_file() else None

    def refresh(self) -> None:
        """Have today's set dealt in a child, unless it is made, being made or has failed."""
        self._reap()
        from ..daily_play import local_today

        today = local_today()
        if self._dealer is not None or self._tried == today or self.path_for(today).is_file():
            return
        self._tried = today
        pid = os.fork()
        if pid == 0:  # the dealer: deal, write, exit
            code = 1
            try:
                _deal_template(self.path_for(today), today)
                code = 0
            except BaseException:  # the games deal the set themselves, as without a template
                pass
            finally:
                os._exit(code)
        self._dealer = pid

    def stop(self) -> None:
        """End a dealer still at work (the starter is ending)."""
        if self._dealer is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self._dealer, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self._dealer, 0)
            self._dealer = None

    def _reap(self) -> None:
        if self._dealer is None:
            return
        with contextlib.suppress(ChildProcessError):
            if os.waitpid(self._dealer, os.WNOHANG)[0] == 0:
                return
        self._dealer = None


def _deal_template(path: Path, day: date) -> None:
    from ..daily_play import deal_entry, remember
    from ..engine.daily import daily_set
    from ..screens import has_screen
    from ..store import DB_NAME, SqliteStore

    making = Path(tempfile.mkdtemp(prefix="making-", dir=path.parent))
    try:
        store = SqliteStore.open(making)
        try:
            for entry in daily_set(day):
                if has_screen(entry.kind):
                    remember(entry, deal_entry(entry), store)
        finally:
            store.close()  # the last connection: SQLite folds its journal into the file
        os.replace(making / DB_NAME, path)
    finally:
        shutil.rmtree(making, ignore_errors=True)


def _start_from(template: Path) -> None:
    """In a new game: a player without a store starts from the template.  The copy is put in
    place whole or not at all, and never over a store (another session may have made one)."""
    from ..store import DB_NAME, default_home

    target = default_home() / DB_NAME
    if target.exists():
        return
    partial = target.with_name(f".{DB_NAME}.{os.getpid()}")
    try:
        shutil.copyfile(template, partial)
        os.link(partial, target)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            os.unlink(partial)


def _use_template(template: Path) -> None:
    """In a new game: a new player's store starts as a copy of the template; a returning
    player's game is told where it is, and takes the day's puzzles from it (see
    :func:`~puzzleterm.daily_play.take_dealt`) instead of dealing them again."""
    from ..daily_play import TEMPLATE_ENV

    _start_from(template)
    os.environ[TEMPLATE_ENV] = str(template)


def _become_game(slave: int, env: dict[str, str], template: Path | None,
                 limits: ProcessLimits | None) -> None:
    """In the forked game: take its limits, the PTY and the environment, run the app, never
    return."""
    code = 1
    try:
        if limits is not None:
            limits.apply()
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(slave, fd)
        os.closerange(3, 1 << 16)  # the control socket and the rest of the starter's
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGPIPE,
                    signal.SIGCHLD, signal.SIGWINCH, signal.SIGQUIT):
            signal.signal(sig, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update(env)
        import textual.constants

        importlib.reload(textual.constants)  # TEXTUAL_FPS, TEXTUAL_COLOR_SYSTEM...
        if template is not None:
            _use_template(template)

        # lazy: the server imports this module too and must not load the app (the starter
        # did, in _warm_up)
        from ..app import run_app

        code = run_app()
        sys.stdout.flush()
    except BaseException:  # the game's process ends here, whatever happened
        with contextlib.suppress(BaseException):
            import traceback

            traceback.print_exc()
    finally:
        os._exit(code)


def _fork_game(control: socket.socket, slave: int, env: dict[str, str],
               template: Path | None, limits: ProcessLimits | None) -> int:
    """Fork twice, so the game is orphaned and becomes the server's child; its PID.

    What the starter holds is frozen first: the games' garbage collectors leave it alone, so
    they do not write to (and copy) the pages they share with the starter and each other."""
    gc.freeze()
    r, w = os.pipe()
    middle = os.fork()
    if middle == 0:
        try:
            os.close(r)
            game = os.fork()
            if game == 0:
                os.close(w)
                control.close()
                _become_game(slave, env, template, limits)
            os.write(w, str(game).encode())
        finally:
            os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as fh:
        data = fh.read()
    os.waitpid(middle, 0)
    if not data:
        raise OSError(errno.EAGAIN, "fork failed")
    return int(data)


def starter_main() -> int:
    control = socket.socket(fileno=CONTROL_FD)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when the starter ends
    _warm_up()
    with tempfile.TemporaryDirectory(prefix="puzzleterm-daily-") as directory:
        dailies = DailyTemplate(Path(directory))
        dailies.refresh()
        control.send(json.dumps({"ready": True}).encode())
        try:
            return _serve_requests(control, dailies)
        finally:
            dailies.stop()


def _serve_requests(control: socket.socket, dailies: DailyTemplate) -> int:
    while True:
        try:
            data, fds, _flags, _addr = socket.recv_fds(control, MAX_MESSAGE, 1)
        except OSError:
            return 0
        if not data:
            return 0
        request = json.loads(data)
        reply: dict[str, Any] = {"id": request.get("id")}
        try:
            if len(fds) != 1:
                raise OSError(errno.EINVAL, "no terminal was sent")
            limits = request.get("limits")
            reply["pid"] = _fork_game(control, fds[0], dict(request["env"]), dailies.ready(),
                                      None if limits is None else ProcessLimits(*limits))
        except (OSError, KeyError, ValueError, TypeError) as exc:
            reply["error"] = str(exc)
        finally:
            for fd in fds:
                os.close(fd)
        control.send(json.dumps(reply).encode())
        dailies.refresh()  # a new day: deal its set


if __name__ == "__main__":
    sys.exit(starter_main())
