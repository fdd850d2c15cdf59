"""The technique table: ids, display names, levels and ratings.

Ratings follow the Sudoku Explainer scale (1.0 for a full house up to about 10 for the
hardest puzzles).  A technique's ``rating`` is its base; chains add to it with their length
(see :func:`length_bonus`), and ``rating_text`` is what the docs show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...types import Level


@dataclass(frozen=True)
class Deduction:
    """One step of the Sudoku-family solver, with what proves it.

    Cells are indices into the board (row-major), digits are 1-based values.  ``cells``,
    ``houses`` and ``candidates`` are what proves the step, for highlighting; the kind turns
    a deduction into a generic :class:`~puzzleterm.engine.types.Step` whose evidence it is.
    """

    technique: str
    name: str
    level: Level
    rating: float
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    houses: tuple[int, ...] = ()
    candidates: tuple[tuple[int, int], ...] = ()
    explanation: str = ""
    nudge: str = ""


@dataclass(frozen=True)
class Technique:
    id: str
    name: str
    level: Level
    rating: float
    rating_text: str
    summary: str


E, M, H, X, XX, T = Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME, Level.TRIAL

#: Every technique, in the order the solver tries them (by level, then rating).
TECHNIQUES: tuple[Technique, ...] = (
    Technique("full_house", "Full house", E, 1.0, "1.0",
              "the last empty cell of a house takes the missing digit"),
    Technique("hidden_single", "Hidden single", E, 1.2, "1.2 (box), 1.5 (line)",
              "a digit has one place left in a house"),
    Technique("naked_single", "Naked single", E, 2.3, "2.3",
              "a cell has one candidate left"),
    Technique("pointing", "Pointing", M, 2.6, "2.6",
              "a digit's places in a box lie in one line: remove it from the rest of the line"),
    Technique("claiming", "Claiming", M, 2.8, "2.8",
              "a digit's places in a line lie in one box: remove it from the rest of the box"),
    Technique("naked_pair", "Naked pair", M, 3.0, "3.0",
              "two cells of a house hold the same two candidates"),
    Technique("hidden_pair", "Hidden pair", M, 3.4, "3.4",
              "two digits have the same two places in a house"),
    Technique("x_wing", "X-Wing", H, 3.2, "3.2",
              "a digit's places in two lines lie in two cross lines"),
    Technique("naked_triple", "Naked triple", H, 3.6, "3.6",
              "three cells of a house hold three candidates between them"),
    Technique("swordfish", "Swordfish", H, 3.8, "3.8",
              "a digit's places in three lines lie in three cross lines"),
    Technique("hidden_triple", "Hidden triple", H, 4.0, "4.0",
              "three digits have the same three places in a house"),
    Technique("naked_quad", "Naked quad", H, 5.0, "5.0",
              "four cells of a house hold four candidates between them"),
    Technique("jellyfish", "Jellyfish", H, 5.2, "5.2",
              "a digit's places in four lines lie in four cross lines"),
    Technique("hidden_quad", "Hidden quad", H, 5.4, "5.4",
              "four digits have the same four places in a house"),
    Technique("skyscraper", "Skyscraper", X, 4.0, "4.0",
              "two conjugate pairs of a digit in parallel lines, joined at one end"),
    Technique("two_string_kite", "2-String Kite", X, 4.1, "4.1",
              "a conjugate pair in a row and one in a column, joined in a box"),
    Technique("xy_wing", "XY-Wing", X, 4.2, "4.2",
              "a bivalue pivot and two bivalue pincers"),
    Technique("w_wing", "W-Wing", X, 4.3, "4.3",
              "two equal bivalue cells joined by a conjugate pair"),
    Technique("xyz_wing", "XYZ-Wing", X, 4.4, "4.4",
              "a trivalue pivot and two bivalue pincers"),
    Technique("finned_x_wing", "Finned X-Wing", X, 4.5, "4.5",
              "an X-Wing with extra places (a fin) in one box"),
    Technique("unique_rectangle_1", "Unique rectangle type 1", X, 4.5, "4.5",
              "avoid a deadly pattern: three corners are the same bivalue pair"),
    Technique("unique_rectangle_2", "Unique rectangle type 2", X, 4.6, "4.6",
              "avoid a deadly pattern: the extra digit of two corners"),
    Technique("unique_rectangle_4", "Unique rectangle type 4", X, 4.6, "4.6",
              "avoid a deadly pattern: a conjugate pair on the roof"),
    Technique("finned_swordfish", "Finned Swordfish", X, 5.4, "5.4",
              "a Swordfish with a fin in one box"),
    Technique("bug_plus_1", "BUG+1", X, 5.6, "5.6",
              "all cells bivalue but one: avoid the deadly pattern"),
    Technique("empty_rectangle", "Empty Rectangle", XX, 4.3, "4.3",
              "a box's places of a digit in one row and one column, and a conjugate pair"),
    Technique("wxyz_wing", "WXYZ-Wing", XX, 5.5, "5.5-5.6",
              "a bivalue cell and three cells of a house holding four digits"),
    Technique("sue_de_coq", "Sue de Coq", XX, 5.6, "5.6-5.7",
              "where a box and a line meet, cells holding two digits more than cells, and a "
              "cell of each outside holding some of them"),
    Technique("x_chain", "X-Chain", XX, 5.8, "4.0-6.8, 6.6+",
              "a chain of strong and weak links of one digit"),
    Technique("grouped_x_chain", "Grouped X-Chain", XX, 5.9, "4.3-6.9, 6.6+",
              "an X-Chain through places of a digit grouped where a box and a line meet"),
    Technique("vwxyz_wing", "VWXYZ-Wing", XX, 6.2, "6.2-6.4",
              "a bivalue cell and four cells of a house holding five digits"),
    Technique("xy_chain", "XY-Chain", XX, 7.0, "7.0+",
              "a chain of bivalue cells"),
    Technique("als_xz", "ALS-XZ", XX, 7.0, "7.1+",
              "two almost locked sets that cannot both hold a digit they share"),
    Technique("aic", "Alternating inference chain", XX, 7.0, "7.0+",
              "a chain of strong and weak links over several digits"),
    Technique("nishio", "Nishio forcing chain", XX, 7.5, "7.5+",
              "a digit assumed in a cell, followed alone, leaves a house without it"),
    Technique("forcing_chain", "Forcing chain", XX, 8.0, "8.0+",
              "every candidate of a cell, or every place of a digit in a house, leads to "
              "the same result through cells with two candidates and digits with two places"),
    Technique("dynamic_forcing_chain", "Dynamic forcing chain", XX, 8.5, "8.5+",
              "the same, or a contradiction, following every single that appears"),
    Technique("trial", "Trial (bifurcation)", T, 9.5, "9.5+",
              "try a digit and search until it fails: guessing, not logic"),
)

BY_ID: dict[str, Technique] = {t.id: t for t in TECHNIQUES}

#: Chain lengths (links) past which a chain's rating rises by 0.1 each.
_LENGTH_STEPS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256)


def length_bonus(length: int) -> float:
    """Rating added for a chain of ``length`` links (grows with the log of the length)."""
    added = 0
    for limit in _LENGTH_STEPS:
        if length > limit:
            added += 1
    return added / 10


def make_step(
    tech_id: str,
    *,
    placements: Sequence[tuple[int, int]] = (),
    eliminations: Sequence[tuple[int, int]] = (),
    cells: Sequence[int] = (),
    houses: Sequence[int] = (),
    candidates: Sequence[tuple[int, int]] = (),
    explanation: str,
    nudge: str,
    rating: float | None = None,
) -> Deduction:
    tech = BY_ID[tech_id]
    return Deduction(
        technique=tech.id,
        name=tech.name,
        level=tech.level,
        rating=round(tech.rating if rating is None else rating, 1),
        placements=tuple(placements),
        eliminations=tuple(sorted(set(eliminations))),
        cells=tuple(cells),
        houses=tuple(houses),
        candidates=tuple(candidates),
        explanation=explanation,
        nudge=nudge,
    )


def techniques_markdown() -> str:
    """The technique table of ``docs/techniques.md``."""
    lines = [
        "| # | technique | id | level | rating | what it spots |",
        "|---|---|---|---|---|---|",
    ]
    for i, t in enumerate(TECHNIQUES, 1):
        lines.append(f"| {i} | {t.name} | `{t.id}` | {t.level.label} | {t.rating_text} | "
                     f"{t.summary} |")
    return "\n".join(lines) + "\n"
