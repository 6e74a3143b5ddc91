"""The computer Legend's search (LA-16): determinized sampling of the hidden picks, from one seat's view.

`SeatView` keeps only what the seat may know (LA-6): the public table, the cards revealed so far, its
own hand and picks, its teammates' hands. A *guess* fills every other seat's unrevealed picks from that
seat's pool (its basics, R-12 keeping Specials unknown; a teammate's hand when seen): mostly a pick
the heuristic picker would like (`heuristic.pick_value`, the foe's own guess from the public table),
else any pick. `search` plays each of the seat's options (its picks of cards the engine can read,
LA-4, ranked by the heuristic) against the same guesses through the engine to the end of the sequence
(every exchange, Edges, Push tokens, Knock Outs) and scores the outcome (`evaluate`); it is anytime: a
guess is started only when its estimated cost fits the budget, each rollout checks the clock, a guess
left unfinished is dropped, and the options falling behind are dropped along the way (successive
halving, by guesses met or by time spent) so the survivors see more guesses.

Facing one foe, the search then weighs its best options' Knock-Out risk (`screen`): against that foe picking
uniformly among the orders of its pool and answering at random (each of a few answers a branch), the chance the
seat's Legend is Knocked Out this sequence, counted over every order (`knockout_risk`, exact but for wide choices
and deep answers, which are drawn; the orders sharing their first cards share those exchanges' play), costs
RISK_COST points; the guesses get SEARCH_SHARE of the time, the screen the
rest: the best valued is counted until its first Knock Out (in full when none), then it races the options valued
above its weighed value (`screen`: the survivors, then the dropped options valued no higher than the last survivor).
The guesses lean on the heuristic's liking and met the one random pick that pushes a tired Legend off an Edge too
rarely to count (issue 30's losses): this counts every pick. In most positions no option has any risk (174 of the
first 200 of seat 1), and the screen costs one option's 30-200 ms (mean 60 ms on this machine, idle) there.

Strength (session 16, `tools.bench_legends`, 1 s of CPU a decision): against the heuristic picker 91 % of 360 games
as seat 1 and 94 % as seat 2, each Legend 82 % or more as either seat; against random 99.2 % of 450 and 99.4 % of
500; on a quarter core within 0.3 and 2.2 points of those against the heuristic. Every change measured, kept or
dropped, with its figures, session by session: `SEARCH.md` beside this file (read it before changing a constant).
"""
from __future__ import annotations

import itertools
import math
import random
import time

from . import edits, flow
from .actions import Face, Pick
from .heuristic import answer, pick_value
from .resolve import LEFT, RIGHT

PRIOR_SHARE = 0.8  # of the guesses drawn from the heuristic's liking (the rest: any pick)
TEMPERATURE = 0.5  # of that liking (softmax over pick values)
HALVING = (4, 8, 16, 32, 64)  # guesses after which the worse half of the options is dropped
MIN_ALIVE = 4  # options never dropped below this many
MAX_GUESSES = 256  # enough: a choice between two facings needs no more
SHORTLIST = 48  # picks searched at most: the heuristic's best, spread over the Edits held
SAFETY, FATIGUE, THREAT = 4.0, 3.0, 8.0  # a space from the Edge, a Fatigue, a Push token past the Edge (`evaluate`)
FOE_EDGE_TURN = 0.3  # how often a foe turning in a space shared with the seat's Legend faces the nearer Edge
RISK_COST = 30000.0  # a Knock Out's chance against a random foe, weighed in the choice (`screen`; 0 = off)
SEARCH_SHARE = 0.5  # of the time before the stop, facing one foe, for the guesses (the rest: `screen`)
ORDER_DRAWS = 240  # a foe's picks drawn when it may hold an Edit from its Meter (as many as Tikkit's basics make)
RACE_WIDTH, RACE_FIRST = 16, 8  # `screen`'s race: options at most, orders each counts in its first round
RISK_BRANCH, RISK_DEPTH = 3, 6  # a foe's choices branched on in `risk_tree`: of so many answers at most, so deep
INITIATIVE = 6.0  # holding the Initiative: equal Speeds resolve from its holder first (a Strike trade's winner)


def table_card(st, s: int, card: str) -> bool:
    """LA-4: a card of seat s the engine cannot resolve (the table applies it from its printed text)."""
    return card not in st.legend(s).edits and any(step[0] == "primitives" for step in edits.steps_of(st, s, card))


