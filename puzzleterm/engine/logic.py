"""The generic human-style solving loop, grading and level-targeted dealing.

Every kind's human solver is an ordered table of :class:`Technique` finders over a work
object of its own (a candidate grid, a box with pieces, a sum with unknown digits).  The loop
applies the first step found and restarts from the easiest technique, so the path is the
simplest the table allows; the grade is the hardest step on it (level, then rating).

Dealing at a level follows Tatham's check: an attempt is accepted when it needs the target
level (and so not the one below); attempts are capped, and the closest one is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .budget import spend
from .rng import Rng
from .types import Grade, Level, Step

W = TypeVar("W")
D = TypeVar("D")


@dataclass(frozen=True)
class Technique(Generic[W]):
    """One entry of a kind's technique table."""

    id: str
    name: str
    level: Level
    rating: float
    summary: str
    find: Callable[[W], Step | None]


@dataclass
class Path:
    """The steps the loop took, and whether they solved the puzzle."""

    steps: list[Step]
    solved: bool


def find_first(techniques: Sequence[Technique[W]], work: W,
               max_level: Level = Level.TRIAL) -> Step | None:
    """The first step of the table that applies (None when stuck)."""
    for tech in techniques:
        if tech.level > max_level:
            break
        step = tech.find(work)
        if step is not None:
            return step
    return None


def solve_path(techniques: Sequence[Technique[W]], work: W,
               apply: Callable[[W, Step], None], done: Callable[[W], bool],
               max_level: Level = Level.TRIAL, max_steps: int = 100_000) -> Path:
    """Solve ``work`` in place: apply the first step found, restart from the easiest."""
    steps: list[Step] = []
    while len(steps) < max_steps:
        if done(work):
            return Path(steps, True)
        step = find_first(techniques, work, max_level)
        if step is None:
            break
        apply(work, step)
        steps.append(step)
    return Path(steps, done(work))


def grade_of(path: Path, order: Sequence[str] = (), stalled: tuple[str, float] | None = None,
             ) -> Grade:
    """The grade of a path: its hardest step (level, then rating) and the top rating.

    ``order`` lists technique ids in table order, for the counts; ``stalled`` is the name and
    rating to report when logic stalled (the puzzle has several solutions or none).
    """
    counts: dict[str, int] = {}
    for s in path.steps:
        counts[s.technique] = counts.get(s.technique, 0) + 1
    known = [t for t in order if t in counts]
    known += sorted(t for t in counts if t not in order)
    ordered = tuple((t, counts[t]) for t in known)
    names = tuple(sorted({(s.technique, s.name) for s in path.steps}))
    if not path.solved:
        name, base = stalled if stalled is not None else ("stalled", 0.0)
        rating = max([base, *(s.rating for s in path.steps)])
        return Grade(Level.TRIAL, rating, name, ordered, len(path.steps), False, names)
    if not path.steps:
        return Grade(Level.EASY, 0.0, "", (), 0, True)
    hardest = max(path.steps, key=lambda s: (s.level, s.rating))
    rating = max(s.rating for s in path.steps)
    return Grade(hardest.level, rating, hardest.name, ordered, len(path.steps), True, names)


def deal_at_level(attempt: Callable[[Rng], tuple[D, Grade]], rng: Rng, target: Level,
                  tries: int) -> tuple[D, Grade]:
    """Call ``attempt`` with forked rngs until one grades exactly ``target``.

    Deterministic per ``rng``.  When the tries run out, the attempt whose level came closest
    (the first such) is returned with its real grade.
    """
    best: tuple[D, Grade] | None = None
    for i in range(max(1, tries)):
        spend()  # the deal's budget, if it has one, is checked between tries
        made, grade = attempt(rng.fork(f"level{i}"))
        if grade.level == target:
            return made, grade
        if best is None or abs(grade.level - target) < abs(best[1].level - target):
            best = (made, grade)
    assert best is not None
    return best
