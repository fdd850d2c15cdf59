"""A PostgreSQL host that stops answering (rather than refusing) never holds up the game.

Two ways of being silent, both cheap and deterministic: the test server's processes are
paused (SIGSTOP: the kernel still accepts connections and acknowledges packets, but nothing
answers), and a local listener that takes connections and never says a word.  While the
database is silent, every save and read through :class:`SharedStore` returns within a small
bound and nothing is lost; once it answers again, the outbox is sent and counted once.

Every test here needs a PostgreSQL server (see :mod:`tests.pgserver`) and skips without one.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

import pytest

from puzzleterm.daily_play import record_daily
from puzzleterm.store import SqliteStore, pg, shared
from puzzleterm.store.guard import Watchdog
from puzzleterm.store.pg import PgStore
from puzzleterm.store.shared import SharedStore
from tests.pgserver import PgServer, pg_server
from tests.test_daily_play import DAY, latin_entry, noon, solved_save
from tests.test_store_shared import ANN, counts, partial

T = TypeVar("T")
#: what a save or read may take while the database is silent (generous for a loaded machine)
BOUND = 0.5
#: the first call after the database went silent waits for its statement's guard
FIRST_BOUND = shared.QUERY_TIMEOUT + BOUND
#: a paused server is resumed after this long whatever happens (so old code fails, not hangs)
LONGEST = 12.0


@pytest.fixture
def server() -> Iterator[PgServer]:
    srv = pg_server()
    yield srv
    srv.ensure_running()


def _server_pids(server: PgServer) -> list[int]:
    """The postmaster and its children (this test session's own server only)."""
    text = (server.data / "postmaster.pid").read_text()
    postmaster = int(text.split()[0])
    children = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with suppress(OSError):
            stat = Path("/proc", entry, "stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[1]) == postmaster:
                children.append(int(entry))
    return [postmaster, *sorted(children)]


@contextmanager
def silenced(server: PgServer) -> Iterator[None]:
    """The server paused: connections are taken and packets acknowledged by the kernel, but
    no answer comes.  Resumed at the end, or after :data:`LONGEST` at the latest."""
    pids = _server_pids(server)
    resumed = threading.Event()

    def resume() -> None:
        if not resumed.is_set():
            resumed.set()
            for pid in pids:
                with suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)

    safety = threading.Timer(LONGEST, resume)
    safety.daemon = True
    safety.start()
    try:
        for pid in pids:
            # a child that ended since it was listed must not leave the rest paused for good
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSTOP)
        yield
    finally:
        safety.cancel()
        resume()


def timed(waits: list[float], fn: Callable[..., T], *args: object) -> T:
    """``fn(*args)``, its wall time added to ``waits``."""
    start = time.monotonic()
    try:
        return fn(*args)
    finally:
        waits.append(time.monotonic() - start)


def until_online(store: SharedStore, within: float = 15.0) -> None:
    """What the app does meanwhile (its timer calls ``sync``, its screens read) until the
    database is back."""
    deadline = time.monotonic() + within
    while not store.online:
        assert time.monotonic() < deadline, "the database did not come back"
        store.sync()
        store.name()
        time.sleep(0.05)


def test_a_silent_database_holds_up_no_save_and_no_read(server: PgServer,
                                                        tmp_path: Path) -> None:
    url = server.new_database()
    entry = latin_entry()
    store = SharedStore(url, SqliteStore.open(tmp_path / "host1", ANN), ANN, retry=0)
    told: list[str] = []
    store.listener = told.append
    store.save_current(partial(("r1c1=1",)), entry.slot)
    assert store.online and counts(url)[2] == 1
    waits: list[float] = []
    with silenced(server):
        moves: tuple[str, ...] = ()
        end = time.monotonic() + 1.5  # long enough for several reconnect tries
        while time.monotonic() < end:
            moves = (*moves, f"r1c{len(moves) % 6 + 1}={len(moves) % 6 + 1}")
            timed(waits, store.save_current, partial(moves), entry.slot)
            assert timed(waits, store.load_current, entry.slot) == partial(moves)
            timed(waits, store.leaderboard, DAY, "latin")
        solved = solved_save(entry, store)
        done = timed(waits, lambda: record_daily(solved, entry.slot, store, DAY, now=noon(DAY)))
        assert done.new and done.result is not None
        assert timed(waits, store.results) == [done.result]  # read here meanwhile
        pending = store.pending()
    assert waits[0] < FIRST_BOUND, f"the first save waited {waits[0]:.2f} s"
    worst = max(waits[1:])
    assert worst < BOUND, f"a call waited {worst:.2f} s while the database was silent"
    assert any("cannot be reached" in t and "no answer" in t for t in told), told
    assert pending == len(moves) + 1  # every save and the finish wait in the outbox
    until_online(store)
    assert any(t.startswith("The shared database is back") for t in told), told
    assert counts(url) == (1, 1, 0)  # sent, once
    [result] = store.results()
    assert result == done.result
    store.sync()  # nothing sent twice
    assert counts(url) == (1, 1, 0)
    store.close()


