"""What every verb of the command line shares: exit statuses, the one-line error, reading
the input, a progress bar, starting the game, and the signature verbs register with."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol, TextIO

from ..engine.daily import DailyEntry
from ..engine.kind import Progress

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2

#: A verb: its parsed arguments and standard output in, its exit status out.
Verb = Callable[[argparse.Namespace, TextIO], int]


class Adder(Protocol):
    """Adds a verb to the command line's parser; its own parser, for its arguments.  A verb
    that ``takes_kind`` lists each kind's own options under the kind in its ``--help``."""

    def __call__(self, name: str, func: Verb, help_: str,
                 takes_kind: bool = False) -> argparse.ArgumentParser: ...


class CliError(Exception):
    """A problem to report on one line, with an exit status."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


def read_source(path: str) -> str:
    """The text of a file, or of standard input for ``-`` (a UTF-8 byte-order mark dropped)."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
        text = data.decode("utf-8")
    except OSError as exc:
        tip = (f" (a game ID stands for both KIND and FILE: give {path} alone)"
               if ":" in path and isinstance(exc, FileNotFoundError) else "")
        raise CliError(f"cannot read {name}: {exc.strerror or exc}{tip}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"cannot read {name}: not UTF-8 text") from exc
    return text.removeprefix("\ufeff")


@contextmanager
def progress_bar(title: str) -> Iterator[Progress | None]:
    """A Rich progress bar on standard error when it is a terminal (else nothing)."""
    if not sys.stderr.isatty():
        yield None
        return
    # Rich loads only for a bar on a terminal: start-up of the other verbs
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    with Bar(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}"),
             TimeElapsedColumn(), transient=True, console=None) as bar:
        task = bar.add_task(title, total=None)

        def update(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def start_ui(game_id: str | None = None, daily: DailyEntry | None = None) -> int:
    """Run the game (on a game ID, or a daily entry); refuse without a terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CliError(
            "the game needs a terminal (standard input and output must be a TTY); "
            "see 'puzzleterm --help' for the commands that work without one"
        )
    # the app (Textual, the store) loads only when the game starts: start-up of the verbs
    from ..app import run_app

    return run_app(game_id, daily)
