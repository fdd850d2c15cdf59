"""Shared fixtures: paths to test data and to the public puzzle sets."""

from __future__ import annotations

import os
from pathlib import Path

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
