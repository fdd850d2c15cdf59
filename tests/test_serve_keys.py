"""The key-input budget of a session (``serve/keybudget.py``): events are passed or dropped
whole, a flood is told apart from typing, and input within the budget reaches the game byte for
byte however it is cut into packets; and the notice drawn over a game's screen
(``serve/notice.py``)."""

from __future__ import annotations

import asyncio
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleterm.serve import notice
from puzzleterm.serve.keybudget import CALM, PASTE_END, PASTE_START, KeyBudget

RIGHT = b"\x1b[C"


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def budget(rate: float = 10, burst: float = 20, flood: float = 5.0) -> tuple[KeyBudget, Clock]:
    clock = Clock()
    return KeyBudget(rate, burst, flood, clock), clock


def test_a_flood_is_cut_to_the_burst_at_an_event_boundary() -> None:
    keys, clock = budget(rate=10, burst=20)
    verdict = keys.take(RIGHT * 1000)
    assert verdict.data == RIGHT * 20
    assert verdict.keys_dropped == 1 and not verdict.flooding
    clock.now += 0.5  # 5 tokens back
    assert keys.take(RIGHT * 100).data == RIGHT * 5
    clock.now += 100  # never more than the burst
    assert keys.take(RIGHT * 100).data == RIGHT * 20


def test_typing_below_the_rate_never_loses_a_key() -> None:
    keys, clock = budget(rate=10, burst=20)
    sent = b""
    passed = b""
    for i in range(500):  # 9 keys a second for 55 s, one by one
        key = b"abcdefghi"[i % 9 : i % 9 + 1]
        sent += key
        passed += keys.take(key).data
        clock.now += 1 / 9
    assert passed == sent and keys.dropped_keys == 0


def test_a_sequence_cut_between_packets_is_held_then_passed_whole() -> None:
    keys, _ = budget()
    assert keys.take(b"a\x1b[1;").data == b"a"
    assert keys.take(b"5C").data == b"\x1b[1;5C"
    assert keys.take(b"\x1b").data == b"\x1b"  # a lone Escape is a key: passed at once
    assert keys.take("é".encode()[:1]).data == b""
    assert keys.take("é".encode()[1:] + b"x").data == "éx".encode()
    assert keys.take(b"\x1b[<35;10").data == b""
    assert keys.take(b";5M").data == b"\x1b[<35;10;5M"


def test_a_cut_sequence_is_not_half_dropped() -> None:
    keys, clock = budget(rate=10, burst=3)
    out = keys.take(RIGHT * 2 + b"\x1b[")
    assert out.data == RIGHT * 2
    clock.now += 0.05  # half a token: the rest of the sequence is dropped with its start
    assert keys.take(b"C" + RIGHT + b"x").data == RIGHT
    assert keys.take(b"yz").data == b""
    clock.now += 1
    assert keys.take(b"q").data == b"q"  # nothing of the dropped sequences leaked


