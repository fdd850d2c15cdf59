"""Every verb and every kind of the command line with binary, empty, huge, non-UTF-8 and
special-file input: one line on standard error and exit 1 or 2, within 5 s of CPU and
512 MB.  The cases run as forks of one warm process (tests/cli_driver.py); a few that need
a real interpreter (standard output closed) run as child processes of their own."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from puzzleterm.engine import all_kinds

from .cli_bounded import assert_one_line_error, run_bounded

REPO = Path(__file__).resolve().parent.parent
KINDS = [k.name for k in all_kinds()]

#: input files by name (made once per module); "@dir" is a directory, "@missing" no file
INPUTS: dict[str, bytes | str] = {
    "binary": random.Random(18).randbytes(4096),
    "nul-bytes": b"\x00" * 64 + b"53..7....6..195...\x00\x1b[2J\n",
    "empty": b"",
    "blank-lines": b"\n \n\t\n# only a comment\n",
    "huge": b"5" * 80 + b"\n",  # repeated to 24 MB below
    "long-line": b"1" * 1_000_000,
    "latin-1": "53..7....6..195...é\n".encode("latin-1"),
    "bad-utf8-tail": b"53..7....6..195.....\xc3",
    "dev-zero": "/dev/zero",
    "directory": "@dir",
    "missing": "@missing",
}
HUGE_BYTES = 24 * 2**20

FILE_VERBS = ("solve", "grade", "hint")
STDIN_INPUTS = ("binary", "huge", "dev-zero", "empty")


def _cases() -> dict[str, dict[str, Any]]:
    """id -> {"args": [...], "stdin": input name or None, "stdout": path or None}."""
    cases: dict[str, dict[str, Any]] = {}
    for verb in FILE_VERBS:
        for kind in KINDS:
            for name in INPUTS:
                cases[f"{verb}-{kind}-{name}"] = {"args": [verb, kind, f"@{name}"]}
    for kind in KINDS:
        for name in STDIN_INPUTS:
            cases[f"solve-{kind}-stdin-{name}"] = {"args": ["solve", kind, "-"],
                                                   "stdin": name}
        cases[f"generate-{kind}-seed-bytes"] = {"args": ["generate", kind, "--seed", b"\xff"]}
        cases[f"generate-{kind}-seed-huge"] = {"args": ["generate", kind, "--seed", "s" * 5000]}
        cases[f"generate-{kind}-size-bytes"] = {"args": ["generate", kind, "--size", b"9\xffx9"]}
        cases[f"generate-{kind}-level-bytes"] = {"args": ["generate", kind, "--level", b"\xfe"]}
        cases[f"generate-{kind}-format-binary"] = {"args": ["generate", kind, "--format",
                                                            "\x01\x02"]}
        cases[f"play-{kind}-id-bytes"] = {"args": ["play", f"{kind}:".encode() + b"\xff:\xff"]}
        cases[f"play-{kind}-id-huge"] = {"args": ["play", f"{kind}:x:" + "1" * 100_000]}
        cases[f"play-{kind}-seed-bytes"] = {"args": ["play", f"{kind}:x:any#".encode()
                                                     + b"\xc3("]}
        for out in ("/dev/full", "/proc/version", "@dir", "@missing/out.txt"):
            board = ["--board", "3x20"] if kind == "pentomino" else []
            cases[f"enumerate-{kind}-out-{out.strip('@/').replace('/', '-')}"] = {
                "args": ["enumerate", kind, *board, "--out", out]}
        cases[f"solve-{kind}-stdout-full"] = {"args": ["solve", kind, "@ok-" + kind],
                                              "stdout": "/dev/full"}
        cases[f"generate-{kind}-stdout-full"] = {"args": ["generate", kind, "--count", "3"],
                                                 "stdout": "/dev/full"}
    cases["enumerate-pentomino-listing-full"] = {
        "args": ["enumerate", "pentomino", "--board", "3x20"], "stdout": "/dev/full"}
    cases["daily-date-bytes"] = {"args": ["daily", "--print", "--date", b"\xff"]}
    cases["daily-date-nonsense"] = {"args": ["daily", "--print", "--date", "9999-99-99"]}
    cases["daily-kind-bytes"] = {"args": ["daily", "--print", "--kind", b"\xff"]}
    cases["daily-kind-huge"] = {"args": ["daily", "--print", "--kind", "k" * 100_000]}
    cases["stats-date-bytes"] = {"args": ["stats", "--leaderboard", "--date", b"\xff"]}
    cases["stats-kind-bytes"] = {"args": ["stats", "--leaderboard", "--kind", b"\xff"]}
    cases["name-bytes"] = {"args": ["name", b"\xff\xfe"]}
    cases["name-huge"] = {"args": ["name", "n" * 100_000]}
    cases["serve-host-key-dev-zero"] = {"args": ["serve", "--host-key", "/dev/zero"]}
    cases["serve-host-key-directory"] = {"args": ["serve", "--host-key", "@dir"]}
    cases["serve-port"] = {"args": ["serve", "--port", "99999"]}
    cases["serve-store-bytes"] = {"args": ["serve", "--store", b"postgresql://\xff"]}
    return cases


CASES = _cases()

#: a puzzle of each kind that reads, for the cases of a full standard output
GOOD = {
    "sudoku": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "xsudoku": ".2..4....34...1..........",
    "latin": "35....42....1.5..5.....1.",
    "arith": "*3*x*2=***+***=****",
    "pentomino": "2X7/.XXX6/2X7/10/10/IIIII5",
}


def _resolve(value: str | bytes, files: dict[str, str], tmp: Path) -> str:
    if isinstance(value, bytes):
        return os.fsdecode(value)
    if value == "@dir":
        return str(tmp)
    if value.startswith("@missing"):
        return str(tmp / "no such dir" / value.removeprefix("@missing").lstrip("/"))
    if value.startswith("@"):
        return files[value[1:]]
    return value


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    tmp = tmp_path_factory.mktemp("bad-input")
    files: dict[str, str] = {}
    for name, content in INPUTS.items():
        if isinstance(content, str):
            files[name] = content if content.startswith("/") else _resolve(content, files, tmp)
            continue
        path = tmp / f"{name}.in"
        data = content * (HUGE_BYTES // len(content) + 1) if name == "huge" else content
        path.write_bytes(data)
        files[name] = str(path)
    for kind, text in GOOD.items():
        path = tmp / f"ok-{kind}.txt"
        path.write_text(text + "\n")
        files[f"ok-{kind}"] = str(path)
    todo = []
    for case in CASES.values():
        stdin = case.get("stdin")
        todo.append({"args": [_resolve(a, files, tmp) for a in case["args"]],
                     "stdin": files[stdin] if stdin else None,
                     "stdout": case.get("stdout")})
    cases_file, results_file = tmp / "cases.json", tmp / "results.json"
    cases_file.write_text(json.dumps(todo))
    env = dict(os.environ, PUZZLETERM_HOME=str(tmp / "home"))
    subprocess.run([sys.executable, "-m", "tests.cli_driver", str(cases_file),
                    str(results_file)], cwd=REPO, env=env, check=True, timeout=1800)
    got = json.loads(results_file.read_text())
    return dict(zip(CASES, got, strict=True))


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_is_one_line_and_exit_1_or_2(results: dict[str, dict[str, Any]],
                                               case: str) -> None:
    got = results[case]
    err = got["stderr"]
    assert got["status"] in (1, 2), (got["status"], err[-1500:])
    assert "Traceback" not in err and "Exception ignored" not in err, err[-1500:]
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("puzzleterm"), err[-1500:]


@pytest.mark.parametrize("args", [["solve", "sudoku", "-"], ["generate", "arith"],
                                  ["enumerate", "pentomino", "--board", "3x20"]])
def test_a_closed_standard_output_is_one_line(args: list[str], tmp_path: Path) -> None:
    puzzle = tmp_path / "in.txt"
    puzzle.write_text(GOOD["sudoku"] + "\n")
    ran = run_bounded(args, puzzle, close_stdout=True)
    assert_one_line_error(ran)
    assert "standard output" in ran.err
