"""The stats charts: zero-based bars measured in eighths, a value on each bar, a label under
each; the daily times and the per-level medians they are drawn from."""

from __future__ import annotations

from datetime import date

from puzzleterm.daily_play import Stats, StatsRow
from puzzleterm.engine import find_kind
from puzzleterm.screens.daily import median_bars, recent_bars
from puzzleterm.widgets.bar_chart import Bar, column_chart, eighths, row_chart


def bar_heights(text: str, bars: int, col: int) -> list[int]:
    """How many rows of each column hold a block character."""
    rows = text.splitlines()
    return [sum(1 for r in rows if any(ch in "▁▂▃▄▅▆▇█" for ch in r[i * col:(i + 1) * col]))
            for i in range(bars)]


def test_close_times_draw_as_nearly_equal_bars() -> None:
    assert eighths(15, 15, 8) == 64
    assert eighths(14, 15, 8) == 60  # 00:14 is 14/15 of 00:15, not a one-row sliver
    text = column_chart([Bar("a", 15, "00:15"), Bar("b", 14, "00:14")], 8, 80).plain
    first, second = bar_heights(text, 2, 6)
    assert first == 8 and second == 8  # 60 eighths: seven full rows and a partial one


def test_the_axis_is_zero_based_and_a_small_value_still_shows() -> None:
    assert eighths(1, 100, 8) == 1
    assert eighths(0, 100, 8) == 0
    assert eighths(50, 100, 8) == 32
    text = column_chart([Bar("a", 100, "01:40"), Bar("b", 50, "00:50")], 8, 80).plain
    assert bar_heights(text, 2, 6) == [8, 4]


def test_each_bar_has_its_value_above_and_its_label_below() -> None:
    bars = [Bar("11-21", 300, "05:00"), Bar("11-22", 600, "10:00"), Bar("11-23", 150, "02:30")]
    lines = column_chart(bars, 4, 80).plain.splitlines()
    assert lines[0].split() == ["10:00"]  # the tallest bar's value on the top row
    assert lines[-1].split() == ["11-21", "11-22", "11-23"]
    assert set(lines[-2].strip()) == {"─"}
    body = "\n".join(lines[:-2])
    for bar in bars:
        assert body.count(bar.text) == 1
    # a value sits right above its own bar
    for i, bar in enumerate(bars):
        col = [line[i * 6:(i + 1) * 6] for line in lines[:-2]]
        top = next(r for r, cell in enumerate(col) if any(ch in "▁▂▃▄▅▆▇█" for ch in cell))
        assert bar.text in col[top - 1]


def test_a_single_time_is_the_top_of_its_own_zero_based_axis_and_bars_fit_the_width() -> None:
    one = column_chart([Bar("11-23", 42, "00:42")], 5, 40).plain
    assert bar_heights(one, 1, 6) == [5]
    many = [Bar(f"d{i:02}", 10 + i, f"00:{10 + i}") for i in range(20)]
    shown = column_chart(many, 5, 30).plain.splitlines()[-1].split()
    assert shown == ["d15", "d16", "d17", "d18", "d19"]  # the latest that fit in 30 columns


def test_row_chart_is_zero_based_with_values_and_a_dash_for_no_time() -> None:
    bars = [Bar("easy", 300, "05:00"), Bar("hard", 600, "10:00"), Bar("expert", 0, "—")]
    lines = row_chart(bars, 40).plain.splitlines()
    assert [line.split()[0] for line in lines] == ["easy", "hard", "expert"]
    assert [line.split()[-1] for line in lines] == ["05:00", "10:00", "—"]
    easy, hard = (line.count("█") * 8 + sum(line.count(c) * (i + 1)
                                            for i, c in enumerate("▏▎▍▌▋▊▉"))
                  for line in lines[:2])
    assert abs(hard - 2 * easy) <= 1
    assert "█" not in lines[2]


def test_the_stats_feed_the_charts_with_days_and_medians() -> None:
    rows = (StatsRow("sudoku", "9x9", "easy", 3, 2, 200.0, 250.0, ),
            StatsRow("sudoku", "9x9", "hard", 1, 0, None, None))
    stats = Stats(rows, 0, 0, 2, (250.0, 200.0), (date(2026, 11, 22), date(2026, 11, 23)))
    assert recent_bars(stats) == [Bar("11-22", 250.0, "04:10"), Bar("11-23", 200.0, "03:20")]
    assert median_bars(stats) == [Bar("9x9 easy", 250.0, "04:10"), Bar("9x9 hard", 0.0, "—")]
    mixed = Stats((*rows, StatsRow("latin", "5x5", "easy", 1, 1, 30.0, 30.0)), 0, 0, 0, ())
    assert median_bars(mixed)[2].label == find_kind("latin").title + " 5x5 easy"
