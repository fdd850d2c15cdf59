"""Human-style solving of a sum: each step fills one hidden digit, explained.

Every technique asks the same question of each empty cell, "which digits could go here?",
with a stronger test at each level; a cell where exactly one digit passes is filled:

1. **column** (easy): the columns of the addition (the sum's addends, or a multiplication's
   partial rows and product) are checked from the units up while the carry is known, and no
   number starts with 0;
2. **last digits** (medium): the last digits of a product come from the last digits of its
   factors: a partial row is the multiplicand times one multiplier digit, the product the
   multiplicand times the multiplier;
3. **lengths** (hard): how many digits each row has bounds the numbers ("a 3-digit number
   times 7 with a 3-digit result is at most 142");
4. **case split** (expert): each digit that passes is tried in turn; all but one lead to a
   cell where no digit passes within a few steps;
5. **trial** (needs trial): no rule finds the next digit; the solution is looked up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

from .. import words
from ..logic import Technique, find_first, grade_of, solve_path
from ..types import Grade, Level, Step
from . import divcheck, solver
from .model import ADD, DIV, ArithState, Pattern, cell_name, row_bounds
from .moves import set_digit

Vals = list[list[int | None]]
Check = Callable[[ArithState, Vals], bool]


@dataclass(frozen=True)
class Evidence:
    """What the screen highlights: the filled cell and the rows the reasoning used."""

    cell: tuple[int, int]
    rows: tuple[int, ...] = ()


@lru_cache(maxsize=1 << 16)
def _row_interval(row: tuple[int | None, ...]) -> tuple[int, int]:
    return row_bounds(row)


def _interval(row: list[int | None] | Pattern) -> tuple[int, int]:
    """:func:`row_bounds`, remembered (the grader asks it of the same rows again and again)."""
    return _row_interval(tuple(row))


def _domain(row: Pattern, index: int) -> range:
    return range(1, 10) if index == 0 and len(row) > 1 else range(10)


# -- the tests, from weakest to strongest ------------------------------------------------------
def _sum_rows(state: ArithState) -> list[tuple[int, int]] | None:
    """(row, shift) of the terms of the state's addition, the total last; None if none."""
    return _rows_of_shape(state.op, len(state.givens))


@cache
def _rows_of_shape(op: str, n: int) -> list[tuple[int, int]] | None:
    if op == ADD:
        return [(r, 0) for r in range(n)]
    if n - 3 == 0:  # a multiplication by one digit has no partial rows
        return None
    return [(r, r - 2) for r in range(2, n - 1)] + [(n - 1, 0)]


def columns_ok(state: ArithState, vals: Vals) -> bool:
    rows = _sum_rows(state)
    if rows is None:
        return True
    *terms, (tr, _) = rows
    total = vals[tr]
    carry = 0
    width = len(total)
    for j in range(width):
        s = carry
        for r, shift in terms:
            k = j - shift
            row = vals[r]
            if 0 <= k < len(row):
                d = row[len(row) - 1 - k]
                if d is None:
                    return True
                s += d
        t = total[width - 1 - j]
        if t is None:
            return True
        if s % 10 != t:
            return False
        carry = s // 10
    return carry == 0 and all(j - sh < 0 or j - sh >= len(vals[r]) for r, sh in terms
                              for j in [width])


def _low(row: list[int | None]) -> tuple[int, int]:
    """(value, count) of the known digits of a row from its units up, until the first gap."""
    v, k = 0, 0
    for d in reversed(row):
        if d is None:
            break
        v += d * 10 ** k
        k += 1
    return v, k


def _low_ok(row: list[int | None], n: int, k: int) -> bool:
    length = len(row)
    for j in range(min(k, length)):
        g = row[length - 1 - j]
        if g is not None and g != n // 10 ** j % 10:
            return False
    return not (k >= len(str(n)) and len(str(n)) > length)


def products_ok(state: ArithState, vals: Vals) -> bool:
    return columns_ok(state, vals) and _products_part(state, vals)


def _products_part(state: ArithState, vals: Vals) -> bool:
    """:func:`products_ok` where :func:`columns_ok` holds."""
    if state.op == ADD:
        return True
    a, b, *partials, product = vals
    a_low, ka = _low(a)
    full_a = ka == len(a)
    for i, p in enumerate(partials):
        bd = b[len(b) - 1 - i]
        if bd is None:
            continue
        if not _low_ok(p, a_low * bd, ka):
            return False
        if full_a and None not in p and int("".join(map(str, p))) != a_low * bd:
            return False
    b_low, kb = _low(b)
    if kb == len(b):
        if not _low_ok(product, a_low * b_low, ka):
            return False
        if full_a and None not in product and int("".join(map(str, product))) != a_low * b_low:
            return False
    return True



