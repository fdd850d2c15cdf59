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


def test_enumerate_without_a_board_counts_the_default_6x10() -> None:
    """`enumerate pentomino` alone (the README's default board) ended in a traceback."""
    proc = run("enumerate", "pentomino")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("6x10: 2339 distinct solutions (9356 counting")
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize(("raw", "lines"), [((), 2), (("--raw",), 8)])
def test_enumerate_out_writes_the_listing_to_the_file(tmp_path: Path, raw: tuple[str, ...],
                                                       lines: int) -> None:
    """--out FILE lists the solutions in FILE (it printed them on standard output instead)."""
    target = tmp_path / "solutions.txt"
    proc = run("enumerate", "pentomino", "--board", "3x20", *raw, "--out", str(target))
    assert proc.returncode == 0, proc.stderr
    listed = target.read_text().splitlines()
    assert len(listed) == lines == len(set(listed))
    for line in listed:  # each is a full solution the solver reads back as one
        assert run("solve", "pentomino", "--count", stdin=line + "\n").stdout == "unique\n"
    assert proc.stdout.splitlines() == [
        "3x20: 2 distinct solutions (8 counting every rotation and reflection)",
        f"wrote {lines} lines to {target}"]


def test_enumerate_out_to_an_unwritable_place_is_one_line(tmp_path: Path) -> None:
    proc = run("enumerate", "pentomino", "--board", "3x20", "--out", str(tmp_path / "no" / "x"))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("puzzleterm: cannot write ") and proc.stderr.count("\n") == 1


def test_size_names_the_board_like_the_game_id_does() -> None:
    """`--size 3x20` was dropped silently (a 6x10 puzzle came out); now it is the board,
    and a --size that contradicts --board or the game ID is refused."""
    made = run("generate", "pentomino", "--size", "3x20", "--seed", "s", "--format", "picture")
    assert made.returncode == 0, made.stderr
    assert [len(row) for row in made.stdout.splitlines()] == [20, 20, 20]
    clash = run("generate", "pentomino", "--size", "3x20", "--board", "5x12")
    assert clash.returncode == 2 and "different boards" in clash.stderr
    other = run("solve", "pentomino:6x10:medium#1", "--size", "3x20")
    assert other.returncode == 2 and "does not match the game ID" in other.stderr


@pytest.mark.parametrize(("flag", "needs"), [("--raw", "--out"), ("--show", "--forcing")])
def test_a_flag_that_would_do_nothing_is_refused(flag: str, needs: str) -> None:
    """--raw without --out and --show without --forcing were dropped without a word."""
    proc = run("enumerate", "pentomino", "--board", "3x20", flag)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"puzzleterm: {flag} goes with {needs}\n"
