"""Fish (X-Wing, Swordfish, Jellyfish, finned) and the short single-digit patterns
(Skyscraper, 2-String Kite)."""

from __future__ import annotations

from itertools import combinations

from ..types import Step
from .basic import describe_elims
from .catalog import make_step
from .grid import Grid, cells_of, join_names

_FISH = {2: "x_wing", 3: "swordfish", 4: "jellyfish"}
_FINNED = {2: "finned_x_wing", 3: "finned_swordfish"}


def _positions(g: Grid, lines: tuple[int, ...], where: int) -> list[int]:
    """For each line, the bitset (over positions along the line) of the cells in ``where``."""
    houses = g.t.houses
    out = []
    for h in lines:
        p = 0
        for i, c in enumerate(houses[h]):
            if where >> c & 1:
                p |= 1 << i
        out.append(p)
    return out


def _line_word(g: Grid, h: int) -> str:
    return "rows" if g.geo.house_types[h] == "row" else "columns"


def _line_list(g: Grid, hs: list[int]) -> str:
    nums = [g.geo.house_names[h].split()[-1] for h in hs]
    return f"{_line_word(g, hs[0])} {join_names(nums)}"


def _fish(g: Grid, k: int) -> Step | None:
    t = g.t
    if not t.rows or not t.cols:
        return None
    dcells = g.all_digit_cells()
    for d0, where in enumerate(dcells):
        d = d0 + 1
        for base_lines, cover_lines in ((t.rows, t.cols), (t.cols, t.rows)):
            pos = _positions(g, base_lines, where)
            usable = [i for i, p in enumerate(pos) if 2 <= p.bit_count() <= k]
            if len(usable) < k:
                continue
            for combo in combinations(usable, k):
                union = 0
                for i in combo:
                    union |= pos[i]
                if union.bit_count() != k:
                    continue
                base_bits = 0
                for i in combo:
                    base_bits |= t.house_bits[base_lines[i]]
                covers = [cover_lines[j] for j in range(g.n) if union >> j & 1]
                cover_bits = 0
                for h in covers:
                    cover_bits |= t.house_bits[h]
                hit = where & cover_bits & ~base_bits
                if not hit:
                    continue
                elims = [(c, d) for c in cells_of(hit)]
                bases = [base_lines[i] for i in combo]
                fish_cells = cells_of(where & base_bits)
                tech = _FISH[k]
                name = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}[k]
                return make_step(
                    tech, eliminations=elims, cells=fish_cells, houses=bases + covers,
                    candidates=[(c, d) for c in fish_cells],
                    explanation=f"In {_line_list(g, bases)}, {g.sym(d)} can only go in "
                                f"{_line_list(g, covers)} (a {name}); whichever way it "
                                f"falls, those {_line_word(g, covers[0])} get their "
                                f"{g.sym(d)} there, so it is removed from "
                                f"{describe_elims(g, elims)}",
                    nudge=f"Look at where {g.sym(d)} can go in the "
                          f"{_line_word(g, bases[0])}: a {name}",
                )
    return None


def x_wing(g: Grid) -> Step | None:
    return _fish(g, 2)


def swordfish(g: Grid) -> Step | None:
    return _fish(g, 3)


def jellyfish(g: Grid) -> Step | None:
    return _fish(g, 4)


