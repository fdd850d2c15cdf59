"""The pentomino kind: moves, text forms, generation, the human solver and grader."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.engine import find_kind
from puzzleterm.engine.errors import MoveError, ParseError
from puzzleterm.engine.gameid import generate_seeded, load_game_id
from puzzleterm.engine.kind import Enumerable, Kind
from puzzleterm.engine.pentomino import PENTOMINO, PentominoState, solver
from puzzleterm.engine.pentomino import human as hm
from puzzleterm.engine.pentomino.board import parse_board
from puzzleterm.engine.pentomino.enumerate import forces
from puzzleterm.engine.rng import Rng
from puzzleterm.engine.types import Level, Status

K = PENTOMINO
B610 = parse_board("6x10")


def _solved(board_text: str, n: int = 0) -> PentominoState:
    board = parse_board(board_text)
    _, raw = solver.all_solutions(board)
    return PentominoState(board, tuple(raw[n]))


def test_registered_with_aliases() -> None:
    for name in ("pentomino", "pento", "Pentominoes"):
        assert find_kind(name) is K
    assert isinstance(K, Kind) and isinstance(K, Enumerable)
    assert K.formats == ("line", "picture") and K.generator_version == "p1"


# -- moves --------------------------------------------------------------------------------

def test_moves_place_remove_compound() -> None:
    s = PentominoState(B610)
    s2 = K.apply(s, "L@r1c1/0;X@r1c3/0")
    assert s2.missing() == [c for c in "FINPTUVWYZ"]
    assert K.apply(K.apply(s, "X@r1c3/0"), "l@R1C1/0") == s2  # order does not matter
    assert K.apply(s2, "remove L") == K.apply(s, "X@r1c3/0") == K.apply(s2, "-L")
    assert K.apply(s2, "clear") == s


@pytest.mark.parametrize(("move", "words"), [
    ("L@r1c1/0", "already placed"),
    ("I@r6c8/0", "off the board"),
    ("F@r1c2/0", "overlaps the L"),
    ("remove T", "not on the board"),
    ("Q@r1c1/0", "no pentomino"),
    ("L@r1c1/9", "orientations 0-7"),
    ("place it", "bad move"),
    ("", "empty"),
    ("T@r3c5/0;F@r1c2/0", "overlaps"),
])
def test_illegal_moves(move: str, words: str) -> None:
    s = K.apply(PentominoState(B610), "L@r1c1/0;X@r1c3/0")
    with pytest.raises(MoveError, match=words):
        K.apply(s, move)


def test_given_pieces_stay_and_holes_refuse() -> None:
    s = K.read("..X7/.XXX6/..X7/10/10/IIIII5")
    with pytest.raises(MoveError, match="given"):
        K.apply(s, "remove X")
    with pytest.raises(MoveError, match="given"):
        K.apply(s, "X@r4c5/0")
    holed = PentominoState(parse_board("8x8-c2x2"))
    with pytest.raises(MoveError, match="hole"):
        K.apply(holed, "X@r3c4/0")


# -- text forms ---------------------------------------------------------------------------

def test_picture_and_line() -> None:
    s = K.read("..X7/.XXX6/..X7/10/10/IIIII5")
    assert K.write(s, "picture").splitlines()[1] == ".XXX......"
    assert K.describe(s) == "2X7/.XXX6/2X7/10/10/IIIII5"
    s = K.apply(s, "T@r4c6/0")
    assert K.write(s, "line") == "2X7/.XXX6/2X7/5ttt2/6t3/IIIII.t3"
    assert K.read(K.write(s, "picture")) == s
    holed = K.read("8x8-hole".replace("8x8-hole", "\n".join(
        ["........"] * 3 + ["...##..."] * 2 + ["........"] * 3)))
    assert holed.board == parse_board("8x8-c2x2")
    assert ":" not in K.describe(holed) and "#" not in K.describe(holed)
    assert K.read(K.describe(holed), holed.board) == holed


@pytest.mark.parametrize(("text", "words"), [
    ("..X7/.XXX6/..X7/10/10/IIIIQ5", "unknown character"),
    ("X.X7/.XXX6/..X7/10/10/IIIII5", "used twice"),
    ("..X7/.XXX6/..X7/10/10/IIII6", "covers 4 cells"),
    ("..X7/.XXX6/..X7/10/10/IIII.I4", "do not form an I"),
    ("..X7/.XXX6/..X7/10/10/LLLL.L4", "do not form an L"),
    ("..x7/.XXX6/..X7/10/10/IIIII5", "both as given"),
    (".X8/XXX7/.X8/10/10/IIIII5", "region at r1c1 has 1 cells"),
    ("10/10/10/10/10/9", "row 6"),
    ("5x12", "not a pentomino board"),
    ("", "empty"),
])
def test_bad_pictures(text: str, words: str) -> None:
    with pytest.raises(ParseError, match=words):
        K.read(text)


def test_picture_must_match_params() -> None:
    with pytest.raises(ParseError, match="not 5x12"):
        K.read("10/10/10/10/10/10", parse_board("5x12"))


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 9355), keep=st.lists(st.booleans(), min_size=12, max_size=12),
       mine=st.lists(st.booleans(), min_size=12, max_size=12))
def test_round_trips(n: int, keep: list[bool], mine: list[bool]) -> None:
    full = _solved("6x10", n)
    ids = full.given
    given = tuple(i for i, k, m in zip(ids, keep, mine, strict=True) if k and not m)
    placed = tuple(i for i, k, m in zip(ids, keep, mine, strict=True) if k and m)
    s = PentominoState(B610, given, placed)
    for fmt in K.formats:
        assert K.read(K.write(s, fmt)) == s
        assert K.read(K.write(s, fmt), B610) == s
    assert K.parse(B610, K.describe(s)) == s.givens_only()


# -- solving, status, reveal, hint --------------------------------------------------------

def test_solve_status_reveal() -> None:
    full = _solved("6x10", 5)
    puzzle = PentominoState(B610, full.given[:3])
    assert K.status(puzzle) is Status.PLAYING
    solution = K.solve(puzzle)
    assert solution is not None and K.status(solution) is Status.SOLVED
    assert K.count_solutions(puzzle, limit=5) >= 1
    move = K.reveal(puzzle, solution)
    assert K.apply(puzzle, move) == solution
    letter = solution.geo.placements[solution.placed[0]].letter
    one = K.apply(puzzle, K.reveal(puzzle, solution, letter))
    assert solution.placed[0] in one.placed


def test_broken_status() -> None:
    s = K.apply(PentominoState(B610), "X@r1c2/0")
    assert K.status(s) is Status.BROKEN


def test_hint_names_a_mistake() -> None:
    full = _solved("6x10", 7)
    puzzle = PentominoState(B610, full.given[:4])
    solution = K.solve(puzzle)
    assert solution is not None
    wrong = next(pl for pl in puzzle.geo.placements
                 if pl.piece not in {puzzle.geo.placements[i].piece for i in full.given[:4]}
                 and not pl.mask & puzzle.filled and pl.id not in solution.placed)
    mistaken = PentominoState(B610, puzzle.given, (wrong.id,))
    step = K.hint(mistaken, solution)
    assert step is not None and step.technique == "mistake"
    assert K.apply(mistaken, step.move) == puzzle


# -- generation and grading ---------------------------------------------------------------

@pytest.mark.parametrize("level", list(K.levels(B610)))
def test_generated_puzzles_unique_and_at_level(level: Level) -> None:
    for i in range(4):
        p = generate_seeded(K, B610, f"t{i}", level)
        state = p.state
        assert K.count_solutions(state, limit=2) == 1
        assert p.grade is not None and p.grade.level == level
        assert K.grade(state).level == level
        assert ":" not in p.desc and "#" not in p.desc
        assert load_game_id(p.game_id).state == state
    easy = generate_seeded(K, B610, "t0", Level.EASY).state
    trial = generate_seeded(K, B610, "t0", Level.TRIAL).state
    assert len(easy.given) > len(trial.given)


def test_generation_is_deterministic() -> None:
    seen = {}
    for lv in (Level.EASY, Level.EXPERT, Level.TRIAL):
        a = generate_seeded(K, B610, "gold", lv)
        b = load_game_id(a.seed_id or "")
        assert a.desc == b.desc
        seen[lv] = a.desc
    assert seen == GOLDEN_DESCS


GOLDEN_DESCS: dict[Level, str] = {
    Level.EASY: "10/.Y2Z4I/.YZZZ2W.I/YYZ3WW.I/.Y.L.WW2I/3LLLL2I",
    Level.EXPERT: "NN8/.NNN6/3T5Y/3T5Y/2TTT3YY/9Y",
    Level.TRIAL: "3Y6/2YY6/3Y6/3Y.W4/5WW3/6WW2",
}


@pytest.mark.parametrize("board_text", ["5x12", "8x8-c2x2", "3x20"])
def test_generation_other_boards(board_text: str) -> None:
    board = parse_board(board_text)
    for i in range(3):
        p = K.generate(board, Rng(f"o{i}"), Level.MEDIUM)
        assert K.count_solutions(p.state, limit=2) == 1
        assert p.params == board_text


def _check_path_sound(state: PentominoState) -> None:
    solution = K.solve(state)
    assert solution is not None
    right = set(solution.all_placements)
    for step in K.explain(state):
        ev = step.evidence
        assert isinstance(ev, hm.Evidence)
        if ev.place is not None:
            assert ev.place in right, step.explanation
            assert step.move
        for pid in ev.eliminate:
            assert pid not in right, step.explanation


def test_human_steps_agree_with_the_solution() -> None:
    _, raw = solver.all_solutions(B610)
    rng = Rng("sound")
    checked = 0
    for _ in range(30):
        sol = list(raw[rng.below(len(raw))])
        rng.shuffle(sol)
        for k in (6, 4, 3):
            if forces(B610, sol[:k]) is not None:
                _check_path_sound(PentominoState(B610, tuple(sorted(sol[:k]))))
                checked += 1
    assert checked > 20


def test_hint_steps_apply() -> None:
    p = generate_seeded(K, B610, "hint", Level.MEDIUM)
    solution = K.solve(p.state)
    assert solution is not None
    state = p.state
    for _ in range(12):
        if K.status(state) is Status.SOLVED:
            break
        step = K.hint(state, solution)
        assert step is not None and step.move and step.explanation and step.nudge
        state = K.apply(state, step.move)
    assert state == solution


def test_enumerate_report() -> None:
    lines = list(K.enumerate(parse_board("3x20"), {"forcing": True, "show": True}))
    assert lines[0].startswith("3x20: 2 distinct solutions (8 counting")
    assert "  1 piece: 2" in lines
    calls: list[tuple[int, int | None]] = []
    lines = list(K.enumerate(parse_board("4x15"), {}, lambda d, t: calls.append((d, t))))
    assert len(lines) == 1 and calls
    # the listing (``enumerate --out``) is the kind's own: every solution, or every
    # rotation and reflection apart with ``raw``
    assert len(list(K.listing(parse_board("4x15"), {"raw": True}))) == 1472
    assert len(list(K.listing(parse_board("4x15"), {}))) == 368
