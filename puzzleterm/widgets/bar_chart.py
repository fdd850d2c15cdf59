"""Bar charts drawn with Rich text: zero-based, a label under and a value on each bar.

Bars are measured in eighths of a cell (the block characters ``▁``..``█``), so 00:15 and
00:14 draw as nearly equal bars.  No plotting library: these fit any terminal (256 colours,
``NO_COLOR``, SSH) and put the value on each bar, which is what the player reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

#: a cell filled to 0..8 eighths from the bottom (columns) or from the left (rows)
UP_EIGHTHS = " ▁▂▃▄▅▆▇█"
RIGHT_EIGHTHS = " ▏▎▍▌▋▊▉█"


@dataclass(frozen=True)
class Bar:
    """One bar: its label (under a column, left of a row), its value and the value's text."""

    label: str
    value: float
    text: str


def eighths(value: float, top: float, cells: int) -> int:
    """The length of a bar of ``value`` on a zero-based axis whose ``top`` takes ``cells``
    cells, in eighths of a cell; a positive value is never drawn as nothing."""
    if top <= 0 or value <= 0 or cells <= 0:
        return 0
    return max(1, min(cells * 8, round(value / top * cells * 8)))


def column_chart(bars: Sequence[Bar], height: int, width: int) -> Text:
    """Vertical bars side by side (the last ones that fit in ``width``), each with its value
    just above it and its label under the axis; ``height`` rows of bars."""
    col = max([len(b.label) for b in bars] + [len(b.text) for b in bars] + [3]) + 1
    shown = list(bars[-max(1, width // col):]) if bars else []
    top = max((b.value for b in shown), default=0.0)
    lengths = [eighths(b.value, top, height) for b in shown]
    bar_w = max(1, col - 3)
    pad = (col - bar_w) // 2
    out = Text(no_wrap=True, overflow="crop")
    for row in range(height + 1):  # row 0 is room for the tallest bar's value
        cells_below = height - row  # whole cells under this row's bottom edge
        for length, bar in zip(lengths, shown, strict=True):
            fill = length - cells_below * 8
            full_rows = -(-length // 8)  # rows the bar reaches into
            if fill > 0:
                out.append(" " * pad + UP_EIGHTHS[min(fill, 8)] * bar_w
                           + " " * (col - pad - bar_w), style="bold cyan")
            elif row == height - full_rows:  # just above the bar: its value
                out.append(f"{bar.text:^{col - 1}} ", style="bold")
            else:
                out.append(" " * col)
        out.append("\n")
    out.append("─" * (col * len(shown)) + "\n", style="dim")
    out.append("".join(f"{b.label:^{col - 1}} " for b in shown), style="dim")
    return out


def row_chart(bars: Sequence[Bar], width: int) -> Text:
    """Horizontal bars, one a line: the label, the bar (zero-based) and its value; a bar
    without a value (``value`` < 0) shows its text alone."""
    label_w = max((len(b.label) for b in bars), default=0) + 1
    text_w = max((len(b.text) for b in bars), default=0) + 1
    cells = max(1, width - label_w - text_w)
    top = max((b.value for b in bars), default=0.0)
    out = Text(no_wrap=True, overflow="crop")
    for i, bar in enumerate(bars):
        length = eighths(bar.value, top, cells)
        drawn = "█" * (length // 8) + (RIGHT_EIGHTHS[length % 8] if length % 8 else "")
        out.append(f"{bar.label:<{label_w}}")
        out.append(drawn, style="bold cyan")
        out.append(" " * (cells - len(drawn)) + f" {bar.text}")
        if i < len(bars) - 1:
            out.append("\n")
    return out


class ColumnChart(Widget):
    """A :func:`column_chart` that fills the widget (as many bars as fit, the latest)."""

    DEFAULT_CSS = """
    ColumnChart { height: 9; }
    """

    def __init__(self, bars: Sequence[Bar], id: str | None = None) -> None:
        super().__init__(id=id)
        self.bars = tuple(bars)

    def render(self) -> Text:
        return column_chart(self.bars, max(1, self.size.height - 3), self.size.width)


class RowChart(Widget):
    """A :func:`row_chart` as wide as the widget."""

    DEFAULT_CSS = """
    RowChart { height: auto; }
    """

    def __init__(self, bars: Sequence[Bar], id: str | None = None) -> None:
        super().__init__(id=id)
        self.bars = tuple(bars)

    def render(self) -> Text:
        return row_chart(self.bars, self.size.width)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(1, len(self.bars))
