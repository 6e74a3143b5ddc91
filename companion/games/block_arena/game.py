"""The Block Arena `Game`: options and notation. Its actions, state and the checks of a position read back
(`restore`) are imported when a table is made, not with the game: the home screen lists every game
before its first frame."""
from __future__ import annotations

from typing import Any

from companion.core import Game, GameType, Option, RandomPlayer

from .board import MAX_SIZE, MIN_SIZE
from .rules import RULES


def _greedy():
    from .players import GreedyPlayer
    return GreedyPlayer()


def _search():
    from .search import SearchPlayer
    return SearchPlayer()


class BlockArena(Game):
    id = "block-arena"
    title = "Block Arena"
    min_players = max_players = 2
    type = GameType(chance="none", information="perfect", outcome="winner")
    options_schema = (
        Option("columns", "int", 6, "block-arena/BA-1", label="Columns", low=MIN_SIZE, high=MAX_SIZE),
        Option("rows", "int", 6, "block-arena/BA-1", label="Rows", low=MIN_SIZE, high=MAX_SIZE),
        Option("bga", "bool", False, "block-arena/BA-9", label="40-turn variant (meeple or block a turn)"),
    )
    rules = RULES
    computer_players = {"random": RandomPlayer, "greedy": _greedy, "search": _search}
    terminations = ("goal", "stuck", "turn-limit")  # BA-12, BA-13, BA-9 (state.GOAL, STUCK, LIMIT)

    def __init__(self, players: int, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        from .actions import parse_action
        self._parse = parse_action  # bound once here: parse_action is on the hot path

    def new_state(self):
        from .state import BAState
        return BAState(self)

    def parse_action(self, text: str):
        return self._parse(text)

    def state_from_dict(self, data: dict[str, Any]):
        from .restore import state_from_dict
        return state_from_dict(self, data)

