"""The Sudoku family: Sudoku (4x4, 6x6, 9x9, 16x16), X-Sudoku 5x5 and Latin squares.

One implementation over :class:`~.geometry.Geometry` (the houses of a board): the
backtracker, the generator, the text forms and the human-style solver (``human/``) serve
every size and variant.  Nothing outside this package and the Sudoku screen imports its
internals: the rest of the program speaks to it through the engine's ``Kind`` protocol.
"""

from ..kind import register
from .kind import LATIN, SUDOKU, XSUDOKU, SudokuFamilyKind
from .state import SudokuParams, SudokuState

for _kind in (SUDOKU, XSUDOKU, LATIN):
    register(_kind)

__all__ = ["LATIN", "SUDOKU", "XSUDOKU", "SudokuFamilyKind", "SudokuParams", "SudokuState"]
