"""Write the pentomino listing index (``puzzleterm/engine/pentomino/index_data.py``).

    python benchmarks/record_pentomino_index.py > puzzleterm/engine/pentomino/index_data.py

The index cuts each offered board's search tree into leaves of at most ``index.LEAF``
solutions (see :mod:`puzzleterm.engine.pentomino.index`), so the dealer reaches solution
``i`` of the listing without listing them all.  ``tests/test_pentomino_index.py`` builds
the leaves again and fails when this file is out of date: run this script after a change
to the search's order (which would also change what seeds deal, so it should not happen).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from puzzleterm.engine.pentomino import index
from puzzleterm.engine.pentomino.board import parse_board

#: The boards the app offers whose listing takes long (4x15 and 3x20 list in a blink).
BOARDS = ("6x10", "5x12", "8x8-c2x2")
WIDTH = 96


def rows(leaves: tuple[tuple[int, ...], ...]) -> list[str]:
    out: list[str] = []
    line = "       "
    for leaf in leaves:
        text = f" ({', '.join(map(str, leaf))}),"
        if len(line) + len(text) > WIDTH:
            out.append(line)
            line = "       "
        line += text
    out.append(line)
    return out


def main() -> None:
    print('"""The leaves of the listing index per board: (solutions below, X placement, placements')
    print("chosen at the first empty cells...), in listing order.  Made by")
    print("benchmarks/record_pentomino_index.py; tests/test_pentomino_index.py checks it.\"\"\"")
    print()
    print("LEAVES: dict[str, tuple[tuple[int, ...], ...]] = {")
    for text in BOARDS:
        leaves = index.build(parse_board(text))
        print(f'    "{text}": (')
        print("\n".join(rows(leaves)))
        print("    ),")
    print("}")


if __name__ == "__main__":
    main()
