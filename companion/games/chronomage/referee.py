"""The Chronomage referee, functions of a `CMState`: `apply` checks an action completely, then changes
the books (ALL-1).

Each handler raises IllegalAction before its first change; the changes after it cannot fail.
"""
from __future__ import annotations

import random
from typing import Any

from companion.core import CHANCE_STOP, DEFEAT, VICTORY, NotationError
from companion.events import plural

from . import events as ev_
from .challenge import Preemptive, RoundBooks
from .game import Chronomage
from .actions import (
    REFUSE, TEMPORARY, UNSORTED, Assist, Book, Choose, Dice, Discard, Exploit, Form, Give, Reveal, Reverse, Spell,
    Word, parse_action,
)

#: how a timeline ends: its termination code (Outcome.termination: what a screen words) and the sentence said
EMPTY_TIME_DECK = ("time-deck-empty", "A time card had to be drawn from an empty time deck.")
EMPTY_AT_CLEANUP = ("time-deck-empty", "The time card of cleanup had to be drawn from an empty time deck.")
NO_CHALLENGE_LEFT = ("no-challenge-left", "The boss was not defeated and no challenge is left.")  # before CM-10 changed
BOSS_LOST = ("boss-lost", "The boss was not defeated: the timeline is lost.")
BOSS_DEFEATED = ("boss-defeated", "The boss is defeated: the timeline is safe.")
#: the code of each ending by its sentence, for a table read back: its JSON keeps the sentence (`reason`) alone
ENDED_BY = {sentence: code for code, sentence in (EMPTY_TIME_DECK, EMPTY_AT_CLEANUP, NO_CHALLENGE_LEFT, BOSS_LOST,
                                                    BOSS_DEFEATED)}

R = "chronomage/"
LOST_TIME_CARDS = 2  # time cards every player draws when a challenge is lost (CM-7)
MAX_COST, MAX_RUNES, MAX_BONUS, SPACES, PRE_DICE, ANOMALY_DICE = 10, 9, 9, (1, 2, 3), 3, 2
MAX_RESISTANCE = 3  # dice a colour rolls at most (a card's resistance, or a constant spell's: CM-13)


refuse = Chronomage.refuse  # refuse("code", "sentence", "CM-5") cites chronomage/CM-5


def apply(st, action) -> list[dict[str, Any]]:
    if st.phase == "over":
        refuse("game-over", f"The timeline is already {'won' if st.result == VICTORY else 'lost'}.", "OVER")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        refuse("not-an-action", f"{action!s} is not a Chronomage action.", "TURN")
    return handler(st, action)


def complete(st, action, rng: random.Random):
    """A bare `dice SEAT`, `reveal` or `reverse` with what the session draws filled in; a pick
    (`reveal ID`) with the library card's data."""
    done = _complete(st, action, rng)
    if done is not action and not (type(action) is Reveal and action.card is not None):
        st._drawn = st.__dict__.get("_drawn", ()) + (str(done),)  # chance: undo stops there (CM-16)
    return done


def undo_stop(st, action, events):
    """CM-16: a die face or card the table entered is its own entry, which undo takes back; what the
    referee drew (a die, the revealed card, the anomaly dice) is chance and stops undo (ALL-2)."""
    drawn, st._drawn = st.__dict__.get("_drawn", ()), ()
    return CHANCE_STOP if action.chance and str(action) in drawn else None


def _complete(st, action, rng: random.Random):
    t = type(action)
    if t is Dice and action.faces is None:
        if action.seat in st.to_roll():
            if st.phase == "challenge":
                own = tuple(rng.randint(1, 6) for _ in range(st.own_dice(action.seat)))
                chal = tuple(rng.randint(1, 6) for _ in range(st.round_info().dice))
                return Dice(action.seat, tuple(sorted(own)), tuple(sorted(chal)))
            return Dice(action.seat, tuple(sorted(rng.randint(1, 6) for _ in range(PRE_DICE))))
    elif t is Reveal and action.data is None:
        if st.phase == "engagement" and st.step == "reveal":
            deck = [i for i in st.revealable() if i in st.timeline.by_id]  # saved cards are not in the deck
            pick = action.card if action.card is not None else (rng.choice(deck) if deck else None)
            if pick in st.catalogue:  # the library card's data goes into the journal (CM-3)
                return Reveal(pick, st.catalogue[pick])
    elif t is Reverse and action.anomaly is None:
        return Reverse(tuple(sorted(rng.randint(1, 6) for _ in range(ANOMALY_DICE))))
    return action


