"""The daily set: which puzzles a calendar date deals, the same for every player, no server.

Pure: no UI, store or session imports.  A date maps to a list of :class:`DailyEntry` through
a per-kind **epoch table**: each kind has its own list of epochs ``(version, first date,
params, levels)``.  A generator change, or a change of params or levels, adds a new epoch
from a *future* date, so earlier dates keep their puzzles; giving each kind its own start
date means adding a kind to the daily set never changes another kind's dailies.

The seed of an entry is ``daily-v<N>-<YYYY-MM-DD>``, so its game ID fits on a shell line:
``sudoku:9x9:hard#daily-v1-2026-11-22``.

The daily Sudoku (9x9) follows the week: Monday easy, Tuesday medium, Wednesday hard,
Thursday hard, Friday expert, Saturday extreme, Sunday expert.

The other kinds deal one puzzle a day at a fixed level: X-Sudoku 5x5 hard, Latin 6x6 medium
(since 2026-01-01), Pentomino 6x10 medium (since 2026-11-23), Arithmetic: a 3-digit by
2-digit multiplication (``mul3x2``) medium (since 2026-11-25).

Streaks count consecutive days whose daily Sudoku was solved **without reveals**; hints do
not break a streak (a hint teaches a step, a reveal gives the answer).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from .errors import PuzzleError
from .gameid import generate_seeded
from .kind import Kind, all_kinds
from .types import Level, Puzzle

#: Level of the daily 9x9 Sudoku by weekday (Monday is 0).
WEEK_LEVELS: tuple[Level, ...] = (
    Level.EASY,
    Level.MEDIUM,
    Level.HARD,
    Level.HARD,
    Level.EXPERT,
    Level.EXTREME,
    Level.EXPERT,
)


class DailyDateError(PuzzleError):
    """A date that has no daily set (before the first epoch, or in the future)."""


@dataclass(frozen=True)
class Epoch:
    """Daily version ``version`` of one kind, in force from ``start`` until the next epoch.

    ``levels`` has one level (every day) or seven (by weekday, Monday first).
    """

    version: int
    start: date
    params: str
    levels: tuple[Level, ...]

    def level_on(self, day: date) -> Level:
        if len(self.levels) == 7:
            return self.levels[day.weekday()]
        return self.levels[0]


#: The epoch table.  Never edit a past epoch: append one starting on a future date.
EPOCHS: dict[str, tuple[Epoch, ...]] = {
    "sudoku": (Epoch(1, date(2026, 1, 1), "9x9", WEEK_LEVELS),),
    "xsudoku": (Epoch(1, date(2026, 1, 1), "5x5", (Level.HARD,)),),
    "latin": (Epoch(1, date(2026, 1, 1), "6x6", (Level.MEDIUM,)),),
    "pentomino": (Epoch(1, date(2026, 11, 23), "6x10", (Level.MEDIUM,)),),
    "arith": (Epoch(1, date(2026, 11, 25), "mul3x2", (Level.MEDIUM,)),),
}

#: The kind whose daily keeps the streak (solved without reveals on its own day).
STREAK_KIND = "sudoku"
#: The kind the app and the CLI open when none is named (``puzzleterm daily``, "New game"
#: with no game on screen, the leaderboard's first board).
DEFAULT_KIND = "sudoku"

#: The first date with a daily set.
FIRST_DATE = min(e.start for epochs in EPOCHS.values() for e in epochs)


@dataclass(frozen=True)
class DailyEntry:
    """One puzzle of a date's set."""

    day: date
    kind: str
    params: str
    level: Level
    version: int

    @property
    def seed(self) -> str:
        return f"daily-v{self.version}-{self.day.isoformat()}"

    @property
    def seed_id(self) -> str:
        return f"{self.kind}:{self.params}:{self.level.name.lower()}#{self.seed}"

    @property
    def context(self) -> str:
        """The session context of this daily (``daily:<date>``)."""
        return f"daily:{self.day.isoformat()}"

    @property
    def slot(self) -> str:
        """The store slot of this daily's game in progress."""
        return f"daily:{self.day.isoformat()}:{self.kind}"


def epoch_on(kind: str, day: date) -> Epoch | None:
    """The epoch of ``kind`` in force on ``day`` (None before its first epoch)."""
    found: Epoch | None = None
    for epoch in EPOCHS.get(kind, ()):
        if epoch.start <= day:
            found = epoch
    return found


def daily_set(day: date, kinds: Iterable[Kind[Any, Any]] | None = None) -> list[DailyEntry]:
    """The entries of ``day``: one per registered kind with an epoch in force, in
    registration order (the 9x9 Sudoku first).  Kinds without an epoch are skipped."""
    entries = []
    for kind in all_kinds() if kinds is None else kinds:
        epoch = epoch_on(kind.name, day)
        if epoch is None:
            continue
        entries.append(DailyEntry(day, kind.name, epoch.params, epoch.level_on(day), epoch.version))
    return entries


def check_date(day: date, today: date) -> None:
    """Raise :class:`DailyDateError` unless ``day`` can be played on ``today``."""
    if day > today:
        raise DailyDateError(f"no daily for {day.isoformat()} yet: it is in the future")
    if day < FIRST_DATE:
        raise DailyDateError(
            f"no daily for {day.isoformat()}: dailies start on {FIRST_DATE.isoformat()}"
        )


def parse_date(text: str) -> date:
    """A ``YYYY-MM-DD`` date; raises :class:`DailyDateError` with one clear line."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise DailyDateError(f"bad date {text.strip()!r}: expected YYYY-MM-DD") from None


def deal(entry: DailyEntry, kind: Kind[Any, Any]) -> Puzzle[Any]:
    """The puzzle of a daily entry (a pure function of the entry)."""
    return generate_seeded(kind, kind.parse_params(entry.params), entry.seed, entry.level)


def streaks(clean_days: Iterable[date], today: date) -> tuple[int, int]:
    """``(current, best)`` runs of consecutive days in ``clean_days`` (days whose daily
    Sudoku was solved without reveals).  The current run ends today or, while today is
    not solved yet, yesterday."""
    days = sorted(d for d in set(clean_days) if d <= today)
    best = run = 0
    prev: date | None = None
    for d in days:
        run = run + 1 if prev is not None and d - prev == timedelta(days=1) else 1
        best = max(best, run)
        prev = d
    current = run if prev is not None and today - prev <= timedelta(days=1) else 0
    return current, best
