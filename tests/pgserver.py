"""A throwaway PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` from the machine's
packages, in a temporary directory, on a free loopback port.

PostgreSQL refuses to run as root: when the tests run as root, the server runs as the
``postgres`` system user (else ``nobody``), through ``runuser``.  One server serves the whole
test session (started at the first test that asks, stopped at exit); each test gets a database
of its own.  Where PostgreSQL is absent or does not start, :func:`pg_server` skips the test and
says why.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

_SERVER: PgServer | None = None
_FAILURE: str | None = None


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "pg_ctl").exists():
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_as() -> list[str]:
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"]
    raise RuntimeError("running as root and there is no postgres or nobody user")


class PgServer:
    """A running server; :meth:`stop` and :meth:`start` let tests take it away and back."""

    def __init__(self) -> None:
        bindir = _binaries()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (no pg_ctl on PATH or in "
                               "/usr/lib/postgresql/*/bin)")
        self.bindir = bindir
        self.prefix = _run_as()
        self.root = Path(tempfile.mkdtemp(prefix="puzzleterm-pg-"))
        if self.prefix:
            user = pwd.getpwnam(self.prefix[2])
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self.data = self.root / "data"
        self.port = _free_port()
        self._names = itertools.count(1)
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "puzzleterm",
                  "--no-sync", "-E", "UTF8", "--locale=C")
        self.start()

    def _run(self, tool: str, *args: str, timeout: float = 60) -> None:
        proc = subprocess.run([*self.prefix, str(self.bindir / tool), *args], cwd=self.root,
                              capture_output=True, text=True, timeout=timeout, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"{tool} failed: {(proc.stderr or proc.stdout).strip()[-500:]}")

    def start(self) -> None:
        opts = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", opts,
                  "-w", "-t", "30", "start")

    def running(self) -> bool:
        proc = subprocess.run([*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data),
                               "status"], cwd=self.root, capture_output=True, timeout=30,
                              check=False)
        return proc.returncode == 0

    def ensure_running(self) -> None:
        if not self.running():
            self.start()

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://puzzleterm@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def destroy(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def pg_server() -> PgServer:
    """The session's server (started on the first call), or skip with the reason."""
    global _SERVER, _FAILURE
    if _SERVER is None and _FAILURE is None:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            _FAILURE = "psycopg is not installed (pip install 'puzzleterm[pg]')"
        else:
            try:
                _SERVER = PgServer()
                atexit.register(_SERVER.destroy)
            except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
                _FAILURE = f"PostgreSQL cannot start here: {exc}"
    if _SERVER is None:
        pytest.skip(_FAILURE or "PostgreSQL is not available")
    return _SERVER


@pytest.fixture
def pg_url() -> str:
    """The URL of a fresh database on the session's server (skips where there is none)."""
    return pg_server().new_database()


class StoreFactory:
    """Opens stores on one back end: ``factory(player)``.  On SQLite every player is in one
    file; on PostgreSQL each player has a local home of their own, as over SSH, and all share
    the one database."""

    def __init__(self, backend: str, root: Path, url: str | None) -> None:
        self.backend = backend
        self.root = root
        self.url = url
        self.opened: list[object] = []

    def home(self, player: str | None) -> Path:
        import hashlib

        if self.url is None:
            return self.root / "home"
        return self.root / hashlib.sha256((player or "local").encode()).hexdigest()[:12]

    def __call__(self, player: str | None = None, home: Path | None = None):  # type: ignore[no-untyped-def]
        from puzzleterm.store import SqliteStore, open_store

        home = home if home is not None else self.home(player)
        store = SqliteStore.open(home, player) if self.url is None else open_store(self.url, home,
                                                                              player)
        self.opened.append(store)
        return store


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A :class:`StoreFactory` for each back end (the PostgreSQL one skips where there is
    no server)."""
    url = None if request.param == "sqlite" else pg_server().new_database()
    factory = StoreFactory(request.param, tmp_path, url)
    yield factory
    for store in factory.opened:
        with contextlib.suppress(Exception):
            store.close()  # type: ignore[attr-defined]
