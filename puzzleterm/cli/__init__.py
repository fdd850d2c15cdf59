"""The command line: ``puzzleterm [solve|grade|hint|generate|enumerate|play|serve|daily|
stats|name]``.

With no verb it starts the game (when standard input and output are a terminal).  Every
puzzle verb works without the UI.  Bad input prints one line naming the problem and exits
with status 2; "no solution" exits with status 1.  So does everything else that stops a verb:
a usage error, an argument that is not text, standard output closed or full (a reader that
went away, as in ``| head``, ends it quietly).

:mod:`.parser` builds the parser from the verbs' modules: :mod:`.puzzles` (the engine's
verbs), :mod:`.start` (``play``, ``serve``), :mod:`.daily` (``daily``, ``stats``, ``name``);
:mod:`.common` holds what they share, :mod:`.help` the kinds' options in ``--help``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import suppress

from ..engine import PuzzleError
from ..engine.errors import ParseError, quote
from .common import EXIT_BAD_INPUT, EXIT_OK, CliError, Output, OutputError, start_ui
from .parser import build_parser

__all__ = ["CliError", "build_parser", "main"]


#: Arguments that name files: any bytes the system allows (the others must be text).
PATHS = frozenset({"file", "out", "host_key"})


def check_text(args: argparse.Namespace) -> None:
    """CliError for an argument that is not text: bytes that are not UTF-8 reach Python as
    lone surrogates, which no later step can encode (file names aside)."""
    for dest, value in vars(args).items():
        if dest in PATHS or not isinstance(value, str):
            continue
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            what = ("the kind or game ID" if dest == "kind" else "the game ID"
                    if dest == "game_id" else "the name" if dest == "name"
                    else f"--{dest.replace('_', '-')}")
            raise CliError(f"{what} {quote(value)} is not text: it holds bytes that are not "
                           "UTF-8")


def _stdout_to_devnull() -> None:
    """Point standard output at /dev/null, so the interpreter's last flush cannot fail."""
    with suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments of ``argv`` (a usage error, ``--help`` or ``--version`` exits)."""
    args, extra = parser.parse_known_args(argv)
    # argparse fills KIND and the optional FILE together, so `solve sudoku --size 9x9 f.txt`
    # leaves f.txt over: take it as the file
    if len(extra) == 1 and not extra[0].startswith("-") and getattr(args, "file", None) == "-":
        args.file = extra[0]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, else the process's arguments); the exit status."""
    try:
        args = parse(build_parser(), argv)
        if sys.stdout is None:  # started with standard output closed
            raise CliError("standard output is closed: there is nowhere to write")
        check_text(args)
        if args.command is None:
            return start_ui()
        out = Output(sys.stdout)
        status: int = args.func(args, out)
        out.flush()
        return status
    except OutputError as exc:
        _stdout_to_devnull()  # what it holds cannot be written
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return exc.status
    except CliError as exc:
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return exc.status
    except (PuzzleError, ParseError) as exc:
        print(f"puzzleterm: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); stop quietly
        _stdout_to_devnull()
        return EXIT_OK
    except OSError as exc:  # the verbs name the files they read and write; this is the rest
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"puzzleterm: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
