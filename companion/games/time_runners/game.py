"""The Time Runners `Game`: static facts, and where its parts (notation, state, the checks of a state read
back) are, imported when a table is made."""
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
    state_noun = "a valid Time Runners state"
    state_class, restore, notation = "state:TRState", "restore:state_from_dict", "actions:NOTATION"

    def __init__(self, players: int, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        from .actions import card_actions
        self._card_table = card_actions(players)
