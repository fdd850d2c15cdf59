"""Daily puzzles in play: dealing through the store's cache, results checked by replay,
streaks, the share line and the stats.  No Textual here: the app and the CLI both use it.

A daily game is a session whose context is ``daily:<date>``; it is saved in its own slot
(``daily:<date>:<kind>``), so a daily never replaces the free game in progress, nor another
daily.  When it is solved, :func:`verify` replays the saved moves through the kind from the
puzzle the date deals: only a replay that reaches a solved state makes a result, so a
hand-edited save cannot forge one.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from .engine import Grade, Level, Puzzle, PuzzleError, Status, all_kinds, find_kind
from .engine.daily import STREAK_KIND, DailyEntry, check_date, daily_set, deal, streaks
from .engine.gameid import load_game_id
from .play import SavedGame, SaveError, Session, format_time
from .store import (
    ARCHIVE,
    MAIN_SLOT,
    TOO_FAST,
    UNRANKED_TEXT,
    DailyResult,
    FinishedGame,
    Leaderboard,
    Store,
    StoreError,
    deals_in,
)

Today = Callable[[], date]
DAILY_PREFIX = "daily:"


def local_today() -> date:
    """The player's local date."""
    return date.today()


def slot_of(context: str | None, kind: str) -> str:
    """The store slot of a session: its daily's own slot, or the free game's."""
    if context is not None and context.startswith(DAILY_PREFIX):
        return f"{context}:{kind}"
    return MAIN_SLOT


def day_of(context: str | None) -> date | None:
    """The date of a daily context (None for a free game or a malformed context)."""
    if context is None or not context.startswith(DAILY_PREFIX):
        return None
    try:
        return date.fromisoformat(context[len(DAILY_PREFIX):])
    except ValueError:
        return None


def entry_for(day: date, kind: str) -> DailyEntry | None:
    """The entry of ``kind`` in the set of ``day`` (None when the kind has no daily then)."""
    for entry in daily_set(day):
        if entry.kind == kind:
            return entry
    return None


# -- dealing ----------------------------------------------------------------------------------
def _version(entry: DailyEntry) -> str:
    return find_kind(entry.kind).generator_version


def cached_puzzle(entry: DailyEntry, store: Store) -> Puzzle[Any] | None:
    """The puzzle of ``entry`` from the cache, or None (not cached, or a stale entry)."""
    hit = store.cached_deal(entry.seed_id, _version(entry))
    if hit is None:
        return None
    game_id, grade_text = hit
    try:
        puzzle = load_game_id(game_id)
        grade = grade_from_json(grade_text) if grade_text else None
    except (PuzzleError, ValueError, TypeError, KeyError):
        return None  # a damaged entry is dealt again
    if puzzle.kind != entry.kind or puzzle.params != entry.params:
        return None
    return replace(puzzle, seed=entry.seed, level=entry.level, grade=grade)


def deal_entry(entry: DailyEntry, store: Store | None = None) -> Puzzle[Any]:
    """The puzzle of ``entry``: from the cache when it holds it, else dealt from its seed."""
    if store is not None:
        puzzle = cached_puzzle(entry, store)
        if puzzle is not None:
            return puzzle
    return deal(entry, find_kind(entry.kind))


def remember(entry: DailyEntry, puzzle: Puzzle[Any], store: Store) -> None:
    """Keep a dealt daily puzzle in the cache (call on the thread that owns the store)."""
    grade = grade_to_json(puzzle.grade) if puzzle.grade is not None else None
    store.cache_deal(entry.seed_id, _version(entry), puzzle.game_id, grade)


#: Set by ``puzzleterm serve``'s warm starter for the games it forks: a store file that holds
#: today's set already dealt.
TEMPLATE_ENV = "PUZZLETERM_DAILY_TEMPLATE"


