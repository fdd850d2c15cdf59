"""Each technique on a hand-built position where it applies (exact result) and one where it
must not fire.  Positions are candidate grids: an open board (every digit everywhere) with
candidates removed to draw the pattern, so nothing else is in the way."""

from __future__ import annotations

from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.human import basic, chains, fish, forcing, wings
from puzzleterm.engine.sudoku.human.grid import Grid
from puzzleterm.engine.types import Level

from .human_helpers import (
    GEO9,
    cell,
    col,
    elims,
    mask,
    open_grid,
    parse_line,
    restrict,
    row,
    set_cands,
)

BOX1 = [f"r{r}c{c}" for r in (1, 2, 3) for c in (1, 2, 3)]
BOX5 = [f"r{r}c{c}" for r in (4, 5, 6) for c in (4, 5, 6)]


def test_full_house() -> None:
    sol = bt.solve_values(GEO9, (0,) * 81)
    assert sol is not None
    values = list(sol)
    values[cell("r3c5")] = 0
    values[cell("r7c2")] = 0
    values[cell("r7c8")] = 0
    g = Grid.from_values(GEO9, values)
    step = basic.full_house(g)
    assert step is not None
    # r3c5 is alone in row 3 (and column 5, box 2); row 7 has two holes
    assert step.placements == ((cell("r3c5"), sol[cell("r3c5")]),)
    assert step.rating == 1.0 and step.level == Level.EASY
    assert "r3c5" in step.explanation
    assert basic.full_house(open_grid()) is None


def test_hidden_single_box_and_line() -> None:
    g = open_grid()
    restrict(g, 7, BOX5, ["r4c6"])
    step = basic.hidden_single(g)
    assert step is not None
    assert step.placements == ((cell("r4c6"), 7),)
    assert step.rating == 1.2
    assert step.explanation == "In box 5, 7 can only go in r4c6"
    assert step.nudge == "Look for a hidden single in box 5"

    g = open_grid()
    restrict(g, 7, row(3), ["r3c5"])
    step = basic.hidden_single(g)
    assert step is not None and step.placements == ((cell("r3c5"), 7),)
    assert step.rating == 1.5
    assert "row 3" in step.explanation
    assert basic.hidden_single(open_grid()) is None


def test_naked_single() -> None:
    g = open_grid()
    set_cands(g, "r4c6", "7")
    step = basic.naked_single(g)
    assert step is not None and step.placements == ((cell("r4c6"), 7),)
    assert step.rating == 2.3
    g = open_grid()
    set_cands(g, "r4c6", "78")
    assert basic.naked_single(g) is None


def test_pointing() -> None:
    g = open_grid()
    restrict(g, 4, BOX1, ["r1c1", "r1c2"])
    step = basic.pointing(g)
    assert step is not None and step.technique == "pointing"
    assert set(step.eliminations) == elims(*((f"r1c{c}", 4) for c in range(4, 10)))
    g = open_grid()
    restrict(g, 4, BOX1, ["r1c1", "r2c2"])
    assert basic.pointing(g) is None


def test_claiming() -> None:
    g = open_grid()
    restrict(g, 4, row(1), ["r1c1", "r1c2"])
    step = basic.claiming(g)
    assert step is not None and step.technique == "claiming"
    assert set(step.eliminations) == elims(
        *((f"r{r}c{c}", 4) for r in (2, 3) for c in (1, 2, 3)))
    assert basic.pointing(g) is None  # box 1 still has 4 in rows 2 and 3
    g = open_grid()
    restrict(g, 4, row(1), ["r1c1", "r1c5"])
    assert basic.claiming(g) is None


def test_naked_pair() -> None:
    g = open_grid()
    set_cands(g, "r1c1", "27")
    set_cands(g, "r1c5", "27")
    step = basic.naked_pair(g)
    assert step is not None
    others = [n for n in row(1) if n not in ("r1c1", "r1c5")]
    assert set(step.eliminations) == elims(*((n, d) for n in others for d in (2, 7)))
    g = open_grid()
    set_cands(g, "r1c1", "27")
    set_cands(g, "r1c5", "28")
    assert basic.naked_pair(g) is None


def test_hidden_pair() -> None:
    g = open_grid()
    for d in (3, 8):
        restrict(g, d, row(1), ["r1c1", "r1c5"])
    step = basic.hidden_pair(g)
    assert step is not None
    assert set(step.eliminations) == elims(
        *((n, d) for n in ("r1c1", "r1c5") for d in (1, 2, 4, 5, 6, 7, 9)))
    g = open_grid()
    restrict(g, 3, row(1), ["r1c1", "r1c5"])
    restrict(g, 8, row(1), ["r1c1", "r1c6"])
    assert basic.hidden_pair(g) is None


