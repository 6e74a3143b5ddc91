"""How Block Arena's moves read at the table (see companion/words.py): the touchscreen's suggested move and
the phones' choices alike."""
from __future__ import annotations

from typing import Any

from companion.events import Names

from .actions import End, Flip, Go, Meeple, Place, Slide

#: a direction as the table says it
DIR_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def span(squares) -> str:
    return "-".join(squares)


def suggestion_words(action) -> str:
    """A move in words, from its type and fields ("slide the block on d1 north")."""
    if isinstance(action, Place):
        return (f"a block standing on {action.square}" if action.other is None
                else f"a block lying on {span([action.square, action.other])}")
    if isinstance(action, Meeple):
        return f"meeple on {action.square}"  # the setup step: put your meeple on your block there
    if isinstance(action, Slide):
        return f"slide the block on {action.square} {DIR_WORDS.get(action.dir, action.dir)}"
    if isinstance(action, Flip):
        return (f"stand the block up on {action.square}" if action.dir is None
                else f"tip the block on {action.square} over to the {DIR_WORDS.get(action.dir, action.dir)}")
    if isinstance(action, Go):
        return f"move your meeple to {action.square}"
    if isinstance(action, End):
        return "end the turn"
    return action.type


def label(action, view: dict[str, Any], names: Names) -> str:
    if isinstance(action, Place):
        text = "place " + suggestion_words(action)
    elif isinstance(action, Meeple):
        text = f"put your meeple on your block on {action.square}"
    else:
        text = suggestion_words(action)
    return text[:1].upper() + text[1:]
