"""The Time Runners `Game`: static facts and notation. Its actions, state and the checks of a state read
back (`restore`) are imported when a table is made, not with the game: the home screen lists every game
before its first frame."""
from __future__ import annotations

from typing import Any

from companion.core import CHANCE_DRAWN, HIDDEN, WINNER, Game, GameType

from .rules import RULES


class TimeRunners(Game):
    id = "time-runners"
    title = "Time Runners"
    min_players = 2
    max_players = 6
    type = GameType(chance=CHANCE_DRAWN, information=HIDDEN, outcome=WINNER, hardware=("dice", "hand"))
    terminations = ("finish",)  # state.FINISH (TR-12)
    rules = RULES

    def __init__(self, players: int, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        from .actions import card_actions, parse_action
        self._card_table = card_actions(players)
        self._parse = parse_action  # bound once here: parse_action is on the hot path

    def new_state(self):
        from .state import TRState
        return TRState(self)

    def parse_action(self, text: str):
        return self._parse(text)

    def state_from_dict(self, data: dict[str, Any]):
        from .restore import state_from_dict
        return state_from_dict(self, data)
