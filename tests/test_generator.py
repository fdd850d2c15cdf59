"""Generated puzzles: always exactly one solution; a seed names a puzzle on every machine."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded, load_game_id
from puzzleterm.engine.sudoku import solver as bt

CASES = [
    ("sudoku", "4x4", 40),
    ("sudoku", "6x6", 40),
    ("sudoku", "9x9", 40),
    ("sudoku", "16x16", 2),
    ("xsudoku", "5x5", 60),
    ("latin", "5x5", 40),
]


@pytest.mark.parametrize(("kind_name", "size", "seeds"), CASES)
def test_every_generated_puzzle_is_unique(kind_name: str, size: str, seeds: int) -> None:
    kind = find_kind(kind_name)
    params = kind.parse_params(size)
    for i in range(seeds):
        puzzle = generate_seeded(kind, params, f"unique-{i}")
        givens = puzzle.state.givens
        assert bt.count_values(params.geo, givens, 2) == 1, puzzle.game_id
        solution = bt.solve_values(params.geo, givens)
        assert solution is not None
        # minimal for its removal groups: blanking any single given breaks uniqueness unless
        # the layout is symmetric (a symmetric pair is removed together)
        if kind_name != "sudoku" or size == "4x4":
            for cell in (c for c, v in enumerate(givens) if v):
                assert bt.has_other_solution(params.geo, givens, solution, cell)


def test_xsudoku_deals_four_and_five_given_puzzles() -> None:
    kind = find_kind("xsudoku")
    params = kind.parse_params("5x5")
    counts = {
        sum(1 for v in generate_seeded(kind, params, f"x{i}").state.givens if v) for i in range(60)
    }
    assert 4 in counts and 5 in counts
    assert min(counts) == 4  # 4 givens is the minimum for a unique 5x5 X-Sudoku


def test_same_seed_same_puzzle_and_seeds_differ() -> None:
    kind = find_kind("sudoku")
    params = kind.parse_params("9x9")
    a = generate_seeded(kind, params, "same")
    b = generate_seeded(kind, params, "same")
    c = generate_seeded(kind, params, "other")
    assert a.desc == b.desc != c.desc
    assert load_game_id(a.seed_id or "").desc == a.desc


# Golden puzzles: a seed names a puzzle forever.  If one of these changes, the generator
# changed what existing seeds deal: bump GENERATOR_VERSION instead.
GOLDEN = {
    "sudoku:9x9:any#golden": (
        ".358..9.6......2..6..7..4..21.....8.8..6.5..9.5.....34..8..3..1..4......3.2..189."
    ),
    "xsudoku:5x5:any#golden": "12..........3...4........",
    "sudoku:4x4:any#golden": "3.4.........2..1",
    "sudoku:9x9:easy#golden": (
        "2..695.7.1....8.56..5..13.......6..2.5..8..6.3..7.......91..5..42.5....7.1.864..3"
    ),
    "sudoku:9x9:hard#golden": (
        "......6.7...1.9.5.2.1..54..6....4...5.8...1.3...3....6..94..8.1.8.2.7...4.3......"
    ),
    "sudoku:9x9:extreme#golden": (
        "2...5..3...314.9.2.......7..3..75..6..53.48..7..81..4..4.......9.1.874...6..9...1"
    ),
    "xsudoku:5x5:medium#golden": ".41..3........2..4...5...",
    "sudoku:6x6:medium#golden": "..1..25.......24....31.......62..5..",
}


@pytest.mark.parametrize("seed_id", sorted(GOLDEN))
def test_golden_seeds(seed_id: str) -> None:
    puzzle = load_game_id(seed_id)
    assert puzzle.desc == GOLDEN[seed_id]
    if puzzle.level is not None:
        assert puzzle.grade is not None and puzzle.grade.level is puzzle.level


SCRIPT = """
import json
from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import generate_seeded
out = {}
for name, size in [("sudoku", "9x9"), ("sudoku", "6x6"), ("xsudoku", "5x5"), ("latin", "5x5")]:
    kind = find_kind(name)
    params = kind.parse_params(size)
    out[name + size] = [generate_seeded(kind, params, f"h{i}").desc for i in range(3)]
print(json.dumps(out, sort_keys=True))
"""


def test_same_seed_in_processes_with_different_hash_seeds() -> None:
    outputs = []
    for hash_seed in ("0", "12345", "random"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        proc = subprocess.run(
            [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True
        )
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert len(outputs[0]) == 4
