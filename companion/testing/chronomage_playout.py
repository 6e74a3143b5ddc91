"""Random complete timelines, played as the session would: a bare `dice`, `reveal` or `reverse` is
completed from the random source. Used by the conformance tests and for demos."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable

from companion.games.chronomage.actions import (
    EXPLOIT_NO, EXPLOIT_YES, FAIL, READY, REVEAL, REVERSE, Assist, Book, Choose, Dice, Discard, Form, Give, Reveal, Spell,
)
from companion.games.chronomage.rules import COLORS


def random_action(st, rng: random.Random, fail_rate: float = 0.01):
    """A random action straight from the books (no `legal_actions()` call), weighted so timelines end."""
    ph = st.phase
    seats = list(st.seats)
    if ph == "strategy":
        s = rng.choice(seats)
        x = rng.random()
        if x < 0.2 and not st.book_fixed():
            return Book(s, rng.randint(0, st.spell_cards.hands[s - 1] + st.spell_cards.spellbook[s - 1]))
        if x < 0.35:
            return Form(s, rng.randint(1, 3))
        if x < 0.45 and st.spell_cards.hands[s - 1]:
            return Spell(s, rng.randint(0, 10), rng.randint(0, min(st.spell_cards.spellbook[s - 1], 9)), resistance=_constant(rng))
        return READY
    if ph == "engagement" and st.step == "reveal":
        return typed_card(st, rng) if rng.random() < 0.2 else REVEAL
    if ph == "engagement":
        p = st.card.preemptive
        if p.kind == "choice":
            k = rng.randint(1, len(p.options))
            return Choose(k) if p.all else Choose(k, rng.choice(st.to_choose()))
        if p.kind == "exploit" and st.preemptive.attempt is None:
            return rng.choice((EXPLOIT_YES, EXPLOIT_NO))
        return Dice(rng.choice(st.to_roll()))
    if ph == "challenge":
        x = rng.random()
        if x < fail_rate:
            return FAIL
        if x < 3 * fail_rate and not st.reversed:
            return REVERSE
        if st.card.type == "event" and all(r is None for r in st.this_round.rolls) and rng.random() < 0.5:
            gave = {g for g, _ in st.this_round.assists}
            givers = [g for g in seats if st.through[g - 1] and g not in gave]
            if givers:
                return Assist(rng.choice(givers), rng.choice([r for r in seats if not st.through[r - 1]]))
        s = rng.choice(st.to_roll())
        y = rng.random()
        if y < 0.05:
            return Form(s, rng.randint(1, 3))
        if y < 0.3 and st.card.type == "monster" and st.spell_cards.hands[s - 1] and st.this_round.time_used[s - 1] < 10:
            return Spell(s, rng.randint(0, 10 - st.this_round.time_used[s - 1]), rng.randint(0, min(st.spell_cards.spellbook[s - 1], 9)),
                         rng.randint(0, 9), _constant(rng))
        return Dice(s)
    s = rng.choice(seats)
    if st.step == "loot" and rng.random() < 0.3:  # CM-14: now and then a temporary card or a new type
        kind = rng.choice(("temporary", "amulet", "boots"))
        held = kind != "temporary" and kind in st.loot_cards.loot_items[s - 1]
        return Give("loot", s, kind, rng.choice(("swap", "refuse")) if held else None)
    if st.loot_cards.loot_items[s - 1] and rng.random() < 0.1:
        return Discard(s, rng.choice(st.loot_cards.loot_items[s - 1]))
    return Give(st.step, s)


def _constant(rng: random.Random) -> tuple:
    """Now and then a constant spell's new resistance for one colour (CM-13), else none."""
    return ((rng.choice(COLORS), rng.randint(0, 3)),) if rng.random() < 0.15 else ()


def typed_card(st, rng: random.Random) -> Reveal:
    """A card typed at the table (X-15): a library card that may come now, under a new id and with the
    power number for this table's size only."""
    card = st.timeline.by_id[rng.choice(st.revealable())]
    n = st.n
    rounds = tuple(replace(r, power=tuple(p if k == n else None for k, p in enumerate(r.power, 1)))
                   for r in card.rounds)
    card = replace(card, id=f"typed-{len(st.done) + 1}", name="Typed " + card.name, rounds=rounds)
    return Reveal(card.id, card)


def random_legal_action(st, rng: random.Random, fail_rate: float = 0.01):
    """An action drawn from `legal_actions()`: first a kind, then one of that kind (so rare kinds still come up)."""
    by_kind: dict[str, list] = {}
    for a in st.legal_actions():
        by_kind.setdefault(str(a).split()[0], []).append(a)
    if "fail" in by_kind and rng.random() > fail_rate:
        del by_kind["fail"]
    if "dice" in by_kind and rng.random() < 0.6:
        return rng.choice(by_kind["dice"])
    if "ready" in by_kind and rng.random() < 0.5:
        return READY
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


def random_playout(game, rng: random.Random, *, state=None, legal: bool = False, max_actions: int = 20000,
                   on_step: Callable | None = None, fail_rate: float = 0.01) -> list[str]:
    """Play one random timeline to its end (or `max_actions`); the action texts, chance filled in."""
    st = game.new_state() if state is None else state
    pick = random_legal_action if legal else random_action
    out = []
    for _ in range(max_actions):
        if st.is_over():
            break
        a = pick(st, rng, fail_rate)
        if a.incomplete:
            a = st.complete(a, rng)
        ev = st.apply(a)
        out.append(str(a))
        if on_step is not None:
            on_step(st, a, ev)
    return out
