"""The command line: ``puzzleterm [solve|grade|hint|generate|enumerate|play]``.

With no subcommand it starts the game (when standard input and output are a terminal).
Every command works without the UI.  Bad input prints one line naming the problem and
exits with status 2; "no solution" exits with status 1, and so does a puzzle with more than
one solution (``solve`` prints the first solution it finds and says there are others).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TextIO

from .cli_help import add_help, add_kind_flags
from .engine import Grade, Kind, Level, PuzzleError, Status, all_kinds, find_kind
from .engine.errors import ParseError
from .engine.kind import Batchable, Enumerable, Listable, OptionValue, Progress, solve_counted

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A problem to report on one line, with an exit status."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT) -> None:
        super().__init__(message)
        self.status = status


# -- input ---------------------------------------------------------------------------------


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


@dataclass(frozen=True)
class Item:
    """One puzzle read from the input; ``line`` is its 1-based line in batch mode."""

    state: Any
    fmt: str
    line: int = 0
    error: str = ""


def kind_options(kind: Kind[Any, Any], args: argparse.Namespace) -> dict[str, OptionValue]:
    """The kind-specific options given on the command line (refusing another kind's)."""
    own = {opt.dest for opt in kind.cli_options()}
    options: dict[str, OptionValue] = {"size": getattr(args, "size", None)}
    for dest, flag in _KIND_FLAGS.get(args.command, {}).items():
        value = getattr(args, dest, None)
        if value is None or value is False:
            continue
        if dest not in own:
            raise CliError(f"{flag} is not an option of {kind.name}")
        options[dest] = value
    return options


def params_from(kind: Kind[Any, Any], args: argparse.Namespace) -> Any:
    """The params the options name, or None to infer them from the input."""
    return kind.params_from_options(kind_options(kind, args))


def read_puzzles(kind: Kind[Any, Any], text: str, params: Any) -> Iterator[Item]:
    """One puzzle in any of the kind's forms, or a batch of one-line puzzles."""
    if not any(ln.strip() and not ln.lstrip().startswith("#") for ln in text.splitlines()):
        raise CliError("empty input: expected a puzzle")
    batch = kind.split_batch(text, params) if isinstance(kind, Batchable) else None
    if batch is None:
        try:
            yield Item(kind.read(text, params), kind.detect(text))
        except PuzzleError as exc:
            raise CliError(str(exc)) from exc
        return
    for lineno, puzzle in batch:
        try:
            yield Item(kind.read(puzzle, params), kind.detect(puzzle), lineno)
        except PuzzleError as exc:
            yield Item(None, "line", lineno, f"line {lineno}: {exc}")


def read_items(args: argparse.Namespace) -> tuple[Kind[Any, Any], list[Item]]:
    """The kind and puzzles a command works on: ``KIND [FILE|-]``, or a game ID as KIND."""
    if ":" not in args.kind:
        kind = find_kind(args.kind)
        params = params_from(kind, args)
        return kind, list(read_puzzles(kind, read_source(args.file), params))
    from .engine.gameid import load_game_id

    if args.file != "-":
        raise CliError("give either a game ID or a kind and a file, not both")
    puzzle = load_game_id(args.kind)
    kind = find_kind(puzzle.kind)
    asked = params_from(kind, args)
    if asked is not None and asked != kind.parse_params(puzzle.params):
        raise CliError(f"--size {args.size} does not match the game ID, which names a "
                       f"{puzzle.params} puzzle")
    return kind, [Item(puzzle.state, kind.formats[0])]


def check_format(kind: Kind[Any, Any], fmt: str | None, extra: tuple[str, ...] = ()) -> None:
    if fmt is not None and fmt not in (*kind.formats, *extra):
        raise CliError(f"{kind.title} is written as {', '.join((*kind.formats, *extra))}, "
                       f"not {fmt!r}")


# -- commands ------------------------------------------------------------------------------


#: The largest --limit: counting further takes too long to be useful.
MAX_LIMIT = 1_000_000


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    if args.limit is not None and not args.count:
        raise CliError("--limit goes with --count")
    if args.count and (args.explain or args.format):
        raise CliError("--count cannot go with " + ("--explain" if args.explain else "--format"))
    if args.explain and args.format:
        raise CliError("--explain prints words: it cannot go with --format")
    limit = 2 if args.limit is None else args.limit
    if args.count and not 2 <= limit <= MAX_LIMIT:
        raise CliError(f"--limit must be between 2 and {MAX_LIMIT:,} (2 tells a unique "
                       "solution from several)")
    kind, items = read_items(args)
    check_format(kind, args.format)
    status = EXIT_OK
    batch = len(items) > 1 or items[0].line > 0
    for item in items:
        if item.state is None:
            if not batch:
                raise CliError(item.error)
            print(f"error: {item.error}", file=sys.stderr)
            out.write("error\n")
            status = EXIT_BAD_INPUT
            continue
        state = item.state
        if args.count:
            n = kind.count_solutions(state, limit)
            out.write(describe_count(n, limit) + "\n")
            if n == 0:
                status = max(status, EXIT_NO_SOLUTION)
            continue
        if args.explain:
            if batch:  # say which puzzle each explanation is of
                out.write(f"# line {item.line}\n")
                problem = uniqueness_problem(kind, state)
                if problem is not None:
                    out.write(f"cannot explain: the puzzle has {problem}\n")
                    status = max(status, EXIT_NO_SOLUTION)
                    continue
            else:
                require_unique(kind, state, "explain")
            explain(kind, state, out)
            continue
        solved, count = solve_counted(kind, state, 2)
        if solved is None:
            if not batch:
                raise CliError("no solution: the puzzle has no valid completion", EXIT_NO_SOLUTION)
            out.write("no solution\n")
            status = max(status, EXIT_NO_SOLUTION)
            continue
        text = kind.write(solved, args.format or item.fmt)
        if batch and "\n" in text and item is not items[0]:
            out.write("\n")  # grids of a batch apart, as generate writes them
        out.write(text + "\n")
        if count > 1:
            # the solution printed is one of several: which one depends on the solver's search
            # order (the same on every run of a release, not across releases)
            where = f"line {item.line}: " if batch else ""
            out.flush()
            print(f"puzzleterm: {where}{SEVERAL}", file=sys.stderr)
            status = max(status, EXIT_NO_SOLUTION)
    return status


#: What ``solve`` says of a puzzle that has more than one solution.
SEVERAL = ("the puzzle has more than one solution: printed the first one found (the same on "
           "every run; --count says how many)")


def describe_count(n: int, limit: int) -> str:
    """What a solution count up to ``limit`` (at least 2) says."""
    if n == 0:
        return "no solution"
    if n == 1:
        return "unique"
    if n >= limit:
        return f"multiple (at least {n})"
    return f"multiple ({n})"


def uniqueness_problem(kind: Kind[Any, Any], state: Any) -> str | None:
    """None for a proper puzzle, else what is wrong with it."""
    n = kind.count_solutions(state, 2)
    return None if n == 1 else "no solution" if n == 0 else "more than one solution"


def require_unique(kind: Kind[Any, Any], state: Any, what: str) -> None:
    problem = uniqueness_problem(kind, state)
    if problem is not None:
        raise CliError(f"cannot {what}: the puzzle has {problem}", EXIT_NO_SOLUTION)


def explain(kind: Kind[Any, Any], state: Any, out: TextIO) -> None:
    for i, step in enumerate(kind.explain(state), 1):
        out.write(f"{i:3d}. [{step.name}, {step.rating:.1f}] {step.explanation}\n")


def grade_json(kind: Kind[Any, Any], state: Any, g: Grade) -> str:
    return json.dumps({
        "puzzle": kind.describe(state),
        "level": g.level.label,
        "rating": g.rating,
        "hardest": g.hardest,
        "steps": g.steps,
        "solved_by_logic": g.solved,
        "techniques": dict(g.counts),
    })


def cmd_grade(args: argparse.Namespace, out: TextIO) -> int:
    kind, items = read_items(args)
    status = EXIT_OK
    for item in items:
        if item.state is None:
            print(f"error: {item.error}", file=sys.stderr)
            out.write("error\n")
            status = EXIT_BAD_INPUT
            continue
        problem = uniqueness_problem(kind, item.state)
        if problem is not None:
            if item.line == 0:
                raise CliError(f"cannot grade: the puzzle has {problem}", EXIT_NO_SOLUTION)
            out.write(f"error\t{problem}\n" if args.format == "tsv"
                      else f"line {item.line}: {problem}\n")
            status = max(status, EXIT_NO_SOLUTION)
            continue
        g = kind.grade(item.state)
        if g is None:
            raise CliError(f"{kind.title} puzzles are not graded")
        if args.format == "tsv":
            out.write(f"{g.level.label}\t{g.rating:.1f}\t{g.hardest}\n")
        elif args.format == "json":
            out.write(grade_json(kind, item.state, g) + "\n")
        else:
            if item.line:
                out.write(f"# line {item.line}\n")
            hardest = g.hardest or "none: nothing is left to deduce"
            out.write(f"level: {g.level.label} (hardest technique: {hardest})\n")
            out.write(f"rating: {g.rating:.1f}\n")
            out.write(f"steps: {g.steps}\n")
            for tid, n in g.counts:
                out.write(f"  {g.name_of(tid)}: {n}\n")
    return status


def cmd_hint(args: argparse.Namespace, out: TextIO) -> int:
    kind, items = read_items(args)
    if len(items) != 1 or items[0].state is None:
        raise CliError("hint takes one puzzle")
    state = items[0].state
    if kind.status(state) is Status.SOLVED:
        out.write("solved: nothing left to deduce\n")
        return EXIT_OK
    problem = uniqueness_problem(kind, state)
    if problem == "no solution":
        raise CliError("no solution from this position: a digit placed so far is wrong",
                       EXIT_NO_SOLUTION)
    if problem is not None:
        raise CliError("no hint: the grid has more than one solution, so logic alone "
                       "cannot finish it", EXIT_NO_SOLUTION)
    step = kind.hint(state, kind.solve(state))
    if step is None:
        raise CliError("no logical step found from this position", EXIT_NO_SOLUTION)
    out.write(f"nudge: {step.nudge}\n")
    out.write(f"step: [{step.name}, {step.rating:.1f}] {step.explanation}\n")
    return EXIT_OK


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    from .engine.gameid import generate_seeded

    kind = find_kind(args.kind)
    params = params_from(kind, args)
    if params is None:
        params = kind.default_params()
    check_format(kind, args.format, ("id",))
    fmt = args.format or kind.formats[0]
    level = None
    if args.level:
        try:
            level = Level.parse(args.level)
        except ValueError as exc:
            raise CliError(str(exc)) from exc
    if args.count < 1:
        raise CliError("--count must be at least 1")
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    for i in range(args.count):
        s = seed if i == 0 else f"{seed}+{i}"
        puzzle = generate_seeded(kind, params, s, level)
        if fmt == "id":
            out.write(puzzle.game_id + "\n")
        else:
            text = kind.write(puzzle.state, fmt)
            out.write(text + "\n")
            if "\n" in text and i + 1 < args.count:
                out.write("\n")
        got = puzzle.grade.level if puzzle.grade is not None else None
        if level is not None and got is not None and got != level and i == 0:
            print(f"puzzleterm: note: {level_note(kind, params, level, got)}", file=sys.stderr)
        if args.verbose:
            g = puzzle.grade
            extra = f" level={g.level.label} rating={g.rating:.1f}" if g else ""
            print(f"# {puzzle.seed_id}{extra}", file=sys.stderr)
    return EXIT_OK


def level_note(kind: Kind[Any, Any], params: Any, asked: Level, got: Level) -> str:
    """Why a dealt puzzle's level differs from the one asked for."""
    levels = kind.levels(params)
    board = f"{kind.title} {kind.format_params(params)}"
    if levels and asked > max(levels) >= got:  # (a deal may still beat the usual top)
        return f"{board} puzzles go up to {max(levels).label}; dealt one at {got.label}"
    return f"no {asked.label} puzzle found for this seed; dealt the nearest level, {got.label}"


def cmd_enumerate(args: argparse.Namespace, out: TextIO) -> int:
    kind = find_kind(args.kind)
    if not isinstance(kind, Enumerable):
        raise CliError(f"{kind.title} cannot be enumerated")
    options = kind_options(kind, args)
    params = kind.params_from_options(options)
    path = options.pop("out", None)  # the listing goes to this file, not standard output
    lister = kind if isinstance(path, str) and isinstance(kind, Listable) else None
    try:
        listing = None if lister is None else open(str(path), "w", encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc
    try:
        with progress_bar(f"Enumerating {kind.title}") as progress:
            for line in kind.enumerate(params, options, progress):
                out.write(line + "\n")
                out.flush()
        if lister is not None and listing is not None:
            count = sum(listing.write(line + "\n") > 0 for line in lister.listing(params, options))
            out.write(f"wrote {count} lines to {path}\n")
    finally:
        if listing is not None:
            listing.close()
    return EXIT_OK


@contextmanager
def progress_bar(title: str) -> Iterator[Progress | None]:
    """A Rich progress bar on standard error when it is a terminal (else nothing)."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as Bar

    with Bar(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}"),
             TimeElapsedColumn(), transient=True, console=None) as bar:
        task = bar.add_task(title, total=None)

        def update(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    if args.game_id is not None:
        from .engine.gameid import load_game_id, parse_game_id

        # fail fast, before the UI starts: read the puzzle of a givens ID (cheap); a seed
        # ID is checked for its form here and dealt by the app
        if parse_game_id(args.game_id).seed is None:
            load_game_id(args.game_id)
    return start_ui(args.game_id)


def start_ui(game_id: str | None = None, daily: Any = None) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CliError(
            "the game needs a terminal (standard input and output must be a TTY); "
            "see 'puzzleterm --help' for the commands that work without one"
        )
    from .app import run_app

    return run_app(game_id, daily)


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    from .serve import main as serve_main  # asyncssh is imported only here

    return serve_main(args)


#: command -> {dest: flag} of the options kinds add (filled when the parser is built).
_KIND_FLAGS: dict[str, dict[str, str]] = {}


# -- parser --------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="puzzleterm",
        description="A puzzle box for the terminal. With no command, starts the game.",
    )
    from . import __version__

    p.add_argument("--version", action="version", version=f"puzzleterm {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    def add(
        name: str, func: Callable[[argparse.Namespace, TextIO], int], help_: str,
        takes_kind: bool = False,
    ) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_, add_help=not takes_kind)
        if takes_kind:
            add_help(sp)  # lists each kind's own options under its name
        sp.set_defaults(func=func)
        return sp

    names = ", ".join(k.name for k in all_kinds())

    def kind_args(sp: argparse.ArgumentParser, with_file: bool = True) -> None:
        sp.add_argument(
            "kind",
            help=f"puzzle kind: {names}"
            + (" (or a game ID such as sudoku:9x9:hard#42)" if with_file else ""),
        )
        if with_file:
            sp.add_argument(
                "file",
                nargs="?",
                default="-",
                help="puzzle file, or - for standard input (default)",
            )
        sp.add_argument("--size", help="board size, e.g. 9x9 (default: "
                        + ("inferred from the input)" if with_file else "the kind's default)"))
        # options that kinds add, for this command (each kind accepts only its own)
        command = sp.prog.split()[-1]
        _KIND_FLAGS[command] = add_kind_flags(sp, command)

    sp = add(
        "solve",
        cmd_solve,
        "solve a puzzle (CSV in gives CSV out; a file of one-line puzzles is solved line by line)",
        takes_kind=True,
    )
    kind_args(sp)
    sp.add_argument("--count", action="store_true", help="say whether the solution is unique")
    sp.add_argument(
        "--limit", type=int, help="with --count: count solutions up to this many (default 2)"
    )
    sp.add_argument("--explain", action="store_true", help="print the human-style steps in words")
    sp.add_argument("--format", help="output form, e.g. line, grid, csv, picture "
                    "(default: as the input)")

    sp = add("grade", cmd_grade, "grade puzzles by the techniques a person needs", True)
    kind_args(sp)
    sp.add_argument("--format", choices=("text", "tsv", "json"), default="text")

    sp = add("hint", cmd_hint, "the next human-style step on a partly filled grid", True)
    kind_args(sp)

    sp = add("generate", cmd_generate, "deal new puzzles with exactly one solution", True)
    kind_args(sp, with_file=False)
    sp.add_argument("--level", help="easy, medium, hard, expert, extreme or trial")
    sp.add_argument("--seed", help="names the puzzle: the same seed deals the same puzzle")
    sp.add_argument("--count", type=int, default=1, help="how many puzzles")
    sp.add_argument("--format", help="the kind's form (e.g. line, grid, picture) or id "
                    "(default: the kind's one-line form)")
    sp.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print each puzzle's seed ID and grade on standard error",
    )

    sp = add("enumerate", cmd_enumerate, "count every grid or solution of a small board",
             True)
    kind_args(sp, with_file=False)

    sp = add("play", cmd_play, "start the game, optionally on a game ID")
    sp.add_argument("game_id", nargs="?", help="e.g. sudoku:9x9:hard#42")

    sp = add("serve", cmd_serve, "let players play over SSH: one game process per session")
    sp.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this machine only; "
                    "0.0.0.0 or :: for everyone)")
    sp.add_argument("--port", type=int, default=2222, help="port (default 2222)")
    sp.add_argument("--host-key", metavar="PATH", help="host key file, made on first start "
                    "(default: ssh_host_ed25519_key in the data directory)")
    sp.add_argument("--max-sessions", type=int, default=100,
                    help="games at once (default 100)")
    sp.add_argument("--max-per-address", type=int, default=10,
                    help="games at once from one client address (default 10)")
    sp.add_argument("--rate-per-address", type=int, default=30,
                    help="new games a minute from one client address (default 30)")
    sp.add_argument("--idle-timeout", type=float, default=15.0, metavar="MINUTES",
                    help="end a game after this many minutes without a key (default 15)")
    sp.add_argument("--login-grace", type=float, default=20.0, metavar="SECONDS",
                    help="time to log in and start the game (default 20)")
    for option, kind, default, what in (
            ("--max-pending", int, 32, "connections not playing yet (logging in) at once"),
            ("--max-pending-per-address", int, 4, "such connections from one client address"),
            ("--key-rate", float, 30.0, "keys (input events) a second a player may send"),
            ("--key-burst", float, 150.0, "keys a player may send at once above --key-rate"),
            ("--game-memory", int, 1024, "address space of each game process, in MiB"),
            ("--game-cpu", int, 1800, "CPU seconds each game process may use in all"),
            ("--game-nice", int, 5, "niceness of the game processes, 0 to 19")):
        sp.add_argument(option, type=kind, default=default, metavar="N",
                        help=f"{what} (default {default:g})")
    sp.add_argument("--fps", type=int, help="frames a second each game draws at most "
                    "(TEXTUAL_FPS; default Textual's 60)")
    sp.add_argument("--store", metavar="URL", help="a postgresql:// URL: saves, results and the "
                    "leaderboard in one database shared by several servers (default: "
                    "$PUZZLETERM_STORE, else a local file per player)")
    sp.add_argument("--no-prefork", dest="prefork", action="store_false",
                    help="start each game from scratch, not forked from a warm starter")

    from .cli_daily import add_store_commands, cmd_daily

    sp = add("daily", cmd_daily, "the daily puzzles of a date (the same for every player)")
    sp.add_argument("--date", help="YYYY-MM-DD, today or earlier (default: today)")
    sp.add_argument("--kind", help="one kind of the set (default: the daily Sudoku)")
    sp.add_argument("--print", action="store_true", help="print the set instead of playing")
    sp.add_argument(
        "--format",
        choices=("id", "line", "grid"),
        default="id",
        help="with --print: seed IDs (default), givens IDs, or grids",
    )

    add_store_commands(add)
    return p


def main(argv: Sequence[str] | None = None) -> int:
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
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        return 130
