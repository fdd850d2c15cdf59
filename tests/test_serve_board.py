"""The leaderboard of one ``puzzleterm serve`` host with the default store, tried over SSH on
loopback as players and cheats would: two keys share one board, in the right order; a script
typing today's daily at machine speed is recorded, not ranked; an archive solve is recorded,
not ranked on its day's board; a Cyrillic look-alike name and a name that reads as another
player's key are refused."""

from __future__ import annotations

import asyncio
import re
from datetime import date, timedelta
from pathlib import Path

import asyncssh
import pytest

from puzzleterm.daily_play import deal_entry, floor_of, placements
from puzzleterm.engine.daily import DailyEntry, daily_set
from puzzleterm.play import Session
from puzzleterm.serve.identity import BOARD_DIR
from puzzleterm.serve.server import GameServer
from puzzleterm.store import ARCHIVE, TOO_FAST, SqliteStore, display_name
from tests.serve_client import ENTER, Player, start_server

ARROWS = {"up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}
CELL = re.compile(r"Cell\s+r(\d+)c(\d+)")


@pytest.fixture(autouse=True)
def default_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PUZZLETERM_STORE", raising=False)  # the host's own, no database


def todays_latin(day: date | None = None) -> tuple[list[DailyEntry], DailyEntry]:
    entries = daily_set(day or date.today())
    [entry] = [e for e in entries if e.kind == "latin"]
    return entries, entry


async def open_daily(player: Player, entries: list[DailyEntry], entry: DailyEntry,
                     days_back: int = 0) -> None:
    await player.wait_for(lambda s: "Latin square" in s and "Quit" in s, 20)
    await player.keys(b"d")  # the calendar, the day's set, the Latin square
    await player.wait_for(lambda s: "Daily puzzles" in s)
    if days_back:
        await player.keys(*[ARROWS["left"]] * days_back)
        await player.wait_for(lambda s: entry.day.strftime("%a %d %b %Y") in s)
        await asyncio.sleep(0.5)  # the day's list filled
    await player.keys(ENTER, *[ARROWS["down"]] * entries.index(entry), ENTER)
    await player.wait_for(lambda s: f"Daily {entry.day.isoformat()}" in s, 20)


async def solve(player: Player, entry: DailyEntry, pause: float | None) -> str:
    """Type every blank's digit, moving with the arrows: one cell every ``pause`` seconds,
    or (None) the whole solution in one write, as a script would.  The dialog's text."""
    puzzle = deal_entry(entry)
    solution = Session(puzzle).solution
    givens, values, n = list(puzzle.state.values), list(solution.values), puzzle.state.geo.n
    found = CELL.search(await player.wait_for(lambda s: CELL.search(s) is not None, 20))
    assert found is not None
    row, col = int(found.group(1)) - 1, int(found.group(2)) - 1
    typed: list[bytes] = []
    for cell, value in enumerate(givens):
        if value:
            continue
        r, c = divmod(cell, n)
        keys = [ARROWS["down" if r > row else "up"]] * abs(r - row)
        keys += [ARROWS["right" if c > col else "left"]] * abs(c - col)
        keys.append(str(values[cell]).encode())
        row, col = r, c
        if pause is None:
            typed += keys
        else:
            await player.keys(b"".join(keys), pause=pause)
    if pause is None:
        await player.keys(b"".join(typed), pause=0)
    return await player.wait_for(
        lambda s: "Solved!" in s and ("today." in s or "rank" in s or "Archive" in s), 30)


def human_pace(entry: DailyEntry, margin: float) -> float:
    """Seconds a cell, ``margin`` times the pace of the floor: a person, slow or quick."""
    puzzle = deal_entry(entry)
    solution = Session(puzzle).solution
    return margin * floor_of(puzzle, solution) / placements(puzzle, solution)


def board_of(data_dir: Path, player: str) -> SqliteStore:
    return SqliteStore.open(data_dir / BOARD_DIR, player)


async def stop(server: GameServer) -> None:
    await asyncio.wait_for(server.stop(), 20)


async def test_two_keys_on_one_host_share_one_board_in_order(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    entries, entry = todays_latin()
    slow, quick = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    slow_id, quick_id = ("key-" + k.get_fingerprint("sha256") for k in (slow, quick))
    try:
        first = await Player(server, slow).connect()
        await open_daily(first, entries, entry)
        text = await solve(first, entry, human_pace(entry, 1.8))
        assert "You are 1st of 1 today." in text
        await first.close()
        second = await Player(server, quick).connect()  # another key, faster
        await open_daily(second, entries, entry)
        text = await solve(second, entry, human_pace(entry, 1.25))
        assert "You are 1st of 2 today." in text  # not "1st of 1": one board for the host
        await second.close()
    finally:
        await stop(server)
    board = board_of(tmp_path, slow_id).leaderboard(date.today(), "latin")
    assert [r.player for r in board.top] == [quick_id, slow_id] and board.place == 2
    assert board.top[0].elapsed < board.top[1].elapsed


async def test_a_script_typing_today_s_daily_is_recorded_not_ranked(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    entries, entry = todays_latin()
    key = asyncssh.generate_private_key("ssh-ed25519")
    player_id = "key-" + key.get_fingerprint("sha256")
    try:
        bot = await Player(server, key).connect()
        await open_daily(bot, entries, entry)
        text = await solve(bot, entry, None)  # the solution computed, typed in one write
        assert "Too fast to rank" in text and "1st" not in text
        await bot.close()
    finally:
        await stop(server)
    board = board_of(tmp_path, player_id)
    [kept] = board.results()  # recorded, with its time
    assert kept.unranked == TOO_FAST and kept.elapsed < 5
    day = board.leaderboard(date.today(), "latin")
    assert day.total == 0 and day.place is None
    assert [(r.player, r.note) for r in day.apart] == [(player_id, TOO_FAST)]


async def test_an_archive_solve_is_recorded_not_ranked_on_its_day(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    yesterday = date.today() - timedelta(days=1)
    entries, entry = todays_latin(yesterday)
    key = asyncssh.generate_private_key("ssh-ed25519")
    player_id = "key-" + key.get_fingerprint("sha256")
    try:
        late = await Player(server, key).connect()
        await open_daily(late, entries, entry, days_back=1)
        text = await solve(late, entry, human_pace(entry, 1.5))
        assert "Archive solves are recorded, not ranked" in text and "1st" not in text
        await late.close()
    finally:
        await stop(server)
    board = board_of(tmp_path, player_id)
    [kept] = board.results()
    assert (kept.day, kept.unranked) == (yesterday, ARCHIVE)
    day = board.leaderboard(yesterday, "latin")
    assert day.total == 0 and day.place is None
    assert [(r.player, r.note) for r in day.apart] == [(player_id, ARCHIVE)]


async def name_field(player: Player) -> None:
    await player.wait_for(lambda s: "Latin square" in s and "Quit" in s, 20)
    await player.keys(b"l")
    await player.wait_for(lambda s: "Leaderboard ·" in s)
    await player.keys(b"n")
    await player.wait_for(lambda s: "your name on the leaderboard" in s)


async def take(player: Player, name: str) -> None:
    """Type ``name`` in the name field (emptied first) and send it.  A loaded machine may lose
    the first key after the field is emptied: then it is typed again."""
    for attempt in range(3):
        await player.keys(b"\x15")  # ctrl+u: the field emptied
        await player.wait_for(lambda s: "your name on the leaderboard" in s)
        await player.keys(*[c.encode() for c in name])
        try:
            await player.wait_for(lambda s: name in s.split("here; n sets")[-1], 5)
        except AssertionError:
            if attempt == 2:
                raise
            continue
        break
    await player.keys(ENTER)


async def test_look_alike_and_key_like_names_are_refused(tmp_path: Path) -> None:
    server = await start_server(tmp_path)
    ann, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    while not re.fullmatch(r"[A-Za-z][A-Za-z0-9]{7}", display_name(
            "key-" + ann.get_fingerprint("sha256"), None).removeprefix("key:")):
        ann = asyncssh.generate_private_key("ssh-ed25519")  # one whose display a name could be
    ann_id, bob_id = ("key-" + k.get_fingerprint("sha256") for k in (ann, bob))
    try:
        first = await Player(server, ann).connect()
        await name_field(first)
        await take(first, "Ann")
        await first.wait_for(lambda s: "You are Ann on the leaderboard" in s)
        await first.close()
        second = await Player(server, bob).connect()
        await name_field(second)
        await take(second, "\u0410nn")  # a Cyrillic A
        await second.wait_for(lambda s: "ASCII" in s)
        shown = display_name(ann_id, None).removeprefix("key:")  # Ann's key, as shown
        await take(second, shown)
        await second.wait_for(lambda s: "reads like another" in s)
        await take(second, "Bob")
        await second.wait_for(lambda s: "You are Bob on the leaderboard" in s)
        await second.close()
    finally:
        await stop(server)
    board = board_of(tmp_path, bob_id)
    assert board.name() == "Bob"
    assert board_of(tmp_path, ann_id).name() == "Ann"
