"""The Chronomage referee: `apply` checks an action completely, then changes the books (ALL-1).

Each handler raises IllegalAction before its first change; the changes after it cannot fail.
"""
from __future__ import annotations

import random
from typing import Any

from companion.core import CHANCE_STOP, VICTORY, NotationError
from companion.events import plural

from . import events as ev_
from .game import Chronomage
from .actions import (
    REFUSE, SWAP, TEMPORARY, UNSORTED, Assist, Book, Choose, Dice, Discard, Exploit, Form, Give, Reveal, Reverse, Spell,
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
DECK = 16  # challenge cards in a timeline (CM-2)
LOST_TIME_CARDS = 2  # time cards every player draws when a challenge is lost (CM-7)
MAX_COST, MAX_RUNES, MAX_BONUS, SPACES, PRE_DICE, ANOMALY_DICE = 10, 9, 9, (1, 2, 3), 3, 2
MAX_RESISTANCE = 3  # dice a colour rolls at most (a card's resistance, or a constant spell's: CM-13)


refuse = Chronomage.refuse  # refuse("code", "sentence", "CM-5") cites chronomage/CM-5


class Referee:
    """Mixin of CMState: apply, complete, and the transitions between rounds, challenges and phases."""

    def apply(self, action) -> list[dict[str, Any]]:
        if self.phase == "over":
            refuse("game-over", f"The timeline is already {'won' if self.result == VICTORY else 'lost'}.", "OVER")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            refuse("not-an-action", f"{action!s} is not a Chronomage action.", "TURN")
        return handler(self, action)

    def complete(self, action, rng: random.Random):
        """A bare `dice SEAT`, `reveal` or `reverse` with what the session draws filled in; a pick
        (`reveal ID`) with the library card's data."""
        done = self._complete(action, rng)
        if done is not action and not (type(action) is Reveal and action.card is not None):
            self._drawn = self.__dict__.get("_drawn", ()) + (str(done),)  # chance: undo stops there (CM-16)
        return done

    def undo_stop(self, action, events):
        """CM-16: a die face or card the table entered is its own entry, which undo takes back; what the
        referee drew (a die, the revealed card, the anomaly dice) is chance and stops undo (ALL-2)."""
        drawn, self._drawn = self.__dict__.get("_drawn", ()), ()
        return CHANCE_STOP if action.chance and str(action) in drawn else None

    def _complete(self, action, rng: random.Random):
        t = type(action)
        if t is Dice and action.faces is None:
            if action.seat in self.to_roll():
                if self.phase == "challenge":
                    own = tuple(rng.randint(1, 6) for _ in range(self.own_dice(action.seat)))
                    chal = tuple(rng.randint(1, 6) for _ in range(self.round_info().dice))
                    return Dice(action.seat, tuple(sorted(own)), tuple(sorted(chal)))
                return Dice(action.seat, tuple(sorted(rng.randint(1, 6) for _ in range(PRE_DICE))))
        elif t is Reveal and action.data is None:
            if self.phase == "engagement" and self.step == "reveal":
                deck = [i for i in self.revealable() if i in self.tl.by_id]  # saved cards are not in the deck
                pick = action.card if action.card is not None else (rng.choice(deck) if deck else None)
                if pick in self.catalogue:  # the library card's data goes into the journal (CM-3)
                    return Reveal(pick, self.catalogue[pick])
        elif t is Reverse and action.anomaly is None:
            return Reverse(tuple(sorted(rng.randint(1, 6) for _ in range(ANOMALY_DICE))))
        return action

    # ------------------------------------------------------------------ checks shared by handlers
    def _seat(self, seat: int, rule: str = "TURN") -> int:
        if not 1 <= seat <= self.n:
            refuse("no-such-seat", f"There is no seat {seat}; the seats are 1..{self.n}.", rule)
        return seat

    def revealable(self) -> list[str]:
        """Cards that may be picked now: the timeline's, then the saved ones (`my_cards.py`) with this
        table's power numbers; the deck's current phase, none already played; the boss anywhere in phase III
        and the last card when no other is left (CM-10, X-1)."""
        want, last, gone = phase_at(len(self.done)), len(self.done) == DECK - 1, {i for i, _ in self.done}
        out = [c.id for c in self.tl.cards if c.phase == want and (c.boss or not last) and c.id not in gone]
        return out + [i for i, c in self.catalogue.items() if i not in self.tl.by_id and c.phase == want
                      and (c.boss or not last) and i not in gone and all(r.power_for(self.n) for r in c.rounds)]

    def book_fixed(self) -> bool:
        """CM-15: from the table's first preparation spell on, no spellbook changes until cleanup (the spells
        cast in a strategy phase are its preparation spells: cleanup restores them before the next one)."""
        return self.phase == "strategy" and any(self.spent)

    # ------------------------------------------------------------------ strategy phase
    def _book(self, a: Book):
        s = self._seat(a.seat)
        if self.phase != "strategy":
            refuse("book-is-set", "The spellbook is laid in the strategy phase and stays as it is until the next one.",
                   "SPELLBOOK")
        if self.book_fixed():
            refuse("book-is-fixed", "A preparation spell has been cast: the spellbooks stay as they are until "
                   "cleanup restores the spells.", "CM-15")
        have = self.hands[s - 1] + self.books[s - 1]
        if a.cards > have:
            refuse("not-enough-cards", f"Seat {s} holds {have} spell cards in hand and spellbook, not {a.cards}.",
                   "SPELLBOOK")
        self.hands[s - 1], self.books[s - 1] = have - a.cards, a.cards
        return [ev_.Spellbook(s, a.cards, self.hands[s - 1])]

    def _form(self, a: Form):
        s = self._seat(a.seat)
        if a.space not in SPACES:
            refuse("no-such-space", f"The formation spaces are 1, 2 and 3, not {a.space}.", "FORMATION")
        if self.phase == "challenge":
            if s not in self.to_roll():
                refuse("already-rolled", f"Seat {s} has already rolled this round; its formation stays.", "X-11")
        elif self.phase != "strategy":
            refuse("not-now", "The formation is set in the strategy phase or, during a challenge, before rolling.",
                   "FORMATION")
        old, self.formation[s - 1] = self.formation[s - 1], a.space
        return [ev_.Formation(s, old, a.space)]

    def _spell(self, a: Spell):
        s = self._seat(a.seat)
        if a.cost > MAX_COST or a.runes > MAX_RUNES or a.bonus > MAX_BONUS:
            refuse("spell-out-of-range", "A spell costs 0..10 time units, needs 0..9 runes and adds 0..9 damage.", "X-12")
        if any(n > MAX_RESISTANCE for _, n in a.resistance):
            refuse("spell-out-of-range", f"A resistance is 0..{MAX_RESISTANCE} dice.", "CM-13")
        if self.phase == "strategy":
            if a.bonus:
                refuse("no-round-yet", "A preparation spell adds no damage: there is no round to add it to yet.", "X-10")
        elif self.phase == "challenge":
            if self.card.type == "event":
                refuse("no-spells-in-events", "Spells and runes do nothing against an event.", "EVENT")
            if self.rolls[s - 1] is not None:
                refuse("already-rolled", f"Seat {s} has rolled this round; spells come before the roll.", "SPELL")
        else:
            refuse("not-now", "Spells are cast in the strategy phase or before a player's roll in a monster round.",
                   "SPELL")
        if self.hands[s - 1] == 0:
            refuse("empty-hand", f"Seat {s} has no spell card in hand.", "SPELL")
        if a.runes > self.books[s - 1]:
            refuse("rune-check", f"The spell needs {plural(a.runes, 'rune')}; seat {s}'s spellbook shows {self.books[s - 1]}.",
                   "CM-5")
        in_round = self.phase == "challenge"
        if in_round and self.used[s - 1] + a.cost > MAX_COST:
            left = MAX_COST - self.used[s - 1]
            refuse("out-of-time", f"Seat {s} has {plural(left, 'time unit')} left this round; the spell costs {a.cost}.", "CM-5")
        self.hands[s - 1] -= 1
        self.spent[s - 1] += 1
        if in_round:
            self.used[s - 1] += a.cost
            self.bonus[s - 1] += a.bonus
        ev = [ev_.Spell(s, a.cost, a.runes, a.bonus, MAX_COST - self.used[s - 1] if in_round else None)]
        if a.resistance:
            self.resist.update(a.resistance)
            ev.append(ev_.Resistances(dict(a.resistance)))
        return ev

    def _word(self, a: Word):
        if a.word == "ready":
            if self.phase != "strategy":
                refuse("not-now", "The table gets ready to reveal at the end of the strategy phase.", "STRATEGY")
            self.phase, self.step = "engagement", "reveal"
            return [ev_.Engagement()]
        if self.phase != "challenge":
            refuse("no-challenge", "Only a challenge being fought can be declared lost.", "CM-7")
        return self._lose_challenge()

    # ------------------------------------------------------------------ engagement phase
    def _reveal(self, a: Reveal):
        if self.phase != "engagement" or self.step != "reveal":
            refuse("not-now", "A card is revealed at the start of the engagement phase.", "REVEAL")
        card = a.data
        if card is None:
            if a.card is None:
                refuse("not-drawn", "Name the revealed card, or let the referee draw it.", "CM-3")
            card = self.catalogue.get(a.card)  # a bare pick (journals written before reveals carried the card)
            if card is None:
                refuse("unknown-card", f"Neither the timeline {self.tl.title!r} nor the saved cards have a card "
                                   f"{a.card!r}.", "CM-3")
        if card.id in {i for i, _ in self.done}:
            refuse("card-gone", f"{card.name} has already left the challenge deck.", "CM-3")
        lib = self.catalogue.get(card.id)  # a picked card is completed with the library's own data (complete)
        if lib is not None and lib != card:
            refuse("card-id-taken", f"The id {card.id!r} is the library's {lib.name}; a card typed at the table "
                   "takes an id of its own.", "X-15")
        want, last = phase_at(len(self.done)), len(self.done) == DECK - 1
        if card.phase != want:
            refuse("wrong-phase", f"The top of the deck is a phase {'I' * want} card; {card.name} is phase "
                              f"{'I' * card.phase}.", "REVEAL")
        if last and not card.boss:
            refuse("boss-now", f"The last card of the deck is the boss; {card.name} is not marked as the boss.", "X-1")
        missing = [k for k, r in enumerate(card.rounds, 1) if r.power_for(self.n) is None]
        if missing:
            refuse("no-power", f"{card.name} has no power number for {plural(self.n, 'player')} "
                           f"in round {missing[0]}.", "CM-3")
        self.card, self.step = card, "preemptive"
        self.pre = {"attempt": None, "results": [None] * self.n, "rolls": [None] * self.n}
        ev = [ev_.Revealed(card.id, card.name, card.type, card.boss, card.preemptive.kind, self.eligible(),
                           self.catalogue.get(card.id) != card)]
        if not self.eligible():
            ev.append(ev_.PreemptiveSkipped("no player's colour is printed"))
            ev += self._start_challenge()
        return ev

    def _choose(self, a: Choose):
        if self.phase != "engagement" or self.step != "preemptive" or self.card.preemptive.kind != "choice":
            refuse("no-choice", "There is no pre-emptive choice to make now.", "PREEMPT")
        p = self.card.preemptive
        if not 1 <= a.option <= len(p.options):
            refuse("no-such-option", f"The choice has options 1..{len(p.options)}.", "PREEMPT")
        if p.all:
            if a.seat is not None:
                refuse("group-choice", "This choice is the group's: `choose K`.", "PREEMPT")
            targets = list(self.seats)
        else:
            if a.seat is None:
                refuse("individual-choice", "Each player makes this choice: `choose SEAT K`.", "PREEMPT")
            s = self._seat(a.seat, "PREEMPT")
            if s not in self.eligible():
                refuse("not-printed", f"Seat {s}'s colour is not printed under the resistance.", "PREEMPT")
            if self.pre["results"][s - 1] is not None:
                refuse("already-chose", f"Seat {s} has already chosen.", "PREEMPT")
            targets = [s]
        for s in targets:
            self.pre["results"][s - 1] = a.option
        ev = [ev_.Chose(targets, a.option, p.options[a.option - 1])]
        return ev + self._preempt_done()

    def _exploit(self, a: Exploit):
        if self.phase != "engagement" or self.step != "preemptive" or self.card.preemptive.kind != "exploit" \
                or self.pre["attempt"] is not None:
            refuse("not-now", "There is no exploit waiting for the table's decision.", "X-5")
        self.pre["attempt"] = a.attempt
        return [ev_.Exploit(a.attempt)] + self._preempt_done()

    def _preempt_done(self):
        p, res = self.card.preemptive, self.pre["results"]
        if p.kind == "exploit" and self.pre["attempt"] is False:
            return self._start_challenge()
        if p.kind == "exploit" and self.pre["attempt"] is None:
            return []
        if any(res[s - 1] is None for s in self.eligible()):
            return []
        return self._start_challenge()

    # ------------------------------------------------------------------ dice
    def _dice(self, a: Dice):
        s = self._seat(a.seat, "CM-11")
        if self.phase == "engagement" and self.step == "preemptive":
            if s not in self.to_roll():
                refuse("no-roll", f"Seat {s} has no pre-emptive roll to make now.", "PREEMPT")
            if a.faces is not None and (a.challenge is not None or len(a.faces) != PRE_DICE):
                refuse("wrong-dice", f"A pre-emptive roll is the player's {PRE_DICE} dice: `dice {s} F F F`.", "X-4")
            if a.faces is None:
                refuse("not-drawn", "Enter the dice's faces, or let the referee roll them.", "CM-11")
            return self._preempt_roll(s, a.faces)
        if self.phase != "challenge":
            refuse("not-now", "Dice are rolled in the pre-emptive action and in challenge rounds.", "CM-11")
        if s not in self.to_roll():
            if self.through[s - 1]:
                refuse("through", f"Seat {s} has already beaten this event.", "EVENT")
            refuse("already-rolled", f"Seat {s} has already rolled this round.", "CM-11")
        rule = "MONSTER" if self.card.type == "monster" else "EVENT"
        k, m = self.own_dice(s), self.round_info().dice
        if a.faces is not None and (a.challenge is None or len(a.faces) != k or len(a.challenge) != m):
            refuse("wrong-dice", f"Seat {s} rolls {k} of their dice and {m} challenge "
                             f"{'die' if m == 1 else 'dice'} this round.", rule)
        if a.faces is None:
            refuse("not-drawn", "Enter the dice's faces, or let the referee roll them.", "CM-11")
        return self._challenge_roll(s, a.faces, a.challenge)

    def _preempt_roll(self, s: int, faces):
        p = self.card.preemptive
        ok = sum(faces) >= p.goal
        seats = list(self.seats) if p.all else [s]
        for t in seats:
            self.pre["results"][t - 1] = "success" if ok else "fail"
        self.pre["rolls"][s - 1] = list(faces)
        ev = [ev_.PreemptiveRoll(s, list(faces), p.goal, ok, seats)]
        if not ok and p.weakness:
            for t in seats:
                self.weak[t - 1][p.weakness] += 1
            ev.append(ev_.WeaknessTaken(seats, p.weakness))
        return ev + self._preempt_done()

    def _challenge_roll(self, s: int, faces, chal):
        card, i = self.card, s - 1
        monster = card.type == "monster"
        result = sum(faces) + (self.bonus[i] + self.books[i] if monster else 0)
        hits = []
        for f in chal:
            hit = card.chart[f - 1]
            if self.formation[i] in hit.spaces:
                hits.extend(hit.weakness)
        for color in hits:
            self.weak[i][color] += 1
        roll = {"dice": list(faces), "challenge": list(chal), "result": result, "hits": hits}
        if monster:
            self.rolls[i] = roll
            ev = [ev_.Damage(s, list(faces), list(chal), result, hits, self.power(),
                             sum(r["result"] for r in self.rolls if r is not None))]
        else:
            ev = [ev_.EventRoll(s, list(faces), list(chal), result, hits, self.power())]
        if not monster and result < self.power():
            color = self.round_info().color
            self.weak[i][color] += 1
            roll["hits"] = hits + [color]
            ev.append(ev_.WeaknessTaken([s], color))
        self.rolls[i] = roll
        if not self.to_roll():
            ev += self._close_round()
        return ev

    # ------------------------------------------------------------------ events, reverse time, losing
    def _assist(self, a: Assist):
        if self.phase != "challenge" or self.card.type != "event":
            refuse("not-event", "Dice are given only during an event.", "ASSIST")
        g, r = self._seat(a.giver, "ASSIST"), self._seat(a.receiver, "ASSIST")
        if any(x is not None for x in self.rolls):
            refuse("assist-before-rolls", "Dice are given before anyone rolls in the round.", "ASSIST")
        if not self.through[g - 1]:
            refuse("giver-not-through", f"Seat {g} has not beaten the event yet.", "ASSIST")
        if self.through[r - 1]:
            refuse("receiver-through", f"Seat {r} has already beaten the event.", "ASSIST")
        if any(x == g for x, _ in self.assists):
            refuse("one-die", f"Seat {g} has already given a die this round.", "ASSIST")
        self.assists.append((g, r))
        return [ev_.Assist(g, r, self.own_dice(r))]

    def _reverse(self, a: Reverse):
        if self.phase != "challenge":
            refuse("no-challenge", "Time is reversed during a challenge.", "X-7")
        if self.reversed:
            refuse("already-reversed", "Time has already been reversed in this challenge.", "X-7")
        if a.anomaly is None:
            refuse("not-drawn", "Enter the two anomaly dice, or let the referee roll them.", "CM-9")
        self.anomaly, self.reversed = tuple(a.anomaly), True
        self.round, self.through = 1, [False] * self.n
        self._new_round()
        return [ev_.ReverseTime(list(a.anomaly), 1)]

    def _lose_challenge(self):
        ev = [ev_.ChallengeLost(self.card.id)] + self._end_temporary()
        for s in self.seats:
            for _ in range(LOST_TIME_CARDS):
                if self.time_deck == 0:
                    return ev + [self._lose(EMPTY_TIME_DECK)]
                self.time_deck -= 1
                self.hands[s - 1] += 1
        ev.append(ev_.TimeCards(list(self.seats), LOST_TIME_CARDS, self.time_deck))
        boss = self.card.boss
        ev += self._discard("lost")
        if boss:
            ev.append(self._lose(BOSS_LOST))
        return ev

    # ------------------------------------------------------------------ rounds and cleanup
    def _start_challenge(self):
        self.phase, self.step, self.round = "challenge", None, 1
        self.through = [False] * self.n
        self._new_round()
        return [ev_.Challenge(self.card.id, 1, self.power())]

    def _close_round(self):
        r, power = self.round_info(), self.power()
        if self.card.type == "monster":
            total = sum(x["result"] for x in self.rolls)
            ok = total >= power
            self.last_round = {"round": self.round, "color": r.color, "total": total, "power": power, "success": ok,
                               "seats": [x["result"] for x in self.rolls]}
            if not ok:
                for w in self.weak:
                    w[r.color] += 1
                self._new_round()
                return [ev_.RoundFailed(self.round, total, power, r.color, list(self.seats))]
            ev = [ev_.RoundWon(self.round, total, power)]
            if self.round < len(self.card.rounds):
                self.round += 1
                self._new_round()
                return ev + [ev_.Round(self.round, self.power())]
            return ev + self._won()
        newly = [s for s in self.seats if self.rolls[s - 1] is not None and self.rolls[s - 1]["result"] >= power]
        for s in newly:
            self.through[s - 1] = True
        self.last_round = {"round": self.round, "color": r.color, "power": power, "through": newly,
                           "success": all(self.through), "seats": [x and x["result"] for x in self.rolls]}
        ev = [ev_.EventRound(newly, [s for s in self.seats if not self.through[s - 1]])]
        if all(self.through):
            return ev + self._won()
        self._new_round()
        return ev

    def _won(self):
        ev = [ev_.ChallengeWon(self.card.id)] + self._end_temporary()
        self.phase = "cleanup"
        self._new_round()
        if self.anomaly is not None:
            ev.append(ev_.AnomalyRemoved())
            self.anomaly = None
        if self.time_deck == 0:
            return ev + [self._lose(EMPTY_AT_CLEANUP)]
        self.step = "time"
        return ev

    def _give(self, a: Give):
        _well_formed(a)
        if self.phase != "cleanup" or self.step != a.deck:
            refuse("not-now", f"The {a.deck} card is handed out in its place in cleanup.", "CLEANUP")
        s = self._seat(a.seat, "CM-7")
        if a.deck == "time":
            if self.time_deck == 0:  # a corrected table can only come here through a bug: still never below 0
                return [self._lose(EMPTY_AT_CLEANUP)]
            self.time_deck -= 1
            self.hands[s - 1] += 1
            ev = [ev_.TimeCard(s, self.time_deck)]
            if self.loot_deck:
                self.step = "loot"
                return ev
            ev.append(ev_.LootSkipped("the loot deck is empty"))
        elif self.loot_deck == 0:
            ev = [ev_.LootSkipped("the loot deck is empty")]
        else:
            ev = self._take_loot(s, a)
        boss = self.card.boss
        ev += self._discard("won")
        if boss:
            self.phase, self.result, (self.termination, self.reason) = "over", VICTORY, BOSS_DEFEATED
            ev.append(ev_.Victory(self.reason))
        return ev

    def _take_loot(self, s: int, a: Give):
        """CM-14: the card drawn goes to seat `s` as the kind the table names; a second equipment of a type
        replaces the old one (`swap`) or is discarded (`refuse`), as the player chooses."""
        kind = a.kind or UNSORTED
        held = self.items[s - 1]
        if kind not in (TEMPORARY, UNSORTED) and (kind in held) != (a.choice is not None):
            if a.choice is None:
                refuse("one-of-each-type", f"Seat {s} already has {kind} equipment, one of each type a player: "
                       f"`loot {s} {kind} swap` replaces it, `loot {s} {kind} refuse` discards the new card, or "
                       "the group gives it to another player.", "CM-14")
            refuse("nothing-to-swap", f"Seat {s} has no {kind} to swap or refuse: `loot {s} {kind}`.", "CM-14")
        self.loot_deck -= 1
        if a.choice is not None:
            self.loot_discard += 1
        ev = ev_.LootCard(s, self.loot_deck, kind, self.loot_discard if a.choice is not None else None,
                          a.choice == REFUSE)
        if a.choice == REFUSE:
            return [ev]
        if a.choice == SWAP:
            held.remove(kind)
        held.append(kind)
        return [ev]

    def loot_usable(self) -> bool:
        """X-17: loot is used or taken out at any time of a running timeline but the reveal, which is the
        flip of the top card and nothing else."""
        return self.phase != "over" and not (self.phase == "engagement" and self.step == "reveal")

    def _use(self, a: Discard):
        _well_formed(a)
        if not self.loot_usable():
            refuse("not-now", "Loot is used before the reveal or after it, not while the card is revealed.", "X-17")
        s = self._seat(a.seat, "CM-14")
        if a.kind not in self.items[s - 1]:
            refuse("no-such-loot", f"Seat {s} holds no {a.kind} loot card.", "CM-14")
        self.items[s - 1].remove(a.kind)
        self.loot_discard += 1
        return [ev_.LootDiscarded(s, a.kind, self.loot_discard)]

    def _end_temporary(self):
        """CM-14, X-17: the temporary loot held when a challenge ends, won or lost, is discarded."""
        seats = [s for s in self.seats if TEMPORARY in self.items[s - 1]]
        for s in seats:
            kept = [k for k in self.items[s - 1] if k != TEMPORARY]
            self.loot_discard += len(self.items[s - 1]) - len(kept)
            self.items[s - 1] = kept
        return [ev_.TemporaryLootDiscarded(seats, self.loot_discard)] if seats else []

    def _discard(self, how: str):
        """End of a challenge, won or lost: anomaly dice off, spells back in hand, on to the next strategy."""
        ev = []
        if self.anomaly is not None:
            ev.append(ev_.AnomalyRemoved())
        self.done.append((self.card.id, how))
        for i in range(self.n):
            self.hands[i] += self.spent[i]
            self.spent[i] = 0
        self.card, self.round, self.pre, self.anomaly, self.reversed = None, 0, None, None, False
        self.resist = {}  # the constant spells leave play with the spells restored (CM-13)
        self.phase, self.step = "strategy", None
        self.through = [False] * self.n
        self._new_round()
        return ev + [ev_.SpellsRestored(), ev_.Strategy(DECK - len(self.done))]


def _well_formed(a) -> None:
    """An action built in code rather than parsed must still be one the notation can write (CM-14)."""
    try:
        ok = parse_action(str(a)) == a
    except NotationError:
        ok = False
    if not ok:
        refuse("not-an-action", "Not a Chronomage action: see `loot SEAT [KIND [swap|refuse]]`, `discard SEAT KIND`.",
               "CM-14")


def phase_at(position: int) -> int:
    """The challenge phase (1..3) of the card at `position` from the top of a new deck (CM-2: 5, 5, 6)."""
    return 1 if position < 5 else 2 if position < 10 else 3


_HANDLERS = {Book: Referee._book, Form: Referee._form, Spell: Referee._spell, Word: Referee._word,
             Reveal: Referee._reveal, Choose: Referee._choose, Exploit: Referee._exploit, Dice: Referee._dice,
             Assist: Referee._assist, Reverse: Referee._reverse, Give: Referee._give,
             Discard: Referee._use}
