"""The options kinds add to a command (``--board``, ``--givens``...) and their help.

A command's parser takes each kind's own flags once (a flag two kinds share, such as
``--list``, is one option), but its ``--help`` lists them under the kind they belong to, each
with that kind's own text, instead of one flat list mixing them.  After a kind
(``puzzleterm enumerate pentomino --help``) it lists that kind's options only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..engine import PuzzleError, all_kinds, find_kind
from ..engine.kind import CliOption, Kind

#: One kind's options for one command: (kind name, its options).
Section = tuple[str, tuple[CliOption, ...]]


def kind_sections(command: str) -> list[Section]:
    """The kinds that add options to ``command``, each with those options, in kind order."""
    sections: list[Section] = []
    for kind in all_kinds():
        own = tuple(opt for opt in kind.cli_options() if command in opt.commands)
        if own:
            sections.append((kind.name, own))
    return sections


def add_kind_flags(sp: argparse.ArgumentParser, command: str) -> dict[str, str]:
    """Add the kinds' flags for ``command`` to ``sp``, once each; return {dest: flag}.

    The table is fresh for every parser: ``main()`` may build one more than once in a process.
    Their help is left to :class:`KindHelp`, which shows each under its kind.
    """
    added: dict[str, str] = {}
    for _name, options in kind_sections(command):
        for opt in options:
            if opt.dest in added:
                continue
            added[opt.dest] = opt.flag
            if opt.metavar is None:
                sp.add_argument(opt.flag, action="store_true", help=argparse.SUPPRESS)
            else:
                sp.add_argument(opt.flag, metavar=opt.metavar, help=argparse.SUPPRESS)
    return added


def _named_kind(text: object) -> Kind[Any, Any] | None:
    """The kind a KIND argument names (a kind name or a game ID), or None."""
    if not isinstance(text, str) or not text:
        return None
    try:
        return find_kind(text.split(":", 1)[0])
    except PuzzleError:
        return None


def sections_help(prog: str, command: str, only: str | None = None) -> str:
    """The kinds' options of ``command`` as help sections (only kind ``only``'s if given)."""
    sections = kind_sections(command)
    if only is not None:
        sections = [s for s in sections if s[0] == only]
        if not sections:
            return f"{only} has no options of its own for {command}\n"
    formatter = argparse.HelpFormatter(prog)
    for name, options in sections:
        formatter.start_section(f"options of {name} (only with {command} {name})")
        formatter.add_arguments([_shown(opt) for opt in options])
        formatter.end_section()
    return formatter.format_help()


def _shown(opt: CliOption) -> argparse.Action:
    """An action that is only shown in help: the parser holds the real one."""
    return argparse.Action([opt.flag], opt.dest, nargs=0 if opt.metavar is None else None,
                           metavar=opt.metavar, help=opt.help)


class KindHelp(argparse.Action):
    """``-h``/``--help`` of a command that takes a KIND: the command's own options, then each
    kind's under its name (only the named kind's when KIND came before ``--help``)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        command = parser.prog.split()[-1]
        kind = _named_kind(getattr(namespace, "kind", None))
        text = parser.format_help()
        sections = sections_help(parser.prog, command, kind.name if kind is not None else None)
        parser._print_message(text + ("\n" if sections else "") + sections, sys.stdout)
        parser.exit()


def add_help(sp: argparse.ArgumentParser) -> None:
    """Give ``sp`` (made with ``add_help=False``) the per-kind ``-h``/``--help``."""
    sp.add_argument("-h", "--help", action=KindHelp,
                    help="show this help (after KIND: with that kind's options only) and exit")
