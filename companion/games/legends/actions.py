"""Legends of the Arena notation (one action per line, single spaces; `parse(str(a)) == a`).

Card ids are lowercase with hyphens (`step`, `defensive-pivot`, `wind-up`); a direction is `left`
(toward space 0) or `right` (toward space 6); SEAT and WHO are seat numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from companion.core import Action, Notation, NotationError

DIRS = ("left", "right")
CARD_RE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
PRIMS = ("move", "turn", "strike", "block", "fatigue", "push", "initiative", "form", "raise", "bury", "done")


def _int(tok: str, text: str, signed: bool = False) -> int:
    body = tok[1:] if signed and tok[:1] in "+-" else tok
    if not (body.isascii() and body.isdigit()) or len(body) > 3:
        raise NotationError(text, "expected a number")
    return int(tok)


def _dir(tok: str, text: str) -> str:
    if tok not in DIRS:
        raise NotationError(text, "a direction is left or right")
    return tok


def _card(tok: str, text: str) -> str:
    if not CARD_RE.match(tok) or len(tok) > 40:
        raise NotationError(text, "a card is its name in lowercase with hyphens")
    return tok


class LAAction(Action):
    """Base of every Legends action; `LAAction.parse` reads any of them."""

    verb: ClassVar[str] = ""
    seat: int

    @classmethod
    def parse(cls, text: str) -> "LAAction":
        return NOTATION.parse(text, cls)


@dataclass(frozen=True, repr=False)
class Pick(LAAction):
    """`pick SEAT CARD CARD CARD`: a seat's three secret cards, in resolution order (digital mode).
    LA-12: `pick SEAT EDIT CARD CARD CARD` for Tikkit holding an Edit (the Edit first), and `pick SEAT CARD`
    for Quick Fix's fourth card."""

    seat: int
    cards: tuple[str, ...]
    verb: ClassVar[str] = "pick"

    @classmethod
    def _from_words(cls, w, text):
        if len(w) not in (3, 5, 6):
            raise NotationError(text, "a pick is `pick SEAT CARD CARD CARD` (an Edit first: four; a fourth card: one)")
        return cls(_int(w[1], text), tuple(_card(c, text) for c in w[2:]))

    def __str__(self):
        return f"pick {self.seat} " + " ".join(self.cards)

    def redacted(self):
        return f"pick {self.seat}" + " ?" * len(self.cards)


@dataclass(frozen=True, repr=False)
class Reveal(LAAction):
    """`reveal SEAT CARD`: the printed card a seat turned up for this exchange (physical mode)."""

    seat: int
    card: str
    verb: ClassVar[str] = "reveal"

    @classmethod
    def _from_words(cls, w, text):
        if len(w) != 3:
            raise NotationError(text, "a reveal is `reveal SEAT CARD`")
        return cls(_int(w[1], text), _card(w[2], text))

    def __str__(self):
        return f"reveal {self.seat} {self.card}"


@dataclass(frozen=True, repr=False)
class Draw(LAAction):
    """`draw SEAT CARD`: the top card of a seat's Meter (a chance outcome, secret to that seat)."""

    seat: int
    card: str
    verb: ClassVar[str] = "draw"
    chance: ClassVar[bool] = True

    @classmethod
    def _from_words(cls, w, text):
        if len(w) != 3:
            raise NotationError(text, "a draw is `draw SEAT CARD`")
        return cls(_int(w[1], text), _card(w[2], text))

    def __str__(self):
        return f"draw {self.seat} {self.card}"

    def redacted(self):
        return f"draw {self.seat} ?"


@dataclass(frozen=True, repr=False)
class Reshuffle(LAAction):
    """`reshuffle SEAT yes|no`: with an empty Meter, shuffle the Specials into a new one, or not."""

    seat: int
    yes: bool
    verb: ClassVar[str] = "reshuffle"

    @classmethod
    def _from_words(cls, w, text):
        if len(w) != 3 or w[2] not in ("yes", "no"):
            raise NotationError(text, "`reshuffle SEAT yes` or `reshuffle SEAT no`")
        return cls(_int(w[1], text), w[2] == "yes")

    def __str__(self):
        return f"reshuffle {self.seat} {'yes' if self.yes else 'no'}"


