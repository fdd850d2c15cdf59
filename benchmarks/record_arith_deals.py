"""Record the puzzles the arithmetic dealer deals, per operation, level and seed.

    python benchmarks/record_arith_deals.py > tests/data/arith_deals.json

``tests/test_arith_deals.py`` checks that the dealer still deals every one of them: seeds
name puzzles forever (game IDs, daily puzzles), so a faster dealer must deal the same ones.
Run it only to add seeds or operations, with the dealer as it was before a change, or
after a change to the dealer made on purpose (and say in NOTE what moved).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded

OPS = ("add2x4", "add3x4", "add4x5", "mul2x2", "mul3x2", "mul4x2", "mul3x3", "mul4x1",
       "mul5x3", "div5/2", "div6/3")
SEEDS = ("1", "2", "golden")
NOTE = ("Puzzles dealt by the arith generator (seeds of GENERATOR_VERSION a1), made by "
        "benchmarks/record_arith_deals.py when the dealer got its level rules (additions dealt "
        "at hard too; no level but those listed; never a sum that needs trial; an expert needs "
        "two case splits or one two forced digits deep, its rating growing with the depth): "
        "[operation, level (null: any), seed, puzzle line, grade level, rating].  Against the "
        "first record (commit dd43052) only the entries those rules touch changed: expert "
        "deals (a new puzzle, or the same one rated by its depth), 'any' deals that needed "
        "trial or had one shallow case split, and the new hard additions; every easy, medium "
        "and hard deal is the same.")


def main() -> None:
    kind = find_kind("arith")
    deals = []
    for op in OPS:
        params = kind.parse_params(op)
        for level in (None, *kind.levels(params)):
            for seed in SEEDS:
                puzzle = generate_seeded(kind, params, seed, level)
                grade = puzzle.grade
                assert grade is not None
                deals.append([op, level.name.lower() if level else None, seed, puzzle.desc,
                              grade.level.name.lower(), grade.rating])
    lines = ",\n".join(json.dumps(d) for d in deals)
    print(f'{{"note": {json.dumps(NOTE)},\n "deals": [\n{lines}\n]}}')


if __name__ == "__main__":
    main()