# ------------------------------------------------------------------ checks shared by handlers


def _seat(st, seat: int, rule: str = "TURN") -> int:
    if not 1 <= seat <= st.n:
        refuse("no-such-seat", f"There is no seat {seat}; the seats are 1..{st.n}.", rule)
    return seat


# ------------------------------------------------------------------ strategy phase


def _book(st, a: Book):
    s = _seat(st, a.seat)
    if st.phase != "strategy":
        refuse("book-is-set", "The spellbook is laid in the strategy phase and stays as it is until the next one.",
               "SPELLBOOK")
    if st.book_fixed():
        refuse("book-is-fixed", "A preparation spell has been cast: the spellbooks stay as they are until "
               "cleanup restores the spells.", "CM-15")
    have = st.spell_cards.held(s)
    if a.cards > have:
        refuse("not-enough-cards", f"Seat {s} holds {have} spell cards in hand and spellbook, not {a.cards}.",
               "SPELLBOOK")
    st.spell_cards.lay(s, a.cards)
    return [ev_.Spellbook(s, a.cards, st.spell_cards.hands[s - 1])]


def _form(st, a: Form):
    s = _seat(st, a.seat)
    if a.space not in SPACES:
        refuse("no-such-space", f"The formation spaces are 1, 2 and 3, not {a.space}.", "FORMATION")
    if st.phase == "challenge":
        if s not in st.to_roll():
            refuse("already-rolled", f"Seat {s} has already rolled this round; its formation stays.", "X-11")
    elif st.phase != "strategy":
        refuse("not-now", "The formation is set in the strategy phase or, during a challenge, before rolling.",
               "FORMATION")
    old, st.formation[s - 1] = st.formation[s - 1], a.space
    return [ev_.Formation(s, old, a.space)]


def _spell(st, a: Spell):
    s = _seat(st, a.seat)
    if a.cost > MAX_COST or a.runes > MAX_RUNES or a.bonus > MAX_BONUS:
        refuse("spell-out-of-range", "A spell costs 0..10 time units, needs 0..9 runes and adds 0..9 damage.", "X-12")
    if any(n > MAX_RESISTANCE for _, n in a.resistance):
        refuse("spell-out-of-range", f"A resistance is 0..{MAX_RESISTANCE} dice.", "CM-13")
    if st.phase == "strategy":
        if a.bonus:
            refuse("no-round-yet", "A preparation spell adds no damage: there is no round to add it to yet.", "X-10")
    elif st.phase == "challenge":
        if st.card.type == "event":
            refuse("no-spells-in-events", "Spells and runes do nothing against an event.", "EVENT")
        if st.this_round.rolls[s - 1] is not None:
            refuse("already-rolled", f"Seat {s} has rolled this round; spells come before the roll.", "SPELL")
    else:
        refuse("not-now", "Spells are cast in the strategy phase or before a player's roll in a monster round.",
               "SPELL")
    if st.spell_cards.hands[s - 1] == 0:
        refuse("empty-hand", f"Seat {s} has no spell card in hand.", "SPELL")
    if a.runes > st.spell_cards.spellbook[s - 1]:
        refuse("rune-check", f"The spell needs {plural(a.runes, 'rune')}; seat {s}'s spellbook shows {st.spell_cards.spellbook[s - 1]}.",
               "CM-5")
    in_round = st.phase == "challenge"
    if in_round and st.this_round.time_used[s - 1] + a.cost > MAX_COST:
        left = MAX_COST - st.this_round.time_used[s - 1]
        refuse("out-of-time", f"Seat {s} has {plural(left, 'time unit')} left this round; the spell costs {a.cost}.", "CM-5")
    st.spell_cards.cast(s)
    if in_round:
        st.this_round.time_used[s - 1] += a.cost
        st.this_round.bonus[s - 1] += a.bonus
    ev = [ev_.Spell(s, a.cost, a.runes, a.bonus, MAX_COST - st.this_round.time_used[s - 1] if in_round else None)]
    if a.resistance:
        st.resistances.update(a.resistance)
        ev.append(ev_.Resistances(dict(a.resistance)))
    return ev


