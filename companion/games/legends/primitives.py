"""The primitives panel (LA-4): a card the engine cannot read is resolved by the table step by step.

Each step is a journaled `do SEAT ...` action (`flow.apply_primitive` plays it); the referee still applies
Block, Fatigue, the Push track, Edge Recovery and Knock Outs. Bounds (R-13) keep the list of legal steps finite.
"""
from __future__ import annotations

from functools import lru_cache

from .actions import DIRS, Do
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


def raise_refusal(st, k: int) -> str | None:
    """LA-13: why no Zombie can be raised on space k now (None: it can)."""
    if k not in SPACES:
        return f"a Zombie stands on a playable space 1..5, not {k}"
    if [k, "coffin"] in st.pieces or len(st.pieces) < st.game.options["zombies"]:
        return None
    return f"Lord Grym has all his {st.game.options['zombies']} Zombie and Coffin pieces out and no Coffin on {k}"


def primitive_actions(st, s: int) -> list[Do]:
    if st.replaying and s not in st.edits:  # LA-12 Let's Do That Again: only its Block
        return list(_only_block(s))
    forms = tuple(f for f in st.legend(s).forms if f != st.fig(s).form)  # LA-14
    raises = bury = ()
    if s == st.grym():  # LA-13
        raises = tuple(k for k in SPACES if raise_refusal(st, k) is None)
        bury = tuple(k for k in SPACES if [k, "zombie"] in st.pieces)
    return list(_panel(s, tuple(w for w in st.seats if st.in_arena(w)), forms, raises, bury))


def check_primitive(st, a: Do) -> None:
    p, args = a.prim, a.args
    if st.replaying and a.seat not in st.edits and p not in ("block", "done"):
        refuse("only-block", "In Let's Do That Again another Legend's card gives only its Block.", "LA-12")
    if p in ("move", "turn", "fatigue", "push"):
        who = args[0]
        if who not in st.seats or not st.in_arena(who):
            refuse("no-such-legend", f"There is no Legend of seat {who} in the Arena.", "LA-4")
    bound = BOUNDS.get(p)
    if bound is not None and args[bound[0]] not in bound[1]:
        refuse("out-of-bounds", f"That {p} value is outside what a card can do.", "R-13")
    if p == "form":
        forms = st.legend(a.seat).forms
        if not forms:
            refuse("one-form", f"{st.legend(a.seat).name} has only one form.", "LA-14")
        if args[0] not in forms or args[0] == st.fig(a.seat).form:
            refuse("no-such-form", f"{st.legend(a.seat).name} is {st.fig(a.seat).form} and flips only to "
                   + " or ".join(f for f in forms if f != st.fig(a.seat).form) + ".", "LA-14")
    if p in ("raise", "bury"):
        if a.seat != st.grym():
            refuse("no-zombies", f"Only Lord Grym raises and buries Zombies, not {st.legend(a.seat).name}.", "LA-13")
        why = raise_refusal(st, args[0]) if p == "raise" else None if [args[0], "zombie"] in st.pieces else \
            f"there is no Zombie on space {args[0]} to bury"
        if why is not None:
            refuse("no-room" if p == "raise" else "no-zombie-there", why[0].upper() + why[1:] + ".", "LA-13")
    if p == "strike" and args[1] not in RANGES:
        refuse("out-of-bounds", "A range is 0 to 6, or any.", "R-13")


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
