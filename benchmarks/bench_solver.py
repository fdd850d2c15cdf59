"""Backtracker speed against three exact-cover peers on the public hard sets, in one run.

    python benchmarks/bench_solver.py [--sets top95,top1465,17clue,forum] [--limit N]
                                      [--dlx-limit 25] [--peers dlx,exact-cover,xcover]

Two tasks per puzzle: the first solution, and uniqueness (count solutions up to 2, which
means finishing the whole search).  Peers (the ``bench`` extra: ``pip install -e '.[bench]'``):

* ``dlx``: Knuth's dancing links in pure Python (smallest-column heuristic); it is slow, so
  it runs on the first ``--dlx-limit`` puzzles of each set only (its output says so);
* ``exact-cover``: Algorithm X in a C extension, fed a dense 0/1 matrix built with NumPy
  (``get_exact_cover``; uniqueness: ``get_all_solutions(max_count=2)``);
* ``xcover``: Knuth's dancing cells compiled by Numba (``covers_bool``), timed after a
  warm-up puzzle so JIT compilation is left out.

Every solver runs in its own subprocess (NumPy- and Numba-based peers ran up to 2x slower
sharing one); they take turns puzzle by puzzle, the order rotating, so machine noise hits
all of them alike.  Each gets the puzzle as 81 digit values; building a
peer's exact-cover matrix is part of its time, as setting up candidates is part of ours.
Times are CPU time (``time.process_time``) per puzzle; figures: median and 90th percentile
per set and task, and the ratio of each peer's median to ours (above 1: ours is faster).
Every answer is checked (a valid completion; exactly one solution).  Sets are read from
``$PUZZLETERM_SHARED_DATA`` (default: ``../shared/data`` next to the repository).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import SHARED_DATA, load_set, summary

GEO_N = 9
SETS = {
    "top95": "sudoku-norvig-top95.txt",
    "top1465": "sudoku-magictour-top1465.txt",
    "17clue": "sudoku-17clue-sample1000.txt",
    "forum": "sudoku-forum-hardest1106-375.txt",
    "hardest": "sudoku-norvig-hardest11.txt",
}
DEFAULT_SETS = "top95,top1465,17clue,forum"
PEERS = ("dlx", "exact-cover", "xcover")

Values = Sequence[int]
First = Callable[[Values], tuple[int, ...] | None]
Count = Callable[[Values], int]


# -- the exact-cover model shared by the peers --------------------------------------------------
# Rows: one per (cell, digit); columns: cell filled, row/column/box has the digit.
ROWS = [(cell, d) for cell in range(81) for d in range(9)]


def _ec_columns(cell: int, d: int) -> tuple[int, int, int, int]:
    r, c = divmod(cell, 9)
    b = (r // 3) * 3 + c // 3
    return (cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d)


def _allowed_rows(values: Values) -> list[int]:
    return [i for i, (cell, d) in enumerate(ROWS) if values[cell] in (0, d + 1)]


def _grid(rows: Sequence[int]) -> tuple[int, ...]:
    out = [0] * 81
    for i in rows:
        cell, d = ROWS[i]
        out[cell] = d + 1
    return tuple(out)


def make_ours() -> tuple[First, Count]:
    from puzzleterm.engine.sudoku import solver as bt
    from puzzleterm.engine.sudoku.geometry import geometry

    geo = geometry("sudoku", GEO_N)
    return (lambda v: bt.solve_values(geo, v)), (lambda v: bt.count_values(geo, v, 2))


def make_dlx() -> tuple[First, Count]:
    import dlx  # type: ignore[import-untyped]

    columns = [(f"c{i}", dlx.DLX.PRIMARY) for i in range(324)]

    def solutions(values: Values, most: int) -> list[tuple[int, ...]]:
        idx = _allowed_rows(values)
        d = dlx.DLX(columns)
        d.appendRows([list(_ec_columns(*ROWS[i])) for i in idx], idx)
        found = d.solve(columnselector=dlx.DLX.smallestColumnSelector)
        return [_grid([d.N[node] for node in sol]) for sol in islice(found, most)]

    def first(values: Values) -> tuple[int, ...] | None:
        sols = solutions(values, 1)
        return sols[0] if sols else None

    return first, lambda v: len(solutions(v, 2))


def _dense() -> tuple[Any, Any, Any]:
    import numpy as np

    full = np.zeros((729, 324), dtype=np.int32)
    for i, (cell, d) in enumerate(ROWS):
        full[i, list(_ec_columns(cell, d))] = 1
    cells = np.array([cell for cell, _ in ROWS])
    digits = np.array([d + 1 for _, d in ROWS])
    return full, cells, digits


def make_exact_cover() -> tuple[First, Count]:
    import exact_cover  # type: ignore[import-untyped]
    import numpy as np

    full, cells, digits = _dense()

    def matrix(values: Values) -> tuple[Any, Any]:
        given = np.asarray(values)[cells]
        keep = np.flatnonzero((given == 0) | (given == digits))
        return full[keep], keep

    def first(values: Values) -> tuple[int, ...] | None:
        m, keep = matrix(values)
        try:
            chosen = exact_cover.get_exact_cover(m)
        except exact_cover.error.NoSolution:
            return None
        return _grid([int(i) for i in keep[chosen]])

    def count(values: Values) -> int:
        m, _ = matrix(values)
        try:
            return len(exact_cover.get_all_solutions(m, max_count=2))
        except exact_cover.error.NoSolution:
            return 0

    return first, count


def make_xcover() -> tuple[First, Count]:
    import numpy as np
    from xcover import covers_bool  # type: ignore[import-untyped]

    full, cells, digits = _dense()
    full_bool = np.asarray(full, dtype=bool)

    def matrix(values: Values) -> tuple[Any, Any]:
        given = np.asarray(values)[cells]
        keep = np.flatnonzero((given == 0) | (given == digits))
        return full_bool[keep], keep

    def first(values: Values) -> tuple[int, ...] | None:
        m, keep = matrix(values)
        for sol in covers_bool(m):
            return _grid([int(keep[i]) for i in sol])
        return None

    def count(values: Values) -> int:
        m, _ = matrix(values)
        return sum(1 for _ in islice(covers_bool(m), 2))

    return first, count


FACTORIES: dict[str, Callable[[], tuple[First, Count]]] = {
    "puzzleterm": make_ours,
    "dlx": make_dlx,
    "exact-cover": make_exact_cover,
    "xcover": make_xcover,
}


def valid(values: Values, solution: tuple[int, ...] | None) -> bool:
    if solution is None or len(solution) != 81 or not all(solution):
        return False
    if any(v not in (0, s) for v, s in zip(values, solution, strict=True)):
        return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [
        [(br + r) * 9 + bc + c for r in range(3) for c in range(3)]
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    return all(len({solution[c] for c in u}) == 9 for u in units)


# -- one solver in its own process --------------------------------------------------------------
def worker(name: str) -> None:
    """Serve one solver: read puzzles on stdin, answer one JSON line of CPU times each."""
    try:
        first, count = FACTORIES[name]()
    except ImportError as exc:
        print(json.dumps({"error": f"not installed ({exc.name}); pip install -e '.[bench]'"}))
        return
    warm = load_set(SETS["top95"], 1)
    if warm:  # JIT compilation (xcover) and first-call costs stay out of the figures
        v = [0 if ch in ".0" else int(ch) for ch in warm[0]]
        first(v)
        count(v)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        values = [0 if ch in ".0" else int(ch) for ch in line.strip()]
        t0 = time.process_time()
        sol = first(values)
        t1 = time.process_time()
        n = count(values)
        t2 = time.process_time()
        ok = valid(values, sol) and n == 1
        print(json.dumps({"first": t1 - t0, "unique": t2 - t1, "ok": ok}), flush=True)


class Peer:
    """A worker process, asked one puzzle at a time."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )
        hello = self._read()
        self.error = str(hello.get("error", "")) if hello else "worker failed to start"

    def _read(self) -> dict[str, object] | None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else None

    def solve(self, line: str) -> dict[str, object]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self._read()
        if reply is None:
            raise RuntimeError(f"{self.name} worker died")
        return reply

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--sets", default=DEFAULT_SETS, help="comma-separated: " + ", ".join(SETS))
    ap.add_argument("--limit", type=int, default=None, help="at most this many puzzles per set")
    ap.add_argument("--dlx-limit", type=int, default=25, help="dlx: at most this many per set")
    ap.add_argument("--peers", default=",".join(PEERS), help="comma-separated: " + ", ".join(PEERS))
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.worker)
        return 0
    sets = [s for s in args.sets.split(",") if s]
    unknown = [s for s in sets if s not in SETS]
    if unknown:
        ap.error(f"unknown set(s) {', '.join(unknown)}; choose from {', '.join(SETS)}")
    print(f"# data: {SHARED_DATA}; CPU ms per puzzle (time.process_time)")
    print("# each solver in its own process; they take turns puzzle by puzzle (order rotates)")
    peers: list[Peer] = []
    for name in ["puzzleterm"] + [p for p in args.peers.split(",") if p]:
        peer = Peer(name)
        if peer.error:
            print(f"# {name}: skipped: {peer.error}")
            peer.close()
        else:
            peers.append(peer)
    if not peers or peers[0].name != "puzzleterm":
        print("# puzzleterm solver failed to start")
        return 1
    names = [p.name for p in peers]
    results: dict[str, dict[str, dict[str, list[float]]]] = {n: {} for n in names}
    wrongs = {n: 0 for n in names}
    try:
        for key in sets:
            puzzles = load_set(SETS[key], args.limit)
            if puzzles is None:
                continue
            for n in names:
                results[n][key] = {"first": [], "unique": []}
            for k, line in enumerate(puzzles):
                order = peers[k % len(peers) :] + peers[: k % len(peers)]
                for peer in order:
                    if peer.name == "dlx" and k >= args.dlx_limit:
                        continue
                    reply = peer.solve(line)
                    for task in ("first", "unique"):
                        value = reply[task]
                        assert isinstance(value, float)
                        results[peer.name][key][task].append(value)
                    if not reply["ok"]:
                        wrongs[peer.name] += 1
                        print(f"# WRONG ANSWER from {peer.name} on {line}")
    finally:
        for peer in peers:
            peer.close()
    for key in sets:
        ours = results["puzzleterm"].get(key)
        if ours is None:
            print(f"\n{key}: {SETS[key]} not found in {SHARED_DATA}; skipped")
            continue
        base_f = summary(ours["first"])[0]
        base_u = summary(ours["unique"])[0]
        print(f"\n{key} ({len(ours['first'])} puzzles)")
        print(f"  {'solver':<12} {'first':>8} {'p90':>8} {'unique':>8} {'p90':>8}"
              f"   {'ratio first':>11} {'ratio unique':>12}")
        for name in names:
            r = results[name][key]
            mf, pf, _ = summary(r["first"])
            mu, pu, _ = summary(r["unique"])
            done = len(r["first"])
            sub = "" if done == len(ours["first"]) else f"  (first {done} only)"
            print(f"  {name:<12} {mf * 1e3:8.3f} {pf * 1e3:8.3f} {mu * 1e3:8.3f} {pu * 1e3:8.3f}"
                  f"   {mf / base_f:10.2f}x {mu / base_u:11.2f}x{sub}")
    wrong = sum(wrongs.values())
    print(f"\n# ratios: peer median / ours (above 1: ours is faster); wrong answers: {wrong}")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
