"""What one seat is asked to choose before anything else goes on (choices): one small value per kind of
question, with its JSON (the state's `ask`), the action that answers it and the answers it takes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import primitives
from .actions import DIRS, Do, Face, Reshuffle, Target
from .game import Legends


@dataclass(frozen=True)
class Ask:
    seat: int
    kind: ClassVar[str]
    answer: ClassVar[type]  # the action that answers it
    panel: ClassVar[bool] = False  # asked by a step of the primitives panel (LA-4)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}

    def actions(self, st) -> list:
        """Every answer the seat may give."""
        raise NotImplementedError

    def check(self, st, a) -> None:
        """Refuse an answer of the right kind and seat that is still not one of this question's."""


@dataclass(frozen=True)
class FaceAsk(Ask):
    """The seat may turn (a card's step, or a Legend back from a Knock Out): it faces left or right."""

    kind: ClassVar[str] = "face"
    answer: ClassVar[type] = Face

    def actions(self, st) -> list:
        return [Face(self.seat, d) for d in DIRS]


@dataclass(frozen=True)
class ReshuffleAsk(Ask):
    """The seat's Meter is empty: shuffle its Specials into a new one, or not (digital cards)."""

    kind: ClassVar[str] = "reshuffle"
    answer: ClassVar[type] = Reshuffle

    def actions(self, st) -> list:
        return [Reshuffle(self.seat, True), Reshuffle(self.seat, False)]


@dataclass(frozen=True)
class DoAsk(Ask):
    """The table resolves the seat's card by hand, one primitive step at a time (LA-4)."""

    kind: ClassVar[str] = "do"
    answer: ClassVar[type] = Do
    panel: ClassVar[bool] = True

    def actions(self, st) -> list:
        return primitives.primitive_actions(st, self.seat)

    def check(self, st, a) -> None:
        primitives.check_primitive(st, a)


@dataclass(frozen=True)
class TargetAsk(Ask):
    """targeting: foes (seats, or Zombies "zN") still tied after the tie-breaks; `force` is the Strike's, None
    for a Dive; `prim`: a Strike of the primitives panel, which goes back to the panel once it hits."""

    among: tuple = ()
    force: int | None = None
    prim: bool = False
    kind: ClassVar[str] = "target"
    answer: ClassVar[type] = Target

    @property
    def panel(self) -> bool:  # type: ignore[override]
        return self.prim

    def to_dict(self) -> dict[str, Any]:
        d = {"kind": self.kind, "seat": self.seat, "among": list(self.among), "force": self.force}
        return {**d, "prim": True} if self.prim else d

    def actions(self, st) -> list:
        return [Target(self.seat, t) for t in self.among]

    def check(self, st, a) -> None:
        if a.who not in self.among:
            Legends.refuse("bad-target", f"Seat {a.who} is not among the foes tied for this choice.", "targeting")


KINDS = {k.kind: k for k in (FaceAsk, ReshuffleAsk, DoAsk, TargetAsk)}


def from_dict(d: dict[str, Any] | None) -> Ask | None:
    """The ask a state's JSON holds (its shape already checked: restore.py)."""
    if d is None:
        return None
    if d["kind"] == "target":
        return TargetAsk(d["seat"], tuple(d["among"]), d["force"], d.get("prim", False))
    return KINDS[d["kind"]](d["seat"])
