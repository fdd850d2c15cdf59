"""The slow work a game names (dealing, hints), run in Textual workers off the UI thread.

:class:`~puzzleterm.play.Play` and the :class:`~puzzleterm.play.Dealer` say what to compute;
this runs it in thread workers and matches each ending worker with the game and the job it
was for, so that an answer reaches the game that asked (a screen may deal a new game while a
hint for the old one is still being worked out).
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.worker import Worker, WorkerState

from ..engine import Step
from ..play import Dealer, DealRequest, HintJob, HintNews, Play

DEAL = "deal"
HINT = "hint"
ENDED = (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED)


def run_deal(screen: Screen[Any], dealer: Dealer, request: DealRequest) -> None:
    """Deal in a worker (a new deal cancels the one under way); its end comes to the
    screen as a worker named :data:`DEAL`, whose result is a :class:`~puzzleterm.play.Dealt`."""
    # exit_on_error=False: a puzzle that cannot be dealt is a notice, never a crash
    screen.run_worker(lambda: dealer.deal(request), thread=True, exclusive=True,
                      group=DEAL, name=DEAL, exit_on_error=False)


class HintWorkers:
    """The hint jobs of one screen, each run in a worker named :data:`HINT`."""

    def __init__(self, screen: Screen[Any]) -> None:
        self.screen = screen
        self._running: dict[Worker[Any], tuple[Play, HintJob]] = {}

    def start(self, game: Play, job: HintJob) -> None:
        worker = self.screen.run_worker(job.run, thread=True, group=HINT, name=HINT,
                                        exit_on_error=False)
        self._running[worker] = (game, job)

    def ended(self, worker: Worker[Any], state: WorkerState) -> tuple[Play, HintNews] | None:
        """A hint worker changed state: when it ended, the game it was for and what that
        game makes of the answer (None: still running, or not one of ours)."""
        if state not in ENDED:
            return None
        found = self._running.pop(worker, None)
        if found is None:
            return None
        game, job = found
        step = worker.result if state is WorkerState.SUCCESS else None
        assert step is None or isinstance(step, Step)
        error = worker.error if state is WorkerState.ERROR else None
        return game, game.hint_done(job, step, error, cancelled=state is WorkerState.CANCELLED)
