"""Shared fixtures: paths to test data and to the public puzzle sets."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SHARED_DATA = Path(os.environ.get("PUZZLETERM_SHARED_DATA", REPO.parent / "shared" / "data"))


def shared_file(name: str) -> Path:
    """A file of the public puzzle sets, or skip the test when the sets are absent."""
    path = SHARED_DATA / name
    if not path.is_file():
        pytest.skip(f"public puzzle set {name} not present ({SHARED_DATA})")
    return path


def read_puzzle_lines(path: Path, limit: int | None = None) -> list[str]:
    """One-line puzzles of a file (the longest token of each non-comment line)."""
    out: list[str] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        out.append(max(line.split(), key=len))
        if limit is not None and len(out) >= limit:
            break
    return out


# -- UI, session and store tests (the ``ui_*`` fixtures) --------------------------------------


class FakeClock:
    """A monotonic clock the tests move by hand (no wall time in UI tests or snapshots)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _screen_text(app: Any) -> str:
    """The app's current screen as plain text (what a person would read)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


@pytest.fixture
def ui_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def ui_screen_text() -> Callable[[Any], str]:
    return _screen_text


@pytest.fixture
def ui_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh store directory (also set as ``PUZZLETERM_HOME``)."""
    home = tmp_path / "home"
    monkeypatch.setenv("PUZZLETERM_HOME", str(home))
    return home
