"""How an exchange resolves: card steps, Strikes, Block, Fatigue, Push tokens, slides, Knock Outs.

A mixin of `LAState`: every method mutates the state and appends events to `self.events`. A step
that needs a seat's choice sets `self.ask` and stops; `_resume` carries on once it is answered.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from . import events as ev_
from .asks import DoAsk, FaceAsk, TargetAsk


RULE = "legends-of-the-arena/"
RIGHT, LEFT = "right", "left"
CENTER = 3
GRYM, ZOMBIE, COFFIN = "lord-grym", "zombie", "coffin"
ZOMBIE_SPEED = 6  # LA-13: a Zombie's Speed for targeting tie-breaks
#: the sentence of each way `decide` ends a game, by its termination code (what the state keeps and a screen words)
ENDINGS = {
    "knockouts": "A Legend scored its second Knock Out.",
    "shared": "Legends tied for their second Knock Out in one exchange share the win.",
    "stocks": "The other teams are out of Stocks.",
    "simultaneous-ko": "The last teams ran out of Stocks in one exchange; the Knock Out tie-breaks decide.",
    "draw": "The last teams ran out of Stocks in one exchange and the tie-breaks leave them level: a draw.",
}


def no_tokens() -> dict[str, int]:
    """The Push tokens on a Legend by the direction they push it (`Figure.tokens`): none."""
    return {LEFT: 0, RIGHT: 0}


@dataclass
class Figure:
    """One seat's Legend on the board, by the names of its JSON (`views.legends`): the space it stands on
    (0 and 6 are the Edges, only out of the Arena), the way it faces, its Fatigue, the Push tokens on it by
    direction, its Block this exchange ([amount, "all" | "faced"] each), the foe who last put Push tokens on
    it, while out of the Arena, how it left ({"walked", "overshoot", "facing"}), and the Legend's current form
    (LA-14: Lucius's "human" or "wolf"; None for a Legend of one form)."""

    space: int
    facing: str
    fatigue: int = 0
    tokens: dict[str, int] = field(default_factory=no_tokens)
    block: list[list] = field(default_factory=list)
    pusher: int | None = None
    out: dict | None = None
    form: str | None = None

    def copy(self) -> "Figure":
        return Figure(self.space, self.facing, self.fatigue, dict(self.tokens), [list(b) for b in self.block],
                      self.pusher, None if self.out is None else dict(self.out), self.form)


def other(d: str) -> str:
    return LEFT if d == RIGHT else RIGHT


def sign(d: str) -> int:
    return 1 if d == RIGHT else -1


class Resolution:
    # -- who is who -------------------------------------------------------------------------------

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

    # -- LA-13: Lord Grym's Zombies -----------------------------------------------------------------
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

    def in_arena(self, s: int) -> bool:
        return self.fig(s).out is None and not self.gone(s)

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
        card = self.revealed.get(s)
        return self.legend(s).speed(card) if card is not None else 0

    def tiebreak(self, cands: list[int]) -> list[int]:
        """targeting: Teams lowest Speed then Fatigue, Free-for-All lowest Fatigue then Speed."""
        if self.teams:
            key = lambda f: (self.speed_now(f), self.fig(f).fatigue)  # noqa: E731
        else:
            key = lambda f: (self.fig(f).fatigue, self.speed_now(f))  # noqa: E731
        best = min(map(key, cands))
        return [f for f in cands if key(f) == best]

    def strike_targets(self, s: int, reach: int | None) -> list[int]:
        """strike: the nearest faced foes within reach (own space always), after the tie-breaks."""
        me = self.fig(s)
        right, cands = me.facing == RIGHT, []
        for f in self.foes(s) + self.zombies_against(s):
            d = self.fig(f).space - me.space  # as `faces` and `distance`, inlined
            if (d == 0 or (d > 0) == right) and (reach is None or abs(d) <= reach):
                cands.append((abs(d), f))
        if not cands:
            return []
        near = min(d for d, _ in cands)
        return self.tiebreak([f for d, f in cands if d == near])

    def dive_targets(self, s: int) -> list[int]:
        cands = self.foes(s) + self.zombies_against(s)
        if not cands:
            return []
        far = max(self.distance(s, f) for f in cands)
        return self.tiebreak([f for f in cands if self.distance(s, f) == far])

    def block_against(self, t: int, striker: int) -> int:
        return sum(n for n, kind in self.fig(t).block if kind == "all" or self.faces(t, striker))

    # -- small effects ------------------------------------------------------------------------------

    def turn_to(self, s: int, d: str) -> None:
        """Face `d`; LA-10: keeping the facing is no turn, so only a real turn turns the foes in the space."""
        if self.fig(s).facing != d:
            self.fig(s).facing = d
            self.events.append(ev_.Turned(s, d))
            self.settle(s)

    def settle(self, k: int) -> None:
        """R-4 (sharing): foes in k's space facing k's way turn round to face k."""
        mine = self.fig(k)
        for f in self.foes(k):
            foe = self.fig(f)
            if foe.space == mine.space and foe.facing == mine.facing:
                foe.facing = other(mine.facing)
                self.events.append(ev_.Turned(f, foe.facing, "sharing"))

    def own_move(self, s: int, d: str, n: int, by: int | None = None) -> None:
        """A Legend's move: Edge Recovery on an Edge, out of the Arena past one (knock-out, walk-off).
        `by`: the seat whose card moves it; a foe's card moving it past an Edge knocks it out (R-18)."""
        me = self.fig(s)
        start, new = me.space, me.space + sign(d) * n
        if 1 <= new <= 5:
            me.space = new
            self.events.append(ev_.Move(s, start, new))
            self.settle(s)
        elif new in (0, 6):
            self.recover(s, start, new)
        else:
            edge = 0 if new < 0 else 6
            forced = by in self.foes(s)
            me.space = edge
            me.out = {"walked": not forced, "overshoot": abs(new - edge), "facing": me.facing}
            dropped = None
            if forced:
                me.pusher = by
            if any(me.tokens.values()):  # out of the Arena already, its tokens can never slide it
                dropped = {"left": me.tokens["left"], "right": me.tokens["right"]}
                me.tokens = no_tokens()
            self.events.append(ev_.MovedOff(s, start, edge, by, dropped) if forced else ev_.WalkOff(s, start, edge, dropped))

    def recover(self, s: int, start: int, edge: int) -> None:
        """edge-recovery: turn toward the center and step one space back in."""
        me = self.fig(s)
        was = me.facing
        me.space, me.facing = (1, RIGHT) if edge == 0 else (5, LEFT)
        self.events.append(ev_.EdgeRecovery(s, start, edge, me.space, me.facing, was))
        self.settle(s)

    def take_initiative(self, s: int) -> None:
        if self.initiative != s:
            self.events.append(ev_.Initiative(s))
        self.initiative = s

    def hit(self, s: int, t: int, force: int) -> None:
        """block, fatigue, push: remaining Force after Block; Fatigue +1 and tokens if any remains.
        LA-13: a Zombie has no Block, Fatigue or Push track: any remaining Force flips it to a Coffin."""
        if type(t) is str:
            piece = self.pieces[int(t[1:]) - 1]
            if force > 0:
                piece[1] = COFFIN
            self.events.append(ev_.Strike(s, t, force, 0, force, coffin=piece[0] if force > 0 else None))
            return
        blocked = self.block_against(t, s)
        left = max(0, force - blocked)
        if left <= 0:
            self.events.append(ev_.Strike(s, t, force, blocked, left))
            return
        if left > 0:
            target = self.fig(t)
            was = target.fatigue
            target.fatigue = min(10, target.fatigue + 1)
            tokens = self.legend(t).push(target.fatigue + left)
            d = self.fig(s).facing
            target.tokens[d] += tokens
            if tokens:
                target.pusher = s
            self.events.append(ev_.Strike(s, t, force, blocked, left, None, target.fatigue, tokens, d, was))

    def dive_to(self, s: int, t: int) -> None:
        """dive: face the furthest foe, move into its space, take the Initiative."""
        me, into = self.fig(s), self.fig(t).space
        if into != me.space:
            was, me.facing = me.facing, RIGHT if into > me.space else LEFT
            self.events.append(ev_.Move(s, me.space, into, t, me.facing, was))
            me.space = into
        self.settle(s)
        self.take_initiative(s)

    # -- running cards ------------------------------------------------------------------------------

    def next_card(self) -> int | None:
        """speed-order (R-3): the unresolved card with the highest Speed, ties in Initiative order now."""
        order = self.init_order()
        waiting = [s for s in order if s in self.revealed and s not in self.resolved]
        if not waiting:
            return None
        return max(waiting, key=lambda s: (self.speed_now(s), -order.index(s)))

    def step(self, s: int, st: tuple) -> bool:
        """Run one step of s's card; False if it asked a choice (the step then waits for it)."""
        kind = st[0]
        if kind == "block":
            self.fig(s).block.append([st[1], st[2]])
            self.events.append(ev_.Block(s, st[1], st[2]))
        elif kind == "edge-turn":
            p = self.fig(s).space
            if p in (1, 5):
                toward_center = RIGHT if p == 1 else LEFT
                self.turn_to(s, toward_center if st[1] == "center" else other(toward_center))
        elif kind == "move":
            d = self.fig(s).facing if st[1] == "forward" else other(self.fig(s).facing)
            self.own_move(s, d, st[2])
        elif kind == "may-turn":
            self.ask = FaceAsk(s)
            return False
        elif kind == "strike":
            targets = self.strike_targets(s, st[2])
            if len(targets) > 1:
                self.ask = TargetAsk(s, tuple(targets), st[1])
                return False
            if targets:
                self.hit(s, targets[0], st[1])
            else:
                self.events.append(ev_.Miss(s))
        elif kind == "dive":
            targets = self.dive_targets(s)
            if len(targets) > 1:
                self.ask = TargetAsk(s, tuple(targets), None)
                return False
            if targets:
                self.dive_to(s, targets[0])
            else:
                self.take_initiative(s)
        elif kind == "primitives":
            self.ask = DoAsk(s)
            return False
        return True

    def resume(self) -> None:
        """Resolve cards until a choice is asked or the exchange ends (then the Push tokens)."""
        while self.ask is None and self.phase == "resolve":
            if self.current is None:
                s = self.next_card()
                if s is None:
                    self.end_exchange()
                    continue
                if not self.in_arena(s):
                    self.resolved.append(s)  # a Legend out of the Arena does nothing more
                    self.later.pop(s, None)
                    self.events.append(ev_.Skipped(s, self.revealed[s]))
                    continue
                self.current = {"seat": s, "card": self.revealed[s], "step": 0}
                # LA-14: the double-sided card resolves with its current form's side
                side = self.legend(s).side(self.revealed[s], self.fig(s).form) or None
                self.events.append(ev_.Resolve(s, self.revealed[s], self.speed_now(s), side))
            s, steps = self.current["seat"], self.steps_of(self.current["seat"], self.current["card"])
            if not self.in_arena(s) or self.current["step"] >= len(steps):
                self.current = None
                if not self.next_card_of(s):  # LA-12 Perfect Timing: his next card, at its own Speed
                    self.resolved.append(s)
                continue
            if self.step(s, steps[self.current["step"]]):
                self.current["step"] += 1

    def answered(self) -> None:
        """The asked step is done: go on with the card."""
        self.ask = None
        self.current["step"] += 1
        self.resume()

    # -- end of the exchange ---------------------------------------------------------------------------

    def end_exchange(self) -> None:
        """cancel, slide, edge-recovery, knock-out, then Stocks or Knock Outs and the return to portals."""
        moves = []
        for s in self.init_order():
            me = self.fig(s)
            left, right = me.tokens["left"], me.tokens["right"]
            me.tokens = no_tokens()
            if not self.in_arena(s) or left == right == 0:
                continue
            net = right - left
            self.events.append(ev_.Tokens(s, left, right, net))
            if net:
                moves.append((s, net))
        for s, net in moves:
            me = self.fig(s)
            start, new = me.space, me.space + net
            if 0 <= new <= 6:
                me.space = new
                self.events.append(ev_.Slide(s, start, new))
            else:
                edge = 0 if new < 0 else 6
                me.space = edge
                me.out = {"walked": False, "overshoot": abs(new - edge), "facing": me.facing}
                self.events.append(ev_.Slide(s, start, None, edge, abs(new - edge)))
        for s, _ in moves:
            if self.in_arena(s) and self.fig(s).space in (0, 6):
                self.recover(s, self.fig(s).space, self.fig(s).space)
            elif self.in_arena(s):
                self.settle(s)
        for s in self.seats:
            self.fig(s).block = []
        self.knock_outs()

    def knock_outs(self) -> None:
        victims = [s for s in self.init_order() if self.fig(s).out is not None]
        received = [0] * (self.nteams if self.teams else self.n + 1)
        pushed = [0] * (self.nteams if self.teams else self.n + 1)
        for v in victims:
            out, pusher = self.fig(v).out, self.fig(v).pusher
            by, was = None, self.fig(v).fatigue
            if self.teams:
                self.stocks[self.team(v)] = max(0, self.stocks[self.team(v)] - 1)
                self.received[v - 1] += 1
                received[self.team(v)] += 1
                self.fig(v).fatigue = 0
                if not out["walked"] and pusher is not None:
                    by = pusher
                    pushed[self.team(pusher)] = max(pushed[self.team(pusher)], out["overshoot"])
                    self.furthest[pusher - 1] = max(self.furthest[pusher - 1], out["overshoot"])
            elif out["walked"]:
                self.events.append(ev_.WalkedBack(v, True, out["overshoot"], None))  # walk-off: no Knock Out, Fatigue kept
                continue
            else:
                self.received[v - 1] += 1
                received[v] += 1
                self.fig(v).fatigue = 2
                if pusher is not None and pusher != v:
                    by = pusher
                    self.knockouts[pusher - 1] += 1
                    pushed[pusher] = max(pushed[pusher], out["overshoot"])
                    self.furthest[pusher - 1] = max(self.furthest[pusher - 1], out["overshoot"])
            self.events.append(ev_.KnockOut(v, out["walked"], out["overshoot"], by, self.fig(v).fatigue, was))
        over = self.decide(received, pushed)
        for v in victims:
            me = self.fig(v)
            was = me.space
            me.space, me.facing, me.out, me.pusher = self.portal(v), me.out["facing"], None, None
            if over or self.gone(v):
                continue  # the game is over, or its team has left the Arena (LA-11)
            self.events.append(ev_.Return(v, me.space, me.facing, me.fatigue, was))
            self.settle(v)
        if over:
            return
        self.queue = [v for v in victims if not self.gone(v)]
        self.phase = "return"
        self.ask_return()

    def places(self, cands: list[int], received: list[int], pushed: list[int]) -> list[list[int]]:
        """simultaneous-ko, R-10: sides out in one exchange, worst first, in groups that stay tied: more Knock
        Outs this exchange, then the shorter furthest push; then over the whole game (received, furthest)."""
        def side(c: int) -> list[int]:
            return self.team_seats(c) if self.teams else [c]

        def worse(c: int) -> tuple:
            return (received[c], -pushed[c], sum(self.received[s - 1] for s in side(c)),
                    -max(self.furthest[s - 1] for s in side(c)))
        ordered = sorted(cands, key=worse, reverse=True)
        return [list(g) for _, g in itertools.groupby(ordered, key=worse)]

    def decide(self, received: list[int], pushed: list[int]) -> bool:
        """teams-stocks, LA-11, ffa-knockouts, simultaneous-ko and R-10: is the game over?"""
        if self.teams:
            alive = [t for t in range(self.nteams) if not any(t in g for g in self.eliminated)]
            out = [t for t in alive if self.stocks[t] == 0]
            if not out:
                return False
            left = [t for t in alive if t not in out]
            groups = self.places(out, received, pushed)
            if len(left) >= 2:  # LA-11: 2v2v2, a team with no Stock leaves the Arena
                self.eliminated += groups
                for t in out:
                    self.events.append(ev_.TeamOut(t, self.team_seats(t)))
                return False
            self.eliminated += groups
            if left:
                win, reason = self.team_seats(left[0]), "stocks"
            elif len(groups[-1]) == 1:
                win, reason = self.team_seats(groups[-1][0]), "simultaneous-ko"
            else:
                win, reason = [], "draw"
        else:
            cands = [s for s in self.seats if self.knockouts[s - 1] >= 2]
            if not cands:
                return False
            best = self.places(cands, received, pushed)[-1]
            win, reason = sorted(best), "knockouts" if len(best) == 1 else "shared"
        self.winner, self.reason = win, reason
        self.phase, self.ask, self.current, self.queue = "over", None, None, []
        self.events.append(ev_.GameOver(win, reason))
        return True

    def ask_return(self) -> None:
        """ko-return: each returned Legend may turn, in Initiative order; then the game goes on."""
        if self.queue:
            self.ask = FaceAsk(self.queue[0])
        else:
            self.ask = None
            self.next_exchange()
