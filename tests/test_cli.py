"""The command line, run through the real console script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from puzzleterm.engine import find_kind
from puzzleterm.engine.sudoku.formats import find_conflicts
from puzzleterm.engine.sudoku.geometry import geometry

from .conftest import TESTS

SCRIPT = shutil.which("puzzleterm", path=str(Path(sys.executable).parent)) or shutil.which(
    "puzzleterm"
)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    if SCRIPT is None:
        pytest.fail("the puzzleterm console script is not installed (pip install -e '.[test]')")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run(
        [SCRIPT, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120
    )


def test_four_by_four_csv_example() -> None:
    proc = run("solve", "sudoku", stdin="1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "1,3,4,2\n2,4,3,1\n3,1,2,4\n4,2,1,3\n"


def test_python_dash_m_runs_the_same_cli() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "puzzleterm", "solve", "sudoku"],
        input="1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("1,3,4,2")


def test_output_keeps_the_input_form_unless_asked() -> None:
    line = (TESTS / "data" / "norvig-easy3.txt").read_text().splitlines()[0]
    proc = run("solve", "sudoku", stdin=line + "\n")
    assert proc.returncode == 0
    out = proc.stdout.strip()
    assert len(out) == 81 and out.isdigit()
    assert all(a in ".0" or a == b for a, b in zip(line, out, strict=True))
    grid = run("solve", "sudoku", "--format", "grid", stdin=line)
    assert grid.stdout.count("\n") == 11 and "+" in grid.stdout


def test_batch_file_is_solved_line_by_line(tmp_path: Path) -> None:
    src = TESTS / "data" / "norvig-hardest3.txt"
    proc = run("solve", "sudoku", str(src))
    assert proc.returncode == 0, proc.stderr
    puzzles = src.read_text().split()
    sols = proc.stdout.split()
    assert len(sols) == len(puzzles) == 3
    geo = geometry("sudoku", 9)
    for p, s in zip(puzzles, sols, strict=True):
        assert all(a in ".0" or a == b for a, b in zip(p, s, strict=True))
        assert not find_conflicts(geo, [int(ch) for ch in s])


def test_batch_with_a_bad_line_reports_it_and_goes_on(tmp_path: Path) -> None:
    good = (TESTS / "data" / "norvig-easy3.txt").read_text().splitlines()[0]
    f = tmp_path / "mixed.txt"
    f.write_text(f"# a comment\n{good}\n{'7' * 81}\n{good}\n")
    proc = run("solve", "sudoku", str(f))
    assert proc.returncode == 2
    lines = proc.stdout.splitlines()
    assert len(lines) == 3 and lines[1] == "error" and lines[0] == lines[2]
    assert "line 3" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        ("1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n", "unique"),
        ("0,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n", "multiple (at least 2)"),
        ("1,2,0,0\n0,0,0,0\n0,0,0,0\n0,0,0,0\n", "multiple (at least 2)"),
    ],
)
def test_count(stdin: str, expected: str) -> None:
    proc = run("solve", "sudoku", "--count", stdin=stdin)
    assert proc.returncode == 0 and proc.stdout.strip() == expected


def test_count_with_a_limit_and_no_solution() -> None:
    proc = run("solve", "sudoku", "--count", "--limit", "500", stdin="1" + "." * 15)
    assert proc.stdout.strip() == "multiple (72)"  # 288 grids / 4 choices of r1c1
    dead = ".23." + ".1.." + "4..." + "...."  # no clash, but r1c1 has no digit left
    proc = run("solve", "sudoku", stdin=dead)
    assert proc.returncode == 1 and "no solution" in proc.stderr


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("solve", "sudoku"), "", "empty input"),
        (("solve", "sudoku"), "1,0,0\n0,0,0\n0,0,0\n", "Sudoku comes in"),
        (("solve", "sudoku"), "12.4\n", "not 2x2"),
        (("solve", "sudoku"), "12.45\n", "square number of cells"),
        (("solve", "sudoku"), "1,0,0,0\n0,0,3,0\n0,0,x,4\n0,2,0,0\n", "row 3, column 3"),
        (("solve", "sudoku"), "1,1,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n", "1 appears twice in row 1"),
        (
            ("solve", "sudoku", "--size", "9x9"),
            "1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n",
            "expected 9 CSV rows",
        ),
        (("solve", "sudoku", "--size", "7x7"), "1", "not 7x7"),
        (("solve", "kakuro"), "1", "unknown puzzle kind 'kakuro'"),
        (("solve", "sudoku", "/nonexistent/file"), "", "cannot read /nonexistent/file"),
        (("solve", "sudoku", "sudoku:9x9:easy#1"), "", "give sudoku:9x9:easy#1 alone"),
        (("solve", "xsudoku"), "11" + "." * 23, "1 appears twice in row 1"),
        (("solve", "xsudoku"), "1....." + "1" + "." * 18, "1 appears twice in the main diagonal"),
        (("generate", "sudoku", "--level", "impossible"), "", "unknown level"),
        (("generate", "sudoku", "--count", "0"), "", "--count must be at least 1"),
        (("solve", "sudoku", "--count", "--limit", "1"), "1" * 16, "--limit must be between 2"),
        (("solve", "sudoku"), "1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,\u00b2\n", "row 4, column 4"),
        (("solve", "sudoku"), "1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,\u0663\n", "row 4, column 4"),
        (("solve", "sudoku"), "1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0," + "9" * 5000, "row 4, column 4"),
        (("solve", "sudoku", "--size", "9" * 5000), "1", "bad size '9999"),
        (("solve", "sudoku:" + "9" * 5000 + ":#1"), "", "bad size"),
        (("solve", "sudoku", "--size", "6x6"), "1" * 30, "one-line 6x6 puzzle needs 36 cells"),
        (("enumerate", "latin", "--size", "2"), "", "not 2x2"),
        (("play", "sudoku:9x9:garbage"), "", "bad game ID"),
        (("play", "sudoku:9x9"), "", "bad game ID"),
        ((), "", "needs a terminal"),
        (("serve", "--port", "99999"), "", "--port must be 0 to 65535"),
        (("serve", "--port", "-1"), "", "--port must be 0 to 65535"),
        (("serve", "--fps", "0"), "", "--fps must be at least 1"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], stdin: str, message: str) -> None:
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_xsudoku_and_latin_solve_the_same_way() -> None:
    proc = run("solve", "xsudoku", stdin="12..........3...4........")
    assert proc.returncode == 0
    sol = [int(ch) for ch in proc.stdout.strip()]
    assert not find_conflicts(geometry("xsudoku", 5), sol) and all(sol)
    proc = run("solve", "latin", "--count", stdin="1,2,0\n0,3,0\n0,0,0\n")
    assert proc.stdout.strip() == "unique"


def test_generate_is_deterministic_and_unique() -> None:
    a = run("generate", "sudoku", "--seed", "cli", "--count", "3", "--format", "id")
    b = run("generate", "sudoku", "--seed", "cli", "--count", "3", "--format", "id")
    assert a.returncode == 0 and a.stdout == b.stdout
    ids = a.stdout.split()
    assert len(ids) == len(set(ids)) == 3
    kind = find_kind("sudoku")
    for gid in ids:
        desc = gid.split(":")[2]
        assert kind.count_solutions(kind.read(desc)) == 1
    csv = run("generate", "sudoku", "--size", "6x6", "--seed", "1", "--format", "csv")
    assert len(csv.stdout.splitlines()) == 6 and csv.stdout.count(",") == 30


def test_enumerate_xsudoku() -> None:
    proc = run("enumerate", "xsudoku")
    assert proc.returncode == 0
    assert "8 X-Sudoku 5x5 grids with first row 12345" in proc.stdout
    assert "960 X-Sudoku 5x5 grids in all" in proc.stdout
    grids = [b for b in proc.stdout.split("\n\n") if b.strip() and "grids" not in b]
    assert len(grids) == 8


def test_enumerate_small_boards() -> None:
    assert "288 Sudoku 4x4 grids in all" in run("enumerate", "sudoku", "--size", "4x4").stdout
    assert "576 Latin square 4x4 grids in all" in run("enumerate", "latin", "--size", "4").stdout
    proc = run("enumerate", "sudoku", "--size", "9x9")
    assert proc.returncode == 2 and "too many grids" in proc.stderr


def test_batch_of_exactly_81_puzzles_is_a_batch(tmp_path: Path) -> None:
    ids = run("generate", "sudoku", "--seed", "b81", "--count", "81").stdout.split()
    f = tmp_path / "b81.txt"
    f.write_text("\n".join(ids) + "\n")
    proc = run("solve", "sudoku", str(f))
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.split()) == 81


def test_sixteen_4x4_one_liners_need_the_size_to_be_a_batch(tmp_path: Path) -> None:
    ids = run("generate", "sudoku", "--size", "4x4", "--seed", "b16", "--count", "16").stdout
    f = tmp_path / "b16.txt"
    f.write_text(ids)
    proc = run("solve", "sudoku", "--size", "4x4", str(f))  # options may come before FILE
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.split()) == 16


def test_a_truncated_line_in_a_batch_is_reported_alone(tmp_path: Path) -> None:
    lines = (TESTS / "data" / "norvig-easy3.txt").read_text().split()
    f = tmp_path / "cut.txt"
    f.write_text("\n".join([lines[0], lines[1][:60], lines[2]]) + "\n")
    proc = run("grade", "sudoku", str(f), "--format", "tsv")
    assert proc.returncode == 2
    assert proc.stdout.splitlines()[1] == "error" and "line 2" in proc.stderr
    assert proc.stdout.splitlines()[0].startswith("easy")


def test_byte_order_mark_and_tabs_are_read() -> None:
    bom = run("solve", "sudoku", stdin="\ufeff1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n")
    assert bom.returncode == 0 and bom.stdout.startswith("1,3,4,2")
    tabs = run("solve", "sudoku", stdin="\t".join("1.....3....4.2..") + "\n")
    assert tabs.returncode == 0 and tabs.stdout.strip() == "1342243131244213"


def test_crlf_line_endings_are_read() -> None:
    proc = run("solve", "sudoku", stdin="1,0,0,0\r\n0,0,3,0\r\n0,0,0,4\r\n0,2,0,0\r\n")
    assert proc.returncode == 0 and proc.stdout.startswith("1,3,4,2")


@pytest.mark.parametrize(("args", "top"), [
    (("arith", "--size", "add2x4", "--level", "expert", "--seed", "1"), "hard"),
    (("sudoku", "--size", "4x4", "--level", "extreme", "--seed", "1"), "easy"),
])
def test_a_level_above_the_boards_top_names_the_top(args: tuple[str, ...], top: str) -> None:
    """The note said "add2x4 puzzles go up to easy; dealt one at hard"; now a level above
    the board's top is refused, naming the top, and nothing is dealt."""
    proc = run("generate", *args, "-v")
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"are dealt up to {top}, not {args[4]}" in proc.stderr