def _word(st, a: Word):
    if a.word == "ready":
        if st.phase != "strategy":
            refuse("not-now", "The table gets ready to reveal at the end of the strategy phase.", "STRATEGY")
        st.phase, st.step = "engagement", "reveal"
        return [ev_.Engagement()]
    if st.phase != "challenge":
        refuse("no-challenge", "Only a challenge being fought can be declared lost.", "CM-7")
    return _lose_challenge(st)


# ------------------------------------------------------------------ engagement phase


def _reveal(st, a: Reveal):
    if st.phase != "engagement" or st.step != "reveal":
        refuse("not-now", "A card is revealed at the start of the engagement phase.", "REVEAL")
    card = a.data
    if card is None:
        if a.card is None:
            refuse("not-drawn", "Name the revealed card, or let the referee draw it.", "CM-3")
        card = st.catalogue.get(a.card)  # a bare pick (journals written before reveals carried the card)
        if card is None:
            refuse("unknown-card", f"Neither the timeline {st.timeline.title!r} nor the saved cards have a card "
                               f"{a.card!r}.", "CM-3")
    if st.challenge_deck.played(card.id):
        refuse("card-gone", f"{card.name} has already left the challenge deck.", "CM-3")
    lib = st.catalogue.get(card.id)  # a picked card is completed with the library's own data (complete)
    if lib is not None and lib != card:
        refuse("card-id-taken", f"The id {card.id!r} is the library's {lib.name}; a card typed at the table "
               "takes an id of its own.", "X-15")
    want, last = st.challenge_deck.top(), st.challenge_deck.last()
    if card.phase != want:
        refuse("wrong-phase", f"The top of the deck is a phase {'I' * want} card; {card.name} is phase "
                          f"{'I' * card.phase}.", "REVEAL")
    if last and not card.boss:
        refuse("boss-now", f"The last card of the deck is the boss; {card.name} is not marked as the boss.", "X-1")
    missing = [k for k, r in enumerate(card.rounds, 1) if r.power_for(st.n) is None]
    if missing:
        refuse("no-power", f"{card.name} has no power number for {plural(st.n, 'player')} "
                       f"in round {missing[0]}.", "CM-3")
    st.card, st.step = card, "preemptive"
    st.preemptive = Preemptive.new(st.n)
    ev = [ev_.Revealed(card.id, card.name, card.type, card.boss, card.preemptive.kind, st.eligible(),
                       st.catalogue.get(card.id) != card)]
    if not st.eligible():
        ev.append(ev_.PreemptiveSkipped("no player's colour is printed"))
        ev += _start_challenge(st)
    return ev


def _choose(st, a: Choose):
    if st.phase != "engagement" or st.step != "preemptive" or st.card.preemptive.kind != "choice":
        refuse("no-choice", "There is no pre-emptive choice to make now.", "PREEMPT")
    p = st.card.preemptive
    if not 1 <= a.option <= len(p.options):
        refuse("no-such-option", f"The choice has options 1..{len(p.options)}.", "PREEMPT")
    if p.all:
        if a.seat is not None:
            refuse("group-choice", "This choice is the group's: `choose K`.", "PREEMPT")
        targets = list(st.seats)
    else:
        if a.seat is None:
            refuse("individual-choice", "Each player makes this choice: `choose SEAT K`.", "PREEMPT")
        s = _seat(st, a.seat, "PREEMPT")
        if s not in st.eligible():
            refuse("not-printed", f"Seat {s}'s colour is not printed under the resistance.", "PREEMPT")
        if st.preemptive.results[s - 1] is not None:
            refuse("already-chose", f"Seat {s} has already chosen.", "PREEMPT")
        targets = [s]
    for s in targets:
        st.preemptive.results[s - 1] = a.option
    ev = [ev_.Chose(targets, a.option, p.options[a.option - 1])]
    return ev + _preempt_done(st)


def _exploit(st, a: Exploit):
    if st.phase != "engagement" or st.step != "preemptive" or st.card.preemptive.kind != "exploit" \
            or st.preemptive.attempt is not None:
        refuse("not-now", "There is no exploit waiting for the table's decision.", "X-5")
    st.preemptive.attempt = a.attempt
    return [ev_.Exploit(a.attempt)] + _preempt_done(st)


