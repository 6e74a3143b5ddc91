"""Block Arena notation (one action a line, single spaces, lower case; `parse(str(a)) == a`).

    place SQ          setup: a standing block on SQ
    place SQ SQ       setup: a lying block on two squares, first (lowest row, then leftmost) square first
    meeple SQ         setup: the player's meeple onto their block on SQ
    slide SQ DIR      the block covering SQ slides one square; DIR is n (higher rows), e (later letters), s, w
    flip SQ DIR       the standing block on SQ lies down over SQ and its neighbour in DIR
    flip SQ           the lying block covering SQ stands up on SQ
    go SQ             the player's meeple moves to SQ
    end               the player ends the turn after the block move

Squares are `a1`..`i9`; whether one is on this table's board is a rules question (BA-1), not notation.
A block may be named by any square it covers; `legal_actions` names it by its first square.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.core import Action, Notation, NotationError

from .board import DIRS, LETTERS

_SQUARES = frozenset(f"{c}{r}" for c in LETTERS for r in range(1, 10))


def _order(sq: str) -> tuple[int, int]:
    return int(sq[1:]), LETTERS.index(sq[0])


def _square(word: str, text: str) -> str:
    if word not in _SQUARES:
        raise NotationError(text, f"{word!r} is not a square (a1 .. i9)")
    return word


class BAAction(Action):
    """Base of the Block Arena actions; `BAAction.parse` reads any of them."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> "BAAction":
        return NOTATION.parse(text, cls)


@dataclass(frozen=True, slots=True, repr=False)
class Place(BAAction):
    """`place SQ` (standing) or `place SQ SQ` (lying, first square first)."""

    square: str
    other: str | None = None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) not in (2, 3):
            raise NotationError(text, "a block is placed as `place SQ` or `place SQ SQ`")
        squares = [_square(w, text) for w in words[1:]]
        if len(squares) == 2 and _order(squares[0]) >= _order(squares[1]):
            raise NotationError(text, "a lying block is written with its first square first (lowest row, then leftmost)")
        return cls(squares[0], squares[1] if len(squares) == 2 else None)

    def __str__(self) -> str:
        return f"place {self.square}" if self.other is None else f"place {self.square} {self.other}"


@dataclass(frozen=True, slots=True, repr=False)
class Meeple(BAAction):
    """`meeple SQ`: the player's meeple goes onto their block on SQ (setup)."""

    square: str

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 2:
            raise NotationError(text, "a meeple is placed as `meeple SQ`")
        return cls(_square(words[1], text))

    def __str__(self) -> str:
        return f"meeple {self.square}"


@dataclass(frozen=True, slots=True, repr=False)
class Slide(BAAction):
    """`slide SQ DIR`: the block covering SQ moves one square in DIR."""

    square: str
    dir: str

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 3 or words[2] not in DIRS:
            raise NotationError(text, "a slide is `slide SQ DIR` with DIR one of n e s w")
        return cls(_square(words[1], text), words[2])

    def __str__(self) -> str:
        return f"slide {self.square} {self.dir}"


@dataclass(frozen=True, slots=True, repr=False)
class Flip(BAAction):
    """`flip SQ DIR` (standing -> lying toward DIR) or `flip SQ` (lying -> standing on SQ)."""

    square: str
    dir: str | None = None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) not in (2, 3) or (len(words) == 3 and words[2] not in DIRS):
            raise NotationError(text, "a flip is `flip SQ DIR` (lie down) or `flip SQ` (stand up)")
        return cls(_square(words[1], text), words[2] if len(words) == 3 else None)

    def __str__(self) -> str:
        return f"flip {self.square}" if self.dir is None else f"flip {self.square} {self.dir}"


@dataclass(frozen=True, slots=True, repr=False)
class Go(BAAction):
    """`go SQ`: the player's meeple moves to SQ along a path the rules allow."""

    square: str

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 2:
            raise NotationError(text, "a meeple movement is `go SQ`")
        return cls(_square(words[1], text))

    def __str__(self) -> str:
        return f"go {self.square}"


@dataclass(frozen=True, slots=True, repr=False)
class End(BAAction):
    """`end`: the player ends the turn after the block move."""

    chance: ClassVar[bool] = False

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 1:
            raise NotationError(text, "`end` takes nothing")
        return END

    def __str__(self) -> str:
        return "end"


NOTATION = Notation("Block Arena", {"place": Place, "meeple": Meeple, "slide": Slide, "flip": Flip, "go": Go,
                                    "end": End})
END = End()
BLOCK_MOVES = (Slide, Flip)


parse_action = NOTATION.parse
