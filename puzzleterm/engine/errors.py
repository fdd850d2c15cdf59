"""Typed errors raised by the engine.

Every error carries a message meant for a person: the CLI prints it on one line and the
UI shows it as a notice. None of them should ever surface as a traceback.
"""

from __future__ import annotations


class PuzzleError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ParseError(PuzzleError):
    """A puzzle, grid, CSV text or save could not be read."""


class ParamsError(PuzzleError):
    """Parameters (size, variant, level) are not valid for a kind."""


class MoveError(PuzzleError):
    """A move is malformed or not allowed in the current position."""


class TechniqueError(ParamsError):
    """A technique cannot be practised: no such technique, or none of its puzzles can be
    dealt (in time) on this board."""


class GameIdError(PuzzleError):
    """A game ID could not be parsed."""


class UnknownKindError(PuzzleError):
    """No puzzle kind is registered under a name."""


class BudgetError(PuzzleError):
    """Work ran past its budget of time or search steps (see :mod:`.budget`): a deal that
    would take too long on this board, size or level."""


def quote(text: str, limit: int = 24) -> str:
    """``repr`` of user text for a message, cut short so a message stays one short line."""
    return repr(text if len(text) <= limit else text[:limit] + "…")
