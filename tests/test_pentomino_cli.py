"""Pentomino on the command line, through the installed console script."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXE = Path(sys.executable).with_name("puzzleterm")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    exe = str(EXE) if EXE.exists() else shutil.which("puzzleterm")
    assert exe is not None
    return subprocess.run([exe, *args], input=stdin, capture_output=True, text=True,
                          check=False, timeout=120)


@pytest.mark.parametrize(("board", "distinct", "raw"), [("3x20", 2, 8), ("4x15", 368, 1472)])
def test_enumerate_counts(board: str, distinct: int, raw: int) -> None:
    proc = run("enumerate", "pentomino", "--board", board)
    assert proc.returncode == 0, proc.stderr
    assert f"{board}: {distinct} distinct solutions ({raw} counting" in proc.stdout


def test_generate_solve_grade_round_trip() -> None:
    made = run("generate", "pentomino", "--level", "easy", "--seed", "cli", "--format", "picture")
    assert made.returncode == 0, made.stderr
    picture = made.stdout
    assert run("solve", "pentomino", "--count", stdin=picture).stdout == "unique\n"
    solved = run("solve", "pentomino", stdin=picture)
    assert solved.returncode == 0 and "." not in solved.stdout
    graded = run("grade", "pentomino", "--format", "tsv", stdin=picture)
    assert graded.returncode == 0 and graded.stdout.startswith("easy\t")


@pytest.mark.parametrize(("picture", "says"), [
    ("Q" + "." * 9 + "\n" + ("." * 10 + "\n") * 5, "Q"),
    ("IIIII.....\n" + ("." * 10 + "\n") * 4 + "IIIII.....\n", "I"),
])
def test_bad_pictures_are_one_line_and_exit_2(picture: str, says: str) -> None:
    proc = run("solve", "pentomino", stdin=picture)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and says in proc.stderr
