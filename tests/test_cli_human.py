"""The command line's human-style commands: grade, hint, solve --explain, generate --level."""

from __future__ import annotations

import json

from puzzleterm.engine import find_kind

from .conftest import TESTS
from .test_cli import run

EASY = (TESTS / "data" / "norvig-easy3.txt").read_text().splitlines()


def test_grade_text_names_level_rating_and_technique_counts() -> None:
    proc = run("grade", "sudoku", stdin=EASY[0])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("level: easy (hardest technique: ")  # singles only
    assert lines[1].startswith("rating: 1.")
    assert any("Hidden single" in ln for ln in lines[3:])


def test_grade_batch_tsv_and_json() -> None:
    src = TESTS / "data" / "norvig-easy3.txt"
    tsv = run("grade", "sudoku", str(src), "--format", "tsv")
    assert tsv.returncode == 0
    rows = [ln.split("\t") for ln in tsv.stdout.splitlines()]
    assert len(rows) == 3 and all(len(r) == 3 for r in rows)
    assert all(r[0] == "easy" and float(r[1]) <= 2.3 for r in rows)  # singles only
    js = run("grade", "sudoku", str(src), "--format", "json")
    recs = [json.loads(ln) for ln in js.stdout.splitlines()]
    assert [r["puzzle"] for r in recs] == [ln.strip().replace("0", ".") for ln in EASY]
    assert all(r["solved_by_logic"] and r["steps"] > 0 for r in recs)


def test_grade_of_a_full_grid_says_there_is_nothing_to_deduce() -> None:
    """A solved grid printed "(hardest technique: )", an empty name."""
    solved = run("solve", "sudoku", stdin=EASY[0]).stdout
    proc = run("grade", "sudoku", stdin=solved)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[:3] == [
        "level: easy (hardest technique: none: nothing is left to deduce)",
        "rating: 0.0", "steps: 0"]


def test_grade_refuses_a_puzzle_without_a_unique_solution() -> None:
    proc = run("grade", "sudoku", stdin="1" + "." * 15)
    assert proc.returncode == 1 and "more than one solution" in proc.stderr


def test_explain_lists_steps_that_fill_every_blank() -> None:
    proc = run("solve", "sudoku", "--explain", stdin=EASY[0])
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    blanks = EASY[0].count("0") + EASY[0].count(".")
    assert len(lines) >= blanks
    assert lines[0].strip().startswith("1. [")
    assert all("r" in ln and "c" in ln for ln in lines)


def test_hint_gives_a_nudge_then_the_step() -> None:
    proc = run("hint", "sudoku", stdin=EASY[0])
    assert proc.returncode == 0
    nudge, step = proc.stdout.splitlines()
    assert nudge.startswith("nudge: ") and step.startswith("step: [")
    assert "can only go" in step or "only" in step


def test_hint_on_a_wrong_position_says_so() -> None:
    kind = find_kind("sudoku")
    state = kind.read(EASY[0])
    solution = state.solution
    assert solution is not None
    cell = state.givens.index(0)
    peers_digits = {state.values[p] for p in state.geo.peers[cell]}
    # a digit no peer forbids, yet wrong: the position looks fine but has no solution
    wrong = next(d for d in range(1, 10) if d != solution[cell] and d not in peers_digits)
    text = EASY[0][:cell] + str(wrong) + EASY[0][cell + 1 :]
    proc = run("hint", "sudoku", stdin=text)
    assert proc.returncode == 1 and "wrong" in proc.stderr


def test_generate_by_level_deals_that_level() -> None:
    proc = run("generate", "sudoku", "--level", "medium", "--seed", "lvl", "--format", "id", "-v")
    assert proc.returncode == 0, proc.stderr
    assert "level=medium" in proc.stderr
    desc = proc.stdout.strip().split(":")[2]
    graded = run("grade", "sudoku", "--format", "tsv", stdin=desc)
    assert graded.stdout.split("\t")[0] == "medium"


def test_generate_says_when_a_board_cannot_reach_the_level() -> None:
    proc = run("generate", "sudoku", "--size", "4x4", "--level", "hard", "--seed", "cap")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "Sudoku 4x4 puzzles are dealt up to easy, not hard" in proc.stderr


def test_commands_take_a_game_id_in_place_of_kind_and_file() -> None:
    gid = "sudoku:9x9:medium#7"
    solved = run("solve", gid)
    assert solved.returncode == 0, solved.stderr
    puzzle = run("generate", "sudoku", "--level", "medium", "--seed", "7").stdout.strip()
    assert all(p in ".0" or p == s for p, s in zip(puzzle, solved.stdout.strip(), strict=True))
    graded = run("grade", gid, "--format", "tsv")
    assert graded.stdout.startswith("medium\t")
    assert run("hint", gid).stdout.startswith("nudge: ")
    both = run("solve", gid, "puzzle.txt")
    assert both.returncode == 2 and "not both" in both.stderr


def test_explain_and_hint_refuse_a_grid_with_several_solutions() -> None:
    explain = run("solve", "sudoku", "--explain", stdin="1" + "." * 15)
    assert explain.returncode == 1 and "more than one solution" in explain.stderr
    hint = run("hint", "sudoku", stdin="1" + "." * 15)
    assert hint.returncode == 1 and "more than one solution" in hint.stderr
    done = run("hint", "sudoku", stdin="1342243131244213")
    assert done.returncode == 0 and done.stdout.startswith("solved")
