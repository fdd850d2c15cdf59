"""The small-words helper: counts, articles and lists read as English."""

from __future__ import annotations

import pytest

from puzzleterm.engine.words import a, article, count, listing, plural


@pytest.mark.parametrize(("n", "text"), [(0, "0 cells"), (1, "1 cell"), (2, "2 cells"),
                                         (21, "21 cells")])
def test_count(n: int, text: str) -> None:
    assert count(n, "cell") == text


def test_plurals() -> None:
    assert plural("box") == "boxes" and count(1, "box") == "1 box"
    assert count(3, "guess") == "3 guesses" and count(1, "guess") == "1 guess"
    assert count(2, "strategy") == "2 strategies" and plural("day") == "days"
    assert count(2, "sheep", "sheep") == "2 sheep"


@pytest.mark.parametrize(("phrase", "art"), [
    ("X-Wing", "an"), ("XY-Chain", "an"), ("XYZ-Wing", "an"), ("W-Wing", "a"),
    ("WXYZ-Wing", "a"), ("VWXYZ-Wing", "a"), ("UVWXYZ-Wing", "a"), ("ALS-XZ", "an"),
    ("AIC", "an"), ("BUG+1", "a"), ("Skyscraper", "a"), ("2-String Kite", "a"),
    ("Empty Rectangle", "an"), ("unique rectangle", "a"), ("alternating inference chain", "an"),
    ("Sue de Coq", "a"), ("finned X-Wing", "a"), ("8", "an"), ("11", "an"), ("18", "an"),
    ("80", "an"), ("1", "a"), ("180", "a"), ("r1c1", "an"), ("hour", "an"), ("○", "a"),
    ("X", "an"), ("one", "a"),
])
def test_article(phrase: str, art: str) -> None:
    assert article(phrase) == art
    assert a(phrase) == f"{art} {phrase}"


def test_listing() -> None:
    assert listing([]) == ""
    assert listing(["r1c1"]) == "r1c1"
    assert listing(["r1c1", "r2c2"]) == "r1c1 and r2c2"
    assert listing(["r1c1", "r2c2", "r3c3"]) == "r1c1, r2c2 and r3c3"
    assert listing(["1", "4"], "or") == "1 or 4"
