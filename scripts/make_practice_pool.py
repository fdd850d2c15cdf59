"""Build ``puzzleterm/engine/sudoku/practice_pool.py``: for every technique of the human
solver's table, 9x9 puzzles whose hardest step is that technique (strictly: every step of
another technique ranks lower), for technique practice (:mod:`puzzleterm.engine.sudoku.practice`).

Each attempt makes one puzzle from a fixed seed (attempt ``i`` of all runs) and grades it; it
joins the pool of its strictly hardest technique while that pool has fewer than ``--per``.
The attempts take turns among:

* a random minimal puzzle (symmetric or not);
* a minimal puzzle shaped towards expert, or towards hard, as the level dealer does it
  (clues given back where the level's solver stalls, then taken out again while it copes);
* while an easy technique lacks puzzles: clues removed from a full grid, in a random order,
  while the solve path needs nothing harder than that technique (nothing else deals a puzzle
  of full houses alone).

Runs add up: a run keeps every entry that still checks and still practises its technique,
starts at the attempt after the last run's, and stops when every pool it fills is full, or
after ``--minutes`` of CPU time.  A seed picks among a pool's entries, so a pool that has
entries is frozen (its seeds keep their deals): a run fills only empty pools (techniques
refused so far, or added to the solver's table since), unless ``--grow ID`` lets one take
more (moving its seeds) or ``--rebuild ID`` empties one first (the same).  SEARCHED records
the attempts of all runs: it is the size of the search behind each empty pool (a technique
refused as too rare).

    nice python scripts/make_practice_pool.py --minutes 45
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import practice_pool
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.generator import generate_minimal
from puzzleterm.engine.sudoku.human import TECHNIQUES, solve_steps
from puzzleterm.engine.sudoku.human.levels import search_attempt
from puzzleterm.engine.sudoku.practice import GEO, practises, read_entry, strictly_hardest
from puzzleterm.engine.sudoku.state import SudokuState
from puzzleterm.engine.types import Level

OUT = Path(__file__).resolve().parent.parent / "puzzleterm" / "engine" / "sudoku" / \
    "practice_pool.py"

RANK = {t.id: (t.level, t.rating) for t in TECHNIQUES}


def text_of(givens: tuple[int, ...]) -> str:
    return "".join(str(v) for v in givens)


def reduce_under(technique: str, rng: Rng) -> tuple[int, ...]:
    """Clues removed from a random full grid while the solve path needs nothing that ranks
    above ``technique`` (so the puzzle stays unique: logic alone solves it)."""
    cap = RANK[technique]
    values = list(bt.random_solution(GEO, rng.fork("grid")))
    for cell in rng.fork("order").shuffled(range(81)):
        trial = values[:]
        trial[cell] = 0
        steps = solve_steps(SudokuState.from_givens(GEO, tuple(trial)))
        if steps and all((s.level, s.rating) <= cap for s in steps) and \
                not any(s.technique == "trial" for s in steps):
            values = trial
    return tuple(values)


def candidate(i: int, lacking_easy: list[str]) -> tuple[str, tuple[int, ...]]:
    """Attempt ``i``'s puzzle, and the name of its source."""
    rng = Rng(f"practice-pool-v1|{i}")
    turn = i % 8
    if turn == 7 and lacking_easy:
        target = lacking_easy[(i // 8) % len(lacking_easy)]
        return f"reduce-{target}", reduce_under(target, rng)
    if turn in (0, 4):
        return "minimal", generate_minimal(GEO, rng, symmetric=turn == 0)
    level = Level.EXPERT if turn in (1, 3, 5) else Level.HARD
    givens, _ = search_attempt(GEO, rng, level, turn != 5)
    return f"shaped-{level.label}", givens


def kept_entries(rebuild: set[str]) -> dict[str, list[str]]:
    """The entries of the pool now, those that still check and practise their technique."""
    pool: dict[str, list[str]] = {t.id: [] for t in TECHNIQUES}
    for tid, texts in practice_pool.PUZZLES.items():
        if tid not in pool or tid in rebuild:
            continue
        for text in texts:
            try:
                givens = read_entry(text)
            except ValueError as exc:
                print(f"dropped from {tid}: {exc}", file=sys.stderr)
                continue
            if practises(givens, tid):
                pool[tid].append(text)
            else:
                print(f"dropped from {tid}: {text} no longer practises it", file=sys.stderr)
    return pool


def write(pool: dict[str, list[str]], searched: int) -> None:
    lines = [
        '"""Puzzles for technique practice (:mod:`.practice`), one pool per technique id.',
        "",
        "Written by scripts/make_practice_pool.py (do not edit by hand).  Each entry is 81 "
        "digits,",
        "0 for a blank, a puzzle whose hardest step is the technique (strictly); an empty "
        "pool means",
        'the search found none.  SEARCHED is how many puzzles the search graded in all."""',
        "",
        f"SEARCHED = {searched}",
        "",
        "PUZZLES: dict[str, tuple[str, ...]] = {",
    ]
    for t in TECHNIQUES:
        if t.level is Level.TRIAL:
            continue
        lines.append(f'    "{t.id}": (')
        lines.extend(f'        "{p}",' for p in pool[t.id])
        lines.append("    ),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per", type=int, default=12, help="puzzles per technique (12)")
    ap.add_argument("--minutes", type=float, default=30.0,
                    help="stop after this much CPU time (30)")
    ap.add_argument("--rebuild", action="append", default=[], metavar="ID",
                    help="empty this technique's pool first (moves its seeds)")
    ap.add_argument("--grow", action="append", default=[], metavar="ID",
                    help="let this technique's pool take more puzzles (moves its seeds)")
    ap.add_argument("--save-every", type=int, default=2000, metavar="N",
                    help="write the pool every N attempts (2000)")
    args = ap.parse_args()
    wanted = [t.id for t in TECHNIQUES if t.level is not Level.TRIAL]
    pool = kept_entries(set(args.rebuild))
    frozen = {tid for tid in wanted if pool[tid] and tid not in args.grow}
    seen = {text for texts in pool.values() for text in texts}
    start = practice_pool.SEARCHED
    i = start
    t0 = time.process_time()
    sources: Counter[str] = Counter()
    while time.process_time() - t0 < args.minutes * 60:
        lacking = [tid for tid in wanted if len(pool[tid]) < args.per and tid not in frozen]
        if not lacking:
            break
        easy = [tid for tid in lacking if RANK[tid][0] is Level.EASY]
        source, givens = candidate(i, easy)
        i += 1
        steps = solve_steps(SudokuState.from_givens(GEO, givens))
        tid = strictly_hardest(steps)
        text = text_of(givens)
        if tid in lacking and text not in seen and steps[-1].technique != "trial" and \
                bt.count_values(GEO, givens, 2) == 1:
            pool[tid].append(text)
            seen.add(text)
            sources[source] += 1
            print(f"{i}: {tid} {len(pool[tid])}/{args.per} from {source} "
                  f"({time.process_time() - t0:.0f} s)", file=sys.stderr)
        if (i - start) % args.save_every == 0:
            write(pool, i)
    write(pool, i)
    print(f"{i - start} attempts in {time.process_time() - t0:.0f} s of CPU; found from "
          f"{dict(sources)}", file=sys.stderr)
    for tid in wanted:
        print(f"{tid}: {len(pool[tid])}", file=sys.stderr)


if __name__ == "__main__":
    main()
