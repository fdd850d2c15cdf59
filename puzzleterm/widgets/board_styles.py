"""How the Sudoku-family board looks: its colours, its line junctions, and what stands in for
colour when there is none (``NO_COLOR``).

Without colour the board keeps only text attributes (Textual drops every colour, keeps bold,
underline, reverse...): the cursor is drawn in reverse, and the cells a hint points at are
underlined, the cell the step settles in bold as well, so a hint stays visible.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style


@dataclass(frozen=True)
class Palette:
    text: str
    bg: str
    border: str
    box_border: str
    given: str
    player: str
    mark: str
    peer_bg: str
    same_bg: str
    cursor_bg: str
    cursor_pencil_bg: str
    cursor_fg: str
    diag_bg: str
    diag_peer_bg: str
    conflict: str
    mistake: str
    hint_bg: str
    hint_house_bg: str
    hint_target_bg: str
    keep: str
    drop: str


#: Colours chosen to stay distinct when downsampled to the 256-colour palette.
TRUE_PALETTE = Palette(
    text="#d0d0d0", bg="#1c1c1c", border="#585858", box_border="#bcbcbc",
    given="#ffffff", player="#5fafff", mark="#8a8a8a",
    peer_bg="#303030", same_bg="#5f5f00", cursor_bg="#0087af", cursor_pencil_bg="#875f87",
    cursor_fg="#ffffff", diag_bg="#00005f", diag_peer_bg="#000087",
    conflict="#ff5f5f", mistake="#ff87ff",
    hint_bg="#005f00", hint_house_bg="#00303f", hint_target_bg="#008700",
    keep="#87ff87", drop="#ff5f5f",
)

#: The same roles in the terminal's own 16 ANSI colours (``App.ansi_color``).
ANSI_PALETTE = Palette(
    text="default", bg="default", border="bright_black", box_border="white",
    given="bright_white", player="bright_cyan", mark="bright_black",
    peer_bg="bright_black", same_bg="yellow", cursor_bg="blue", cursor_pencil_bg="magenta",
    cursor_fg="bright_white", diag_bg="black", diag_peer_bg="bright_black",
    conflict="bright_red", mistake="bright_magenta",
    hint_bg="green", hint_house_bg="black", hint_target_bg="bright_green",
    keep="bright_green", drop="bright_red",
)

_JUNCTIONS = {
    (0, 0, 1, 1): "─", (0, 0, 2, 2): "━", (1, 1, 0, 0): "│", (2, 2, 0, 0): "┃",
    (0, 2, 0, 2): "┏", (0, 2, 2, 0): "┓", (2, 0, 0, 2): "┗", (2, 0, 2, 0): "┛",
    (0, 2, 2, 2): "┳", (2, 0, 2, 2): "┻", (2, 2, 0, 2): "┣", (2, 2, 2, 0): "┫",
    (2, 2, 2, 2): "╋", (0, 1, 2, 2): "┯", (1, 0, 2, 2): "┷", (2, 2, 0, 1): "┠",
    (2, 2, 1, 0): "┨", (1, 1, 1, 1): "┼", (2, 2, 1, 1): "╂", (1, 1, 2, 2): "┿",
    (0, 0, 2, 0): "━", (0, 0, 0, 2): "━",
}


def junction(up: int, down: int, left: int, right: int) -> str:
    return _JUNCTIONS.get((up, down, left, right), "┼" if max(up, down, left, right) < 2 else "╋")


#: No colour: the cells a hint points at (the pattern's cells and the step's targets).
NO_COLOR_HINT = Style(underline=True)
#: No colour: the cell the step places a digit in (its marks shown bold, not dim).
NO_COLOR_HINT_TARGET = Style(underline=True, bold=True)


def no_color_hint(hinted: bool, target: bool) -> Style | None:
    """What stands in for a hint's background colour on a cell when there is no colour."""
    if target:
        return NO_COLOR_HINT_TARGET
    if hinted:
        return NO_COLOR_HINT
    return None
