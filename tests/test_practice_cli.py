"""``puzzleterm generate sudoku --technique NAME``: practice deals on the command line."""

from __future__ import annotations

import pytest

from puzzleterm.cli import main
from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.sudoku import SUDOKU
from puzzleterm.engine.sudoku.human import grade_state


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_generate_a_practice_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(capsys, "generate", "sudoku", "--technique", "XY-Wing", "--seed",
                           "c1", "--format", "id", "-v")
    assert status == 0, err
    assert err.startswith("# sudoku:9x9:xy-wing#c1 level=expert") and "hardest=XY-Wing" in err
    puzzle = load_game_id(out.strip())
    assert grade_state(puzzle.state).hardest == "XY-Wing"
    assert load_game_id("sudoku:9x9:xy-wing#c1").desc == puzzle.desc
    status, two, _ = cli(capsys, "generate", "sudoku", "--technique", "x_wing", "--seed", "c1",
                         "--count", "2")
    assert status == 0 and len(two.split()) == 2
    for line in two.split():
        assert grade_state(SUDOKU.read(line)).hardest == "X-Wing"


def test_list_the_techniques(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = cli(capsys, "generate", "sudoku", "--technique", "list")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split() == ["technique", "level", "name"]
    offered = {c.id.replace("_", "-") for c in SUDOKU.practice_choices(SUDOKU.default_params())
               if not c.refused}
    assert {ln.split()[0] for ln in lines[1:lines.index("not dealt:")]} == offered
    assert ["x-wing", "hard", "X-Wing"] in [ln.split() for ln in lines]
    assert "  trial: Trial (bifurcation) is guessing, not a technique: no puzzle is dealt to " \
           "practise it" in lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("sudoku", "--technique", "xwing"), "unknown technique 'xwing' (did you mean x-wing?)"),
        (("sudoku", "--technique", "trial"), "guessing, not a technique"),
        (("sudoku", "--technique", "x-wing", "--level", "hard"), "do not go together"),
        (("sudoku", "--size", "6x6", "--technique", "x-wing"), "9x9 Sudoku only"),
        (("pentomino", "--technique", "x-wing"), "Pentomino puzzles are not dealt to practise"),
        (("latin", "--technique", "list", "--size", "6x6"), ""),
    ],
)
def test_a_technique_refused_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    status, out, err = cli(capsys, "generate", *args)
    if not message:  # a board that deals none lists them all as not dealt
        assert status == 0 and out.startswith("not dealt:") and "9x9 Sudoku only" in out
        return
    assert status == 2 and out == ""
    assert err.startswith("puzzleterm: ") and message in err and err.count("\n") == 1
