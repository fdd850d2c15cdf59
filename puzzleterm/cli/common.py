"""What every verb of the command line shares: exit statuses, the one-line error, reading
the input, writing standard output, a progress bar, starting the game, and the signature
verbs register with."""

from __future__ import annotations

import argparse
import io
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


class OutputError(CliError):
    """Standard output cannot be written: full, closed, or failing."""

    def __init__(self, exc: OSError) -> None:
        super().__init__(f"cannot write standard output: {exc.strerror or exc}")


class Output(io.TextIOBase, TextIO):
    """Standard output as the verbs write to it: a write that fails is an :class:`OutputError`
    naming it, where a bare ``OSError`` would not say which file failed; a reader that went
    away (``| head``) stays a ``BrokenPipeError``, which ends a verb quietly.  After a failure
    it writes nothing more, so nothing fails twice."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self._stream = stream
        self._failed = False

    def write(self, s: str) -> int:
        if self._failed:
            return len(s)
        with self._guard():
            return self._stream.write(s)

    def flush(self) -> None:
        if not self._failed:
            with self._guard():
                self._stream.flush()

    def close(self) -> None:
        """Flush only: the stream is the process's, and stays open."""
        self.flush()

    @contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except BrokenPipeError:
            self._failed = True
            raise
        except OSError as exc:
            self._failed = True
            raise OutputError(exc) from exc


#: The most a verb reads from a file or standard input: twice the largest public puzzle set
#: (4 MB of one-line puzzles); one puzzle is a few kilobytes at most.
MAX_INPUT = 8 * 2**20


def read_source(path: str) -> str:
    """The text of a file, or of standard input for ``-`` (a UTF-8 byte-order mark dropped),
    of at most :data:`MAX_INPUT` bytes."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            if sys.stdin is None:
                raise CliError("cannot read standard input: it is closed")
            data = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as fh:
                data = fh.read(MAX_INPUT + 1)
        if len(data) > MAX_INPUT:
            raise CliError(f"cannot read {name}: it holds more than {MAX_INPUT // 2**20} MB "
                           "(a puzzle, or a file of one-line puzzles, is far less)")
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
