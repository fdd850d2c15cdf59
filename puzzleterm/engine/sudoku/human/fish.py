"""Fish (X-Wing, Swordfish, Jellyfish, finned) and the short single-digit patterns
(Skyscraper, 2-String Kite)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import cache, partial
from itertools import combinations
from typing import cast

from ... import words
from .catalog import Deduction, make_step
from .grid import Grid, cells_of, k_unions, memo

_FISH = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_FINNED = {2: "finned_x_wing", 3: "finned_swordfish"}
_FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

_MISSING = object()
BaseSet = tuple[tuple[int, ...], tuple[int, ...], list[int], tuple[int, ...], int]


def _positions(g: Grid, lines: tuple[int, ...], where: int) -> list[int]:
    """For each line (all the rows, or all the columns), the bitset (over positions along
    the line) of the cells in ``where``."""
    t = g.t
    n = g.n
    if lines is t.rows:  # row r holds cells r*n .. r*n + n-1, in order
        full = (1 << n) - 1
        return [where >> (r * n) & full for r in range(n)]
    # column c (the house t.cols[c]) holds cells c, c+n, c+2n ...: in the binary text of
    # ``where`` read from cell 0 on, every n-th character from c, read back as a number
    text = format(where, f"0{t.ncells}b")[::-1]
    return [int(text[c::n][::-1], 2) for c in range(n)]


def _both_positions(g: Grid, where: int) -> tuple[tuple[list[int], list[int]], ...]:
    """:func:`_positions` on the rows then the columns, with each line's count of places
    (remembered per digit's cells: the fish of every size read them)."""
    return memo(g.t, ("fish_positions", where), partial(_count_positions, g, where))


def _count_positions(g: Grid, where: int) -> tuple[tuple[list[int], list[int]], ...]:
    out = []
    for lines in (g.t.rows, g.t.cols):
        pos = _positions(g, lines, where)
        out.append((pos, [p.bit_count() for p in pos]))
    return tuple(out)


def _line_word(g: Grid, h: int) -> str:
    return "rows" if g.geo.house_types[h] == "row" else "columns"


def _line_list(g: Grid, hs: list[int]) -> str:
    nums = [g.geo.house_names[h].split()[-1] for h in hs]
    return f"{_line_word(g, hs[0])} {words.listing(nums)}"


#: A single-digit finder: ``(grid, size, digit, the digit's cells) -> step``.
DigitFinder = Callable[[Grid, int, int, int], Deduction | None]


def per_digit(g: Grid, name: str, k: int, fn: DigitFinder) -> Deduction | None:
    """The first step ``fn(g, k, digit, where)`` finds, digit by digit (``where``: the
    digit's cells).

    ``fn`` must depend on nothing but the geometry, ``k``, the digit and its cells: results
    are remembered per geometry (:func:`~.grid.memo`), so a digit whose cells did not change
    since the last search is not searched again.
    """
    t = g.t
    store = t.cache
    for d0, where in enumerate(g.all_digit_cells()):
        if where:
            key = (name, k, d0 + 1, where)
            step = store.get(key, _MISSING)  # the memo, read without building its call
            if step is _MISSING:
                step = memo(t, key, partial(fn, g, k, d0 + 1, where))
            if step is not None:
                return cast(Deduction, step)
    return None


def _lines_bits(g: Grid, lines: Iterable[int]) -> int:
    out = 0
    for h in lines:
        out |= g.t.house_bits[h]
    return out


def _base_sets(g: Grid, where: int, k: int, least: int, most: int, union_least: int,
               union_most: int) -> Iterator[BaseSet]:
    """Rows then columns as base lines: every ``k`` of them where the digit (cells
    ``where``) has ``least`` to ``most`` places, and ``union_least`` to ``union_most`` in
    all, with (base lines, cover lines, each base line's places, the ``k`` chosen, the
    union of their places)."""
    t = g.t
    for (base_lines, cover_lines), (pos, counts) in zip(((t.rows, t.cols), (t.cols, t.rows)),
                                                        _both_positions(g, where), strict=True):
        usable = [i for i, p in enumerate(counts) if least <= p <= most]
        if len(usable) < k:
            continue
        for combo, union in k_unions(usable, pos, k, union_least, union_most):
            yield base_lines, cover_lines, pos, combo, union


def _fish_digit(g: Grid, k: int, d: int, where: int) -> Deduction | None:
    for base_lines, cover_lines, _pos, combo, union in _base_sets(g, where, k, 2, k, k, k):
        bases = [base_lines[i] for i in combo]
        base_bits = _lines_bits(g, bases)
        covers = [cover_lines[j] for j in range(g.n) if union >> j & 1]
        hit = where & _lines_bits(g, covers) & ~base_bits
        if not hit:
            continue
        elims = [(c, d) for c in cells_of(hit)]
        fish_cells = cells_of(where & base_bits)
        name = _FISH_NAMES[k]
        return make_step(
            _FISH[k], eliminations=elims, cells=fish_cells, houses=bases + covers,
            candidates=[(c, d) for c in fish_cells],
            explanation=f"In {_line_list(g, bases)}, {g.sym(d)} can only go in "
                        f"{_line_list(g, covers)} ({words.a(name)}); whichever way it "
                        f"falls, those {_line_word(g, covers[0])} get their "
                        f"{g.sym(d)} there, so it is removed from "
                        f"{g.names(cells_of(hit))}",
            nudge=f"Look at where {g.sym(d)} can go in the "
                  f"{_line_word(g, bases[0])}: {words.a(name)}",
        )
    return None


@cache
def _fin_covers(union: int, k: int, width: int, n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The ways to pick ``k`` cover positions out of ``union`` (more than ``k`` of them)
    leaving the rest (the fins) inside one group of ``width`` positions, in the order of
    ``combinations(positions, k)``: (positions, their bitset)."""
    out: list[tuple[int, ...]] = []
    for start in range(0, n, width):
        grp = ((1 << width) - 1) << start
        optional = union & grp
        if not optional:
            continue
        must = cells_of(union & ~grp)
        if len(must) > k:
            continue
        # at least one of the group's places stays out (the fin): the union has more than k
        for extra in combinations(cells_of(optional), k - len(must)):
            out.append(tuple(sorted((*must, *extra))))
    out.sort()
    return tuple((idx, sum(1 << j for j in idx)) for idx in out)


@cache
def _fin_cover_table(k: int, width: int, n: int
                     ) -> dict[int, tuple[tuple[tuple[int, ...], int], ...]]:
    """:func:`_fin_covers` by union, filled as asked (a dictionary read is quicker than a
    call through the cache)."""
    return {}


def _finned_fish_digit(g: Grid, k: int, d: int, where: int) -> Deduction | None:
    t = g.t
    geo = g.geo
    n = g.n
    for (base_lines, cover_lines), (pos, counts) in zip(((t.rows, t.cols), (t.cols, t.rows)),
                                                        _both_positions(g, where), strict=True):
        # positions along a base line that fall in one box (a stack or a band), and how
        # many base lines a band (or a stack) holds
        rows = base_lines is t.rows
        width = geo.box_cols if rows else geo.box_rows
        lines_per = geo.box_rows if rows else geo.box_cols
        group = (1 << width) - 1
        usable = [i for i, p in enumerate(counts) if 1 <= p <= k + 2]
        if len(usable) < k:
            continue
        covers_of = _fin_cover_table(k, width, n)
        for combo, union in k_unions(usable, pos, k, k + 1, k + 3):
            options = covers_of.get(union)
            if options is None:
                options = covers_of[union] = _fin_covers(union, k, width, n)
            for cover_idx, cmask in options:
                # cheap tests on positions first (what the cells would show): each base
                # line has a place in the covers, the fins lie in one box, and a cover line
                # has the digit in that box outside the base lines
                fin_band = -1
                for i in combo:
                    p = pos[i]
                    if not p & cmask:
                        fin_band = -2
                        break
                    if p & ~cmask:
                        if fin_band == -1:
                            fin_band = i // lines_per
                        elif fin_band != i // lines_per:
                            fin_band = -2
                            break
                if fin_band < 0:
                    continue
                fin_pos = union & ~cmask
                start = ((fin_pos & -fin_pos).bit_length() - 1) // width * width
                zone = cmask & group << start
                first = fin_band * lines_per
                for line in range(first, first + lines_per):
                    if pos[line] & zone and line not in combo:
                        break
                else:
                    continue
                bases = [base_lines[i] for i in combo]
                base_cells = where & _lines_bits(g, bases)
                covers = [cover_lines[j] for j in cover_idx]
                cover_bits = _lines_bits(g, covers)
                fins = base_cells & ~cover_bits
                box = t.box_of[(fins & -fins).bit_length() - 1]
                if fins & ~t.house_bits[box]:
                    continue
                hit = where & cover_bits & ~base_cells & t.house_bits[box]
                if not hit:
                    continue
                fin_list = cells_of(fins)
                elims = [(c, d) for c in cells_of(hit)]
                body = cells_of(base_cells & cover_bits)
                name = _FISH_NAMES[k]
                bn = geo.house_names[box]
                return make_step(
                    _FINNED[k], eliminations=elims, cells=body + fin_list,
                    houses=[*bases, *covers, box],
                    candidates=[(c, d) for c in body + fin_list],
                    explanation=f"In {_line_list(g, bases)}, {g.sym(d)} can only go in "
                                f"{_line_list(g, covers)} or in the fin "
                                f"{g.names(fin_list)} in {bn} ({words.a('finned ' + name)}); "
                                f"either the {name} holds or {g.sym(d)} is in the fin, and "
                                f"both remove it from {g.names(cells_of(hit))}",
                    nudge=f"Look for a finned {name} on {g.sym(d)}",
                )
    return None


# -- two strong links of one digit ------------------------------------------------------------
def conjugate_pairs(g: Grid, where: int) -> tuple[tuple[int, int, int], ...]:
    """Houses where a digit (cells ``where``) has exactly two places: (house, a, b)."""
    return memo(g.t, ("conj", where), partial(_conjugate_pairs, g.t.house_bits, where))


def _conjugate_pairs(house_bits: tuple[int, ...], where: int
                     ) -> tuple[tuple[int, int, int], ...]:
    out = []
    for h, hb in enumerate(house_bits):
        inside = where & hb
        if inside.bit_count() == 2:
            low = inside & -inside
            out.append((h, low.bit_length() - 1, (inside ^ low).bit_length() - 1))
    return tuple(out)


def _two_links_digit(g: Grid, kite: int, d: int, where: int) -> Deduction | None:
    """A Skyscraper (``kite`` 0) or a 2-String Kite (``kite`` 1) on ``d``."""
    t = g.t
    types = g.geo.house_types
    # each row or column link: (house, a, b, is a row, its cells, the houses a pair of
    # links must share an end in: boxes for a kite, the crossing lines for a skyscraper)
    links = []
    for h, a, b in conjugate_pairs(g, where):
        kind = types[h]
        if kind == "row" or kind == "col":
            if kite:
                meet = 1 << t.box_of[a] | 1 << t.box_of[b]
            else:
                line = t.col_of if kind == "row" else t.row_of
                meet = 1 << line[a] | 1 << line[b]
            links.append((h, a, b, kind == "row", 1 << a | 1 << b, meet))
    for (h1, a1, a2, row1, cells1, meet1), (h2, b1, b2, row2, cells2, meet2) in combinations(
            links, 2):
        if (row1 == row2) == kite or cells1 & cells2 or not meet1 & meet2:
            continue  # a kite needs a row and a column, a skyscraper two alike; four cells
        for x1, x2 in ((a1, a2), (a2, a1)):
            for y1, y2 in ((b1, b2), (b2, b1)):
                if kite:
                    if t.box_of[x1] != t.box_of[y1]:
                        continue
                    if t.box_of[x2] == t.box_of[x1] or t.box_of[y2] == t.box_of[y1]:
                        continue
                    joint = t.box_of[x1]
                else:
                    line = t.col_of if types[h1] == "row" else t.row_of
                    if line[x1] != line[y1] or line[x2] == line[y2]:
                        continue
                    joint = line[x1]
                hit = where & t.peer_bits[x2] & t.peer_bits[y2]
                hit &= ~((1 << a1) | (1 << a2) | (1 << b1) | (1 << b2))
                if not hit:
                    continue
                elims = [(c, d) for c in cells_of(hit)]
                s = g.sym(d)
                n1, n2 = g.geo.house_names[h1], g.geo.house_names[h2]
                jn = g.geo.house_names[joint]
                tech = "two_string_kite" if kite else "skyscraper"
                label = "2-String Kite" if kite else "Skyscraper"
                return make_step(
                    tech, eliminations=elims, cells=[x2, x1, y1, y2],
                    houses=[h1, h2, joint],
                    candidates=[(c, d) for c in (x2, x1, y1, y2)],
                    explanation=f"{s} goes in {g.name(x1)} or {g.name(x2)} ({n1}), and in "
                                f"{g.name(y1)} or {g.name(y2)} ({n2}); {g.name(x1)} and "
                                f"{g.name(y1)} share {jn}, so they cannot both hold {s}: "
                                f"{g.name(x2)} or {g.name(y2)} does ({words.a(label)}). "
                                f"Cells seeing both lose {s}: {g.names(cells_of(hit))}",
                    nudge=f"Look for {words.a(label)} on {s}",
                )
    return None


def _digit_finder(tech: str, k: int, fn: DigitFinder, boxes: bool = False
                  ) -> Callable[[Grid], Deduction | None]:
    """The finder of ``tech``: ``fn(g, k, digit, cells)`` digit by digit (see
    :func:`per_digit`), on boards with rows and columns (and boxes, if ``boxes``)."""

    def finder(g: Grid) -> Deduction | None:
        t = g.t
        if not t.rows or not t.cols or (boxes and not t.boxes):
            return None
        return per_digit(g, tech, k, fn)

    finder.__name__ = finder.__qualname__ = tech
    return finder


x_wing = _digit_finder("x_wing", 2, _fish_digit)
swordfish = _digit_finder("swordfish", 3, _fish_digit)
jellyfish = _digit_finder("jellyfish", 4, _fish_digit)
finned_x_wing = _digit_finder("finned_x_wing", 2, _finned_fish_digit, boxes=True)
finned_swordfish = _digit_finder("finned_swordfish", 3, _finned_fish_digit, boxes=True)
skyscraper = _digit_finder("skyscraper", 0, _two_links_digit)
two_string_kite = _digit_finder("two_string_kite", 1, _two_links_digit, boxes=True)