def readable(st, seat: int, options: list) -> list:
    """The options whose cards the engine can play out (LA-4: the table's cards would be guesses), or all
    when there are none (the table is then asked, as for a person's card)."""
    if not isinstance(options[0], Pick):
        return options
    return [a for a in options if not any(table_card(st, seat, c) for c in a.cards)] or options


def known_picks(st, t: int) -> list[str]:
    """The cards of seat t's picks already revealed this sequence (public, LA-12: each exchange so far)."""
    return [c for h in st.history for c in h.get(str(t), [])]


def drawn_edits(st, t: int) -> dict[str, float]:
    """The Edits seat t may hold from its Meter (Tikkit's Quick Fix and Let's Do That Again), each with the chance
    it does, from what is public (LA-6): the Meter's size, the Specials discarded and the Ultimates removed. The
    Ultimates lie under the Specials (R-12): they are supposed still in the Meter while it holds any card (after a
    reshuffle one may be held above new Specials: unseen here); the Specials not left in it are held, any alike."""
    lg, cards = st.legend(t), st.piles[t - 1]
    specials = [c for c in lg.specials if c not in cards.discards]
    ultimates = [c for c in lg.ultimates if c not in cards.removed]
    left = cards.meter_size()
    held = len(specials) - (left - min(left, len(ultimates)))
    chances = {c: held / len(specials) for c in specials} | {c: 0.0 if left else 1.0 for c in ultimates}
    return {c: chance for c, chance in chances.items() if c in lg.edits}


class SeatView:
    """What one seat may know of a state, and copies of it with the unknown picks guessed."""

    def __init__(self, st, seat: int):
        self.seat = seat
        self.others = [t for t in st.active() if t != seat]
        seers = st.hand_seers(seat)
        self.public = st.clone()  # every other seat's secrets blanked: nothing below can read them
        self.pool, self.size, self.liked, self.edits, self.drawn = {}, {}, {}, {}, {}
        for t in self.others:
            cards = st.piles[t - 1].hand + st.picks.get(t, []) if t in seers else list(st.legend(t).basics)
            known = known_picks(st, t)
            self.pool[t] = (known, sorted(c for c in set(edits.actions_of(st, t, cards)) if c not in known))
            self.size[t] = 4 if len(st.picks.get(t, [])) == 4 else 3  # Quick Fix's fourth card added (public)
            self.edits[t] = [None]  # the Edits seat t may have put first, unseen (None: none, or it is public)
            self.drawn[t] = []  # and those it may hold from its Meter, with the chance it does
            if not st.history:
                self.public.edits.pop(t, None)  # LA-12: another seat's Edit is secret until exchange 1
                chances = {} if t in seers else drawn_edits(st, t)
                held = set(cards) | {e for e, chance in chances.items() if chance == 1}
                self.edits[t] = sorted(held & set(st.legend(t).edits)) or [None]
                self.drawn[t] = sorted((e, chance) for e, chance in chances.items() if 0 < chance < 1)
            self.public.picks.pop(t, None)
            self.public.piles[t - 1].hand = []
            self.public.piles[t - 1].meter = {"specials": [], "ultimates": []}  # a rollout stops at the Recovery
        for t in self.others:
            if not self.pool[t][0]:
                self.liked[t] = self._liking(t)

    def _liking(self, t: int) -> tuple[list[tuple[str, ...]], list[float]]:
        """Seat t's possible picks, and the weights of the heuristic's liking for each (from the public table)."""
        orders = list(itertools.permutations(self.pool[t][1], min(self.size[t], len(self.pool[t][1]))))
        values = [pick_value(self.public, t, o) for o in orders]
        top = max(values, default=0.0)
        return orders, [math.exp((v - top) / TEMPERATURE) for v in values]

    def guess(self, rng: random.Random):
        """A copy of the public state where every other seat's picks are guessed."""
        sim = self.public.clone()
        for t in self.others:
            known, pool = self.pool[t]
            size = self.size[t]
            if t in self.liked and self.liked[t][0] and rng.random() < PRIOR_SHARE:
                rest = list(rng.choices(self.liked[t][0], self.liked[t][1])[0])
            else:
                rest = rng.sample(pool, max(0, min(size - len(known), len(pool))))
            self.seat_picks(sim, t, known + rest)
        return sim

    def edit_guess(self, t: int, rng: random.Random) -> str | None:
        """An Edit seat t may have put first (LA-12), as a random picker's pick would hold one: any of those it
        holds and of those drawn from its Meter, each with its chance (None: none, or it is public)."""
        held = [e for e in self.edits[t] if e] + [e for e, chance in self.drawn[t] if rng.random() < chance]
        return rng.choice(held) if held else None

    def seat_picks(self, sim, t: int, picks: list[str], edit: str | None = None):
        """`sim` with seat t's picks set (made up to its size with Steps), its hand the rest of its pool, and
        the Edit it put first when one is supposed (LA-12)."""
        if edit is not None:
            sim.edits[t] = edit
        sim.picks[t] = list(picks) + ["step"] * max(0, self.size[t] - len(picks))
        sim.piles[t - 1].hand = [c for c in self.pool[t][1] if c not in picks]
        return sim


