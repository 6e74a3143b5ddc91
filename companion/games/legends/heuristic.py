"""The one-exchange heuristic picker (LA-16): the benchmark's baseline, and the search's guess of a foe.

For each candidate pick it walks the cards' scripts from the seat's own space and facing, the foes
standing still: a Strike that reaches the nearest foe it faces (or one in its space) is worth about
its Force, one that reaches nobody a small loss; a Block against all is worth more with a foe within
one space; a move toward the centre and a Dive onto a far foe are worth a little; ending a card next
to an Edge is a loss; the first card counts double. A card only the table resolves (LA-4) is worth 0.
"""
from __future__ import annotations

import random

from companion.core import ComputerPlayer, refuse

from . import edits
from .actions import Do, Face, Pick, Reshuffle, Target
from .resolve import CENTER, LEFT, RIGHT, other, sign


def nearest_foe_dir(st, s: int) -> str:
    """The way to face the nearest foe (ties: the lower seat); the facing kept when none or in the space."""
    foes = st.foes(s)
    me = st.fig(s)
    if not foes:
        return me.facing
    f = min(foes, key=lambda t: (st.distance(s, t), t))
    d = st.fig(f).space - me.space
    return me.facing if d == 0 else (RIGHT if d > 0 else LEFT)


def card_value(st, s: int, card: str, space: int, facing: str, foes: list[int]) -> tuple[float, int, str]:
    """The worth of `card` played from (space, facing) against foes standing on `foes`' spaces, and where
    it leaves the Legend."""
    spots = [st.fig(f).space for f in foes]
    value = 0.0

    def face_nearest(p: int, d: str) -> str:
        if not spots:
            return d
        q = min(spots, key=lambda x: (abs(x - p), x))
        return d if q == p else (RIGHT if q > p else LEFT)

    for step in edits.steps_of(st, s, card):
        kind = step[0]
        if kind == "primitives":
            return 0.0, space, facing  # LA-4: only the table knows what it does
        if kind == "block" and step[2] == "all":
            near = any(abs(q - space) <= 1 for q in spots)
            value += (0.75 if near else 0.15) * step[1]
        elif kind == "edge-turn" and space in (1, 5):
            toward = RIGHT if space == 1 else LEFT
            facing = toward if step[1] == "center" else other(toward)
        elif kind == "move":
            d = facing if step[1] == "forward" else other(facing)
            new = min(5, max(1, space + sign(d) * step[2]))  # past an Edge: Edge Recovery brings it back in
            if abs(new - CENTER) < abs(space - CENTER):
                value += 0.5
            space = new
        elif kind == "may-turn":
            facing = face_nearest(space, facing)
        elif kind == "strike":
            reach = step[2]
            hit = [q for q in spots if (reach is None or abs(q - space) <= reach)
                   and (q == space or (q > space) == (facing == RIGHT))]
            value += step[1] if hit else -0.5
        elif kind == "dive" and spots:
            far = max(spots, key=lambda x: (abs(x - space), -x))
            if abs(far - space) >= 2:
                value += 0.5
            if far != space:
                facing = RIGHT if far > space else LEFT
            space = far
    if space in (1, 5):
        value -= 1.0
    return value, space, facing


def pick_value(st, s: int, cards) -> float:
    """The heuristic worth of a pick's action cards walked in order (an Edit counts nothing)."""
    edits = st.legend(s).edits
    me, foes = st.fig(s), st.foes(s)
    space, facing, total = me.space, me.facing, 0.0
    for i, card in enumerate(c for c in cards if c not in edits):
        value, space, facing = card_value(st, s, card, space, facing, foes)
        total += 2 * value if i == 0 else value
    return total


def own_options(st, seat: int) -> list:
    """The actions `seat` may play now; refused when it has none."""
    options = [a for a in st.legal_actions() if st.actor(a) == seat]
    if not options:
        refuse("no-move", f"Seat {seat} has nothing to play now.", "protocol/hint")
    return options


def answer(st, s: int, options: list):
    """The simple answer to an asked choice: face the nearest foe, the first target, a table's card done."""
    kind = type(options[0])
    if kind is Face:
        return Face(s, nearest_foe_dir(st, s))
    if kind is Target:
        return options[0]
    if kind is Reshuffle:
        return Reshuffle(s, True)
    return next((a for a in options if isinstance(a, Do) and a.prim == "done"), options[0])


class HeuristicPicker(ComputerPlayer):
    """The pick whose cards walk best by `pick_value` (ties at random); simple answers to the rest."""

    level = "heuristic"

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        options = own_options(state, seat)
        if not isinstance(options[0], Pick):
            return answer(state, seat, options)
        values = {a: pick_value(state, seat, a.cards) for a in options}
        best = max(values.values())
        return rng.choice([a for a in options if values[a] == best])