def _preempt_done(st):
    p, res = st.card.preemptive, st.preemptive.results
    if p.kind == "exploit" and st.preemptive.attempt is False:
        return _start_challenge(st)
    if p.kind == "exploit" and st.preemptive.attempt is None:
        return []
    if any(res[s - 1] is None for s in st.eligible()):
        return []
    return _start_challenge(st)


# ------------------------------------------------------------------ dice


def _dice(st, a: Dice):
    s = _seat(st, a.seat, "CM-11")
    if st.phase == "engagement" and st.step == "preemptive":
        if s not in st.to_roll():
            refuse("no-roll", f"Seat {s} has no pre-emptive roll to make now.", "PREEMPT")
        if a.faces is not None and (a.challenge is not None or len(a.faces) != PRE_DICE):
            refuse("wrong-dice", f"A pre-emptive roll is the player's {PRE_DICE} dice: `dice {s} F F F`.", "X-4")
        if a.faces is None:
            refuse("not-drawn", "Enter the dice's faces, or let the referee roll them.", "CM-11")
        return _preempt_roll(st, s, a.faces)
    if st.phase != "challenge":
        refuse("not-now", "Dice are rolled in the pre-emptive action and in challenge rounds.", "CM-11")
    if s not in st.to_roll():
        if st.through[s - 1]:
            refuse("through", f"Seat {s} has already beaten this event.", "EVENT")
        refuse("already-rolled", f"Seat {s} has already rolled this round.", "CM-11")
    rule = "MONSTER" if st.card.type == "monster" else "EVENT"
    k, m = st.own_dice(s), st.round_info().dice
    if a.faces is not None and (a.challenge is None or len(a.faces) != k or len(a.challenge) != m):
        refuse("wrong-dice", f"Seat {s} rolls {k} of their dice and {m} challenge "
                         f"{'die' if m == 1 else 'dice'} this round.", rule)
    if a.faces is None:
        refuse("not-drawn", "Enter the dice's faces, or let the referee roll them.", "CM-11")
    return _challenge_roll(st, s, a.faces, a.challenge)


def _preempt_roll(st, s: int, faces):
    p = st.card.preemptive
    ok = sum(faces) >= p.goal
    seats = list(st.seats) if p.all else [s]
    for t in seats:
        st.preemptive.results[t - 1] = "success" if ok else "fail"
    st.preemptive.rolls[s - 1] = list(faces)
    ev = [ev_.PreemptiveRoll(s, list(faces), p.goal, ok, seats)]
    if not ok and p.weakness:
        for t in seats:
            st.weaknesses[t - 1][p.weakness] += 1
        ev.append(ev_.WeaknessTaken(seats, p.weakness))
    return ev + _preempt_done(st)


def _challenge_roll(st, s: int, faces, chal):
    card, i = st.card, s - 1
    monster = card.type == "monster"
    result = sum(faces) + (st.this_round.bonus[i] + st.spell_cards.spellbook[i] if monster else 0)
    hits = []
    for f in chal:
        hit = card.chart[f - 1]
        if st.formation[i] in hit.spaces:
            hits.extend(hit.weakness)
    for color in hits:
        st.weaknesses[i][color] += 1
    roll = {"dice": list(faces), "challenge": list(chal), "result": result, "hits": hits}
    if monster:
        st.this_round.rolls[i] = roll
        ev = [ev_.Damage(s, list(faces), list(chal), result, hits, st.power(),
                         sum(r["result"] for r in st.this_round.rolls if r is not None))]
    else:
        ev = [ev_.EventRoll(s, list(faces), list(chal), result, hits, st.power())]
    if not monster and result < st.power():
        color = st.round_info().color
        st.weaknesses[i][color] += 1
        roll["hits"] = hits + [color]
        ev.append(ev_.WeaknessTaken([s], color))
    st.this_round.rolls[i] = roll
    if not st.to_roll():
        ev += _close_round(st)
    return ev


# ------------------------------------------------------------------ events, reverse time, losing


