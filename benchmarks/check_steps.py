"""Every step of every solve path on the public sets, checked against the solution (prints figures).

    python benchmarks/check_steps.py [--jobs 2] [--sets a.txt,b.txt] [--every 1]

Each puzzle of the sets (from ``PUZZLETERM_SHARED_DATA``; a missing set is skipped) is solved
by the human-style solver step by step, as ``solve.run`` does, and each step is checked on
the position it was found in: a placement must be a candidate of its cell and the solution's
digit, an elimination must remove a candidate that the cell has and that is not the
solution's digit, and a step must do something.  Prints, per set, the puzzles and steps
checked, the puzzles left unsolved (no step applies, trial included)
and every bad step (the first few in full).  Exits 1 if any step is bad.

By default every set but the forum's hardest lists (``sudoku-forum-hardest*``, whose every
puzzle needs long forcing chains; name them with ``--sets`` to include them).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from _common import SHARED_DATA, load_set

DEFAULT_SETS = (
    "sudoku-norvig-easy50.txt",
    "sudoku-norvig-top95.txt",
    "sudoku-norvig-hardest11.txt",
    "sudoku-magictour-top1465.txt",
    "sudoku-17clue-sample1000.txt",
    "sudoku-exchange-diabolical-rated.txt",
)

#: (steps checked, bad steps as text, solved by logic)
Checked = tuple[int, list[str], bool]


def check_one(text: str) -> Checked:
    from puzzleterm.engine.sudoku import solver as bt
    from puzzleterm.engine.sudoku.geometry import geometry
    from puzzleterm.engine.sudoku.human.grid import Grid
    from puzzleterm.engine.sudoku.human.solve import apply_step, find_step, unique_check

    geo = geometry("sudoku", 9)
    givens = tuple(geo.digit_of(ch) for ch in text)
    solution = bt.solve_values(geo, givens)
    if solution is None:
        return 0, [f"{text}: no solution"], False
    g = Grid.from_values(geo, givens, unique_check(geo, givens))
    steps = 0
    bad: list[str] = []
    while not all(g.values):
        step = find_step(g)
        if step is None:
            break
        steps += 1
        wrong = [f"{geo.cell_name(c)}={d} is no candidate" for c, d in step.placements
                 if not g.cand[c] >> (d - 1) & 1]
        wrong += [f"{geo.cell_name(c)}={d} is not the solution" for c, d in step.placements
                  if solution[c] != d]
        wrong += [f"{geo.cell_name(c)}-{d} removes the solution" for c, d in step.eliminations
                  if solution[c] == d]
        wrong += [f"{geo.cell_name(c)}-{d} is no candidate" for c, d in step.eliminations
                  if not g.cand[c] >> (d - 1) & 1]
        if not step.placements and not step.eliminations:
            wrong.append("does nothing")
        if wrong:
            bad.append(f"{text} step {steps} {step.technique}: {'; '.join(wrong)} "
                       f"({step.explanation})")
            break
        apply_step(g, step)
    return steps, bad, all(g.values)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--sets", help="comma-separated file names (default: all but the forum's)")
    ap.add_argument("--every", type=int, default=1, help="every N-th puzzle of each set")
    args = ap.parse_args()
    names = args.sets.split(",") if args.sets else list(DEFAULT_SETS)
    total_puzzles = total_steps = total_bad = 0
    t0 = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in names:
            rows = load_set(name)
            if rows is None:
                print(f"({name} not found in {SHARED_DATA}: skipped)")
                continue
            rows = [r[:81] for r in rows[::args.every]]
            if pool is not None:
                results = list(pool.map(check_one, rows, chunksize=16))
            else:
                results = [check_one(r) for r in rows]
            steps = sum(r[0] for r in results)
            bad = [b for r in results for b in r[1]]
            unsolved = sum(not r[2] for r in results)
            print(f"{name}: {len(rows)} puzzles, {steps} steps checked, {len(bad)} bad, "
                  f"{unsolved} left unsolved")
            for line in bad[:5]:
                print(f"  BAD {line}")
            total_puzzles += len(rows)
            total_steps += steps
            total_bad += len(bad)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"all: {total_puzzles} puzzles, {total_steps} steps checked, {total_bad} bad "
          f"({time.perf_counter() - t0:.0f} s)")
    sys.exit(1 if total_bad else 0)


if __name__ == "__main__":
    main()
