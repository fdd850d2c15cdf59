"""What a piece of work may spend: CPU seconds and search nodes, checked where the work is.

A deal runs inside :func:`spending`; the loops and searches it drives call :func:`spend` now
and then (a search every few thousand nodes, a dealing loop once per try).  Past either limit,
:class:`~puzzleterm.engine.errors.BudgetError` stops the work.  Nodes are counted the same on
every machine, so what they cut off is cut off everywhere; seconds (the CPU time of the thread,
not the wall clock, so a busy machine does not shrink them) are the backstop for work no
search counts.  A budget only ever stops work: it never changes what finished work makes, so
a seed that deals within its budget deals the same puzzle as without one.

Outside :func:`spending`, :func:`spend` costs one context lookup and does nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from .errors import BudgetError


@dataclass(frozen=True)
class Budget:
    """Limits: ``seconds`` of CPU time of the working thread, ``nodes`` search nodes."""

    seconds: float
    nodes: int

    def describe(self) -> str:
        return f"{self.seconds:g} s of CPU time or {self.nodes:,} search steps"


class _Meter:
    __slots__ = ("budget", "deadline", "used")

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.used = 0
        self.deadline = time.thread_time() + budget.seconds

    def spend(self, nodes: int) -> None:
        self.used += nodes
        if self.used > self.budget.nodes:
            raise BudgetError(f"more than {self.budget.nodes:,} search steps")
        if time.thread_time() > self.deadline:
            raise BudgetError(f"more than {self.budget.seconds:g} s of CPU time")


_METER: ContextVar[_Meter | None] = ContextVar("budget_meter", default=None)


@contextmanager
def spending(budget: Budget) -> Iterator[None]:
    """Within the block (in this thread or task only), :func:`spend` counts against
    ``budget`` and raises :class:`BudgetError` past it.  Blocks nest: the inner budget
    counts alone while it lasts."""
    token = _METER.set(_Meter(budget))
    try:
        yield
    finally:
        _METER.reset(token)


def spend(nodes: int = 0) -> None:
    """Count ``nodes`` search nodes against the budget in force (if any) and check its
    clock; :class:`BudgetError` past it."""
    meter = _METER.get()
    if meter is not None:
        meter.spend(nodes)


def spent() -> int:
    """Nodes counted so far against the budget in force (0 without one)."""
    meter = _METER.get()
    return 0 if meter is None else meter.used
