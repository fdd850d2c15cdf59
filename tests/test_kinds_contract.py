"""The contract every registered kind keeps (each new kind is checked here without new code).

Game IDs: ``format_params`` and ``describe`` never contain ``:`` or ``#``, and both ID forms
round-trip.  Moves: a hint's move applies through the kind, a reveal completes the puzzle,
a bad move is a ``MoveError``.  Text: ``write`` in each form reads back.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzleterm.engine import Kind, MoveError, PuzzleError, Status, all_kinds
from puzzleterm.engine.gameid import generate_seeded, load_game_id, parse_game_id

KINDS = [k.name for k in all_kinds()]


def kind_named(name: str) -> Kind[Any, Any]:
    return next(k for k in all_kinds() if k.name == name)


def smallest_params(kind: Kind[Any, Any]) -> Any:
    """The params of the kind's quickest board (the default unless a smaller one exists)."""
    choices = [kind.parse_params(p) for p in kind.param_choices()]
    default = kind.default_params()
    return default if default in choices or not choices else choices[0]


@pytest.mark.parametrize("name", KINDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(st.characters(min_codepoint=33, max_codepoint=126, blacklist_characters="#"),
                    min_size=1, max_size=10))
def test_ids_have_no_reserved_characters_and_round_trip(name: str, seed: str) -> None:
    kind = kind_named(name)
    params = smallest_params(kind)
    puzzle = generate_seeded(kind, params, seed)
    ptext = kind.format_params(params)
    assert ":" not in ptext and "#" not in ptext
    assert ":" not in puzzle.desc and "#" not in puzzle.desc
    assert load_game_id(puzzle.game_id).state == puzzle.state
    assert puzzle.seed_id is not None
    assert parse_game_id(puzzle.seed_id).seed == seed
    assert load_game_id(puzzle.seed_id).state == puzzle.state
    assert kind.count_solutions(puzzle.state, 2) == 1


@pytest.mark.parametrize("name", KINDS)
def test_hints_reveals_and_forms_go_through_the_kind(name: str) -> None:
    kind = kind_named(name)
    puzzle = generate_seeded(kind, smallest_params(kind), "contract")
    state = puzzle.state
    solution = kind.solve(state)
    assert solution is not None and kind.status(solution) is Status.SOLVED
    step = kind.hint(state, solution)
    assert step is not None and step.name and step.explanation
    if step.move:
        assert kind.apply(state, step.move) != state
    revealed = kind.apply(state, kind.reveal(state, solution))
    assert kind.status(revealed) is Status.SOLVED
    with pytest.raises(MoveError):
        kind.apply(state, "\x00 not a move")
    for fmt in kind.formats:
        text = kind.write(state, fmt)
        assert kind.read(text) == kind.read(kind.write(kind.read(text), fmt))
    with pytest.raises(PuzzleError):
        kind.read("\x00")
