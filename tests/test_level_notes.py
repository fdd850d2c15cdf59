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


def test_sixteen_is_dealt_at_every_level_and_has_no_note() -> None:
    k = find_kind("sudoku")
    params = k.parse_params("16x16")
    assert k.levels(params)[-1] == Level.EXTREME
    assert note("sudoku", "16x16") == ""


def test_latin_nine_says_harder_ones_are_not_dealt_yet() -> None:
    text = note("latin", "9x9")
    assert text == ("Latin square 9x9 puzzles top out at medium for now: harder ones are not "
                    "dealt yet, though many puzzles this size need harder techniques.")


def test_six_by_six_and_latin_up_to_eight_harder_puzzles_are_rare() -> None:
    assert "too rare" in note("sudoku", "6x6")
    for size in ("6x6", "7x7", "8x8"):
        assert "too rare" in note("latin", size), size
    assert not any("takes too long" in note(k, s) for k, s in
                   (("sudoku", "16x16"), ("latin", "9x9"), ("latin", "6x6")))


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
