"""The seven basic cards as scripts of steps the resolver runs (the rule text's table, in our words).

A step is a tuple: ("block", amount, "faced"|"all"), ("edge-turn", "center"|"edge"),
("move", "forward"|"backward", spaces), ("may-turn",), ("strike", force, range or None for any
distance), ("dive",). A card that is not basic (a Legend's own card) runs ("primitives",): the table
resolves it step by step from the primitives panel (LA-4).
"""
from __future__ import annotations

from companion.events import title_of

#: the eight Legends, one data file each in `data/` (here, not in `data`, so the game lists them without reading any)
LEGEND_IDS = ("alysia", "fitz", "hilda", "lucius", "zephyr", "sabo", "lord-grym", "tikkit")

BASIC_SPEED = {"step": 95, "dive": 90, "defensive-pivot": 80, "back": 65, "shot": 50, "smash": 50, "punch": 50}

BASIC_SCRIPT: dict[str, tuple[tuple, ...]] = {
    "step": (("block", 1, "faced"), ("edge-turn", "center"), ("move", "forward", 1)),
    "dive": (("dive",),),
    "defensive-pivot": (("block", 2, "all"), ("may-turn",)),
    "back": (("edge-turn", "edge"), ("move", "backward", 1), ("may-turn",)),
    "shot": (("may-turn",), ("strike", 1, None)),
    "smash": (("strike", 3, 0),),
    "punch": (("strike", 2, 0),),
}

BASIC_NAMES = {card: title_of(card) for card in BASIC_SPEED}  # "Defensive Pivot", as printed

BASICS = tuple(BASIC_SPEED)
PRIMITIVES_SCRIPT = (("primitives",),)


def script(card: str) -> tuple[tuple, ...]:
    return BASIC_SCRIPT.get(card, PRIMITIVES_SCRIPT)
