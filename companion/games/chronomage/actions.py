"""Chronomage action notation: one action a line, single spaces, `parse(str(a)) == a`.

Dice faces are kept sorted (the order a handful lands in means nothing), so every roll has one text.
The grammar is in the package docstring.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core import Action, Notation, NotationError

from .rules import COLORS
from .timeline import ID_RE, Card, card_text, parse_card

MAX_DICE = 12


def _int(tok: str, text: str) -> int:
    if not (tok.isascii() and tok.isdigit()) or len(tok) > 3:
        raise NotationError(text, "expected a number")
    return int(tok)


def _faces(toks: list[str], text: str) -> tuple[int, ...]:
    faces = []
    for t in toks:
        if len(t) != 1 or t not in "123456":
            raise NotationError(text, "a die face is 1..6")
        faces.append(int(t))
    if len(faces) > MAX_DICE:
        raise NotationError(text, f"at most {MAX_DICE} dice in one handful")
    return tuple(sorted(faces))


class CMAction(Action):
    """Base of the Chronomage actions; `CMAction.parse` reads any of them."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> "CMAction":
        return NOTATION.parse(text, cls)


def _seat_arg(cls, words, text, usage):
    if len(words) != 3:
        raise NotationError(text, usage)
    return cls(_int(words[1], text), _int(words[2], text))


@dataclass(frozen=True, slots=True, repr=False)
class Book(CMAction):
    """`book SEAT N`: SEAT's spellbook holds N cards (N runes showing)."""

    seat: int
    cards: int

    @classmethod
    def _from_words(cls, words, text):
        return _seat_arg(cls, words, text, "`book SEAT N`")

    def __str__(self):
        return f"book {self.seat} {self.cards}"


@dataclass(frozen=True, slots=True, repr=False)
class Form(CMAction):
    """`form SEAT SPACE`: SEAT's miniature moves to formation space 1..3."""

    seat: int
    space: int

    @classmethod
    def _from_words(cls, words, text):
        return _seat_arg(cls, words, text, "`form SEAT SPACE`")

    def __str__(self):
        return f"form {self.seat} {self.space}"


@dataclass(frozen=True, slots=True, repr=False)
class Spell(CMAction):
    """`spell SEAT COST RUNES [BONUS] [COLOUR=N ..]`: SEAT casts a spell from hand (BONUS damage this round,
    0 omitted); a CONSTANT spell that changes resistances gives the new ones (CM-13), in colour order."""

    seat: int
    cost: int
    runes: int
    bonus: int = 0
    resistance: tuple[tuple[str, int], ...] = ()  # (colour, dice) the spell sets while it is in play

    @classmethod
    def _from_words(cls, words, text):
        usage = "`spell SEAT COST RUNES [BONUS] [COLOUR=N ..]`"
        nums = [w for w in words[1:] if "=" not in w]
        sets = words[1 + len(nums):]
        if len(nums) not in (3, 4) or any("=" not in w for w in sets):
            raise NotationError(text, usage)
        given: dict[str, int] = {}
        for w in sets:
            color, _, n = w.partition("=")
            if color not in COLORS or color in given:
                raise NotationError(text, "a resistance is COLOUR=N, each colour (" + ", ".join(COLORS) + ") once")
            given[color] = _int(n, text)
        return cls(*(_int(w, text) for w in nums), resistance=tuple((c, given[c]) for c in COLORS if c in given))

    def __str__(self):
        return (f"spell {self.seat} {self.cost} {self.runes}" + (f" {self.bonus}" if self.bonus else "")
                + "".join(f" {c}={n}" for c, n in self.resistance))


@dataclass(frozen=True, slots=True, repr=False)
class Word(CMAction):
    """A bare table word: `ready` (strategy over), `fail` (the table declares the challenge lost)."""

    word: str

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 1:
            raise NotationError(text, f"`{words[0]}` takes nothing")
        return READY if words[0] == "ready" else FAIL

    def __str__(self):
        return self.word