def take_dealt(entries: Sequence[DailyEntry], template: Path | None,
               store: Store) -> list[DailyEntry]:
    """Copy into ``store``'s cache the puzzles of ``entries`` the ``template`` store file
    holds dealt (a returning player's store lacks the day's set the starter dealt); the
    entries still to deal."""
    if template is None or not entries:
        return list(entries)
    found = deals_in(template, [(e.seed_id, _version(e)) for e in entries])
    left = []
    for entry in entries:
        hit = found.get((entry.seed_id, _version(entry)))
        if hit is not None:
            with suppress(StoreError):
                store.cache_deal(entry.seed_id, _version(entry), *hit)
        if cached_puzzle(entry, store) is None:  # not there, damaged, or not written
            left.append(entry)
    return left


def grade_to_json(grade: Grade) -> str:
    return json.dumps({"level": grade.level.name.lower(), "rating": grade.rating,
                       "hardest": grade.hardest, "counts": [list(c) for c in grade.counts],
                       "steps": grade.steps, "solved": grade.solved,
                       "names": [list(n) for n in grade.names]})


def grade_from_json(text: str) -> Grade:
    data = json.loads(text)
    return Grade(Level.parse(data["level"]), float(data["rating"]), str(data["hardest"]),
                 tuple((str(t), int(n)) for t, n in data["counts"]), int(data["steps"]),
                 bool(data["solved"]), tuple((str(t), str(n)) for t, n in data["names"]))


# -- results ----------------------------------------------------------------------------------
def verify(saved: SavedGame, store: Store | None, today: date, finished: float) -> DailyResult:
    """The result a solved daily save earns; raises :class:`SaveError` when the save is not
    a solved daily of a playable date (a wrong puzzle, moves that do not replay to a solved
    state)."""
    day = day_of(saved.context)
    if day is None:
        raise SaveError(f"not a daily game (context {saved.context!r})")
    try:
        check_date(day, today)
    except PuzzleError as exc:
        raise SaveError(str(exc)) from exc
    entry = entry_for(day, find_kind(saved.kind).name)
    if entry is None:
        raise SaveError(f"{saved.kind} has no daily on {day.isoformat()}")
    if saved.seed_id != entry.seed_id:
        raise SaveError(f"the save's puzzle {saved.seed_id!r} is not the daily {entry.seed_id}")
    puzzle = deal_entry(entry, store)
    if saved.game_id != puzzle.game_id:
        raise SaveError("the save's givens are not those of the daily puzzle")
    session = Session.restore(saved)
    if session.status is not Status.SOLVED:
        raise SaveError("the save's moves do not solve the puzzle")
    elapsed = round(saved.elapsed, 3)
    unranked = None
    if day != today:
        unranked = ARCHIVE
    elif elapsed < floor_of(puzzle, session.solution):
        unranked = TOO_FAST
    # what the game recorded: a result is ranked unassisted only when it had no assist at
    # all (no hint asked for or applied, no reveal, no check)
    return DailyResult(day, entry.kind, entry.params, entry.level.name.lower(), entry.seed_id,
                       elapsed, session.hints_used, session.reveals, session.checks > 0,
                       not session.unaided, finished, unranked)


#: The human floor: the fewest seconds a person needs per placement (a cell filled, a hidden
#: digit found, a piece placed).  The fastest 9x9 Sudoku times published are about 30 s for an
#: easy grid of some 50 blanks, 0.6 s a cell (Guinness's certified record was 1:38 in 2009);
#: in a terminal each cell also takes a cursor move and a key.  The floor is half that pace,
#: so no person is kept off the board, while a script typing the solution (well under a
#: second for a whole grid) is.  A pentomino piece is picked, turned and moved before it is
#: placed: several keys, so 1.5 s.
FLOOR_PER_PLACEMENT: dict[str, float] = {
    "sudoku": 0.3, "xsudoku": 0.3, "latin": 0.3, "arith": 0.3, "pentomino": 1.5}
DEFAULT_FLOOR = 0.3


def placements(puzzle: Puzzle[Any], solution: Any) -> int:
    """How many placements solve ``puzzle`` from its givens: the parts of the move that
    reveals all of ``solution`` (cells, hidden digits, pieces)."""
    kind = find_kind(puzzle.kind)
    if solution is None or kind.status(puzzle.state) is Status.SOLVED:
        return 0
    return len(kind.reveal(puzzle.state, solution).split(";"))


