"""The command line refuses what it cannot honour, in one line with status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzleterm.cli import main

from .conftest import TESTS
from .test_cli import run

CSV4 = "1,0,0,0\n0,0,3,0\n0,0,0,4\n0,2,0,0\n"


@pytest.mark.parametrize("command", ["solve", "grade", "hint", "play"])
@pytest.mark.parametrize("game_id", ["sudoku:9x9:hard#4\n2", "sudoku:9x9:hard#4 2",
                                     "sudoku:9x9:hard#4\r\n2"], ids=["lf", "space", "crlf"])
def test_a_wrapped_seed_id_is_refused(command: str, game_id: str) -> None:
    proc = run(command, game_id)
    assert proc.returncode == 2, proc.stderr
    assert "bad game ID" in proc.stderr and "wrapped" in proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stdout == ""


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("solve", "sudoku", "--count", "--explain"), CSV4, "--count cannot go with --explain"),
        (("solve", "sudoku", "--count", "--format", "csv"), CSV4,
         "--count cannot go with --format"),
        (("solve", "sudoku", "--limit", "5"), CSV4, "--limit goes with --count"),
        (("solve", "sudoku", "--explain", "--format", "csv"), CSV4, "cannot go with --format"),
        (("solve", "sudoku", "--count", "--limit", "1000001"), CSV4,
         "--limit must be between 2 and 1,000,000"),
        (("solve", "sudoku:4x4:any#1", "--size", "9x9"), "", "--size"),
        (("grade", "sudoku:4x4:any#1", "--size", "9x9"), "", "--size"),
    ],
)
def test_options_that_cannot_go_together_are_refused(args: tuple[str, ...], stdin: str,
                                                     message: str) -> None:
    proc = run(*args, stdin=stdin)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert message in proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stdout == ""


def test_the_largest_limit_is_accepted() -> None:
    proc = run("solve", "sudoku", "--count", "--limit", "1000000", stdin=CSV4)
    assert proc.returncode == 0 and proc.stdout == "unique\n"


def test_a_game_id_with_its_own_size_is_fine() -> None:
    proc = run("solve", "sudoku:4x4:any#1", "--size", "4x4")
    assert proc.returncode == 0 and len(proc.stdout.strip()) == 16


def test_binary_input_is_not_utf8_on_stdin_as_in_a_file(tmp_path: Path) -> None:
    import subprocess

    from .test_cli import SCRIPT

    assert SCRIPT is not None
    data = b"\xff\xfe1,0,0,0\n"
    f = tmp_path / "bin.txt"
    f.write_bytes(data)
    piped = subprocess.run([SCRIPT, "solve", "sudoku"], input=data, capture_output=True)
    named = subprocess.run([SCRIPT, "solve", "sudoku", str(f)], capture_output=True)
    for proc in (piped, named):
        assert proc.returncode == 2 and b"not UTF-8" in proc.stderr
        assert proc.stderr.count(b"\n") == 1
    assert b"standard input" in piped.stderr


def test_explain_on_a_batch_says_which_puzzle_each_explanation_is_of() -> None:
    src = TESTS / "data" / "norvig-easy3.txt"
    proc = run("solve", "sudoku", "--explain", str(src))
    assert proc.returncode == 0, proc.stderr
    headers = [ln for ln in proc.stdout.splitlines() if ln.startswith("# line")]
    assert len(headers) == 3


def test_a_batch_solved_into_grids_keeps_them_apart() -> None:
    src = TESTS / "data" / "norvig-easy3.txt"
    proc = run("solve", "sudoku", "--format", "csv", str(src))
    assert proc.returncode == 0, proc.stderr
    grids = proc.stdout.strip().split("\n\n")
    assert [len(g.splitlines()) for g in grids] == [9, 9, 9]


def test_kind_flags_work_every_time_main_runs_in_one_process(
        capsys: pytest.CaptureFixture[str]) -> None:
    # each parser registers the kinds' own flags afresh (they were lost after the first run)
    for _ in range(2):
        assert main(["generate", "arith", "--op", "mul", "--size", "3x2", "--seed", "7"]) == 0
        assert "x" in capsys.readouterr().out
    assert main(["generate", "sudoku", "--op", "mul"]) == 2
    assert "--op is not an option of sudoku" in capsys.readouterr().err
