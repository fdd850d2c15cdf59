"""A line to paste elsewhere (a daily's share line), shown selected and ready to copy.

Copying goes through the terminal (OSC 52), which many do not pass on (tmux without
``set-clipboard``, some SSH clients, Linux consoles): the line is also shown here, in a
read-only text area with all of it selected, so the player can copy it by hand.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.widgets import TextArea


def clipboard_doubtful(env: Mapping[str, str]) -> bool:
    """Whether the terminal is unlikely to take the clipboard from the app (tmux or screen
    in between, or a Linux console)."""
    return bool(env.get("TMUX") or env.get("STY") or env.get("TERM", "").startswith(
        ("screen", "linux")))


class ShareBox(TextArea):
    """The share line, read-only, wrapped, all of it selected."""

    DEFAULT_CSS = """
    ShareBox { height: auto; max-height: 4; border: none; padding: 0; }
    ShareBox:focus { border: none; }
    """

    def __init__(self, text: str, id: str | None = None) -> None:
        super().__init__(text, read_only=True, soft_wrap=True, show_cursor=False,
                         highlight_cursor_line=False, compact=True, id=id)

    def on_mount(self) -> None:
        self.select_all()

    def on_blur(self) -> None:
        self.select_all()  # a click that moved the selection leaves it whole again
