"""Write a Time Runners position in one call (like a FEN for tests, demos and corrections).

    table(3, hour=2, positions=[7, 0, 0], hands={1: ["set", "+1!"]})

builds the dict of a running game (phase "roll", seat `current` in turn, roll-off won by seat 1) and
returns it checked by `state_from_dict`. Unspecified hands get the next cards of the box order; the
remaining cards form the draw pile (box order, top first) unless `draw_pile` is given, then the discard.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .actions import CODES, DECK


def table_dict(players: int = 3, *, phase: str = "roll", hour: int = 12, positions=None, current: int = 1,
               hands: dict[int, list[str]] | None = None, draw_pile=None, discard_pile=None,
               last_roll: int | None = None, cards_played=(), sensor_off: bool = False,
               winner: int | None = None, turn_number: int = 1) -> dict[str, Any]:
    pool = Counter(DECK)
    hands = dict(hands or {})
    for cards in list(hands.values()) + [discard_pile or [], draw_pile or []]:
        pool.subtract(cards)
    if any(v < 0 for v in pool.values()):
        raise ValueError("more copies of a card than the deck has")
    rest = list(pool.elements())  # box order: Counter keeps the deck's first-seen order
    for s in range(1, players + 1):
        if s not in hands:
            hands[s], rest = rest[:6], rest[6:]
    if draw_pile is None:
        draw_pile, rest = rest, []
    discard_pile = list(discard_pile or []) + rest
    if last_roll is None and phase in ("cards", "over"):
        last_roll = 1
    return {
        "game": "time-runners", "players": players, "phase": phase, "hour": hour,
        "positions": list(positions or [0] * players), "current": current, "winner": winner,
        "hands": [list(hands[s]) for s in range(1, players + 1)],
        "draw_pile": list(draw_pile), "discard_pile": discard_pile,
        "last_roll": None if last_roll is None else {"seat": current, "value": last_roll, "from": None, "to": None},
        "cards_played": [dict(zip(("seat", "code", "arg", "after_move"), p)) for p in cards_played],
        "roll_off": {"round": 1, "seats": list(range(1, players + 1)), "rolls": [6] + [1] * (players - 1),
                     "starter": 1},
        "turn_number": turn_number, "sensor_off": sensor_off,
    }


def table(players: int = 3, **fields):
    from .game import TimeRunners
    return TimeRunners(players).state_from_dict(table_dict(players, **fields))


def wellformed_texts(players: int) -> list[str]:
    """Every syntactically valid action text but shuffles, seats and arguments one past the edges:
    the probe set for checking that `legal_actions()` lists exactly what `apply` accepts."""
    out = ["roll", "end", "sensor on", "sensor off"] + [f"roll {v}" for v in range(0, 8)]
    for seat in range(0, players + 2):
        for code in CODES:
            base = code.rstrip("!")
            if base == "set":
                out += [f"play {seat} {code} {h}" for h in range(0, 14)]
            elif base == "swap":
                out += [f"play {seat} {code} {t}" for t in range(0, players + 2)]
            else:
                out.append(f"play {seat} {code}")
    return out
