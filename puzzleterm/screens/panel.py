"""Side-panel lines that cost nothing when they do not change.

A Static's update repaints it and lays the whole screen out again (its height may change).
The panel is redrawn after every key and every second (the clock), and most of its lines are
the same as before: :func:`show_line` updates a line only when its text changed, and skips the
layout when the new text takes the same number of lines as the old one without wrapping.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

#: What a panel line shows: its text, style and spans, and its height when nothing wraps.
Shown = tuple[Any, ...]


def plain_height(text: Text, width: int) -> int | None:
    """Lines ``text`` takes at ``width`` when no line wraps; None when one would, or when the
    width is not known yet; 0 for no text (an empty Static may be drawn with no line)."""
    if width <= 0:
        return None
    if not text.plain:
        return 0
    lines = text.plain.split("\n")
    return len(lines) if all(cell_len(line) <= width for line in lines) else None


def show_line(static: Static, text: Text, shown: Shown | None) -> Shown:
    """Make ``static`` show ``text`` (``shown``: what it shows now); what it shows then."""
    key = (text.plain, text.style, tuple(text.spans))
    if shown is not None and shown[:3] == key:
        return shown
    height = plain_height(text, static.content_size.width)
    same_height = height is not None and shown is not None and shown[3] == height
    static.update(text, layout=not same_height)
    return (*key, height)
