"""Keys typed in one burst act in order, also across the screens they open.

Textual hands a key to the widget focused when the app reads it, and runs most of what a key
does later, through messages.  Three Enters typed at once on the home menu would all reach the
menu before the first had opened the chooser (three choosers, one above the other).  Screens
that open other screens therefore act on their keys where the key reaches the screen, in the
order typed (as the game screen does), and hand on a key that was typed for the screen in front.

A screen that asks the app for something (a message up, :func:`ask_app`) holds the keys that
reach it until the app has acted: they go back to the app behind the message, and so reach
the screen the app opened (or this one again, when the app opened none).
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from textual import events
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList

#: screens waiting for the app to act on what they asked: how many asks are open
_ASKED: WeakKeyDictionary[Screen[Any], int] = WeakKeyDictionary()

#: an option list's moving keys and the actions they run (its bindings, minus Enter)
LIST_MOVES: dict[str, str] = {"up": "cursor_up", "down": "cursor_down", "home": "first",
                              "end": "last", "pageup": "page_up", "pagedown": "page_down"}


def _taken(event: events.Key) -> None:
    event.stop()
    event.prevent_default()


def ask_app(screen: Screen[Any], message: Message) -> None:
    """Post ``message`` up to the app; keys reaching ``screen`` until the app has handled it
    follow it (see :func:`held`)."""
    app = screen.app
    _ASKED[screen] = _ASKED.get(screen, 0) + 1
    app.post_message(message)
    if not app.call_later(_answered, screen):
        _answered(screen)  # the app is closing: nothing to wait for


def _answered(screen: Screen[Any]) -> None:
    left = _ASKED.get(screen, 0) - 1
    if left > 0:
        _ASKED[screen] = left
    else:
        _ASKED.pop(screen, None)


def held(screen: Screen[Any], event: events.Key) -> bool:
    """A key that reached ``screen`` while the app has still to act on what it asked: it
    goes back to the app, behind the message (the key is taken here)."""
    if not _ASKED.get(screen):
        return False
    _taken(event)
    screen.app.post_message(events.Key(event.key, event.character))
    return True


def hand_on(screen: Screen[Any], event: events.Key) -> bool:
    """A key that reached ``screen`` once another screen is in front: that screen's key.

    It is posted to the screen in front, behind what that screen has still to do (compose,
    mount), and ahead of the keys typed after it, which follow the same way.  A key that
    reached it while the app has still to act on what it asked follows the ask (:func:`held`)."""
    if held(screen, event):
        return True
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
