"""How an exchange resolves: card steps, Strikes, Block, Fatigue, Push tokens, slides, Knock Outs.

Functions of the state `st`: each mutates it and appends events to `st.events`. A step that needs a
seat's choice sets `st.ask` and stops; `resume` carries on once it is answered. An exchange that ends
leaves the state in "return" (or "over"): `flow` asks the returns and starts what comes next.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from . import events as ev_
from . import edits
from .asks import DoAsk, FaceAsk, TargetAsk
from .exchange import Current


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


def next_card_of(st, s: int) -> bool:
    """Perfect Timing: s's next card this exchange takes its place (True), else s is done."""
    if st.in_arena(s) and st.in_play.next_of(s):
        return True
    st.in_play.later.pop(s, None)
    return False


def turn_to(st, s: int, d: str) -> None:
    """Face `d`; LA-10: keeping the facing is no turn, so only a real turn turns the foes in the space."""
    if st.fig(s).facing != d:
        st.fig(s).facing = d
        st.events.append(ev_.Turned(s, d))
        settle(st, s)


def settle(st, k: int) -> None:
    """R-4 (sharing): foes in k's space facing k's way turn round to face k."""
    mine = st.fig(k)
    for f in st.foes(k):
        foe = st.fig(f)
        if foe.space == mine.space and foe.facing == mine.facing:
            foe.facing = other(mine.facing)
            st.events.append(ev_.Turned(f, foe.facing, "sharing"))


def own_move(st, s: int, d: str, n: int, by: int | None = None) -> None:
    """A Legend's move: Edge Recovery on an Edge, out of the Arena past one (knock-out, walk-off).
    `by`: the seat whose card moves it; a foe's card moving it past an Edge knocks it out (R-18)."""
    me = st.fig(s)
    start, new = me.space, me.space + sign(d) * n
    if 1 <= new <= 5:
        me.space = new
        st.events.append(ev_.Move(s, start, new))
        settle(st, s)
    elif new in (0, 6):
        recover(st, s, start, new)
    else:
        edge = 0 if new < 0 else 6
        forced = by in st.foes(s)
        me.space = edge
        me.out = {"walked": not forced, "overshoot": abs(new - edge), "facing": me.facing}
        dropped = None
        if forced:
            me.pusher = by
        if any(me.tokens.values()):  # out of the Arena already, its tokens can never slide it
            dropped = {"left": me.tokens["left"], "right": me.tokens["right"]}
            me.tokens = no_tokens()
        st.events.append(ev_.MovedOff(s, start, edge, by, dropped) if forced else ev_.WalkOff(s, start, edge, dropped))


def recover(st, s: int, start: int, edge: int) -> None:
    """edge-recovery: turn toward the center and step one space back in."""
    me = st.fig(s)
    was = me.facing
    me.space, me.facing = (1, RIGHT) if edge == 0 else (5, LEFT)
    st.events.append(ev_.EdgeRecovery(s, start, edge, me.space, me.facing, was))
    settle(st, s)


def take_initiative(st, s: int) -> None:
    if st.initiative != s:
        st.events.append(ev_.Initiative(s))
    st.initiative = s


def hit(st, s: int, t: int, force: int) -> None:
    """block, fatigue, push: remaining Force after Block; Fatigue +1 and tokens if any remains.
    LA-13: a Zombie has no Block, Fatigue or Push track: any remaining Force flips it to a Coffin."""
    if type(t) is str:
        piece = st.pieces[int(t[1:]) - 1]
        if force > 0:
            piece[1] = COFFIN
        st.events.append(ev_.Strike(s, t, force, 0, force, coffin=piece[0] if force > 0 else None))
        return
    blocked = st.block_against(t, s)
    left = max(0, force - blocked)
    if left <= 0:
        st.events.append(ev_.Strike(s, t, force, blocked, left))
        return
    if left > 0:
        target = st.fig(t)
        was = target.fatigue
        target.fatigue = fatigue = min(10, was + 1)
        tokens = st.legend(t).push(fatigue + left)
        d = st.fig(s).facing
        target.tokens[d] += tokens
        if tokens:
            target.pusher = s
        st.events.append(ev_.Strike(s, t, force, blocked, left, None, target.fatigue, tokens, d, was))