def test_a_read_on_a_connection_gone_silent_comes_from_here(server: PgServer,
                                                           tmp_path: Path) -> None:
    url = server.new_database()
    entry = latin_entry()
    store = SharedStore(url, SqliteStore.open(tmp_path / "host1", ANN), ANN, retry=0)
    store.save_current(partial(("r1c1=1",)), entry.slot)
    waits: list[float] = []
    with silenced(server):
        assert timed(waits, store.load_current, entry.slot) == partial(("r1c1=1",))
        assert timed(waits, store.slots, "daily:") == [entry.slot]
        online = store.online
    assert waits[0] < FIRST_BOUND and waits[1] < BOUND, waits
    assert not online
    until_online(store)
    assert store.load_current(entry.slot) == partial(("r1c1=1",))
    store.close()


def test_the_watchdog_cuts_only_a_statement_that_outlives_its_deadline() -> None:
    mine, theirs = socket.socketpair()
    dog = Watchdog()
    try:
        token = dog.arm(mine.fileno(), 0.2)
        theirs.sendall(b"x")
        assert mine.recv(1) == b"x"  # answered in time: the socket is left alone
        assert not dog.disarm(token)
        time.sleep(0.3)
        theirs.sendall(b"y")
        assert mine.recv(1) == b"y"
        token = dog.arm(mine.fileno(), 0.1)
        start = time.monotonic()
        assert mine.recv(1) == b""  # no answer: cut, and the wait ends
        waited = time.monotonic() - start
        assert dog.disarm(token) and 0.05 < waited < BOUND, waited
    finally:
        dog.stop()
        mine.close()
        theirs.close()


@pytest.mark.skipif(not hasattr(socket, "TCP_USER_TIMEOUT"), reason="Linux only")
def test_the_kernel_gives_up_on_a_host_that_drops_packets(server: PgServer) -> None:
    """Packets dropped (not a paused server, whose kernel still acknowledges them) end the
    connection after ``tcp_user_timeout``, also while idle or connecting."""
    db = PgStore.connect(server.new_database(), ANN)
    try:
        with socket.socket(fileno=os.dup(db.conn.fileno())) as sock:
            limit = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
        assert limit == pg.TCP_USER_TIMEOUT_MS
    finally:
        db.close()


@pytest.fixture
def mute_listener() -> Iterator[str]:
    """A URL whose host takes connections and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)  # the kernel completes the handshakes; nobody ever accepts
    try:
        yield f"postgresql://puzzleterm@127.0.0.1:{sock.getsockname()[1]}/postgres"
    finally:
        sock.close()


def test_a_host_that_never_answers_costs_no_call_a_connect_timeout(
        server: PgServer, tmp_path: Path, mute_listener: str) -> None:
    entry = latin_entry()
    home = tmp_path / "host1"
    start = time.monotonic()
    store = SharedStore(mute_listener, SqliteStore.open(home, ANN), ANN, retry=0)
    assert time.monotonic() - start < pg.CONNECT_TIMEOUT + BOUND  # at start only
    assert not store.online and "cannot be reached" in store.notices[-1]
    waits: list[float] = []
    moves: tuple[str, ...] = ()
    end = time.monotonic() + pg.CONNECT_TIMEOUT + 1.0  # past a try's timeout
    while time.monotonic() < end:
        moves = (*moves, f"r1c{len(moves) % 6 + 1}={len(moves) % 6 + 1}")
        timed(waits, store.save_current, partial(moves), entry.slot)
        assert timed(waits, store.load_current, entry.slot) == partial(moves)
        timed(waits, store.sync)
        time.sleep(0.05)
    worst = max(waits)
    assert worst < BOUND, f"a call waited {worst:.2f} s on a host that never answers"
    assert store.pending() == len(moves)
    store.close()
    url = server.new_database()  # the same player, later, with a database that answers
    again = SharedStore(url, SqliteStore.open(home, ANN), ANN, retry=0)
    assert again.pending() == 0 and again.online
    assert again.load_current(entry.slot) == partial(moves) and counts(url)[2] == 1
    again.close()
