"""Generation by level: exact grade, uniqueness, logic-solvable, determinism, pool."""

from __future__ import annotations

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.engine.sudoku.human import generate_at_level, max_level
from puzzleterm.engine.sudoku.human.levels import POOL_FIRST, pool_key, transform
from puzzleterm.engine.sudoku.human.pool import POOL
from puzzleterm.engine.sudoku.human.solve import grade_givens
from puzzleterm.engine.types import Level

CASES = [
    ("sudoku", 9, lv) for lv in (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT,
                                 Level.EXTREME)
] + [
    ("sudoku", 4, Level.EASY), ("sudoku", 6, Level.EASY), ("sudoku", 6, Level.MEDIUM),
    ("xsudoku", 5, Level.EASY), ("xsudoku", 5, Level.MEDIUM), ("xsudoku", 5, Level.HARD),
    ("xsudoku", 5, Level.EXPERT), ("xsudoku", 5, Level.EXTREME), ("latin", 5, Level.EASY),
    ("latin", 6, Level.MEDIUM), ("latin", 7, Level.MEDIUM),
]


@pytest.mark.parametrize(("variant", "n", "level"), CASES)
def test_generated_puzzle_has_its_level(variant: str, n: int, level: Level) -> None:
    geo = geometry(variant, n)
    for i in range(2):
        givens, grade = generate_at_level(geo, Rng(f"test|{variant}|{n}|{level}|{i}"), level)
        assert bt.count_values(geo, givens, 2) == 1
        regraded = grade_givens(geo, givens)[0]
        assert regraded == grade  # the grade returned is the real one
        assert grade.level == level
        assert grade.solved


def test_generation_is_deterministic() -> None:
    geo = geometry("sudoku", 9)
    for level in (Level.EASY, Level.EXPERT, Level.HARD):
        a = generate_at_level(geo, Rng(f"det|{level}"), level)
        b = generate_at_level(geo, Rng(f"det|{level}"), level)
        assert a == b
    c = generate_at_level(geo, Rng("det|other"), Level.EASY)
    assert c[0] != generate_at_level(geo, Rng(f"det|{Level.EASY}"), Level.EASY)[0]


def test_levels_are_capped_per_board() -> None:
    assert max_level(geometry("sudoku", 4)) == Level.EASY
    assert max_level(geometry("sudoku", 9)) == Level.EXTREME
    assert max_level(geometry("latin", 3)) == Level.EASY
    geo = geometry("sudoku", 4)
    givens, grade = generate_at_level(geo, Rng("cap"), Level.EXTREME)
    assert grade.level == Level.EASY and bt.count_values(geo, givens, 2) == 1
    geo9 = geometry("sudoku", 9)
    _, grade9 = generate_at_level(geo9, Rng("cap9"), Level.TRIAL)
    assert grade9.level == Level.EXTREME  # trial is a grade, never a dealt level


def test_pool_entries_keep_their_level_under_transforms() -> None:
    for variant, n, level in sorted(POOL_FIRST | {("sudoku", 16, Level.HARD)}):
        geo = geometry(variant, n)
        entries = POOL.get(pool_key(geo, level), ())
        if not entries:
            continue
        for i, text in enumerate(entries[:3]):
            base = tuple(geo.digit_of(ch) for ch in text)
            assert bt.count_values(geo, base, 2) == 1
            assert grade_givens(geo, base)[0].level == level
            moved = transform(geo, base, Rng(f"t{i}"))
            assert moved != base
            assert bt.count_values(geo, moved, 2) == 1
            assert sorted(v == 0 for v in moved) == sorted(v == 0 for v in base)


def test_kind_generate_at_level() -> None:
    kind = find_kind("sudoku")
    puzzle = kind.generate(kind.parse_params("9x9"), Rng("kind|medium"), Level.MEDIUM)
    assert puzzle.grade is not None and puzzle.grade.level == Level.MEDIUM
    assert kind.count_solutions(puzzle.state) == 1


#: what search deals for ``sudoku:16x16:hard#1`` (it finds the level for this seed)
SIXTEEN_HARD_1 = (
    ".G..5..F.2.A89..9..5.G.1.B....A..2..4.....6E.F.B...E..7..CFG5.D..6..G...A8....195..8.AB.G"
    "..6.D...49A...5.....B7.F73..E.....246....C26.....9..13F.ED.....6...A89...A.8..E.51.C..74"
    "8....G2...C..B..F.3D21..4..6...B.1.C7.....F..E..C....5.1.G.B..2..29E.4.D..5..F."
)


def test_sixteen_hard_from_the_pool_where_search_misses() -> None:
    """16x16 hard: seeds that search serves keep their puzzles (#1), and a seed it misses
    (#3, which it dealt at medium) gets a pool puzzle of the level instead."""
    served = load_game_id("sudoku:16x16:hard#1")
    assert served.desc == SIXTEEN_HARD_1
    missed = load_game_id("sudoku:16x16:hard#3")
    assert missed.grade is not None and missed.grade.level == Level.HARD
    geo = geometry("sudoku", 16)
    givens = tuple(geo.digit_of(ch) for ch in missed.desc)
    assert bt.count_values(geo, givens, 2) == 1
    blanks = sorted(text.count("0") for text in POOL[pool_key(geo, Level.HARD)])
    assert givens.count(0) in blanks  # a transformed pool entry: the same number of blanks
