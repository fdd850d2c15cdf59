"""Our ratings against SukakuExplainer's on the Sudoku Exchange "diabolical" bank (prints figures).

    python benchmarks/bench_ratings.py [--every 20] [--per-band 40] [--jobs 2] [--dump FILE]

The bank (``sudoku-exchange-diabolical-rated.txt`` in ``PUZZLETERM_SHARED_DATA``: ``hash
puzzle rating`` a line, the rating SukakuExplainer's, 5.0 to 9.3) is graded in two samples:

* every ``--every``-th line (from the first; 1,986 puzzles for 20);
* a sample stratified by rating: ``--per-band`` puzzles of each 0.5 band (5.0-5.4, 5.5-5.9
  ...), evenly spread over the band's lines in file order (all of a band that has fewer).

For each: Spearman's rank correlation of our rating with theirs (ties share their mean
rank), and per band of their rating the count, the mean of ours and the mean error (ours
minus theirs); then the hardest techniques of our grades, by band.  ``--dump`` writes one
line a puzzle (``hash theirs ours level hardest``) to compare runs; ``--worst N`` lists the
N largest errors of each sample.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _common import SHARED_DATA

BANK = "sudoku-exchange-diabolical-rated.txt"

Row = tuple[str, str, float]  # (hash, puzzle, their rating)
Graded = tuple[float, str, str]  # (our rating, level, hardest technique)


def read_bank(path: Path) -> list[Row]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 3 and not line.startswith("#"):
            out.append((parts[0], parts[1], float(parts[2])))
    return out


def band_of(rating: float) -> float:
    """The 0.5 band a rating falls in (its lower end)."""
    return int(rating * 2 + 1e-9) / 2


def every_nth(rows: list[Row], step: int) -> list[Row]:
    return rows[::step]


def stratified(rows: list[Row], per_band: int) -> list[Row]:
    """``per_band`` rows of each 0.5 band, evenly spread over the band in file order."""
    bands: dict[float, list[Row]] = defaultdict(list)
    for row in rows:
        bands[band_of(row[2])].append(row)
    out = []
    for band in sorted(bands):
        got = bands[band]
        if len(got) <= per_band:
            out += got
        else:
            out += [got[i * len(got) // per_band] for i in range(per_band)]
    return out


def grade_text(text: str) -> Graded:
    from puzzleterm.engine.sudoku.geometry import geometry
    from puzzleterm.engine.sudoku.human.solve import grade_givens

    geo = geometry("sudoku", 9)
    grade = grade_givens(geo, tuple(geo.digit_of(ch) for ch in text))[0]
    return grade.rating, grade.level.name.lower(), grade.hardest


def ranks(xs: list[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return float(cov / (va * vb) ** 0.5)


def report(label: str, rows: list[Row], graded: dict[str, Graded], worst: int) -> None:
    theirs = [r[2] for r in rows]
    ours = [graded[r[0]][0] for r in rows]
    print(f"== {label}: n={len(rows)}  Spearman {spearman(ours, theirs):.3f}")
    by_band: dict[float, list[tuple[float, float]]] = defaultdict(list)
    hardest: dict[float, Counter[str]] = defaultdict(Counter)
    for (h, _p, t), o in zip(rows, ours, strict=True):
        by_band[band_of(t)].append((t, o))
        hardest[band_of(t)][graded[h][2]] += 1
    print("  band      n   theirs    ours   error   our hardest steps (most frequent)")
    for band in sorted(by_band):
        pairs = by_band[band]
        mt = sum(t for t, _ in pairs) / len(pairs)
        mo = sum(o for _, o in pairs) / len(pairs)
        top = ", ".join(f"{name or 'none'} {k}" for name, k in hardest[band].most_common(3))
        print(f"  {band:.1f}-{band + 0.4:.1f} {len(pairs):5d}  {mt:6.2f}  {mo:6.2f}  "
              f"{mo - mt:+6.2f}   {top}")
    if worst:
        print(f"  the {worst} largest errors:")
        errs = sorted(rows, key=lambda r: -abs(graded[r[0]][0] - r[2]))[:worst]
        for h, p, t in errs:
            o, level, name = graded[h]
            print(f"    {h} theirs {t:.1f} ours {o:.1f} ({level}, {name})  {p}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--every", type=int, default=20, help="every N-th puzzle (0: skip)")
    ap.add_argument("--per-band", type=int, default=40, help="puzzles per 0.5 band (0: skip)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--dump", type=Path, help="write one line a puzzle graded")
    ap.add_argument("--worst", type=int, default=0, help="list the N largest errors")
    args = ap.parse_args()
    path = SHARED_DATA / BANK
    if not path.is_file():
        raise SystemExit(f"{path} not found (set PUZZLETERM_SHARED_DATA)")
    rows = read_bank(path)
    samples = []
    if args.every > 0:
        samples.append((f"every {args.every}th puzzle", every_nth(rows, args.every)))
    if args.per_band > 0:
        samples.append((f"stratified, {args.per_band} per 0.5 band",
                        stratified(rows, args.per_band)))
    todo = sorted({r[0]: r for _, s in samples for r in s}.values())
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(grade_text, [r[1] for r in todo], chunksize=8))
    else:
        results = [grade_text(r[1]) for r in todo]
    graded = {r[0]: g for r, g in zip(todo, results, strict=True)}
    print(f"graded {len(todo)} puzzles in {time.perf_counter() - t0:.0f} s "
          f"({os.cpu_count()} CPUs, {args.jobs} jobs)")
    for label, sample in samples:
        report(label, sample, graded, args.worst)
    if args.dump is not None:
        with args.dump.open("w", encoding="utf-8") as f:
            for h, _p, t in todo:
                o, level, name = graded[h]
                f.write(f"{h} {t:.1f} {o:.1f} {level} {name.replace(' ', '_')}\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
