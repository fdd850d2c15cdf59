"""Fuzz every reader of every kind: mutated valid inputs give a state or the engine's own
error, never anything else, and each within a bound of CPU time (see tests/fuzz_inputs.py;
``scripts/fuzz_readers.py`` runs the same mutator for longer)."""

from __future__ import annotations

import random

import pytest

from puzzleterm.engine import all_kinds

from .fuzz_inputs import DEALS, READERS, check, make_input

#: inputs per reader and kind in the suite: about a second each on two busy cores
INPUTS = 200

KINDS = [k.name for k in all_kinds()]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("kind_name", KINDS)
def test_a_reader_gives_a_state_or_its_own_error(kind_name: str, reader: str) -> None:
    rnd = random.Random(f"suite|{kind_name}|{reader}")
    findings = []
    for _ in range(INPUTS):
        sample, text = make_input(kind_name, reader, rnd)
        found = check(kind_name, reader, sample, text)
        if found is not None:
            findings.append(f"{found.problem} <- {found.text[:120]!r}")
    assert not findings, "\n".join(findings[:10])


def test_every_kind_is_fuzzed() -> None:
    assert set(KINDS) <= set(DEALS)
