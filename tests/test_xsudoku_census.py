"""The census of the smallest X-Sudoku 5x5 puzzles (``enumerate xsudoku --givens N``).

The counts are pinned through the console script; every listed puzzle is checked by the
backtracker; and the counts are recomputed here a second way (grouping the 960 grids by
their restriction to each cell set, canonicalising under the whole group).
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from operator import itemgetter

import pytest

from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.census import census
from puzzleterm.engine.sudoku.geometry import geometry

from .test_cli import run
from .test_xsudoku_facts import square_symmetries

GEO = geometry("xsudoku", 5)

#: (givens, minimal) -> (essentially different, raw)
FIGURES = {
    (3, False): (0, 0),
    (3, True): (0, 0),
    (4, False): (246, 236_160),
    (4, True): (246, 236_160),
    (5, False): (10_090, 9_686_400),
    (5, True): (5_540, 5_318_400),
}


@cache
def cli(givens: int, minimal: bool) -> tuple[tuple[int, int], list[str]]:
    """The counts and the listed game IDs of one console-script run."""
    args = ["enumerate", "xsudoku", "--givens", str(givens), "--list"]
    proc = run(*args, *(["--minimal"] if minimal else []))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    ids, counts = lines[:-2], lines[-2:]
    word = "minimal puzzles" if minimal else "puzzles"
    what = f"X-Sudoku 5x5 {word} with {givens} givens and one solution"
    assert counts[0].endswith(f" {what} up to symmetry and relabelling"), counts
    assert counts[1].endswith(f" {what} in all"), counts
    return (int(counts[0].split()[0]), int(counts[1].split()[0])), ids


def board(game_id: str) -> list[int]:
    kind, size, desc = game_id.split(":")
    assert (kind, size, len(desc)) == ("xsudoku", "5x5", 25)
    return [GEO.digit_of(ch) for ch in desc]


def removable(values: list[int]) -> bool:
    """Some given can be dropped with the solution staying unique."""
    for cell in (c for c, v in enumerate(values) if v):
        fewer = values.copy()
        fewer[cell] = 0
        if bt.count_values(GEO, fewer, 2) == 1:
            return True
    return False


@pytest.mark.parametrize(("givens", "minimal"), sorted(FIGURES))
def test_console_script_counts(givens: int, minimal: bool) -> None:
    counts, ids = cli(givens, minimal)
    assert counts == FIGURES[givens, minimal]
    assert len(ids) == counts[0] and len(set(ids)) == len(ids)


@pytest.mark.parametrize("givens", [4, 5])
def test_every_listed_puzzle_is_unique_and_minimal_where_claimed(givens: int) -> None:
    _, plain = cli(givens, False)
    _, minimal = cli(givens, True)
    assert set(minimal) <= set(plain)
    for game_id in plain:
        values = board(game_id)
        assert sum(1 for v in values if v) == givens
        assert bt.count_values(GEO, values, 2) == 1, game_id
    for game_id in minimal:
        assert not removable(board(game_id)), game_id
    for game_id in set(plain) - set(minimal):
        assert removable(board(game_id)), game_id


def test_listed_ids_open_as_games() -> None:
    _, ids = cli(5, True)
    for game_id in ids[:: len(ids) // 20]:
        puzzle = load_game_id(game_id)
        assert puzzle.kind == "xsudoku" and puzzle.state.givens == tuple(board(game_id))


def recount(givens: int, every_set: bool, minimal: bool) -> tuple[int, int, int]:
    """(classes, raw, minimal raw or -1) a second way: for each cell set (every one, or one per
    symmetry orbit weighted by its size), group the 960 grids by what they hold there;
    a restriction held by one grid is a unique puzzle.  Classes: each unique puzzle with
    digits in first-appearance order, canonicalised under all 8 symmetries x relabelling."""
    grids = bt.all_solutions(GEO, (0,) * 25)
    sym = square_symmetries()
    if every_set:
        weights = Counter(itertools.combinations(range(25), givens))
    else:
        weights = Counter(
            min(tuple(sorted(g[c] for c in cs)) for g in sym)
            for cs in itertools.combinations(range(25), givens)
        )

    def canonical(cells: tuple[int, ...], digits: tuple[int, ...]) -> tuple[int, ...]:
        forms = []
        for g in sym:
            names: dict[int, int] = {}
            form: list[int] = []
            for c, d in sorted((g[c], d) for c, d in zip(cells, digits, strict=True)):
                form += (c, names.setdefault(d, len(names) + 1))
            forms.append(tuple(form))
        return min(forms)

    classes = set()
    raw = 0
    raw_minimal = 0 if minimal else -1
    for cells, weight in weights.items():
        held = Counter(map(itemgetter(*cells), grids))
        unique = [d for d, k in held.items() if k == 1]
        if not unique:
            continue
        raw += weight * len(unique)
        subsets = [Counter(map(itemgetter(*(cells[:i] + cells[i + 1:])), grids))
                   for i in range(givens)] if minimal else []
        for d in unique:
            if minimal and all(subsets[i][d[:i] + d[i + 1:]] > 1 for i in range(givens)):
                raw_minimal += weight
            if all(x <= max((0, *d[:i])) + 1 for i, x in enumerate(d)):  # first-appearance
                classes.add(canonical(cells, d))
    return len(classes), raw, raw_minimal


def test_four_givens_recounted_over_every_cell_set() -> None:
    assert recount(4, every_set=True, minimal=True) == (246, 236_160, 236_160)


def test_five_givens_recounted_by_grouping_grids() -> None:
    assert recount(5, every_set=False, minimal=False) == (10_090, 9_686_400, -1)


def test_census_reports_progress_and_agrees_with_itself() -> None:
    calls: list[tuple[int, int | None]] = []
    result = census(GEO, 4, progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, result.cell_sets) and calls[-1] == (result.cell_sets,) * 2
    assert (len(result.classes), result.raw) == FIGURES[4, False]


def test_givens_is_refused_where_it_does_not_apply() -> None:
    proc = run("enumerate", "sudoku", "--size", "4x4", "--givens", "4")
    assert proc.returncode == 2 and "--givens is not an option of sudoku" in proc.stderr
    proc = run("enumerate", "xsudoku", "--minimal")
    assert proc.returncode == 2 and "--givens" in proc.stderr
    proc = run("enumerate", "xsudoku", "--givens", "12")
    assert proc.returncode == 2 and "1 to 6" in proc.stderr
    assert "960 X-Sudoku 5x5 grids in all" in run("enumerate", "xsudoku").stdout
