"""The almost-locked-set wings, ALS-XZ, Sue de Coq, the Empty Rectangle, grouped X-Chains
and the three kinds of forcing chain, each on a published puzzle where it is the next step:
the step is checked against the puzzle's solution and against the pattern it claims (cells
of one house holding one digit more than cells, links that are links ...), and its
explanation names what it uses."""

from __future__ import annotations

import re

import pytest

from puzzleterm.engine.sudoku import solver as bt
from puzzleterm.engine.sudoku.human import forcing
from puzzleterm.engine.sudoku.human.catalog import Deduction
from puzzleterm.engine.sudoku.human.grid import Grid, cells_of, digits_of
from puzzleterm.engine.sudoku.human.solve import apply_step, find_step, unique_check

from .human_helpers import GEO9, parse_line

#: For each technique, a puzzle of the public sets whose solve path takes it.
WING3 = "078000400003007002502300697050020700000504000007090050625001903700200500009000280"
WING4 = "000950000019402070000003020073205089500090004290108750030800000020504890000026000"
NISHIO = "..247..58..............1.4.....2...9528.9.4....9...1.........3.3....75..685..2..."
FORCING = "008009600000010000200506001802701500090000020006302107100403005000050000005900700"
SUE = "200000004030904070490762083040020010000105000500000008009301600310070059020000030"
RECT = "100000005000205000030040010300080007002306800005000600001000700050000030980070046"
GROUPED = "400080009730001005080300700007009020000070000050400600001004070200700098500090004"
PUZZLES = {"wxyz_wing": WING3, "vwxyz_wing": WING4, "als_xz": WING3, "nishio": NISHIO,
           "forcing_chain": FORCING, "dynamic_forcing_chain": FORCING, "sue_de_coq": SUE,
           "empty_rectangle": RECT, "grouped_x_chain": GROUPED}


def first_step_of(tech: str) -> tuple[Grid, Deduction, tuple[int, ...]]:
    """The position where the solve path first takes ``tech``, that step, the solution."""
    givens = parse_line(PUZZLES[tech].replace(".", "0"))
    solution = bt.solve_values(GEO9, givens)
    assert solution is not None
    g = Grid.from_values(GEO9, givens, unique_check(GEO9, givens))
    while not all(g.values):
        step = find_step(g)
        assert step is not None
        if step.technique == tech:
            return g, step, solution
        apply_step(g, step)
    raise AssertionError(f"{tech} is not on the solve path")


def check_sound(step: Deduction, g: Grid, solution: tuple[int, ...]) -> None:
    assert step.placements or step.eliminations
    for c, d in step.placements:
        assert g.cand[c] >> (d - 1) & 1 and solution[c] == d
    for c, d in step.eliminations:
        assert g.cand[c] >> (d - 1) & 1 and solution[c] != d


def names_in(text: str) -> set[int]:
    return {(int(r) - 1) * 9 + int(c) - 1 for r, c in re.findall(r"r(\d)c(\d)", text)}


def als_union(g: Grid, cells: list[int]) -> int:
    union = 0
    for c in cells:
        union |= g.cand[c]
    return union


def als_parts(g: Grid, cells: list[int]) -> int:
    """The union of the candidates of ``cells``, checking they lie in one house."""
    assert any(all(g.t.house_bits[h] >> c & 1 for c in cells) for h in range(27))
    union = 0
    for c in cells:
        union |= g.cand[c]
    return union


@pytest.mark.parametrize(("tech", "size"), [("wxyz_wing", 3), ("vwxyz_wing", 4)])
def test_wing_on_an_almost_locked_set(tech: str, size: int) -> None:
    g, step, solution = first_step_of(tech)
    check_sound(step, g, solution)
    *als, pivot = step.cells
    assert len(als) == size and pivot not in als
    union = als_parts(g, als)
    assert union.bit_count() == size + 1  # n cells, n + 1 digits
    pm = g.cand[pivot]
    assert pm.bit_count() == 2 and not pm & ~union
    # one of the pivot's digits has all its places in the ALS seeing the pivot
    pb = g.t.peer_bits
    linked = [d for d in digits_of(pm)
              if all(pb[pivot] >> c & 1 for c in als if g.cand[c] >> (d - 1) & 1)]
    assert linked
    for c, d in step.eliminations:
        assert c not in step.cells
        if d in digits_of(pm):  # z (or x, linked twice): sees the pivot and the ALS's
            holders = [x for x in als if g.cand[x] >> (d - 1) & 1]
            assert pb[c] >> pivot & 1 and all(pb[c] >> x & 1 for x in holders)
    assert names_in(step.explanation) >= set(step.cells)
    assert f"{size} cells, {size + 1} digits" in step.explanation
    assert step.rating in ((5.5, 5.6) if size == 3 else (6.2, 6.3, 6.4))


def test_als_xz() -> None:
    g, step, solution = first_step_of("als_xz")
    check_sound(step, g, solution)
    # two ALSs, each in a house of its own: the explanation names them in turn
    first, second = step.explanation.split(", and ", 1)
    a = sorted(names_in(first.split(" hold only")[0]))
    b = sorted(names_in(second.split(" hold only")[0]))
    assert a and b and not set(a) & set(b) and sorted(a + b) == sorted(step.cells)
    for part in (a, b):
        assert als_parts(g, part).bit_count() == len(part) + 1
    pb = g.t.peer_bits
    for c, d in step.eliminations:
        holders = [x for x in a + b if g.cand[x] >> (d - 1) & 1]
        assert c not in step.cells and all(pb[c] >> x & 1 for x in holders)
    assert "(an ALS-XZ" in step.explanation and step.rating >= 7.1


