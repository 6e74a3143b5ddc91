"""Write a Time Runners position in one call (like a FEN for tests, demos and corrections).

    table(3, hour=2, positions=[7, 0, 0], hands={1: ["set", "+1!"]})

builds the dict of a running game (phase "roll", seat `current` in turn on turn `turn_number`, the
roll-off won by the seat that makes that so) and returns it checked by `state_from_dict`. Unspecified
hands get the next cards of the box order (the mover's six less the cards it played this turn); the
remaining cards form the draw pile (box order, top first) unless `draw_pile` is given, then the discard.
The cards played this turn lie on top of the discard. A mover's hand given shorter than six is explained
as +N!/-N! Instants it played before the roll (listed first in `cards_played`), as the rules require.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from companion.games.time_runners.actions import CODES, DECK

#: Instants that explain a mover's short hand (played before the roll; no argument needed)
FILLERS = ("+1!", "-1!", "+2!", "-2!", "+3!", "-3!")


def table_dict(players: int = 3, *, phase: str = "roll", hour: int = 12, positions=None, current: int = 1,
               hands: dict[int, list[str]] | None = None, draw_pile=None, discard_pile=None,
               last_roll: int | None = None, cards_played=(), sensor_off: bool = False,
               winner: int | None = None, turn_number: int = 1) -> dict[str, Any]:
    n = players
    pool = Counter(DECK)
    hands = dict(hands or {})
    plays = [tuple(p) for p in cards_played]
    for cards in list(hands.values()) + [discard_pile or [], draw_pile or [], [p[1] for p in plays]]:
        pool.subtract(cards)
    if any(v < 0 for v in pool.values()):
        raise ValueError("more copies of a card than the deck has")
    in_turn = phase in ("roll", "cards", "over")
    own = sum(1 for p in plays if p[0] == current)
    if in_turn and current in hands and len(hands[current]) + own < 6:
        # the mover drew to six: the missing cards were Instants played before the roll
        short = 6 - len(hands[current]) - own
        fill = [c for c in FILLERS for _ in range(pool[c])][:short]
        if len(fill) < short:
            raise ValueError("not enough +N!/-N! cards left to explain the mover's short hand")
        pool.subtract(fill)
        plays = [(current, c, None, False) for c in fill] + plays
    rest = list(pool.elements())  # box order: Counter keeps the deck's first-seen order
    for s in range(1, n + 1):
        if s not in hands:
            k = 6 - own if in_turn and s == current else 6
            hands[s], rest = rest[:k], rest[k:]
    if draw_pile is None:
        draw_pile, rest = rest, []
    discard_pile = [p[1] for p in reversed(plays)] + list(discard_pile or []) + rest
    starter = (current - 1 - (turn_number - 1)) % n + 1
    roller = current
    if phase in ("roll", "reshuffle"):
        roller = (current - 2) % n + 1
        if turn_number > 1 and last_roll is None:
            last_roll = 1
        if turn_number == 1:
            last_roll = None
    elif last_roll is None and phase in ("cards", "over"):
        last_roll = 1
    return {
        "game": "time-runners", "players": n, "phase": phase, "hour": hour,
        "positions": list(positions or [0] * n), "current": current, "winner": winner,
        "hands": [list(hands[s]) for s in range(1, n + 1)],
        "draw_pile": list(draw_pile), "discard_pile": discard_pile,
        "last_roll": None if last_roll is None else {"seat": roller, "value": last_roll, "from": None, "to": None},
        "cards_played": [dict(zip(("seat", "code", "arg", "after_move"), p)) for p in plays],
        "roll_off": {"round": 1, "seats": list(range(1, n + 1)),
                     "rolls": [6 if s == starter else 1 for s in range(1, n + 1)], "starter": starter},
        "turn_number": turn_number, "sensor_off": sensor_off,
    }


def table(players: int = 3, **fields):
    from companion.games.time_runners.game import TimeRunners
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
