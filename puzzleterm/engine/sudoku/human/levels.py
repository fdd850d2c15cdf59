"""Generating puzzles at a difficulty level.

Tatham's check: a puzzle is dealt at level L when the solver limited to techniques of level
L solves it and the solver limited to the level below does not.

Search.  Each attempt starts from a random minimal puzzle.  If it needs more than L,
solution digits are given back where the L-limited solver stalls, until it solves; the
clues given back are then taken out again one by one while it still solves, which pushes
the puzzle up towards L.  The attempt succeeds when the final grade is exactly L.

Pool.  On 9x9, "hard" puzzles (fish and big subsets, but no wings) are rare among minimal
puzzles, and "extreme" ones cost many attempts, so those levels are dealt from a pool
made by ``scripts/make_pool.py`` (the same search, run offline).  On 16x16, search finds
"hard" for about half the seeds within its attempts; the others are dealt from a pool.  A
pool puzzle is transformed by the rng (digit relabelling, row and column swaps within
bands and stacks, band and stack swaps, transposition: the moves that keep a Sudoku valid
and its 180-degree symmetry) and regraded, so seeds give varied puzzles.

Attempts are capped; when none succeeds (and no pool of the level deals it), the attempt
whose grade came closest is returned with its real grade.

Reachable levels (:func:`max_level`): 4x4 Sudoku is all singles; 6x6 Sudoku reaches medium
(its rare harder puzzles skip levels); 5x5 X-Sudoku reaches extreme, its diagonals giving
chains; Latin squares reach medium from 6x6; 16x16 reaches extreme (minimal 16x16
puzzles mostly need chains; shaping adds givens for the lower levels).
"Needs trial" is a grade, never a dealt level: requests for it are capped at extreme.
"""

from __future__ import annotations

from ...logic import deal_at_level
from ...rng import Rng
from ...types import Grade, Level
from .. import solver as bt
from ..generator import default_symmetric, generate_minimal, symmetric_groups
from ..geometry import Geometry, max_level
from .grid import Grid
from .pool import POOL
from .solve import grade_givens, grade_steps, run

#: Levels dealt from the pool first (search is the fallback): those search reaches slowly.
POOL_FIRST: frozenset[tuple[str, int, Level]] = frozenset({
    ("sudoku", 9, Level.HARD),
    ("sudoku", 9, Level.EXTREME),
    ("sudoku", 6, Level.MEDIUM),
    ("xsudoku", 5, Level.MEDIUM),
    ("latin", 6, Level.MEDIUM),
})


#: Levels that small boards reach better by removing clues under the level's solver
#: (Tatham's way) than by shaping minimal puzzles.
REDUCE_LEVELS = frozenset({Level.MEDIUM, Level.HARD})



def max_attempts(geo: Geometry) -> int:
    """Search attempts before giving up (small boards are cheap to try)."""
    return 300 if geo.ncells <= 49 else 60 if geo.n <= 9 else 6


def pool_key(geo: Geometry, level: Level) -> str:
    return f"{geo.variant}{geo.n}:{level.name.lower()}"


def _twin(geo: Geometry, cell: int, symmetric: bool) -> tuple[int, ...]:
    twin = geo.ncells - 1 - cell
    return (cell, twin) if symmetric and twin != cell else (cell,)


def shape(geo: Geometry, givens: tuple[int, ...], solution: tuple[int, ...], target: Level,
          rng: Rng, symmetric: bool) -> tuple[tuple[int, ...], Grade]:
    """Move a unique puzzle towards ``target``: add clues until the ``target``-limited
    solver copes, then remove the added ones that are not needed.  Returns the givens and
    their full grade."""
    values = list(givens)
    added: list[tuple[int, ...]] = []
    r = run(Grid.from_values(geo, givens, True), target)
    if r.solved:
        # the full solver takes the same first steps, and these solved it: its grade
        return givens, grade_steps(r.steps, True)
    while not r.solved:
        empty = [c for c in range(geo.ncells) if not r.grid.values[c]]
        group = _twin(geo, rng.choice(empty), symmetric)
        for c in group:
            values[c] = solution[c]
            if not r.grid.values[c]:
                r.grid.place(c, solution[c])
        added.append(group)
        r = run(r.grid, target)
    if added:
        rng.shuffle(added)
        for group in added:
            trial = values[:]
            for c in group:
                trial[c] = 0
            if run(Grid.from_values(geo, trial, True), target).solved:
                values = trial
    out = tuple(values)
    return out, grade_givens(geo, out, unique=True)[0]


def reduce_to_level(geo: Geometry, solution: tuple[int, ...], target: Level, rng: Rng,
                    symmetric: bool) -> tuple[tuple[int, ...], Grade]:
    """Tatham's way: from the full grid, remove clues (in random symmetric groups) while
    the ``target``-limited solver still solves the puzzle.  Below expert, solving by logic
    proves uniqueness; from expert on (uniqueness techniques) it is checked first."""
    values = list(solution)
    groups = symmetric_groups(geo, symmetric)
    rng.shuffle(groups)
    check = target >= Level.EXPERT
    for group in groups:
        trial = values[:]
        for c in group:
            trial[c] = 0
        if check and any(bt.has_other_solution(geo, trial, solution, c) for c in group):
            continue
        if run(Grid.from_values(geo, trial, True), target).solved:
            values = trial
    out = tuple(values)
    return out, grade_givens(geo, out, unique=True)[0]


