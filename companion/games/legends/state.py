"""The Legends referee: phases of a sequence, who acts, what is legal, views that never leak.

Phases: "draw" (digital: each seat in turn draws the top card of its Meter, a chance outcome, or is
asked whether to reshuffle an empty Meter) -> "pick" (digital: secret `pick`s, any order) or
"reveal" (physical: each seat's revealed card) -> "resolve" (cards in Speed order; choices asked one
at a time) -> "return" (Knocked Out Legends may turn) -> next exchange, or recovery and a new
sequence -> "over".

`LAState` owns the fields (named as their JSON) and answers what they tell: who is who on the board, who
acts, what is legal. What changes them lives in modules of functions of the state: `flow` (each action, the
sequence's phases), `resolve` (an exchange's cards), `legal` (refusals), `edits` (Tikkit's Edits), the panel
of `primitives`. Values own the rest: each seat's cards (`piles`: hand, Meter, discards, removed, shown), the
exchange's cards (`in_play`: revealed, resolved, current, later), the question asked (`asks.Ask`); the JSON
keeps their fields under its own keys.
"""
from __future__ import annotations

import itertools
import random
from typing import Any

from companion.core import Outcome, State, Turn, UndoStop

from . import edits, flow, legal, piles
from .actions import Draw, Reshuffle, Reveal
from .exchange import Exchange
from .game import Legends
from .resolve import CENTER, ENDINGS, GRYM, LEFT, RIGHT, RULE, ZOMBIE, ZOMBIE_SPEED, Figure

refuse = Legends.refuse  # refuse("code", "sentence", "LA-4") cites legends-of-the-arena/LA-4

PHASES = ("draw", "pick", "reveal", "resolve", "return", "over")