def _assist(st, a: Assist):
    if st.phase != "challenge" or st.card.type != "event":
        refuse("not-event", "Dice are given only during an event.", "ASSIST")
    g, r = _seat(st, a.giver, "ASSIST"), _seat(st, a.receiver, "ASSIST")
    if any(x is not None for x in st.this_round.rolls):
        refuse("assist-before-rolls", "Dice are given before anyone rolls in the round.", "ASSIST")
    if not st.through[g - 1]:
        refuse("giver-not-through", f"Seat {g} has not beaten the event yet.", "ASSIST")
    if st.through[r - 1]:
        refuse("receiver-through", f"Seat {r} has already beaten the event.", "ASSIST")
    if any(x == g for x, _ in st.this_round.assists):
        refuse("one-die", f"Seat {g} has already given a die this round.", "ASSIST")
    st.this_round.assists.append((g, r))
    return [ev_.Assist(g, r, st.own_dice(r))]


def _reverse(st, a: Reverse):
    if st.phase != "challenge":
        refuse("no-challenge", "Time is reversed during a challenge.", "X-7")
    if st.reversed:
        refuse("already-reversed", "Time has already been reversed in this challenge.", "X-7")
    if a.anomaly is None:
        refuse("not-drawn", "Enter the two anomaly dice, or let the referee roll them.", "CM-9")
    st.anomaly, st.reversed = tuple(a.anomaly), True
    st.round, st.through = 1, [False] * st.n
    st.this_round = RoundBooks.new(st.n)
    return [ev_.ReverseTime(list(a.anomaly), 1)]


def _lose(st, ending: tuple[str, str]) -> ev_.Defeat:
    """The timeline is lost: `ending` is its termination code and sentence (above)."""
    st.phase, st.step, st.result, (st.termination, st.reason) = "over", None, DEFEAT, ending
    return ev_.Defeat(st.reason)


def _lose_challenge(st):
    ev = [ev_.ChallengeLost(st.card.id)] + _end_temporary(st)
    for s in st.seats:
        for _ in range(LOST_TIME_CARDS):
            if not st.spell_cards.draw(s):
                return ev + [_lose(st, EMPTY_TIME_DECK)]
    ev.append(ev_.TimeCards(list(st.seats), LOST_TIME_CARDS, st.spell_cards.time_deck))
    boss = st.card.boss
    ev += _discard(st, "lost")
    if boss:
        ev.append(_lose(st, BOSS_LOST))
    return ev


# ------------------------------------------------------------------ rounds and cleanup


def _start_challenge(st):
    st.phase, st.step, st.round = "challenge", None, 1
    st.through = [False] * st.n
    st.this_round = RoundBooks.new(st.n)
    return [ev_.Challenge(st.card.id, 1, st.power())]


def _close_round(st):
    r, power = st.round_info(), st.power()
    if st.card.type == "monster":
        total = sum(x["result"] for x in st.this_round.rolls)
        ok = total >= power
        st.last_round = {"round": st.round, "color": r.color, "total": total, "power": power, "success": ok,
                           "seats": [x["result"] for x in st.this_round.rolls]}
        if not ok:
            for w in st.weaknesses:
                w[r.color] += 1
            st.this_round = RoundBooks.new(st.n)
            return [ev_.RoundFailed(st.round, total, power, r.color, list(st.seats))]
        ev = [ev_.RoundWon(st.round, total, power)]
        if st.round < len(st.card.rounds):
            st.round += 1
            st.this_round = RoundBooks.new(st.n)
            return ev + [ev_.Round(st.round, st.power())]
        return ev + _won(st)
    newly = [s for s, x in zip(st.seats, st.this_round.totals()) if x is not None and x >= power]
    for s in newly:
        st.through[s - 1] = True
    st.last_round = {"round": st.round, "color": r.color, "power": power, "through": newly,
                       "success": all(st.through), "seats": [x and x["result"] for x in st.this_round.rolls]}
    ev = [ev_.EventRound(newly, [s for s in st.seats if not st.through[s - 1]])]
    if all(st.through):
        return ev + _won(st)
    st.this_round = RoundBooks.new(st.n)
    return ev


def _won(st):
    ev = [ev_.ChallengeWon(st.card.id)] + _end_temporary(st)
    st.phase = "cleanup"
    st.this_round = RoundBooks.new(st.n)
    if st.anomaly is not None:
        ev.append(ev_.AnomalyRemoved())
        st.anomaly = None
    if st.spell_cards.time_deck == 0:
        return ev + [_lose(st, EMPTY_AT_CLEANUP)]
    st.step = "time"
    return ev


