"""Same deals as an older checkout: seeds deal the same puzzles at the same levels.

    python benchmarks/compare_deals.py BASE_DIR [--seeds 40] [--sizes 9] [--daily 0]

``BASE_DIR`` is an older checkout (``git worktree add /tmp/base main``).  For each size
(Sudoku 9x9 by default; ``--sizes 9,16,5x`` adds 16x16 and the 5x5 X-Sudoku) and each level
the size offers, ``--seeds`` seeds (``deal-0`` ...) are dealt here and, in a process of its
own, with the package of ``BASE_DIR``: the givens and the grade's level must be the same
(the rating may differ: the grader's ratings are what changes).  ``--daily N`` also deals
the daily Sudoku of the first N days of the schedule.  Prints the counts and every difference;
exits 1 if any.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

Job = tuple[str, str, str, str]  # (kind, params, level name, seed)


def deal(jobs: list[Job]) -> list[list[str]]:
    """Each job's givens and level (as text)."""
    from puzzleterm.engine import find_kind
    from puzzleterm.engine.gameid import generate_seeded
    from puzzleterm.engine.types import Level

    out = []
    for kind_name, params_text, level_name, seed in jobs:
        kind = find_kind(kind_name)
        params = kind.parse_params(params_text)
        puzzle = generate_seeded(kind, params, seed, Level[level_name])
        level = puzzle.grade.level.name if puzzle.grade is not None else "?"
        out.append([puzzle.desc, level])
    return out


def daily_jobs(days: int) -> list[list[str]]:
    """The daily Sudoku puzzles (givens and level) of ``days`` days from the first."""
    from puzzleterm.engine import find_kind
    from puzzleterm.engine.daily import FIRST_DATE, daily_set
    from puzzleterm.engine.daily import deal as deal_daily

    kind = find_kind("sudoku")
    out = []
    for i in range(days):
        for entry in daily_set(FIRST_DATE + datetime.timedelta(days=i), [kind]):
            p = deal_daily(entry, kind)
            out.append([entry.seed_id, p.desc, p.grade.level.name if p.grade else "?"])
    return out


def work(payload: dict[str, object]) -> dict[str, object]:
    jobs = [tuple(j) for j in payload["jobs"]]  # type: ignore[attr-defined]
    days = int(payload["days"])  # type: ignore[call-overload]
    return {"deals": deal(jobs), "daily": daily_jobs(days) if days else []}  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", nargs="?", type=Path)
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--sizes", default="9", help="comma-separated: 9, 16, 6, 4, 5x (X-Sudoku)")
    ap.add_argument("--daily", type=int, default=0, help="days of daily puzzles to deal too")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:  # jobs as JSON on stdin, deals as JSON on stdout
        json.dump(work(json.load(sys.stdin)), sys.stdout)
        return
    if args.base is None:
        raise SystemExit("usage: compare_deals.py BASE_DIR [--seeds N] [--sizes 9,16]")
    from puzzleterm.engine import find_kind

    jobs: list[Job] = []
    for size in args.sizes.split(","):
        kind_name, params_text = (("xsudoku", "5x5") if size == "5x"
                                  else ("sudoku", f"{size}x{size}"))
        kind = find_kind(kind_name)
        params = kind.parse_params(params_text)
        for level in kind.levels(params):
            jobs += [(kind_name, params_text, level.name, f"deal-{i}") for i in range(args.seeds)]
    payload = {"jobs": jobs, "days": args.daily}
    env = dict(os.environ, PYTHONPATH=str(args.base))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker"],
                          input=json.dumps(payload), capture_output=True, text=True, env=env,
                          cwd=str(args.base), check=False)
    if done.returncode:
        raise SystemExit(f"the base worker failed:\n{done.stderr[-2000:]}")
    base = json.loads(done.stdout)
    here = work(payload)
    differ = 0
    by_level: dict[str, list[int]] = {}
    for job, a, b in zip(jobs, base["deals"], here["deals"], strict=True):
        tally = by_level.setdefault(f"{job[0]} {job[1]} {job[2].lower()}", [0, 0])
        tally[0] += 1
        if a != b:
            tally[1] += 1
            differ += 1
            print(f"DIFFERENT {' '.join(job)}: base {a[1]} {a[0]}\n  here {b[1]} {b[0]}")
    for label, (count, bad) in by_level.items():
        print(f"{label:28s} {count:4d} seeds, {bad} differ")
    if args.daily:
        bad = sum(a != b for a, b in zip(base["daily"], here["daily"], strict=True))
        differ += bad
        print(f"daily puzzles of {args.daily} days: {len(here['daily'])}, {bad} differ")
        for a, b in zip(base["daily"], here["daily"], strict=True):
            if a != b:
                print(f"DIFFERENT daily: base {a}\n  here {b}")
    print(f"== {differ} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
