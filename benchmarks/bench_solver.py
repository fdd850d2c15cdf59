"""Backtracker speed against two exact-cover peers, on the same hard sets, in one run.

    python benchmarks/bench_solver.py [--sets top95,hardest,17clue,top1465] [--limit N]

Peers (the ``bench`` extra: ``pip install -e '.[bench]'``):

* ``dlx``: Knuth's dancing links in pure Python (smallest-column heuristic);
* ``exact-cover``: Algorithm X in a C extension, fed a dense 0/1 matrix built with NumPy.

Each solver gets the puzzle as 81 digit values and must return the completed grid; building
a peer's exact-cover matrix for the puzzle is part of its time, as choosing candidates is part
of ours.  Solvers take turns puzzle by puzzle (the order rotates), so machine noise hits all
of them alike.  Every answer is checked.  Figures: median, 90th percentile and total per set,
and the ratio of each peer's median to ours (above 1: ours is faster).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import load_set, ms, summary
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import geometry

GEO = geometry("sudoku", 9)
SETS = {
    "top95": "sudoku-norvig-top95.txt",
    "hardest": "sudoku-norvig-hardest11.txt",
    "17clue": "sudoku-17clue-sample1000.txt",
    "top1465": "sudoku-magictour-top1465.txt",
}

Values = Sequence[int]
Solver = Callable[[Values], tuple[int, ...] | None]


def ours(values: Values) -> tuple[int, ...] | None:
    return bt.solve_values(GEO, values)


# Exact-cover rows: one per (cell, digit); columns: cell filled, row/col/box has digit.
def _ec_columns(cell: int, d: int) -> tuple[int, int, int, int]:
    r, c = divmod(cell, 9)
    b = (r // 3) * 3 + c // 3
    return (cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d)


ROWS = [(cell, d) for cell in range(81) for d in range(9)]


def _allowed_rows(values: Values) -> list[int]:
    return [i for i, (cell, d) in enumerate(ROWS) if values[cell] in (0, d + 1)]


def make_dlx() -> Solver | None:
    try:
        import dlx
    except ImportError:
        return None

    columns = [(f"c{i}", dlx.DLX.PRIMARY) for i in range(324)]

    def solve(values: Values) -> tuple[int, ...] | None:
        idx = _allowed_rows(values)
        d = dlx.DLX(columns)
        d.appendRows([list(_ec_columns(*ROWS[i])) for i in idx], idx)
        for sol in d.solve(columnselector=dlx.DLX.smallestColumnSelector):
            out = [0] * 81
            for node in sol:
                cell, digit = ROWS[d.N[node]]
                out[cell] = digit + 1
            return tuple(out)
        return None

    return solve


def make_exact_cover() -> Solver | None:
    try:
        import exact_cover
        import numpy as np
    except ImportError:
        return None

    full = np.zeros((729, 324), dtype=np.int32)
    for i, (cell, d) in enumerate(ROWS):
        full[i, list(_ec_columns(cell, d))] = 1
    cells = np.array([cell for cell, _ in ROWS])
    digits = np.array([d + 1 for _, d in ROWS])

    def solve(values: Values) -> tuple[int, ...] | None:
        given = np.asarray(values)[cells]
        keep = np.flatnonzero((given == 0) | (given == digits))
        try:
            chosen = exact_cover.get_exact_cover(full[keep])
        except exact_cover.error.NoSolution:
            return None
        out = [0] * 81
        for i in keep[chosen]:
            out[int(cells[i])] = int(digits[i])
        return tuple(out)

    return solve


def check(values: Values, solution: tuple[int, ...] | None) -> bool:
    return (
        solution is not None
        and all(solution)
        and all(v in (0, s) for v, s in zip(values, solution, strict=True))
        and not find_conflicts(GEO, solution)
    )


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--sets", default=",".join(SETS), help="comma-separated: " + ", ".join(SETS))
    ap.add_argument("--limit", type=int, default=None, help="at most this many puzzles per set")
    args = ap.parse_args()

    solvers: dict[str, Solver] = {"puzzleterm": ours}
    for name, factory in (("dlx", make_dlx), ("exact-cover", make_exact_cover)):
        s = factory()
        if s is None:
            print(f"# {name}: not installed (pip install -e '.[bench]'); skipped")
        else:
            solvers[name] = s
    names = list(solvers)
    print(f"# solvers: {', '.join(names)}; times in ms per puzzle")
    failures = 0
    for key in args.sets.split(","):
        puzzles = load_set(SETS[key], args.limit)
        if puzzles is None:
            print(f"# {key}: {SETS[key]} not found; skipped")
            continue
        times: dict[str, list[float]] = {n: [] for n in names}
        for k, line in enumerate(puzzles):
            values = [0 if ch in ".0" else int(ch) for ch in line]
            order = names[k % len(names) :] + names[: k % len(names)]
            for n in order:
                t0 = time.perf_counter()
                sol = solvers[n](values)
                times[n].append(time.perf_counter() - t0)
                if not check(values, sol):
                    failures += 1
                    print(f"# WRONG ANSWER from {n} on {line}")
        print(f"\n{key} ({len(puzzles)} puzzles)")
        print(f"  {'solver':<12} {'median':>9} {'p90':>9} {'total s':>9} {'median ratio':>13}")
        base = summary(times["puzzleterm"])[0]
        for n in names:
            med, p90, tot = summary(times[n])
            print(f"  {n:<12} {ms(med)} {ms(p90)} {tot:9.3f} {med / base:12.2f}x")
    print(f"\n# answers checked; wrong answers: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
