"""A deterministic random number generator.

Puzzles are named by seeds forever, so the numbers must not depend on the Python version,
the platform or ``PYTHONHASHSEED``.  ``random.Random`` documents no such promise for its
derived methods, so this module implements xoshiro256** (Blackman and Vigna) seeded from the
SHA-256 digest of a seed string, with its own unbiased ``below`` / ``shuffle`` / ``choice``.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .errors import GameIdError, quote

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK64


class Rng:
    """xoshiro256** seeded from a string; the same seed gives the same stream everywhere."""

    __slots__ = ("_s", "seed")

    def __init__(self, seed: str) -> None:
        self.seed = seed
        try:
            data = seed.encode("utf-8")
        except UnicodeEncodeError as exc:  # lone surrogates: bytes that were not UTF-8
            raise GameIdError(f"bad seed {quote(seed)}: not text (it holds bytes that "
                              "are not UTF-8)") from exc
        digest = hashlib.sha256(data).digest()
        s = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8)]
        if not any(s):  # the all-zero state is the one state xoshiro must avoid
            s[0] = 1
        self._s = s

    @classmethod
    def from_parts(cls, *parts: object) -> Rng:
        """Seed from parts joined by ``|``, e.g. ``Rng.from_parts("v1", "sudoku", "9x9", seed)``."""
        return cls("|".join(str(p) for p in parts))

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's seed and a label."""
        return Rng(f"{self.seed}|{label}")

    def next_u64(self) -> int:
        s = self._s
        result = (_rotl((s[1] * 5) & _MASK64, 7) * 9) & _MASK64
        t = (s[1] << 17) & _MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            r = self.next_u64() >> (64 - bits)
            if r < n:
                return r

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def shuffled(self, seq: Sequence[T]) -> list[T]:
        out = list(seq)
        self.shuffle(out)
        return out
