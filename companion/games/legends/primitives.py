"""The primitives panel (LA-4): a card the engine cannot read is resolved by the table step by step.

Each step is a journaled `do SEAT ...` action; the referee still applies Block, Fatigue, the Push
track, Edge Recovery and Knock Outs. Bounds (R-13) keep the list of legal steps finite.
"""
from __future__ import annotations

from functools import lru_cache

from . import events as ev_
from .actions import DIRS, Do
from .asks import TargetAsk
from .game import Legends

refuse = Legends.refuse

MOVES = range(1, 7)
FORCES = range(0, 10)
RANGES = tuple(range(0, 7)) + (None,)
AMOUNTS = range(1, 10)
CHANGES = tuple(range(-10, 0)) + tuple(range(1, 11))


#: per primitive, which argument is bounded and its bounds (R-13)
BOUNDS = {"move": (2, MOVES), "strike": (0, FORCES), "block": (0, AMOUNTS), "fatigue": (1, CHANGES), "push": (2, AMOUNTS)}
SPACES = range(1, 6)  # LA-1: the playable spaces, where Zombies stand (LA-13)


class Primitives:
    def raise_refusal(self, k: int) -> str | None:
        """LA-13: why no Zombie can be raised on space k now (None: it can)."""
        if k not in SPACES:
            return f"a Zombie stands on a playable space 1..5, not {k}"
        if [k, "coffin"] in self.pieces or len(self.pieces) < self.game.options["zombies"]:
            return None
        return f"Lord Grym has all his {self.game.options['zombies']} Zombie and Coffin pieces out and no Coffin on {k}"

    def primitive_actions(self, s: int) -> list[Do]:
        if self.replaying and s not in self.edits:  # LA-12 Let's Do That Again: only its Block
            return list(_only_block(s))
        forms = tuple(f for f in self.legend(s).forms if f != self.fig(s).form)  # LA-14
        raises = bury = ()
        if s == self.grym():  # LA-13
            raises = tuple(k for k in SPACES if self.raise_refusal(k) is None)
            bury = tuple(k for k in SPACES if [k, "zombie"] in self.pieces)
        return list(_panel(s, tuple(w for w in self.seats if self.in_arena(w)), forms, raises, bury))

    def check_primitive(self, a: Do) -> None:
        p, args = a.prim, a.args
        if self.replaying and a.seat not in self.edits and p not in ("block", "done"):
            refuse("only-block", "In Let's Do That Again another Legend's card gives only its Block.", "LA-12")
        if p in ("move", "turn", "fatigue", "push"):
            who = args[0]
            if who not in self.seats or not self.in_arena(who):
                refuse("no-such-legend", f"There is no Legend of seat {who} in the Arena.", "LA-4")
        bound = BOUNDS.get(p)
        if bound is not None and args[bound[0]] not in bound[1]:
            refuse("out-of-bounds", f"That {p} value is outside what a card can do.", "R-13")
        if p == "form":
            forms = self.legend(a.seat).forms
            if not forms:
                refuse("one-form", f"{self.legend(a.seat).name} has only one form.", "LA-14")
            if args[0] not in forms or args[0] == self.fig(a.seat).form:
                refuse("no-such-form", f"{self.legend(a.seat).name} is {self.fig(a.seat).form} and flips only to "
                       + " or ".join(f for f in forms if f != self.fig(a.seat).form) + ".", "LA-14")
        if p in ("raise", "bury"):
            if a.seat != self.grym():
                refuse("no-zombies", f"Only Lord Grym raises and buries Zombies, not {self.legend(a.seat).name}.", "LA-13")
            why = self.raise_refusal(args[0]) if p == "raise" else None if [args[0], "zombie"] in self.pieces else \
                f"there is no Zombie on space {args[0]} to bury"
            if why is not None:
                refuse("no-room" if p == "raise" else "no-zombie-there", why[0].upper() + why[1:] + ".", "LA-13")
        if p == "strike" and args[1] not in RANGES:
            refuse("out-of-bounds", "A range is 0 to 6, or any.", "R-13")

    def apply_primitive(self, a: Do) -> None:
        s, p, args = a.seat, a.prim, a.args
        self.events.append(ev_.Primitive(s, str(a)))
        if p == "done":
            self.answered()
            return
        if p == "move":
            self.own_move(args[0], args[1], args[2], by=s)
        elif p == "turn":
            self.turn_to(args[0], args[1])
        elif p == "strike":
            targets = self.strike_targets(s, args[1])
            if len(targets) > 1:
                self.ask = TargetAsk(s, tuple(targets), args[0], True)
                return
            if targets:
                self.hit(s, targets[0], args[0])
            else:
                self.events.append(ev_.Miss(s))
        elif p == "block":
            self.fig(s).block.append([args[0], "all"])
            self.events.append(ev_.Block(s, args[0], "all"))
        elif p == "fatigue":
            w = args[0]
            was = self.fig(w).fatigue
            self.fig(w).fatigue = max(0, min(10, was + args[1]))
            self.events.append(ev_.FatigueSet(w, self.fig(w).fatigue, was))
        elif p == "push":
            w, d, k = args
            self.fig(w).tokens[d] += k
            if self.team(w) != self.team(s):
                self.fig(w).pusher = s  # the last foe who put a token on it
            self.events.append(ev_.Push(s, w, d, k))
        elif p == "initiative":
            self.take_initiative(s)
        elif p == "raise":  # LA-13: a Coffin there flips up, else a new Zombie
            k = args[0]
            coffin = next((q for q in self.pieces if q == [k, "coffin"]), None)
            if coffin is not None:
                coffin[1] = "zombie"
            else:
                self.pieces.append([k, "zombie"])
            self.events.append(ev_.Raise(s, k, coffin is not None))
        elif p == "bury":
            next(q for q in self.pieces if q == [args[0], "zombie"])[1] = "coffin"
            self.events.append(ev_.Bury(s, args[0]))
        elif p == "form":  # LA-14: only a card flips the form
            was, self.fig(s).form = self.fig(s).form, args[0]
            self.events.append(ev_.FormChanged(s, args[0], was))
        if not self.in_arena(s):  # the card's owner left the Arena: its card ends
            self.answered()


# The panel's steps are values made once for each table situation that tells them apart: listing them is a
# copy (the panel of a seat holds some 300 steps, asked for at every step the table resolves).
@lru_cache(maxsize=512)
def _panel(s: int, inside: tuple[int, ...], forms: tuple[str, ...], raises: tuple[int, ...],
           bury: tuple[int, ...]) -> tuple[Do, ...]:
    out = [Do(s, "move", (w, d, k)) for w in inside for d in DIRS for k in MOVES]
    out += [Do(s, "turn", (w, d)) for w in inside for d in DIRS]
    out += [Do(s, "strike", (f, r)) for f in FORCES for r in RANGES]
    out += [Do(s, "block", (k,)) for k in AMOUNTS]
    out += [Do(s, "fatigue", (w, k)) for w in inside for k in CHANGES]
    out += [Do(s, "push", (w, d, k)) for w in inside for d in DIRS for k in AMOUNTS]
    out += [Do(s, "form", (f,)) for f in forms]
    out += [Do(s, "raise", (k,)) for k in raises] + [Do(s, "bury", (k,)) for k in bury]
    return tuple(out + [Do(s, "initiative"), Do(s, "done")])


@lru_cache(maxsize=16)
def _only_block(s: int) -> tuple[Do, ...]:
    return tuple([Do(s, "block", (k,)) for k in AMOUNTS] + [Do(s, "done")])
