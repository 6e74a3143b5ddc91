"""The registry: every game found by its id, whether or not its engine exists yet.

A game whose engine is not written yet stays listed (the home screen shows it as coming), and
asking to play it is a clear refusal rather than a missing entry.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from companion.core import Game, Refusal


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    module: str | None  # a module defining `GAME`, a Game subclass; None: not built yet

    @property
    def available(self) -> bool:
        return self.module is not None


REGISTRY: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo("time-runners", "Time Runners", 2, 6, "companion.games.time_runners"),
        GameInfo("legends-of-the-arena", "Legends of the Arena", 2, 6, None),
        GameInfo("chronomage", "Chronomage", 1, 4, None),
        GameInfo("block-arena", "Block Arena", 2, 2, None),
    )
}


def info(game_id: str) -> GameInfo:
    try:
        return REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(REGISTRY)
        raise Refusal("unknown-game", f"There is no game {game_id!r}; the games are {known}.", "registry") from None


def game_class(game_id: str) -> type[Game]:
    """The Game subclass for `game_id`; Refusal if unknown or not playable yet."""
    entry = info(game_id)
    if entry.module is None:
        raise Refusal("game-not-available", f"{entry.title} is not playable yet: its rules engine is still being built.", "registry")
    return importlib.import_module(entry.module).GAME


def make_game(game_id: str, players: int, options: dict | None = None) -> Game:
    return game_class(game_id)(players, options)
