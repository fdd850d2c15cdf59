"""`puzzleterm daily --print`: the set of a date, and one-line errors with exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzleterm.cli import main
from puzzleterm.engine.gameid import load_game_id


def test_print_ids_of_a_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--print", "--date", "2026-11-22"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == [
        "sudoku:9x9:expert#daily-v1-2026-11-22",
        "xsudoku:5x5:hard#daily-v1-2026-11-22",
        "latin:6x6:medium#daily-v1-2026-11-22",
    ]


def test_print_lines_are_the_givens_of_the_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--print", "--date", "2026-11-20", "--format", "line"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert main(["daily", "--print", "--date", "2026-11-20"]) == 0
    ids = capsys.readouterr().out.splitlines()
    assert lines == [load_game_id(i).game_id for i in ids]


def test_print_grid_of_one_kind(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["daily", "--print", "--date", "2026-11-22", "--kind", "latin", "--format", "grid"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# Latin square 6x6 medium · latin:6x6:medium#daily-v1-2026-11-22"
    assert len(out) == 7


def test_print_grid_of_the_pentomino_draws_the_box(capsys: pytest.CaptureFixture[str]) -> None:
    """Pentomino has no "grid" form: --format grid printed its one-line form instead of
    the box drawn row by row."""
    args = ["daily", "--print", "--date", "2026-11-24", "--kind", "pentomino", "--format", "grid"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# Pentomino 6x10 medium · pentomino:6x10:medium#daily-v1-2026-11-24"
    assert [len(row) for row in out[1:]] == [10] * 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--date", "2999-01-01"], "in the future"),
        (["--date", "2025-06-01"], "dailies start on"),
        (["--date", "22/11/2026"], "expected YYYY-MM-DD"),
        (["--kind", "nope"], "unknown puzzle kind"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["daily", "--print", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_stats_prints_the_players_table(capsys: pytest.CaptureFixture[str],
                                        ui_home: Path) -> None:
    from dataclasses import replace

    from puzzleterm.play import SavedGame
    from puzzleterm.store import SqliteStore

    store = SqliteStore.open(ui_home)
    base = SavedGame(kind="latin", params="6x6", game_id="latin:6x6:x", level="medium")
    store.finish_current(replace(base, elapsed=65.0))
    store.finish_current(replace(base, elapsed=95.0))
    store.close()
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Daily streak: 0 (best 0)" in out
    row = next(line for line in out.splitlines() if line.startswith("Latin square 6x6 medium"))
    assert row.split()[-4:] == ["2", "2", "01:05", "01:20"]


def test_daily_without_a_terminal_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-22"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
