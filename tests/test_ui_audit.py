"""What a demanding player's audit of the play screens found, played with Pilot."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from .conftest import EASY9, LATIN5, X5
from .test_ui_play import Game, playing


def info(g: Game) -> str:
    return str(g.screen.query_one("#info", Static).content)


@pytest.mark.parametrize(("game_id", "says"), [
    (EASY9, "appears twice in row 1"),  # no "diagonal" on a plain Sudoku
    (X5, "appears twice in row 1"),
    (LATIN5, "appears twice in row 1"),
])
async def test_a_repeated_digit_is_named_where_it_repeats(ui_home: Path, game_id: str,
                                                         says: str) -> None:
    """The panel said "A digit repeats in a row, column, box or diagonal" on every board,
    diagonals included where there are none: it now names the digit and the house."""
    async with playing(ui_home, game_id) as g:
        st = g.session.state
        n = st.geo.n
        given = next(c for c in range(n) if st.givens[c])
        empty = next(c for c in range(n) if not st.givens[c])
        digit = st.geo.symbol(st.givens[given])
        await g.goto(empty)
        await g.press(digit)
        shown = info(g)
        assert f"{digit} {says}" in shown
        assert "diagonal" not in shown
