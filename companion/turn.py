"""Who acts now (`Turn`), how a game ended (`Outcome`) and where undo stops (`UndoStop`): what a state
answers the session with. Games import these names from `companion.core`."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Sequence

from companion.gametype import enum_field
from companion.refusals import IllegalAction


class TurnKind(StrEnum):
    SEAT = "seat"
    SEATS = "seats"
    TABLE = "table"
    CHANCE = "chance"
    OVER = "over"


SEAT, SEATS, TABLE, CHANCE, OVER = TurnKind.SEAT, TurnKind.SEATS, TurnKind.TABLE, TurnKind.CHANCE, TurnKind.OVER


@dataclass(frozen=True)
class Turn:
    """Who acts now: one seat, several seats at once, the table as a whole, a chance draw, or nobody."""

    kind: TurnKind
    seats: tuple[int, ...] = ()

    def __post_init__(self):
        enum_field(self, "kind", TurnKind)

    @classmethod
    def seat(cls, seat: int) -> "Turn":
        return cls(SEAT, (seat,))

    @classmethod
    def simultaneous(cls, seats: Sequence[int]) -> "Turn":
        return cls(SEATS, tuple(seats))

    @classmethod
    def table(cls, seats: Sequence[int]) -> "Turn":
        return cls(TABLE, tuple(seats))

    @classmethod
    def chance(cls) -> "Turn":
        return cls(CHANCE)

    @classmethod
    def over(cls) -> "Turn":
        return cls(OVER)

    @property
    def current(self) -> int | None:
        """The one seat to act, if exactly one seat is to act."""
        return self.seats[0] if self.kind == SEAT else None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seats": list(self.seats)}

    @classmethod
    def from_dict(cls, data: Any) -> "Turn | None":
        """A turn read back from a summary; None if it is not one (an older or foreign journal)."""
        if not isinstance(data, dict) or data.get("kind") not in tuple(TurnKind):
            return None
        seats = data.get("seats")
        if not isinstance(seats, list) or any(type(s) is not int for s in seats):
            return None
        return cls(data["kind"], tuple(seats))


class Result(StrEnum):
    """A cooperative game's end for the whole table."""

    VICTORY = "victory"
    DEFEAT = "defeat"


VICTORY, DEFEAT = Result.VICTORY, Result.DEFEAT


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (teams win together), or a cooperative victory or defeat,
    a ranking where the rules give one (places best first, ties in one place), why it ended as a
    sentence, and as a `termination` code the game declares (python-chess's `Termination`): a screen
    words an ending from the code, never from the sentence."""

    winners: tuple[int, ...] = ()
    result: Result | None = None
    ranking: tuple[tuple[int, ...], ...] | None = None
    reason: str = ""
    termination: str = ""

    def __post_init__(self):
        if self.result is not None:
            enum_field(self, "result", Result)

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "result": self.result,
                "ranking": None if self.ranking is None else [list(p) for p in self.ranking], "reason": self.reason,
                "termination": self.termination}

    @classmethod
    def from_dict(cls, data: Any) -> "Outcome | None":
        """An outcome read back from a summary; None if it is not one."""
        if not isinstance(data, dict):
            return None
        try:
            winners = tuple(int(s) for s in data.get("winners") or ())
            ranking = data.get("ranking")
            ranking = None if ranking is None else tuple(tuple(int(s) for s in p) for p in ranking)
            result = data.get("result")
            return cls(winners, result if result in tuple(Result) else None, ranking, str(data.get("reason") or ""),
                       str(data.get("termination") or ""))
        except (TypeError, ValueError):
            return None


@dataclass(frozen=True)
class UndoStop:
    """Why undo cannot go back past an entry: a stable code, a sentence, the rule."""

    code: str
    sentence: str
    rule: str

    def refusal(self) -> IllegalAction:
        return IllegalAction(self.code, self.sentence, self.rule)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "sentence": self.sentence, "rule": self.rule}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "UndoStop":
        return cls(str(data["code"]), str(data["sentence"]), str(data["rule"]))


#: the stop every game gets for a chance outcome (a die, a shuffle, a draw)
CHANCE_STOP = UndoStop("undo-blocked-by-chance", "Undo stops at a die roll or a shuffle: it never rolls or deals again.", "ALL-2")
#: the stop a reveal makes unless the game cites a ruling of its own (`State.reveal_stop`)
REVEAL_STOP = UndoStop("undo-blocked-by-reveal", "Undo stops where hidden information was seen: it never takes back what a player saw.", "ALL-2")
