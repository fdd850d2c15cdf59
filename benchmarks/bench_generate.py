"""Time to deal a unique puzzle, per board size (no level: minimal puzzles).

    python benchmarks/bench_generate.py [--count N]

Prints the median, 90th percentile and number of givens for each size; every puzzle dealt is
checked to have exactly one solution (outside the timed region).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import ms, summary
from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.sudoku import solver as bt

SHAPES = [
    ("sudoku", "4x4", 1.0),
    ("sudoku", "6x6", 1.0),
    ("sudoku", "9x9", 1.0),
    ("sudoku", "16x16", 0.1),
    ("xsudoku", "5x5", 1.0),
    ("latin", "5x5", 1.0),
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=50, help="puzzles per size (16x16: a tenth)")
    args = ap.parse_args()
    print(f"{'kind':<8} {'size':<6} {'n':>4} {'median ms':>10} {'p90 ms':>10} {'givens':>8}")
    bad = 0
    for name, size, share in SHAPES:
        kind = find_kind(name)
        params = kind.parse_params(size)
        n = max(2, int(args.count * share))
        times: list[float] = []
        givens: list[int] = []
        for i in range(n):
            t0 = time.perf_counter()
            puzzle = generate_seeded(kind, params, f"bench-{i}")
            times.append(time.perf_counter() - t0)
            gv = puzzle.state.givens
            givens.append(sum(1 for v in gv if v))
            if bt.count_values(params.geo, gv, 2) != 1:
                bad += 1
        med, p90, _ = summary(times)
        print(
            f"{name:<8} {size:<6} {n:>4} {ms(med):>10} {ms(p90):>10} "
            f"{statistics.median(givens):>8.0f}"
        )
    print(f"# every puzzle checked unique; failures: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
