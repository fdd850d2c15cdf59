"""Pentomino: our enumerator against three exact-cover peers, and dealing and grading times.

    python benchmarks/bench_pentomino.py [--boards 6x10,5x12] [--peers xcover,exact-cover,dlx]
                                         [--deals 9] [--first 3] [--base DIR]
                                         [--dlx-timeout 300] [--repeat 3]

Task: list every solution of the box up to its symmetries (2339 for 6x10, 1010 for 5x12).
Every solver gets the same problem, split the same way: one exact-cover problem per X
placement that is the first of its symmetry orbit (the "X in one quadrant" trick), and when
that X sits on an axis of the box (5x12), the F restricted to the first placement of each
orbit under the symmetries that keep the X (so no solution is counted twice).  Columns: the
12 pieces and the 60 open cells; rows: the placements.  Building the peers' matrices is not
timed; our own tables are built inside the timed call.

Peers (``pip install -e '.[bench]'``), each run in its own subprocess so that NumPy and
Numba imports do not weigh on the others:

* ``xcover`` (Numba-compiled dancing cells, ``covers_bool``): timed after a warm-up on
  3x20, so JIT compilation is reported apart;
* ``exact-cover`` (Algorithm X in a C extension, ``get_all_solutions`` on a dense matrix);
* ``dlx`` (dancing links in pure Python, smallest-column heuristic), with a time limit.

Figures are CPU seconds (``time.process_time``) in each process, the median of ``--repeat``
rounds in which every solver runs in turn (so all see about the same machine load); ratios
are peer / ours (above 1: ours is faster).  Counts are checked against the published figures.

Then dealing 6x10: the *first* deal of a process at each level (fresh processes, the
daily's seeds), and with ``--base DIR`` the same deals by the package in ``DIR`` (an older
checkout: ``git archive REV puzzleterm | tar -x -C DIR``), taking turns, with a check that
both deal the same puzzles; then ``--deals`` deals a level in one process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

if "PYTHONPATH" not in os.environ:  # a --base worker imports the package it is given
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contextlib

from puzzleterm.engine.pentomino import solver
from puzzleterm.engine.pentomino.board import Board, geometry, parse_board

EXPECTED = {"6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2}


def branches(board: Board) -> list[list[list[int]]]:
    """Per X branch, the rows (lists of column indexes) of its exact-cover matrix."""
    geo = geometry(board)
    col = {cell: 12 + n for n, cell in enumerate(sorted(
        x for x in range(board.size) if x not in board.holes))}
    out: list[list[list[int]]] = []
    for x, allowed in solver._x_branches(geo):
        rows: list[list[int]] = []
        for pl in geo.placements:
            if pl.letter == "X" and pl.id != x:
                continue
            if allowed is not None and pl.id not in allowed:
                continue
            rows.append([pl.piece, *(col[c] for c in pl.cells)])
        out.append(rows)
    return out


def worker(name: str, board_text: str) -> dict[str, Any]:
    board = parse_board(board_text)
    geometry(board)
    if name == "ours":
        t = time.process_time()
        found = solver.distinct_solutions(board)
        return {"count": len(found), "cpu": time.process_time() - t}
    problems = branches(board)
    if name == "xcover":
        import numpy as np
        from xcover import covers_bool

        def dense(rows: list[list[int]]) -> Any:
            m = np.zeros((len(rows), 72), dtype=bool)
            for i, r in enumerate(rows):
                m[i, r] = True
            return m
        t = time.process_time()
        warm = sum(sum(1 for _ in covers_bool(dense(p))) for p in branches(parse_board("3x20")))
        jit = time.process_time() - t
        mats = [dense(p) for p in problems]
        t = time.process_time()
        n = sum(sum(1 for _ in covers_bool(m)) for m in mats)
        return {"count": n, "cpu": time.process_time() - t, "jit": jit, "warm": warm}
    if name == "exact-cover":
        import exact_cover
        import numpy as np

        mats = []
        for p in problems:
            m = np.zeros((len(p), 72), dtype=np.int32)
            for i, r in enumerate(p):
                m[i, r] = 1
            mats.append(m)
        t = time.process_time()
        n = 0
        for m in mats:
            with contextlib.suppress(exact_cover.error.NoSolution):
                n += len(exact_cover.get_all_solutions(m))
        return {"count": n, "cpu": time.process_time() - t}
    if name == "dlx":
        import dlx

        t = time.process_time()
        n = 0
        for p in problems:
            d = dlx.DLX([(f"c{i}", dlx.DLX.PRIMARY) for i in range(72)])
            d.appendRows(p)
            n += sum(1 for _ in d.solve(columnselector=dlx.DLX.smallestColumnSelector))
        return {"count": n, "cpu": time.process_time() - t}
    raise SystemExit(f"unknown solver {name}")


def run(name: str, board: str, timeout: float | None) -> dict[str, Any] | None:
    cmd = [sys.executable, __file__, "--worker", name, "--board", board]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        print(f"  {name}: failed ({last})")
        return None
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def first_deal(level: str, seed: str) -> dict[str, Any]:
    """CPU time of the first 6x10 deal of a process (tables and, where needed, the
    listing made on the way), then of a second deal."""
    from puzzleterm.engine.gameid import generate_seeded
    from puzzleterm.engine.kind import find_kind
    from puzzleterm.engine.types import Level

    kind = find_kind("pentomino")
    board = kind.parse_params("6x10")
    t = time.process_time()
    puzzle = generate_seeded(kind, board, seed, Level[level.upper()])
    first = time.process_time() - t
    t = time.process_time()
    generate_seeded(kind, board, seed + "-again", Level[level.upper()])
    return {"first": first, "second": time.process_time() - t, "desc": puzzle.desc}


def first_deals(seeds: int, base: Path | None) -> None:
    """Each level's first deal in fresh processes (``seeds`` of them, the daily's seeds from
    2026-11-23 on), taking turns with ``base`` when given."""
    from puzzleterm.engine.pentomino.generator import LEVELS

    print("\n6x10 first deal of a process (CPU s, median of "
          f"{seeds} fresh processes; seeds daily-v1-2026-11-23 on)")
    head = f"  {'level':12} {'first':>8} {'second':>8}"
    if base is not None:
        head += f" {'base first':>11} {'ratio':>6}"
    print(head)
    for level in LEVELS:
        ours: list[dict[str, Any]] = []
        theirs: list[dict[str, Any]] = []
        for i in range(seeds):
            seed = f"daily-v1-2026-11-{23 + i}"
            args = ["--first-deal", level.name.lower(), "--seed", seed]
            got = run_worker(args, None)
            ours.append(got)
            if base is not None:
                old = run_worker(args, base)
                theirs.append(old)
                if old["desc"] != got["desc"]:
                    print(f"  DIFFERENT puzzle at {level.label} {seed}: {old['desc']} / "
                          f"{got['desc']}")
        first = statistics.median(r["first"] for r in ours)
        line = (f"  {level.label:12} {first:8.3f} "
                f"{statistics.median(r['second'] for r in ours):8.3f}")
        if base is not None:
            old_first = statistics.median(r["first"] for r in theirs)
            line += f" {old_first:11.3f} x{old_first / first:5.1f}"
        print(line)


def run_worker(args: list[str], base: Path | None) -> dict[str, Any]:
    env = dict(os.environ)
    if base is not None:
        env["PYTHONPATH"] = str(base)
    done = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True,
                          env=env, cwd=str(base) if base is not None else None, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def deal_and_grade(deals: int) -> None:
    from puzzleterm.engine.pentomino.generator import LEVELS, generate_state
    from puzzleterm.engine.pentomino.human import grade_state
    from puzzleterm.engine.rng import Rng

    board = parse_board("6x10")
    print(f"\n6x10 dealing in one process ({deals} seeds a level, CPU s)")
    print(f"  {'level':12} {'deal median':>12} {'deal max':>9} {'grade median':>13} {'hit':>5}")
    for level in LEVELS:
        gen: list[float] = []
        grd: list[float] = []
        hit = 0
        for i in range(deals):
            t = time.process_time()
            state, grade = generate_state(board, Rng(f"bench|{level.name}|{i}"), level)
            gen.append(time.process_time() - t)
            t = time.process_time()
            grade_state(state)
            grd.append(time.process_time() - t)
            hit += grade.level == level
        print(f"  {level.label:12} {statistics.median(gen):11.3f}s {max(gen):8.3f}s "
              f"{statistics.median(grd):12.3f}s {hit:>2}/{deals}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worker")
    ap.add_argument("--board", default="6x10")
    ap.add_argument("--boards", default="6x10,5x12")
    ap.add_argument("--peers", default="xcover,exact-cover,dlx")
    ap.add_argument("--deals", type=int, default=9)
    ap.add_argument("--first", type=int, default=3,
                    help="fresh processes a level for the first-deal table (0: skip)")
    ap.add_argument("--base", type=Path, metavar="DIR",
                    help="also time first deals with the puzzleterm package in DIR, in turn")
    ap.add_argument("--dlx-timeout", type=float, default=300.0)
    ap.add_argument("--repeat", type=int, default=3,
                    help="rounds of the enumeration table, each solver in turn (median)")
    ap.add_argument("--first-deal", help=argparse.SUPPRESS)
    ap.add_argument("--seed", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, args.board)))
        return 0
    if args.first_deal:
        print(json.dumps(first_deal(args.first_deal, args.seed)))
        return 0
    ok = True
    peers = [p for p in args.peers.split(",") if p]
    for board in [b for b in args.boards.split(",") if b]:
        expected = EXPECTED.get(board)
        print(f"\n{board}: all distinct solutions (expected {expected}); CPU s, median of "
              f"{args.repeat} rounds taking turns")
        times: dict[str, list[float]] = {name: [] for name in ["ours", *peers]}
        jit: dict[str, list[float]] = {}
        gave_up: dict[str, float] = {}
        counts: dict[str, int] = {}
        for _ in range(args.repeat):
            for name in ["ours", *peers]:
                if name in gave_up:
                    continue
                res = run(name, board, args.dlx_timeout if name == "dlx" else None)
                if res is None:
                    if name == "ours":
                        return 1
                    gave_up[name] = 0.0
                    continue
                if "timeout" in res:
                    gave_up[name] = res["timeout"]
                    continue
                ok &= res["count"] == expected
                counts[name] = res["count"]
                times[name].append(res["cpu"])
                if "jit" in res:
                    jit.setdefault(name, []).append(res["jit"])
        mine = statistics.median(times["ours"])
        rounds = " ".join(f"{t:.2f}" for t in times["ours"])
        print(f"  {'ours':12} {counts['ours']:6d} {mine:8.2f} s  (rounds: {rounds})")
        for peer in peers:
            if not times[peer]:
                why = (f"gave up after {gave_up[peer]:.0f} s wall" if gave_up.get(peer)
                       else "failed")
                print(f"  {peer:12}  ({why})")
                continue
            theirs = statistics.median(times[peer])
            extra = (f"  (JIT warm-up {statistics.median(jit[peer]):.2f} s)" if peer in jit
                     else "")
            rounds = " ".join(f"{t:.2f}" for t in times[peer])
            print(f"  {peer:12} {counts[peer]:6d} {theirs:8.2f} s  x{theirs / mine:.2f}  "
                  f"(rounds: {rounds}){extra}")
    if args.first:
        first_deals(args.first, args.base.resolve() if args.base is not None else None)
    if args.deals:
        deal_and_grade(args.deals)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
