"""Fuzzing the readers: valid inputs of every kind, mutated by a seeded mutator.

Each kind gives samples (dealt from fixed seeds): its puzzle in every text form, its desc,
game IDs, params and moves.  A mutation cuts, splices, stretches and sprinkles them with
hostile pieces (huge numbers, control characters, lone surrogates, other scripts' digits).
:func:`check` feeds one input to one reader and reports anything but the engine's own
error, and any call that takes more than :data:`SLOW` seconds of CPU.  The suite's fuzz
tests run a few hundred inputs per reader and kind; ``scripts/fuzz_readers.py`` runs many.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from puzzleterm.engine import PuzzleError, find_kind
from puzzleterm.engine.gameid import generate_seeded, load_game_id, parse_game_id, seeded_rng
from puzzleterm.engine.types import Level

#: CPU seconds one reader call may take (they take milliseconds; a new pentomino board's
#: geometry about a tenth of a second)
SLOW = 2.0

#: the longest input made (the readers' own caps are a few thousand characters)
LONGEST = 60_000

#: What each kind deals for its samples: (params, level).
DEALS: dict[str, tuple[tuple[str, Level | None], ...]] = {
    "sudoku": (("9x9", Level.HARD), ("4x4", None), ("6x6", None), ("16x16", None)),
    "xsudoku": (("5x5", None),),
    "latin": (("5x5", None),),
    "arith": (("add4x5", None), ("mul3x2", Level.MEDIUM), ("mul3x3", Level.EXPERT),
              ("div5/2", Level.HARD)),
    "pentomino": (("3x20", Level.EASY), ("4x15", Level.TRIAL), ("8x8-c2x2", Level.MEDIUM)),
}

READERS = ("read", "desc", "game_id", "params", "move")

_PIECES = [*"0123456789.*?#:/+=x-_|,; \t\n\r()", "\x00", "\x07", "\x1b[2J", "\udcff",
           "\udc80\udc80", "\u00a0", "\u2028", "\ufeff", "３", "٣", "²", "Ⅻ", "é", "🧩",
           "9" * 12, "9" * 30, "-1", "00000", "99", "60", "61", "1e9", "r99c99", "r0c0",
           "remove ", "place ", "hard#", "any#", ":", "::", "##"]


@dataclass(frozen=True)
class Sample:
    """One valid puzzle of a kind, as each reader takes it."""

    kind: str
    params: str
    texts: tuple[str, ...]
    desc: str
    game_ids: tuple[str, ...]
    moves: tuple[str, ...]
    state: Any


@cache
def samples(kind_name: str) -> tuple[Sample, ...]:
    kind = find_kind(kind_name)
    out = []
    for i, (params_text, level) in enumerate(DEALS.get(kind.name, ())):
        params = kind.parse_params(params_text)
        puzzle = generate_seeded(kind, params, f"fuzz{i}", level)
        state = puzzle.state
        solution = kind.solve(state)
        moves: list[str] = []
        if solution is not None:  # the whole solution as one move, and its first and last
            full = kind.reveal(state, solution)
            moves += [full, full.split(";")[0], full.split(";")[-1]]
        texts = tuple(kind.write(state, fmt) for fmt in kind.formats)
        ids = (puzzle.game_id, puzzle.seed_id or puzzle.game_id)
        out.append(Sample(kind.name, puzzle.params, texts, puzzle.desc, ids, tuple(moves),
                          state))
    return tuple(out)


def _piece(rnd: random.Random) -> str:
    roll = rnd.random()
    if roll < 0.6:
        return rnd.choice(_PIECES)
    if roll < 0.8:
        return chr(rnd.randrange(32, 127))
    if roll < 0.95:
        return chr(rnd.randrange(0x80, 0x3000))
    return str(rnd.randrange(10 ** rnd.randrange(1, 40)))


def mutate(text: str, rnd: random.Random, pool: tuple[str, ...] = ()) -> str:
    """``text`` after one to four random edits (a splice takes from ``pool``)."""
    for _ in range(rnd.randint(1, 4)):
        n = len(text)
        a = rnd.randint(0, n)
        b = rnd.randint(a, min(n, a + rnd.choice((1, 2, 5, 20, n + 1))))
        op = rnd.randrange(9)
        if op == 0:  # insert
            text = text[:a] + _piece(rnd) + text[a:]
        elif op == 1:  # replace
            text = text[:a] + _piece(rnd) + text[b:]
        elif op == 2:  # delete
            text = text[:a] + text[b:]
        elif op == 3:  # repeat a span
            text = text[:a] + text[a:b] * rnd.choice((2, 3, 10, 100, 1000)) + text[b:]
        elif op == 4:  # cut short
            text = text[:a]
        elif op == 5 and pool:  # splice with another input
            other = rnd.choice(pool)
            c = rnd.randint(0, len(other))
            text = text[:a] + other[c:] if rnd.random() < 0.5 else other[:c] + text[b:]
        elif op == 6:  # swap case
            text = text[:a] + text[a:b].swapcase() + text[b:]
        elif op == 7:  # a digit becomes a long number
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = rnd.choice(digits)
                text = text[:i] + "9" * rnd.choice((3, 11, 25, 400, 5000)) + text[i + 1:]
        else:  # join or split lines
            text = text.replace("\n", rnd.choice(("", " ", "/", "\r\n", "\n\n")))
        text = text[:LONGEST]
    return text


def make_input(kind_name: str, reader: str, rnd: random.Random) -> tuple[Sample, str]:
    """A mutated input for one reader of a kind, and the sample it came from."""
    sample = rnd.choice(samples(kind_name))
    pool: tuple[str, ...]
    if reader == "read":
        pool = sample.texts
    elif reader == "desc":
        pool = (sample.desc,)
    elif reader == "game_id":
        pool = sample.game_ids
    elif reader == "params":
        pool = tuple(s.params for s in samples(kind_name))
    else:
        pool = sample.moves
    return sample, mutate(rnd.choice(pool), rnd, pool)


def _follow(kind: Any, state: Any) -> None:
    """What the app and the CLI do with a state just read: describe, write, status."""
    kind.describe(state)
    for fmt in kind.formats:
        kind.write(state, fmt)
    kind.status(state)


def _game_id(text: str) -> None:
    gid = parse_game_id(text)
    if gid.seed is not None:  # a seed form is read and seeded here, not dealt
        seeded_rng(find_kind(gid.kind), gid.params, gid.level, gid.seed).below(10)
        return
    puzzle = load_game_id(text)
    _follow(find_kind(puzzle.kind), puzzle.state)


def reader_call(kind_name: str, reader: str, sample: Sample, text: str) -> Callable[[], None]:
    kind = find_kind(kind_name)

    def call() -> None:
        if reader == "read":
            _follow(kind, kind.read(text))
            _follow(kind, kind.read(text, kind.parse_params(sample.params)))
        elif reader == "desc":
            _follow(kind, kind.parse(kind.parse_params(sample.params), text))
        elif reader == "game_id":
            _game_id(text)
        elif reader == "params":
            kind.format_params(kind.parse_params(text))
        else:
            _follow(kind, kind.apply(sample.state, text))

    return call


@dataclass(frozen=True)
class Finding:
    kind: str
    reader: str
    text: str
    problem: str  # the exception's type and message, or "slow: N s"


def check(kind_name: str, reader: str, sample: Sample, text: str) -> Finding | None:
    """Feed one input to one reader: None when it read, or refused with a PuzzleError,
    within :data:`SLOW` seconds of CPU."""
    call = reader_call(kind_name, reader, sample, text)
    start = time.thread_time()
    try:
        call()
    except PuzzleError:
        pass
    except Exception as exc:  # anything else is a finding
        return Finding(kind_name, reader, text, f"{type(exc).__name__}: {exc}"[:300])
    took = time.thread_time() - start
    if took > SLOW:
        return Finding(kind_name, reader, text, f"slow: {took:.2f} s of CPU")
    return None
