"""The human-style solver and grader for pentomino puzzles.

The work object is a box with some pieces in place and, for every missing piece, the
placements still possible (a bitset over placement ids).  Techniques, easiest first:

========  ================  ==============================================================
level     technique          what it sees
========  ================  ==============================================================
easy      five-cell region   an enclosed empty region of five cells is the piece of its shape
easy      only cover         an empty cell only one remaining placement can cover
easy      only placement     a missing piece with one legal placement left
medium    wrong-size region  placements that would wall off a region whose size is not a
                             multiple of 5 are impossible
hard      unfillable region  placements that would wall off a region the pieces left cannot
                             fill (a five-cell pocket of a used shape, a cell nothing covers)
expert    short trial        a placement that, with the easy rules, breaks within 3 steps
extreme   long trial         a placement that, with the easy rules, breaks at all
========  ================  ==============================================================

A puzzle the table cannot finish is graded "needs trial".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .. import words
from ..logic import Path, Technique, grade_of, solve_path
from ..types import Grade, Level, Step
from .board import Board, Geometry, cell_name, geometry
from .moves import place_piece
from .pieces import LETTERS, identify
from .state import PentominoState, placement_name

SHORT_TRIAL = 3
#: Trials look at the ways to cover this many of the most constrained cells.
TRIAL_CELLS = 8


@dataclass(frozen=True)
class Evidence:
    """What a screen highlights for a step, and what the step does.

    ``place`` is the placement id the step puts down (None for eliminations);
    ``eliminate`` the placement ids it rules out; ``cells`` the key cells (a cell only one
    placement covers, the cells of the piece); ``region`` an enclosed region's cells.
    """

    place: int | None = None
    eliminate: tuple[int, ...] = ()
    cells: tuple[int, ...] = ()
    region: tuple[int, ...] = ()


@dataclass(frozen=True, eq=False)
class Tables:
    cover: tuple[int, ...]  # board cell -> bitset of placements covering it
    piece: tuple[int, ...]  # piece -> bitset of its placements
    conflict: tuple[int, ...]  # placement -> bitset of placements it rules out (itself too)


@cache
def tables(board: Board) -> Tables:
    geo = geometry(board)
    cover = [0] * board.size
    piece = [0] * len(LETTERS)
    for pl in geo.placements:
        for x in pl.cells:
            cover[x] |= 1 << pl.id
        piece[pl.piece] |= 1 << pl.id
    conflict = []
    for pl in geo.placements:
        m = piece[pl.piece]
        for x in pl.cells:
            m |= cover[x]
        conflict.append(m)
    return Tables(tuple(cover), tuple(piece), tuple(conflict))


def _ids(bits: int) -> list[int]:
    out: list[int] = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


class Work:
    """A box being solved: pieces in place and the placements still possible."""

    def __init__(self, state: PentominoState) -> None:
        self.board = state.board
        self.geo: Geometry = state.geo
        self.t = tables(self.board)
        self.filled = state.filled
        self.used = state.used
        alive = 0
        for p in range(len(LETTERS)):
            if not self.used >> p & 1:
                alive |= self.t.piece[p]
        for x in self.geo.cells_of_mask(self.filled):
            alive &= ~self.t.cover[x]
        self.alive = alive
        self.placed: list[int] = []

    def copy(self) -> Work:
        w = Work.__new__(Work)
        w.board, w.geo, w.t = self.board, self.geo, self.t
        w.filled, w.used, w.alive, w.placed = self.filled, self.used, self.alive, list(self.placed)
        return w

    def place(self, pid: int) -> None:
        pl = self.geo.placements[pid]
        self.filled |= pl.mask
        self.used |= 1 << pl.piece
        self.alive &= ~self.t.conflict[pid]
        self.placed.append(pid)

    @property
    def free(self) -> int:
        return self.geo.full & ~self.filled

    def done(self) -> bool:
        return self.filled == self.geo.full


def apply_step(work: Work, step: Step) -> None:
    ev = step.evidence
    assert isinstance(ev, Evidence)
    if ev.place is not None:
        work.place(ev.place)
    for pid in ev.eliminate:
        work.alive &= ~(1 << pid)


# -- the easy rules ---------------------------------------------------------------------

def _cell_list(work: Work, mask: int) -> tuple[int, ...]:
    return tuple(work.geo.cells_of_mask(mask))


def _place_step(work: Work, tech: str, pid: int, explanation: str, nudge: str,
                cells: tuple[int, ...] = (), region: tuple[int, ...] = ()) -> Step:
    t = TECHNIQUE_BY_ID[tech]
    pl = work.geo.placements[pid]
    move = place_piece(pl, work.board).text()
    return Step(tech, t.name, t.level, t.rating, move, explanation, nudge,
                Evidence(place=pid, cells=cells or pl.cells, region=region))


def find_five_region(work: Work) -> Step | None:
    geo = work.geo
    for region in geo.regions(work.free):
        if region.bit_count() != 5:
            continue
        cells = _cell_list(work, region)
        found = identify([work.board.rc(x) for x in cells])
        if found is None or work.used >> LETTERS.index(found[0]) & 1:
            continue
        pid = geo.by_cells[region]
        where = cell_name(work.board, cells[0])
        return _place_step(
            work, "five-region", pid,
            f"The empty region at {where} is enclosed and has five cells in the shape of the "
            f"{found[0]}: only the {found[0]} can fill it.",
            f"Look at the enclosed five-cell pocket near {where}.", region=cells)
    return None


def find_only_cover(work: Work) -> Step | None:
    t, alive = work.t, work.alive
    for x in sorted(work.geo.cells_of_mask(work.free)):
        c = t.cover[x] & alive
        if c and not c & (c - 1):
            pid = c.bit_length() - 1
            pl = work.geo.placements[pid]
            where = cell_name(work.board, x)
            return _place_step(
                work, "only-cover", pid,
                f"Only one way is left to cover {where}: the {placement_name(pl, work.board)}.",
                f"Which piece can still reach {where}?", cells=(x,))
    return None


def find_only_placement(work: Work) -> Step | None:
    t, alive = work.t, work.alive
    for p, letter in enumerate(LETTERS):
        if work.used >> p & 1:
            continue
        c = t.piece[p] & alive
        if c and not c & (c - 1):
            pid = c.bit_length() - 1
            pl = work.geo.placements[pid]
            return _place_step(
                work, "only-placement", pid,
                f"The {letter} fits in one place only: {placement_name(pl, work.board)}.",
                f"Where can the {letter} still go?")
    return None


# -- region rules -----------------------------------------------------------------------

def _cut_regions(work: Work, pid: int) -> list[int]:
    """The regions next to a placement once it is down (the only ones it can change)."""
    geo = work.geo
    mask = geo.placements[pid].mask
    free = work.free & ~mask
    seeds = geo.neighbours(mask) & free
    out: list[int] = []
    while seeds:
        grown = seeds & -seeds
        while True:
            more = geo.neighbours(grown) & free
            if not more:
                break
            grown |= more
        out.append(grown)
        seeds &= ~grown
    return out


def _bad_size(work: Work, pid: int) -> int | None:
    for r in _cut_regions(work, pid):
        if r.bit_count() % 5:
            return r
    return None


def _unfillable(work: Work, pid: int) -> int | None:
    """A region the placement walls off that the pieces left cannot fill, else None."""
    geo, t = work.geo, work.t
    alive = work.alive & ~t.conflict[pid]
    used = work.used | 1 << geo.placements[pid].piece
    for r in _cut_regions(work, pid):
        n = r.bit_count()
        if n == 5:
            found = geo.by_cells.get(r)
            if found is None or used >> geo.placements[found].piece & 1:
                return r
        elif n <= 15:
            inside = [q for q in _ids(alive & _cover_any(work, r))
                      if not geo.placements[q].mask & ~r]
            covered = 0
            for q in inside:
                covered |= geo.placements[q].mask
            if covered != r:
                return r
    return None


def _cover_any(work: Work, region: int) -> int:
    out = 0
    for x in work.geo.cells_of_mask(region):
        out |= work.t.cover[x]
    return out


def _region_elimination(work: Work, tech: str, test: Callable[[Work, int], int | None],
                        why: str, nudge: str) -> Step | None:
    bad: list[int] = []
    example: tuple[int, int] | None = None
    for pid in _ids(work.alive):
        r = test(work, pid)
        if r is not None:
            bad.append(pid)
            if example is None:
                example = (pid, r)
    if example is None:
        return None
    t = TECHNIQUE_BY_ID[tech]
    pid, r = example
    pl = work.geo.placements[pid]
    region = _cell_list(work, r)
    more = f" ({len(bad)} placements in all are ruled out this way)" if len(bad) > 1 else ""
    size = words.count(len(region), "cell")
    text = (f"The {placement_name(pl, work.board)} would wall off the region at "
            f"{cell_name(work.board, region[0])} ({size}), {why}{more}.")
    return Step(tech, t.name, t.level, t.rating, "", text, nudge,
                Evidence(eliminate=tuple(bad), cells=pl.cells, region=region))


def find_wrong_size(work: Work) -> Step | None:
    return _region_elimination(work, "wrong-size", _bad_size,
                               "and its size is not a multiple of 5",
                               "Some placements would wall off a pocket of the wrong size.")


def find_unfillable(work: Work) -> Step | None:
    return _region_elimination(work, "unfillable", _unfillable,
                               "which the pieces left cannot fill",
                               "Some placements would wall off a pocket no piece left fits.")


# -- trial ------------------------------------------------------------------------------

def _propagate(work: Work, bound: int | None) -> tuple[str, int] | None:
    """Apply the easy rules; the reason of a contradiction found within ``bound`` steps and
    how many pieces they put down before it."""
    geo, t = work.geo, work.t
    steps = 0
    while not work.done():
        for r in geo.regions(work.free):
            if r.bit_count() % 5:
                x = geo.cells_of_mask(r)[0]
                return f"the region at {cell_name(work.board, x)} would have the wrong size", steps
        forced: int | None = None
        for p, letter in enumerate(LETTERS):
            if work.used >> p & 1:
                continue
            c = t.piece[p] & work.alive
            if not c:
                return f"the {letter} would have nowhere to go", steps
            if forced is None and not c & (c - 1):
                forced = c.bit_length() - 1
        for x in geo.cells_of_mask(work.free):
            c = t.cover[x] & work.alive
            if not c:
                return f"nothing could cover {cell_name(work.board, x)}", steps
            if forced is None and not c & (c - 1):
                forced = c.bit_length() - 1
        if forced is None or (bound is not None and steps >= bound):
            return None
        work.place(forced)
        steps += 1
    return None


def trial_rating(tech: str, followed: int) -> float:
    """A trial's rating: its technique's, and 0.1 more for each piece the easy rules put
    down before the placement broke (a long trial's at most 0.9 more)."""
    return round(TECHNIQUE_BY_ID[tech].rating + 0.1 * min(followed, 9), 1)


def trial_measure(grade: Grade) -> tuple[int, int]:
    """``(trials, pieces followed in the deepest)`` of a grade's path: the second measure
    of an expert puzzle (its counts say how many trials, its rating how deep)."""
    n = dict(grade.counts).get("short-trial", 0)
    if not n or grade.level != Level.EXPERT:
        return n, 0
    return n, round((grade.rating - TECHNIQUE_BY_ID["short-trial"].rating) * 10)


def _trial(work: Work, tech: str, bound: int | None) -> Step | None:
    geo, t = work.geo, work.t
    cells = sorted(geo.cells_of_mask(work.free),
                   key=lambda x: ((t.cover[x] & work.alive).bit_count(), x))
    for x in cells[:TRIAL_CELLS]:
        for pid in _ids(t.cover[x] & work.alive):
            trial = work.copy()
            trial.place(pid)
            broke = _propagate(trial, bound)
            if broke is None:
                continue
            reason, followed = broke
            tq = TECHNIQUE_BY_ID[tech]
            pl = geo.placements[pid]
            after = f" ({words.count(followed, 'piece')} put down)" if followed else ""
            return Step(tech, tq.name, tq.level, trial_rating(tech, followed), "",
                        f"Suppose the {placement_name(pl, work.board)}: following the easy "
                        f"rules{after}, {reason}. So the {pl.letter} does not go there.",
                        f"Try the ways to cover {cell_name(work.board, x)}.",
                        Evidence(eliminate=(pid,), cells=pl.cells))
    return None


def find_short_trial(work: Work) -> Step | None:
    return _trial(work, "short-trial", SHORT_TRIAL)


def find_long_trial(work: Work) -> Step | None:
    return _trial(work, "long-trial", None)


TECHNIQUES: tuple[Technique[Work], ...] = (
    Technique("five-region", "Five-cell region", Level.EASY, 1.0,
              "An enclosed five-cell region is the piece of its shape.", find_five_region),
    Technique("only-cover", "Only cover", Level.EASY, 1.2,
              "A cell only one placement can still cover.", find_only_cover),
    Technique("only-placement", "Only placement", Level.EASY, 1.5,
              "A piece with one legal placement left.", find_only_placement),
    Technique("wrong-size", "Wrong-size region", Level.MEDIUM, 2.0,
              "A placement walling off a region whose size is not a multiple of 5.",
              find_wrong_size),
    Technique("unfillable", "Unfillable region", Level.HARD, 3.0,
              "A placement walling off a region the pieces left cannot fill.",
              find_unfillable),
    Technique("short-trial", "Short trial", Level.EXPERT, 4.0,
              "A placement that breaks the easy rules within a few steps.", find_short_trial),
    Technique("long-trial", "Long trial", Level.EXTREME, 5.0,
              "A placement that breaks the easy rules eventually.", find_long_trial),
)
TECHNIQUE_BY_ID = {t.id: t for t in TECHNIQUES}
ORDER = tuple(t.id for t in TECHNIQUES)


def solve_human(state: PentominoState, max_level: Level = Level.TRIAL) -> Path:
    work = Work(state)
    return solve_path(TECHNIQUES, work, apply_step, Work.done, max_level)


def grade_state(state: PentominoState) -> Grade:
    return grade_of(solve_human(state), ORDER, ("needs trial", 6.0))


def first_placing_step(state: PentominoState) -> Step | None:
    """The first step that puts a piece down, with the eliminations before it folded in."""
    work = Work(state)
    before: list[Step] = []
    while not work.done():
        step = None
        for tech in TECHNIQUES:
            step = tech.find(work)
            if step is not None:
                break
        if step is None:
            return None
        if step.move:
            if not before:
                return step
            hardest = max([*before, step], key=lambda s: (s.level, s.rating))
            text = " ".join(s.explanation for s in before) + " Then: " + step.explanation
            return Step(step.technique, step.name, hardest.level, hardest.rating, step.move,
                        text, before[0].nudge, step.evidence)
        apply_step(work, step)
        before.append(step)
    return None
