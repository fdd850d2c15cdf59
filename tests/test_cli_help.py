"""A command's --help lists the options kinds add under the kind they belong to."""

from __future__ import annotations

import re

import pytest

from puzzleterm.cli import main


def help_of(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--help"])
    assert exit_.value.code == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def sections(text: str) -> dict[str, str]:
    """Help sections by title ("options", "options of pentomino ..."), each its body."""
    found: dict[str, str] = {}
    for block in text.split("\n\n"):
        title, _, body = block.partition("\n")
        if title.endswith(":") and not title.startswith(" "):
            found[title[:-1]] = body
    return found


def flags(body: str) -> set[str]:
    return set(re.findall(r"^  (?:-[a-z], )?(--[a-z-]+)", body, re.M))


def kind_section(text: str, kind: str) -> str:
    found = [body for title, body in sections(text).items()
             if title.startswith(f"options of {kind} ")]
    assert len(found) == 1, text
    return found[0]


def test_enumerate_help_lists_each_kinds_options_under_its_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "enumerate")
    assert flags(kind_section(text, "sudoku")) == {"--list"}
    assert flags(kind_section(text, "latin")) == {"--list"}
    assert flags(kind_section(text, "xsudoku")) == {"--list", "--givens", "--minimal"}
    assert flags(kind_section(text, "pentomino")) == {"--board", "--raw", "--forcing", "--show",
                                                      "--out"}
    assert "options of arith" not in text  # it adds nothing to enumerate
    # the command's own options stay apart from the kinds'
    assert flags(sections(text)["options"]) == {"--help", "--size"}


def test_help_after_a_kind_shows_that_kinds_options_only(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys, "enumerate", "pentomino")
    assert [t for t in sections(text) if t.startswith("options of")] == [
        "options of pentomino (only with enumerate pentomino)"]
    assert "--forcing" in text and "--list" not in text and "--givens" not in text

    text = help_of(capsys, "enumerate", "sudoku")
    assert flags(kind_section(text, "sudoku")) == {"--list"}
    assert "options of xsudoku" not in text and "--board" not in text

    text = help_of(capsys, "generate", "sudoku:9x9:hard#4")  # a game ID names its kind
    assert "sudoku has no options of its own for generate" in text and "--op" not in text

    text = help_of(capsys, "generate", "arith")
    assert flags(kind_section(text, "arith")) == {"--op"} and "--board" not in text


def test_kind_flags_still_parse_after_help_and_in_every_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    help_of(capsys, "enumerate")
    for _ in range(2):
        assert main(["enumerate", "xsudoku", "--givens", "3", "--minimal"]) == 0
        assert "3 givens" in capsys.readouterr().out
    assert main(["enumerate", "sudoku", "--givens", "3"]) == 2
    assert "--givens is not an option of sudoku" in capsys.readouterr().err
