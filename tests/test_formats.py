"""Text forms and game IDs: round-trips (hypothesis) and all-or-nothing parsing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.engine import PuzzleError, find_kind
from puzzleterm.engine.errors import GameIdError, ParseError
from puzzleterm.engine.gameid import generate_seeded, load_game_id, parse_game_id
from puzzleterm.engine.sudoku.formats import FORMATS, detect_format, format_grid, parse_grid
from puzzleterm.engine.sudoku.geometry import Geometry, geometry

SHAPES = [("sudoku", 4), ("sudoku", 6), ("sudoku", 9), ("sudoku", 16), ("xsudoku", 5), ("latin", 5)]


@st.composite
def grids(draw: st.DrawFn) -> tuple[Geometry, tuple[int, ...]]:
    variant, n = draw(st.sampled_from(SHAPES))
    geo = geometry(variant, n)
    values = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return geo, tuple(values)


@settings(max_examples=150, deadline=None)
@given(grids(), st.sampled_from(FORMATS))
def test_every_format_round_trips(grid: tuple[Geometry, tuple[int, ...]], fmt: str) -> None:
    geo, values = grid
    text = format_grid(geo, values, fmt)
    assert detect_format(text) == fmt or (fmt == "grid" and geo.n == 1)
    geo2, values2 = parse_grid(text, lambda n: geometry(geo.variant, n))
    assert (geo2, values2) == (geo, values)


def test_picture_noise_is_ignored() -> None:
    text = """
    1 . | . .
    . . | 3 .
    ----+----
    . . | . 4
    . 2 | . .
    """
    geo, values = parse_grid(text, lambda n: geometry("sudoku", n))
    assert geo.n == 4
    assert values == (1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 0, 0)


def test_sixteen_by_sixteen_csv_uses_numbers() -> None:
    geo = geometry("sudoku", 16)
    values = tuple((i % 17) for i in range(256))
    text = format_grid(geo, values, "csv")
    assert "16" in text and "G" not in text
    assert parse_grid(text, lambda n: geometry("sudoku", n))[1] == values
    assert "G" in format_grid(geo, values, "line")


@pytest.mark.parametrize(("text", "line"), [
    ("1,,,\n,,3,\n,,,4\n,2,,", "1.....3....4.2.."),  # the first row's last cell blank
    (",,,\n,,3,\n,,,4\n,2,,", "......3....4.2.."),   # a blank first row
    ("1,,,,\n,,3,,\n,,,4,\n,2,,,", "1.....3....4.2.."),  # a trailing comma on every row
    ("1,0,0,0,\n0,0,3,0,\n0,0,0,4,\n0,2,0,0,", "1.....3....4.2.."),
])
def test_csv_with_blank_cells_reads_as_its_rows(text: str, line: str) -> None:
    """A spreadsheet's CSV leaves blanks empty: a blank last cell is a cell, not a trailing
    comma, so four rows of four fields are a 4x4 puzzle."""
    kind = find_kind("sudoku")
    assert kind.describe(kind.read(text)) == line


BAD_INPUTS = [
    ("", "empty input"),
    ("   \n\n", "empty input"),
    ("123", "square number of cells"),
    ("1" * 80, "square number of cells"),
    ("1.3x" + "." * 77, "row 1, column 4: 'x'"),
    ("." * 40 + "A" + "." * 40, "row 5, column 5: 'A'"),
    ("1,0,0\n0,0,0\n0,0,0", "Sudoku comes in"),
    ("1,0,0,0\n0,0,3\n0,0,0,4\n0,2,0,0", "row 2 has 3 values"),
    ("1,0,0,0\n0,0,3,0\n0,0,0,9\n0,2,0,0", "row 3, column 4: '9'"),
    ("1,0,0,0\n0,0,3,0\n0,0,0,4", "expected 4 CSV rows of 4 values, got 3 rows"),
    ("1 . . .\n. . 3 .\n. . . 4\n. 2 .", "row 4 has 3 cells"),
    ("5" + "." * 9 + "5" + "." * 70, "5 appears twice in box 1"),
    ("77" + "." * 79, "7 appears twice in row 1 (row 1, column 1 and row 1, column 2)"),
]


@pytest.mark.parametrize(("text", "message"), BAD_INPUTS)
def test_bad_input_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(PuzzleError) as info:
        find_kind("sudoku").read(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789.,|-+ \nAxG#", max_size=120))
def test_fuzzed_text_gives_a_state_or_a_typed_error(text: str) -> None:
    for name in ("sudoku", "xsudoku", "latin"):
        try:
            state = find_kind(name).read(text)
        except PuzzleError:
            continue
        assert len(state.values) == state.geo.ncells


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_fuzzed_game_ids_give_a_puzzle_or_a_typed_error(text: str) -> None:
    try:
        puzzle = load_game_id(text)
    except PuzzleError:
        return
    assert puzzle.game_id.startswith(puzzle.kind)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(
        [
            ("sudoku", "4x4"),
            ("sudoku", "6x6"),
            ("sudoku", "9x9"),
            ("xsudoku", "5x5"),
            ("latin", "5x5"),
        ]
    ),
    st.text(
        st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=12
    ),
)
def test_game_ids_round_trip(shape: tuple[str, str], seed: str) -> None:
    kind = find_kind(shape[0])
    puzzle = generate_seeded(kind, kind.parse_params(shape[1]), seed)
    by_givens = load_game_id(puzzle.game_id)
    assert by_givens.state == puzzle.state
    assert by_givens.game_id == puzzle.game_id
    assert puzzle.seed_id is not None
    assert load_game_id(puzzle.seed_id).state == puzzle.state
    assert parse_game_id(puzzle.seed_id).seed == seed


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("sudoku", "expected KIND:SIZE:PUZZLE"),
        ("sudoku:9x9:", "expected KIND:SIZE:PUZZLE"),
        ("chess:8x8:#1", "unknown puzzle kind 'chess'"),
        ("sudoku:7x7:#1", "not 7x7"),
        ("sudoku:9x9:impossible#1", "unknown level 'impossible'"),
        ("sudoku:9x9:hard#", "empty seed"),
        ("sudoku:4x4:1234", "a one-line 4x4 puzzle needs 16 cells; got 4"),
        ("sudoku:4x4:11..............", "1 appears twice in row 1"),
    ],
)
def test_bad_game_ids(text: str, message: str) -> None:
    with pytest.raises(GameIdError) as info:
        load_game_id(text)
    assert message in str(info.value)


def test_seeds_are_trimmed_and_never_empty() -> None:
    kind = find_kind("sudoku")
    params = kind.parse_params("4x4")
    assert generate_seeded(kind, params, " s1 ").desc == generate_seeded(kind, params, "s1").desc
    with pytest.raises(PuzzleError):
        generate_seeded(kind, params, "  ")


def test_parse_error_is_a_value_error_for_callers() -> None:
    assert issubclass(ParseError, ValueError)
