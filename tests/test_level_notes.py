"""The new-game chooser's level note gives the true reason a board tops out low."""

from __future__ import annotations

from puzzleterm.engine import Level, find_kind
from puzzleterm.engine.sudoku.geometry import level_cap_reason, max_level


def note(kind: str, size: str) -> str:
    k = find_kind(kind)
    text: str = k.level_note(k.parse_params(size))
    return text


def test_small_boards_fall_to_singles() -> None:
    assert note("sudoku", "4x4") == ("Sudoku 4x4 puzzles top out at easy: every one falls to "
                                     "singles.")
    assert "falls to singles" in note("latin", "5x5")


def test_big_boards_are_capped_because_dealing_them_is_slow() -> None:
    for kind, size in (("sudoku", "16x16"), ("latin", "9x9")):
        text = note(kind, size)
        assert "takes too long" in text and "singles" not in text, text


def test_six_by_six_harder_puzzles_are_rare() -> None:
    assert "too rare" in note("sudoku", "6x6")


def test_every_size_has_a_note_exactly_when_it_tops_out_below_extreme() -> None:
    for name in ("sudoku", "xsudoku", "latin"):
        kind = find_kind(name)
        for size in kind.param_choices():
            params = kind.parse_params(size)
            text = kind.level_note(params)
            top = max_level(params.geo)
            assert bool(text) == (top < Level.EXTREME) == bool(level_cap_reason(params.geo))
            if text:
                assert f"top out at {top.label}" in text  # the level from max_level alone