def exposure(st, s: int) -> int:
    """Spaces between seat s's Legend and the Edge its nearest foe pushes it toward (a Strike pushes the
    way the striker faces: away from the striker, or, sharing a space, the way the foe faces)."""
    me = st.fig(s)
    foes = st.foes(s)
    if not foes:
        return min(me.space, 6 - me.space)
    f = min(foes, key=lambda t: (st.distance(s, t), t))
    there = st.fig(f)
    left = there.space > me.space or (there.space == me.space and there.facing == "left")
    return me.space if left else 6 - me.space


def evaluate(st, me: int) -> float:
    """How good `st` is for seat `me`: the game's end, Stocks or Knock Outs, who holds the Initiative, then
    each Legend's distance from the Edge its nearest foe pushes it toward, against its Fatigue and what a
    Force-2 hit would push it now."""
    if st.phase == "over":
        return 1000.0 if me in st.winner else 0.0 if not st.winner else -1000.0
    mine = [s for s in st.seats if st.team(s) == st.team(me)]
    if st.teams:
        my_t = st.team(me)
        value = 300.0 * (st.stocks[my_t] - max(st.stocks[t] for t in range(st.nteams) if t != my_t))
    else:
        value = 150.0 * st.knockouts[me - 1] - 100.0 * st.received[me - 1]
    foes = max(1, len([t for t in st.seats if t not in mine and not st.gone(t)]))
    value += INITIATIVE if st.initiative in mine else -INITIATIVE
    for s in st.seats:
        if st.gone(s):
            continue
        f = st.fig(s)
        safety = exposure(st, s)
        push = st.legend(s).push(min(10, f.fatigue + 1) + 2)
        part = SAFETY * safety - FATIGUE * f.fatigue - THREAT * max(0, push - safety + 1)
        value += part if s in mine else -part / foes
    return value


def rollout_answer(sim, me: int, s: int, options: list, rng: random.Random):
    """The rollouts' answer of seat s to an asked choice: the heuristic's, but a foe of `me` turning in a space it
    shares with `me`'s Legend faces the nearer Edge FOE_EDGE_TURN of the time: its Strike then pushes that Legend
    there. (The heuristic keeps its facing there, so the search never saw a random foe's Shot turn that way.)"""
    if type(options[0]) is Face and sim.team(s) != sim.team(me):
        space = sim.fig(s).space
        if space != 3 and space == sim.fig(me).space and rng.random() < FOE_EDGE_TURN:
            return Face(s, LEFT if space < 3 else RIGHT)
    return answer(sim, s, options)


def rollout(sim, me: int, rng: random.Random, sequence: int) -> float:
    """Play the copy on to the end of the sequence (simple answers to every choice), then score it."""
    guard = 0
    while sim.phase != "over" and sim.sequence == sequence and guard < 400:
        guard += 1
        if sim.ask is not None:
            s = sim.ask.seat
            sim.apply(rollout_answer(sim, me, s, sim.legal_actions(), rng))
        elif sim.phase == "pick":  # LA-12 Quick Fix's fourth card
            t = edits.to_pick(sim)[0]
            sim.apply(Pick(t, (rng.choice(edits.actions_of(sim, t, sim.piles[t - 1].hand)),)))
        else:
            break
    return evaluate(sim, me)