def _give(st, a: Give):
    _well_formed(a)
    if st.phase != "cleanup" or st.step != a.deck:
        refuse("not-now", f"The {a.deck} card is handed out in its place in cleanup.", "CLEANUP")
    s = _seat(st, a.seat, "CM-7")
    if a.deck == "time":
        if not st.spell_cards.draw(s):  # a corrected table can only come here through a bug: still never below 0
            return [_lose(st, EMPTY_AT_CLEANUP)]
        ev = [ev_.TimeCard(s, st.spell_cards.time_deck)]
        if st.loot_cards.loot_deck:
            st.step = "loot"
            return ev
        ev.append(ev_.LootSkipped("the loot deck is empty"))
    elif st.loot_cards.loot_deck == 0:
        ev = [ev_.LootSkipped("the loot deck is empty")]
    else:
        ev = _take_loot(st, s, a)
    boss = st.card.boss
    ev += _discard(st, "won")
    if boss:
        st.phase, st.result, (st.termination, st.reason) = "over", VICTORY, BOSS_DEFEATED
        ev.append(ev_.Victory(st.reason))
    return ev


def _take_loot(st, s: int, a: Give):
    """CM-14: the card drawn goes to seat `s` as the kind the table names; a second equipment of a type
    replaces the old one (`swap`) or is discarded (`refuse`), as the player chooses."""
    kind = a.kind or UNSORTED
    held = st.loot_cards.loot_items[s - 1]
    if kind not in (TEMPORARY, UNSORTED) and (kind in held) != (a.choice is not None):
        if a.choice is None:
            refuse("one-of-each-type", f"Seat {s} already has {kind} equipment, one of each type a player: "
                   f"`loot {s} {kind} swap` replaces it, `loot {s} {kind} refuse` discards the new card, or "
                   "the group gives it to another player.", "CM-14")
        refuse("nothing-to-swap", f"Seat {s} has no {kind} to swap or refuse: `loot {s} {kind}`.", "CM-14")
    st.loot_cards.take(s, kind, a.choice)
    return [ev_.LootCard(s, st.loot_cards.loot_deck, kind, st.loot_cards.loot_discard if a.choice is not None else None,
                         a.choice == REFUSE)]


def _use(st, a: Discard):
    _well_formed(a)
    if not st.loot_usable():
        refuse("not-now", "Loot is used before the reveal or after it, not while the card is revealed.", "X-17")
    s = _seat(st, a.seat, "CM-14")
    if a.kind not in st.loot_cards.loot_items[s - 1]:
        refuse("no-such-loot", f"Seat {s} holds no {a.kind} loot card.", "CM-14")
    st.loot_cards.use(s, a.kind)
    return [ev_.LootDiscarded(s, a.kind, st.loot_cards.loot_discard)]


def _end_temporary(st):
    """CM-14, X-17: the temporary loot held when a challenge ends, won or lost, is discarded."""
    seats = st.loot_cards.end_temporary()
    return [ev_.TemporaryLootDiscarded(seats, st.loot_cards.loot_discard)] if seats else []


def _discard(st, how: str):
    """End of a challenge, won or lost: anomaly dice off, spells back in hand, on to the next strategy."""
    ev = []
    if st.anomaly is not None:
        ev.append(ev_.AnomalyRemoved())
    st.challenge_deck.discard(st.card.id, how)
    st.spell_cards.restore()
    st.card, st.round, st.preemptive, st.anomaly, st.reversed = None, 0, None, None, False
    st.resistances = {}  # the constant spells leave play with the spells restored (CM-13)
    st.phase, st.step = "strategy", None
    st.through = [False] * st.n
    st.this_round = RoundBooks.new(st.n)
    return ev + [ev_.SpellsRestored(), ev_.Strategy(st.challenge_deck.left())]


def _well_formed(a) -> None:
    """An action built in code rather than parsed must still be one the notation can write (CM-14)."""
    try:
        ok = parse_action(str(a)) == a
    except NotationError:
        ok = False
    if not ok:
        refuse("not-an-action", "Not a Chronomage action: see `loot SEAT [KIND [swap|refuse]]`, `discard SEAT KIND`.",
               "CM-14")


_HANDLERS = {Book: _book, Form: _form, Spell: _spell, Word: _word, Reveal: _reveal, Choose: _choose, Exploit: _exploit,
             Dice: _dice, Assist: _assist, Reverse: _reverse, Give: _give, Discard: _use}