@dataclass(frozen=True, slots=True, repr=False)
class Reveal(CMAction):
    """The revealed challenge card: `reveal` (the referee draws one from the library), `reveal ID` (the
    table picks it from the library) or `reveal { id = ..., ... }` (the card itself, with its data).

    The first two are placeholders the session completes with the library card's data (`complete`),
    so the journal holds the card itself and replays without the library file (CM-3)."""

    card: str | None = None  # the card's id
    data: Card | None = None  # the card, once its data is known
    rest_of_line = True  # a typed card is a TOML table: its inside is TOML's (notation.py)

    @property
    def chance(self) -> bool:
        return self.data is not None

    @property
    def incomplete(self) -> bool:
        return self.data is None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) == 1:
            return REVEAL
        rest = text.strip()[len("reveal"):].strip()
        if rest.startswith("{"):
            card = parse_card(rest)  # LibraryError (bad-card, CM-3) names the card and the field
            return cls(card.id, card)
        if len(words) != 2 or not ID_RE.match(words[1]):
            raise NotationError(text, "`reveal`, `reveal CARD-ID` or `reveal { id = ..., ... }`")
        return cls(words[1])

    def __str__(self):
        if self.data is not None:
            return "reveal " + card_text(self.data)
        return "reveal" if self.card is None else f"reveal {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class Choose(CMAction):
    """`choose K` (the group's option K) or `choose SEAT K` (one player's option)."""

    option: int
    seat: int | None = None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) == 2:
            return cls(_int(words[1], text))
        if len(words) == 3:
            return cls(_int(words[2], text), _int(words[1], text))
        raise NotationError(text, "`choose K` or `choose SEAT K`")

    def __str__(self):
        return f"choose {self.option}" if self.seat is None else f"choose {self.seat} {self.option}"


@dataclass(frozen=True, slots=True, repr=False)
class Exploit(CMAction):
    """`exploit yes` / `exploit no`: the table attempts or skips an exploit."""

    attempt: bool

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 2 or words[1] not in ("yes", "no"):
            raise NotationError(text, "`exploit yes` or `exploit no`")
        return EXPLOIT_YES if words[1] == "yes" else EXPLOIT_NO

    def __str__(self):
        return "exploit yes" if self.attempt else "exploit no"


@dataclass(frozen=True, slots=True, repr=False)
class Dice(CMAction):
    """`dice SEAT` (the referee rolls SEAT's whole handful), `dice SEAT F..` (a pre-emptive roll) or
    `dice SEAT F.. / C..` (a challenge roll: the player's dice, then the challenge dice)."""

    seat: int
    faces: tuple[int, ...] | None = None
    challenge: tuple[int, ...] | None = None

    @property
    def chance(self) -> bool:
        return self.faces is not None

    @property
    def incomplete(self) -> bool:
        return self.faces is None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) < 2:
            raise NotationError(text, "`dice SEAT`, `dice SEAT F..` or `dice SEAT F.. / C..`")
        seat = _int(words[1], text)
        rest = words[2:]
        if not rest:
            return cls(seat)
        if "/" in rest:
            cut = rest.index("/")
            own, chal = rest[:cut], rest[cut + 1:]
            if not chal or "/" in chal:
                raise NotationError(text, "the challenge dice follow one `/`")
            return cls(seat, _faces(own, text), _faces(chal, text))
        return cls(seat, _faces(rest, text))

    def __str__(self):
        if self.faces is None:
            return f"dice {self.seat}"
        own = "".join(f" {f}" for f in self.faces)
        if self.challenge is None:
            return f"dice {self.seat}{own}"
        return f"dice {self.seat}{own} / " + " ".join(map(str, self.challenge))


@dataclass(frozen=True, slots=True, repr=False)
class Assist(CMAction):
    """`assist FROM TO`: in an event, FROM (already through) gives one die to TO for this round."""

    giver: int
    receiver: int

    @classmethod
    def _from_words(cls, words, text):
        return _seat_arg(cls, words, text, "`assist FROM TO`")

    def __str__(self):
        return f"assist {self.giver} {self.receiver}"


