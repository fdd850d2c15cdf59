"""The solve loop: apply the first step found, restart from the easiest technique.

The grade of a puzzle is the hardest step (by level, then rating) on this path: since the
loop always prefers easier techniques, the path is the simplest one the registry allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...types import Grade, Level
from .. import solver as bt
from ..geometry import Geometry
from ..state import SudokuState
from . import als, basic, chains, fish, forcing, grouped, wings
from .catalog import BY_ID, TECHNIQUES, Deduction
from .grid import Grid

Finder = Callable[[Grid], Deduction | None]

_FINDERS: dict[str, Finder] = {
    "full_house": basic.full_house,
    "hidden_single": basic.hidden_single,
    "naked_single": basic.naked_single,
    "pointing": basic.pointing,
    "claiming": basic.claiming,
    "naked_pair": basic.naked_pair,
    "hidden_pair": basic.hidden_pair,
    "x_wing": fish.x_wing,
    "naked_triple": basic.naked_triple,
    "swordfish": fish.swordfish,
    "hidden_triple": basic.hidden_triple,
    "naked_quad": basic.naked_quad,
    "jellyfish": fish.jellyfish,
    "hidden_quad": basic.hidden_quad,
    "skyscraper": fish.skyscraper,
    "two_string_kite": fish.two_string_kite,
    "xy_wing": wings.xy_wing,
    "w_wing": wings.w_wing,
    "xyz_wing": wings.xyz_wing,
    "finned_x_wing": fish.finned_x_wing,
    "unique_rectangle_1": wings.unique_rectangle_1,
    "unique_rectangle_2": wings.unique_rectangle_2,
    "unique_rectangle_4": wings.unique_rectangle_4,
    "finned_swordfish": fish.finned_swordfish,
    "bug_plus_1": wings.bug_plus_1,
    "empty_rectangle": grouped.empty_rectangle,
    "wxyz_wing": als.wxyz_wing,
    "sue_de_coq": als.sue_de_coq,
    "x_chain": chains.x_chain,
    "grouped_x_chain": grouped.grouped_x_chain,
    "vwxyz_wing": als.vwxyz_wing,
    "xy_chain": chains.xy_chain,
    "als_xz": als.als_xz,
    "aic": chains.aic,
    "nishio": forcing.nishio,
    "forcing_chain": forcing.forcing_chain,
    "dynamic_forcing_chain": forcing.dynamic_forcing_chain,
    "trial": chains.trial,
}

#: The registry, in the order the loop tries it.
REGISTRY: tuple[tuple[str, Level, Finder], ...] = tuple(
    (t.id, t.level, _FINDERS[t.id]) for t in TECHNIQUES
)


def find_step(g: Grid, max_level: Level = Level.TRIAL) -> Deduction | None:
    """The first step of the registry that applies (None when stuck or solved)."""
    for _tid, level, finder in REGISTRY:
        if level > max_level:
            break
        step = finder(g)
        if step is not None:
            return step
    return None


def apply_step(g: Grid, step: Deduction) -> None:
    for cell, d in step.eliminations:
        g.eliminate(cell, d)
    for cell, d in step.placements:
        g.place(cell, d)


@dataclass
class Run:
    steps: list[Deduction]
    solved: bool
    grid: Grid


def run(g: Grid, max_level: Level = Level.TRIAL, max_steps: int = 100_000) -> Run:
    """Solve ``g`` in place with techniques up to ``max_level``."""
    steps: list[Deduction] = []
    while len(steps) < max_steps:
        if all(g.values):
            return Run(steps, True, g)
        step = find_step(g, max_level)
        if step is None:
            break
        apply_step(g, step)
        steps.append(step)
    return Run(steps, all(g.values), g)


def grade_steps(steps: list[Deduction], solved: bool) -> Grade:
    counts: dict[str, int] = {}
    for s in steps:
        counts[s.technique] = counts.get(s.technique, 0) + 1
    ordered = tuple((t.id, counts[t.id]) for t in TECHNIQUES if t.id in counts)
    names = tuple((t.id, t.name) for t in TECHNIQUES if t.id in counts)
    if not solved:
        # logic and trial both stalled: the puzzle has several solutions (or none)
        trial = BY_ID["trial"]
        rating = max([trial.rating, *(s.rating for s in steps)])
        return Grade(Level.TRIAL, rating, trial.name, ordered, len(steps), False, names)
    if not steps:
        return Grade(Level.EASY, 0.0, "", (), 0, True)
    hardest = max(steps, key=lambda s: (s.level, s.rating))
    rating = max(s.rating for s in steps)
    return Grade(hardest.level, rating, hardest.name, ordered, len(steps), True, names)


def unique_check(geo: Geometry, givens: tuple[int, ...]) -> Callable[[], bool]:
    return lambda: bt.count_values(geo, givens, 2) == 1


def grade_givens(geo: Geometry, givens: tuple[int, ...], max_level: Level = Level.TRIAL,
                 unique: bool | None = None) -> tuple[Grade, Run]:
    g = Grid.from_values(geo, givens, unique if unique is not None else unique_check(geo, givens))
    r = run(g, max_level)
    return grade_steps(r.steps, r.solved), r


def grade_state(state: SudokuState) -> Grade:
    """Grade a puzzle from its givens (the player's digits are ignored)."""
    return grade_givens(state.geo, state.givens)[0]


def solve_steps(state: SudokuState) -> list[Deduction]:
    """The steps, in order, that solve the puzzle from its givens."""
    return grade_givens(state.geo, state.givens)[1].steps


def find_mistakes(state: SudokuState) -> tuple[int, ...]:
    """Filled non-given cells whose digit differs from the solution."""
    sol = state.solution
    if sol is None:
        return ()
    return tuple(c for c, v in enumerate(state.values)
                 if v and not state.givens[c] and v != sol[c])


def _mistake_step(state: SudokuState, wrong: tuple[int, ...]) -> Deduction:
    geo = state.geo
    text = "; ".join(f"{geo.cell_name(c)} should not be {geo.text_symbol(state.values[c])}"
                     for c in wrong)
    return Deduction(technique="mistake", name="Mistake", level=Level.EASY, rating=0.0,
                cells=wrong, explanation=text, nudge="Something you placed is wrong")


def next_step(state: SudokuState, use_marks: bool = False) -> Deduction | None:
    """The next human step from the position (None when it is solved or nothing applies).

    Placed digits count as placed.  With ``use_marks``, an empty cell that has pencil marks
    starts from them (intersected with the candidates the digits allow).  A placed digit
    that contradicts the solution is reported as a ``mistake`` step, and marks that rule
    out a cell's digit as a ``mark_mistake`` step, instead of reasoning from them.
    """
    geo = state.geo
    if all(state.values):
        return None
    wrong = find_mistakes(state)
    if wrong:
        return _mistake_step(state, wrong)
    cand = list(state.candidates())
    if use_marks:
        sol = state.solution
        bad: list[int] = []
        for c, mk in enumerate(state.marks):
            if mk and not state.values[c]:
                cand[c] &= mk
                if sol is not None and not cand[c] >> (sol[c] - 1) & 1:
                    bad.append(c)
        if bad:
            full = state.candidates()
            names = ", ".join(geo.cell_name(c) for c in bad)
            return Deduction(
                technique="mark_mistake", name="Mistake in pencil marks", level=Level.EASY,
                rating=0.0, cells=tuple(bad),
                candidates=tuple((c, d) for c in bad for d in range(1, geo.n + 1)
                                 if full[c] >> (d - 1) & 1),
                explanation=f"The pencil marks of {names} rule out the digit that belongs "
                            "there",
                nudge="One of your pencil marks is wrong",
            )
    g = Grid(geo, state.values, cand, unique_check(geo, state.givens))
    return find_step(g)

