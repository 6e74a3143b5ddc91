"""The shape of a game, declared by its class and read by the session, the referee and the UI instead of
its name: its `GameType` (chance, information, outcome, input hardware) and its options schema (`Option`).
Games import these names from `companion.core`."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable

from companion.quoting import quoted
from companion.refusals import bad_option


class Chance(StrEnum):
    """How chance enters a game: not at all; drawn by the session from its seed (a table may also enter a
    physical die); or entered by hand at the table for every outcome."""

    NONE = "none"
    DRAWN = "drawn"
    ENTERED = "entered"


class Information(StrEnum):
    PERFECT = "perfect"
    HIDDEN = "hidden"


class OutcomeKind(StrEnum):
    """How a game is won: by one seat, by a team of seats together, or by the whole table (cooperative)."""

    WINNER = "winner"
    WINNERS = "winners"
    COOPERATIVE = "cooperative"


class Input(StrEnum):
    """The table's hardware a game can use."""

    DICE = "dice"
    HAND = "hand"


def enum_field(obj: Any, name: str, enum: type[StrEnum]) -> None:
    """Turn a frozen dataclass's text field into its enum, so a misspelt shape fails where it is written."""
    value = getattr(obj, name)
    try:
        object.__setattr__(obj, name, enum(value))
    except ValueError:
        raise ValueError(f"{type(obj).__name__}.{name} is one of {', '.join(enum)}, not {value!r}") from None


CHANCE_NONE, CHANCE_DRAWN, CHANCE_ENTERED = Chance.NONE, Chance.DRAWN, Chance.ENTERED
PERFECT, HIDDEN = Information.PERFECT, Information.HIDDEN
WINNER, WINNERS, COOPERATIVE = OutcomeKind.WINNER, OutcomeKind.WINNERS, OutcomeKind.COOPERATIVE


@dataclass(frozen=True)
class GameType:
    """The shape of a game, read by the session, the referee and the UI instead of its name.

    Every field is an enum (`Chance`, `Information`, `OutcomeKind`, `Input`): text is accepted where the
    game is defined and checked there, so `GameType(information="hiden")` fails at once.
    """

    chance: Chance = Chance.NONE
    information: Information = Information.PERFECT
    outcome: OutcomeKind = OutcomeKind.WINNER
    simultaneous: bool = False
    teams: bool = False
    hardware: tuple[Input, ...] = ()  # inputs the table can use

    def __post_init__(self):
        enum_field(self, "chance", Chance)
        enum_field(self, "information", Information)
        enum_field(self, "outcome", OutcomeKind)
        try:
            object.__setattr__(self, "hardware", tuple(Input(h) for h in self.hardware))
        except ValueError:
            raise ValueError(f"GameType.hardware lists {', '.join(Input)}, not {self.hardware!r}") from None
        for flag in ("simultaneous", "teams"):
            if type(getattr(self, flag)) is not bool:
                raise ValueError(f"GameType.{flag} is True or False, not {getattr(self, flag)!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"chance": self.chance, "information": self.information, "outcome": self.outcome,
                "simultaneous": self.simultaneous, "teams": self.teams, "hardware": list(self.hardware)}


class OptionKind(StrEnum):
    INT = "int"
    CHOICE = "choice"
    BOOL = "bool"
    TEXT = "text"
    PER_SEAT = "per-seat"


@dataclass(frozen=True)
class Option:
    """One option of a game: its type, range or choices, default, and the rule that sets it.

    kind: "int" (low..high), "choice" (one of `choices`), "bool", "text", or "per-seat" (a list with
    one of `choices` per seat, distinct if `distinct`). `default` may be a function of the player count.
    `seat_colors`: this per-seat option is the seats' colours (the home screen's colour swatches set it).
    `titles`: what a player reads for each of `choices`, in the same order ("Free-for-All" for `ffa`).
    `hidden`: the game fills it in itself (data kept with a session); the home screen does not offer it.
    `suggest`: for a text option, the values that exist now (a library's names), for the table to offer;
    it still takes any text `check` accepts.
    """

    name: str
    kind: OptionKind
    default: Any
    rule: str
    label: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple[Any, ...] = ()
    distinct: bool = False
    seat_colors: bool = False
    titles: tuple[str, ...] = ()
    hidden: bool = False
    suggest: Callable[[], tuple[str, ...]] | None = None

    def __post_init__(self):
        enum_field(self, "kind", OptionKind)
        if self.titles and len(self.titles) != len(self.choices):
            raise ValueError(f"option {self.name!r}: one title for each of its {len(self.choices)} choices")

    def title(self, value: Any) -> str:
        """`value` as a player reads it: its title, "yes"/"no", or the value itself."""
        if self.kind == "bool":
            return "yes" if value else "no"
        if isinstance(value, list):
            return ", ".join(self.title(v) for v in value)
        if self.titles and value in self.choices:
            return self.titles[self.choices.index(value)]
        return str(value)

    def default_for(self, players: int) -> Any:
        return self.default(players) if callable(self.default) else copy.deepcopy(self.default)

    def check(self, value: Any, players: int, game_id: str) -> Any:
        """`value` if it fits this option, else BadRequest naming the option and what it takes."""
        def bad(takes: str):
            bad_option(self.name, f"{takes}, not {quoted(value)}", self.rule)
        if self.kind == "int":
            if type(value) is not int or not (self.low <= value <= self.high):
                bad(f"a whole number {self.low}..{self.high}")
        elif self.kind == "bool":
            if type(value) is not bool:
                bad("true or false")
        elif self.kind == "choice":
            if not isinstance(value, (str, int)) or isinstance(value, bool) or value not in self.choices:
                bad("one of " + ", ".join(map(str, self.choices)))
        elif self.kind == "text":
            if not isinstance(value, str) or len(value) > 4096:
                bad("a text")
        elif self.kind == "per-seat":
            if (not isinstance(value, list) or len(value) != players
                    or any(not isinstance(v, str) or v not in self.choices for v in value)):
                bad(f"a list of {players}, one per seat, each one of " + ", ".join(self.choices))
            if self.distinct and len(set(value)) != len(value):
                bad("a different choice for every seat")
        return value

    def to_dict(self, players: int | None = None) -> dict[str, Any]:
        d = {"name": self.name, "kind": self.kind, "rule": self.rule, "label": self.label or self.name}
        if self.kind == "int":
            d.update(low=self.low, high=self.high)
        if self.choices:
            d["choices"] = list(self.choices)
        if self.titles:
            d["titles"] = list(self.titles)
        if self.distinct:
            d["distinct"] = True
        if self.seat_colors:
            d["seat_colors"] = True
        if self.hidden:
            d["hidden"] = True  # the game fills it in: a client does not offer it
        if self.suggest is not None:
            d["suggestions"] = list(self.suggest())
        d["default"] = self.default_for(players) if players is not None or not callable(self.default) else None
        return d