def test_nishio() -> None:
    g, step, solution = first_step_of("nishio")
    check_sound(step, g, solution)
    (c, d), = step.eliminations
    # following d alone from c: the cells named get d in turn, and a house ends empty
    where = g.all_digit_cells()[d - 1]
    placed = list(step.cells)
    assert placed[0] == c
    gone = 0
    for x in placed:
        assert where >> x & 1 and not gone >> x & 1
        gone |= g.t.peer_bits[x] | 1 << x
    (h,) = step.houses
    assert not where & g.t.house_bits[h] & ~gone
    assert GEO9.house_names[h] in step.explanation and "Nishio" in step.explanation
    assert 7.5 <= step.rating < 8.5


def test_static_forcing_chain() -> None:
    g, step, solution = first_step_of("forcing_chain")
    check_sound(step, g, solution)
    (tc, td), = step.eliminations
    links = forcing.StaticLinks(g)
    branches = re.findall(r"\(\d\)r\dc\d(?:[=-]\(\d\)r\dc\d)+", step.explanation)
    assumptions = [nd for nd in step.candidates if nd != (tc, td)]
    assert len(branches) == len(assumptions) >= 2
    for text, start in zip(branches, assumptions, strict=True):
        nodes = [((int(r) - 1) * 9 + int(col) - 1, int(dd))
                 for dd, r, col in re.findall(r"\((\d)\)r(\d)c(\d)", text)]
        assert nodes[0] == start and nodes[-1] == (tc, td)
        for i in range(len(nodes) - 1):
            a, b = links.bit(nodes[i]), links.bit(nodes[i + 1])
            if i % 2 == 0:  # a true, so b false: a weak link
                assert links.weak_of(a) >> b & 1
            else:  # a false, so b true: a strong link
                assert links.strong[a] >> b & 1
    # the assumptions are every candidate of a cell, or every place of a digit in a house
    cells = {c for c, _ in assumptions}
    if len(cells) == 1:
        (c,) = cells
        assert {d for _, d in assumptions} == set(digits_of(g.cand[c]))
    else:
        (h,) = step.houses
        d = assumptions[0][1]
        assert set(cells) == set(cells_of(g.all_digit_cells()[d - 1] & g.t.house_bits[h]))
    assert 8.0 <= step.rating < 8.5


def test_dynamic_forcing_chain() -> None:
    g, step, solution = first_step_of("dynamic_forcing_chain")
    check_sound(step, g, solution)
    assert "dynamic" in step.explanation and step.rating >= 8.5
    assert names_in(step.explanation) >= set(step.cells)
    # the static finder had nothing to show for it: no cell or house through links alone
    assert forcing.forcing_chain(g) is None


def test_sue_de_coq() -> None:
    g, step, solution = first_step_of("sue_de_coq")
    check_sound(step, g, solution)
    box, line = step.houses
    *meet, lc, bc = step.cells
    t = g.t
    assert all(t.house_bits[box] >> c & 1 and t.house_bits[line] >> c & 1 for c in meet)
    assert t.house_bits[line] >> lc & 1 and not t.house_bits[box] >> lc & 1
    assert t.house_bits[box] >> bc & 1 and not t.house_bits[line] >> bc & 1
    v = als_union(g, meet)
    assert v.bit_count() == len(meet) + 2
    assert not g.cand[lc] & ~v and not g.cand[bc] & ~v and not g.cand[lc] & g.cand[bc]
    for c, d in step.eliminations:  # the line's digits off the line, the box's off the box
        assert c not in step.cells
        bit = 1 << (d - 1)
        if g.cand[lc] & bit:
            assert t.house_bits[line] >> c & 1
        elif g.cand[bc] & bit:
            assert t.house_bits[box] >> c & 1
    assert "Sue de Coq" in step.explanation and 5.6 <= step.rating <= 5.7


def test_empty_rectangle() -> None:
    g, step, solution = first_step_of("empty_rectangle")
    check_sound(step, g, solution)
    (target, d), = step.eliminations
    box, line, cross, pair_house = step.houses
    t = g.t
    where = g.all_digit_cells()[d - 1]
    inside = where & t.house_bits[box]
    # the box's places lie in its line and cross line, in both
    assert not inside & ~(t.house_bits[line] | t.house_bits[cross])
    assert inside & ~t.house_bits[line] and inside & ~t.house_bits[cross]
    pair = where & t.house_bits[pair_house]
    assert pair.bit_count() == 2 and not pair & t.house_bits[box]
    # the target sees the far end of the pair and every place of the box's cross line
    far = [c for c in cells_of(pair) if not t.house_bits[line] >> c & 1]
    assert len(far) == 1 and t.peer_bits[target] >> far[0] & 1
    assert not (inside & t.house_bits[cross] & ~t.peer_bits[target])
    assert "empty rectangle" in step.explanation and step.rating == 4.3


def test_grouped_x_chain() -> None:
    g, step, solution = first_step_of("grouped_x_chain")
    check_sound(step, g, solution)
    assert "[" in step.explanation  # a group: [r1c1|r1c2]
    assert "grouped X-Chain" in step.explanation and step.rating >= 4.3