def bounds_ok(state: ArithState, vals: Vals) -> bool:
    return products_ok(state, vals) and _bounds_part(state, vals)


def _bounds_part(state: ArithState, vals: Vals) -> bool:
    """:func:`bounds_ok` where :func:`products_ok` holds."""
    if state.op == ADD:
        *addends, total = (_interval(r) for r in vals)
        lo, hi = total
        return sum(a[0] for a in addends) <= hi and sum(a[1] for a in addends) >= lo
    a, b, *partials, product = vals
    alo, ahi = _interval(a)
    for i, p in enumerate(partials):
        plo, phi = _interval(p)
        bd = b[len(b) - 1 - i]
        digits = range(10) if bd is None else (bd,)
        if not any(alo * d <= phi and ahi * d >= plo for d in digits):
            return False
    blo, bhi = _interval(b)
    plo, phi = _interval(product)
    return alo * blo <= phi and ahi * bhi >= plo


# -- steps -------------------------------------------------------------------------------------
class Work:
    """The solver's position: the state's digits, and the solution for the trial step."""

    def __init__(self, state: ArithState, solution: ArithState | None = None) -> None:
        self.state = state
        self.vals: Vals = [list(r) for r in state.values]
        self.solution = solution
        #: division only: the digits each cell passed each test with last time (the tests
        #: are monotone: a digit that failed never passes once more digits are filled)
        self.cands: dict[tuple[Check, tuple[int, int]], list[int]] = {}
        #: addition and multiplication: the digits each cell passes each test with, for
        #: the digits in ``memo_of`` (the tests are asked again and again of one position)
        self.memo: dict[tuple[Check, tuple[int, int]], list[int]] = {}
        self.memo_of: tuple[tuple[int | None, ...], ...] = ()
        self.memo_gaps: tuple[dict[tuple[int, int], int], list[int]] | None = None
        #: division: each digit's verdict by each test's strength, for ``memo_of``
        self.verdicts: dict[tuple[int, tuple[int, int]], dict[int, bool]] = {}

    def empty(self) -> list[tuple[int, int]]:
        return [(r, i) for r, row in enumerate(self.vals) for i, d in enumerate(row)
                if d is None]

    def done(self) -> bool:
        return not self.empty()


def passing(state: ArithState, vals: Vals, cell: tuple[int, int], check: Check,
            digits: list[int] | range | None = None) -> list[int]:
    r, i = cell
    out = []
    for v in _domain(state.givens[r], i) if digits is None else digits:
        vals[r][i] = v
        if check(state, vals):
            out.append(v)
    vals[r][i] = None
    return out


#: each test of addition and multiplication is the one before it and one more part: the
#: digits passing a test are those passing the one before that pass the part
_LAYERS: dict[Check, tuple[Check | None, Check]] = {
    columns_ok: (None, columns_ok),
    products_ok: (columns_ok, _products_part),
    bounds_ok: (products_ok, _bounds_part),
}


def _layered(work: Work, cell: tuple[int, int], check: Check) -> list[int]:
    """:func:`passing` for the position in ``work`` (addition and multiplication), each
    answer kept until a digit changes and each test asked only of the digits passing the
    weaker ones."""
    _fresh(work)
    return _layer(work, cell, check)


def _fresh(work: Work) -> None:
    """Forget the answers kept for another position."""
    now = tuple(map(tuple, work.vals))
    if now != work.memo_of:
        work.memo = {}
        work.verdicts = {}
        work.memo_of = now
        work.memo_gaps = None


_DIV_STRENGTH: dict[Check, int] = {divcheck.copies_ok: 1, divcheck.subtractions_ok: 2,
                                   divcheck.products_ok: 3, divcheck.bounds_ok: 4}


