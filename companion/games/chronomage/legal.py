"""Every action `apply` accepts now, listed (the conformance tests check both directions).

Dice handfuls are listed once each as sorted faces (the notation sorts them), so a seat rolling three
dice and one challenge die has 56 x 6 texts, plus the bare `dice SEAT` the session completes.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from .actions import (
    EXPLOIT_NO, EXPLOIT_YES, FAIL, READY, REFUSE, REVEAL, REVERSE, SWAP, TEMPORARY, Assist, Book, Choose, Dice,
    Discard, Form, Give, Reveal, Reverse, Spell,
)
from .rules import START_LOOT

SPACES = (1, 2, 3)


@lru_cache(maxsize=None)
def handfuls(k: int) -> tuple[tuple[int, ...], ...]:
    """Every sorted handful of k dice."""
    return tuple(combinations_with_replacement(range(1, 7), k))


def legal_actions(st) -> list:
    ph = st.phase
    out: list = []
    if ph == "over":
        return out
    if ph == "strategy":
        for s in st.seats:
            if not st.book_fixed():
                out += [Book(s, k) for k in range(st.spell_cards.hands[s - 1] + st.spell_cards.spellbook[s - 1] + 1)]
            out += [Form(s, p) for p in SPACES]
            out += _spells(st, s, prep=True)
        out.append(READY)
    elif ph == "engagement" and st.step == "reveal":
        picks = st.revealable()  # a card typed at the table is accepted too but not listed
        out += [REVEAL] + [Reveal(i) for i in picks] if picks else []
    elif ph == "engagement":
        p = st.card.preemptive
        if p.kind == "choice":
            opts = range(1, len(p.options) + 1)
            out += [Choose(k) for k in opts] if p.all else [Choose(k, s) for s in st.to_choose() for k in opts]
        elif p.kind == "exploit" and st.preemptive.attempt is None:
            out += [EXPLOIT_YES, EXPLOIT_NO]
        for s in st.to_roll():
            out.append(Dice(s))
            out += [Dice(s, h) for h in handfuls(3)]
    elif ph == "challenge":
        monster = st.card.type == "monster"
        m = st.round_info().dice
        for s in st.to_roll():
            out += [Form(s, p) for p in SPACES]
            if monster:
                out += _spells(st, s, prep=False)
            out.append(Dice(s))
            out += [Dice(s, h, c) for h in handfuls(st.own_dice(s)) for c in handfuls(m)]
        if not monster and all(r is None for r in st.this_round.rolls):
            gave = {g for g, _ in st.this_round.assists}
            out += [Assist(g, r) for g in st.seats if st.through[g - 1] and g not in gave
                    for r in st.seats if not st.through[r - 1]]
        out.append(FAIL)
        if not st.reversed:
            out.append(REVERSE)
            out += [Reverse(h) for h in handfuls(2)]
    else:  # cleanup
        out += [Give(st.step, s) for s in st.seats]
        if st.step == "loot":
            out += [a for s in st.seats for a in _loot(st, s)]
    if st.loot_usable():  # CM-14: a seat uses a temporary card, or the table takes out a card, each kind held
        out += [Discard(s, k) for s in st.seats for k in dict.fromkeys(st.loot_cards.loot_items[s - 1])]
    return out


def _loot(st, s: int) -> list:
    """The loot card to seat `s` as a temporary one, or as the printed equipment types the companion knows
    (the starting ones; another type is accepted but not listed, X-17), swapped or refused if held."""
    out = [Give("loot", s, TEMPORARY)]
    for t in START_LOOT:
        out += [Give("loot", s, t, SWAP), Give("loot", s, t, REFUSE)] if t in st.loot_cards.loot_items[s - 1] else \
            [Give("loot", s, t)]
    return out


def _spells(st, s: int, prep: bool) -> list:
    if not st.spell_cards.hands[s - 1]:
        return []
    runes = range(min(st.spell_cards.spellbook[s - 1], 9) + 1)
    if prep:
        return [Spell(s, c, r) for c in range(11) for r in runes]
    costs = range(10 - st.this_round.time_used[s - 1] + 1)
    return [Spell(s, c, r, b) for c in costs for r in runes for b in range(10)]