def floor_of(puzzle: Puzzle[Any], solution: Any) -> float:
    """The fewest seconds a person needs to solve ``puzzle`` (see :data:`FLOOR_PER_PLACEMENT`):
    a daily solved faster is kept, with its time, but not ranked."""
    per = FLOOR_PER_PLACEMENT.get(puzzle.kind, DEFAULT_FLOOR)
    return round(per * placements(puzzle, solution), 3)


def streak_of(results: Iterable[DailyResult], today: date) -> tuple[int, int]:
    """``(current, best)`` streak: days whose daily of the streak kind (the 9x9 Sudoku) was
    solved without reveals **on that day** (solving an old day from the archive does not fill
    a gap).  Today's one solved with a reveal ends the current streak at once."""
    sudokus = [r for r in results if r.kind == STREAK_KIND]
    current, best = streaks((r.day for r in sudokus if r.clean and on_time(r)), today)
    if any(r.day == today and not r.clean for r in sudokus):
        current = 0
    return current, best


def on_time(result: DailyResult) -> bool:
    """Whether a daily was solved on its own (local) date."""
    return date.fromtimestamp(result.finished) == result.day


@dataclass(frozen=True)
class DailyDone:
    """What finishing a daily did: its result (None when the save did not check out, with
    the ``problem``), whether it was written now, the streak and the share line."""

    result: DailyResult | None
    new: bool
    streak: tuple[int, int]
    share: str | None
    problem: str | None = None
    #: the day's leaderboard of the kind, after this result (None: not ranked, a guest)
    board: Leaderboard | None = None
    today: date | None = None

    @property
    def streak_text(self) -> str | None:
        """The streak (a daily Sudoku) and the place on the day's leaderboard, one a line."""
        if self.result is None:
            return None
        lines = []
        if self.result.kind == STREAK_KIND:
            current, best = self.streak
            lines.append(f"Daily streak {current} (best {best})")
        rank = rank_text(self.board, self.result.day == self.today, self.result)
        if rank is not None:
            lines.append(rank)
        return "\n".join(lines) or None


def record_daily(saved: SavedGame, slot: str, store: Store, today: date,
                 now: float | None = None) -> DailyDone:
    """Record a finished daily: its result once it replays to a solved state (a save that
    does not is still kept among the finished games, with no result)."""
    finished = time.time() if now is None else now
    try:
        result = verify(saved, store, today, finished)
    except (SaveError, PuzzleError) as exc:
        store.finish_current(saved, slot)
        return DailyDone(None, False, streak_of(store.results(), today), None, str(exc))
    new = store.finish_current(saved, slot, result)
    results = store.results()
    kept = next((r for r in results if r.day == result.day and r.kind == result.kind), result)
    streak = streak_of(results, today)
    board = None if is_guest(store) else store.leaderboard(result.day, result.kind)
    return DailyDone(kept, new, streak, share_line(kept, streak[0]), board=board, today=today)


def settle(done: DailyDone, store: Store) -> DailyDone | None:
    """A daily whose rank was pending (the shared database away), with its rank once the
    board is the database's again; None while it is still pending (or was not)."""
    if done.result is None or done.board is None or not done.board.pending:
        return None
    board = store.leaderboard(done.result.day, done.result.kind)
    if board.pending:
        return None
    r = done.result
    ranks = r.hints == r.reveals == 0 and not r.assisted and r.unranked is None
    if ranks and board.place is None:
        return None  # the database is back but this result is still on its way there
    return replace(done, board=board)


# -- the leaderboard --------------------------------------------------------------------------
GUEST_NOTE = "Guests are not ranked: connect with an SSH key to be on the leaderboard."


