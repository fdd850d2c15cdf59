"""The puzzle verbs: ``solve``, ``grade``, ``hint``, ``generate`` and ``enumerate``.

Each reads puzzles in any of a kind's forms (or a game ID) and writes answers; they use the
engine alone, so they start without the UI, the store or the session.  "No solution" exits
with status 1, and so does a puzzle with more than one solution (``solve`` prints the first
solution it finds and says there are others).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from typing import Any, TextIO

from ..engine import (
    Grade,
    Kind,
    Level,
    PuzzleError,
    Status,
    all_kinds,
    find_kind,
    technique_word,
)
from ..engine.gameid import generate_seeded, load_game_id
from ..engine.kind import Batchable, Enumerable, Listable, OptionValue, Practicable, solve_counted
from .common import (
    EXIT_BAD_INPUT,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    Adder,
    CliError,
    progress_bar,
    read_source,
)
from .help import add_kind_flags

# -- input ---------------------------------------------------------------------------------


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
    for dest, flag in getattr(args, "kind_flags", {}).items():
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


def practice_technique(kind: Kind[Any, Any], params: Any, word: str) -> str | None:
    """The technique id ``--technique WORD`` names (None for ``list``, which only lists)."""
    if not isinstance(kind, Practicable):
        raise CliError(f"{kind.title} puzzles are not dealt to practise a technique")
    if word.strip().lower() == "list":
        return None
    return kind.find_practice(params, word).id  # TechniqueError: one line, status 2


def list_practice(kind: Practicable, params: Any, out: TextIO) -> None:
    """The techniques a puzzle can be dealt to practise, then those refused and why."""
    choices = kind.practice_choices(params)
    dealt = [c for c in choices if not c.refused]
    if dealt:
        width = max(len(technique_word(c.id)) for c in dealt) + 2
        out.write(f"{'technique':<{width}}{'level':<9}name\n")
        for c in dealt:
            out.write(f"{technique_word(c.id):<{width}}{c.level.label:<9}{c.name}\n")
    refused = [c for c in choices if c.refused]
    if refused:
        out.write("not dealt:\n")
        for c in refused:
            out.write(f"  {technique_word(c.id)}: {c.refused}\n")


def cmd_generate(args: argparse.Namespace, out: TextIO) -> int:
    kind = find_kind(args.kind)
    params = params_from(kind, args)
    if params is None:
        params = kind.default_params()
    check_format(kind, args.format, ("id",))
    fmt = args.format or kind.formats[0]
    level = None
    if args.level:
        if args.technique:
            raise CliError("--level and --technique do not go together: a practice puzzle's "
                           "level is its technique's")
        try:
            level = Level.parse(args.level)
        except ValueError as exc:
            raise CliError(str(exc)) from exc
        levels = kind.levels(params)
        if levels and level > max(levels):  # refused, not dropped for a lower level
            note = kind.level_note(params)
            raise CliError(f"{kind.title} {kind.format_params(params)} puzzles are dealt up to "
                           f"{max(levels).label}, not {level.label}"
                           + (f" ({note})" if note else ""))
    technique = None
    if args.technique:
        technique = practice_technique(kind, params, args.technique)
        if technique is None:
            assert isinstance(kind, Practicable)
            list_practice(kind, params, out)
            return EXIT_OK
    if args.count < 1:
        raise CliError("--count must be at least 1")
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    for i in range(args.count):
        s = seed if i == 0 else f"{seed}+{i}"
        puzzle = generate_seeded(kind, params, s, level, technique=technique)
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
            if g and technique is not None:
                extra += f" hardest={g.hardest}"
            print(f"# {puzzle.seed_id}{extra}", file=sys.stderr)
    return EXIT_OK


def level_note(kind: Kind[Any, Any], params: Any, asked: Level, got: Level) -> str:
    """Why a dealt puzzle's level differs from the one asked for (a level above the
    board's top is refused before dealing)."""
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
            try:
                with listing:  # closed, and so flushed, before it is said to be written
                    count = sum(listing.write(line + "\n") > 0
                                for line in lister.listing(params, options))
            except OSError as exc:
                raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc
            out.write(f"wrote {count} lines to {path}\n")
    finally:
        if listing is not None:
            with suppress(OSError):  # already told, or closed above
                listing.close()
    return EXIT_OK



# -- the verbs' arguments ----------------------------------------------------------------


def kind_args(sp: argparse.ArgumentParser, with_file: bool = True) -> None:
    """KIND (and FILE), ``--size``, and the options kinds add to this verb."""
    names = ", ".join(k.name for k in all_kinds())
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
    # options that kinds add, for this verb (each kind accepts only its own): {dest: flag}
    # kept in the parsed arguments, for kind_options
    sp.set_defaults(kind_flags=add_kind_flags(sp, sp.prog.split()[-1]))


def add_puzzle_verbs(add: Adder) -> None:
    """``solve``, ``grade``, ``hint``, ``generate`` and ``enumerate``, on the parser."""
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
    sp.add_argument("--technique", metavar="NAME",
                    help="deal a 9x9 Sudoku whose hardest step is this technique (e.g. "
                    "x-wing, xy-wing); 'list' lists them")
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
