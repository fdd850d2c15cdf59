"""Missing-digit arithmetic: time to decide uniqueness, and time to deal a puzzle.

    python benchmarks/bench_arith.py [--puzzles 40] [--seeds 3]

1. **Decide** (``count_solutions(limit=2)``): 5x3 multiplications and 6/3 divisions made
   from seeded random true sums, with 50-85% of their digits hidden at random (not checked
   for uniqueness: the solver decides), median and worst CPU time per operation.
2. **Deal** (``generate`` at a level, seeded): median and worst CPU time per operation and
   level, for ``add3x4``, ``mul3x2``, ``mul5x3``, ``div5/2`` and ``div6/3``.

Targets: median under 30 ms to decide, under 1 s to deal.  Figures are CPU seconds
(``time.process_time``); this is not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import ms, summary
from puzzleterm.engine import find_kind
from puzzleterm.engine.arith import solver
from puzzleterm.engine.arith.generator import true_sum
from puzzleterm.engine.arith.model import ArithState
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.rng import Rng

KIND = find_kind("arith")
DECIDE = ("mul5x3", "div6/3")
DEAL = ("add3x4", "mul3x2", "mul5x3", "div5/2", "div6/3")


def hidden_puzzle(params: str, seed: int) -> ArithState:
    rng = Rng(f"bench-arith-{params}-{seed}")
    full = true_sum(KIND.parse_params(params), rng.fork("sum"))
    cells = rng.fork("hide").shuffled(full.cells())
    share = 0.5 + 0.35 * rng.below(1001) / 1000
    rows = [list(r) for r in full.givens]
    for r, i in cells[:round(len(cells) * share)]:
        rows[r][i] = None
    return full.with_givens(tuple(tuple(r) for r in rows))


def decide(puzzles: int) -> None:
    print(f"decide uniqueness (limit 2), {puzzles} puzzles each, 50-85% hidden")
    print(f"{'sum':8} {'median ms':>10} {'p90 ms':>10} {'worst ms':>10}  unique/several")
    for params in DECIDE:
        times: list[float] = []
        verdicts = [0, 0]
        for seed in range(puzzles):
            state = hidden_puzzle(params, seed)
            start = time.process_time()
            n = solver.count(state, 2)
            times.append(time.process_time() - start)
            verdicts[n > 1] += 1
        med, p90, _ = summary(times)
        print(f"{params:8} {ms(med):>10} {ms(p90):>10} {ms(max(times)):>10}  "
              f"{verdicts[0]}/{verdicts[1]}")


def deal(seeds: int) -> None:
    print(f"\ndeal a puzzle at a level, {seeds} seeds each")
    print(f"{'sum':8} {'level':8} {'median ms':>10} {'worst ms':>10}  at level")
    for params in DEAL:
        p = KIND.parse_params(params)
        for level in KIND.levels(p):
            times: list[float] = []
            hits = 0
            for seed in range(seeds):
                start = time.process_time()
                puzzle = generate_seeded(KIND, p, f"bench{seed}", level)
                times.append(time.process_time() - start)
                hits += puzzle.grade is not None and puzzle.grade.level is level
            med, _, _ = summary(times)
            print(f"{params:8} {level.label:8} {ms(med):>10} {ms(max(times)):>10}  "
                  f"{hits}/{seeds}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", type=int, default=40)
    ap.add_argument("--seeds", type=int, default=3)
    args = ap.parse_args()
    decide(args.puzzles)
    deal(args.seeds)


if __name__ == "__main__":
    main()