def dive_to(st, s: int, t: int) -> None:
    """dive: face the furthest foe, move into its space, take the Initiative."""
    me, into = st.fig(s), st.fig(t).space
    if into != me.space:
        was, me.facing = me.facing, RIGHT if into > me.space else LEFT
        st.events.append(ev_.Move(s, me.space, into, t, me.facing, was))
        me.space = into
    settle(st, s)
    take_initiative(st, s)


def next_card(st) -> int | None:
    """speed-order (R-3): the unresolved card with the highest Speed, ties in Initiative order now."""
    order = st.init_order()
    waiting = st.in_play.waiting(order)
    if not waiting:
        return None
    return max(waiting, key=lambda s: (st.speed_now(s), -order.index(s)))


def step(st, s: int, how: tuple) -> bool:
    """Run one step of s's card; False if it asked a choice (the step then waits for it)."""
    kind = how[0]
    if kind == "block":
        st.fig(s).block.append([how[1], how[2]])
        st.events.append(ev_.Block(s, how[1], how[2]))
    elif kind == "edge-turn":
        p = st.fig(s).space
        if p in (1, 5):
            toward_center = RIGHT if p == 1 else LEFT
            turn_to(st, s, toward_center if how[1] == "center" else other(toward_center))
    elif kind == "move":
        d = st.fig(s).facing if how[1] == "forward" else other(st.fig(s).facing)
        own_move(st, s, d, how[2])
    elif kind == "may-turn":
        st.ask = FaceAsk(s)
        return False
    elif kind == "strike":
        targets = st.strike_targets(s, how[2])
        if len(targets) > 1:
            st.ask = TargetAsk(s, tuple(targets), how[1])
            return False
        if targets:
            hit(st, s, targets[0], how[1])
        else:
            st.events.append(ev_.Miss(s))
    elif kind == "dive":
        targets = st.dive_targets(s)
        if len(targets) > 1:
            st.ask = TargetAsk(s, tuple(targets), None)
            return False
        if targets:
            dive_to(st, s, targets[0])
        else:
            take_initiative(st, s)
    elif kind == "primitives":
        st.ask = DoAsk(s)
        return False
    return True


def resume(st) -> None:
    """Resolve cards until a choice is asked or the exchange ends (then the Push tokens)."""
    while st.ask is None and st.phase == "resolve":
        play = st.in_play
        if play.current is None:
            s = next_card(st)
            if s is None:
                end_exchange(st)
                continue
            if not st.in_arena(s):
                play.resolved.append(s)  # a Legend out of the Arena does nothing more
                play.later.pop(s, None)
                st.events.append(ev_.Skipped(s, play.revealed[s]))
                continue
            play.current = Current(s, play.revealed[s], 0)
            # LA-14: the double-sided card resolves with its current form's side
            side = st.legend(s).side(play.revealed[s], st.fig(s).form) or None
            st.events.append(ev_.Resolve(s, play.revealed[s], st.speed_now(s), side))
        s, steps = play.current.seat, edits.steps_of(st, play.current.seat, play.current.card)
        if not st.in_arena(s) or play.current.step >= len(steps):
            play.current = None
            if not next_card_of(st, s):  # LA-12 Perfect Timing: his next card, at its own Speed
                play.resolved.append(s)
            continue
        if step(st, s, steps[play.current.step]):
            play.current = play.current.next_step()


def answered(st) -> None:
    """The asked step is done: go on with the card."""
    st.ask = None
    st.in_play.current = st.in_play.current.next_step()
    resume(st)


def end_exchange(st) -> None:
    """cancel, slide, edge-recovery, knock-out, then Stocks or Knock Outs and the return to portals."""
    moves = []
    for s in st.init_order():
        me = st.fig(s)
        left, right = me.tokens["left"], me.tokens["right"]
        me.tokens = no_tokens()
        if not st.in_arena(s) or left == right == 0:
            continue
        net = right - left
        st.events.append(ev_.Tokens(s, left, right, net))
        if net:
            moves.append((s, net))
    for s, net in moves:
        me = st.fig(s)
        start, new = me.space, me.space + net
        if 0 <= new <= 6:
            me.space = new
            st.events.append(ev_.Slide(s, start, new))
        else:
            edge = 0 if new < 0 else 6
            me.space = edge
            me.out = {"walked": False, "overshoot": abs(new - edge), "facing": me.facing}
            st.events.append(ev_.Slide(s, start, None, edge, abs(new - edge)))
    for s, _ in moves:
        if st.in_arena(s) and st.fig(s).space in (0, 6):
            recover(st, s, st.fig(s).space, st.fig(s).space)
        elif st.in_arena(s):
            settle(st, s)
    for s in st.seats:
        st.fig(s).block = []
    knock_outs(st)


