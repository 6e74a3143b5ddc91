"""Random complete games, as the session would play them: `automatic(rng)` whenever it offers a chance
action, `complete(action, rng)` for a bare `roll`. Used by the tests and by `tools.bench_games`."""
from __future__ import annotations

import random
from typing import Callable

from companion.games.time_runners.actions import END, ROLL_BARE, SENSOR_OFF, SENSOR_ON, End, Play, Roll
from companion.games.time_runners.state import CARDS, OVER, ROLL, ROLL_OFF


def random_action(state, rng: random.Random, instant_rate: float = 0.1, end_rate: float = 0.8):
    """A random legal action drawn straight from the state (no `legal_actions()` call).

    With probability `instant_rate` a random seat holding an Instant card plays one (after setup);
    otherwise the player in turn rolls, or plays one card after moving and then ends with `end_rate`.
    """
    ph = state.phase
    if ph == ROLL_OFF:
        return ROLL_BARE
    table = state._cards
    if instant_rate and rng.random() < instant_rate:
        seat = rng.randint(1, state.n)
        instants = [c for c in state.hands[seat - 1] if c[-1] == "!"]
        if instants:
            acts = table[seat, rng.choice(instants)]
            return acts[rng.randrange(len(acts))]
    cur = state.current
    if ph == ROLL:
        if not state.hand_in_sync():
            return SENSOR_ON if state.sensor_off else SENSOR_OFF
        return ROLL_BARE
    hand = state.hands[cur - 1]
    if hand and (not state.counted or rng.random() >= end_rate):
        acts = table[cur, hand[rng.randrange(len(hand))]]
        return acts[rng.randrange(len(acts))]
    return END


def random_legal_action(state, rng: random.Random, instant_rate: float = 0.1, end_rate: float = 0.8):
    """Like `random_action` but chosen from `legal_actions()` (slower; kinds weighted so games finish)."""
    legal = state.legal_actions()
    cur = state.current
    rolls, own, instants, can_end = [], [], [], False
    for a in legal:
        t = type(a)
        if t is Play:
            (own if a.seat == cur else instants).append(a)
        elif t is Roll:
            rolls.append(a)
        elif t is End:
            can_end = True
    if (instants or own) and state.phase != CARDS and rng.random() < instant_rate:
        return rng.choice(instants + own)
    if rolls:
        return rng.choice(rolls)
    if state.phase == CARDS:
        if instants and rng.random() < instant_rate:
            return rng.choice(instants)
        if can_end and (not own or rng.random() < end_rate):
            return END
        if own:
            return rng.choice(own)
    return rng.choice(legal)


def random_playout(game, rng: random.Random, instant_rate: float = 0.1, *, max_actions: int = 5000,
                   legal: bool = False, state=None,
                   on_step: Callable | None = None) -> list[str]:
    """Play one random game to its end (or `max_actions`) and return the action texts in order.

    `on_step(state, action, events)` is called after every applied action, when given.
    """
    st = game.new_state() if state is None else state
    pick = random_legal_action if legal else random_action
    out = []
    append = out.append
    apply = st.apply
    for _ in range(max_actions):
        a = st.automatic(rng)
        if a is None:
            if st.phase == OVER:
                break
            a = pick(st, rng, instant_rate)
            if a is ROLL_BARE:
                a = st.complete(a, rng)
        ev = apply(a)
        append(str(a))
        if on_step is not None:
            on_step(st, a, ev)
    return out
