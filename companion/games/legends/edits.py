"""Tikkit's Edits (LA-12), a mixin of `LAState`: which cards each seat resolves in an exchange, the fourth
card of Quick Fix and the replay of Let's Do That Again.

Fields it reads and keeps (see `state.LAState.FIELDS`): `edits` (seat -> the Edit picked this sequence;
digital: secret until exchange 1 is revealed; physical: entered with his first reveal), `history` (per
exchange revealed this sequence, seat -> the cards it resolved there), `later` (seat -> its cards still to
resolve in this exchange after the current one: Perfect Timing) and `replaying` (the exchanges are played
again in reverse order: Let's Do That Again).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

from . import events as ev_
from .actions import Pick
from .cards import script

DOUBLE_TIME, PERFECT_TIMING, QUICK_FIX, AGAIN = "double-time", "perfect-timing", "quick-fix", "lets-do-that-again"


class Edits:
    def edit_seat(self, edit: str) -> int | None:
        return next((s for s, e in sorted(self.edits.items()) if e == edit), None)

    def exchanges(self) -> int:
        """Quick Fix gives the sequence a fourth exchange once it has resolved (exchange 1 revealed)."""
        return 4 if self.history and self.edit_seat(QUICK_FIX) is not None else 3

    def actions_of(self, s: int, cards) -> list[str]:
        """The cards that are actions (not Edits)."""
        edits = self.legend(s).edits
        return [c for c in cards if c not in edits]

    # -- picks (digital) -------------------------------------------------------------------------------
    def to_pick(self) -> list[int]:
        """The seats still to pick: three actions (and an Edit, when held), or Quick Fix's fourth card after
        exchange 1 (a seat with no action left in hand adds none)."""
        if self.history:
            return [s for s in self.active() if len(self.picks.get(s, [])) == 3 and self.actions_of(s, self.hands[s - 1])]
        return [s for s in self.active() if s not in self.picks]

    def pick_options(self, s: int) -> list[Pick]:
        hand = self.hands[s - 1]
        acts = tuple(self.actions_of(s, hand))
        if self.history:
            return [Pick(s, (c,)) for c in acts]
        return list(_picks(s, acts, tuple(c for c in hand if c in self.legend(s).edits)))

    def pick_refusal(self, a: Pick) -> str | None:
        """Why `a` is not a pick of its seat now (None: it is)."""
        hand, edits = self.hands[a.seat - 1], self.legend(a.seat).edits
        if self.history:
            if len(a.cards) != 1 or a.cards[0] not in self.actions_of(a.seat, hand):
                return "Quick Fix adds one more card of the seat's hand (not an Edit) under its stack"
            return None
        held = [c for c in hand if c in edits]
        acts = a.cards[1:] if held else a.cards
        if held and (len(a.cards) != 4 or a.cards[0] not in held):
            return "Tikkit picks one of his Edits first, then three actions"
        if len(acts) != 3 or len(set(acts)) != 3 or any(c not in hand or c in edits for c in acts):
            return "a pick is three different cards of the seat's hand"
        return None

    def take_pick(self, a: Pick) -> None:
        cards = list(a.cards)
        if self.history:
            self.picks[a.seat].append(cards[0])
        else:
            if len(cards) == 4:
                self.edits[a.seat] = cards.pop(0)
            self.picks[a.seat] = cards
        for c in a.cards:
            self.hands[a.seat - 1].remove(c)

    # -- reveals (physical) ----------------------------------------------------------------------------
    def to_reveal(self) -> list[int]:
        return [s for s in self.active() if self.reveals_now(s)]

    def reveals_now(self, s: int) -> bool:
        if self.edits.get(s) == PERFECT_TIMING:  # his whole stack is turned up in exchange 1
            return self.exchange == 1 and len(self.picks.get(s, [])) < 3
        return s not in self.revealed

    def edit_first(self, s: int) -> bool:
        """Physical: exchange 1's first reveal of a Legend whose basics hold an Edit is that Edit."""
        lg = self.legend(s)
        return self.exchange == 1 and s not in self.edits and any(e in lg.basics for e in lg.edits)

    # -- what resolves in an exchange ------------------------------------------------------------------
    def stack(self, s: int, ex: int) -> list[str] | None:
        """The cards s resolves in exchange `ex`, in order; None where only a physical reveal tells."""
        if self.replaying:
            return list(self.history[ex - 1].get(str(s), []))
        picks = self.picks.get(s)
        if picks is None or (self.edits.get(s) == PERFECT_TIMING and len(picks) < 3):
            return None
        if self.edits.get(s) == PERFECT_TIMING:  # all three in the exchange of the fastest, fastest first
            lg = self.legend(s)
            fastest = max(range(3), key=lambda i: (lg.speed(picks[i]), -i))
            return sorted(picks, key=lambda c: -lg.speed(c)) if ex - 1 == fastest else []
        return picks[ex - 1:ex]

    def place_cards(self) -> None:
        for s in self.active():
            cards = self.stack(s, self.exchange)
            if cards is None:
                continue
            self.revealed.pop(s, None)
            self.later.pop(s, None)
            if cards:
                self.revealed[s] = cards[0]
                if cards[1:]:
                    self.later[s] = cards[1:]

    def begin_resolution(self) -> None:
        """Every card of the exchange is known: record them; in exchange 1 the Edits resolve first."""
        if not self.replaying:
            self.history.append({str(s): [c, *self.later.get(s, [])] for s, c in sorted(self.revealed.items())})
        self.phase = "resolve"
        if self.exchange == 1 and not self.replaying:
            for s, e in sorted(self.edits.items()):
                self.events.append(ev_.Edit(s, e))
        self.resume()

    def steps_of(self, s: int, card: str) -> tuple:
        steps = script(card)
        if self.edits.get(s) == DOUBLE_TIME and card in ("step", "back"):  # two moves of one space
            steps = tuple(x for st in steps for x in ((st, st) if st[0] == "move" else (st,)))
        if self.replaying and s not in self.edits:  # Let's Do That Again: another's card gives only its Block
            steps = tuple(st for st in steps if st[0] in ("block", "primitives"))
        return steps

    def next_card_of(self, s: int) -> bool:
        """Perfect Timing: s's next card this exchange takes its place (True), else s is done."""
        if self.later.get(s) and self.in_arena(s):
            self.revealed[s] = self.later[s].pop(0)
            if not self.later[s]:
                del self.later[s]
            return True
        self.later.pop(s, None)
        return False

    # -- between exchanges -----------------------------------------------------------------------------
    def after_exchange_1(self) -> bool:
        """Quick Fix: after exchange 1 Tikkit draws; then (digital) the fourth cards are picked. True when the
        flow waits for them."""
        t = self.edit_seat(QUICK_FIX)
        if t is None or self.exchange != 1 or self.replaying:
            return False
        self.events.append(ev_.QuickFix(t))
        if self.physical:
            if not self.gone(t):
                self.meters[t - 1] = max(0, self.meters[t - 1] - 1)
            return False
        self.revealed, self.resolved, self.later, self.current = {}, [], {}, None
        self.phase, self.queue = "draw", [t] if not self.gone(t) else []
        self.advance_draw()
        return True

    def fourth_cards_done(self) -> None:
        self.exchange = 2
        self.start_exchange()

    def start_replay(self) -> bool:
        t = self.edit_seat(AGAIN)
        if t is None or self.replaying or self.gone(t):
            return False
        self.replaying = True
        self.events.append(ev_.Replay(t))
        self.start_exchange()
        return True


@lru_cache(maxsize=256)
def _picks(s: int, acts: tuple[str, ...], edits: tuple[str, ...]) -> tuple[Pick, ...]:
    """Every pick of three of `acts` in order (an Edit first, when held): made once for each hand, as the
    same hand is listed at every change until the seat picks (120 picks a seat)."""
    orders = list(itertools.permutations(acts, 3))
    return tuple([Pick(s, (e, *o)) for e in edits for o in orders] if edits else [Pick(s, o) for o in orders])
