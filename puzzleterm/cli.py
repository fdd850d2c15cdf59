"""The command line: ``puzzleterm [solve|grade|hint|generate|enumerate|play]``.

With no subcommand it starts the game (when standard input and output are a terminal).
Every command works without the UI.  Bad input prints one line naming the problem and
exits with status 2; "no solution" exits with status 1.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TextIO

from .engine import Grade, Level, PuzzleError, find_kind
from .engine.errors import ParseError
from .engine.formats import FORMATS, PICTURE_NOISE, detect_format, format_grid
from .engine.sudoku import SudokuFamilyKind, SudokuParams, SudokuState

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
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"cannot read {path}: not UTF-8 text") from exc
    return text.removeprefix("\ufeff")


def family(name: str) -> SudokuFamilyKind:
    kind = find_kind(name)
    if not isinstance(kind, SudokuFamilyKind):
        raise CliError(f"{kind.title} is not supported by this command")
    return kind


@dataclass(frozen=True)
class Item:
    """One puzzle read from the input; ``line`` is its 1-based line in batch mode."""

    state: SudokuState | None
    fmt: str
    line: int = 0
    error: str = ""


def _batch_token(line: str) -> str:
    """The puzzle in a batch line: its longest token (as in ``hash puzzle rating`` lines)."""
    tokens = line.split()
    return max(tokens, key=len) if tokens else ""


def is_batch(kind: SudokuFamilyKind, lines: list[str], params: SudokuParams | None) -> bool:
    """Whether the lines are one-line puzzles, one per line, rather than one grid.

    A grid picture has as many rows as cells per row, for a side the kind has; a batch has
    lines whose puzzles mostly have the cells of a board (a stray bad line is reported on
    its own).  Sixteen 4x4 one-liners look like one 16x16 picture: ``--size 4x4`` says which.
    """
    if len(lines) < 2 or any("," in ln for ln in lines):
        return False
    sides = (params.n,) if params is not None else kind.sizes
    rows = [r for r in (ln.translate(PICTURE_NOISE) for ln in lines) if r]
    if len(rows) in sides and all(len(r) == len(rows) for r in rows):
        return False
    common = Counter(len(_batch_token(ln)) for ln in lines).most_common(1)[0][0]
    return common in {n * n for n in sides}


def read_puzzles(kind: SudokuFamilyKind, text: str, size: str | None) -> Iterator[Item]:
    """One puzzle in any form, or a batch file of one-line puzzles (one per line)."""
    params = kind.parse_params(size) if size else None
    content = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    content = [(i, ln) for i, ln in content if ln and not ln.startswith("#")]
    if not content:
        raise CliError("empty input: expected a puzzle")
    if not is_batch(kind, [ln for _, ln in content], params):
        try:
            yield Item(kind.read(text, params), detect_format(text))
        except PuzzleError as exc:
            raise CliError(str(exc)) from exc
        return
    for lineno, ln in content:
        try:
            yield Item(kind.read(_batch_token(ln), params), "line", lineno)
        except PuzzleError as exc:
            yield Item(None, "line", lineno, f"line {lineno}: {exc}")


def read_items(args: argparse.Namespace) -> tuple[SudokuFamilyKind, list[Item]]:
    """The kind and puzzles a command works on: ``KIND [FILE|-]``, or a game ID as KIND."""
    if ":" not in args.kind:
        kind = family(args.kind)
        return kind, list(read_puzzles(kind, read_source(args.file), args.size))
    from .engine.gameid import load_game_id

    if args.file != "-":
        raise CliError("give either a game ID or a kind and a file, not both")
    puzzle = load_game_id(args.kind)
    kind = family(puzzle.kind)
    return kind, [Item(puzzle.state, "line")]


# -- commands ------------------------------------------------------------------------------


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    if args.count and args.limit < 2:
        raise CliError("--limit must be at least 2 to tell a unique solution from several")
    kind, items = read_items(args)
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
            n = kind.count_solutions(state, args.limit)
            out.write(describe_count(n, args.limit) + "\n")
            if n == 0:
                status = max(status, EXIT_NO_SOLUTION)
            continue
        if args.explain:
            require_unique(kind, state, "explain")
            explain(state, out)
            continue
        solved = kind.solve(state)
        if solved is None:
            if not batch:
                raise CliError("no solution: the puzzle has no valid completion", EXIT_NO_SOLUTION)
            out.write("no solution\n")
            status = max(status, EXIT_NO_SOLUTION)
            continue
        out.write(format_grid(solved.geo, solved.values, args.format or item.fmt) + "\n")
    return status


def describe_count(n: int, limit: int) -> str:
    """What a solution count up to ``limit`` (at least 2) says."""
    if n == 0:
        return "no solution"
    if n == 1:
        return "unique"
    if n >= limit:
        return f"multiple (at least {n})"
    return f"multiple ({n})"


def uniqueness_problem(kind: SudokuFamilyKind, state: SudokuState) -> str | None:
    """None for a proper puzzle, else what is wrong with it."""
    n = kind.count_solutions(state, 2)
    return None if n == 1 else "no solution" if n == 0 else "more than one solution"


def require_unique(kind: SudokuFamilyKind, state: SudokuState, what: str) -> None:
    problem = uniqueness_problem(kind, state)
    if problem is not None:
        raise CliError(f"cannot {what}: the puzzle has {problem}", EXIT_NO_SOLUTION)


def explain(state: SudokuState, out: TextIO) -> None:
    from .engine.human import solve_steps

    for i, step in enumerate(solve_steps(state), 1):
        out.write(f"{i:3d}. [{step.name}, {step.rating:.1f}] {step.explanation}\n")


def grade_json(state: SudokuState, g: Grade) -> str:
    return json.dumps({
        "puzzle": format_grid(state.geo, state.givens, "line"),
        "level": g.level.label,
        "rating": g.rating,
        "hardest": g.hardest,
        "steps": g.steps,
        "solved_by_logic": g.solved,
        "techniques": dict(g.counts),
    })


def technique_name(tid: str) -> str:
    from .engine.human import TECHNIQUES

    return next((t.name for t in TECHNIQUES if t.id == tid), tid)


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
        if args.format == "tsv":
            out.write(f"{g.level.label}\t{g.rating:.1f}\t{g.hardest}\n")
        elif args.format == "json":
            out.write(grade_json(item.state, g) + "\n")
        else:
            if item.line:
                out.write(f"# line {item.line}\n")
            out.write(f"level: {g.level.label} (hardest technique: {g.hardest})\n")
            out.write(f"rating: {g.rating:.1f}\n")
            out.write(f"steps: {g.steps}\n")
            for tid, n in g.counts:
                out.write(f"  {technique_name(tid)}: {n}\n")
    return status


def cmd_hint(args: argparse.Namespace, out: TextIO) -> int:
    from .engine.human import next_step

    kind, items = read_items(args)
    if len(items) != 1 or items[0].state is None:
        raise CliError("hint takes one grid")
    state = items[0].state
    if all(state.values):
        out.write("solved: nothing left to deduce\n")
        return EXIT_OK
    problem = uniqueness_problem(kind, state)
    if problem == "no solution":
        raise CliError("no solution from this position: a digit placed so far is wrong",
                       EXIT_NO_SOLUTION)
    if problem is not None:
        raise CliError("no hint: the grid has more than one solution, so logic alone "
                       "cannot finish it", EXIT_NO_SOLUTION)
    step = next_step(state)
    assert step is not None  # an unfinished grid with one solution always has a next step
    out.write(f"nudge: {step.nudge}\n")
    out.write(f"step: [{step.name}, {step.rating:.1f}] {step.explanation}\n")
    return EXIT_OK


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    from .engine.gameid import generate_seeded

    kind = family(args.kind)
    params = kind.parse_params(args.size) if args.size else kind.default_params()
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
        if args.format == "id":
            out.write(puzzle.game_id + "\n")
        else:
            text = format_grid(puzzle.state.geo, puzzle.state.givens, args.format)
            out.write(text + "\n")
            if args.format != "line" and i + 1 < args.count:
                out.write("\n")
        got = puzzle.grade.level if puzzle.grade is not None else None
        if level is not None and got is not None and got != level and i == 0:
            print(f"puzzleterm: note: {level_note(kind, params, level, got)}", file=sys.stderr)
        if args.verbose:
            g = puzzle.grade
            extra = f" level={g.level.label} rating={g.rating:.1f}" if g else ""
            print(f"# {puzzle.seed_id}{extra}", file=sys.stderr)
    return EXIT_OK


def level_note(kind: SudokuFamilyKind, params: SudokuParams, asked: Level, got: Level) -> str:
    """Why a dealt puzzle's level differs from the one asked for."""
    top = max(kind.levels(params))
    board = f"{kind.title} {params.text}"
    if asked > top:
        return f"{board} puzzles go up to {top.label}; dealt one at {got.label}"
    return f"no {asked.label} puzzle found for this seed; dealt the nearest level, {got.label}"