def _div_passing(work: Work, cell: tuple[int, int], check: Check) -> list[int]:
    """:func:`passing` for a division, trying only the digits that passed last time (as
    always); each digit's verdict is kept while the position stands, and a test asks only
    its own part of a digit the weaker test has passed (and none of one it failed)."""
    _fresh(work)
    state, vals = work.state, work.vals
    strength = _DIV_STRENGTH[check]
    mine = work.verdicts.setdefault((strength, cell), {})
    weaker = work.verdicts.get((strength - 1, cell), {})
    digits = work.cands.get((check, cell))
    r, i = cell
    found = []
    if strength == 1 and not mine and not divcheck.copies_read(state, cell):
        blind = work.verdicts.get((0, (-1, -1)))  # the copies test with every cell as is
        if blind is None:
            blind = work.verdicts[(0, (-1, -1))] = {0: check(state, vals)}
        mine.update((v, blind[0]) for v in _domain(state.givens[r], i))
    for v in _domain(state.givens[r], i) if digits is None else digits:
        ok = mine.get(v)
        if ok is None:
            vals[r][i] = v
            below = weaker.get(v)
            if below is None:
                ok = check(state, vals)
            else:
                ok = below and divcheck.part_ok(state, vals, strength)
            vals[r][i] = None
            mine[v] = ok
        if ok:
            found.append(v)
    work.cands[(check, cell)] = found
    return found