def test_naked_triple_and_quad() -> None:
    g = open_grid()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c5", "23")
    set_cands(g, "r1c9", "13")
    step = basic.naked_triple(g)
    assert step is not None
    others = [n for n in row(1) if n not in ("r1c1", "r1c5", "r1c9")]
    assert set(step.eliminations) == elims(*((n, d) for n in others for d in (1, 2, 3)))
    assert basic.naked_pair(g) is None

    g = open_grid()
    for name, ds in (("r1c1", "12"), ("r1c4", "23"), ("r1c7", "34"), ("r1c9", "14")):
        set_cands(g, name, ds)
    step = basic.naked_quad(g)
    assert step is not None
    others = [n for n in row(1) if n not in ("r1c1", "r1c4", "r1c7", "r1c9")]
    assert set(step.eliminations) == elims(*((n, d) for n in others for d in (1, 2, 3, 4)))
    g = open_grid()
    for name, ds in (("r1c1", "12"), ("r1c4", "23"), ("r1c7", "34"), ("r1c9", "15")):
        set_cands(g, name, ds)
    assert basic.naked_quad(g) is None and basic.naked_triple(g) is None


def test_hidden_triple_and_quad() -> None:
    g = open_grid()
    trio = ["r1c1", "r1c5", "r1c9"]
    for d in (4, 5, 6):
        restrict(g, d, row(1), trio)
    step = basic.hidden_triple(g)
    assert step is not None
    assert set(step.eliminations) == elims(
        *((n, d) for n in trio for d in (1, 2, 3, 7, 8, 9)))
    g = open_grid()
    quad = ["r1c1", "r1c4", "r1c7", "r1c9"]
    for d in (1, 2, 3, 4):
        restrict(g, d, row(1), quad)
    step = basic.hidden_quad(g)
    assert step is not None
    assert set(step.eliminations) == elims(*((n, d) for n in quad for d in range(5, 10)))
    g = open_grid()
    for d in (4, 5):
        restrict(g, d, row(1), trio)
    restrict(g, 6, row(1), ["r1c1", "r1c2"])
    assert basic.hidden_triple(g) is None


def test_x_wing() -> None:
    g = open_grid()
    for r in (2, 7):
        restrict(g, 5, row(r), [f"r{r}c3", f"r{r}c8"])
    step = fish.x_wing(g)
    assert step is not None and step.rating == 3.2 and step.level == Level.HARD
    assert set(step.eliminations) == elims(
        *((f"r{r}c{c}", 5) for r in range(1, 10) if r not in (2, 7) for c in (3, 8)))
    g = open_grid()
    restrict(g, 5, row(2), ["r2c3", "r2c8"])
    restrict(g, 5, row(7), ["r7c3", "r7c8", "r7c5"])
    assert fish.x_wing(g) is None


def test_swordfish_and_jellyfish() -> None:
    g = open_grid()
    restrict(g, 5, row(1), ["r1c1", "r1c4"])
    restrict(g, 5, row(5), ["r5c4", "r5c7"])
    restrict(g, 5, row(9), ["r9c1", "r9c7"])
    step = fish.swordfish(g)
    assert step is not None
    assert set(step.eliminations) == elims(
        *((f"r{r}c{c}", 5) for r in range(1, 10) if r not in (1, 5, 9) for c in (1, 4, 7)))
    assert fish.x_wing(g) is None

    g = open_grid()
    restrict(g, 5, row(1), ["r1c2", "r1c4"])
    restrict(g, 5, row(3), ["r3c4", "r3c6"])
    restrict(g, 5, row(5), ["r5c6", "r5c8"])
    restrict(g, 5, row(7), ["r7c8", "r7c2"])
    step = fish.jellyfish(g)
    assert step is not None
    assert set(step.eliminations) == elims(
        *((f"r{r}c{c}", 5) for r in (2, 4, 6, 8, 9) for c in (2, 4, 6, 8)))
    assert fish.swordfish(g) is None
    g.cand[cell("r7c9")] |= mask("5")  # a fifth column: no Jellyfish
    assert fish.jellyfish(g) is None


def test_finned_x_wing() -> None:
    g = open_grid()
    restrict(g, 5, row(2), ["r2c3", "r2c8"])
    restrict(g, 5, row(7), ["r7c3", "r7c8", "r7c9"])  # fin r7c9 in box 9
    step = fish.finned_x_wing(g)
    assert step is not None
    # only cells of column 8 inside the fin's box
    assert set(step.eliminations) == elims(("r8c8", 5), ("r9c8", 5))
    g = open_grid()
    restrict(g, 5, row(2), ["r2c3", "r2c8"])
    restrict(g, 5, row(7), ["r7c3", "r7c8", "r7c5"])  # the extra place is in box 8
    assert fish.finned_x_wing(g) is None