# -- pool ----------------------------------------------------------------------------------------
def _axis_perm(geo: Geometry, rng: Rng, size: int) -> list[int]:
    """A permutation of rows (or columns) that keeps the bands and 180-degree symmetry:
    ``p[n-1-i] == n-1-p[i]``."""
    n = geo.n
    bands = n // size
    perm = list(range(n))
    inner = rng.shuffled(list(range(size)))
    mid_swap = rng.below(2) == 1
    band_swap = rng.below(2) == 1
    for b in range(bands // 2):
        for i in range(size):
            perm[b * size + i] = b * size + inner[i]
            perm[n - 1 - (b * size + i)] = n - 1 - (b * size + inner[i])
    if bands % 2:
        m0 = (bands // 2) * size
        if mid_swap and size >= 2:
            perm[m0], perm[m0 + size - 1] = perm[m0 + size - 1], perm[m0]
    if band_swap:
        outer = list(range(n))
        for b in range(bands // 2):
            for i in range(size):
                src = b * size + i
                dst = (bands - 1 - b) * size + i
                outer[src], outer[dst] = dst, src
        perm = [outer[p] for p in perm]
    return perm


def _mirror_perm(n: int, rng: Rng) -> list[int]:
    """A permutation with ``p[n-1-i] == n-1-p[i]`` (keeps both diagonals as sets)."""
    half = rng.shuffled(list(range(n // 2)))
    perm = list(range(n))
    for i, j in enumerate(half):
        if rng.below(2):
            j = n - 1 - j
        perm[i] = j
        perm[n - 1 - i] = n - 1 - j
    return perm


def transform(geo: Geometry, givens: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
    """A random variant of a puzzle that keeps it valid, unique and equally hard.

    Sudoku: row and column swaps within bands and stacks and swaps of bands and stacks
    (keeping 180-degree symmetry), transposition when boxes are square.  X-Sudoku: the same
    permutation of rows and columns, one that maps the diagonals onto themselves, and
    transposition.  Latin squares: any row and column permutations and transposition.
    Digits are always relabelled.
    """
    n = geo.n
    if geo.box_rows:
        rows = _axis_perm(geo, rng.fork("rows"), geo.box_rows)
        cols = _axis_perm(geo, rng.fork("cols"), geo.box_cols)
        flip = geo.box_rows == geo.box_cols and rng.below(2) == 1
    elif geo.diagonals:
        rows = _mirror_perm(n, rng.fork("rows"))
        cols = rows
        flip = rng.below(2) == 1
    else:
        rows = rng.fork("rows").shuffled(list(range(n)))
        cols = rng.fork("cols").shuffled(list(range(n)))
        flip = rng.below(2) == 1
    relabel = [0, *rng.shuffled(list(range(1, n + 1)))]
    out = [0] * geo.ncells
    for r in range(n):
        for c in range(n):
            v = givens[r * n + c]
            rr, cc = rows[r], cols[c]
            if flip:
                rr, cc = cc, rr
            out[rr * n + cc] = relabel[v]
    return tuple(out)


def from_pool(geo: Geometry, rng: Rng, level: Level,
              tries: int = 8) -> tuple[tuple[int, ...], Grade] | None:
    entries = POOL.get(pool_key(geo, level), ())
    if not entries:
        return None
    for i in range(tries):
        prng = rng.fork(f"pool{i}")
        text = prng.choice(entries)
        base = tuple(geo.digit_of(ch) for ch in text)
        givens = transform(geo, base, prng)
        grade = grade_givens(geo, givens, unique=True)[0]
        if grade.level == level:
            return givens, grade
    return None


def search_attempt(geo: Geometry, rng: Rng, target: Level,
                   symmetric: bool) -> tuple[tuple[int, ...], Grade]:
    """One try at a puzzle of level ``target`` (its grade may differ)."""
    if target in REDUCE_LEVELS and geo.ncells <= 49:
        solution = bt.random_solution(geo, rng.fork("grid"))
        return reduce_to_level(geo, solution, target, rng.fork("reduce"), symmetric)
    givens = generate_minimal(geo, rng, symmetric)
    sol = bt.solve_values(geo, givens)
    assert sol is not None
    return shape(geo, givens, sol, target, rng.fork("shape"), symmetric)


def generate_at_level(geo: Geometry, rng: Rng, level: Level) -> tuple[tuple[int, ...], Grade]:
    """Givens of a unique puzzle graded exactly ``level`` (capped at :func:`max_level`).

    Deterministic per ``rng``.  When the attempts run out, the attempt whose grade came
    closest is returned with its real grade.
    """
    target = min(level, max_level(geo))
    if (geo.variant, geo.n, target) in POOL_FIRST:
        pooled = from_pool(geo, rng.fork("pool"), target)
        if pooled is not None:
            return pooled
    symmetric = default_symmetric(geo)
    made = deal_at_level(lambda r: search_attempt(geo, r, target, symmetric), rng, target,
                         max_attempts(geo))
    if made[1].level != target and (geo.variant, geo.n, target) not in POOL_FIRST:
        # search missed the level for this seed: a pool of the level, when there is one,
        # deals it (seeds that search serves keep their puzzles)
        pooled = from_pool(geo, rng.fork("pool"), target)
        if pooled is not None:
            return pooled
    return made
