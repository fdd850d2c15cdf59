"""Small words for messages: counts with their nouns, articles, lists.

Every explanation, hint and notice is English built from parts (a technique's name, a
count, a list of cells), so the grammar lives here once: ``count(1, "cell")`` is ``1 cell``,
``a("X-Wing")`` is ``an X-Wing``, ``listing(["r1c1", "r2c2", "r3c3"])`` is ``r1c1, r2c2 and
r3c3``.  Articles follow how a word is said, not how it is spelt: a name starting with
letters said one by one (``X-Wing``, ``XY-Chain``, ``ALS``) takes the article of the first
letter's name (``an X``, ``a W``), a number that of the number's name (``an 8``, ``an 11``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Letters whose names start with a vowel sound ("ef", "aitch", "ex" ...).
_VOWEL_LETTERS = frozenset("AEFHILMNORSX")
#: Words spelt with capitals but said as words, not letter by letter.
_SAID_AS_WORDS = frozenset({"BUG", "NASA", "SUDOKU"})
#: Lower-case starts with a vowel letter but a consonant sound, and the other way round.
_CONSONANT_SOUND = ("uni", "use", "usu", "ute", "one", "once", "eu", "ewe")
_VOWEL_SOUND = ("hour", "honest", "honou", "heir")
#: Irregular plurals of the nouns messages count.
_PLURALS = {"box": "boxes", "pencil mark": "pencil marks", "match": "matches"}

_FIRST_TOKEN = re.compile(r"[A-Za-z]+|\d+")


def plural(noun: str, n: int = 2) -> str:
    """``noun`` for ``n`` things: ``cell`` / ``cells``, ``box`` / ``boxes``."""
    if n == 1:
        return noun
    got = _PLURALS.get(noun)
    if got is not None:
        return got
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """``1 cell``, ``2 cells``, ``0 cells`` (``many``: the plural, when not regular)."""
    return f"{n} {noun if n == 1 else many or plural(noun, n)}"


def _number_takes_an(digits: str) -> bool:
    """Whether the number is said with a vowel first: 8, 11, 18, 80-89, 800 ..., 11,000."""
    if digits.startswith("8"):
        return True
    # eleven and eighteen, alone or as thousands, millions ...
    return digits[:2] in ("11", "18") and len(digits) % 3 == 2


def article(phrase: str) -> str:
    """``a`` or ``an``, whichever goes before ``phrase``."""
    text = phrase.lstrip("\"'(")
    m = _FIRST_TOKEN.match(text)
    if m is None:
        return "a"  # a symbol: "a ○"
    token = m.group(0)
    if token.isdigit():
        return "an" if _number_takes_an(token) else "a"
    rest = text[m.end():m.end() + 1]
    spelt = (token.isupper() and token not in _SAID_AS_WORDS) or (
        len(token) == 1 and (rest in ("-", "+", "") or rest.isdigit()))
    if spelt:
        return "an" if token[0].upper() in _VOWEL_LETTERS else "a"
    low = token.lower()
    if low.startswith(_VOWEL_SOUND):
        return "an"
    if low.startswith(_CONSONANT_SOUND):
        return "a"
    return "an" if low[0] in "aeiou" else "a"


def a(phrase: str) -> str:
    """``phrase`` with its indefinite article: ``an X-Wing``, ``a W-Wing``, ``an 8``."""
    return f"{article(phrase)} {phrase}"


def listing(items: Sequence[str], conj: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (``conj``: the last joining word)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"