def test_mouse_motion_is_dropped_without_counting_as_keys() -> None:
    keys, clock = budget(rate=10, burst=5)
    moves = b"".join(b"\x1b[<35;%d;5M" % (10 + i) for i in range(50))
    verdict = keys.take(moves)
    assert verdict.data == moves[: len(moves) // 50 * 5]
    assert verdict.keys_dropped == 0 and verdict.motion_dropped == 45
    clock.now += 20
    verdict = keys.take(moves + b"\x1b[<0;10;5M" * 10)  # clicks are not motion
    assert verdict.keys_dropped == 1 and verdict.motion_dropped == 45
    assert keys.dropped_keys == 1


def test_a_paste_is_one_event_and_a_long_one_is_ended_for_the_game() -> None:
    keys, clock = budget(rate=10, burst=20)
    paste = PASTE_START + b"x" * 300 + PASTE_END
    assert keys.take(paste + b"a").data == paste + b"a"
    clock.now += 100
    # 20 tokens pay for about 5 KiB: a 1 MiB paste is ended there, the rest dropped
    big = b"y" * (1 << 20)
    out = b""
    dropped = 0
    for i in range(0, len(big), 32768):
        verdict = keys.take((PASTE_START if i == 0 else b"") + big[i : i + 32768])
        out += verdict.data
        dropped += verdict.keys_dropped
    verdict = keys.take(PASTE_END + b"b")
    assert out.startswith(PASTE_START) and out.endswith(PASTE_END)
    assert out.count(PASTE_END) == 1 and 4000 < len(out) < 45000
    assert dropped == 1
    assert verdict.data == b""  # no token left for "b"
    clock.now += 1
    assert keys.take(b"c").data == b"c"  # the paste has ended: keys again


def test_a_paste_with_no_token_is_dropped_whole_end_marker_included() -> None:
    keys, clock = budget(rate=1, burst=2)
    assert keys.take(b"ab").data == b"ab"
    verdict = keys.take(PASTE_START + b"0123456789" + PASTE_END[:3])
    assert verdict.data == b"" and verdict.keys_dropped == 1
    clock.now += 5
    assert keys.take(PASTE_END[3:] + b"z").data == b"z"


def test_keys_dropped_for_long_enough_is_a_flood() -> None:
    keys, clock = budget(rate=10, burst=20, flood=5.0)
    flooding = []
    for _ in range(80):  # 8 s of 100 keys every 0.1 s
        flooding.append(keys.take(RIGHT * 100).flooding)
        clock.now += 0.1
    assert not any(flooding[:50]) and all(flooding[51:])

    keys, clock = budget(rate=10, burst=20, flood=5.0)
    for _ in range(10):  # bursts over the budget, with a calm gap between: never a flood
        for _ in range(20):
            assert not keys.take(RIGHT * 30).flooding
            clock.now += 0.1
        clock.now += CALM
        assert keys.take(b"").data == b""


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400), st.lists(st.integers(0, 400), max_size=8))
def test_within_the_budget_the_game_gets_every_byte(data: bytes, cuts: list[int]) -> None:
    keys, clock = budget(rate=1e9, burst=1e9)
    points = sorted({0, len(data), *(c for c in cuts if c <= len(data))})
    out = b"".join(keys.take(data[a:b]).data for a, b in itertools.pairwise(points))
    clock.now += 1
    out += keys.take(b"\r").data  # finishes a sequence left cut at the very end
    assert out == data + b"\r"


async def test_a_notice_waits_for_a_still_screen_then_the_game_draws_over_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the event loop's clock moves only when told: what is due by then runs, however slow
    # the machine
    clock = [0.0]
    monkeypatch.setattr(asyncio.get_running_loop(), "time", lambda: clock[0])

    async def at(seconds: float) -> None:
        clock[0] = seconds
        for _ in range(3):
            await asyncio.sleep(0)

    sent: list[bytes] = []
    sizes: list[tuple[int, int]] = []
    shown = notice.ScreenNotice("too fast", sent.append, lambda: (40, 10, 0, 0),
                                lambda c, r, x, y: sizes.append((c, r)))
    shown.show()
    frames = [0.03 * i for i in range(1, 5)]
    for t in frames:  # the game draws a frame every 0.03 s: nothing is drawn over them
        await at(t)
        shown.output()
    await at(frames[-1] + notice.QUIET - 0.01)
    assert sent == []
    await at(frames[-1] + notice.QUIET)  # then its output is still: the notice is drawn
    assert sent == [b"\x1b7\x1b[10;1H\x1b[0;7m" + b" too fast ".ljust(40) + b"\x1b[0m\x1b8"]
    asked = frames[-1] + notice.QUIET + 1.0
    await at(asked)
    shown.show()  # asked again while up: kept up longer, not drawn twice
    await at(notice.SHOWN + 0.5)
    assert len(sent) == 1 and sizes == [] and shown.shown
    await at(asked + notice.SHOWN)  # then one row shorter for a moment, and back
    assert sizes == [(40, 9)]
    await at(asked + notice.SHOWN + notice.SHORTER)
    assert sizes == [(40, 9), (40, 10)] and not shown.shown and len(sent) == 1
