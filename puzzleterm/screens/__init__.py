"""Textual screens, and the UI-side registry that maps puzzle kinds to their game screens.

The engine knows nothing of screens: a kind is playable in the app once a screen is
registered for it here.  The home menu lists only kinds that have one; the rest stay
command-line only.
"""

from __future__ import annotations

import importlib

from .game import GameScreen

#: kind name -> "module:class" of its game screen (imported when first needed).
_SCREENS: dict[str, str] = {
    "sudoku": "puzzleterm.screens.sudoku:SudokuScreen",
    "xsudoku": "puzzleterm.screens.sudoku:SudokuScreen",
    "latin": "puzzleterm.screens.sudoku:SudokuScreen",
    "pentomino": "puzzleterm.screens.pentomino:PentominoScreen",
    "arith": "puzzleterm.screens.arith:ArithScreen",
}
_LOADED: dict[str, type[GameScreen]] = {}


def register_screen(kind: str, screen: type[GameScreen] | str) -> None:
    """Play ``kind`` on ``screen`` (a class, or ``"module:Class"`` imported lazily)."""
    _LOADED.pop(kind, None)
    if isinstance(screen, str):
        _SCREENS[kind] = screen
    else:
        _SCREENS[kind] = f"{screen.__module__}:{screen.__qualname__}"
        _LOADED[kind] = screen


def unregister_screen(kind: str) -> None:
    _SCREENS.pop(kind, None)
    _LOADED.pop(kind, None)


def has_screen(kind: str) -> bool:
    return kind in _SCREENS


def screen_for(kind: str) -> type[GameScreen]:
    """The game screen class of a kind; raises ``KeyError`` when it has none."""
    if kind not in _LOADED:
        module, _, name = _SCREENS[kind].partition(":")
        _LOADED[kind] = getattr(importlib.import_module(module), name)
    return _LOADED[kind]