def is_guest(store: Store) -> bool:
    return store.player.startswith("guest-")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def rank_text(board: Leaderboard | None, today: bool = True,
              result: DailyResult | None = None) -> str | None:
    """``You are 7th of 31 today.`` (for a guest, whose ``board`` is None: not ranked); why
    ``result`` is not ranked (an archive solve, too fast); "pending" while the board is this
    host's copy and the shared database is away."""
    if board is None:
        return GUEST_NOTE
    when = "today" if today else f"on {board.day.isoformat()}"
    if result is not None and result.unranked == ARCHIVE:
        return (f"Archive solves are recorded, not ranked ({board.total} ranked on "
                f"{board.day.isoformat()}).")
    if result is not None and result.unranked == TOO_FAST:
        return f"Too fast to rank: kept with its time, not ranked ({board.total} ranked {when})."
    if board.pending and (result is None or (result.hints == result.reveals == 0
                                             and not result.assisted)):
        return "Your rank is pending: it shows once the shared database is back."
    if board.place is None:
        return (f"Solves with hints, reveals or checks are not ranked ({board.total} ranked "
                f"{when}).")
    return f"You are {ordinal(board.place)} of {board.total} {when}."


def leaderboard_text(board: Leaderboard, player: str | None = None) -> str:
    """A day's board as plain text (``puzzleterm stats --leaderboard``)."""
    title = find_kind(board.kind).title
    lines = [f"Leaderboard {board.day.isoformat()} · {title} · {board.total} ranked"]
    if not board.top:
        lines.append("No unassisted solves yet.")
    for row in board.top:
        mark = " ← you" if row.player == player else ""
        lines.append(f"{row.place:>4}. {row.name:<16} {format_time(row.elapsed):>8}{mark}")
    if board.place is not None and board.place > len(board.top):
        lines.append(f"  You are {ordinal(board.place)}.")
    if board.apart:
        lines.append("Not ranked:")
    for row in board.apart:
        mark = " ← you" if row.player == player else ""
        lines.append(f"      {row.name:<16} {format_time(row.elapsed):>8} "
                     f"{UNRANKED_TEXT.get(row.note or '', row.note or '')}{mark}")
    if board.pending:
        lines.append("The shared database is away: this is this host's copy; ranks are "
                     "pending.")
    return "\n".join(lines)


def share_line(result: DailyResult, streak: int) -> str:
    """A summary to paste anywhere, which spoils nothing:
    ``puzzleterm daily 2026-11-22 · Sudoku hard 12:41 · no hints · streak 5``."""
    title = find_kind(result.kind).title
    help_ = ("no hints" if result.hints == 0 and not result.assisted
             else f"{result.hints} hint{'s' * (result.hints != 1)}")
    if result.reveals:
        help_ += f", {result.reveals} reveal{'s' * (result.reveals != 1)}"
    if result.checked:
        help_ += ", checked"
    level = f" {result.level}" if result.level else ""
    parts = [f"puzzleterm daily {result.day.isoformat()}",
             f"{title}{level} {format_time(result.elapsed)}", help_]
    if result.kind == STREAK_KIND:
        parts.append(f"streak {streak}")
    return " · ".join(parts)


def daily_result(store: Store, entry: DailyEntry) -> DailyResult | None:
    """The player's result of a daily, or None when it was not solved."""
    return next((r for r in store.results(since=entry.day, until=entry.day)
                 if r.kind == entry.kind), None)


def result_share(store: Store, result: DailyResult, today: date) -> str:
    """The share line of a result already recorded (the streak as it stands today)."""
    return share_line(result, streak_of(store.results(), today)[0])


def solved_picture(entry: DailyEntry, puzzle: Puzzle[Any] | None = None) -> str:
    """The solved grid of a daily as text (slow when it must be dealt: run it in a worker)."""
    kind = find_kind(entry.kind)
    puzzle = puzzle if puzzle is not None else deal(entry, kind)
    solution = kind.solve(puzzle.state)
    if solution is None:  # a dealt daily always has its one solution
        raise PuzzleError("this daily has no solution")
    fmt = next((f for f in ("grid", "picture") if f in kind.formats), None)
    return kind.write(solution, fmt)