def knock_outs(st) -> None:
    victims = [s for s in st.init_order() if st.fig(s).out is not None]
    received = [0] * (st.nteams if st.teams else st.n + 1)
    pushed = [0] * (st.nteams if st.teams else st.n + 1)
    for v in victims:
        out, pusher = st.fig(v).out, st.fig(v).pusher
        by, was = None, st.fig(v).fatigue
        if st.teams:
            st.stocks[st.team(v)] = max(0, st.stocks[st.team(v)] - 1)
            st.received[v - 1] += 1
            received[st.team(v)] += 1
            st.fig(v).fatigue = 0
            if not out["walked"] and pusher is not None:
                by = pusher
                pushed[st.team(pusher)] = max(pushed[st.team(pusher)], out["overshoot"])
                st.furthest[pusher - 1] = max(st.furthest[pusher - 1], out["overshoot"])
        elif out["walked"]:
            st.events.append(ev_.WalkedBack(v, True, out["overshoot"], None))  # walk-off: no Knock Out, Fatigue kept
            continue
        else:
            st.received[v - 1] += 1
            received[v] += 1
            st.fig(v).fatigue = 2
            if pusher is not None and pusher != v:
                by = pusher
                st.knockouts[pusher - 1] += 1
                pushed[pusher] = max(pushed[pusher], out["overshoot"])
                st.furthest[pusher - 1] = max(st.furthest[pusher - 1], out["overshoot"])
        st.events.append(ev_.KnockOut(v, out["walked"], out["overshoot"], by, st.fig(v).fatigue, was))
    over = decide(st, received, pushed)
    for v in victims:
        me = st.fig(v)
        was = me.space
        me.space, me.facing, me.out, me.pusher = st.portal(v), me.out["facing"], None, None
        if over or st.gone(v):
            continue  # the game is over, or its team has left the Arena (LA-11)
        st.events.append(ev_.Return(v, me.space, me.facing, me.fatigue, was))
        settle(st, v)
    if over:
        return
    st.queue = [v for v in victims if not st.gone(v)]
    st.phase = "return"  # flow.ask_return asks each returned Legend its facing


def places(st, cands: list[int], received: list[int], pushed: list[int]) -> list[list[int]]:
    """simultaneous-ko, R-10: sides out in one exchange, worst first, in groups that stay tied: more Knock
    Outs this exchange, then the shorter furthest push; then over the whole game (received, furthest)."""
    def side(c: int) -> list[int]:
        return st.team_seats(c) if st.teams else [c]

    def worse(c: int) -> tuple:
        return (received[c], -pushed[c], sum(st.received[s - 1] for s in side(c)),
                -max(st.furthest[s - 1] for s in side(c)))
    ordered = sorted(cands, key=worse, reverse=True)
    return [list(g) for _, g in itertools.groupby(ordered, key=worse)]


def decide(st, received: list[int], pushed: list[int]) -> bool:
    """teams-stocks, LA-11, ffa-knockouts, simultaneous-ko and R-10: is the game over?"""
    if st.teams:
        alive = [t for t in range(st.nteams) if not any(t in g for g in st.eliminated)]
        out = [t for t in alive if st.stocks[t] == 0]
        if not out:
            return False
        left = [t for t in alive if t not in out]
        groups = places(st, out, received, pushed)
        if len(left) >= 2:  # LA-11: 2v2v2, a team with no Stock leaves the Arena
            st.eliminated += groups
            for t in out:
                st.events.append(ev_.TeamOut(t, st.team_seats(t)))
            return False
        st.eliminated += groups
        if left:
            win, reason = st.team_seats(left[0]), "stocks"
        elif len(groups[-1]) == 1:
            win, reason = st.team_seats(groups[-1][0]), "simultaneous-ko"
        else:
            win, reason = [], "draw"
    else:
        cands = [s for s in st.seats if st.knockouts[s - 1] >= 2]
        if not cands:
            return False
        best = places(st, cands, received, pushed)[-1]
        win, reason = sorted(best), "knockouts" if len(best) == 1 else "shared"
    st.winner, st.reason = win, reason
    st.phase, st.ask, st.in_play.current, st.queue = "over", None, None, []
    st.events.append(ev_.GameOver(win, reason))
    return True
