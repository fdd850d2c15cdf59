"""Pilot tests of technique practice in the app: the chooser, the deal, the hint, the record."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzleterm.engine import Level, Status
from puzzleterm.engine.sudoku.human import TECHNIQUES, grade_state
from puzzleterm.play import PRACTICE_KIND, PRACTICE_PARAMS, NewGameChoice, practice_choices
from puzzleterm.screens.dialogs import CompletionScreen, ConfirmScreen, PracticeScreen
from puzzleterm.screens.home import HomeScreen
from puzzleterm.store import SqliteStore

from .test_ui_play import Game, playing, ready

NAME = {t.id: t.name for t in TECHNIQUES}


async def practise(g: Game, technique: str) -> None:
    """From home: open the practice chooser with ``p`` and pick ``technique`` with the keys."""
    await g.press("p")
    chooser = g.app.screen
    assert isinstance(chooser, PracticeScreen)
    ids = [c.id for c in chooser.offered]
    await g.press(*["down"] * ids.index(technique), "enter")
    await ready(g.pilot)


async def hint_until(g: Game, technique: str, limit: int = 150) -> list[str]:
    """Ask for hints and apply them (t three times: nudge, explanation, applied) until the
    hint's step is ``technique``; the techniques of the hints before it."""
    seen: list[str] = []
    for _ in range(limit):
        await g.press("t")
        await ready(g.pilot)  # the step is found in a worker thread
        step = g.game.hint_step
        assert step is not None, seen
        if step.technique == technique:
            return seen
        seen.append(step.technique)
        await g.press("t", "t")
    raise AssertionError(f"no {technique} hint after {seen}")


@pytest.mark.parametrize("technique", ["x_wing"])  # the engine tests walk others
async def test_a_practice_deal_has_the_technique_hardest_and_its_hint_shows_it(
        ui_home: Path, technique: str) -> None:
    async with playing(ui_home, None) as g:
        assert isinstance(g.app.screen, HomeScreen)
        await practise(g, technique)
        puzzle = g.session.puzzle
        assert puzzle.technique == technique
        assert puzzle.seed_id == f"sudoku:9x9:{technique.replace('_', '-')}#ui-seed"
        grade = grade_state(puzzle.state)  # the grader, from the givens alone
        assert grade.solved and grade.hardest == NAME[technique]
        assert f"practice: {technique.replace('_', '-')}" in g.text()
        before = await hint_until(g, technique)
        assert before and technique not in before
        await g.press("t")  # the explanation, with the technique's name
        assert g.game.hint_stage == 2 and f"{NAME[technique]}:" in g.text()


async def test_a_practice_game_is_a_free_game_never_a_daily_result(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        await practise(g, "skyscraper")
        assert g.session.context is None and g.session.puzzle.technique == "skyscraper"
        await g.press("V")
        confirm = g.app.screen
        assert isinstance(confirm, ConfirmScreen)
        await g.press("enter")
        await ready(g.pilot)
        assert isinstance(g.app.screen, CompletionScreen)
        await g.press("escape")  # look at the board
        assert g.session.status is Status.SOLVED
    store = SqliteStore.open(ui_home)
    try:
        finished = store.finished_games()
        assert len(finished) == 1 and store.results() == []
    finally:
        store.close()


async def test_a_saved_practice_game_keeps_its_practice_id(ui_home: Path) -> None:
    async with playing(ui_home, None) as g:
        await practise(g, "x_wing")
        await g.press("t")
        await ready(g.pilot)
        await g.press("t", "t")  # one move: a hint applied
        assert len(g.session.moves) == 1
        await g.press("escape")
        await ready(g.pilot)
    async with playing(ui_home, None) as g:
        await g.press("c")
        await ready(g.pilot)
        assert g.session.puzzle.seed_id == "sudoku:9x9:x-wing#ui-seed"
        assert g.session.puzzle.technique == "x_wing"


async def test_the_chooser_lists_what_can_be_practised_and_escape_leaves_it(
        ui_home: Path) -> None:
    choices = practice_choices(PRACTICE_KIND, PRACTICE_PARAMS)
    async with playing(ui_home, None) as g:
        await g.press("p")
        chooser = g.app.screen
        assert isinstance(chooser, PracticeScreen)
        assert [c.id for c in chooser.offered] == [c.id for c in choices if not c.refused]
        text = g.text()
        assert "X-Wing" in text and "Not dealt:" in text
        # the note wraps inside the dialog's border: compare without spaces and the border
        flat = re.sub(r"[\s█▌▐]", "", text)
        for refused in (c for c in choices if c.refused):
            assert re.sub(r"\s", "", refused.name) in flat, refused.name
        await g.press("escape")
        assert isinstance(g.app.screen, HomeScreen)


def test_a_new_game_has_a_level_or_a_technique_not_both() -> None:
    with pytest.raises(ValueError, match="not both"):
        NewGameChoice("sudoku", "9x9", Level.HARD, technique="x_wing")
