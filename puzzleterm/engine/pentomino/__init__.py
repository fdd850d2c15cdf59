"""Pentomino: the twelve pentominoes fill a box; some pieces are given in place.

Modules: :mod:`.pieces` (the 12 pieces, 63 orientations), :mod:`.board` (boards, holes,
geometry), :mod:`.solver` (exact cover on bitboards), :mod:`.enumerate` (counts, forcing),
:mod:`.index` (a solution by its place in the listing, without listing them all),
:mod:`.state` (positions, moves), :mod:`.text` (line and picture forms), :mod:`.human`
(human-style techniques and grader), :mod:`.generator`, :mod:`.kind` (the registered kind).

**Boards** (params): ``RxC`` is R rows by C columns: ``6x10`` (default), ``5x12``,
``4x15``, ``3x20`` or any box of 60 open cells; holes follow a ``-``: ``8x8-c2x2`` (centre
2x2 removed), ``r4c5`` (one cell), ``r2c3+2x3`` (a block with its top-left cell).

**Moves** (1-based rows and columns, letters in any case)::

    L@r2c3/3        place the L in orientation 3, its first cell in reading order at r2c3
    remove L        take the player's L away (also "-L"); given pieces never move
    clear           take every piece the player placed away
    a;b             several moves as one, all or nothing

Bad moves (off the board, on a hole, overlapping, a piece already used, removing a given
piece) raise :class:`~puzzleterm.engine.errors.MoveError`.

**Text forms**: ``line`` (the desc; rows joined by ``/``, ``.`` empty or a number for a run
of empties, ``+`` a hole) and ``picture`` (one row per line, ``.`` empty, ``#`` hole).
UPPER-case letters are given pieces, lower-case ones the player's.

**Levels**: easy (forced covers), medium (pockets of the wrong size), hard (pockets nothing
left fits), expert (short trials), needs trial (the minimal forcing set: the fewest pieces
that leave one completion).
"""

from ..kind import register
from .kind import PENTOMINO, PentominoKind
from .state import PentominoState

register(PENTOMINO)

__all__ = ["PENTOMINO", "PentominoKind", "PentominoState"]
