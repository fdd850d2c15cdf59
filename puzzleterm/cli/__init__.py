"""The command line: ``puzzleterm [solve|grade|hint|generate|enumerate|play|serve|daily|
stats|name]``.

With no verb it starts the game (when standard input and output are a terminal).  Every
puzzle verb works without the UI.  Bad input prints one line naming the problem and exits
with status 2; "no solution" exits with status 1.

:mod:`.parser` builds the parser from the verbs' modules: :mod:`.puzzles` (the engine's
verbs), :mod:`.start` (``play``, ``serve``), :mod:`.daily` (``daily``, ``stats``, ``name``);
:mod:`.common` holds what they share, :mod:`.help` the kinds' options in ``--help``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from ..engine import PuzzleError
from ..engine.errors import ParseError
from .common import EXIT_BAD_INPUT, EXIT_OK, CliError, start_ui
from .parser import build_parser

__all__ = ["CliError", "build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, else the process's arguments); the exit status."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # argparse fills KIND and the optional FILE together, so `solve sudoku --size 9x9 f.txt`
    # leaves f.txt over: take it as the file
    if len(extra) == 1 and not extra[0].startswith("-") and getattr(args, "file", None) == "-":
        args.file = extra[0]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    out = sys.stdout
    try:
        if args.command is None:
            return start_ui()
        status: int = args.func(args, out)
        out.flush()
        return status
    except CliError as exc:
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return exc.status
    except (PuzzleError, ParseError) as exc:
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
