"""The SQLite store when its file is not simply there to be written: cut to 0 bytes, read-only
(file or folder), or held by another program while the player saves."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from puzzleterm.store import DB_NAME, SqliteStore, StoreError
from puzzleterm.store import sqlite as sqlite_store
from tests.test_store import saved


def _stored(home: Path, *moves: str) -> None:
    store = SqliteStore.open(home)
    store.save_current(saved(moves or ("r1c1=4",)))
    store.close()


# -- a file cut to nothing ----------------------------------------------------------------------
def test_a_store_cut_to_zero_bytes_is_noticed_and_moved_aside(tmp_path: Path) -> None:
    _stored(tmp_path)
    (tmp_path / DB_NAME).write_bytes(b"")  # a full disk, a sync tool...
    store = SqliteStore.open(tmp_path)
    assert len(store.notices) == 1, store.notices
    assert "empty (0 bytes)" in store.notices[0] and "moved" in store.notices[0]
    aside = list(tmp_path.glob(f"{DB_NAME}.empty-*"))
    assert len(aside) == 1 and aside[0].stat().st_size == 0
    assert store.path == tmp_path / DB_NAME and store.load_current() is None
    store.save_current(saved())  # the new store works
    store.close()
    again = SqliteStore.open(tmp_path)
    assert again.notices == [] and again.load_current() == saved()


def test_a_new_store_is_not_taken_for_a_cut_one(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"")  # made empty by hand, before any puzzleterm ran
    store = SqliteStore.open(tmp_path)
    assert store.notices == [] and not list(tmp_path.glob(f"{DB_NAME}.empty-*"))


# -- a read-only file or folder -------------------------------------------------------------
@contextmanager
def _read_only(*paths: Path) -> Iterator[None]:
    """Make ``paths`` read-only, for root too (whom permissions do not stop: the immutable
    flag does)."""
    if os.geteuid() != 0:
        modes = [p.stat().st_mode for p in paths]
        for p in paths:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, mode in zip(paths, modes, strict=True):
                p.chmod(mode)
        return
    done: list[Path] = []
    try:
        for p in paths:
            if subprocess.run(["chattr", "+i", str(p)], capture_output=True).returncode:
                pytest.skip("cannot make a file read-only for root here (no chattr)")
            done.append(p)
        yield
    finally:
        for p in done:
            subprocess.run(["chattr", "-i", str(p)], capture_output=True)


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_store_offers_its_game_and_says_progress_is_not_kept(
        tmp_path: Path, what: str) -> None:
    _stored(tmp_path, "r1c1=4", "auto")
    before = (tmp_path / DB_NAME).read_bytes()
    paths = [tmp_path / DB_NAME] + ([tmp_path] if what == "folder" else [])
    with _read_only(*paths):
        store = SqliteStore.open(tmp_path)
        assert store.read_only and len(store.notices) == 1, store.notices
        assert "cannot be written" in store.notices[0] and "not be kept" in store.notices[0]
        assert store.load_current() == saved(("r1c1=4", "auto"))  # Continue is offered
        store.save_current(saved(("r1c1=4", "auto", "r1c2=5")))  # played on a copy
        assert store.load_current() == saved(("r1c1=4", "auto", "r1c2=5"))
        store.close()
    assert (tmp_path / DB_NAME).read_bytes() == before
    assert not list(tmp_path.glob(f"{DB_NAME}.*-*"))  # nothing moved aside


# -- a file another program holds -----------------------------------------------------------------
@contextmanager
def _held(home: Path) -> Iterator[sqlite3.Connection]:
    """Another program in the middle of a write to the store."""
    other = sqlite3.connect(home / DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        if other.in_transaction:
            other.execute("COMMIT")
        other.close()


def test_a_save_to_a_busy_store_is_kept_and_written_when_it_is_free(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    store.save_current(saved())
    heard: list[str] = []
    store.listener = heard.append
    with _held(tmp_path):
        store.save_current(saved(("r1c1=4", "auto")))  # neither raises nor waits the lock out
        store.save_current(saved(("r1c1=4", "auto", "r1c2=5")))
        assert store.pending and store.retry() is False
        assert store.load_current() == saved(("r1c1=4", "auto", "r1c2=5"))
        assert heard == []  # not told at once: a short lock is nothing to speak of
    assert store.retry() is True and not store.pending
    other = SqliteStore.open(tmp_path)
    assert other.load_current() == saved(("r1c1=4", "auto", "r1c2=5"))
    other.close()
    store.close()


def test_a_store_busy_for_long_is_told_once_and_again_when_free(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "BUSY_NOTICE_AFTER", 0.0)
    store = SqliteStore.open(tmp_path)
    heard: list[str] = []
    store.listener = heard.append
    with _held(tmp_path):
        store.save_current(saved())
        store.retry()
        store.save_current(saved(("r1c1=4", "auto")))
        assert len(heard) == 1 and "held by another program" in heard[0]
    store.retry()
    assert len(heard) == 2 and "free again" in heard[1]
    store.close()


def test_saves_still_pending_at_closing_are_taken_in_by_the_next_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "CLOSE_WAIT_MS", 50)
    _stored(tmp_path)
    store = SqliteStore.open(tmp_path)
    with _held(tmp_path):
        store.save_current(saved(("r1c1=4", "auto")))
        store.close()  # the lock outlives the wait: the save goes beside the file
        assert len(list(tmp_path.glob(f"{DB_NAME}.pending-*.json"))) == 1
    again = SqliteStore.open(tmp_path)
    assert again.notices == [] and again.load_current() == saved(("r1c1=4", "auto"))
    assert not list(tmp_path.glob(f"{DB_NAME}.pending-*.json"))
    again.close()


def test_a_pending_save_never_overwrites_a_newer_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_store, "CLOSE_WAIT_MS", 50)
    _stored(tmp_path)
    store = SqliteStore.open(tmp_path)
    with _held(tmp_path):
        store.save_current(saved(("r1c1=4", "auto")))
        store.close()
    (next_file,) = tmp_path.glob(f"{DB_NAME}.pending-*.json")
    later = SqliteStore.open(tmp_path.parent / "elsewhere")  # not this store: nothing taken
    later.close()
    assert next_file.exists()
    with sqlite3.connect(tmp_path / DB_NAME) as conn:  # a newer save got in meanwhile
        conn.execute("UPDATE games SET data = ?, updated = updated + 1e9",
                     (sqlite_store.dump_saved(saved(("r9c9=1",))),))
    conn.close()
    again = SqliteStore.open(tmp_path)
    assert again.load_current() == saved(("r9c9=1",))
    again.close()


def test_other_failures_still_raise(tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path)
    store.tables.conn.execute("PRAGMA query_only=1")
    with pytest.raises(StoreError, match="readonly"):
        store.save_current(saved())
    assert not store.pending
