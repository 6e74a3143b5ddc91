"""The Chronomage table's books: what the companion keeps for the players, and who acts now.

One `CMState` holds the whole table, its attributes named as its JSON keys: the card piles (`piles.py`:
the spell cards with the time deck, the loot cards), the challenge deck and the challenge being fought
(`challenge.py`: the cards played, the pre-emptive record, the round's books) and the rest of the table. The rules that change it are functions of
the state in `referee.py` (apply, complete) and `legal.py` (legal_actions); this module keeps the data, its
JSON form and the views.
"""
from __future__ import annotations

from typing import Any

from companion.core import BadRequest, Outcome, State, Turn

from .actions import Assist, Give
from . import legal, referee
from .referee import LOST_TIME_CARDS
from .challenge import ChallengeDeck, Preemptive, RoundBooks
from .piles import LootCards, SpellCards
from .rules import COLORS

STRATEGY, ENGAGEMENT, CHALLENGE, CLEANUP, OVER = "strategy", "engagement", "challenge", "cleanup", "over"
PHASES = (STRATEGY, ENGAGEMENT, CHALLENGE, CLEANUP, OVER)
REVEAL_STEP, PREEMPT_STEP, TIME_STEP, LOOT_STEP = "reveal", "preemptive", "time", "loot"
STEPS = {STRATEGY: (None,), ENGAGEMENT: (REVEAL_STEP, PREEMPT_STEP), CHALLENGE: (None,),
         CLEANUP: (TIME_STEP, LOOT_STEP), OVER: (None,)}
TIME_UNITS, START_SPACE = 10, 2
#: the keys of a table's JSON, in the order saved snapshots have always had them
SAVED = ("game", "players", "colors", "timeline", "phase", "step", "time_deck", "loot_deck", "challenge_deck", "done",
         "card", "challenge", "damage", "weaknesses", "formation", "spellbook", "hands", "spent", "loot", "loot_items",
         "loot_discard", "time_used", "bonus", "rolls", "through", "assists", "preemptive", "anomaly", "reversed",
         "resistances", "result", "reason", "last_round")


