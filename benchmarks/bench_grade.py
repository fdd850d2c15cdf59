"""Grading and generation speed of the human-style solver (prints figures; not a test).

    python benchmarks/bench_grade.py [--per-level 20] [--data 200] [--gen 10]

Grading: median and 90th percentile per level, over 9x9 puzzles generated at each level,
then over the shared data sets when /work/shared/data is present; each grade starts with an
empty memo (see ``grid.memo``).  Generation: median and
90th percentile time of ``generate_at_level`` per level.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from pathlib import Path

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human import generate_at_level, max_level
from puzzleterm.engine.sudoku.human.grid import tables
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.types import Level

DATA = Path("/work/shared/data")
DATA_SETS = (
    "sudoku-norvig-easy50.txt",
    "sudoku-17clue-sample1000.txt",
    "sudoku-exchange-diabolical-rated.txt",
    "sudoku-magictour-top1465.txt",
)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def line(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"{label:<44} n={len(ms):4d}  median {statistics.median(ms):8.1f} ms  "
            f"p90 {pct(ms, 0.9):8.1f} ms  max {max(ms):8.1f} ms")


def grade_time(geo_n: int, givens: tuple[int, ...]) -> tuple[float, Level]:
    """Time one grade, from a cold start: the geometry's memo of single-digit finders is
    emptied first (generation graded these very puzzles, which would flatter the figure)."""
    geo = geometry("sudoku", geo_n)
    tables(geo).cache.clear()
    t0 = time.perf_counter()
    grade = grade_givens(geo, givens)[0]
    return time.perf_counter() - t0, grade.level


def parse(text: str) -> tuple[int, ...] | None:
    parts = text.split()
    if not parts or text.startswith("#"):
        return None
    p = parts[1] if len(parts) > 1 and len(parts[0]) != 81 else parts[0]
    return tuple(0 if ch in ".0" else int(ch) for ch in p[:81])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--per-level", type=int, default=20, help="generated puzzles per level")
    ap.add_argument("--data", type=int, default=200, help="puzzles per data set (0: skip)")
    ap.add_argument("--gen", type=int, default=10, help="generations timed per level")
    ap.add_argument("--size", type=int, default=9, help="Sudoku size for generation")
    args = ap.parse_args()
    geo = geometry("sudoku", args.size)
    levels = [lv for lv in Level if lv <= max_level(geo)]

    print(f"== generation, {geo.size_text} (generate_at_level)")
    puzzles: dict[Level, list[tuple[int, ...]]] = defaultdict(list)
    for level in levels:
        times = []
        hits = 0
        for i in range(max(args.gen, args.per_level)):
            t0 = time.perf_counter()
            givens, grade = generate_at_level(geo, Rng(f"bench|{level.name}|{i}"), level)
            if i < args.gen:
                times.append(time.perf_counter() - t0)
            hits += grade.level == level
            puzzles[grade.level].append(givens)
        print(line(f"generate {level.label}", times) + f"  hit {hits}")

    print(f"== grading generated {geo.size_text} puzzles, by level")
    for level in levels:
        got = puzzles[level][: args.per_level]
        if got:
            print(line(f"grade {level.label}", [grade_time(args.size, g)[0] for g in got]))

    if args.data and DATA.exists() and args.size == 9:
        print("== grading the shared data sets")
        for name in DATA_SETS:
            path = DATA / name
            if not path.exists():
                continue
            with path.open(encoding="utf-8") as f:
                rows = [p for p in (parse(ln) for ln in f) if p]
            step = max(1, len(rows) // args.data)
            sample = rows[::step][: args.data]
            by_level: dict[Level, list[float]] = defaultdict(list)
            every: list[float] = []
            for givens in sample:
                dt, lv = grade_time(9, givens)
                by_level[lv].append(dt)
                every.append(dt)
            print(line(name, every))
            for lv in sorted(by_level):
                print(line(f"  {lv.label}", by_level[lv]))


if __name__ == "__main__":
    main()
