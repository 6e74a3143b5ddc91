"""The Block Arena `Game`: options, computer players, and where its parts (notation, state, the checks of a
position read back) are, imported when a table is made."""
from __future__ import annotations

from companion.core import Game, GameType, Option, RandomPlayer

from .board import MAX_SIZE, MIN_SIZE
from .rules import RULES


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
    computer_players = {"random": RandomPlayer, "greedy": "players:GreedyPlayer", "search": "search:SearchPlayer"}
    terminations = ("goal", "stuck", "turn-limit")  # BA-12, BA-13, BA-9 (state.GOAL, STUCK, LIMIT)
    state_noun = "a possible Block Arena position"
    state_class, restore, notation = "state:BAState", "restore:state_from_dict", "actions:NOTATION"

