"""Options the command line cannot honour are refused in one line, never dropped."""

from __future__ import annotations

import pytest

from .test_cli import run


def test_daily_format_without_print_is_refused() -> None:
    proc = run("daily", "--format", "grid")
    assert proc.returncode == 2
    assert proc.stderr.strip() == "puzzleterm: --format goes with --print"


def test_daily_print_still_defaults_to_seed_ids() -> None:
    proc = run("daily", "--print", "--date", "2026-11-25", "--kind", "sudoku")
    assert proc.returncode == 0 and proc.stdout == "sudoku:9x9:hard#daily-v1-2026-11-25\n"


@pytest.mark.parametrize(("args", "top"), [
    (("latin", "--size", "5x5", "--level", "extreme"), "easy"),
    (("sudoku", "--size", "4x4", "--level", "hard"), "easy"),
])
def test_a_level_above_the_boards_top_is_refused(args: tuple[str, ...], top: str) -> None:
    proc = run("generate", *args, "--seed", "s")
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"are dealt up to {top}, not {args[-1]}" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_level_the_board_deals_is_dealt() -> None:
    proc = run("generate", "latin", "--size", "5x5", "--level", "easy", "--seed", "s")
    assert proc.returncode == 0 and proc.stderr == "" and len(proc.stdout.strip()) == 25


def test_enumerate_help_says_what_raw_goes_with() -> None:
    helped = run("enumerate", "pentomino", "--help")
    raw = " ".join(helped.stdout.split("--raw", 1)[1].split()[:3])
    assert raw == "with --out, list"
    refused = run("enumerate", "pentomino", "--raw")
    assert refused.returncode == 2 and "--raw goes with --out" in refused.stderr
