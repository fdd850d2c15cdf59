"""Build ``puzzleterm/engine/sudoku/human/pool.py``: puzzles at the levels that search
reaches slowly, found by the same search the engine uses, from fixed seeds (so the pool is
reproducible: ``python scripts/make_pool.py``; ``--part KEY`` rebuilds one level and keeps
the others as they are).

``--survey`` instead prints, for each board, the levels of random minimal puzzles (the
evidence behind ``max_level``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.generator import default_symmetric, generate_minimal
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human.levels import pool_key, search_attempt
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.types import Level

OUT = (Path(__file__).resolve().parent.parent / "puzzleterm" / "engine" / "sudoku" / "human"
       / "pool.py")

#: (variant, size, level, how many): the levels ``levels.POOL_FIRST`` deals from the pool,
#: and 16x16 hard, which search misses for some seeds (``levels.generate_at_level`` then
#: deals it from the pool).
TARGETS = (
    ("sudoku", 9, Level.HARD, 100),
    ("sudoku", 9, Level.EXTREME, 100),
    ("sudoku", 6, Level.MEDIUM, 40),
    ("xsudoku", 5, Level.MEDIUM, 40),
    ("latin", 6, Level.MEDIUM, 40),
    ("sudoku", 16, Level.HARD, 30),
)


def find(variant: str, n: int, level: Level, count: int) -> list[str]:
    geo = geometry(variant, n)
    sym = default_symmetric(geo)
    out: list[str] = []
    seen: set[str] = set()
    attempt = 0
    while len(out) < count:
        rng = Rng(f"pool-v1|{variant}{n}|{level.name.lower()}|{attempt}")
        attempt += 1
        got, grade = search_attempt(geo, rng, level, sym)
        text = "".join(geo.symbol(v) if v else "0" for v in got)
        if grade.level == level and text not in seen:
            assert bt.count_values(geo, got, 2) == 1
            seen.add(text)
            out.append(text)
            print(f"{pool_key(geo, level)} {len(out)}/{count} (attempt {attempt}): "
                  f"{grade.hardest} {grade.rating}", file=sys.stderr)
    return out


def write(pool: dict[str, list[str]]) -> None:
    lines = [
        '"""Pre-generated puzzles for the levels that search reaches slowly.',
        "",
        "Written by scripts/make_pool.py (do not edit by hand); each entry is one symbol per",
        "cell (1-9, then A-G on 16x16), 0 for a blank.  The generator transforms them by its",
        'rng before dealing them."""',
        "",
        "POOL: dict[str, tuple[str, ...]] = {",
    ]
    for key in sorted(pool):
        lines.append(f'    "{key}": (')
        lines.extend(f'        "{p}",' for p in pool[key])
        lines.append("    ),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def survey(samples: int) -> None:
    boards = [("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("xsudoku", 5), ("latin", 5),
              ("latin", 6), ("latin", 7), ("latin", 9)]
    for variant, n in boards:
        geo = geometry(variant, n)
        counts: Counter[str] = Counter()
        t0 = time.perf_counter()
        for i in range(samples):
            givens = generate_minimal(geo, Rng(f"survey|{variant}|{n}|{i}"))
            counts[grade_givens(geo, givens)[0].level.label] += 1
        spent = time.perf_counter() - t0
        print(f"{variant} {n}x{n}: {dict(sorted(counts.items()))} ({spent:.1f}s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--survey", type=int, default=0, metavar="N",
                    help="grade N random minimal puzzles per board instead")
    ap.add_argument("--part", default="",
                    help="only this pool key (e.g. sudoku9:extreme); keep the others")
    args = ap.parse_args()
    if args.survey:
        survey(args.survey)
        return
    pool: dict[str, list[str]] = {}
    if args.part:
        from puzzleterm.engine.sudoku.human.pool import POOL

        pool = {k: list(v) for k, v in POOL.items()}
    for variant, n, level, count in TARGETS:
        key = pool_key(geometry(variant, n), level)
        if args.part and key != args.part:
            continue
        pool[key] = find(variant, n, level, count)
    write(pool)


if __name__ == "__main__":
    main()
