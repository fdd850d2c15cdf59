"""How fast a player may type: the input a client sends, cut into events, against a token
bucket.

An event is what a terminal sends for one key (a character, a control byte, an escape
sequence), one mouse report or one bracketed paste.  Each costs a token (a paste, one more per
256 bytes); the bucket holds ``burst`` tokens and gains ``rate`` a second.  Events with no
token left are dropped whole, never cut in the middle, so the game never reads half an escape
sequence; mouse motion reports are dropped without a word (the next one says where the mouse
is), other events count as dropped keys.  Dropping keys for ``flood_timeout`` seconds on end
(no gap of :data:`CALM` seconds) means the client is flooding: :attr:`Verdict.flooding`.

Passing input costs a few regular-expression matches per event passed; input that is dropped
is only searched for a paste start and for a sequence cut at the end, so a flood costs the
server little.  No I/O; the clock is an argument.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

#: seconds without a dropped key that end a flood
CALM = 2.0
#: paste bytes a token pays for
PASTE_BYTES = 256

PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"

#: one event at the start of the text (a paste start is one too; its body is read apart)
_EVENT = re.compile(rb"""
    \x1b\[<[0-9;]*[Mm]                        # an SGR mouse report
  | \x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]  # a CSI sequence (cursor keys, F-keys, paste)
  | \x1bO[\x20-\x7e]                         # an SS3 sequence (cursor keys, F1-F4)
  | \x1b[^\x1b\[O]                           # Alt and a key
  | [\xc0-\xf7][\x80-\xbf]*                  # a UTF-8 character
  | [\x00-\xff]                              # any other byte (a lone Escape too)
""", re.VERBOSE | re.DOTALL)
#: an SGR mouse report with the motion bit (32) set: the mouse moved
_MOTION = re.compile(rb"\x1b\[<(\d+);\d+;\d+[Mm]")
#: the start of an escape sequence or UTF-8 character that the next data will finish
_CUT = re.compile(rb"(?:\x1b(?:\[[\x30-\x3f<]*[\x20-\x2f]*|O)|[\xc0-\xf7][\x80-\xbf]*)\Z")
#: the longest tail kept back as cut (longer ones are passed on as they are)
MAX_CUT = 64


def _unless_motion(report: re.Match[bytes]) -> bytes:
    """A mouse report, or nothing for a motion report."""
    return b"" if int(report.group(1)) & 32 else report.group()


def _utf8_complete(tail: bytes) -> bool:
    lead = tail[0]
    need = 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4
    return len(tail) >= need


@dataclass(frozen=True)
class Verdict:
    """What became of some input: ``data`` to pass on, and what was dropped."""

    data: bytes
    keys_dropped: int = 0
    motion_dropped: int = 0
    flooding: bool = False


class KeyBudget:
    """One session's token bucket over the events it sends."""

    def __init__(self, rate: float, burst: float, flood_timeout: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.flood_timeout = flood_timeout
        self.clock = clock
        self.tokens = burst
        self._last = clock()
        self._held = b""  # a sequence cut at the end of the last data
        self._paste: str | None = None  # in a paste: "pass" or "drop"
        self._paste_tail = b""  # the last bytes of a paste, to find an end marker cut in two
        self._flood_start: float | None = None
        self._last_drop = 0.0
        self.dropped_keys = 0  # in all

    def take(self, data: bytes) -> Verdict:
        """Filter what the client sent: the events there are tokens for pass."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        buf = self._held + data
        self._held = b""
        cut = self._cut_at(buf)
        out = bytearray()
        keys = motion = 0
        i = 0
        while i < len(buf):
            if self._paste is not None:
                i, cut_short = self._in_paste(buf, i, out)
                keys += cut_short
                continue
            if i >= cut:
                self._held = buf[i:]
                break
            if self.tokens < 1:  # the rest goes, up to a paste start or a cut sequence
                i, k, m = self._drop(buf, i, cut)
                keys += k
                motion += m
                continue
            found = _EVENT.match(buf, i)
            assert found is not None  # any byte is an event
            event = found.group()
            self.tokens -= 1
            if event == PASTE_START:
                self._paste = "pass"
                self._paste_tail = b""
            out += event
            i = found.end()
        flooding = self._note_drops(keys, now)
        return Verdict(bytes(out), keys, motion, flooding)

    def _drop(self, buf: bytes, i: int, cut: int) -> tuple[int, int, int]:
        """Drop from ``i`` up to a paste start (which begins a dropped paste) or ``cut``;
        where that leaves off, and whether keys were dropped (1 or 0) and how many mouse
        motion reports."""
        start = buf.find(PASTE_START, i, cut)
        stop = cut if start < 0 else start
        part = buf[i:stop]
        rest, motion = _MOTION.subn(_unless_motion, part)
        motion -= len(_MOTION.findall(rest))
        keys = 1 if rest else 0
        if start >= 0:
            self._paste = "drop"
            self._paste_tail = b""
            keys = 1
            stop = start + len(PASTE_START)
        return stop, keys, motion

    def _in_paste(self, buf: bytes, i: int, out: bytearray) -> tuple[int, int]:
        """Read a paste's body from ``i`` up to its end marker or the end of ``buf``; where
        that leaves off, and 1 if the paste is cut short here (no token left for it): the
        game is then sent the end marker, and the rest of the paste is dropped."""
        tail = self._paste_tail
        joined = tail + buf[i:]
        found = joined.find(PASTE_END)
        end = len(buf) if found < 0 else i + found + len(PASTE_END) - len(tail)
        passing = self._paste == "pass"
        if found >= 0:
            self._paste = None
            self._paste_tail = b""
        else:
            self._paste_tail = joined[-(len(PASTE_END) - 1):]
        if not passing:
            return end, 0
        body = buf[i:end]
        allowed = int(max(0.0, self.tokens) * PASTE_BYTES)
        if len(body) <= allowed:
            self.tokens -= len(body) / PASTE_BYTES
            out += body
            return end, 0
        while allowed > 0 and 0x80 <= body[allowed] < 0xC0:  # not inside a character
            allowed -= 1
        out += body[:allowed]
        out += PASTE_END
        self.tokens = 0.0
        if found < 0:
            self._paste = "drop"
        return end, 1

    @staticmethod
    def _cut_at(buf: bytes) -> int:
        """Where a sequence cut at the end of ``buf`` starts (the next data finishes it), or
        ``len(buf)``.  A lone Escape at the end is a key, not a cut sequence."""
        found = _CUT.search(buf, max(0, len(buf) - MAX_CUT))
        if found is None:
            return len(buf)
        tail = found.group()
        if tail[0] != 0x1B and _utf8_complete(tail):
            return len(buf)
        return found.start()

    def _note_drops(self, keys: int, now: float) -> bool:
        if not keys:
            if self._flood_start is not None and now - self._last_drop >= CALM:
                self._flood_start = None
            return False
        self.dropped_keys += keys
        if self._flood_start is None or now - self._last_drop >= CALM:
            self._flood_start = now
        self._last_drop = now
        return now - self._flood_start >= self.flood_timeout
