"""Fuzz every reader of every kind for longer than the suite does.

    python scripts/fuzz_readers.py --inputs 100000 --seed 1 [--seconds 600]

The inputs are shared out evenly over the kinds and readers (puzzle text, desc, game ID,
params, move); each is a valid input mutated by the seeded mutator of ``tests/fuzz_inputs.py``.
With ``--seconds`` the time is shared out too: each kind and reader stops at its share of it
(or its share of the inputs, whichever comes first), and the counts say how many ran.
A *crash* is any exception but the engine's own ``PuzzleError``; a *hang* is a call that takes
more than ``SLOW`` seconds of CPU.  Prints the findings (the first few of each), the counts,
the time taken and the process's peak memory; exits 1 when anything was found.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzleterm.engine import all_kinds
from tests.fuzz_inputs import READERS, SLOW, check, make_input, samples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="inputs in all (100,000)")
    ap.add_argument("--seed", default="1", help="the mutator's seed")
    ap.add_argument("--show", type=int, default=3, help="findings shown per kind and reader")
    ap.add_argument("--seconds", type=float, default=None,
                    help="a time budget in all, shared out over the kinds and readers")
    args = ap.parse_args()
    kinds = [k.name for k in all_kinds()]
    for name in kinds:
        samples(name)
    each = max(1, args.inputs // (len(kinds) * len(READERS)))
    crashes: Counter[tuple[str, str]] = Counter()
    hangs: Counter[tuple[str, str]] = Counter()
    slowest = 0.0
    start = time.perf_counter()
    cpu = time.process_time()
    share = None if args.seconds is None else args.seconds / (len(kinds) * len(READERS))
    total = 0
    for name in kinds:
        for reader in READERS:
            rnd = random.Random(f"{args.seed}|{name}|{reader}")
            stop = None if share is None else time.perf_counter() + share
            done = 0
            while done < each and (stop is None or time.perf_counter() < stop):
                done += 1
                sample, text = make_input(name, reader, rnd)
                t = time.thread_time()
                found = check(name, reader, sample, text)
                slowest = max(slowest, time.thread_time() - t)
                total += 1
                if found is None:
                    continue
                bucket = hangs if found.problem.startswith("slow") else crashes
                bucket[(name, reader)] += 1
                if bucket[(name, reader)] <= args.show:
                    print(f"{name} {reader}: {found.problem} <- {found.text[:160]!r}")
            print(f"{name:10} {reader:8} {done:,} inputs: {crashes[(name, reader)]} crashes, "
                  f"{hangs[(name, reader)]} hangs", flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{total:,} inputs ({len(kinds)} kinds x {len(READERS)} readers x at most {each:,}): "
          f"{sum(crashes.values())} crashes, {sum(hangs.values())} hangs (over {SLOW:g} s "
          f"of CPU); slowest call {slowest:.3f} s of CPU; {time.perf_counter() - start:.1f} s, "
          f"{time.process_time() - cpu:.1f} s of CPU; peak memory {peak:.0f} MB")
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
