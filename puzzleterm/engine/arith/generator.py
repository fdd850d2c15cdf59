"""Dealing sums with exactly one filling: a random true sum, then digits hidden greedily,
each only while the sum keeps one solution; the share left showing and the level steer.

**Levels.** The dealer deals exactly the levels :func:`levels_of` lists, never another and
never a sum that needs trial: an addition is easy or hard (no rule of the medium or expert
level ever decides an addition's digit before the column and length rules do); a
multiplication or division medium, hard or expert.  A level not listed is refused
(:class:`~puzzleterm.engine.errors.ParamsError`).  An *expert* sum needs case splits, and
more than a hard one plus a glance: at least two, or one whose refutation follows two
forced digits (:func:`.human.split_measure`, shown in the grade: the case splits' count
and a rating that grows with their depth).

**Seeds.** Attempts are drawn from forks of the seed's Rng named ``level0``, ``level1`` ...
(``any``, ``any1`` ... for no level), the first that meets the rules is dealt: a seed whose
early attempt met them deals what it always did (the daily multiplication is a medium one).
A seed whose attempts all failed, or whose attempt broke a rule above (a sum that needs
trial, another level, an expert with one shallow case split), deals the next attempt that
meets them; ``tests/data/arith_deals.json`` records which.  When :data:`MAX_TRIES` attempts
fail, the level is refused for that seed.
"""

from __future__ import annotations

from ..budget import spend
from ..errors import ParamsError
from ..rng import Rng
from ..types import Grade, Level
from . import solver
from .divforms import write_steps
from .human import grade_state, split_measure
from .model import ADD, DIV, ArithParams, ArithState, Pattern, make_state, read_line

GENERATOR_VERSION = "a1"
#: Levels the generator deals: an addition with one filling yields to column sums, and when
#: they stall, to lengths; a multiplication always needs its last digits at least.
ADD_LEVELS = (Level.EASY, Level.HARD)
MUL_LEVELS = (Level.MEDIUM, Level.HARD, Level.EXPERT)
#: a division always needs its products at least (the divisor times a quotient digit)
DIV_LEVELS = (Level.MEDIUM, Level.HARD, Level.EXPERT)
#: share of the digits left showing, by level (fewer digits, harder reasoning)
KEEP = {Level.EASY: 0.4, Level.MEDIUM: 0.45, Level.HARD: 0.3, Level.EXPERT: 0.2}
DIV_KEEP = {Level.MEDIUM: 0.5, Level.HARD: 0.4, Level.EXPERT: 0.3}
#: an expert sum's case splits: at least this many, or one that follows this many forced
#: digits before it breaks
EXPERT_SPLITS = 2
EXPERT_DEPTH = 2
#: attempts before a level is refused for a seed (an attempt takes a few milliseconds; the
#: rarest, an expert 3x2 multiplication, meets the rules about one attempt in 15)
MAX_TRIES = 400


def levels_of(params: ArithParams) -> tuple[Level, ...]:
    return ADD_LEVELS if params.op == ADD else DIV_LEVELS if params.op == DIV else MUL_LEVELS


def _number(rng: Rng, length: int, nonzero: bool = False) -> int:
    digits = [1 + rng.below(9)]
    digits += [(1 + rng.below(9)) if nonzero else rng.below(10) for _ in range(length - 1)]
    return int("".join(map(str, digits)))


def _pattern(n: int) -> Pattern:
    return tuple(int(ch) for ch in str(n))


def true_division(params: ArithParams, rng: Rng) -> ArithState:
    """A random division of an ``a``-digit dividend by a ``b``-digit divisor, exact half
    of the time."""
    n, k = params.a, params.b
    while True:
        d = _number(rng, k)
        if k == 1 and d == 1:
            continue
        r = rng.below(d) if rng.below(2) else 0
        qlo = max(1, -(-(10 ** (n - 1) - r) // d))
        qhi = (10 ** n - 1 - r) // d
        if qlo <= qhi:
            break
    q = qlo + rng.below(qhi - qlo + 1)
    return read_line(write_steps(d * q + r, d))


def true_sum(params: ArithParams, rng: Rng) -> ArithState:
    if params.op == DIV:
        return true_division(params, rng)
    if params.op == ADD:
        addends = [_number(rng, params.b) for _ in range(params.a)]
        return make_state(ADD, [*map(_pattern, addends), _pattern(sum(addends))])
    a = _number(rng, params.a)
    b = _number(rng, params.b, nonzero=True)
    bdigits = [int(ch) for ch in reversed(str(b))]
    partials = [_pattern(a * d) for d in bdigits] if params.b > 1 else []
    return make_state(params.op, [_pattern(a), _pattern(b), *partials, _pattern(a * b)])


def hide(full: ArithState, rng: Rng, keep: float) -> ArithState:
    """Hide digits in a random order while one solution remains, down to ``keep``."""
    rows = [list(r) for r in full.givens]
    cells = rng.shuffled(full.cells())
    target = max(1, round(len(cells) * keep))
    shown = len(cells)
    for r, i in cells:
        if shown <= target:
            break
        spend()
        d = rows[r][i]
        rows[r][i] = None
        trial = full.with_givens(tuple(map(tuple, rows)))
        if solver.count(trial, 2) == 1:
            shown -= 1
        else:
            rows[r][i] = d
    return full.with_givens(tuple(map(tuple, rows)))


def meets(params: ArithParams, grade: Grade, level: Level | None) -> bool:
    """Whether a graded sum may be dealt for ``level`` (None: any level listed)."""
    if grade.level not in levels_of(params) or (level is not None and grade.level != level):
        return False
    if grade.level == Level.EXPERT:
        splits, depth = split_measure(grade)
        return splits >= EXPERT_SPLITS or depth >= EXPERT_DEPTH
    return True


def generate_state(params: ArithParams, rng: Rng,
                   level: Level | None = None) -> tuple[ArithState, Grade]:
    keeps = DIV_KEEP if params.op == DIV else KEEP
    levels = levels_of(params)
    if level is not None and level not in levels:
        raise ParamsError(f"{params} sums are dealt at {', '.join(lv.label for lv in levels)}"
                          f", not {level.label}")
    keep = keeps.get(level, 0.4) if level is not None else 0.4
    for i in range(MAX_TRIES):
        spend()  # the deal's budget, if it has one, is checked between tries
        r = (rng.fork("any" if i == 0 else f"any{i}") if level is None
             else rng.fork(f"level{i}"))
        state = hide(true_sum(params, r.fork("sum")), r.fork("hide"), keep)
        grade = grade_state(state, unique=True)  # hide keeps one solution
        if meets(params, grade, level):
            return state, grade
    raise ParamsError(f"no {params} sum at {level.label if level else 'any level'} came of "
                      f"this seed in {MAX_TRIES} attempts: try another seed")
