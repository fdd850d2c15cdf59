"""Keys typed in one burst act in order, also across the screens they open.

Textual hands a key to the widget focused when the app reads it, and runs most of what a key
does later, through messages.  Three Enters typed at once on the home menu would all reach the
menu before the first had opened the chooser (three choosers, one above the other).  Screens
that open other screens therefore act on their keys where the key reaches the screen, in the
order typed (as the game screen does), and hand on a key that was typed for the screen in front.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen
from textual.widgets import OptionList

#: an option list's moving keys and the actions they run (its bindings, minus Enter)
LIST_MOVES: dict[str, str] = {"up": "cursor_up", "down": "cursor_down", "home": "first",
                              "end": "last", "pageup": "page_up", "pagedown": "page_down"}


def _taken(event: events.Key) -> None:
    event.stop()
    event.prevent_default()


def hand_on(screen: Screen[Any], event: events.Key) -> bool:
    """A key that reached ``screen`` once another screen is in front: that screen's key.

    It is posted to the screen in front, behind what that screen has still to do (compose,
    mount), and ahead of the keys typed after it, which follow the same way."""
    front = screen.app.screen
    if front is screen:
        return False
    _taken(event)
    front.post_message(events.Key(event.key, event.character))
    return True


def move_in_list(screen: Screen[Any], event: events.Key) -> bool:
    """Up, down, Home, End, PageUp/Down on the focused option list, now."""
    focused = screen.focused
    action = LIST_MOVES.get(event.key)
    if not isinstance(focused, OptionList) or action is None:
        return False
    _taken(event)
    getattr(focused, f"action_{action}")()
    return True


def enter_on_list(screen: Screen[Any], event: events.Key) -> tuple[OptionList, int] | None:
    """Enter on the focused option list with an option highlighted: that list and index (the
    key is taken; the caller acts on the choice now)."""
    focused = screen.focused
    if event.key != "enter" or not isinstance(focused, OptionList):
        return None
    index = focused.highlighted
    if index is None:
        return None
    _taken(event)
    return focused, index
