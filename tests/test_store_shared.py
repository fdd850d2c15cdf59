"""Several hosts on one PostgreSQL database: migrations run once, two writers of one player,
the database lost and back during a game, and two processes sharing results.

Every test here needs a PostgreSQL server (see :mod:`tests.pgserver`) and skips without one.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzleterm.daily_play import record_daily
from puzzleterm.play import SavedGame
from puzzleterm.store import SqliteStore, StoreError
from puzzleterm.store import schema as store_schema
from puzzleterm.store.pg import PgStore
from puzzleterm.store.schema import SCHEMA_VERSION
from puzzleterm.store.shared import SharedStore
from tests.pgserver import PgServer, pg_server
from tests.test_daily_play import DAY, latin_entry, noon, solved_save

ANN = "key-SHA256:Ann0123456789abcdef"
#: how long a call that starts a connection waits for it, in tests that count on the next
#: call reaching a database just back (the product waits 0.2 s, too short on a busy machine)
GRACE = 10.0
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def server() -> Iterator[PgServer]:
    srv = pg_server()
    yield srv
    srv.ensure_running()  # a test that stopped it leaves it running for the next


def partial(moves: tuple[str, ...]) -> SavedGame:
    entry = latin_entry()
    done = solved_save(entry)
    return SavedGame(kind=done.kind, params=done.params, game_id=done.game_id,
                     seed_id=done.seed_id, level=done.level, moves=moves, pos=len(moves),
                     context=entry.context)


def counts(url: str, player: str = ANN) -> tuple[int, int, int]:
    """(results, finished games, games in progress) of ``player`` in the database."""
    db = PgStore.connect(url, player)
    try:
        games = len(db.slots())
        return len(db.results()), db.finished_count(), games
    finally:
        db.close()


def test_hosts_starting_together_migrate_once(server: PgServer) -> None:
    url = server.new_database()
    errors: list[BaseException] = []
    opened: list[PgStore] = []

    def open_one() -> None:
        try:
            opened.append(PgStore.connect(url))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(opened) == 4
    rows = opened[0].tables.run("SELECT version FROM puzzleterm_schema").fetchall()
    assert [r[0] for r in rows] == [SCHEMA_VERSION]
    for db in opened:
        db.close()


def test_a_failing_migration_leaves_the_database_as_it_was(
        server: PgServer, monkeypatch: pytest.MonkeyPatch) -> None:
    url = server.new_database()

    def broken(conn: store_schema.Executor) -> int:
        conn.execute("CREATE TABLE games (x INTEGER)")
        conn.execute("SELECT no_such_function()")
        return 3

    monkeypatch.setitem(store_schema.MIGRATIONS, 0, broken)
    with pytest.raises(StoreError):
        PgStore.connect(url)
    monkeypatch.undo()
    import psycopg

    with psycopg.connect(url) as conn:
        tables = conn.execute("SELECT count(*) FROM information_schema.tables "
                              "WHERE table_schema = 'public'").fetchone()
    assert tables is not None and tables[0] == 0  # not even the version table is left
    assert counts(url) == (0, 0, 0)  # migrates fine next time


def test_two_writers_of_one_player_never_lose_the_result(server: PgServer,
                                                         tmp_path: Path) -> None:
    """Two hosts (two tabs) write the same player's daily at once; one of them finishes it.
    The result is kept; the game in progress is whichever write the database took last."""
    url = server.new_database()
    entry = latin_entry()
    one = SharedStore(url, SqliteStore.open(tmp_path / "host1", ANN), ANN, retry=0)
    two = SharedStore(url, SqliteStore.open(tmp_path / "host2", ANN), ANN, retry=0)
    solved = solved_save(entry, one)
    stop = threading.Event()
    writes: list[int] = []

    def keep_saving() -> None:
        n = 0
        while not stop.is_set() and n < 200:
            n += 1
            two.save_current(partial(("r1c1=1",) * (n % 5 + 1)), entry.slot)
        writes.append(n)

    writer = threading.Thread(target=keep_saving)
    writer.start()
    try:
        for i in range(20):
            one.save_current(partial(("r1c1=1",) * (i % 3 + 1)), entry.slot)
        done = record_daily(solved, entry.slot, one, DAY, now=noon(DAY))
    finally:
        stop.set()
        writer.join()
    assert done.new and done.result is not None
    results, finished, _ = counts(url)
    assert (results, finished) == (1, 1)
    [kept] = two.results()  # the other host sees it too
    assert kept.elapsed == done.result.elapsed
    # last write wins: what the other tab wrote after the finish is its game in progress,
    # and its version counts every write to the slot since the finish cleared it
    left = two.load_current(entry.slot)
    assert left is None or left.moves[0] == "r1c1=1"
    assert two.current_version(entry.slot) <= writes[0]


def test_the_database_lost_and_back_loses_nothing_and_counts_once(
        server: PgServer, tmp_path: Path) -> None:
    url = server.new_database()
    entry = latin_entry()
    home = tmp_path / "host1"
    told: list[str] = []
    server.stop()
    try:  # unreachable at start: the game goes on, with a notice
        # (a grace long enough for a loaded machine to connect: the next write after the
        # database is back sends what waits, however long connecting takes here)
        store = SharedStore(url, SqliteStore.open(home, ANN), ANN, retry=0, grace=GRACE)
        assert not store.online and "cannot be reached" in store.notices[-1]
        store.listener = told.append
        store.save_current(partial(("r1c1=1",)), entry.slot)
        assert store.pending() == 1
        assert store.load_current(entry.slot) == partial(("r1c1=1",))  # read here meanwhile
    finally:
        server.start()
    store.save_current(partial(("r1c1=1", "r1c2=2")), entry.slot)  # back: both sent
    assert store.online and told[-1].startswith("The shared database is back: 2 changes")
    assert counts(url)[2] == 1
    server.stop()
    try:  # lost while playing: the daily is finished meanwhile
        done = record_daily(solved_save(entry, store), entry.slot, store, DAY, now=noon(DAY))
        assert done.new and done.result is not None and store.pending() == 1
        assert "cannot be reached" in told[-1]
        queued = store.local.tables.run("SELECT op, args FROM outbox").fetchall()
        store.close()  # and the game process ends before the database is back
    finally:
        server.start()
    again = SharedStore(url, SqliteStore.open(home, ANN), ANN, retry=0)  # the next start sends it
    assert again.pending() == 0 and again.online
    assert counts(url) == (1, 1, 0)
    [result] = again.results()
    assert result.day == DAY and result.kind == "latin"
    for op, args in queued:  # sent again, as after a commit whose answer was lost
        again.local.tables.run("INSERT INTO outbox (player, op, args, at) VALUES (?, ?, ?, 0)",
                               (ANN, op, args))
    again.sync()
    assert again.pending() == 0 and counts(url) == (1, 1, 0)
    again.close()


_FINISH = """
import sys
from datetime import date, datetime
from puzzleterm.daily_play import record_daily
from puzzleterm.store import open_store
from tests.test_daily_play import DAY, latin_entry, noon, solved_save
store = open_store()
entry = latin_entry()
done = record_daily(solved_save(entry, store), entry.slot, store, DAY, now=noon(DAY))
print(done.streak_text)
"""


def test_a_daily_finished_through_one_host_is_seen_through_the_other(
        server: PgServer, tmp_path: Path) -> None:
    """Two game processes as two serve hosts start them (each with the player's home on its
    own host, both with the one ``PUZZLETERM_STORE``): the first finishes the daily, the
    second shows the result and the leaderboard."""
    url = server.new_database()

    def env(host: str, player: str) -> dict[str, str]:
        return {**os.environ, "PUZZLETERM_STORE": url, "PUZZLETERM_PLAYER": player,
                "PUZZLETERM_HOME": str(tmp_path / host / player[-6:]), "PYTHONPATH": str(REPO)}

    first = subprocess.run([sys.executable, "-c", _FINISH], env=env("host1", ANN), cwd=REPO,
                           capture_output=True, text=True, timeout=60, check=True)
    assert first.stdout.strip() == "You are 1st of 1 today."
    board = subprocess.run([sys.executable, "-m", "puzzleterm", "stats", "--leaderboard",
                            "--date", DAY.isoformat(), "--kind", "latin"],
                           env=env("host2", ANN), capture_output=True, text=True, timeout=60,
                           check=True)
    lines = board.stdout.splitlines()
    assert lines[0] == f"Leaderboard {DAY.isoformat()} · Latin square · 1 ranked"
    assert lines[1].split() == ["1.", "key:Ann01234", "12:34", "←", "you"]
    stats = subprocess.run([sys.executable, "-m", "puzzleterm", "stats"],
                           env=env("host2", ANN), capture_output=True, text=True, timeout=60,
                           check=True)
    assert "dailies solved: 1" in stats.stdout and "Latin square 6x6" in stats.stdout
    other = subprocess.run([sys.executable, "-m", "puzzleterm", "stats"],
                           env=env("host2", "key-SHA256:Bob0123456"), capture_output=True,
                           text=True, timeout=60, check=True)
    assert "dailies solved: 0" in other.stdout


def test_a_game_saved_through_one_host_resumes_through_another(server: PgServer,
                                                               tmp_path: Path) -> None:
    url = server.new_database()
    one = SharedStore(url, SqliteStore.open(tmp_path / "host1", ANN), ANN, retry=0)
    one.save_current(partial(("r1c1=1", "r1c2=2")), latin_entry().slot)
    one.close()  # the host is gone; the player connects again and lands on the other
    two = SharedStore(url, SqliteStore.open(tmp_path / "host2", ANN), ANN, retry=0)
    assert two.load_current(latin_entry().slot) == partial(("r1c1=1", "r1c2=2"))
    assert two.slots("daily:") == [latin_entry().slot]
    two.close()


async def test_the_player_is_told_when_the_database_goes_and_comes_back(
        server: PgServer, tmp_path: Path) -> None:
    from puzzleterm.app import PuzzleApp
    from tests.conftest import LATIN5, FakeClock
    from tests.test_ui_play import ready

    url = server.new_database()
    store = SharedStore(url, SqliteStore.open(tmp_path, ANN), ANN, retry=0)
    app = PuzzleApp(home=tmp_path, clock=FakeClock(), store=store, game_id=LATIN5,
                    today=lambda: DAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        session = app.screen.session  # type: ignore[attr-defined]
        cell = session.state.values.index(0)
        n = session.state.geo.n
        move = f"r{cell // n + 1}c{cell % n + 1}={session.solution.values[cell]}"
        server.stop()
        try:
            app.screen.play(move)  # type: ignore[attr-defined]
            await pilot.pause()
            messages = [m.message for m in app._notifications]
            assert any("cannot be reached" in m for m in messages), messages
            assert store.pending() >= 1
        finally:
            server.start()
        app.store.sync()  # what the app's timer does every few seconds
        await pilot.pause()
        messages = [m.message for m in app._notifications]
        assert any(m.startswith("The shared database is back") for m in messages), messages
    saved = PgStore.connect(url, ANN).load_current()
    assert saved is not None and saved.moves == (move,)


def test_serve_passes_the_store_to_its_games(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzleterm.cli import main
    from puzzleterm.serve.identity import PlayerHome, child_environment, key_identity

    home = PlayerHome(Path("/nonexistent"), False)
    who = key_identity("SHA256:abc")
    url = "postgresql://puzzleterm@db/puzzleterm"
    env = child_environment(who, home, {}, "xterm", {"PATH": "/bin", "PUZZLETERM_STORE": url})
    assert env["PUZZLETERM_STORE"] == url
    assert "PUZZLETERM_STORE" not in child_environment(who, home, {}, "xterm", {"PATH": "/b"})
    assert main(["serve", "--store", "mysql://db"]) == 2  # refused before anything starts
    assert "unknown store" in capsys.readouterr().err


def test_a_change_the_database_refuses_is_set_aside_and_the_rest_go_on(
        server: PgServer, tmp_path: Path) -> None:
    url = server.new_database()
    ann = SharedStore(url, SqliteStore.open(tmp_path / "a", ANN), ANN, retry=0)
    told: list[str] = []
    ann.listener = told.append
    server.stop()
    try:  # offline, Ann takes a name (it cannot be checked against everyone's now)...
        ann.set_name("Zed")
        ann.save_current(partial(("r1c1=1",)), latin_entry().slot)
        assert ann.pending() == 2 and ann.name() == "Zed"
    finally:
        server.start()
    bob = SharedStore(url, SqliteStore.open(tmp_path / "b", "key-SHA256:Bob"), "key-SHA256:Bob")
    bob.set_name("zed")  # ...which Bob takes meanwhile
    ann.sync()
    assert ann.pending() == 0 and ann.online
    assert any("could not be sent" in t and "taken" in t for t in told), told
    assert ann.local.set_aside_count() == 1  # kept, not dropped
    assert ann.load_current(latin_entry().slot) == partial(("r1c1=1",))  # the save after it
    assert ann.name() is None and bob.name() == "zed"
    ann.close()
    bob.close()
