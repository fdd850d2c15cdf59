"""``solve`` on a puzzle with more than one solution prints one, the same every run, and says
there are others (stderr, status 1, as it reports "no solution")."""

from __future__ import annotations

from pathlib import Path

from puzzleterm.engine import Status, find_kind

from .test_cli import run

SEVERAL = "1...............\n"  # 4x4, one given: many solutions
UNIQUE = "..2...431....3..\n"  # 4x4, one solution: 3421 2143 1234 4312


def test_a_puzzle_with_several_solutions_prints_one_and_says_so() -> None:
    first = run("solve", "sudoku", stdin=SEVERAL)
    assert first.returncode == 1
    assert first.stderr == ("puzzleterm: the puzzle has more than one solution: printed the "
                            "first one found (the same on every run; --count says how many)\n")
    kind = find_kind("sudoku")
    solved = kind.read(first.stdout)
    assert kind.status(solved) is Status.SOLVED and solved.values[0] == 1
    assert run("solve", "sudoku", stdin=SEVERAL).stdout == first.stdout  # deterministic
    assert run("solve", "sudoku", "--count", stdin=SEVERAL).stdout.startswith("multiple")


def test_a_unique_puzzle_is_solved_without_a_word() -> None:
    proc = run("solve", "sudoku", stdin=UNIQUE)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "3421214312344312\n", "")


def test_a_batch_names_the_lines_with_several_solutions(tmp_path: Path) -> None:
    batch = tmp_path / "batch.txt"
    no_solution = "12.....4..3.....\n"  # no digit left for r1c3 (1 2 row, 4 box, 3 column)
    batch.write_text(UNIQUE + SEVERAL + UNIQUE + no_solution)
    kind = find_kind("sudoku")
    assert kind.count_solutions(kind.read(no_solution), 2) == 0
    proc = run("solve", "sudoku", "--size", "4x4", str(batch))
    assert proc.returncode == 1
    out = proc.stdout.splitlines()
    assert out[0] == out[2] == "3421214312344312" and out[3] == "no solution"
    assert kind.status(kind.read(out[1])) is Status.SOLVED and out[1][0] == "1"
    assert proc.stderr.splitlines() == [
        "puzzleterm: line 2: the puzzle has more than one solution: printed the first one "
        "found (the same on every run; --count says how many)"]
