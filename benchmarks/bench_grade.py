"""Grading speed of the human-style solver on public and dealt puzzles (prints figures).

    python benchmarks/bench_grade.py [--forum 100] [--sixteen 20] [--compare BASE_DIR]
    python benchmarks/bench_grade.py --deal [--deal-seeds 5]     # 16x16 dealing per level
    python benchmarks/bench_grade.py --generation [--per-level 20] [--gen 10]
    python benchmarks/bench_grade.py --peer [--forum 100] [--bank-per-band 10] [--top95 N]

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

``--peer`` grades top95, the forum's hardest (``--forum``) and a sample of the diabolical
bank stratified by its SukakuExplainer rating (``--bank-per-band`` puzzles of each 0.5 band,
5.0 to 9.4) with ours and with HoDoKu's grader ported to Python (``hodoku-py``, in the
``bench`` extra), each in its own process, taking turns puzzle by puzzle (who goes first
alternates).  Per set: median and p90 CPU time of each and their ratios; how many puzzles
get the same level (HoDoKu's levels mapped to ours by name, ``HODOKU_LEVELS``; our "needs
trial" counts as HoDoKu's extreme) with the table of both; and every grade checked after
its clock stops: each digit placed is the solution's, no elimination removes the
solution's digit, and the path ends on the solution.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
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
from puzzleterm.engine.sudoku import solver as bt
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


def public_sets(forum: int, top95: int | None = None) -> list[tuple[str, list[Puzzle]]]:
    """top95 (``top95`` of them spread evenly through the file when given) and the first
    ``forum`` of the forum's hardest."""
    out = []
    for label, name in SETS:
        rows = load_set(name, forum if label == "forum hardest" else None)
        if rows is None:
            print(f"({name} not found in {SHARED_DATA}: skipped)")
            continue
        if label == "top95" and top95 is not None:
            rows = rows[::max(1, len(rows) // max(1, top95))][:top95]
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


# -- a peer: HoDoKu's solver and grader ported to Python (hodoku-py, the bench extra) ----------
#: HoDoKu's levels on ours.  Its EASY is singles and MEDIUM adds locked candidates and
#: pairs, as ours; its HARD (triples, quads, basic fish, XY-Wing, Skyscraper...) and UNFAIR
#: (wings, chains, ALS...) straddle our hard and expert, and its EXTREME (forcing chains and
#: nets, brute force) covers our extreme and "needs trial".  The table is by name, so that
#: agreement is "the same name", and the confusion table shows where the two part.
HODOKU_LEVELS = {"EASY": "easy", "MEDIUM": "medium", "HARD": "hard", "UNFAIR": "expert",
                 "EXTREME": "extreme"}
#: The HoDoKu steps that set digits (its solver's own list); the others only eliminate.
HODOKU_PLACING = {"FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE", "BRUTE_FORCE",
                  "FORCING_CHAIN_CONTRADICTION", "FORCING_CHAIN_VERITY",
                  "FORCING_NET_CONTRADICTION", "FORCING_NET_VERITY"}
BANK = "sudoku-exchange-diabolical-rated.txt"


def _check_path(solution: tuple[int, ...], placed: list[tuple[int, int]],
                removed: list[tuple[int, int]], end: tuple[int, ...] | None) -> str:
    """'' when every placement is the solution's digit, no elimination removes it and the
    path ends on the solution; else what is wrong."""
    for cell, d in placed:
        if solution[cell] != d:
            return f"placed {d} at cell {cell}, the solution has {solution[cell]}"
    for cell, d in removed:
        if solution[cell] == d:
            return f"removed {d} from cell {cell}, the solution's digit"
    if end != solution:
        return "the path does not end on the solution"
    return ""


class _Late(Exception):
    """A grader went past its CPU time on one puzzle."""


def _late(signum: int, frame: object) -> None:
    raise _Late


def peer_grade(name: str, text: str, limit: float) -> dict[str, object]:
    """Grade one 9x9 puzzle with ``name`` (``ours`` or ``hodoku``): level, CPU time, and
    whether the path is valid (checked after the clock stops); ``{"late": True}`` past
    ``limit`` seconds of CPU time (a profiling timer: the machine's load does not count)."""
    geo = geometry("sudoku", 9)
    givens = tuple(geo.digit_of(ch) for ch in text)
    solution = bt.solve_values(geo, givens)
    assert solution is not None, text
    signal.signal(signal.SIGPROF, _late)
    if name == "ours":
        tables(geo).cache.clear()
        try:
            signal.setitimer(signal.ITIMER_PROF, limit)
            t0 = time.process_time()
            grade, path = grade_givens(geo, givens)
            cpu = time.process_time() - t0
        except _Late:
            return {"late": True}
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        placed = [p for step in path.steps for p in step.placements]
        removed = [e for step in path.steps for e in step.eliminations]
        end = tuple(path.grid.values) if path.solved else None
        return {"level": grade.level.label, "cpu": cpu,
                "invalid": _check_path(solution, placed, removed, end), "guesses": 0}
    from hodoku import Solver  # the bench extra, needed in the hodoku worker only

    solver = Solver()
    puzzle = "".join(ch if ch.isdigit() else "0" for ch in text)
    try:
        signal.setitimer(signal.ITIMER_PROF, limit)
        t0 = time.process_time()
        result = solver.solve(puzzle)
        cpu = time.process_time() - t0
    except _Late:
        return {"late": True}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    placed = [(i, v) for st in result.steps if st.type.name in HODOKU_PLACING
              for i, v in zip(st.indices, st.values, strict=False)]
    removed = [(c.index, c.value) for st in result.steps for c in st.candidates_to_delete]
    end = tuple(int(ch) for ch in result.solution) if result.solved else None
    return {"level": HODOKU_LEVELS.get(result.level.name, result.level.name.lower()),
            "cpu": cpu, "invalid": _check_path(solution, placed, removed, end),
            "guesses": sum(1 for st in result.steps if st.type.name == "BRUTE_FORCE")}


def peer_worker(name: str, limit: float, inp: IO[str], out: IO[str]) -> None:
    for line in inp:
        out.write(json.dumps(peer_grade(name, line.strip(), limit)) + "\n")
        out.flush()


class Grader:
    """One grader in its own process, one puzzle at a time."""

    def __init__(self, name: str, limit: float) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--peer-worker", name,
             "--peer-timeout", str(limit)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.inp, self.out = self.proc.stdin, self.proc.stdout

    def grade(self, text: str) -> dict[str, object]:
        self.inp.write(text + "\n")
        self.inp.flush()
        line = self.out.readline()
        if not line:
            raise SystemExit(f"the {self.name} worker stopped")
        got: dict[str, object] = json.loads(line)
        return got

    def close(self) -> None:
        self.inp.close()
        self.proc.wait()


def bank_sample(per_band: int) -> list[str] | None:
    """``per_band`` puzzles of each 0.5-wide band of the bank's ratings (5.0-5.4, 5.5-5.9,
    ... 9.0-9.4), evenly spaced through the band in file order."""
    path = SHARED_DATA / BANK
    if not path.is_file():
        return None
    bands: dict[int, list[str]] = defaultdict(list)
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and not line.startswith("#"):
            bands[int(float(parts[2]) * 2)].append(parts[1])
    out: list[str] = []
    for band in sorted(bands):
        rows = bands[band]
        step = max(1, len(rows) // per_band)
        out += rows[::step][:per_band]
    return out


def run_peer(sets: list[tuple[str, list[str]]], timeout: float) -> None:
    """Both graders on every puzzle, taking turns (who goes first alternates); a grader past
    ``timeout`` seconds of CPU time on a puzzle is counted at ``timeout`` (a lower bound)."""
    graders = [Grader("ours", timeout), Grader("hodoku", timeout)]
    try:
        for label, puzzles in sets:
            cpu: dict[str, list[float]] = {"ours": [], "hodoku": []}
            level: dict[str, list[str]] = {"ours": [], "hodoku": []}
            invalid = {"ours": 0, "hodoku": 0}
            late = {"ours": 0, "hodoku": 0}
            guesses = 0
            for i, text in enumerate(puzzles):
                for g in (graders if i % 2 == 0 else graders[::-1]):
                    got = g.grade(text)
                    if got.get("late"):  # counted at the time limit: a lower bound
                        late[g.name] += 1
                        cpu[g.name].append(timeout)
                        level[g.name].append("(late)")
                        continue
                    cpu[g.name].append(float(str(got["cpu"])))
                    level[g.name].append(str(got["level"]))
                    if got["invalid"]:
                        invalid[g.name] += 1
                        print(f"  INVALID {g.name} {label} #{i}: {got['invalid']}  {text}")
                    if g.name == "hodoku":
                        guesses += int(str(got["guesses"])) > 0
            print(f"== {label}: {len(puzzles)} puzzles, each grader in its own process, "
                  "taking turns")
            for name in ("ours", "hodoku"):
                extra = f", {late[name]} over {timeout:.0f} s" if late[name] else ""
                print(pct_line(f"  {name}", cpu[name]) + f"  invalid {invalid[name]}{extra}")
            (om, op, _), (hm, hp, _) = summary(cpu["ours"]), summary(cpu["hodoku"])
            print(f"  HoDoKu / ours: x{hm / max(om, 1e-9):.1f} at the median, "
                  f"x{hp / max(op, 1e-9):.1f} at p90")
            pairs = [(a, b) for a, b in zip(level["ours"], level["hodoku"], strict=True)
                     if "(late)" not in (a, b)]
            same = sum(a == b or (a == "needs trial" and b == "extreme") for a, b in pairs)
            print(f"  same level: {same} of {len(pairs)} ({100 * same / max(1, len(pairs)):.0f}%);"
                  f" HoDoKu guessed (brute force) on {guesses}")
            names = ["easy", "medium", "hard", "expert", "extreme", "needs trial"]
            print("    ours \\ HoDoKu " + "".join(f"{n:>9}" for n in names[:5]))
            for a in names:
                row = [sum(1 for x, y in pairs if x == a and y == b) for b in names[:5]]
                if any(row):
                    print(f"    {a:<14}" + "".join(f"{n:9d}" for n in row))
    finally:
        for g in graders:
            g.close()


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
    ap.add_argument("--peer", action="store_true",
                    help="grade top95, the forum's hardest and a stratified sample of the "
                    "diabolical bank with ours and HoDoKu (hodoku-py), side by side")
    ap.add_argument("--bank-per-band", type=int, default=10,
                    help="with --peer: bank puzzles per 0.5 band of rating (5.0 to 9.4)")
    ap.add_argument("--top95", type=int, metavar="N",
                    help="with --peer: N top95 puzzles spread through the set (default all)")
    ap.add_argument("--peer-timeout", type=float, default=300.0,
                    help="with --peer: seconds of CPU time a grader may take on one puzzle")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--peer-worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(sys.stdin, sys.stdout)
        return
    if args.peer_worker:
        peer_worker(args.peer_worker, args.peer_timeout, sys.stdin, sys.stdout)
        return
    if args.peer:
        peer_sets = [(label, [text for _, text in puzzles])
                     for label, puzzles in public_sets(args.forum, args.top95)]
        bank = bank_sample(args.bank_per_band)
        if bank is None:
            print(f"({BANK} not found in {SHARED_DATA}: skipped)")
        else:
            peer_sets.append((f"diabolical bank, {args.bank_per_band} a 0.5 band "
                              f"({len(bank)})", bank))
        run_peer(peer_sets, args.peer_timeout)
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
