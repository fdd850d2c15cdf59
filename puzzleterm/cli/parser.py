"""The command line's parser: the program's own options, then each verb's, added by the
module that runs it (:mod:`.puzzles`, :mod:`.start`, :mod:`.daily`)."""

from __future__ import annotations

import argparse

from .. import __version__
from .common import Verb
from .daily import add_daily_verbs
from .help import add_help
from .puzzles import add_puzzle_verbs
from .start import add_start_verbs


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
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
