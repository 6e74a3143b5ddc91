"""The Legends referee: phases of a sequence, who acts, what is legal, views that never leak.

Phases: "draw" (digital: each seat in turn draws the top card of its Meter, a chance outcome, or is
asked whether to reshuffle an empty Meter) -> "pick" (digital: secret `pick`s, any order) or
"reveal" (physical: each seat's revealed card) -> "resolve" (cards in Speed order; choices asked one
at a time) -> "return" (Knocked Out Legends may turn) -> next exchange, or recovery and a new
sequence -> "over".
"""
from __future__ import annotations

import itertools
import random
from typing import Any

from companion.core import Outcome, State, Turn, UndoStop
from companion.events import plural

from . import events as ev_
from .actions import Do, Draw, Face, Pick, Reshuffle, Reveal, Target
from .asks import DoAsk, ReshuffleAsk
from .cards import BASICS
from .game import Legends
from .edits import Edits
from .primitives import Primitives
from .resolve import ENDINGS, GRYM, RULE, Figure, Resolution

refuse = Legends.refuse  # refuse("code", "sentence", "LA-4") cites legends-of-the-arena/LA-4

PHASES = ("draw", "pick", "reveal", "resolve", "return", "over")


class LAState(Edits, Primitives, Resolution, State):
    FIELDS = ("phase", "sequence", "exchange", "legends", "initiative", "stocks", "knockouts", "received", "furthest", "revealed", "resolved", "current", "ask", "queue", "picks",
              "hands", "meters", "discards", "removed", "shown", "eliminated", "winner", "reason",
              "edits", "history", "later", "replaying", "pieces")

    def _table(self, game) -> None:
        self.game = game
        self.n, self.seats = game.players, tuple(game.seats)
        self.mode, self.physical = game.options["mode"], game.options["cards"] == "physical"
        self.teams = self.mode != "ffa"  # LA-11: every team mode targets and sees hands as Teams does
        self.nteams = 3 if self.mode == "2v2v2" else 2 if self.teams else 0
        self.events: list[dict[str, Any]] = []
        self.grym_seat = next((s for s in self.seats if self.legend(s).id == GRYM), None)  # LA-13

    def __init__(self, game):
        self._table(game)
        n = self.n
        if self.teams:  # LA-2, LA-11: on the portals, facing the center; in Free-for-All all on 3, alternating
            self.legends = [Figure(self.portal(s), self.portal_facing(s)) for s in self.seats]
        else:
            self.legends = [Figure(3, "right" if s % 2 else "left") for s in self.seats]
        for s, f in zip(self.seats, self.legends):  # LA-14: Lucius starts human
            f.form = self.legend(s).forms[0] if self.legend(s).forms else None
        self.initiative = 1  # LA-5
        self.stocks = [self.start_stocks()] * self.nteams if self.teams else None
        self.eliminated = [] if self.teams else None
        self.knockouts = None if self.teams else [0] * n
        self.received, self.furthest = [0] * n, [0] * n
        self.sequence, self.exchange = 1, 1
        self.revealed, self.resolved, self.current, self.ask, self.queue = {}, [], None, None, []
        self.winner, self.reason = None, ""
        self.edits, self.history, self.later, self.replaying = {}, [], {}, False  # LA-12
        self.pieces: list[list] = []  # LA-13: Lord Grym's Zombie and Coffin pieces, [space, kind], in the order raised
        if self.physical:  # LA-15: the public bookkeeping of the printed cards
            self.hands = None
            self.meters = [self.meter_size(s) - 1 for s in self.seats]  # one card drawn for sequence 1
            self.discards, self.removed, self.shown = [[] for _ in self.seats], [[] for _ in self.seats], [[] for _ in self.seats]
            self.picks = {}
            self.phase = "reveal"
        else:
            self.hands = [list(self.legend(s).basics) for s in self.seats]
            self.meters = [{"specials": sorted(self.legend(s).specials), "ultimates": list(self.legend(s).ultimates)}
                           for s in self.seats]
            self.discards, self.removed = [[] for _ in self.seats], [[] for _ in self.seats]
            self.shown = None
            self.picks = {}
            self.phase = "draw"
            self.queue = self.active()
            self.advance_draw()
        self.events = []

    def legend(self, s: int):
        return self.game.legends[s - 1]

    def start_stocks(self) -> int:
        """teams-stocks, LA-11: 1 a team in 1v1, 2 in 2v2 and 2v2v2, 3 in 3v3."""
        return 2 if self.mode == "2v2v2" else self.n // 2

    def active(self) -> list[int]:
        """The seats still playing (LA-11: a team out of Stocks in 2v2v2 has left the Arena)."""
        return [s for s in self.seats if not self.gone(s)]

    def meter_size(self, s: int) -> int:
        return len(self.legend(s).specials) + len(self.legend(s).ultimates)

    @property
    def pusher(self) -> list[int | None]:
        """Per seat, the foe who last put Push tokens on its Legend (R-14), or None."""
        return [f.pusher for f in self.legends]

    # -- the flow -------------------------------------------------------------------------------------

    def advance_draw(self) -> None:
        """draw / reshuffle: skip seats that cannot draw; ask a seat whose Meter is empty."""
        while self.queue:
            s = self.queue[0]
            meter = self.meters[s - 1]
            if meter["specials"] or meter["ultimates"]:
                return  # the session owes a draw (Turn.chance)
            if self.reshufflable(s):
                self.ask = ReshuffleAsk(s)
                return
            self.queue.pop(0)
            self.events.append(ev_.NoDraw(s))
        self.phase = "pick"
        if self.history and not self.to_pick():  # LA-12: nobody has a fourth card to add
            self.fourth_cards_done()

    def reshufflable(self, s: int) -> list[str]:
        specials = self.legend(s).specials
        return [c for c in self.hands[s - 1] + self.discards[s - 1] if c in specials]

    def start_exchange(self) -> None:
        self.revealed, self.resolved, self.current, self.later = {}, [], None, {}
        if self.physical and not self.replaying:
            self.phase = "reveal"
            return
        self.place_cards()
        later = {s: list(c) for s, c in self.later.items()} or None  # LA-12 Perfect Timing
        edits = dict(self.edits) if self.exchange == 1 and self.edits and not self.replaying else None
        self.events.append(ev_.Reveal(self.sequence, self.exchange, dict(self.revealed), later, edits, self.replaying))
        self.begin_resolution()

    def next_exchange(self) -> None:
        if self.replaying:  # LA-12 Let's Do That Again: back down to exchange 1
            if self.exchange > 1:
                self.exchange -= 1
                self.start_exchange()
                return
        else:
            if self.after_exchange_1():
                return
            if self.exchange < self.exchanges():
                self.exchange += 1
                self.start_exchange()
                return
            if self.start_replay():
                return
        self.events.append(ev_.Recovery(self.sequence))
        if not self.physical:  # recovery
            for s in self.picks:
                lg = self.legend(s)
                for c in self.picks[s] + ([self.edits[s]] if s in self.edits else []):
                    (self.hands if c in lg.basics else self.discards if c in lg.specials else self.removed)[s - 1].append(c)
        self.picks, self.revealed, self.resolved, self.current = {}, {}, [], None
        self.edits, self.history, self.later, self.replaying = {}, [], {}, False
        self.sequence, self.exchange = self.sequence + 1, 1
        if self.physical:  # LA-15: basics back in the hand; each seat draws from its Meter if any is left
            self.shown = [[] for _ in self.seats]
            self.meters = [max(0, m - 1) for m in self.meters]
            self.phase = "reveal"
        else:
            self.phase, self.queue = "draw", self.active()
            self.advance_draw()

    # -- the core API ----------------------------------------------------------------------------------

    def turn(self) -> Turn:
        if self.phase == "over":
            return Turn.over()
        if self.ask is not None:
            return Turn.seat(self.ask.seat)
        if self.phase == "draw":
            return Turn.chance()
        if self.phase == "pick":
            return Turn.simultaneous(self.to_pick())
        return Turn.simultaneous(self.to_reveal())  # reveal

    def draws(self, s: int) -> list[str]:
        """R-12: any Special left in the Meter (its order is unknown until drawn), else the next Ultimate
        (LA-14: the one of the Legend's current form)."""
        meter = self.meters[s - 1]
        if meter["specials"]:
            return list(meter["specials"])
        last = self.legend(s).ultimate_for(self.fig(s).form, meter["ultimates"])
        return [last] if last else []

    def legal_actions(self) -> list:
        if self.phase == "over":
            return []
        if self.ask is not None:
            return self.ask.actions(self)
        if self.phase == "draw":
            s = self.queue[0]
            return [Draw(s, c) for c in self.draws(s)]
        if self.phase == "pick":
            return [a for s in self.to_pick() for a in self.pick_options(s)]
        return [Reveal(s, c) for s in self.to_reveal() for c in self.revealable(s)
                if self.played(s, c) is None and self.unheld(s, c) is None] + \
            [Reshuffle(s, True) for s in self.seats if self.may_reshuffle(s)]

    def played(self, s: int, card: str) -> str | None:
        """LA-15 (physical): why `card` cannot be revealed again now, or None."""
        lg = self.legend(s)
        if card in lg.ultimates:
            return "an Ultimate leaves the game once played" if card in self.removed[s - 1] else None
        if card in lg.specials:
            return "a Special waits in the discard pile until the Meter is reshuffled" \
                if card in self.discards[s - 1] else None
        return "a basic card comes back to the hand only at the Recovery" if card in self.shown[s - 1] else None

    def held(self, s: int) -> int:
        """LA-15 (physical): the cards drawn from s's Meter still in its hand: the Meter's size less the cards
        still in the Meter, the Specials discarded and the Ultimates removed (below 0 only in a state `load` refuses)."""
        return self.meter_size(s) - self.meters[s - 1] - len(self.discards[s - 1]) - len(self.removed[s - 1])

    def ultimates_drawn(self, s: int) -> int:
        """R-12 (physical): the most Ultimates s can have drawn: its Specials lie over them, so none while the
        Meter holds as many cards as it has Specials (a reshuffled Meter never does again), all once below."""
        specials, ultimates, m = len(self.legend(s).specials), len(self.legend(s).ultimates), self.meters[s - 1]
        return ultimates if m < specials else max(0, ultimates - m)

    def unheld(self, s: int, card: str) -> tuple[str, str] | None:
        """LA-15, R-12 (physical): why s cannot hold `card` of its Meter now, and the rule; None if it may."""
        lg = self.legend(s)
        if card not in lg.specials + lg.ultimates:
            return None
        if self.held(s) <= 0:
            return (f"Seat {s} holds no card of its Meter to reveal {lg.card_name(card)}: of its "
                    f"{plural(self.meter_size(s), 'card')}, {self.meters[s - 1]} are still in the Meter, {len(self.discards[s - 1])} discarded and "
                    f"{len(self.removed[s - 1])} removed.", "LA-15")
        if card in lg.ultimates and len(self.removed[s - 1]) >= self.ultimates_drawn(s):
            return (f"Seat {s} cannot hold {lg.card_name(card)} yet: an Ultimate lies under the Specials of the Meter, "
                    f"which still holds {plural(self.meters[s - 1], 'card')}.", "R-12")
        return None

    def may_reshuffle(self, s: int) -> bool:
        """LA-15 (physical): a seat whose Meter is empty may shuffle its Specials again before its first reveal."""
        return (self.physical and self.phase == "reveal" and self.exchange == 1 and self.reveals_now(s)
                and s not in self.edits and not self.gone(s)
                and self.meters[s - 1] == 0 and bool(self.legend(s).specials))

    def revealable(self, s: int) -> tuple[str, ...]:
        """R-11: the seven basics, or one of the Legend's own cards; LA-12: in exchange 1 Tikkit's Edit first
        (an Edit is revealed in exchange 1 only, one a sequence)."""
        edits = self.legend(s).edits
        if self.edit_first(s):
            return edits
        cards = self.actions_of(s, BASICS + self.legend(s).own_cards)
        if self.exchange == 1 and not self.history and s not in self.edits and s not in self.revealed and not self.picks.get(s):
            return tuple(cards) + edits
        return tuple(cards)

    def check(self, a) -> None:
        """Everything `apply` refuses, before anything changes (ALL-1). Dispatched on the action's exact type
        (an `isinstance` against the abstract action base costs more than the rest of a check)."""
        kind = type(a)
        if kind not in _CHECKS:
            refuse("not-an-action", "That is not a Legends of the Arena action.", "choices")
        if a.seat not in self.seats:
            refuse("no-such-seat", f"There is no seat {a.seat} at this table.", "modes")
        if self.phase == "over":
            refuse("game-over", "The game is over.", "teams-stocks" if self.teams else "ffa-knockouts")
        ask = self.ask
        if ask is not None:
            if kind is not ask.answer or a.seat != ask.seat:
                refuse("waiting-for-choice", f"Seat {ask.seat} has a choice to make first ({ask.kind}).", "choices")
            ask.check(self, a)
            return
        _CHECKS[kind](self, a)

    def _nothing_asked(self, a) -> None:
        refuse("nothing-to-choose", "Nobody is being asked a choice now.", "choices")

    def _check_reshuffle(self, a: Reshuffle) -> None:
        if not self.physical:
            self._nothing_asked(a)
        if not a.yes or self.phase != "reveal" or self.exchange != 1 or not self.reveals_now(a.seat) \
                or a.seat in self.edits:
            refuse("not-drawing", "A Meter is reshuffled at the start of a sequence, before the seat's first reveal.",
                   "reshuffle")
        if not self.may_reshuffle(a.seat):
            refuse("meter-not-empty", f"Seat {a.seat}'s Meter still holds {self.meters[a.seat - 1]} card(s): it is "
                   "reshuffled only once empty.", "reshuffle")

    def _check_playing(self, a) -> None:
        if self.gone(a.seat):
            refuse("eliminated", f"Seat {a.seat}'s team has no Stock left and has left the Arena.", "LA-11")

    def _check_draw(self, a: Draw) -> None:
        if self.phase != "draw" or a.seat != self.queue[0]:
            refuse("not-drawing", f"Seat {a.seat} does not draw now.", "draw")
        if a.card not in self.draws(a.seat):
            refuse("not-in-meter", f"{a.card!r} is not the top of seat {a.seat}'s Meter.",
                   "LA-14" if a.card in self.legend(a.seat).ultimate_forms else "R-12")

    def _check_pick(self, a: Pick) -> None:
        self._check_playing(a)
        if self.physical:
            refuse("physical-cards", "With physical cards the table reveals each card instead of picking.", "LA-8")
        if self.phase != "pick":
            refuse("not-picking", "Picks are made after every seat has drawn, once a sequence.", "picks")
        if a.seat not in self.to_pick():
            refuse("already-picked", f"Seat {a.seat} has picked already this sequence.", "picks")
        why = self.pick_refusal(a)
        if why is not None:
            refuse("not-in-hand", why[0].upper() + why[1:] + ".",
                   "LA-12" if self.history or self.legend(a.seat).edits else "picks")

    def _check_reveal(self, a: Reveal) -> None:
        self._check_playing(a)
        if not self.physical:
            refuse("digital-cards", "With digital cards the referee reveals the picks itself.", "LA-8")
        if a.seat not in self.to_reveal():
            refuse("already-revealed", f"Seat {a.seat} has revealed its card for this exchange.", "exchange")
        if self.edit_first(a.seat) and a.card not in self.revealable(a.seat):
            refuse("edit-first", f"{self.legend(a.seat).name} enters his Edit with his first reveal of the sequence.",
                   "LA-12")
        if a.card in self.legend(a.seat).edits and a.card not in self.revealable(a.seat):
            refuse("not-an-edit-now", "An Edit is revealed with the first card of a sequence, one a sequence.", "LA-12")
        if a.card not in self.revealable(a.seat):
            refuse("unknown-card", f"{a.card!r} is not a basic card nor one of {self.legend(a.seat).name}'s cards.", "R-11")
        why = self.played(a.seat, a.card)
        if why is not None:
            refuse("already-played", f"Seat {a.seat} has played {self.legend(a.seat).card_name(a.card)} already: {why}.",
                   "LA-15")
        why = self.unheld(a.seat, a.card)
        if why is not None:
            refuse("meter-count", *why)

    def apply(self, action) -> list[dict[str, Any]]:
        self.check(action)
        self.events = []
        _APPLY[type(action)](self, action)
        return self.events

    def _apply_reshuffle(self, a: Reshuffle) -> None:
        if self.physical:  # LA-15: shuffled, then this sequence's card drawn
            self.discards[a.seat - 1] = []
            self.meters[a.seat - 1] = len(self.legend(a.seat).specials) - 1
            self.events.append(ev_.Reshuffle(a.seat, len(self.legend(a.seat).specials)))
            return
        self.ask = None
        if a.yes:
            cards = self.reshufflable(a.seat)
            self.hands[a.seat - 1] = [c for c in self.hands[a.seat - 1] if c not in cards]
            self.discards[a.seat - 1] = [c for c in self.discards[a.seat - 1] if c not in cards]
            self.meters[a.seat - 1]["specials"] = sorted(cards)
            self.events.append(ev_.Reshuffle(a.seat, len(cards)))
        else:
            self.queue.pop(0)
            self.events.append(ev_.NoDraw(a.seat))
        self.advance_draw()

    def _apply_pick(self, a: Pick) -> None:
        self.take_pick(a)
        self.events.append(ev_.Picked(a.seat))
        self.events.append(ev_.MyPicks(a.seat, list(a.cards), [a.seat]))
        if not self.to_pick():
            if self.history:
                self.fourth_cards_done()
            else:
                self.start_exchange()

    def _apply_reveal(self, a: Reveal) -> None:
        lg = self.legend(a.seat)
        ev = ev_.Revealed(a.seat, a.card, self.exchange, a.card in lg.edits)
        if a.card in lg.edits:  # LA-12: entered with his first reveal
            self.edits[a.seat] = a.card
        elif self.edits.get(a.seat) == "perfect-timing":
            self.picks.setdefault(a.seat, []).append(a.card)  # his stack, turned up in exchange 1
        else:
            self.revealed[a.seat] = a.card
        if a.card not in lg.edits or a.card not in lg.basics:
            (self.removed if a.card in lg.ultimates else self.discards if a.card in lg.specials else self.shown)[a.seat - 1].append(a.card)
        self.events.append(ev)
        if not self.to_reveal():
            self.place_cards()
            self.begin_resolution()

    def _apply_face(self, a: Face) -> None:
        self.turn_to(a.seat, a.dir)
        if self.phase == "return":
            self.queue.pop(0)
            self.ask_return()
        else:
            self.answered()

    def _apply_target(self, a: Target) -> None:
        ask = self.ask
        if ask.prim:
            self.hit(a.seat, a.who, ask.force)
            self.ask = DoAsk(a.seat)
        else:
            (self.dive_to(a.seat, a.who) if ask.force is None else self.hit(a.seat, a.who, ask.force))
            self.answered()

    def _apply_draw(self, a: Draw) -> None:
        self.draw(a.seat, a.card)

    def draw(self, s: int, card: str) -> None:
        meter = self.meters[s - 1]
        (meter["specials"] if card in meter["specials"] else meter["ultimates"]).remove(card)
        self.hands[s - 1].append(card)
        self.queue.pop(0)
        self.events.append(ev_.Drew(s))
        self.events.append(ev_.Draw(s, card, self.hand_seers(s)))
        self.advance_draw()

    def hand_seers(self, s: int) -> list[int]:
        """LA-6: a hand is seen by its seat and, in Teams, its teammates."""
        return [t for t in self.seats if t == s or (self.teams and self.team(t) == self.team(s))]

    def automatic(self, rng: random.Random):
        if self.phase == "draw" and self.ask is None and self.queue:
            s = self.queue[0]
            return Draw(s, rng.choice(self.draws(s)))
        return None

    def undo_stop(self, action, events):
        if isinstance(action, Draw):
            return UndoStop("undo-blocked-by-draw", "Undo stops at a draw: a card seen is never dealt again.", RULE + "LA-7")
        return super().undo_stop(action, events)

    def reveal_stop(self) -> UndoStop:
        return UndoStop("undo-blocked-by-reveal", "Undo stops at a reveal: picks that were seen cannot be taken back.",
                        RULE + "LA-7")

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(winners=tuple(self.winner), ranking=self.ranking(), reason=ENDINGS.get(self.reason, self.reason),
                       termination=self.reason)  # `reason` keeps the code (its JSON name; a table read back may hold any)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """ranking: the winners share the first place; then most Knock Outs scored (Free-for-All), fewest received,
        furthest push."""
        if self.teams:  # LA-11: the winners, then the teams in the reverse order they went out
            places = [tuple(self.winner)] if self.winner else []
            placed = set(self.winner)
            for group in reversed(self.eliminated):
                seats = tuple(s for s in self.seats if self.team(s) in group and s not in placed)
                if seats:
                    places.append(seats)
                    placed.update(seats)
            rest = tuple(s for s in self.seats if s not in placed)
            return tuple(places) + ((rest,) if rest else ())
        def key(s):
            return (-self.knockouts[s - 1], self.received[s - 1], -self.furthest[s - 1])
        rest = [s for s in self.seats if s not in self.winner]
        places = itertools.groupby(sorted(rest, key=key), key=key)
        return ((tuple(self.winner),) if self.winner else ()) + tuple(tuple(group) for _, group in places)

    # -- what each seat sees ----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view
        return view(self, seat)

    def to_dict(self) -> dict[str, Any]:
        from .views import to_dict
        return to_dict(self)

    def clone(self) -> "LAState":
        return LAState.from_fields(self.game, **{k: _copy(getattr(self, k)) for k in self.FIELDS})


_CHECKS = {Draw: LAState._check_draw, Pick: LAState._check_pick, Reveal: LAState._check_reveal,
           Reshuffle: LAState._check_reshuffle, Face: LAState._nothing_asked, Target: LAState._nothing_asked,
           Do: LAState._nothing_asked}
_APPLY = {Draw: LAState._apply_draw, Pick: LAState._apply_pick, Reveal: LAState._apply_reveal,
          Reshuffle: LAState._apply_reshuffle, Face: LAState._apply_face, Target: LAState._apply_target,
          Do: LAState.apply_primitive}


def _copy(v):
    if isinstance(v, Figure):
        return v.copy()
    if isinstance(v, list):
        return [_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    return v