class CMState(State):
    """The whole table. Seats are 1..n; per-seat lists are indexed seat - 1."""

    FIELDS = ("phase", "step", "spell_cards", "loot_cards", "challenge_deck", "card", "round", "formation", "weaknesses",
              "preemptive", "this_round", "through", "anomaly", "reversed", "resistances", "result", "termination",
              "reason", "last_round")

    def _table(self, game) -> None:
        self.game = game
        self.n = game.players
        self.colors = tuple(game.options["colors"])
        self.timeline, self.catalogue = game.timeline, game.catalogue

    def __init__(self, game):
        self._table(game)
        n = self.n
        self.phase, self.step = STRATEGY, None
        self.spell_cards, self.loot_cards = SpellCards.new(n), LootCards.new(n)
        self.challenge_deck = ChallengeDeck.new()
        self.card = None  # the revealed Card
        self.round = 0
        self.formation = [START_SPACE] * n
        self.weaknesses = [dict.fromkeys(COLORS, 0) for _ in range(n)]
        self.preemptive: Preemptive | None = None  # while a card is out
        self.anomaly, self.reversed = None, False
        self.result, self.termination, self.reason = None, "", ""  # how it ended: the code, then the sentence
        self.last_round = None
        self.this_round = RoundBooks.new(n)
        self.through = [False] * n  # who has beaten the event being fought (EVENT)
        self.resistances: dict[str, int] = {}  # CM-13: resistances the constant spells in play set, by colour

    def clone(self) -> "CMState":
        c = CMState.__new__(CMState)
        c.__dict__.update(self.__dict__)
        c.spell_cards, c.loot_cards = self.spell_cards.copy(), self.loot_cards.copy()
        c.challenge_deck, c.this_round = self.challenge_deck.copy(), self.this_round.copy()
        c.formation, c.through = list(self.formation), list(self.through)
        c.weaknesses, c.resistances = [dict(w) for w in self.weaknesses], dict(self.resistances)
        c.preemptive = None if self.preemptive is None else self.preemptive.copy()
        return c

    # ------------------------------------------------------------------ derived facts
    @property
    def seats(self) -> range:
        return range(1, self.n + 1)

    @property
    def done(self) -> list[tuple[str, str]]:
        """The challenge cards played, oldest first: (card id, "won" | "lost")."""
        return self.challenge_deck.done

    @property
    def loot(self) -> list[int]:
        """How many loot cards each seat holds."""
        return self.loot_cards.loot

    def round_info(self):
        """The current Round of the revealed card, or None."""
        return self.card.rounds[self.round - 1] if self.card is not None and self.round else None

    def power(self) -> int | None:
        r = self.round_info()
        return None if r is None else r.power_for(self.n)

    def eligible(self) -> list[int]:
        """Seats whose colour is printed under the resistance: they take part in the pre-emptive action."""
        return [s for s in self.seats if self.colors[s - 1] in self.card.preemptive.attempt]

    def resistance(self, color: str) -> int:
        """The dice `color` rolls against the card out: a constant spell's number over the card's (CM-13);
        an event ignores spells (EVENT)."""
        if self.card.type == "monster" and color in self.resistances:
            return self.resistances[color]
        return self.card.dice_for(color)

    def own_dice(self, seat: int) -> int:
        """How many of their dice `seat` rolls this round: the resistance, plus dice given in an event."""
        return self.resistance(self.colors[seat - 1]) + sum(1 for _, r in self.this_round.assists if r == seat)

    def to_roll(self) -> list[int]:
        """Seats whose dice the table still awaits in this step (CM-11)."""
        if self.phase == ENGAGEMENT and self.step == PREEMPT_STEP:
            p, pre = self.card.preemptive, self.preemptive
            if p.kind == "choice" or (p.kind == "exploit" and pre.attempt is not True):
                return []
            elig = self.eligible()
            if p.all:
                return elig if all(r is None for r in pre.results) else []
            return [s for s in elig if pre.results[s - 1] is None]
        if self.phase == CHALLENGE:
            return [s for s in self.seats if self.this_round.rolls[s - 1] is None and not self.through[s - 1]]
        return []

    def to_choose(self) -> list[int]:
        """Seats that still owe an individual choice (a group choice is the table's)."""
        if self.phase != ENGAGEMENT or self.step != PREEMPT_STEP or self.card.preemptive.kind != "choice":
            return []
        if self.card.preemptive.all:
            return []
        return [s for s in self.eligible() if self.preemptive.results[s - 1] is None]

    def revealable(self) -> list[str]:
        """Cards that may be picked now: the timeline's, then the saved ones (`my_cards.py`) with this
        table's power numbers; the deck's current phase, none already played; the boss anywhere in phase III
        and the last card when no other is left (CM-10, X-1)."""
        deck = self.challenge_deck
        out = [c.id for c in self.timeline.cards if deck.fits(c)]
        return out + [i for i, c in self.catalogue.items() if i not in self.timeline.by_id and deck.fits(c)
                      and all(r.power_for(self.n) for r in c.rounds)]


    def book_fixed(self) -> bool:
        """CM-15: from the table's first preparation spell on, no spellbook changes until cleanup (the spells
        cast in a strategy phase are its preparation spells: cleanup restores them before the next one)."""
        return self.phase == "strategy" and any(self.spell_cards.spent)


    def loot_usable(self) -> bool:
        """X-17: loot is used or taken out at any time of a running timeline but the reveal, which is the
        flip of the top card and nothing else."""
        return self.phase != "over" and not (self.phase == "engagement" and self.step == "reveal")


    def failures_left(self) -> int:
        """How many more lost challenges the time deck can pay for (2 cards a player each, CM-7)."""
        return self.spell_cards.time_deck // (LOST_TIME_CARDS * self.n)

    # ------------------------------------------------------------------ core API
    def legal_actions(self) -> list:
        return legal.legal_actions(self)

    def apply(self, action) -> list[dict[str, Any]]:
        return referee.apply(self, action)

    def complete(self, action, rng):
        return referee.complete(self, action, rng)

    def undo_stop(self, action, events):
        return referee.undo_stop(self, action, events)

    def turn(self) -> Turn:
        if self.phase == OVER:
            return Turn.over()
        waiting = self.to_roll() or self.to_choose()
        if len(waiting) == 1:
            return Turn.seat(waiting[0])
        return Turn.table(waiting or tuple(self.seats))

    def actor(self, action) -> int | None:
        """The seat an action names is its player: an assist's giver (never its receiver). Cleanup's
        `time`/`loot SEAT` names who receives by the group's choice: the table's, like an unseated action."""
        if isinstance(action, Assist):
            return action.giver
        seat = getattr(action, "seat", None)
        return seat if type(seat) is int and not isinstance(action, Give) else None

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        return Outcome(result=self.result, reason=self.reason, termination=self.termination)

    def to_dict(self) -> dict[str, Any]:
        card, r, rolled = self.card, self.round_info(), self.this_round.totals()
        d = {
            "game": "chronomage", "players": self.n, "colors": list(self.colors), "timeline": self.timeline.name,
            "phase": self.phase, "step": self.step, **self.challenge_deck.to_dict(),
            "card": None if card is None else card.to_table(),
            "challenge": None if card is None else {
                "id": card.id, "name": card.name, "type": card.type, "boss": card.boss, "round": self.round,
                "rounds": len(card.rounds), "power": self.power(), "dice": r and r.dice, "color": r and r.color},
            "damage": {"seats": rolled, "total": sum(x for x in rolled if x is not None), "power": self.power()},
            "weaknesses": [dict(w) for w in self.weaknesses], "formation": list(self.formation),
            **self.spell_cards.to_dict(), **self.loot_cards.to_dict(), **self.this_round.to_dict(),
            "through": list(self.through),
            "preemptive": None if self.preemptive is None else self.preemptive.to_dict(),
            "anomaly": None if self.anomaly is None else list(self.anomaly), "reversed": self.reversed,
            "resistances": {c: self.resistances[c] for c in COLORS if c in self.resistances},
            "result": self.result, "reason": self.reason,
            "last_round": None if self.last_round is None else dict(self.last_round),
        }
        return {k: d[k] for k in SAVED}

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public (perfect information); the view adds what the table screen shows."""
        if seat is not None and (type(seat) is not int or not 1 <= seat <= self.n):
            raise BadRequest("bad-seat", f"There is no seat {seat!r} at this table of {self.n}.", "chronomage/TURN")
        v = self.to_dict()
        v["seat"] = seat
        v["card"] = None if self.card is None else self.card.to_dict()
        v["time_units_left"] = [TIME_UNITS - u for u in self.this_round.time_used]
        v["dice_count"] = ([self.own_dice(s) for s in self.seats]
                           if self.phase == CHALLENGE else None)
        v["to_roll"] = self.to_roll()
        v["next_roller"] = (self.to_roll() or [None])[0]
        v["failures_left"] = self.failures_left()
        v["warnings"] = list(self.game.warnings)
        v["turn"] = self.turn().to_dict()
        at_reveal = self.phase == ENGAGEMENT and self.step == REVEAL_STEP
        #: what a card typed now must be: the deck's current phase; the boss (True) when it is the last card,
        #: not the boss (False) before phase III, either (None) in phase III before that (CM-10, X-1)
        deck = self.challenge_deck
        top = deck.top()
        v["top"] = {"phase": top, "boss": True if deck.last() else None if top == 3 else False} \
            if at_reveal else None
        return v
