"""Time Runners cards, deck and action notation.

Notation (one action per line, words separated by exactly one space, nothing else; `parse` accepts
only the canonical text, so `str(parse(text)) == text` and `parse(str(a)) == a`):

    roll                 the session draws the die (State.complete turns it into `roll N`)
    roll N               an explicit die outcome 1..6 (a physical die or a correction)
    play SEAT CODE [ARG] a card; CODE is set, swap, +1, +2, +3, -1, -2, -3, instants end in `!`;
                         `set` takes the hour (1..12), `swap` the other runner's seat
    end                  the player in turn ends the turn
    shuffle CODE...      a shuffle outcome: the whole new draw pile, top card first
    sensor off|on        the table overrides a broken clock-hand sensor (TR-18) / trusts it again
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from companion.core import Action, Notation, NotationError


def _notation(text: str, reason: str) -> NotationError:
    return NotationError(text, reason, "time-runners/notation")

BASES = ("set", "swap", "+1", "-1", "+2", "-2", "+3", "-3")
CODES = BASES + tuple(b + "!" for b in BASES)
CODE_SET = frozenset(CODES)
#: code -> hour delta for the +N/-N cards
DELTA = {c: int(c.rstrip("!")) for c in CODES if c[0] in "+-"}
#: codes whose card takes an argument
WITH_ARG = frozenset(("set", "set!", "swap", "swap!"))

# TR-5: the 70 cards the rules list, in the box's order (normal then instant).
DECK: tuple[str, ...] = (
    ("set",) * 5 + ("swap",) * 5
    + sum(((b,) * 6 for b in ("+1", "-1", "+2", "-2", "+3", "-3")), ())
    + sum(((b + "!",) * 3 for b in BASES), ())
)
DECK_COUNTS = Counter(DECK)
assert len(DECK) == 70 and sum(1 for c in DECK if c.endswith("!")) == 24

CARD_NAMES = {
    "set": "Set hour", "swap": "Change position",
    "+1": "+1 hour", "-1": "-1 hour", "+2": "+2 hour", "-2": "-2 hour", "+3": "+3 hour", "-3": "-3 hour",
}


def card_name(code: str) -> str:
    return CARD_NAMES[code.rstrip("!")] + (" (Instant)" if code.endswith("!") else "")


def _int(tok: str, text: str) -> int:
    if not (tok.isascii() and tok.isdigit()) or len(tok) > 3:
        raise _notation(text, "expected a number")
    if tok != str(int(tok)):
        raise _notation(text, "a number is written without leading zeros")
    return int(tok)


class TRAction(Action):
    """Base of the Time Runners actions; `TRAction.parse` reads any of them."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> "TRAction":
        return NOTATION.parse(text, cls)


@dataclass(frozen=True, slots=True, repr=False)
class Roll(TRAction):
    """`roll` (to be drawn by the session) or `roll N`."""

    value: int | None = None
    chance: ClassVar[bool] = True

    @property
    def incomplete(self) -> bool:
        """A bare `roll`: the session draws the value."""
        return self.value is None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) == 1:
            return ROLL_BARE
        if len(words) == 2:
            return cls(_int(words[1], text))
        raise _notation(text, "a roll is `roll` or `roll N`")

    def __str__(self) -> str:
        return "roll" if self.value is None else f"roll {self.value}"


@dataclass(frozen=True, slots=True, repr=False)
class Play(TRAction):
    """`play SEAT CODE [ARG]`: seat SEAT plays a card."""

    seat: int
    code: str
    arg: int | None = None
    chance: ClassVar[bool] = False

    def __post_init__(self):
        if self.code not in CODE_SET:
            raise _notation(f"play {self.seat} {self.code}", "unknown card code")
        if (self.arg is None) == (self.code in WITH_ARG):
            raise _notation(
                f"play {self.seat} {self.code}",
                "`set` takes an hour and `swap` a seat; the other cards take nothing",
            )

    @property
    def instant(self) -> bool:
        return self.code[-1] == "!"

    @classmethod
    def _from_words(cls, words, text):
        if len(words) not in (3, 4) or words[2] not in CODE_SET:
            raise _notation(text, "a card is `play SEAT CODE [ARG]` with CODE one of " + " ".join(CODES))
        seat = _int(words[1], text)
        arg = _int(words[3], text) if len(words) == 4 else None
        if (arg is None) == (words[2] in WITH_ARG):
            raise _notation(text, "`set` takes an hour and `swap` a seat; the other cards take nothing")
        return cls(seat, words[2], arg)

    def __str__(self) -> str:
        if self.arg is None:
            return f"play {self.seat} {self.code}"
        return f"play {self.seat} {self.code} {self.arg}"


@dataclass(frozen=True, slots=True, repr=False)
class End(TRAction):
    """`end`: the player in turn ends the turn."""

    chance: ClassVar[bool] = False

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 1:
            raise _notation(text, "`end` takes nothing")
        return END

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True, repr=False)
class Shuffle(TRAction):
    """`shuffle CODE...`: the new draw pile, top card first (a chance outcome)."""

    codes: tuple[str, ...]
    chance: ClassVar[bool] = True

    @classmethod
    def _from_words(cls, words, text):
        if len(words) < 2:
            raise _notation(text, "a shuffle lists the new draw pile")
        bad = [w for w in words[1:] if w not in CODE_SET]
        if bad:
            raise _notation(text, f"unknown card code {bad[0]!r}")
        return cls(tuple(words[1:]))

    def __str__(self) -> str:
        return "shuffle " + " ".join(self.codes)


@dataclass(frozen=True, slots=True, repr=False)
class Sensor(TRAction):
    """`sensor off` / `sensor on`: the table's override of the clock-hand sensor (TR-18)."""

    on: bool
    chance: ClassVar[bool] = False

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 2 or words[1] not in ("on", "off"):
            raise _notation(text, "`sensor on` or `sensor off`")
        return SENSOR_ON if words[1] == "on" else SENSOR_OFF

    def __str__(self) -> str:
        return "sensor on" if self.on else "sensor off"


NOTATION = Notation("Time Runners", {"roll": Roll, "play": Play, "end": End, "shuffle": Shuffle, "sensor": Sensor},
                    "time-runners/notation")
ROLL_BARE = Roll()
ROLLS = tuple(Roll(v) for v in range(1, 7))
END = End()
SENSOR_ON = Sensor(True)
SENSOR_OFF = Sensor(False)


parse_action = NOTATION.parse


def card_actions(players: int) -> dict[tuple[int, str], tuple[Play, ...]]:
    """Every well-formed legal-looking card action, by (seat, code): set 1..12, swap with each other seat."""
    table = {}
    for seat in range(1, players + 1):
        for code in CODES:
            base = code.rstrip("!")
            if base == "set":
                acts = tuple(Play(seat, code, h) for h in range(1, 13))
            elif base == "swap":
                acts = tuple(Play(seat, code, t) for t in range(1, players + 1) if t != seat)
            else:
                acts = (Play(seat, code),)
            table[seat, code] = acts
    return table
