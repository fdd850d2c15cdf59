"""Typed moves: every kind's move values write text that reads back to the same value, the
strings screens and saves hold today read back to exactly themselves, and a kind refuses
junk and other kinds' moves with a :class:`MoveError`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.engine import MoveError, Status, find_kind
from puzzleterm.engine.arith import moves as am
from puzzleterm.engine.gameid import generate_seeded, load_game_id
from puzzleterm.engine.moves import Compound, Move, join, parts_of
from puzzleterm.engine.pentomino import moves as pm
from puzzleterm.engine.pentomino.pieces import LETTERS, orientations
from puzzleterm.engine.sudoku import moves as sm
from puzzleterm.engine.sudoku.geometry import geometry
from puzzleterm.play import Session

from . import toykind
from .conftest import EASY9

SUDOKU, PENTOMINO, ARITH = find_kind("sudoku"), find_kind("pentomino"), find_kind("arith")

rows = st.integers(1, 16)
digit = st.integers(1, 16)
marks = st.lists(digit, max_size=5).map(tuple)

sudoku_one = st.one_of(
    st.builds(sm.Place, rows, rows, st.integers(0, 16)),
    st.builds(sm.Pencil, rows, rows, digit),
    st.builds(sm.Unmark, rows, rows, st.lists(digit, min_size=1, max_size=5).map(tuple)),
    st.builds(sm.Clear, rows, rows),
    st.builds(sm.SetMarks, rows, rows, marks),
    st.just(sm.FillCandidates()),
    st.just(sm.NoMarks()),
)


@st.composite
def placements(draw: st.DrawFn) -> pm.PlacePiece:
    letter = draw(st.sampled_from(LETTERS))
    orient = draw(st.integers(0, len(orientations(letter)) - 1))
    return pm.PlacePiece(letter, draw(st.integers(1, 60)), draw(st.integers(1, 60)), orient)


pento_one = st.one_of(placements(), st.builds(pm.RemovePiece, st.sampled_from(LETTERS)),
                      st.just(pm.ClearBox()))
arith_one = st.one_of(st.builds(am.SetDigit, st.integers(1, 30), st.integers(1, 30),
                                st.integers(0, 9)),
                      st.builds(am.ClearDigit, st.integers(1, 30), st.integers(1, 30)))
toy_one = st.builds(toykind.Flip, st.integers(1, 12))


def moves(one: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A single move or several as one."""
    return st.lists(one, min_size=1, max_size=4).map(join)


@pytest.mark.parametrize(("name", "strategy"), [
    ("sudoku", moves(sudoku_one)), ("pentomino", moves(pento_one)), ("arith", moves(arith_one)),
])
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_text_round_trips(name: str, strategy: st.SearchStrategy[Any], data: st.DataObject,
                          ) -> None:
    move = data.draw(strategy)
    kind = find_kind(name)
    parsed = kind.parse_move(move.text())
    assert parsed == move
    assert parsed.text() == move.text()
    assert isinstance(parsed, Move)


@settings(max_examples=60, deadline=None)
@given(move=moves(toy_one))
def test_the_toy_kinds_moves_round_trip(move: Any) -> None:
    assert toykind.LAMPS.parse_move(move.text()) == move


def test_compound_moves_are_flat_and_have_two_parts() -> None:
    a, b, c = sm.Place(1, 1, 5), sm.Pencil(1, 2, 3), sm.Clear(9, 9)
    assert join([a]) == a
    assert join([join([a, b]), c]) == Compound((a, b, c))
    assert list(parts_of(join([a, b]))) == [a, b] and list(parts_of(a)) == [a]
    for bad in ((a,), (join([a, b]), c)):
        with pytest.raises(MoveError):
            Compound(bad)
    with pytest.raises(MoveError):
        join([])


# -- the strings screens write and saves hold today ---------------------------------------

def sudoku_screen_strings() -> Iterator[str]:
    """What the Sudoku screen builds: place, pencil toggle, clear a cell, auto marks."""
    geo = geometry("sudoku", 16)
    for cell in (0, 17, 255):
        name = geo.cell_name(cell)
        for d in (1, 9, 10, 16):
            yield f"{name}={geo.symbol(d)}"
            yield f"{name}+{geo.symbol(d)}"
        yield f"{name}-"
    yield "auto"


def test_every_string_a_screen_builds_today_reads_back_to_itself() -> None:
    built = [
        *((SUDOKU, s) for s in sudoku_screen_strings()),
        *((ARITH, f"r{r}c{c}={ch}") for r, c in ((1, 2), (12, 30)) for ch in "0123456789."),
        *((PENTOMINO, f"{lt}@r{r}c{c}/{o}") for lt in LETTERS for r, c in ((1, 1), (20, 3))
          for o in range(len(orientations(lt)))),
        *((PENTOMINO, f"remove {lt}") for lt in LETTERS),
        *((toykind.LAMPS, f"flip {k}") for k in range(1, 13)),
    ]
    for kind, text in built:
        assert kind.parse_move(text).text() == text, (kind.name, text)


