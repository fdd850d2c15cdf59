"""Dealing sums with exactly one filling: a random true sum, then digits hidden greedily,
each only while the sum keeps one solution; the share left showing and the level steer."""

from __future__ import annotations

from ..budget import spend
from ..logic import deal_at_level
from ..rng import Rng
from ..types import Grade, Level
from . import solver
from .divforms import write_steps
from .human import grade_state
from .model import ADD, DIV, ArithParams, ArithState, Pattern, make_state, read_line

GENERATOR_VERSION = "a1"
#: Levels the generator reaches: an addition with one filling always yields to column sums;
#: a multiplication always needs its last digits at least.
ADD_LEVELS = (Level.EASY,)
MUL_LEVELS = (Level.MEDIUM, Level.HARD, Level.EXPERT)
#: a division always needs its products at least (the divisor times a quotient digit)
DIV_LEVELS = (Level.MEDIUM, Level.HARD, Level.EXPERT)
#: share of the digits left showing, by level (fewer digits, harder reasoning)
KEEP = {Level.EASY: 0.4, Level.MEDIUM: 0.45, Level.HARD: 0.3, Level.EXPERT: 0.2}
DIV_KEEP = {Level.MEDIUM: 0.5, Level.HARD: 0.4, Level.EXPERT: 0.3}
DIV_TRIES = 16


#: tries at the level asked before the nearest is dealt: 6 left a third of the expert
#: multiplications a level short; a seed that hit within 6 tries deals the same puzzle
TRIES = 24


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


def generate_state(params: ArithParams, rng: Rng,
                   level: Level | None = None) -> tuple[ArithState, Grade]:
    keeps = DIV_KEEP if params.op == DIV else KEEP

    def attempt(r: Rng) -> tuple[ArithState, Grade]:
        keep = keeps.get(level, 0.4) if level is not None else 0.4
        state = hide(true_sum(params, r.fork("sum")), r.fork("hide"), keep)
        return state, grade_state(state, unique=True)  # hide keeps one solution

    if level is None:
        return attempt(rng.fork("any"))
    return deal_at_level(attempt, rng, level, DIV_TRIES if params.op == DIV else TRIES)
