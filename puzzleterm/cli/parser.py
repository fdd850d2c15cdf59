"""The command line's parser: the program's own options, then each verb's, added by the
module that runs it (:mod:`.puzzles`, :mod:`.start`, :mod:`.daily`)."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn, Protocol

from .. import __version__
from .common import Output, Verb
from .daily import add_daily_verbs
from .help import add_help
from .puzzles import add_puzzle_verbs
from .start import add_start_verbs


class _Writes(Protocol):
    """What argparse writes its messages to."""

    def write(self, s: str, /) -> object: ...


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line, like every other error of the command line,
    and whose ``--help`` and ``--version`` say when standard output cannot take them (an
    :class:`OutputError`, where argparse ignores the error); its verbs' parsers are of this
    class too."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"puzzleterm: {message} (see '{self.prog} --help')\n")

    def _print_message(self, message: str, file: _Writes | None = None) -> None:
        to_stdout = file is not None and file is sys.stdout
        if message and to_stdout and sys.stdout is not None:
            Output(sys.stdout).write(message)
        else:
            super()._print_message(message, file)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if status == 0 and sys.stdout is not None:  # --help or --version: written in full
            Output(sys.stdout).flush()
        super().exit(status, message)


def build_parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="puzzleterm",
        description="A puzzle box for the terminal. With no command, starts the game.",
    )
    p.add_argument("--version", action="version", version=f"puzzleterm {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, func: Verb, help_: str,
            takes_kind: bool = False) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_, add_help=not takes_kind)
        if takes_kind:
            add_help(sp)  # lists each kind's own options under its name
        sp.set_defaults(func=func)
        return sp

    add_puzzle_verbs(add)
    add_start_verbs(add)
    add_daily_verbs(add)
    return p
