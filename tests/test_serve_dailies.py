"""The warm starter deals today's daily set once; new players start from a copy of it."""

from __future__ import annotations

import os
import time
from datetime import date
from pathlib import Path

import pytest

from puzzleterm.daily_play import cached_puzzle
from puzzleterm.engine.daily import daily_set
from puzzleterm.screens import has_screen
from puzzleterm.serve.prefork import DailyTemplate, _deal_template, _start_from
from puzzleterm.store import DB_NAME, Store

DAY = date(2026, 11, 23)


def test_the_template_holds_the_day_s_set_dealt(tmp_path: Path) -> None:
    path = tmp_path / "daily.sqlite3"
    _deal_template(path, DAY)
    assert [p.name for p in tmp_path.iterdir()] == ["daily.sqlite3"]  # nothing half made
    store = Store.open(tmp_path / "copy")
    store.close()
    (tmp_path / "copy" / DB_NAME).write_bytes(path.read_bytes())
    store = Store.open(tmp_path / "copy")
    try:
        assert not store.notices
        entries = [e for e in daily_set(DAY) if has_screen(e.kind)]
        assert entries
        for entry in entries:
            puzzle = cached_puzzle(entry, store)
            assert puzzle is not None, entry.seed_id
            assert puzzle.seed_id == entry.seed_id
        assert store.load_current() is None  # a fresh store otherwise
    finally:
        store.close()


def test_a_new_player_starts_from_the_template_and_no_store_is_overwritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    template = tmp_path / "template.sqlite3"
    template.write_bytes(b"dealt")
    home = tmp_path / "player"
    home.mkdir()
    monkeypatch.setenv("PUZZLETERM_HOME", str(home))
    _start_from(template)
    assert (home / DB_NAME).read_bytes() == b"dealt"
    assert sorted(p.name for p in home.iterdir()) == [DB_NAME]  # no partial copy left
    template.write_bytes(b"another day")
    _start_from(template)
    assert (home / DB_NAME).read_bytes() == b"dealt"  # a store is never replaced
    _start_from(tmp_path / "missing")  # no template: nothing happens, nothing is raised
    assert (home / DB_NAME).read_bytes() == b"dealt"


def test_the_template_is_dealt_in_a_child_once_a_day(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import puzzleterm.daily_play as daily_play
    import puzzleterm.serve.prefork as prefork

    def fake_deal(path: Path, day: date) -> None:
        path.write_bytes(day.isoformat().encode())

    monkeypatch.setattr(daily_play, "local_today", lambda: DAY)
    monkeypatch.setattr(prefork, "_deal_template", fake_deal)
    dailies = DailyTemplate(tmp_path)
    assert dailies.ready() is None
    dailies.refresh()
    dealer = dailies._dealer
    assert dealer is not None and dealer != os.getpid()
    dailies.refresh()  # being made: no second dealer
    assert dailies._dealer == dealer
    for _ in range(500):  # the dealer writes the file and exits; it is reaped
        if dailies.ready() is not None and dailies._dealer is None:
            break
        time.sleep(0.02)
    ready = dailies.ready()
    assert ready == dailies.path_for(DAY) and ready.read_bytes() == b"2026-11-23"
    assert dailies._dealer is None
    dailies.refresh()  # made already: no dealer again
    assert dailies._dealer is None
