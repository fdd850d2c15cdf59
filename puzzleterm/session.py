"""Kept while the store still imports its save types from here: see :mod:`puzzleterm.play`."""

from .play.session import SavedGame, SaveError, Session, format_time

__all__ = ["SaveError", "SavedGame", "Session", "format_time"]
