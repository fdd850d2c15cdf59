"""Deductions of the human-style solver as the engine's steps, and the moves that apply them.

The solver (:mod:`.human`) reasons in placements and eliminations over a candidate grid;
a :class:`~puzzleterm.engine.types.Step` carries the move that plays a deduction on the
player's board (:mod:`.moves`), with the deduction itself as its evidence.
"""

from __future__ import annotations

from ..moves import Compound, join
from ..types import Step
from .geometry import Geometry
from .human.catalog import Deduction
from .moves import SudokuMove, place, set_marks, unmark
from .state import SudokuState

StepMove = SudokuMove | Compound[SudokuMove]


def as_step(geo: Geometry, d: Deduction, move: str) -> Step:
    """A deduction of the family's solver as the engine's generic step (it is the evidence)."""
    return Step(technique=d.technique, name=d.name, level=d.level, rating=d.rating, move=move,
                explanation=d.explanation, nudge=d.nudge, evidence=d)


def step_move(geo: Geometry, d: Deduction) -> StepMove | None:
    """A deduction as a move: placements (``r3c5=7``), then eliminations (``r3c5-7``).

    A mistake clears the wrong digits (``r3c5=0``); a pencil-mark mistake resets the marks
    of its cells to the candidates the digits allow (``r3c5~1379``).  None for a deduction
    with nothing to play.
    """
    moves: list[SudokuMove]
    if d.technique == "mistake":
        moves = [place(geo, c, 0) for c in d.cells]
    elif d.technique == "mark_mistake":
        moves = [set_marks(geo, c, tuple(dd for cc, dd in d.candidates if cc == c))
                 for c in d.cells]
    else:
        moves = [place(geo, c, v) for c, v in d.placements]
        moves += [unmark(geo, c, (v,)) for c, v in d.eliminations]
    return join(moves) if moves else None


def pencil_first(state: SudokuState, d: Deduction, move: StepMove) -> StepMove:
    """Make an elimination stick in cells without pencil marks.

    The solver reasons from candidates; removing a mark from a cell that has none would
    change nothing (and the same hint would come back).  Such cells first get their
    candidates less the eliminated digits as marks.
    """
    if not d.eliminations:
        return move
    geo = state.geo
    cand = state.candidates()
    dropped: dict[int, int] = {}
    for cell, digit in d.eliminations:
        dropped[cell] = dropped.get(cell, 0) | (1 << (digit - 1))
    fixes: list[SudokuMove] = []
    for cell in sorted(dropped):
        if state.values[cell] or state.marks[cell]:
            continue
        keep = cand[cell] & ~dropped[cell]
        fixes.append(set_marks(geo, cell, tuple(v for v in range(1, geo.n + 1)
                                                if keep & (1 << (v - 1)))))
    return join([*fixes, move]) if fixes else move
