"""Time to deal a 9x9 puzzle that practises a technique, per technique, beside a level deal.

    python benchmarks/bench_practice.py [--count N] [--live N] [--cap S]

For every technique of the solver's table: the median and 90th percentile CPU time of a
practice deal (``sudoku:9x9:<technique>#<seed>``, N seeds, through the game-ID path with its
budget) and, side by side in the same run, of a level deal at the technique's level
(``sudoku:9x9:<level>#<seed>``, the same seeds), with the ratio of the medians.  Every
practice deal is checked (outside the timed region) to have the technique as its strictly
hardest step.  Refused techniques are listed with their reason.

``--live N`` adds what dealing without the pool would cost: random minimal puzzles are
generated and graded until one has the technique as its strictly hardest step, for N seeds,
giving up after ``--cap`` seconds (the share found within the cap is printed).  It is the
evidence that a pool is needed: most techniques are the hardest step of few puzzles.

CPU time (``time.thread_time``) is measured, so a busy machine slows the figures less than
wall time would; the ratios are what compare.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import ms, summary
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import SUDOKU
from puzzleterm.engine.sudoku.generator import generate_minimal
from puzzleterm.engine.sudoku.human import solve_steps
from puzzleterm.engine.sudoku.practice import GEO, strictly_hardest
from puzzleterm.engine.sudoku.state import SudokuState


def live(technique: str, seed: str, cap: float) -> float | None:
    """CPU seconds that generating and grading minimal puzzles takes to find one whose
    strictly hardest step is ``technique`` (None past ``cap``)."""
    t0 = time.thread_time()
    i = 0
    while time.thread_time() - t0 < cap:
        givens = generate_minimal(GEO, Rng(f"live|{technique}|{seed}|{i}"))
        i += 1
        if strictly_hardest(solve_steps(SudokuState.from_givens(GEO, givens))) == technique:
            return time.thread_time() - t0
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20, help="seeds per technique (20)")
    ap.add_argument("--live", type=int, default=0, metavar="N",
                    help="also time a live search without the pool, N seeds (0: no)")
    ap.add_argument("--cap", type=float, default=5.0,
                    help="seconds a live search may take (5)")
    args = ap.parse_args()
    params = SUDOKU.parse_params("9x9")
    choices = SUDOKU.practice_choices(params)
    head = (f"{'technique':<28} {'level':<8} {'n':>3} {'median ms':>10} {'p90 ms':>10} "
            f"{'level deal ms':>14} {'ratio':>6}")
    if args.live:
        head += f" {'live median ms':>15} {'found':>6}"
    print(head)
    bad = 0
    worst = 0.0
    for choice in choices:
        if choice.refused:
            continue
        seeds = [f"bench-{i}" for i in range(args.count)]
        times: list[float] = []
        base: list[float] = []
        for seed in seeds:
            t0 = time.thread_time()
            puzzle = generate_seeded(SUDOKU, params, seed, technique=choice.id)
            times.append(time.thread_time() - t0)
            if strictly_hardest(solve_steps(puzzle.state)) != choice.id:
                bad += 1
            t0 = time.thread_time()
            generate_seeded(SUDOKU, params, seed, choice.level)
            base.append(time.thread_time() - t0)
        med, p90, _ = summary(times)
        bmed, _, _ = summary(base)
        worst = max(worst, p90)
        line = (f"{choice.name:<28} {choice.level.label:<8} {len(seeds):>3} {ms(med):>10} "
                f"{ms(p90):>10} {ms(bmed):>14} {med / bmed:>6.2f}")
        if args.live:
            found = [t for t in (live(choice.id, str(i), args.cap) for i in range(args.live))
                     if t is not None]
            lmed = ms(summary(found)[0]) if found else f"> {args.cap:g} s"
            line += f" {lmed:>15} {len(found):>3}/{args.live:<2}"
        print(line, flush=True)
    print("# refused:")
    for choice in choices:
        if choice.refused:
            print(f"#   {choice.name}: {choice.refused}")
    print(f"# slowest p90: {worst * 1000:.0f} ms; deals whose hardest step was not the "
          f"technique: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
