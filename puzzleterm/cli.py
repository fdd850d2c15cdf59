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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TextIO

from .engine import Level, PuzzleError, find_kind
from .engine.errors import ParseError
from .engine.formats import FORMATS, detect_format, format_grid
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
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise CliError(f"cannot read {path}: not UTF-8 text") from exc


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


def _is_square(k: int) -> bool:
    r = round(k**0.5)
    return k >= 4 and r * r == k


def _batch_token(line: str) -> str:
    """The puzzle in a batch line: its longest token (as in ``hash puzzle rating`` lines)."""
    tokens = line.split()
    return max(tokens, key=len) if tokens else ""


def read_puzzles(kind: SudokuFamilyKind, text: str, size: str | None) -> Iterator[Item]:
    """One puzzle in any form, or a batch file of one-line puzzles (one per line)."""
    params = kind.parse_params(size) if size else None
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    content = [(i, ln) for i, ln in lines if ln and not ln.startswith("#")]
    if not content:
        raise CliError("empty input: expected a puzzle")
    is_batch = False
    if len(content) > 1 and not any("," in ln for _, ln in content):
        tokens = [_batch_token(ln) for _, ln in content]
        lengths = {len(t) for t in tokens}
        picture = len(content) == len(tokens[0]) and all(
            len(ln.translate(str.maketrans("", "", " \t|-+"))) in (0, len(content))
            for _, ln in content
        )
        is_batch = len(lengths) == 1 and _is_square(len(tokens[0])) and not picture
    if not is_batch:
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


def _out_format(item: Item, requested: str | None) -> str:
    return requested or item.fmt


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    if args.limit < 1:
        raise CliError("--limit must be at least 1")
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
            status = max(status, explain(kind, state, out))
            continue
        solved = kind.solve(state)
        if solved is None:
            if not batch:
                raise CliError("no solution: the puzzle has no valid completion", EXIT_NO_SOLUTION)
            out.write("no solution\n")
            status = max(status, EXIT_NO_SOLUTION)
            continue
        out.write(format_grid(solved.geo, solved.values, _out_format(item, args.format)) + "\n")
    return status


def describe_count(n: int, limit: int | None) -> str:
    if n == 0:
        return "no solution"
    if n == 1:
        return "unique"
    if limit is not None and n >= limit:
        return f"multiple (at least {n})"
    return f"multiple ({n})"


def explain(kind: SudokuFamilyKind, state: SudokuState, out: TextIO) -> int:
    from .engine.human import solve_steps

    if kind.count_solutions(state, 1) == 0:
        raise CliError("no solution: the puzzle has no valid completion", EXIT_NO_SOLUTION)
    steps = solve_steps(state)
    for i, step in enumerate(steps, 1):
        out.write(f"{i:3d}. [{step.name}, {step.rating:.1f}] {step.explanation}\n")
    return EXIT_OK


def grade_record(state: SudokuState, kind: SudokuFamilyKind) -> dict[str, object]:
    g = kind.grade(state)
    return {
        "puzzle": format_grid(state.geo, state.givens, "line"),
        "level": g.level.label,
        "rating": g.rating,
        "hardest": g.hardest,
        "steps": g.steps,
        "solved_by_logic": g.solved,
        "techniques": dict(g.counts),
    }


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
        if kind.count_solutions(item.state, 2) != 1:
            n = kind.count_solutions(item.state, 2)
            msg = "no solution" if n == 0 else "more than one solution"
            if item.line == 0:
                raise CliError(f"cannot grade: the puzzle has {msg}", EXIT_NO_SOLUTION)
            out.write(f"error\t{msg}\n" if args.format == "tsv" else f"line {item.line}: {msg}\n")
            status = max(status, EXIT_NO_SOLUTION)
            continue
        rec = grade_record(item.state, kind)
        if args.format == "tsv":
            out.write(f"{rec['level']}\t{float(rec['rating']):.1f}\t{rec['hardest']}\n")  # type: ignore[arg-type]
        elif args.format == "json":
            out.write(json.dumps(rec) + "\n")
        else:
            if item.line:
                out.write(f"# line {item.line}\n")
            out.write(f"level: {rec['level']} (hardest technique: {rec['hardest']})\n")
            out.write(f"rating: {float(rec['rating']):.1f}\n")  # type: ignore[arg-type]
            out.write(f"steps: {rec['steps']}\n")
            counts = rec["techniques"]
            assert isinstance(counts, dict)
            for tid, n in counts.items():
                out.write(f"  {technique_name(tid)}: {n}\n")
    return status


def cmd_hint(args: argparse.Namespace, out: TextIO) -> int:
    from .engine.human import next_step

    kind, items = read_items(args)
    if len(items) != 1 or items[0].state is None:
        raise CliError("hint takes one grid")
    state = items[0].state
    if kind.count_solutions(state, 1) == 0:
        raise CliError(
            "no solution from this position: a digit placed so far is wrong", EXIT_NO_SOLUTION
        )
    step = next_step(state)
    if step is None:
        out.write("solved: nothing left to deduce\n")
        return EXIT_OK
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
    from .engine.enumerate import enumerate_grids

    kind = family(args.kind)
    n = kind.parse_params(args.size).n if args.size else kind.default_params().n
    if kind.name == "sudoku" and not args.size:
        n = 4
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
        from .engine.gameid import parse_game_id

        parse_game_id(args.game_id)  # fail fast, before the UI starts
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
    args = parser.parse_args(argv)
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
