"""Same steps as an older checkout: every ``Deduction`` of the whole solve path, compared.

    python benchmarks/compare_steps.py BASE_DIR [--forum 40] [--diabolical 200]

``BASE_DIR`` is an older checkout (``git worktree add /tmp/base 5fe2e96``).  Norvig's top95,
the first ``--forum`` of the forum's hardest list and the first ``--diabolical`` of the
Sudoku Exchange diabolical list (from ``PUZZLETERM_SHARED_DATA``; a missing set is skipped)
are solved by ``solve.run`` here and, in a process of its own, with the package of
``BASE_DIR``; each step (technique, placements, eliminations, evidence, explanation ...)
must be the same.  Prints the counts compared and the first differences.  Exits 1 if any.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _common import load_set

SETS = (("sudoku-norvig-top95.txt", None), ("sudoku-forum-hardest1106-375.txt", "forum"),
        ("sudoku-exchange-diabolical-rated.txt", "diabolical"))


def steps_of(texts: list[str]) -> list[list[str]]:
    """Every puzzle's steps (their ``repr``), solved from a cold memo."""
    from puzzleterm.engine.sudoku.geometry import geometry
    from puzzleterm.engine.sudoku.human.grid import tables
    from puzzleterm.engine.sudoku.human.solve import grade_givens

    geo = geometry("sudoku", 9)
    out = []
    for text in texts:
        tables(geo).cache.clear()
        givens = tuple(geo.digit_of(ch) for ch in text[:81])
        out.append([repr(s) for s in grade_givens(geo, givens)[1].steps])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", nargs="?", type=Path)
    ap.add_argument("--forum", type=int, default=40)
    ap.add_argument("--diabolical", type=int, default=200)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:  # puzzles as JSON on stdin, steps as JSON on stdout
        json.dump(steps_of(json.load(sys.stdin)), sys.stdout)
        return
    if args.base is None:
        raise SystemExit("usage: compare_steps.py BASE_DIR [--forum N] [--diabolical N]")
    texts: list[str] = []
    for name, limit in SETS:
        rows = load_set(name, getattr(args, limit) if limit else None)
        if rows is None:
            print(f"({name} not found: skipped)")
            continue
        texts += rows
    env = dict(os.environ, PYTHONPATH=str(args.base))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker"],
                          input=json.dumps(texts), capture_output=True, text=True, env=env,
                          cwd=str(args.base), check=False)
    if done.returncode:
        raise SystemExit(f"the base worker failed:\n{done.stderr[-2000:]}")
    base = json.loads(done.stdout)
    here = steps_of(texts)
    compared = differ = puzzles = 0
    for text, a, b in zip(texts, base, here, strict=True):
        bad = [i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
        compared += min(len(a), len(b))
        differ += len(bad) + abs(len(a) - len(b))
        if bad or len(a) != len(b):
            puzzles += 1
            if puzzles <= 3:
                at = bad[0] if bad else min(len(a), len(b))
                print(f"{text[:81]}: step {at} differs\n  base {a[at:at + 1]}\n"
                      f"  here {b[at:at + 1]}")
    print(f"{len(texts)} puzzles, {compared} steps compared, {differ} differing "
          f"({puzzles} puzzles)")
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main()