def test_skyscraper() -> None:
    g = open_grid()
    restrict(g, 1, row(1), ["r1c1", "r1c5"])
    restrict(g, 1, row(5), ["r5c1", "r5c6"])
    step = fish.skyscraper(g)
    assert step is not None and step.technique == "skyscraper"
    assert set(step.eliminations) == elims(("r2c6", 1), ("r3c6", 1), ("r4c5", 1), ("r6c5", 1))
    g = open_grid()
    restrict(g, 1, row(1), ["r1c1", "r1c5"])
    restrict(g, 1, row(5), ["r5c2", "r5c6"])  # no end in a common column
    assert fish.skyscraper(g) is None


def test_two_string_kite() -> None:
    g = open_grid()
    restrict(g, 1, row(1), ["r1c2", "r1c7"])
    restrict(g, 1, col(1), ["r3c1", "r8c1"])
    step = fish.two_string_kite(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r8c7", 1))
    g = open_grid()
    restrict(g, 1, row(1), ["r1c4", "r1c7"])
    restrict(g, 1, col(1), ["r3c1", "r8c1"])  # the ends meet in no box
    assert fish.two_string_kite(g) is None


def test_xy_wing() -> None:
    g = open_grid()
    set_cands(g, "r1c1", "12")
    set_cands(g, "r1c5", "13")
    set_cands(g, "r5c1", "23")
    step = wings.xy_wing(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r5c5", 3))
    set_cands(g, "r5c1", "24")
    assert wings.xy_wing(g) is None


def test_xyz_wing() -> None:
    g = open_grid()
    set_cands(g, "r1c1", "123")
    set_cands(g, "r1c5", "13")
    set_cands(g, "r2c2", "23")
    step = wings.xyz_wing(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r1c2", 3), ("r1c3", 3))
    set_cands(g, "r2c2", "24")
    assert wings.xyz_wing(g) is None


def test_w_wing() -> None:
    g = open_grid()
    set_cands(g, "r1c1", "47")
    set_cands(g, "r5c9", "47")
    restrict(g, 4, col(2), ["r2c2", "r5c2"])
    step = wings.w_wing(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r1c9", 7), ("r5c1", 7))
    g = open_grid()
    set_cands(g, "r1c1", "47")
    set_cands(g, "r5c9", "47")
    restrict(g, 4, col(2), ["r2c2", "r6c2"])  # r6c2 does not see r5c9
    assert wings.w_wing(g) is None


def _rectangle(g: Grid, corners: dict[str, str]) -> None:
    for name, ds in corners.items():
        set_cands(g, name, ds)


def test_unique_rectangles() -> None:
    g = open_grid(unique=True)
    _rectangle(g, {"r1c1": "59", "r1c4": "59", "r2c1": "59", "r2c4": "159"})
    step = wings.unique_rectangle_1(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r2c4", 5), ("r2c4", 9))
    g._unique = False
    assert wings.unique_rectangle_1(g) is None  # only for puzzles known to be unique

    g = open_grid(unique=True)
    _rectangle(g, {"r1c1": "59", "r1c4": "59", "r2c1": "359", "r2c4": "359"})
    step = wings.unique_rectangle_2(g)
    assert step is not None
    assert set(step.eliminations) == elims(
        *((f"r2c{c}", 3) for c in (2, 3, 5, 6, 7, 8, 9)))
    _rectangle(g, {"r2c4": "259"})
    assert wings.unique_rectangle_2(g) is None

    g = open_grid(unique=True)
    _rectangle(g, {"r1c1": "59", "r1c4": "59", "r2c1": "1259", "r2c4": "359"})
    restrict(g, 5, row(2), ["r2c1", "r2c4"])
    step = wings.unique_rectangle_4(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r2c1", 9), ("r2c4", 9))
    g = open_grid(unique=True)
    _rectangle(g, {"r1c1": "59", "r1c4": "59", "r2c1": "1259", "r2c4": "359"})
    assert wings.unique_rectangle_4(g) is None
    # three boxes: not a deadly pattern
    g = open_grid(unique=True)
    _rectangle(g, {"r1c1": "59", "r1c4": "59", "r4c1": "59", "r4c4": "159"})
    assert wings.unique_rectangle_1(g) is None


# A position reached in a published puzzle: every empty cell bivalue except r3c8.
BUG_PUZZLE = "000080004709004530800000600000400700307906405005002000002000003038500109900030000"
BUG_CANDS = (
    "25,26,36,37,=8,15,=9,17,=4,=7,=1,=9,=2,=6,=4,=5,=3,=8,=8,45,34,37,=9,15,=6,127,12,12,89,"
    "16,=4,=5,=3,=7,89,26,=3,28,=7,=9,=1,=6,=4,28,=5,=4,69,=5,=8,=7,=2,=3,19,16,15,=7,=2,16,=4,"
    "=9,=8,56,=3,=6,=3,=8,=5,=2,=7,=1,=4,=9,=9,45,14,16,=3,=8,=2,56,=7"
)


def _bug_grid(unique: bool) -> Grid:
    values, cand = [], []
    for item in BUG_CANDS.split(","):
        if item.startswith("="):
            values.append(int(item[1:]))
            cand.append(0)
        else:
            values.append(0)
            cand.append(mask(item))
    return Grid(GEO9, values, cand, unique)


def test_bug_plus_1() -> None:
    g = _bug_grid(True)
    # the position is a BUG+1: one trivalue cell, the rest bivalue
    sizes = sorted(m.bit_count() for m in g.cand if m)
    assert sizes.count(3) == 1 and set(sizes) == {2, 3}
    solution = bt.solve_values(GEO9, parse_line(BUG_PUZZLE))
    assert solution is not None
    step = wings.bug_plus_1(g)
    assert step is not None
    assert step.placements == ((cell("r3c8"), solution[cell("r3c8")]),)
    assert wings.bug_plus_1(_bug_grid(False)) is None
    g = _bug_grid(True)
    g.cand[cell("r1c1")] |= mask("7")  # a second cell with three candidates
    assert wings.bug_plus_1(g) is None


def test_x_chain() -> None:
    g = open_grid()
    restrict(g, 1, row(1), ["r1c1", "r1c9"])
    restrict(g, 1, row(5), ["r5c9", "r5c5"])
    restrict(g, 1, row(8), ["r8c5", "r8c2"])
    step = chains.x_chain(g)
    assert step is not None and step.technique == "x_chain"
    assert set(step.eliminations) == elims(("r2c2", 1), ("r3c2", 1), ("r7c1", 1), ("r9c1", 1))
    # 5 links, 3 of them strong, all in rows: SukakuExplainer's "3 Skyscrapers"
    assert len(step.candidates) == 6 and step.rating == 5.4
    g = open_grid()
    restrict(g, 1, row(1), ["r1c1", "r1c9"])
    restrict(g, 1, row(5), ["r5c9", "r5c5"])
    assert chains.x_chain(g) is None


def test_xy_chain() -> None:
    g = open_grid()
    _rectangle(g, {"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c9": "14"})
    step = chains.xy_chain(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r1c9", 1), ("r5c1", 1))
    assert wings.xy_wing(g) is None
    _rectangle(g, {"r5c9": "45"})
    assert chains.xy_chain(g) is None


def test_aic() -> None:
    g = open_grid()
    restrict(g, 1, row(1), ["r1c1", "r1c9"])
    set_cands(g, "r5c9", "16")
    restrict(g, 6, col(2), ["r5c2", "r3c2"])
    step = chains.aic(g)
    assert step is not None
    assert set(step.eliminations) == elims(("r1c1", 6), ("r3c2", 1))
    assert chains.x_chain(g) is None and chains.xy_chain(g) is None
    g = open_grid()
    restrict(g, 1, row(1), ["r1c1", "r1c9"])
    set_cands(g, "r5c9", "16")
    assert chains.aic(g) is None


def test_forcing_chain() -> None:
    g = open_grid()
    _rectangle(g, {"r1c1": "12", "r1c2": "12", "r1c3": "123"})
    step = forcing.dynamic_forcing_chain(g)
    assert step is not None
    # whatever it proves, it is about r1c3 losing 1 or 2 (the pair's digits)
    assert step.eliminations
    assert set(step.eliminations) <= elims(("r1c3", 1), ("r1c3", 2))
    assert forcing.dynamic_forcing_chain(open_grid()) is None


def test_trial() -> None:
    givens = parse_line(
        "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
    g = Grid.from_values(GEO9, givens, True)
    solution = bt.solve_values(GEO9, givens)
    assert solution is not None
    step = chains.trial(g)
    assert step is not None and step.level == Level.TRIAL
    (c, d), = step.eliminations
    assert solution[c] != d
    assert chains.trial(open_grid()) is None  # many solutions: nothing can be ruled out
