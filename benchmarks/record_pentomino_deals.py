"""Record the puzzles the pentomino dealer deals, per board, level and seed.

    PYTHONPATH=OLD_CHECKOUT python benchmarks/record_pentomino_deals.py \\
        > tests/data/pentomino_deals.json

``tests/test_pentomino_deals.py`` checks that the dealer still deals every one of them:
seeds name puzzles forever (game IDs, daily puzzles), so a faster dealer must deal the same
ones.  Run it only to add seeds or boards, with the dealer as it was before a change, or after a
change to the dealer made on purpose (and say in NOTE what moved).
"""

from __future__ import annotations

import json
import os
import sys
from datetime import date, timedelta
from pathlib import Path

if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
from puzzleterm.engine.types import Level

BOARDS = ("6x10", "5x12", "4x15", "3x20", "8x8-c2x2")
#: seeds per board (6x10, the default and the daily's board, gets more)
SEEDS = {"6x10": ("1", "2", "golden")}
DAILIES = 10  # 6x10 medium dailies from the first one, 2026-11-23
NOTE = ("Puzzles dealt by the pentomino generator (seeds of GENERATOR_VERSION p1), made by "
        "benchmarks/record_pentomino_deals.py: [board, level (null: any), seed, puzzle line, "
        "grade level, rating].  First made with the package of commit 269ec4b, before the "
        "dealer stopped listing every solution (which changed no deal); made again when an "
        "expert puzzle came to need two short trials or one two pieces deep, a trial's rating "
        "growing with its depth: only expert entries changed (3x20 and 5x12 deal another "
        "puzzle, the others rate theirs by its depth).")


def main() -> None:
    kind = find_kind("pentomino")
    deals = []
    for board in BOARDS:
        params = kind.parse_params(board)
        for level in (None, *kind.levels(params)):
            for seed in SEEDS.get(board, ("1",)):
                puzzle = generate_seeded(kind, params, seed, level)
                grade = puzzle.grade
                assert grade is not None
                deals.append([board, level.name.lower() if level else None, seed, puzzle.desc,
                              grade.level.name.lower(), grade.rating])
    first = date(2026, 11, 23)
    for n in range(DAILIES):
        seed = f"daily-v1-{(first + timedelta(days=n)).isoformat()}"
        puzzle = generate_seeded(kind, kind.parse_params("6x10"), seed, Level.MEDIUM)
        assert puzzle.grade is not None
        deals.append(["6x10", "medium", seed, puzzle.desc, puzzle.grade.level.name.lower(),
                      puzzle.grade.rating])
    lines = ",\n".join(json.dumps(d) for d in deals)
    print(f'{{"note": {json.dumps(NOTE)},\n "deals": [\n{lines}\n]}}')


if __name__ == "__main__":
    main()
