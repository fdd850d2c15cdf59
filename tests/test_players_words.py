"""What players read says row, column, box or diagonal, never the solver's "house"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from puzzleterm.engine.sudoku.geometry import geometry

PACKAGE = Path(__file__).resolve().parent.parent / "puzzleterm"
#: Modules whose text reaches players: explanations, nudges, errors, the screens, the CLI.
PLAYER_TEXT = [
    *sorted((PACKAGE / "engine" / "sudoku" / "human").glob("*.py")),
    PACKAGE / "engine" / "sudoku" / "formats.py",
    PACKAGE / "engine" / "sudoku" / "kind.py",
    *sorted((PACKAGE / "screens").glob("*.py")),
    *sorted((PACKAGE / "cli").glob("*.py")),
    PACKAGE / "app.py",
]
HOUSE = re.compile(r"\bhouses?\b", re.IGNORECASE)


def player_strings(path: Path) -> list[str]:
    """String literals (f-string parts too) that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


@pytest.mark.parametrize("path", PLAYER_TEXT, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_house_in_what_players_read(path: Path) -> None:
    if path.name == "catalog.py":
        pytest.skip("technique summaries are the docs' table, which defines houses")
    bad = [s for s in player_strings(path) if HOUSE.search(s.replace("ull house", ""))]
    assert bad == []


def test_units_in_players_words() -> None:
    assert geometry("sudoku", 9).units() == "row, column or box"
    assert geometry("sudoku", 9).units("and") == "row, column and box"
    assert geometry("xsudoku", 5).units() == "row, column or diagonal"
    assert geometry("latin", 5).units() == "row or column"
    geo = geometry("xsudoku", 5)
    assert [geo.unit_word(h) for h in (0, 5, 10)] == ["row", "column", "diagonal"]
