"""The registry: the one list of games, built from the game classes themselves.

Adding a game is one line in GAME_MODULES (a package whose `GAME` is its `Game` subclass). A package
must import cheaply: the home screen lists every game before its first frame, so a package's
`__init__` imports only its `Game` class module, which imports the rest (actions, state, data, search)
inside the methods that need them (tests/test_registry_imports.py).
"""
from __future__ import annotations

import importlib

from companion.core import BadRequest, Game

GAME_MODULES = (
    "companion.games.time_runners",
    "companion.games.legends",
    "companion.games.chronomage",
    "companion.games.block_arena",
)


def _load() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for module in GAME_MODULES:
        try:
            cls = getattr(importlib.import_module(module), "GAME", None)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # a game that exists but fails to import is a bug: say so
                raise
            continue  # not built yet
        if cls is not None:  # a package still without its Game is not built yet either
            found[cls.id] = cls
    return found


REGISTRY: dict[str, type[Game]] = _load()


def game_class(game_id: object) -> type[Game]:
    """The Game subclass for `game_id`; BadRequest naming the games there are if it is unknown."""
    try:
        return REGISTRY[game_id]  # type: ignore[index]
    except (KeyError, TypeError):
        known = ", ".join(REGISTRY)
        shown = repr(game_id)[:40]
        raise BadRequest("unknown-game", f"There is no game {shown}; the games are {known}.", "protocol/new") from None


def make_game(game_id: object, players: int, options: dict | None = None) -> Game:
    return game_class(game_id)(players, options)
