"""What a game screen's side panel and notes say, and panel lines that cost nothing when
they do not change.

The texts are drawn from the game (:class:`~puzzleterm.play.Play`) alone: its title and
level, the clock and why it stands still, the assists, the hint at its stage.

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

from ..engine import Status, technique_word
from ..play import IDLE_PAUSE, DealRequest, Play, Stage, format_time

PAUSED = "Paused — press p to go on."
IDLE = f"Paused after {IDLE_PAUSE // 60} minutes without a key — press p to go on."
AWAY = "Paused while the terminal is out of focus — back in it (or p), the game goes on."


def paused_note(game: Play) -> str:
    """The note in the board's place while it is hidden."""
    if game.paused:
        return IDLE if game.auto_paused else PAUSED
    return AWAY


def dealing_note(request: DealRequest) -> str:
    """What the loading indicator says while a game is dealt."""
    if request.daily is not None:
        return f"Dealing the daily puzzle of {request.daily.day.isoformat()}…"
    if request.game_id is not None:
        return f"Loading {request.game_id}…"
    if request.choice is not None and request.choice.technique is not None:
        return (f"Dealing a {request.choice.params} puzzle to practise "
                f"{technique_word(request.choice.technique)}…")
    if request.choice is not None:
        lv = request.choice.level.label if request.choice.level is not None else "any level"
        return f"Dealing a {request.choice.params} puzzle ({lv})…"
    return "Dealing…"


def title_lines(game: Play, title: str) -> Text:
    """The title, then the level and rating."""
    session = game.session
    out = Text(title, style="bold")
    level = session.level.label if session.level is not None else "unrated"
    rating = f" ({session.rating:.1f})" if session.rating is not None else ""
    out.append(f"\n{level}{rating}", style="italic")
    if session.puzzle.technique is not None:
        out.append(f"\npractice: {technique_word(session.puzzle.technique)}", style="italic")
    return out


def info_lines(game: Play, kind_lines: Text, broken: str) -> Text:
    """The clock (and why it stands still), the kind's lines, the assists, and whether the
    puzzle is solved or breaks a rule (``broken`` says which)."""
    session = game.session
    info = Text()
    info.append("Time  ")
    info.append(format_time(game.elapsed), style="bold")
    if game.board_hidden:
        info.append("  paused", style="reverse")
        if game.auto_paused:
            info.append(f"\nno key for {IDLE_PAUSE // 60} minutes", style="italic")
        elif not game.paused:
            info.append("\nterminal out of focus", style="italic")
    if kind_lines.plain:
        info.append("\n")
        info.append_text(kind_lines)
    flags = []
    if session.checking:
        flags.append("checking")
    if session.assisted:
        flags.append("assisted")
    if session.hints_used:
        flags.append(f"hints {session.hints_used}")
    if flags:
        info.append("\n" + " · ".join(flags))
    if session.finished:
        info.append("\nSolved!", style="bold green")
    elif session.status is Status.BROKEN:
        info.append("\n" + broken, style="bold red")
    return info


def hint_lines(game: Play) -> Text:
    """The hint at its stage (nothing while the board is hidden)."""
    if game.board_hidden:
        return Text("")
    if game.hint_waiting:
        return Text("Hint: thinking…", style="italic")
    step = game.hint_step
    if step is None or game.hint_stage is Stage.NONE:
        return Text("")
    out = Text()
    if game.hint_stage is Stage.NUDGE:
        out.append("Hint: ", style="bold")
        out.append(step.nudge or step.name)
        out.append("\n(t again: show the step)", style="italic")
    else:
        out.append(f"{step.name}: ", style="bold")
        out.append(step.explanation or step.nudge)
        out.append("\n(t again: apply it)", style="italic")
    return out

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
