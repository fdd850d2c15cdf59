"""docs/techniques.md shows the technique table as the code has it."""

from __future__ import annotations

from pathlib import Path

from puzzleterm.engine.sudoku.human.catalog import TECHNIQUES, techniques_markdown

DOC = Path(__file__).resolve().parent.parent / "docs" / "techniques.md"


def test_doc_table_matches_techniques() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert techniques_markdown() in text
    for t in TECHNIQUES:
        assert f"`{t.id}`" in text
