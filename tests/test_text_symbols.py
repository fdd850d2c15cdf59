"""Explanations in the player's shapes (``text_symbols``): the text changes, the step and
its move do not, and steps remembered in one notation never show in the other."""

from __future__ import annotations

from puzzleterm.engine.gameid import load_game_id
from puzzleterm.engine.sudoku.hints import step_move
from puzzleterm.engine.sudoku.human import next_step
from puzzleterm.engine.sudoku.human.grid import tables
from puzzleterm.engine.types import text_symbols
from tests.conftest import EASY9

SHAPES = "○□△×☆"
LATIN5 = "latin:5x5:35....42....1.5..5.....1."


def test_steps_are_written_in_the_shapes_within_the_block() -> None:
    state = load_game_id(LATIN5).state
    geo = state.geo
    tables(geo).cache.clear()
    plain = next_step(state)
    with text_symbols(SHAPES):
        assert geo.text_symbol(3) == "△" and geo.symbol(3) == "3"
        shaped = next_step(state)
    again = next_step(state)  # after the block: digits, though the memo holds both
    assert plain is not None and shaped is not None and again is not None
    assert (shaped.technique, shaped.placements, shaped.eliminations) == (
        plain.technique, plain.placements, plain.eliminations)
    assert step_move(geo, shaped) == step_move(geo, plain)  # moves keep their digits
    assert again.explanation == plain.explanation
    assert set(SHAPES) & set(shaped.explanation)
    assert not set(SHAPES) & set(plain.explanation)
    # the texts differ only where a digit became its shape
    assert len(shaped.explanation) == len(plain.explanation)
    for a, b in zip(plain.explanation, shaped.explanation, strict=True):
        assert a == b or (a.isdigit() and b == SHAPES[int(a) - 1])


def test_a_symbol_set_of_another_size_changes_nothing() -> None:
    state = load_game_id(EASY9).state
    plain = next_step(state)
    with text_symbols(SHAPES):  # five shapes, nine digits
        same = next_step(state)
    assert plain is not None and same is not None and plain.explanation == same.explanation