@dataclass(frozen=True, slots=True, repr=False)
class Reverse(CMAction):
    """`reverse` (the referee rolls the anomaly dice) or `reverse A B` (their faces)."""

    anomaly: tuple[int, int] | None = None

    @property
    def chance(self) -> bool:
        return self.anomaly is not None

    @property
    def incomplete(self) -> bool:
        return self.anomaly is None

    @classmethod
    def _from_words(cls, words, text):
        if len(words) == 1:
            return REVERSE
        if len(words) != 3:
            raise NotationError(text, "`reverse` or `reverse A B` (the two anomaly dice)")
        return cls(_faces(words[1:], text))

    def __str__(self):
        return "reverse" if self.anomaly is None else "reverse {} {}".format(*self.anomaly)


#: a loot card's kind as the table names it: `temporary`, or the equipment type its card prints (CM-14)
KIND_RE = re.compile(r"[a-z][a-z-]{0,19}")
TEMPORARY = "temporary"
UNSORTED = "loot"  # a loot card whose kind the table did not enter (`loot SEAT`): kept and counted
SWAP, REFUSE = "swap", "refuse"  # a second equipment of a type: it replaces the old one, or is discarded


def _kind(tok: str, text: str, *, unsorted: bool) -> str:
    if not KIND_RE.fullmatch(tok) or tok in (SWAP, REFUSE) or (tok == UNSORTED and not unsorted):
        raise NotationError(text, "a loot kind is `temporary` or the equipment type in lower case (robes, staff, ...)")
    return tok


@dataclass(frozen=True, slots=True, repr=False)
class Give(CMAction):
    """`time SEAT` / `loot SEAT [KIND [swap|refuse]]`: cleanup's time card or loot card goes to SEAT (the
    group's choice). KIND is `temporary` or the equipment type printed (CM-14), none when the table does not
    say (X-17); a second equipment of a type `swap`s for the old one or is `refuse`d (discarded)."""

    deck: str
    seat: int
    kind: str | None = None
    choice: str | None = None  # SWAP or REFUSE

    @classmethod
    def _from_words(cls, words, text):
        if words[0] == "time" or len(words) == 2:
            if len(words) != 2:
                raise NotationError(text, f"`{words[0]} SEAT`")
            return cls(words[0], _int(words[1], text))
        if len(words) not in (3, 4) or (len(words) == 4 and words[3] not in (SWAP, REFUSE)):
            raise NotationError(text, "`loot SEAT [KIND [swap|refuse]]`")
        kind = _kind(words[2], text, unsorted=False)
        if len(words) == 4 and kind == TEMPORARY:
            raise NotationError(text, "only equipment is one of a type: a temporary card is never swapped")
        return cls("loot", _int(words[1], text), kind, words[3] if len(words) == 4 else None)

    def __str__(self):
        return " ".join(str(x) for x in (self.deck, self.seat, self.kind, self.choice) if x is not None)


@dataclass(frozen=True, slots=True, repr=False)
class Discard(CMAction):
    """`discard SEAT KIND`: SEAT uses a temporary loot card, or the table takes one of SEAT's loot cards
    of KIND out (a correction); it goes to the loot discard pile (CM-14)."""

    seat: int
    kind: str

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 3:
            raise NotationError(text, "`discard SEAT KIND`")
        return cls(_int(words[1], text), _kind(words[2], text, unsorted=True))

    def __str__(self):
        return f"discard {self.seat} {self.kind}"


NOTATION = Notation("Chronomage", {
    "book": Book, "form": Form, "spell": Spell, "ready": Word, "reveal": Reveal, "choose": Choose, "exploit": Exploit,
    "dice": Dice, "assist": Assist, "reverse": Reverse, "fail": Word, "time": Give, "loot": Give, "discard": Discard})
READY, FAIL = Word("ready"), Word("fail")
REVEAL, REVERSE = Reveal(), Reverse()
EXPLOIT_YES, EXPLOIT_NO = Exploit(True), Exploit(False)


parse_action = NOTATION.parse
