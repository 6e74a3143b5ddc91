"""Computer Legends (LA-16): a seat played by the companion in digital mode, from its own view only.

`SeatView` copies out of a state only what the seat may know (LA-6): the public table, the cards
already revealed, its own hand and picks, its teammates' hands. Every other seat's unrevealed picks
are unknown to it; the player samples them from that seat's basic cards (public: basics are back in
every hand at each Recovery, R-12 keeps Specials unknown), plays the rest of the sequence out on a
copy for each of its options and keeps the option with the best average score. Choices inside a
rollout are simple (face the nearest foe, the first target, a primitives card done at once). A card
of its own that only the table can resolve (LA-4) it declares done at once.
"""
from __future__ import annotations

import itertools
import random
import time

from companion.core import ComputerPlayer, refuse

from .actions import Do, Face, Pick, Reshuffle, Target
from .resolve import LEFT, RIGHT

SAMPLES = 6  # opponent samples per option (the same samples for every option)
MAX_PICKS = 60  # pick orders tried at most (a sample when the hand allows more)


def known_picks(st, t: int) -> list[str]:
    """The cards of seat t's picks already revealed this sequence (public)."""
    return [c for h in st.history for c in h.get(str(t), [])]  # LA-12: every exchange revealed so far


def nearest_foe_dir(st, s: int) -> str:
    foes = st.foes(s)
    me = st.fig(s)
    if not foes:
        return me.facing
    f = min(foes, key=lambda t: (st.distance(s, t), t))
    d = st.fig(f).space - me.space
    return me.facing if d == 0 else (RIGHT if d > 0 else LEFT)


def policy(st, rng: random.Random):
    """The rollout's answer to whatever is asked."""
    ask = st.ask
    s = ask["seat"]
    if ask["kind"] == "face":
        return Face(s, nearest_foe_dir(st, s))
    if ask["kind"] == "target":
        return Target(s, ask["among"][0])
    if ask["kind"] == "reshuffle":
        return Reshuffle(s, True)
    return Do(s, "done")


def score(st, me: int) -> float:
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
        safety = min(f.space, 6 - f.space)  # spaces from the nearer Edge
        part = 3.0 * safety - 4.0 * f.fatigue
        value += part if s in mine else -part / max(1, len([t for t in st.seats if t not in mine]))
    return value


class SeatView:
    """What one seat may know of a state, and copies of it with the unknown picks sampled."""

    def __init__(self, st, seat: int):
        self.st, self.seat = st, seat
        seers = st.hand_seers(seat)
        self.others = [t for t in st.active() if t != seat]
        # the pool each other seat's unknown picks come from: its hand if this seat sees it (LA-6), else its basics
        self.pool = {}
        for t in self.others:
            cards = st.hands[t - 1] + st.picks.get(t, []) if t in seers else list(st.legend(t).basics)
            known = known_picks(st, t)
            self.pool[t] = (known, sorted(c for c in set(st.actions_of(t, cards)) if c not in known))

    def sample(self, rng: random.Random):
        """A copy of the state where every other seat's picks are a guess from what this seat knows."""
        sim = self.st.clone()
        for t in self.others:  # picked or not, its picks are a guess; its hand and Meter are never read
            known, pool = self.pool[t]
            size = 4 if len(self.st.picks.get(t, [])) == 4 else 3  # Quick Fix's fourth card added (public)
            rest = rng.sample(pool, max(0, min(size - len(known), len(pool))))
            sim.picks[t] = known + rest + ["step"] * max(0, size - len(known) - len(rest))
            if not self.st.history:
                sim.edits.pop(t, None)  # LA-12: another seat's Edit is secret until exchange 1
            sim.hands[t - 1] = [c for c in pool if c not in rest]
            sim.meters[t - 1] = {"specials": [], "ultimates": []}  # a rollout stops at the Recovery
        return sim


def rollout(sim, me: int, rng: random.Random, sequence: int) -> float:
    guard = 0
    while sim.phase != "over" and sim.sequence == sequence and guard < 400:
        guard += 1
        if sim.ask is not None:
            sim.apply(policy(sim, rng))
        elif sim.phase == "pick":  # a seat of the copy still to pick: from the guessed pool
            t = sim.to_pick()[0]
            hand = sim.hands[t - 1]
            acts = sim.actions_of(t, hand)
            if sim.history:  # LA-12 Quick Fix's fourth card
                sim.apply(Pick(t, (rng.choice(acts),)))
            else:
                edits = [c for c in hand if c in sim.legend(t).edits]
                sim.apply(Pick(t, tuple(rng.sample(edits, 1) if edits else []) + tuple(rng.sample(acts, 3))))
        else:
            break
    return score(sim, me)


class LegendsComputer(ComputerPlayer):
    """Plays each option out to the end of the sequence against guessed picks; best average wins."""

    level = "cpu"

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        if state.physical:
            refuse("physical-cards", "A computer Legend plays digital cards only: it holds no printed hand.", "LA-16",
                   game="legends-of-the-arena")
        options = [a for a in state.legal_actions() if state.actor(a) == seat]
        if not options:
            refuse("no-move", f"Seat {seat} has nothing to play now.", "protocol/hint")
        if len(options) == 1:
            return options[0]
        if isinstance(options[0], Do):
            return next(a for a in options if a.prim == "done")
        if isinstance(options[0], Reshuffle):
            return next(a for a in options if a.yes)
        view = SeatView(state, seat)
        if isinstance(options[0], Pick) and len(options) > MAX_PICKS:
            options = sorted(options, key=str)
            options = rng.sample(options, MAX_PICKS)
        deadline = time.monotonic() + min(seconds, 1.0) * 0.8
        seeds = [rng.random() for _ in range(SAMPLES)]
        totals = {a: 0.0 for a in options}
        for k, seed in enumerate(seeds):
            for a in options:
                r = random.Random(f"{seed}:{a}")
                sim = view.sample(random.Random(seed))
                sim.apply(a)
                totals[a] += rollout(sim, seat, r, state.sequence)
            if time.monotonic() > deadline and k >= 1:
                break
        best = max(totals.values())
        return min((a for a in options if totals[a] == best), key=str)


class GreedyComputer(ComputerPlayer):
    """The benchmark's one-exchange greedy picker: the pick whose first card scores best alone."""

    level = "greedy"

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        options = [a for a in state.legal_actions() if state.actor(a) == seat]
        if not options:
            refuse("no-move", f"Seat {seat} has nothing to play now.", "protocol/hint")
        if not isinstance(options[0], Pick):
            if isinstance(options[0], Face):
                return Face(seat, nearest_foe_dir(state, seat))
            return next((a for a in options if isinstance(a, Do) and a.prim == "done"), options[0])
        view = SeatView(state, seat)
        best, choice = None, None
        for first, group in itertools.groupby(sorted(options, key=lambda a: a.cards), key=lambda a: a.cards[0]):
            group = list(group)
            sim = view.sample(random.Random(1))
            for t in view.others:
                sim.picks.setdefault(t, list(sim.legend(t).basics[:3]))
            sim.apply(group[0])
            guard = 0
            while sim.ask is not None and sim.exchange == 1 and sim.phase != "over" and guard < 50:
                guard += 1
                sim.apply(policy(sim, rng))
            value = score(sim, seat)
            if best is None or value > best:
                best, choice = value, rng.choice(group)
        return choice
