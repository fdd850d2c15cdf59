"""The player's own puzzle: a game ID, a one-line grid or a pasted picture, read as the
kind reads it, then checked unique and graded before play, within the deal budget.

Every failure is a :class:`~puzzleterm.engine.PuzzleError` with the reader's one-line
message; nothing here is slower than :data:`~puzzleterm.engine.gameid.DEAL_BUDGET` allows.
"""

from __future__ import annotations

from typing import Any

from ..engine import Puzzle, PuzzleError, find_kind
from ..engine.budget import spending
from ..engine.gameid import DEAL_BUDGET, load_game_id
from .deal import DealRequest, Dealt, prepare

#: The most text a pasted puzzle may have (a 16x16 picture with its rules is ~2,000).
MAX_PASTE = 20_000


def is_game_id(text: str) -> bool:
    """Whether ``text`` is one line that begins with a kind's name and a colon."""
    head, colon, _ = text.partition(":")
    if not colon or "\n" in text or not head or " " in head:
        return False
    try:
        find_kind(head)
    except PuzzleError:
        return False
    return True


def read_own(text: str, kind_name: str | None) -> Puzzle[Any]:
    """The puzzle ``text`` gives: a game ID names its own kind; a grid or a picture is read
    as a ``kind_name`` puzzle, its size inferred."""
    text = text.strip()
    if not text:
        raise PuzzleError("nothing to read: paste a game ID, a one-line grid or a picture")
    if len(text) > MAX_PASTE:
        raise PuzzleError(f"too long: a puzzle is at most {MAX_PASTE:,} characters")
    if is_game_id(text):
        return load_game_id(text)
    if kind_name is None:
        raise PuzzleError("choose the kind of puzzle the grid or picture is")
    kind = find_kind(kind_name)
    state = kind.read(text)
    params = kind.format_params(kind.params_of(state))
    return Puzzle(kind.name, params, kind.describe(state), state)


def deal_own(text: str, kind_name: str | None) -> Dealt:
    """``text`` read, checked to have exactly one solution, graded, and solved, within the
    deal budget (slow: run it in a worker)."""
    with spending(DEAL_BUDGET):
        puzzle, solution = prepare(read_own(text, kind_name))
    return Dealt(DealRequest(game_id=puzzle.game_id), puzzle, solution)
