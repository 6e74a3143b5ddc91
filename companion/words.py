"""How a game's choices and cards read at the table: worded once, by the game, for every screen.

Each game words them in `companion/games/<game>/words.py` (the touchscreen and the phones both read it):

    label(action, view, names) -> str      a choice as its button says it, never its notation
    ask(action, view, names) -> str        (optional) the question the choice answers, a heading over it
    context(view) -> value                 (optional) all that `label` and `ask` read of the view: the same
                                           actions in the same context are worded the same (a phone's
                                           offer is made from it, so its held words are never stale)
    cards(view, seat, names) -> {code: {"name", "note"}}   the cards seat `seat`'s view shows, as printed

`view` is what the seat sees (`State.view(seat)`), `names` the table's `events.Names` (with its game).
A game without such a module (the tests' toy games) shows an action's text and no card words.
"""
from __future__ import annotations

import importlib
from functools import lru_cache
from types import ModuleType
from typing import Any

from companion.core import Action
from companion.events import Names


@lru_cache(maxsize=None)
def _module(package: str) -> ModuleType | None:
    try:
        return importlib.import_module(package + ".words")
    except ModuleNotFoundError:
        return None


def of(game: Any) -> ModuleType | None:
    """The game's words module, if it has one."""
    return _module(type(game).__module__.rsplit(".", 1)[0])


def label(game: Any, action: Action, view: dict[str, Any], names: Names) -> str:
    words = of(game)
    return words.label(action, view, names) if words is not None else str(action)


def cards(game: Any, view: dict[str, Any], seat: int | None, names: Names) -> dict[str, dict[str, str]]:
    words = of(game)
    return words.cards(view, seat, names) if words is not None and hasattr(words, "cards") else {}


def ask(game: Any, action: Action, view: dict[str, Any], names: Names) -> str | None:
    words = of(game)
    return words.ask(action, view, names) if words is not None and hasattr(words, "ask") else None


def context(game: Any, view: dict[str, Any]) -> Any:
    words = of(game)
    return words.context(view) if words is not None and hasattr(words, "context") else None