class LAState(State):
    #: never in play: a copy the search plays on may stop before each exchange after the first (phase "held")
    #: to be given the cards its foes reveal there (`search.risk_tree` counts the foe's orders sharing their first
    #: cards once); not a field, so no state read back or shown holds it
    hold = False
    FIELDS = ("phase", "sequence", "exchange", "legends", "initiative", "stocks", "knockouts", "received", "furthest", "in_play", "ask", "queue", "picks",
              "piles", "eliminated", "winner", "reason",
              "edits", "history", "replaying", "pieces")

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
        self.in_play, self.ask, self.queue = Exchange(), None, []
        self.winner, self.reason = None, ""
        self.edits, self.history, self.replaying = {}, [], False  # LA-12
        self.pieces: list[list] = []  # LA-13: Lord Grym's Zombie and Coffin pieces, [space, kind], in the order raised
        self.piles = piles.new(game.legends, self.physical)  # each seat's cards (physical: their bookkeeping, LA-15)
        self.picks, self.phase = {}, "reveal" if self.physical else "draw"
        if not self.physical:
            self.queue = self.active()
            flow.advance_draw(self)
        self.events = []

    def legend(self, s: int):
        return self.game.legends[s - 1]

    def start_stocks(self) -> int:
        """teams-stocks, LA-11: 1 a team in 1v1, 2 in 2v2 and 2v2v2, 3 in 3v3."""
        return 2 if self.mode == "2v2v2" else self.n // 2

    def active(self) -> list[int]:
        """The seats still playing (LA-11: a team out of Stocks in 2v2v2 has left the Arena)."""
        return [s for s in self.seats if not self.gone(s)]

    @property
    def pusher(self) -> list[int | None]:
        """Per seat, the foe who last put Push tokens on its Legend (R-14), or None."""
        return [f.pusher for f in self.legends]

    def turn(self) -> Turn:
        if self.phase == "over":
            return Turn.over()
        if self.ask is not None:
            return Turn.seat(self.ask.seat)
        if self.phase == "draw":
            return Turn.chance()
        if self.phase == "pick":
            return Turn.simultaneous(edits.to_pick(self))
        return Turn.simultaneous(edits.to_reveal(self))  # reveal

    def legal_actions(self) -> list:
        if self.phase == "over":
            return []
        if self.ask is not None:
            return self.ask.actions(self)
        if self.phase == "draw":
            s = self.queue[0]
            return [Draw(s, c) for c in self.piles[s - 1].draws(self.fig(s).form)]
        if self.phase == "pick":
            return [a for s in edits.to_pick(self) for a in edits.pick_options(self, s)]
        return [Reveal(s, c) for s in edits.to_reveal(self) for c in legal.revealable(self, s)
                if self.piles[s - 1].played(c) is None and self.piles[s - 1].unheld(s, c) is None] + \
            [Reshuffle(s, True) for s in self.seats if legal.may_reshuffle(self, s)]

    def check(self, a) -> None:
        """Everything `apply` refuses, before anything changes (ALL-1). Dispatched on the action's exact type
        (an `isinstance` against the abstract action base costs more than the rest of a check)."""
        kind = type(a)
        if kind not in legal.CHECKS:
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
        legal.CHECKS[kind](self, a)

    def apply(self, action) -> list[dict[str, Any]]:
        self.check(action)
        self.events = []
        flow.APPLY[type(action)](self, action)
        return self.events

    def hand_seers(self, s: int) -> list[int]:
        """LA-6: a hand is seen by its seat and, in Teams, its teammates."""
        return [t for t in self.seats if t == s or (self.teams and self.team(t) == self.team(s))]

    def automatic(self, rng: random.Random):
        if self.phase == "draw" and self.ask is None and self.queue:
            s = self.queue[0]
            return Draw(s, rng.choice(self.piles[s - 1].draws(self.fig(s).form)))
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

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view
        return view(self, seat)

    def to_dict(self) -> dict[str, Any]:
        from .views import to_dict
        return to_dict(self)

    def clone(self) -> "LAState":
        """A copy that shares nothing that changes (the search makes thousands a second, so each field is copied
        as its kind needs; the conformance playouts check after every action that no list, dict or figure is shared)."""
        c = LAState.__new__(LAState)
        c.__dict__.update(self.__dict__)  # the table's values and the fields never changed in place (str, int, Ask)
        c.events = []
        c.legends = [f.copy() for f in self.legends]
        c.stocks = None if self.stocks is None else list(self.stocks)
        c.knockouts = None if self.knockouts is None else list(self.knockouts)
        c.received, c.furthest, c.queue = list(self.received), list(self.furthest), list(self.queue)
        c.in_play = self.in_play.copy()
        c.picks = {s: list(p) for s, p in self.picks.items()}
        c.piles = [p.copy() for p in self.piles]
        c.eliminated = None if self.eliminated is None else [list(g) for g in self.eliminated]
        c.winner = None if self.winner is None else list(self.winner)
        c.edits = dict(self.edits)
        c.history = [{k: list(v) for k, v in h.items()} for h in self.history]
        c.pieces = [list(p) for p in self.pieces]
        return c

    # -- who is who on the board -------------------------------------------------------------------------

    def team(self, s: int) -> int:
        """Team index (0 = A: seats 1, 3, 5; 1 = B: seats 2, 4, 6; R-1; in 2v2v2 seats 1, 4 / 2, 5 / 3, 6, R-20);
        in Free-for-All each seat alone."""
        return (s - 1) % self.nteams if self.teams else s

    def team_seats(self, t: int) -> list[int]:
        return [s for s in self.seats if self.team(s) == t]

    def gone(self, s: int) -> bool:
        """LA-11: s's team ran out of Stocks and left the Arena (2v2v2; in the other modes the game ends)."""
        return bool(self.eliminated) and any(self.team(s) in g for g in self.eliminated)

    def fig(self, s: int | str) -> Figure:
        """Seat s's Legend on the board; for a Zombie id ("z1": LA-13), the piece as a fighter: on its space,
        facing as Lord Grym faces, no Fatigue, no Block."""
        if type(s) is str:
            return Figure(self.pieces[int(s[1:]) - 1][0], self.legends[self.grym() - 1].facing)
        return self.legends[s - 1]

    def grym(self) -> int | None:
        """The seat playing Lord Grym, whose Zombie and Coffin pieces are `pieces`."""
        return self.grym_seat

    def zombies(self) -> list[str]:
        """The Zombies standing (Coffins are no fighters), by id "z<piece number>"."""
        return [f"z{i}" for i, (_, kind) in enumerate(self.pieces, 1) if kind == ZOMBIE]

    def zombies_against(self, s: int) -> list[str]:
        """LA-13: Grym's Zombies are foes of his opponents for Strikes and Dive (not once his team is gone)."""
        g = self.grym()
        if g is None or self.gone(g) or self.team(g) == self.team(s):
            return []
        return self.zombies()

    def in_arena(self, s: int | str) -> bool:
        if type(s) is str:  # a Zombie (LA-13) stands until it is a Coffin
            return not self.gone(s)
        return self.legends[s - 1].out is None and not (self.eliminated and self.gone(s))

    def distance(self, s: int, t: int) -> int:
        return abs(self.fig(t).space - self.fig(s).space)

    def foes(self, s: int) -> list[int]:
        """The foes of s in the Arena (the body of `team`, `in_arena` and `gone` inlined: every Strike asks)."""
        legends = self.legends
        if not self.teams:
            return [f for f in self.seats if f != s and legends[f - 1].out is None]
        n, eliminated = self.nteams, self.eliminated
        mine = (s - 1) % n
        return [f for f in self.seats if (f - 1) % n != mine and legends[f - 1].out is None
                and not (eliminated and any((f - 1) % n in g for g in eliminated))]

    def init_order(self) -> list[int]:
        """R-2: seat order from the Initiative holder, wrapping round."""
        n = self.n
        return [(self.initiative - 1 + i) % n + 1 for i in range(n)]

    def portal(self, s: int) -> int:
        """LA-2, LA-11: 2 and 4 for two teams, 1, 3 and 5 for three; the center in Free-for-All."""
        if not self.teams:
            return CENTER
        return (1, 3, 5)[self.team(s)] if self.nteams == 3 else (2, 4)[self.team(s)]

    def portal_facing(self, s: int) -> str:
        return (RIGHT, RIGHT, LEFT)[self.team(s)] if self.nteams == 3 else (RIGHT, LEFT)[self.team(s)]

    def faces(self, s: int, t: int) -> bool:
        d = self.fig(t).space - self.fig(s).space
        return d == 0 or (d > 0) == (self.fig(s).facing == RIGHT)

    def speed_now(self, s: int | str) -> int:
        if type(s) is str:
            return ZOMBIE_SPEED
        card = self.in_play.revealed.get(s)
        return self.legend(s).speed(card) if card is not None else 0

    def tiebreak(self, cands: list[int]) -> list[int]:
        """targeting: Teams lowest Speed then Fatigue, Free-for-All lowest Fatigue then Speed (a lone foe needs none:
        most Strikes have one)."""
        if len(cands) < 2:
            return cands
        if self.teams:
            keys = [(self.speed_now(f), self.fig(f).fatigue) for f in cands]
        else:
            keys = [(self.fig(f).fatigue, self.speed_now(f)) for f in cands]
        best = min(keys)
        return [f for f, k in zip(cands, keys) if k == best]

    def strike_targets(self, s: int, reach: int | None) -> list[int]:
        """strike: the nearest faced foes within reach (own space always), after the tie-breaks."""
        legends, me = self.legends, self.fig(s)
        right, near, cands = me.facing == RIGHT, 7, []
        for f in (self.foes(s) + self.zombies_against(s)) if self.pieces else self.foes(s):  # Zombies: LA-13
            d = (self.fig(f) if type(f) is str else legends[f - 1]).space - me.space  # `faces`, `distance` inlined
            if (d == 0 or (d > 0) == right) and (reach is None or abs(d) <= reach):
                if abs(d) < near:
                    near, cands = abs(d), [f]
                elif abs(d) == near:
                    cands.append(f)
        return self.tiebreak(cands)

    def dive_targets(self, s: int) -> list[int]:
        cands = self.foes(s) + self.zombies_against(s)
        if not cands:
            return []
        far = max(self.distance(s, f) for f in cands)
        return self.tiebreak([f for f in cands if self.distance(s, f) == far])

    def block_against(self, t: int, striker: int) -> int:
        if not self.fig(t).block:
            return 0
        return sum(n for n, kind in self.fig(t).block if kind == "all" or self.faces(t, striker))