def _finned_fish(g: Grid, k: int) -> Step | None:
    t = g.t
    if not t.rows or not t.cols or not t.boxes:
        return None
    geo = g.geo
    dcells = g.all_digit_cells()
    for d0, where in enumerate(dcells):
        d = d0 + 1
        for base_lines, cover_lines in ((t.rows, t.cols), (t.cols, t.rows)):
            # positions along a base line that fall in one box (a stack or a band)
            width = geo.box_cols if base_lines is t.rows else geo.box_rows
            groups = [((1 << width) - 1) << s for s in range(0, g.n, width)]
            pos = _positions(g, base_lines, where)
            usable = [i for i, p in enumerate(pos) if 0 < p.bit_count() <= k + 2]
            if len(usable) < k:
                continue
            for combo in combinations(usable, k):
                union = 0
                for i in combo:
                    union |= pos[i]
                size = union.bit_count()
                if size <= k or size > k + 3:
                    continue
                for cover_idx in combinations([j for j in range(g.n) if union >> j & 1], k):
                    cmask = 0
                    for j in cover_idx:
                        cmask |= 1 << j
                    fin_pos = union & ~cmask
                    if not any(fin_pos & ~grp == 0 for grp in groups):
                        continue
                    if any(not pos[i] & cmask for i in combo):
                        continue
                    base_bits = 0
                    for i in combo:
                        base_bits |= t.house_bits[base_lines[i]]
                    base_cells = where & base_bits
                    covers = [cover_lines[j] for j in cover_idx]
                    cover_bits = 0
                    for h in covers:
                        cover_bits |= t.house_bits[h]
                    fins = base_cells & ~cover_bits
                    first = (fins & -fins).bit_length() - 1
                    box = t.box_of[first]
                    if fins & ~t.house_bits[box]:
                        continue
                    hit = where & cover_bits & ~base_bits & t.house_bits[box]
                    if not hit:
                        continue
                    fin_list = cells_of(fins)
                    elims = [(c, d) for c in cells_of(hit)]
                    bases = [base_lines[i] for i in combo]
                    body = cells_of(base_cells & cover_bits)
                    name = {2: "X-Wing", 3: "Swordfish"}[k]
                    bn = geo.house_names[box]
                    return make_step(
                        _FINNED[k], eliminations=elims, cells=body + fin_list,
                        houses=[*bases, *covers, box],
                        candidates=[(c, d) for c in body + fin_list],
                        explanation=f"In {_line_list(g, bases)}, {g.sym(d)} can only go in "
                                    f"{_line_list(g, covers)} or in the fin "
                                    f"{g.names(fin_list)} in {bn} (a finned {name}); either "
                                    f"the {name} holds or {g.sym(d)} is in the fin, and both "
                                    f"remove it from {describe_elims(g, elims)}",
                        nudge=f"Look for a finned {name} on {g.sym(d)}",
                    )
    return None


def finned_x_wing(g: Grid) -> Step | None:
    return _finned_fish(g, 2)


def finned_swordfish(g: Grid) -> Step | None:
    return _finned_fish(g, 3)


# -- two strong links of one digit ------------------------------------------------------------
def conjugate_pairs(g: Grid, where: int) -> list[tuple[int, int, int]]:
    """Houses where a digit (cells ``where``) has exactly two places: (house, a, b)."""
    out = []
    for h, hb in enumerate(g.t.house_bits):
        inside = where & hb
        if inside.bit_count() == 2:
            a, b = cells_of(inside)
            out.append((h, a, b))
    return out


def _two_links(g: Grid, kite: bool) -> Step | None:
    t = g.t
    types = g.geo.house_types
    if not t.rows or (kite and not t.boxes):
        return None
    dcells = g.all_digit_cells()
    for d0, where in enumerate(dcells):
        d = d0 + 1
        links = [lk for lk in conjugate_pairs(g, where) if types[lk[0]] in ("row", "col")]
        for (h1, a1, a2), (h2, b1, b2) in combinations(links, 2):
            same_type = types[h1] == types[h2]
            if same_type == kite:
                continue
            if len({a1, a2, b1, b2}) < 4:
                continue
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
                                    f"{g.name(x2)} or {g.name(y2)} does (a {label}). "
                                    f"Cells seeing both lose {s}: {g.names(cells_of(hit))}",
                        nudge=f"Look for a {label} on {s}",
                    )
    return None


def skyscraper(g: Grid) -> Step | None:
    return _two_links(g, False)


def two_string_kite(g: Grid) -> Step | None:
    return _two_links(g, True)
