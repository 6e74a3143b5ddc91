"""Computer Legends (LA-16): a seat played by the companion in digital mode, from its own view only.

`LegendsComputer` (level `cpu`) chooses by `search.search`: each option played out through the engine
against guesses of the hidden picks, within a hard time budget (`seconds`, 1 s by default): a guess is
started only when it fits, and with no guess finished in time the heuristic's answer is played; the
budget is read on `clock` (the wall clock as played; a benchmark may count CPU time). A card only the
table can resolve (LA-4) would be a blind guess in the search, so it picks the cards it can evaluate
while it holds any; one it did pick it never resolves itself: asked for its steps, it refuses and says
which card the table applies from the printed text, exactly as a person's panel asks.
`GreedyComputer` is the older benchmark's one-exchange greedy picker.
"""
from __future__ import annotations

import itertools
import random
import time

from companion.core import ComputerPlayer, refuse

from .actions import Pick, Reshuffle
from .heuristic import answer, own_options, pick_value
from .search import SeatView, readable, search

STOP_SHARE = 0.7  # of the budget, after which no new guess starts
HARD_SHARE = 0.8  # of the budget, after which no rollout starts (the rest: a margin for a loaded machine)


def table_step(st, seat: int) -> str | None:
    """LA-4: the sentence asking the table to apply `seat`'s card from its printed text, when the seat is
    asked a step of a card the engine cannot read (its panel, or the target of a Strike on it); else None."""
    ask = st.ask
    if ask is None or ask.seat != seat or not ask.panel or st.in_play.current is None:
        return None
    legend = st.legend(seat)
    card = legend.card_name(st.in_play.current.card, st.fig(seat).form)
    return f"{legend.name} plays {card}: apply it from the card."


class LegendsComputer(ComputerPlayer):
    """Plays each option out to the end of the sequence against guessed picks; best average wins.
    `guesses`: a fixed number of guesses (tests: a fixed seed then gives a fixed choice)."""

    level = "cpu"

    def __init__(self, guesses: int | None = None, clock=time.monotonic):
        self.guesses, self.clock = guesses, clock

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        start = self.clock()
        if state.physical:
            refuse("physical-cards", "A computer Legend plays digital cards only: it holds no printed hand.", "LA-16",
                   game="legends-of-the-arena")
        why = table_step(state, seat)
        if why is not None:
            refuse("table-resolves", why, "LA-4", game="legends-of-the-arena")
        options = own_options(state, seat)
        if len(options) == 1 or isinstance(options[0], Reshuffle):
            return answer(state, seat, options)
        options.sort(key=str)
        values = search(state, seat, options, rng, start + seconds * STOP_SHARE, start + seconds * HARD_SHARE,
                        self.guesses, self.clock)
        if not values:  # not one guess fitted the budget
            return self.fallback(state, seat, options)
        best = max(values.values())
        return next(a for a in values if values[a] == best)  # ties: the heuristic's liking, then the order of `str`

    @staticmethod
    def fallback(state, seat: int, options: list):
        if isinstance(options[0], Pick):
            return max(readable(state, seat, options), key=lambda a: (pick_value(state, seat, a.cards), str(a)))
        return answer(state, seat, options)


def greedy_score(st, me: int) -> float:
    """The greedy picker's score, kept as it was so the benchmark's baseline stays the same."""
    mine = [s for s in st.seats if st.team(s) == st.team(me)]
    if st.phase == "over":
        return 1000.0 if me in st.winner else -1000.0
    if st.teams:
        my_t = st.team(me)
        value = 100.0 * (st.stocks[my_t] - max(st.stocks[t] for t in range(st.nteams) if t != my_t))
    else:
        value = 100.0 * st.knockouts[me - 1] - 60.0 * st.received[me - 1]
    for s in st.seats:
        if st.gone(s):
            continue
        f = st.fig(s)
        part = 3.0 * min(f.space, 6 - f.space) - 4.0 * f.fatigue
        value += part if s in mine else -part / max(1, len([t for t in st.seats if t not in mine]))
    return value


class GreedyComputer(ComputerPlayer):
    """The older benchmark's one-exchange greedy picker: the pick whose first card scores best alone."""

    level = "greedy"

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        options = own_options(state, seat)
        if not isinstance(options[0], Pick):
            return answer(state, seat, options)
        view = SeatView(state, seat)
        best, choice = None, None
        for first, group in itertools.groupby(sorted(options, key=lambda a: a.cards), key=lambda a: a.cards[0]):
            group = list(group)
            sim = view.guess(random.Random(1))
            for t in view.others:
                sim.picks.setdefault(t, list(sim.legend(t).basics[:3]))
            sim.apply(group[0])
            guard = 0
            while sim.ask is not None and sim.exchange == 1 and sim.phase != "over" and guard < 50:
                guard += 1
                s = sim.ask.seat
                sim.apply(answer(sim, s, [a for a in sim.legal_actions() if sim.actor(a) == s]))
            value = greedy_score(sim, seat)
            if best is None or value > best:
                best, choice = value, rng.choice(group)
        return choice