def shortlist(st, seat: int, options: list) -> list:
    """The picks worth searching, best first by the heuristic's walk: for each Edit held (or none) its best,
    SHORTLIST in all (a loaded machine or a Pi has time for a few guesses of those, not of hundreds of picks)."""
    options = readable(st, seat, options)
    if not isinstance(options[0], Pick):
        return options
    ranked = sorted(options, key=lambda a: -pick_value(st, seat, a.cards))  # stable: ties keep their order
    if len(ranked) <= SHORTLIST:
        return ranked
    edits = st.legend(seat).edits
    groups: dict = {}
    for a in ranked:
        groups.setdefault(a.cards[0] if a.cards[0] in edits else None, []).append(a)
    each = -(-SHORTLIST // len(groups))
    kept = {a for group in groups.values() for a in group[:each]}
    return [a for a in ranked if a in kept]


def search(state, seat: int, options: list, rng: random.Random, stop: float, hard: float,
           guesses: int | None = None, clock=time.monotonic) -> dict:
    """The value of each option left to choose from ({} when not one guess fitted), in the order of the
    heuristic's liking (ties go to the first). A guess starts only before its stop and when its estimated
    cost fits; no rollout starts after `hard` (both read on `clock`). The worse half is dropped after
    HALVING guesses, or when the time runs short: each halving owns an equal share of the time, so a starved
    search (a loaded machine, a Pi) still ends comparing its best few with most guesses. Facing one foe, the
    search stops at SEARCH_SHARE of the time and `screen` weighs the best options' Knock-Out risk with the rest.
    `guesses`: exactly that many (a fixed seed then gives a fixed choice), else as many as fit."""
    start = clock()
    view = SeatView(state, seat)
    alive = shortlist(state, seat, options)
    rank = {a: i for i, a in enumerate(alive)}
    totals, met = {a: 0.0 for a in alive}, {a: 0 for a in alive}
    orders = foe_orders(view, rng) if RISK_COST else None
    until = stop if orders is None else start + (stop - start) * SEARCH_SHARE
    halvings = max(0, math.ceil(math.log2(len(alive) / MIN_ALIVE)))
    per, done, halved = 0.0, 0, 0  # seconds a rollout, measured; guesses finished; halvings done
    while done < (guesses or MAX_GUESSES):
        begun = clock()
        if guesses is None and begun + per * len(alive) > until:
            break
        seed = rng.random()
        base = view.guess(random.Random(seed))
        column = {}
        for a in alive:
            if clock() > hard:
                return averages(alive, totals, done)
            sim = base.clone()
            sim.apply(a)
            column[a] = rollout(sim, seat, random.Random(seed), state.sequence)
        for a, v in column.items():
            totals[a] += v
            met[a] += 1
        done += 1
        now = clock()
        per = max(per, (now - begun) / len(alive))
        late = guesses is None and halved < halvings and (now - start) * (halvings + 1) > (halved + 1) * (until - start)
        if len(alive) > MIN_ALIVE and (done in HALVING or late):
            alive = sorted(alive, key=lambda a: (-totals[a], rank[a]))[:max(MIN_ALIVE, len(alive) // 2)]
            alive.sort(key=rank.get)
            halved += 1
    values = averages(alive, totals, done)
    if orders is None or not values:
        return values
    # the options dropped on fewer guesses come after the survivors, valued no higher than the last of them
    # (their means are noisy): weighed only when time is left and every survivor is at risk
    floor = min(values.values())
    dropped = sorted((a for a in rank if a not in values and met[a]), key=lambda a: -totals[a] / met[a])
    value = {**{a: min(floor, totals[a] / met[a]) for a in dropped}, **values}
    ranked = sorted(values, key=lambda a: -values[a]) + dropped
    weighed = screen(view, seat, state.sequence, ranked, value, orders, random.Random(rng.random()),
                     stop if guesses is None else math.inf, hard if guesses is None else math.inf, clock, len(values))
    return {a: weighed[a] for a in sorted(weighed, key=rank.get)}


def screen(view, seat: int, sequence: int, ranked: list, value: dict, orders: list, rng: random.Random,
           stop: float, hard: float, clock, least: int) -> dict:
    """The options in `ranked` (best valued first) whose Knock-Out risk against a foe picking and answering at
    random was weighed, each valued `value - RISK_COST * risk`: the rollouts' guesses lean on the heuristic's
    liking and rarely meet the one random pick that pushes a tired Legend off an Edge; this counts every pick.
    The best valued is counted first, until its first Knock Out: with none in every order (most positions)
    nothing after it can beat it. Else it races the next RACE_WIDTH - 1 valued above its weighed value so far:
    each round counts the same first orders of the foe's for each (a paired comparison; the best valued keeps
    those it counted), RACE_FIRST of them at first, twice as many each round, and keeps the better half, until
    the last are counted in full or the time is up (their estimates are unbiased: the orders are met in a random
    order, and each is weighed on the same first ones, wherever the best valued stopped). In a position where
    every option is at risk, the safest few are often valued well below the best: counting the best valued in
    full, then the race, left the race little time against a foe with many orders (Tikkit's 240)."""
    top = ranked[0]
    shuffled = rng.sample(orders, len(orders))
    seen = {top: count_knockouts(view, seat, top, sequence, shuffled, rng, hard, clock, until_one=True)}
    if not seen[top]:
        return {a: value[a] for a in ranked[:least]}
    if not any(seen[top]):
        return {top: value[top]}
    weighed = {top: value[top] - RISK_COST * sum(seen[top]) / len(seen[top])}
    racing = [top] + [a for a in ranked[1:] if value[a] > weighed[top]][:RACE_WIDTH - 1]
    size = min(len(orders), RACE_FIRST)
    while len(racing) > 1 and clock() <= stop:
        for a in racing:
            if clock() > stop:
                break
            counted = seen.setdefault(a, [])
            counted += count_knockouts(view, seat, a, sequence, shuffled[len(counted):size], rng, hard, clock)
        weighed = {a: value[a] - RISK_COST * sum(seen[a][:size]) / len(seen[a][:size]) for a in racing if seen.get(a)}
        if size == len(orders):
            break
        racing = sorted(weighed, key=lambda a: -weighed[a])[:max(1, len(weighed) // 2)]
        size = min(len(orders), size * 2)
    return weighed  # the last round's racers (the ones dropped before had fewer orders: noisier)


def averages(alive: list, totals: dict, done: int) -> dict:
    return {a: totals[a] / done for a in alive} if done else {}


def knocked_out(sim, me: int, before: int) -> bool:
    return sim.received[me - 1] > before or (sim.phase == "over" and me not in sim.winner)


def risk_tree(sim, me: int, sequence: int, before: int, rng: random.Random, foe: int, orders: list[tuple],
              depth: int = 0) -> list[float]:
    """For each of `orders` (the one foe's cards, alike up to this exchange): the chance seat `me` is Knocked Out
    before the sequence ends, every foe answering uniformly at random: a choice of a few answers (RISK_BRANCH at
    most, the first RISK_DEPTH choices) is a branch of equal weight for each, a wider one is one answer drawn at
    random; `me`'s side answers as the heuristic, and a card only the table resolves (LA-4) is declared done. The
    copy is held before each exchange after the first (`hold`), and the orders part there by the foe's card
    (`part`): orders sharing their first cards share those exchanges' play."""
    guard = 0
    while sim.phase != "over" and sim.sequence == sequence and guard < 400:
        guard += 1
        if sim.phase == "held":
            return part(sim, me, sequence, before, rng, foe, orders, depth)
        if sim.ask is not None:
            s = sim.ask.seat
            options = sim.legal_actions()
            if sim.team(s) == sim.team(me) or sim.ask.panel:  # a table's card: declared done, as a table would
                sim.apply(answer(sim, s, options))
                continue
        elif sim.phase == "pick":  # LA-12 Quick Fix's fourth card: any action left
            t = edits.to_pick(sim)[0]
            options = [Pick(t, (c,)) for c in edits.actions_of(sim, t, sim.piles[t - 1].hand)]
        else:
            break
        if len(options) == 1 or len(options) > RISK_BRANCH or depth >= RISK_DEPTH:
            sim.apply(rng.choice(options))
            continue
        total = [0.0] * len(orders)
        for a in options:
            c = sim.clone()
            c.apply(a)
            total = [x + y for x, y in zip(total, risk_tree(c, me, sequence, before, rng, foe, orders, depth + 1))]
        return [x / len(options) for x in total]
    return [1.0 if knocked_out(sim, me, before) else 0.0] * len(orders)


def part(sim, me: int, sequence: int, before: int, rng: random.Random, foe: int, orders: list[tuple],
         depth: int) -> list[float]:
    """`risk_tree` at a held exchange: the orders by the foe's card there, each card's played on from a copy
    given them."""
    k = sim.exchange - 1
    kinds: dict = {}
    for i, order in enumerate(orders):
        kinds.setdefault(order[k] if k < len(order) else None, []).append(i)  # Quick Fix's fourth: picked in play
    risks = [0.0] * len(orders)
    for card, members in kinds.items():
        c = sim.clone() if len(kinds) > 1 else sim
        if card is not None:  # the cards to come as this kind's first order has them; the rest back in the hand
            order, picks, cards = orders[members[0]], c.picks[foe], c.piles[foe - 1]
            left = cards.hand + picks[k:len(order)]
            for x in order[k:]:
                left.remove(x)
            picks[k:len(order)], cards.hand = list(order[k:]), left
        flow.start_exchange(c)
        for i, r in zip(members, risk_tree(c, me, sequence, before, rng, foe, [orders[i] for i in members], depth)):
            risks[i] = r
    return risks


def foe_orders(view, rng: random.Random) -> list[tuple[str | None, tuple[str, ...]]] | None:
    """The one foe's possible picks: each Edit it may have put first (LA-12; or None) with its known cards, then
    each order of the rest of its pool; None when there is not exactly one foe (more would multiply them). When
    it may or may not hold an Edit from its Meter, ORDER_DRAWS picks drawn as a random picker would pick: the
    Edits it holds drawn first (`rng`), then one of them and an order."""
    if len(view.others) != 1:
        return None
    t = view.others[0]
    known, pool = view.pool[t]
    left = max(0, min(view.size[t] - len(known), len(pool)))
    orders = [tuple(known) + o for o in itertools.permutations(pool, left)]
    if not view.drawn[t]:
        return [(edit, order) for edit in view.edits[t] for order in orders]
    return [(view.edit_guess(t, rng), rng.choice(orders)) for _ in range(ORDER_DRAWS)]


def count_knockouts(view, seat: int, option, sequence: int, orders: list, rng: random.Random, hard: float,
                    clock=time.monotonic, until_one: bool = False) -> list[float]:
    """The chance of a Knock Out in each of `orders` of the one foe met in turn by `option` (its answers at
    random, `risk_tree`), until `hard`, or (`until_one`) the first batch of orders that holds one (RACE_FIRST
    orders at first, twice as many each batch): the orders counted are always the first ones."""
    counted: list[float] = []
    batch = RACE_FIRST if until_one else len(orders)
    while len(counted) < len(orders) and clock() <= hard:
        chunk = orders[len(counted):len(counted) + batch]
        risks = count_batch(view, seat, option, sequence, chunk, rng, hard, clock)
        counted += risks
        if len(risks) < len(chunk) or (until_one and any(risks)):
            break
        batch *= 2
    return counted


def count_batch(view, seat: int, option, sequence: int, orders: list, rng: random.Random, hard: float,
                clock) -> list[float]:
    """`count_knockouts` of a batch at once: the orders by the Edit and first card the foe puts in exchange 1,
    each kind played from one copy of the table (`risk_tree` parts them later); by all the foe's cards where exchange
    1 tells them all (its Perfect Timing) or its hand is picked from later (anyone's Quick Fix: a fourth card each).
    Those counted before `hard`, as the first ones."""
    t = view.others[0]
    before = view.public.received[seat - 1]
    known = view.public.edits  # the Edits revealed (after exchange 1)
    fourth = edits.QUICK_FIX in (*known.values(), *getattr(option, "cards", ()))  # every seat adds a card from its hand
    kinds: dict = {}
    for i, (edit, order) in enumerate(orders):
        whole = fourth or (edit or known.get(t)) in (edits.PERFECT_TIMING, edits.QUICK_FIX)
        kinds.setdefault((edit, tuple(order) if whole else tuple(order[:1])), []).append(i)
    risks: list = [None] * len(orders)
    for (edit, _), members in kinds.items():
        if clock() > hard:
            break
        sim = view.seat_picks(view.public.clone(), t, orders[members[0]][1], edit)
        sim.hold = True
        sim.apply(option)
        for i, r in zip(members, risk_tree(sim, seat, sequence, before, rng, t, [orders[i][1] for i in members])):
            risks[i] = r
    return risks[:risks.index(None)] if None in risks else risks


def knockout_risk(view, seat: int, option, sequence: int, orders: list, rng: random.Random, hard: float,
                  clock=time.monotonic) -> tuple[float, int]:
    """(chance, orders met): how often `option` gets seat's Legend Knocked Out this sequence against the one foe
    picking uniformly at random among `orders` and answering at random (exact when every order is met; they
    are met in a random order, so an estimate cut short by `hard` is unbiased)."""
    counted = count_knockouts(view, seat, option, sequence, rng.sample(orders, len(orders)), rng, hard, clock)
    return (sum(counted) / len(counted) if counted else 0.0), len(counted)
