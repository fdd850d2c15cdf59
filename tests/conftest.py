"""Shared fixtures: paths to test data and to the public puzzle sets."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

import pytest

if TYPE_CHECKING:
    from puzzleterm.serve.server import GameServer

#: Pass as ``hints`` or ``grader`` to keep the real solver.
REAL: Any = object()
_KEEP = REAL

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


#: Fixed puzzles for the UI tests and snapshots (game IDs).
EASY9 = ("sudoku:9x9:..3.2.6..9..3.5..1..18.64....81.29..7......."
         "8..67.82....26.95..8..2.3..9..5.1.3..")
SOL9 = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
#: the solution with three holes (r1c1, r5c5, r9c9): a puzzle a few keys from done
NEARLY9 = "sudoku:9x9:." + SOL9[1:40] + "." + SOL9[41:80] + "."
X5 = "xsudoku:5x5:.2..4....34...1.........."
LATIN5 = "latin:5x5:35....42....1.5..5.....1."


class FakeClock:
    """A monotonic clock the tests move by hand (no wall time in UI tests or snapshots)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def screen_text(app: Any) -> str:
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
    return screen_text


@pytest.fixture
def ui_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh store directory (also set as ``PUZZLETERM_HOME``)."""
    home = tmp_path / "home"
    monkeypatch.setenv("PUZZLETERM_HOME", str(home))
    return home


@contextmanager
def family_patched(hints: Any = _KEEP, grader: Any = _KEEP) -> Iterator[None]:
    """Answer the Sudoku family's hints and grades from test doubles for a while.

    ``hints`` has ``next_step(state) -> Deduction | None`` and ``step_move(state, d)``
    (None: no hint at all); ``grader`` is a ``state -> Grade | None`` function (None: every
    puzzle stays unrated, so pictures do not follow the grader's tuning).
    """
    from puzzleterm.engine.sudoku import LATIN, SUDOKU, XSUDOKU
    from puzzleterm.engine.sudoku.hints import as_step

    with ExitStack() as stack:
        for kind in (SUDOKU, XSUDOKU, LATIN):
            if hints is not _KEEP:
                def hint(state: Any, solution: Any, h: Any = hints) -> Any:
                    d = h.next_step(state) if h is not None else None
                    return None if d is None else as_step(state.geo, d, h.step_move(state, d))

                stack.enter_context(patch.object(kind, "hint", hint))
            if grader is not _KEEP:
                stack.enter_context(patch.object(
                    kind, "grade", grader if grader is not None else (lambda state: None)))
        yield


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    """A ``puzzleterm serve`` on a free loopback port, stopped after the test."""
    from .serve_client import start_server

    s = await start_server(tmp_path / "data")
    try:
        yield s
    finally:
        await asyncio.wait_for(s.stop(), 20)
