"""Grading speed of the human-style solver on public and dealt puzzles (prints figures).

    python benchmarks/bench_grade.py [--forum 100] [--sixteen 20] [--compare BASE_DIR]
    python benchmarks/bench_grade.py --deal [--deal-seeds 5]     # 16x16 dealing per level
    python benchmarks/bench_grade.py --generation [--per-level 20] [--gen 10]

Sets: Norvig's top95 and the first ``--forum`` puzzles of the forum's hardest list, read
from ``PUZZLETERM_SHARED_DATA`` (default ``../shared/data``; a missing set is skipped), and
``--sixteen`` 16x16 puzzles dealt without a level (seeds ``bench16-0`` ...: minimal
puzzles, no clue to spare).  Each grade is timed in CPU time from a cold start (the
geometry's memo of single-digit finders is emptied first); median and 90th percentile
per set.

``--compare BASE_DIR`` also grades every puzzle with the puzzleterm package found in
``BASE_DIR`` (an older checkout: ``git worktree add /tmp/base e2d80d2``), in its own
process, puzzle by puzzle in turn with this one so both see the same machine load; it
prints both timings and every puzzle whose level, rating, hardest technique or technique
counts differ.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import IO

from _common import SHARED_DATA, load_set, summary

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human import generate_at_level, max_level
from puzzleterm.engine.sudoku.human.grid import tables
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.types import Level

SETS = (("top95", "sudoku-norvig-top95.txt"), ("forum hardest", "sudoku-forum-hardest1106-375.txt"))

Puzzle = tuple[int, str]  # (size, givens as text)


# -- worker: grades puzzles given one a line on stdin ("SIZE GIVENS"), answers JSON -------------
def grade_one(size: int, text: str) -> dict[str, object]:
    geo = geometry("sudoku", size)
    givens = tuple(geo.digit_of(ch) for ch in text)
    tables(geo).cache.clear()
    t0 = time.process_time()
    grade = grade_givens(geo, givens)[0]
    cpu = time.process_time() - t0
    return {"level": grade.level.name, "rating": grade.rating, "hardest": grade.hardest,
            "counts": [list(c) for c in grade.counts], "cpu": cpu}


def worker(inp: IO[str], out: IO[str]) -> None:
    for line in inp:
        size, text = line.split()
        out.write(json.dumps(grade_one(int(size), text)) + "\n")
        out.flush()


class Remote:
    """A worker process running the puzzleterm package of ``base`` (one puzzle at a time)."""

    def __init__(self, base: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(base))
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
            cwd=str(base))
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.inp, self.out = self.proc.stdin, self.proc.stdout

    def grade(self, size: int, text: str) -> dict[str, object]:
        self.inp.write(f"{size} {text}\n")
        self.inp.flush()
        line = self.out.readline()
        if not line:
            raise SystemExit("the --compare worker stopped (is BASE_DIR a puzzleterm checkout?)")
        got: dict[str, object] = json.loads(line)
        return got

    def close(self) -> None:
        self.inp.close()
        self.proc.wait()


# -- sets ---------------------------------------------------------------------------------------
def sixteen(count: int) -> list[Puzzle]:
    """16x16 puzzles as the app deals them without a level (seeds bench16-0 ...)."""
    kind = find_kind("sudoku")
    params = kind.parse_params("16x16")
    geo = params.geo
    out = []
    for i in range(count):
        state = generate_seeded(kind, params, f"bench16-{i}").state
        out.append((16, "".join(geo.symbol(v) for v in state.givens)))
    return out


def public_sets(forum: int) -> list[tuple[str, list[Puzzle]]]:
    out = []
    for label, name in SETS:
        rows = load_set(name, forum if label == "forum hardest" else None)
        if rows is None:
            print(f"({name} not found in {SHARED_DATA}: skipped)")
            continue
        n = len(rows)
        out.append((f"{label} ({n})", [(9, r) for r in rows]))
    return out


def pct_line(label: str, cpu: list[float]) -> str:
    med, p90, _total = summary(cpu)
    return (f"{label:<26} n={len(cpu):4d}  median {med * 1000:8.1f} ms  p90 {p90 * 1000:8.1f} ms"
            f"  max {max(cpu) * 1000:8.1f} ms")


def run_sets(sets: list[tuple[str, list[Puzzle]]], base: Path | None) -> int:
    """Grade every set (and with the old package alongside); returns the count of puzzles
    whose grade differs."""
    remote = Remote(base) if base is not None else None
    differ = 0
    try:
        for label, puzzles in sets:
            new_cpu: list[float] = []
            old_cpu: list[float] = []
            for i, (size, text) in enumerate(puzzles):
                if remote is not None:
                    old = remote.grade(size, text)
                    old_cpu.append(float(str(old["cpu"])))
                new = grade_one(size, text)
                new_cpu.append(float(str(new["cpu"])))
                if remote is not None:
                    keys = ("level", "rating", "hardest", "counts")
                    if any(old[k] != new[k] for k in keys):
                        differ += 1
                        print(f"  DIFFERENT {label} #{i}: old {[old[k] for k in keys[:3]]} "
                              f"new {[new[k] for k in keys[:3]]}  {text}")
            print(pct_line(label, new_cpu))
            if remote is not None:
                print(pct_line("  base", old_cpu) + "  (the --compare package)")
                (old_med, old_p90, _), (new_med, new_p90, _) = summary(old_cpu), summary(new_cpu)
                print(f"  speed-up x{old_med / max(new_med, 1e-9):.1f} at the median, "
                      f"x{old_p90 / max(new_p90, 1e-9):.1f} at p90")
    finally:
        if remote is not None:
            remote.close()
    return differ


# -- dealing and generation -----------------------------------------------------------------------
def deal_16(seeds: int) -> None:
    """CPU time to deal a 16x16 puzzle at each offered level."""
    kind = find_kind("sudoku")
    params = kind.parse_params("16x16")
    print("== dealing 16x16 at each level (generate_seeded, CPU time)")
    for level in kind.levels(params):
        cpu = []
        hits = 0
        for i in range(seeds):
            t0 = time.process_time()
            puzzle = generate_seeded(kind, params, f"deal16-{i}", level)
            cpu.append(time.process_time() - t0)
            hits += puzzle.grade is not None and puzzle.grade.level == level
        print(pct_line(f"deal {level.label}", cpu) + f"  at level {hits}/{seeds}")


def generation(size: int, per_level: int, gen: int) -> None:
    geo = geometry("sudoku", size)
    levels = [lv for lv in Level if lv <= max_level(geo)]
    print(f"== generation, {geo.size_text} (generate_at_level, CPU time)")
    puzzles: dict[Level, list[tuple[int, ...]]] = defaultdict(list)
    for level in levels:
        times = []
        hits = 0
        for i in range(max(gen, per_level)):
            t0 = time.process_time()
            givens, grade = generate_at_level(geo, Rng(f"bench|{level.name}|{i}"), level)
            if i < gen:
                times.append(time.process_time() - t0)
            hits += grade.level == level
            puzzles[grade.level].append(givens)
        print(pct_line(f"generate {level.label}", times) + f"  hit {hits}")
    print(f"== grading generated {geo.size_text} puzzles, by level")
    for level in levels:
        got = puzzles[level][:per_level]
        if got:
            text = ["".join(geo.symbol(v) for v in g) for g in got]
            print(pct_line(f"grade {level.label}",
                           [float(str(grade_one(size, t)["cpu"])) for t in text]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--forum", type=int, default=100, help="forum-hardest puzzles (first N)")
    ap.add_argument("--sixteen", type=int, default=20, help="dealt 16x16 puzzles (0: skip)")
    ap.add_argument("--compare", type=Path, metavar="BASE_DIR",
                    help="also grade with the puzzleterm package in BASE_DIR, side by side")
    ap.add_argument("--deal", action="store_true", help="time dealing 16x16 at each level")
    ap.add_argument("--deal-seeds", type=int, default=5, help="seeds per level for --deal")
    ap.add_argument("--generation", action="store_true",
                    help="time generate_at_level per level instead (see --size)")
    ap.add_argument("--per-level", type=int, default=20, help="generated puzzles graded a level")
    ap.add_argument("--gen", type=int, default=10, help="generations timed per level")
    ap.add_argument("--size", type=int, default=9, help="Sudoku size for --generation")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(sys.stdin, sys.stdout)
        return
    if args.generation:
        generation(args.size, args.per_level, args.gen)
        return
    if args.deal:
        deal_16(args.deal_seeds)
        return
    base = args.compare.resolve() if args.compare is not None else None
    if base is not None and not (base / "puzzleterm" / "engine").is_dir():
        raise SystemExit(f"--compare: no puzzleterm package in {base}")
    sets = public_sets(args.forum)
    if args.sixteen > 0:
        sets.append((f"16x16 dealt ({args.sixteen})", sixteen(args.sixteen)))
    print("== grading (CPU time per puzzle, cold memo)")
    differ = run_sets(sets, base)
    if base is not None:
        total = sum(len(p) for _, p in sets)
        print(f"== grades compared with {base}: {differ} of {total} differ")


if __name__ == "__main__":
    main()