# -- the set of a day, as a player sees it ------------------------------------------------------
@dataclass(frozen=True)
class DayItem:
    """One puzzle of a day's set with the player's progress on it."""

    entry: DailyEntry
    title: str
    result: DailyResult | None
    started: bool

    @property
    def state(self) -> str:
        if self.result is not None:
            return f"done {format_time(self.result.elapsed)}"
        return "started" if self.started else "new"


def day_items(day: date, store: Store) -> list[DayItem]:
    done = {r.kind: r for r in store.results(since=day, until=day)}
    started = set(store.slots(f"{DAILY_PREFIX}{day.isoformat()}:"))
    return [DayItem(e, find_kind(e.kind).title, done.get(e.kind), e.slot in started)
            for e in daily_set(day)]


# -- stats ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StatsRow:
    """Stats of one kind, size and level: games finished, solved unassisted, times."""

    kind: str
    params: str
    level: str
    played: int
    solved: int
    best: float | None
    median: float | None


@dataclass(frozen=True)
class Stats:
    rows: tuple[StatsRow, ...]
    current_streak: int
    best_streak: int
    dailies: int
    recent: tuple[float, ...]  # solve times of the last daily Sudokus, oldest first
    recent_days: tuple[date, ...] = ()  # the days of those times


def stats_of(finished: Sequence[FinishedGame], results: Sequence[DailyResult],
             in_progress: int, today: date, recent: int = 30) -> Stats:
    """Stats over every finished game (free and daily).  ``played`` counts finished games
    (revealed ones included); ``solved`` those finished unassisted (no hint applied, no
    reveal), as are the times."""
    groups: dict[tuple[str, str, str], list[FinishedGame]] = {}
    for g in finished:
        groups.setdefault((g.kind, g.params, g.level or "unrated"), []).append(g)
    rows = []
    for (kind, params, level), games in sorted(groups.items(), key=_row_order):
        times = [g.elapsed for g in games if not g.assisted]
        rows.append(StatsRow(kind, params, level, len(games),
                             sum(1 for g in games if not g.assisted), min(times, default=None),
                             statistics.median(times) if times else None))
    current, best = streak_of(results, today)
    sudoku = sorted((r.day, r.elapsed) for r in results if r.kind == STREAK_KIND and r.clean)
    last = sudoku[-recent:] if recent > 0 else []
    return Stats(tuple(rows), current, best, len(results), tuple(t for _, t in last),
                 tuple(d for d, _ in last))


_LEVEL_ORDER = {lv.name.lower(): i for i, lv in enumerate(Level)}


def _row_order(item: tuple[tuple[str, str, str], Any]) -> tuple[int, str, int]:
    (kind, params, level), _ = item
    names = [k.name for k in all_kinds()]
    return (names.index(kind) if kind in names else len(names)), params, _LEVEL_ORDER.get(
        level, len(_LEVEL_ORDER))


def stats_for(store: Store, today: date) -> Stats:
    return stats_of(store.finished_games(), store.results(), len(store.slots()), today)


def stats_text(stats: Stats, recent: bool = True) -> str:
    """The stats as plain text (``puzzleterm stats``), with the recent times or not."""
    lines = [f"Daily streak: {stats.current_streak} (best {stats.best_streak}); "
             f"dailies solved: {stats.dailies}", ""]
    if not stats.rows:
        lines.append("No finished games yet.")
    else:
        # "unaided": solved without hints or reveals, the games the times are taken from
        lines.append(f"{'puzzle':<24}{'played':>7}{'unaided':>8}{'best':>9}{'median':>9}")
        for r in stats.rows:
            name = f"{find_kind(r.kind).title} {r.params} {r.level}"
            best = format_time(r.best) if r.best is not None else "—"
            med = format_time(r.median) if r.median is not None else "—"
            lines.append(f"{name:<24}{r.played:>7}{r.solved:>8}{best:>9}{med:>9}")
    if recent and stats.recent:
        lines += ["", "Recent daily Sudoku times: "
                  + " ".join(format_time(t) for t in stats.recent[-10:])]
    return "\n".join(lines)
