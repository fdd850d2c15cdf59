"""Two ``puzzleterm serve`` hosts on one PostgreSQL database, end to end over SSH: a player
finishes today's daily Latin square through one host, keystroke by keystroke, then connects
to the other host with the same key and finds the result on the leaderboard.

Needs a PostgreSQL server (:mod:`tests.pgserver`); skips without one.
"""

from __future__ import annotations

import asyncio
import re
from datetime import date
from pathlib import Path

import asyncssh
import pytest

from puzzleterm.daily_play import deal_entry, floor_of, placements
from puzzleterm.engine import find_kind
from puzzleterm.engine.daily import daily_set
from puzzleterm.play import SavedGame, Session
from puzzleterm.store import DailyResult
from puzzleterm.store.pg import PgStore
from tests.pgserver import pg_server
from tests.serve_client import ENTER, Player, start_server

ARROWS = {"up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}
CELL = re.compile(r"Cell\s+r(\d+)c(\d+)")


async def solve_by_keys(player: Player, givens: list[int], solution: list[int], n: int,
                        pause: float = 0.03) -> None:
    """Type every blank's digit, moving the cursor with the arrows, a cell every ``pause``
    seconds."""
    found = CELL.search(await player.wait_for(lambda s: CELL.search(s) is not None, 20))
    assert found is not None
    row, col = int(found.group(1)) - 1, int(found.group(2)) - 1
    for cell, value in enumerate(givens):
        if value:
            continue
        r, c = divmod(cell, n)
        keys = [ARROWS["down" if r > row else "up"]] * abs(r - row)
        keys += [ARROWS["right" if c > col else "left"]] * abs(c - col)
        await player.keys(b"".join([*keys, str(solution[cell]).encode()]), pause=pause)
        row, col = r, c


async def test_a_daily_finished_on_one_host_is_on_the_others_leaderboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg_server().new_database()
    monkeypatch.setenv("PUZZLETERM_STORE", url)  # the hosts' setting, passed to their games
    one = await start_server(tmp_path / "host1")
    two = await start_server(tmp_path / "host2")
    key = asyncssh.generate_private_key("ssh-ed25519")
    player_id = "key-" + key.get_fingerprint("sha256")
    today = date.today()
    entries = daily_set(today)
    [entry] = [e for e in entries if e.kind == "latin"]
    puzzle = deal_entry(entry)
    solution = Session(puzzle).solution
    try:
        first = await Player(one, key).connect()
        await first.wait_for(lambda s: "Latin square" in s and "Quit" in s)
        await first.keys(b"d")  # the calendar, today's set, the Latin square
        await first.wait_for(lambda s: "Daily puzzles" in s)
        await first.keys(ENTER, *[ARROWS["down"]] * entries.index(entry), ENTER)
        await first.wait_for(lambda s: f"Daily {today.isoformat()}" in s, 20)
        # at a person's pace: a script's is kept off the board (too fast to rank)
        pace = 1.5 * floor_of(puzzle, solution) / placements(puzzle, solution)
        await solve_by_keys(first, list(puzzle.state.values), list(solution.values),
                            puzzle.state.geo.n, pace)
        # the dialog may reach the terminal in more than one frame: wait for its place line
        text = await first.wait_for(lambda s: "Solved!" in s and "today." in s, 20)
        assert "You are 1st of 1 today." in text
        await first.close()

        db = PgStore.connect(url, player_id)
        [result] = db.results()
        assert (result.day, result.kind, result.hints, result.reveals) == (
            today, "latin", 0, 0)
        db.close()

        second = await Player(two, key).connect()  # the same player, through the other host
        await second.wait_for(lambda s: "Latin square" in s and "Quit" in s)
        await second.keys(b"l")
        await second.wait_for(lambda s: "Leaderboard ·" in s)
        for e in entries[1:entries.index(entry) + 1]:  # k: the next puzzle of the day's set
            await second.keys(b"k")
            title = find_kind(e.kind).title
            await second.wait_for(lambda s, t=title: f"· {t}" in s)
        text = await second.wait_for(lambda s: "· Latin square" in s and "1 ranked" in s)
        shown = "key:" + player_id[len("key-SHA256:"):][:8]
        assert re.search(rf"1\.\s+{re.escape(shown)}\s+\d\d:\d\d ← you", text), text
        await second.close()
    finally:
        await asyncio.gather(asyncio.wait_for(one.stop(), 20), asyncio.wait_for(two.stop(), 20))


@pytest.mark.xfail(strict=False, reason=(
    "known bug, open: in about half of the full-suite runs the result sent from the outbox "
    "after the database is back does not reach the board within 120 s (the shared store sets "
    "aside a write the database refuses; suspected: the claim/fence written while it was "
    "away), so the rank stays pending; it passes when run alone"))
async def test_a_daily_finished_while_the_database_is_stopped_has_its_rank_pending(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finished over SSH while PostgreSQL is stopped: the dialog says the rank is pending
    (not "1st of 1" from the host's copy); once the database is back, the dialog gives the
    right place, behind a faster player of another host."""
    server = pg_server()
    url = server.new_database()
    monkeypatch.setenv("PUZZLETERM_STORE", url)
    today = date.today()
    entries = daily_set(today)
    [entry] = [e for e in entries if e.kind == "latin"]
    puzzle = deal_entry(entry)
    solution = Session(puzzle).solution
    floor = floor_of(puzzle, solution)
    quick = PgStore.connect(url, "key-SHA256:Quick0123456789")  # faster, through another host
    quick.finish_current(SavedGame(kind="latin", params=entry.params, game_id=puzzle.game_id),
                         result=DailyResult(today, "latin", entry.params, "medium",
                                            entry.seed_id, floor + 0.5, 0, 0, False, False,
                                            1.0))
    quick.tables.run("CHECKPOINT")  # the test server commits lazily: kept through the stop
    quick.close()
    host = await start_server(tmp_path / "host")
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        player = await Player(host, key).connect()
        await player.wait_for(lambda s: "Latin square" in s and "Quit" in s)
        await player.keys(b"d")
        await player.wait_for(lambda s: "Daily puzzles" in s)
        await player.keys(ENTER, *[ARROWS["down"]] * entries.index(entry), ENTER)
        await player.wait_for(lambda s: f"Daily {today.isoformat()}" in s, 20)
        server.stop()  # the database goes while the daily is played
        pace = 1.5 * floor / placements(puzzle, solution)
        await solve_by_keys(player, list(puzzle.state.values), list(solution.values),
                            puzzle.state.geo.n, pace)
        text = await player.wait_for(lambda s: "Solved!" in s and "pending" in s, 20)
        assert "Your rank is pending" in text and "1st of 1" not in text
        server.start()
        # the dialog still open: the game sends what waited and shows the rank (it retries
        # the database every 5 s, less often the longer it was away)
        text = await player.wait_for(lambda s: "You are 2nd of 2 today." in s, 120)
        assert "Solved!" in text and "pending" not in text
        await player.close()
        db = PgStore.connect(url, "key-" + key.get_fingerprint("sha256"))
        board = db.leaderboard(today, "latin")
        assert (board.place, board.total) == (2, 2) and not board.pending
        db.close()
    finally:
        server.ensure_running()
        await asyncio.wait_for(host.stop(), 20)
