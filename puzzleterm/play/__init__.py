"""The mid end: one game between its screen and the engine, with no UI.

:class:`Play` owns a game: its session (history, undo/redo, assists, save and replay), its
clock and the holds that stop it, hint staging, autosave and the result.  Every board input
goes through it; it refuses input while the clock is not running.  It imports only the
engine and the standard library (no Textual, Rich or storage): the app wires it to the store
through the :class:`Autosave` port, and runs the slow work it names (dealing, hints) in
workers.
"""

from .clock import IDLE_PAUSE, Clock, GameClock, Hold
from .counts import symbols_left
from .deal import (
    PRACTICE_KIND,
    PRACTICE_PARAMS,
    PRACTICE_PREFIX,
    Dealer,
    DealError,
    DealRequest,
    Dealt,
    NewGameChoice,
    is_practice,
    practice_choices,
    prepare,
)
from .hints import HintJob, HintNews, Stage
from .midend import SAVE_EVERY, Autosave, Play, Ports, Refused, Result
from .own import deal_own, read_own
from .session import SavedGame, SaveError, Session, format_time

__all__ = [
    "IDLE_PAUSE",
    "PRACTICE_KIND",
    "PRACTICE_PARAMS",
    "PRACTICE_PREFIX",
    "SAVE_EVERY",
    "Autosave",
    "Clock",
    "DealError",
    "DealRequest",
    "Dealer",
    "Dealt",
    "GameClock",
    "HintJob",
    "HintNews",
    "Hold",
    "NewGameChoice",
    "Play",
    "Ports",
    "Refused",
    "Result",
    "SaveError",
    "SavedGame",
    "Session",
    "Stage",
    "deal_own",
    "format_time",
    "is_practice",
    "practice_choices",
    "prepare",
    "read_own",
    "symbols_left",
]