def test_the_constructors_write_the_screens_strings() -> None:
    geo = geometry("sudoku", 9)
    assert sm.place(geo, 22, 7).text() == "r3c5=7"
    assert sm.pencil(geo, 22, 7).text() == "r3c5+7"
    assert sm.clear(geo, 22).text() == "r3c5-"
    assert sm.unmark(geo, 80, (4,)).text() == "r9c9-4"
    assert sm.set_marks(geo, 0, (1, 3, 7, 9)).text() == "r1c1~1379"
    assert sm.fill_candidates().text() == "auto" and sm.NoMarks().text() == "nomarks"
    assert sm.place(geometry("sudoku", 16), 255, 16).text() == "r16c16=G"
    state = load_game_id("arith:mul3x2:*3*x*2=***+***=****").state
    for r, i in state.hidden():
        name = f"r{r + 1}c{state.column_of(r, i) + 1}"
        assert am.set_digit(state, r, i, 4).text() == f"{name}=4"
        assert am.clear_digit(state, r, i).text() == f"{name}=."
    pento = load_game_id("pentomino:6x10:..X7/.XXX6/..X7/10/10/IIIII5").state
    x = pento.geo.placements[pento.piece_at("X")]
    assert pm.place_piece(x, pento.board).text() == "X@r1c3/0"
    assert pm.RemovePiece("L").text() == "remove L" and pm.ClearBox().text() == "clear"


@pytest.mark.parametrize(("kind", "other", "canonical"), [
    (SUDOKU, "r3c5=.", "r3c5=0"),
    (SUDOKU, "r03c5=a", "r3c5=A"),
    (SUDOKU, " r1c1=4 ; auto ", "r1c1=4;auto"),
    (PENTOMINO, "-l", "remove L"),
    (PENTOMINO, "l@R1C1/0", "L@r1c1/0"),
    (PENTOMINO, "Remove   x; CLEAR", "remove X;clear"),
    (ARITH, "R2C3=5", "r2c3=5"),
])
def test_other_spellings_read_as_the_canonical_move(kind: Any, other: str, canonical: str,
                                                    ) -> None:
    assert kind.parse_move(other) == kind.parse_move(canonical)
    assert kind.parse_move(other).text() == canonical


@pytest.mark.parametrize(("kind", "text", "says"), [
    (SUDOKU, "", "empty"),
    (SUDOKU, "r1c1=4;;r1c2=5", "empty"),
    (SUDOKU, "r1c1=45", "exactly one digit"),
    (SUDOKU, "r1c1+12", "one pencil mark"),
    (SUDOKU, "r1c1~0", "never 0"),
    (SUDOKU, "r1c1=H", "not a digit"),
    (SUDOKU, "x9", "cannot read"),
    (PENTOMINO, "Q@r1c1/0", "no pentomino"),
    (PENTOMINO, "L@r1c1/8", "orientations 0-7"),
    (PENTOMINO, "remove Q", "no pentomino"),
    (ARITH, "r1c1=x", "bad move"),
    (ARITH, "r1c1=10", "bad move"),
])
def test_unreadable_moves_are_move_errors(kind: Any, text: str, says: str) -> None:
    with pytest.raises(MoveError, match=says):
        kind.parse_move(text)


def test_a_kind_refuses_another_kinds_move() -> None:
    state = load_game_id(EASY9).state
    with pytest.raises(MoveError, match="not a move of Sudoku"):
        SUDOKU.apply(state, pm.RemovePiece("L"))
    with pytest.raises(MoveError, match="not a move of Sudoku"):
        SUDOKU.apply(state, Compound((sm.Place(1, 1, 4), am.ClearDigit(1, 1))))


def test_board_checks_happen_when_a_move_is_applied() -> None:
    state = load_game_id(EASY9).state
    for move, says in ((sm.Place(10, 1, 1), "no cell r10c1"),
                       (sm.Place(1, 1, 10), "not a digit of a 9x9"),
                       (sm.Pencil(1, 2, 12), "not a digit of a 9x9")):
        with pytest.raises(MoveError, match=says):
            SUDOKU.apply(state, move)
    # the same move value or its text: one position
    assert SUDOKU.apply(state, sm.Place(1, 1, 4)) == SUDOKU.apply(state, "r1c1=4")


@pytest.mark.parametrize(("name", "params"), [
    ("sudoku", "4x4"), ("xsudoku", "5x5"), ("latin", "5x5"), ("pentomino", "6x10"),
    ("arith", "mul3x2"), ("arith", "add3x4"),
])
def test_the_engines_hints_and_reveals_are_canonical_text(name: str, params: str) -> None:
    """Hints and reveals are recorded as text: each reads back to exactly itself."""
    kind = find_kind(name)
    puzzle = generate_seeded(kind, kind.parse_params(params), "moves")
    state, solution = puzzle.state, kind.solve(puzzle.state)
    texts = [kind.reveal(state, solution)]
    for _ in range(40):
        step = kind.hint(state, solution)
        if step is None or not step.move:
            break
        texts.append(step.move)
        state = kind.apply(state, step.move)
    texts += [step.move for step in kind.explain(puzzle.state) if step.move]  # "": explains
    assert len(texts) > 2
    for text in texts:
        assert kind.parse_move(text).text() == text


def test_a_save_of_every_move_form_replays() -> None:
    """A game played with every form a screen or the engine records, saved and restored."""
    s = Session(load_game_id(EASY9))
    geo = s.state.geo
    empty = [c for c in range(geo.ncells) if not s.state.values[c]]
    sol = s.solution.values
    for move in (sm.fill_candidates(), sm.pencil(geo, empty[0], sol[empty[0]]),
                 sm.place(geo, empty[1], sol[empty[1]]), sm.clear(geo, empty[1]),
                 sm.unmark(geo, empty[2], (sol[empty[2]] % 9 + 1,)), sm.NoMarks()):
        s.play(move.text())
    step = s.hint()
    assert step is not None
    s.apply_hint(step.move)
    s.reveal()
    assert s.status is Status.SOLVED
    restored = Session.restore(s.to_saved())
    assert restored.moves == s.moves and restored.state == s.state
