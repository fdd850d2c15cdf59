"""Helpers shared by the benchmark scripts: finding the public sets and summarising times."""

from __future__ import annotations

import os
import statistics
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("PUZZLETERM_SHARED_DATA", REPO.parent / "shared" / "data"))


def load_set(name: str, limit: int | None = None) -> list[str] | None:
    """One-line puzzles of a public set (its longest token per line), or None if absent."""
    path = SHARED_DATA / name
    if not path.is_file():
        return None
    out: list[str] = []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(max(line.split(), key=len))
            if limit is not None and len(out) >= limit:
                break
    return out


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.3f}"


def summary(times: list[float]) -> tuple[float, float, float]:
    """Median, 90th percentile and total of a list of durations (seconds)."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, sum(ordered)