@cache
def _cell_columns(op: str, lengths: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """The column (from the units) at which :func:`columns_ok` reads each cell it reads."""
    rows = _rows_of_shape(op, len(lengths))
    if rows is None:
        return {}
    *terms, (tr, _) = rows
    width = lengths[tr]
    out = {(tr, i): width - 1 - i for i in range(width)}
    for r, shift in terms:
        for i in range(lengths[r]):
            j = lengths[r] - 1 - i + shift
            if 0 <= j < width:
                out[(r, i)] = j
    return out


def _columns_blind(work: Work, cell: tuple[int, int]) -> bool:
    """Whether :func:`columns_ok` gives one answer whatever digit fills the (empty) cell:
    it never reads the cell, or it stops at another empty cell before or beside it."""
    gaps = work.memo_gaps
    if gaps is None:
        where = _cell_columns(work.state.op, tuple(map(len, work.vals)))
        gaps = work.memo_gaps = (where, sorted(
            where[(r, i)] for r, row in enumerate(work.vals) for i, d in enumerate(row)
            if d is None and (r, i) in where))
    where, columns = gaps
    j = where.get(cell)
    return j is None or not (columns[0] == j and (len(columns) == 1 or columns[1] != j))


def _layer(work: Work, cell: tuple[int, int], check: Check) -> list[int]:
    key = (check, cell)
    found = work.memo.get(key)
    if found is None and check is columns_ok and _columns_blind(work, cell):
        blind = work.memo.get((check, (-1, -1)))
        if blind is None:
            blind = work.memo[(check, (-1, -1))] = [int(columns_ok(work.state, work.vals))]
        found = list(_domain(work.state.givens[cell[0]], cell[1])) if blind[0] else []
        work.memo[key] = found
    if found is None:
        weaker, part = _LAYERS[check]
        digits = None if weaker is None else _layer(work, cell, weaker)
        found = passing(work.state, work.vals, cell, part, digits)
        work.memo[key] = found
    return found


def _forced(work: Work, check: Check) -> tuple[tuple[int, int], int] | None:
    ask = _div_passing if work.state.op == DIV else _layered
    for cell in work.empty():
        found = ask(work, cell, check)
        if len(found) == 1:
            return cell, found[0]
    return None


def _step(work: Work, tid: str, cell: tuple[int, int], v: int, why: str, nudge: str,
          rating: float | None = None) -> Step:
    t = TABLE_BY_ID[tid]
    name = cell_name(work.state, *cell)
    move = set_digit(work.state, *cell, v).text()
    return Step(tid, t.name, t.level, t.rating if rating is None else rating, move,
                why.format(cell=name, v=v), nudge.format(cell=name), Evidence(cell, (cell[0],)))


def find_column(work: Work) -> Step | None:
    if work.state.op == DIV:
        return None
    hit = _forced(work, columns_ok)
    if hit is None:
        return None
    cell, v = hit
    return _step(work, "column", cell, v,
                 "The carry into this column is known from the columns to its right, and the "
                 "column must add up (no number starts with 0): {cell} is {v}.",
                 "Add up the column of {cell}, carry included.")


def find_last_digits(work: Work) -> Step | None:
    if work.state.op == DIV:
        return None
    hit = _forced(work, products_ok)
    if hit is None:
        return None
    cell, v = hit
    return _step(work, "last-digits", cell, v,
                 "The last digits of a product come from the last digits of its factors (a "
                 "partial row is the multiplicand times one multiplier digit): {cell} is {v}.",
                 "Multiply the last digits you know: what ends the row of {cell}?")


def find_lengths(work: Work) -> Step | None:
    if work.state.op == DIV:
        return None
    hit = _forced(work, bounds_ok)
    if hit is None:
        return None
    cell, v = hit
    return _step(work, "lengths", cell, v,
                 "The number of digits in each row bounds the numbers: any other digit in "
                 "{cell} would make some row too long or too short. It is {v}.",
                 "Count the digits: how large or small can the numbers around {cell} be?")


def strongest(state: ArithState) -> Check:
    """The strongest test of the state's operation (the case split's, the screen's)."""
    return divcheck.bounds_ok if state.op == DIV else bounds_ok


def holds(state: ArithState, vals: Vals) -> bool:
    """Whether the digits so far can still hold, as far as the strongest test sees."""
    return strongest(state)(state, vals)


def _passing_cached(work: Work, cell: tuple[int, int], check: Check) -> list[int]:
    """:func:`passing`, trying only the digits that passed last time (division only)."""
    if work.state.op != DIV:
        return _layered(work, cell, check)
    return _div_passing(work, cell, check)


def _refutation(state: ArithState, vals: Vals, depth: int = 12,
                cands: dict[tuple[Check, tuple[int, int]], list[int]] | None = None) -> int | None:
    """How many forced digits the strongest test fills before the sum breaks (0: it breaks
    at once), or None when it does not break within ``depth`` of them."""
    check = strongest(state)
    work = Work(state)
    work.vals = [list(r) for r in vals]
    if cands is not None:
        work.cands = dict(cands)
    for n in range(depth):
        empty = work.empty()
        if not empty:
            return None if check(state, work.vals) else n
        moved = False
        for cell in empty:
            found = _passing_cached(work, cell, check)
            if not found:
                return n
            if len(found) == 1:
                work.vals[cell[0]][cell[1]] = found[0]
                moved = True
                break
        if not moved:
            return None
    return None


def split_rating(followed: int) -> float:
    """4.5, and 0.1 more a forced digit followed in the longest refutation (to 5.4)."""
    return round(4.5 + 0.1 * min(followed, 9), 1)


def split_measure(grade: Grade) -> tuple[int, int]:
    """``(case splits, forced digits followed in the deepest)`` of a grade's path (the
    second measure of an expert sum: its rating says how deep, its counts how many)."""
    n = dict(grade.counts).get("case-split", 0)
    return (n, round((min(grade.rating, split_rating(9)) - 4.5) * 10)) if n else (0, 0)


def find_case_split(work: Work) -> Step | None:
    check = strongest(work.state)
    for cell in work.empty():
        found = _passing_cached(work, cell, check)
        if not 2 <= len(found) <= 3:
            continue
        alive = []
        longest = 0
        for v in found:
            work.vals[cell[0]][cell[1]] = v
            followed = _refutation(work.state, work.vals, cands=work.cands)
            if followed is None:
                alive.append(v)
            else:
                longest = max(longest, followed)
            work.vals[cell[0]][cell[1]] = None
            if len(alive) > 1:
                break
        if len(alive) == 1:
            others = ", ".join(str(x) for x in found if x != alive[0])
            within = f"within {words.count(longest, 'forced digit')}" if longest else "at once"
            return _step(work, "case-split", cell, alive[0],
                         f"Try each digit that fits {{cell}}: with {others} the sum breaks "
                         f"{within}, so {{cell}} is {{v}}.",
                         "Try the two or three digits that fit {cell} and follow each.",
                         rating=split_rating(longest))
    return None


def _div_finder(tid: str, check: Check, why: str, nudge: str) -> Callable[[Work], Step | None]:
    def find(work: Work) -> Step | None:
        if work.state.op != DIV:
            return None
        hit = _forced(work, check)
        if hit is None:
            return None
        return _step(work, tid, hit[0], hit[1], why, nudge)

    return find


find_bring_down = _div_finder(
    "bring-down", divcheck.copies_ok,
    "A digit brought down is the dividend digit above it, and a quotient digit over a "
    "column without a product row is 0 (its digit was brought down too): {cell} is {v}.",
    "Which dividend digit is brought down into {cell}, or has its column a product row?")
find_subtraction = _div_finder(
    "subtraction", divcheck.subtractions_ok,
    "The row above a product minus the product is the row under the rule, column by column "
    "from the units with the borrow known (no number starts with 0): {cell} is {v}.",
    "Subtract the product in the column of {cell}, borrow included.")
find_divisor_times = _div_finder(
    "divisor-times", divcheck.products_ok,
    "A product row is the divisor times its quotient digit; its last digits come from the "
    "divisor's last digits: {cell} is {v}.",
    "Multiply the divisor by the quotient digit over the row of {cell}.")
find_quotient_length = _div_finder(
    "quotient-length", divcheck.bounds_ok,
    "The lengths bound the numbers: a product has its row's length, a difference is less "
    "than the divisor, a working number over a 0 quotient digit is less than the divisor. "
    "Any other digit in {cell} breaks one of them: it is {v}.",
    "How long is the product row near {cell}? Which quotient digits give that length?")


def find_trial(work: Work) -> Step | None:
    sol = work.solution or solver.first(work.state.with_values(
        tuple(tuple(r) for r in work.vals)))
    empty = work.empty()
    if sol is None or not empty:
        return None
    cell = empty[0]
    v = sol.values[cell[0]][cell[1]]
    assert v is not None
    return _step(work, "trial", cell, v,
                 "No rule finds the next digit; the solution has {v} in {cell}.",
                 "No rule helps here: try a digit in {cell} and follow it.")


TABLE: tuple[Technique[Work], ...] = (
    Technique("column", "Column sum", Level.EASY, 1.0,
              "a column of the sum with one unknown, the carry known", find_column),
    Technique("bring-down", "Brought down", Level.EASY, 0.8,
              "a brought-down digit repeats the dividend's; no product row means a 0",
              find_bring_down),
    Technique("subtraction", "Subtraction row", Level.EASY, 1.0,
              "a subtraction with one unknown, the borrow known", find_subtraction),
    Technique("last-digits", "Last digits of a product", Level.MEDIUM, 2.0,
              "a product's last digits from its factors' last digits", find_last_digits),
    Technique("divisor-times", "Divisor times the digit", Level.MEDIUM, 2.0,
              "a product row is the divisor times one quotient digit", find_divisor_times),
    Technique("lengths", "Lengths bound the numbers", Level.HARD, 3.0,
              "row lengths bound the factors and the digits", find_lengths),
    Technique("quotient-length", "Quotient digit from lengths", Level.HARD, 3.0,
              "row lengths bound the divisor and each quotient digit", find_quotient_length),
    Technique("case-split", "Case split", Level.EXPERT, 4.5,
              "try each digit that fits; all but one break", find_case_split),
    Technique("trial", "Trial", Level.TRIAL, 6.0, "guess and follow", find_trial),
)
TABLE_BY_ID = {t.id: t for t in TABLE}
ORDER = tuple(t.id for t in TABLE)


def _apply(work: Work, step: Step) -> None:
    ev = step.evidence
    assert isinstance(ev, Evidence)
    r, i = ev.cell
    work.vals[r][i] = int(step.move.rsplit("=", 1)[1])


def solve_human(state: ArithState, max_level: Level = Level.TRIAL,
                solution: ArithState | None = None) -> tuple[list[Step], bool]:
    work = Work(state, solution)
    path = solve_path(TABLE, work, _apply, Work.done, max_level)
    return path.steps, path.solved


def grade_state(state: ArithState, unique: bool = False) -> Grade:
    """The state's grade; ``unique``: the caller knows it has one solution (the dealer does:
    it hides a digit only while one remains), so the solver need not count them."""
    work = Work(state)
    path = solve_path(TABLE[:-1], work, _apply, Work.done)
    # only a stalled path's grade names why (a solved one has one solution)
    stalled = (None if path.solved
               else ("Trial", 6.0) if unique or solver.count(state, 2) == 1
               else ("Several solutions", 0.0))
    return grade_of(path, ORDER, stalled)


def first_step(state: ArithState, solution: ArithState | None) -> Step | None:
    return find_first(TABLE, Work(state, solution))


def bad_column(state: ArithState) -> int | None:
    """The picture column (0-based) of the first column of the addition that cannot add up
    with the digits filled so far (checked from the units up while the carry is known)."""
    if state.op == DIV:
        return None
    rows = _sum_rows(state)
    if rows is None:
        return None
    *terms, (tr, _) = rows
    vals = state.values
    total = vals[tr]
    carry = 0
    for j in range(len(total)):
        s = carry
        for r, shift in terms:
            k = j - shift
            row = vals[r]
            if 0 <= k < len(row):
                d = row[len(row) - 1 - k]
                if d is None:
                    return None
                s += d
        t = total[len(total) - 1 - j]
        if t is None:
            return None
        if s % 10 != t:
            return state.width - 1 - j
        carry = s // 10
    return None