@dataclass(frozen=True, repr=False)
class Face(LAAction):
    """`face SEAT DIR`: the answer to "you may turn" (keeping the facing is a choice too)."""

    seat: int
    dir: str
    verb: ClassVar[str] = "face"

    @classmethod
    def _from_words(cls, w, text):
        if len(w) != 3:
            raise NotationError(text, "`face SEAT left|right`")
        return cls(_int(w[1], text), _dir(w[2], text))

    def __str__(self):
        return f"face {self.seat} {self.dir}"


@dataclass(frozen=True, repr=False)
class Target(LAAction):
    """`target SEAT WHO`: the striker's (or diver's) pick among foes still tied after the tie-breaks; WHO is a
    seat, or a Zombie `zN` (LA-13: Lord Grym's N-th piece)."""

    seat: int
    who: int | str
    verb: ClassVar[str] = "target"

    @classmethod
    def _from_words(cls, w, text):
        if len(w) != 3:
            raise NotationError(text, "`target SEAT WHO`")
        if w[2][:1] == "z":
            return cls(_int(w[1], text), "z" + str(_int(w[2][1:], text)))
        return cls(_int(w[1], text), _int(w[2], text))

    def __str__(self):
        return f"target {self.seat} {self.who}"


@dataclass(frozen=True, repr=False)
class Do(LAAction):
    """`do SEAT PRIMITIVE ...`: one step of a card resolved from the primitives panel (LA-4).

        do SEAT move WHO DIR N       WHO moves N spaces (its own move: Edge Recovery, walking off)
        do SEAT turn WHO DIR         WHO faces DIR
        do SEAT strike FORCE RANGE   SEAT strikes (RANGE a number, or `any`)
        do SEAT block N              SEAT blocks N against every foe for the rest of the exchange
        do SEAT fatigue WHO ±N       WHO's Fatigue changes by N (0..10)
        do SEAT push WHO DIR N       N Push tokens on WHO pointing DIR, put by SEAT
        do SEAT initiative           SEAT takes the Initiative
        do SEAT form FORM            SEAT's Legend flips to FORM (LA-14: Lucius, human or wolf)
        do SEAT raise SPACE          LA-13 (Lord Grym): a Zombie on SPACE, or a Coffin there flips up
        do SEAT bury SPACE           LA-13 (Lord Grym): a Zombie on SPACE flips down to a Coffin
        do SEAT done                 the card is resolved
    """

    seat: int
    prim: str
    args: tuple = ()
    verb: ClassVar[str] = "do"

    @classmethod
    def _from_words(cls, w, text):
        if len(w) < 3 or w[2] not in PRIMS:
            raise NotationError(text, "`do SEAT " + "|".join(PRIMS) + " ...`")
        seat, p, a = _int(w[1], text), w[2], w[3:]
        shapes = {"move": 3, "turn": 2, "strike": 2, "block": 1, "fatigue": 2, "push": 3, "initiative": 0, "form": 1,
                  "raise": 1, "bury": 1, "done": 0}
        if len(a) != shapes[p]:
            raise NotationError(text, f"`do SEAT {p}` takes {shapes[p]} more words")
        if p == "move" or p == "push":
            args = (_int(a[0], text), _dir(a[1], text), _int(a[2], text))
        elif p == "turn":
            args = (_int(a[0], text), _dir(a[1], text))
        elif p == "strike":
            args = (_int(a[0], text), None if a[1] == "any" else _int(a[1], text))
        elif p in ("block", "raise", "bury"):
            args = (_int(a[0], text),)
        elif p == "form":
            if not (a[0].isascii() and a[0].isalpha() and a[0].islower()) or len(a[0]) > 20:
                raise NotationError(text, "a form is a lowercase word: human, wolf")
            args = (a[0],)
        elif p == "fatigue":
            if a[1][:1] not in "+-":
                raise NotationError(text, "a Fatigue change is signed: +1, -2")
            args = (_int(a[0], text), _int(a[1], text, signed=True))
        else:
            args = ()
        return cls(seat, p, args)

    def __str__(self):
        return self.text

    @cached_property
    def text(self) -> str:
        """The notation, made once: a panel's steps are the same values listed again and again (primitives.py),
        and the event of a step applied is worded from it."""
        words = [f"do {self.seat} {self.prim}"]
        for i, x in enumerate(self.args):
            if x is None:
                words.append("any")
            elif self.prim == "fatigue" and i == 1:
                words.append(f"{x:+d}")
            else:
                words.append(str(x))
        return " ".join(words)


NOTATION = Notation("Legends", {k.verb: k for k in (Pick, Reveal, Draw, Reshuffle, Face, Target, Do)})


parse_action = NOTATION.parse