def cmd_enumerate(args: argparse.Namespace, out: TextIO) -> int:
    from .engine.enumerate import MAX_ENUMERABLE, enumerate_grids

    kind = family(args.kind)
    if args.size:
        n = kind.parse_params(args.size).n
    else:  # the board's usual size, or the largest one small enough to enumerate
        n = min(kind.default_params().n, MAX_ENUMERABLE.get(kind.name, 0))
    result = enumerate_grids(kind.name, n)
    geo = result.geo
    show = args.list or len(result.fixed) <= 12
    if show:
        for grid in result.fixed:
            out.write(format_grid(geo, grid, "grid") + "\n\n")
    out.write(f"{len(result.fixed)} {kind.title} {geo.size_text} grids {result.fixed_label}\n")
    out.write(f"{result.total} {kind.title} {geo.size_text} grids in all\n")
    return EXIT_OK


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    if args.game_id is not None:
        from .engine.gameid import load_game_id, parse_game_id

        # fail fast, before the UI starts: read the puzzle of a givens ID (cheap); a seed
        # ID is checked for its form here and dealt by the app
        if parse_game_id(args.game_id).seed is None:
            load_game_id(args.game_id)
    return start_ui(args.game_id)


def start_ui(game_id: str | None = None) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CliError(
            "the game needs a terminal (standard input and output must be a TTY); "
            "see 'puzzleterm --help' for the commands that work without one"
        )
    from .app import run_app

    return run_app(game_id)


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
        name: str, func: Callable[[argparse.Namespace, TextIO], int], help_: str
    ) -> argparse.ArgumentParser:
        sp = sub.add_parser(name, help=help_, description=help_)
        sp.set_defaults(func=func)
        return sp

    def kind_args(sp: argparse.ArgumentParser, with_file: bool = True) -> None:
        sp.add_argument(
            "kind",
            help="puzzle kind: sudoku, xsudoku, latin"
            + (" (or a game ID such as sudoku:9x9:hard#42)" if with_file else ""),
        )
        if with_file:
            sp.add_argument(
                "file",
                nargs="?",
                default="-",
                help="puzzle file, or - for standard input (default)",
            )
        sp.add_argument("--size", help="board size, e.g. 9x9 (default: inferred from the input)")

    sp = add(
        "solve",
        cmd_solve,
        "solve a puzzle (CSV in gives CSV out; a file of one-line puzzles is solved line by line)",
    )
    kind_args(sp)
    sp.add_argument("--count", action="store_true", help="say whether the solution is unique")
    sp.add_argument(
        "--limit", type=int, default=2, help="count solutions up to this many (default 2)"
    )
    sp.add_argument("--explain", action="store_true", help="print the human-style steps in words")
    sp.add_argument("--format", choices=FORMATS, help="output format (default: as the input)")

    sp = add("grade", cmd_grade, "grade puzzles by the techniques a person needs")
    kind_args(sp)
    sp.add_argument("--format", choices=("text", "tsv", "json"), default="text")

    sp = add("hint", cmd_hint, "the next human-style step on a partly filled grid")
    kind_args(sp)

    sp = add("generate", cmd_generate, "deal new puzzles with exactly one solution")
    kind_args(sp, with_file=False)
    sp.add_argument("--level", help="easy, medium, hard, expert, extreme or trial")
    sp.add_argument("--seed", help="names the puzzle: the same seed deals the same puzzle")
    sp.add_argument("--count", type=int, default=1, help="how many puzzles")
    sp.add_argument("--format", choices=(*FORMATS, "id"), default="line")
    sp.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print each puzzle's seed ID and grade on standard error",
    )

    sp = add("enumerate", cmd_enumerate, "count every grid of a small board")
    kind_args(sp, with_file=False)
    sp.add_argument("--list", action="store_true", help="list the normalised grids")

    sp = add("play", cmd_play, "start the game, optionally on a game ID")
    sp.add_argument("game_id", nargs="?", help="e.g. sudoku:9x9:hard#42")
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
