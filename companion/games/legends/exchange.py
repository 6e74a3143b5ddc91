"""The cards of the exchange being played (the state's `in_play`; its JSON number is the state's `exchange`):
which card each seat revealed, whose have resolved, the one resolving now and, with Perfect Timing, those
still to come. Attribute names are the JSON's keys."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Current:
    """speed-order: the card resolving now, by the names of its JSON (`current`): whose, which, and the index of
    its step to run next (or waiting for the choice it asked)."""

    seat: int
    card: str
    step: int = 0

    def next_step(self) -> "Current":
        return Current(self.seat, self.card, self.step + 1)

    def to_dict(self) -> dict:
        return {"seat": self.seat, "card": self.card, "step": self.step}


@dataclass(slots=True)
class Exchange:
    """Per seat the card `revealed` (Perfect Timing: the one of its stack resolving now or next), the seats whose
    card has `resolved` in the order they did (speed-order), the `current` card resolving, and per seat the cards
    of its stack still to come after the revealed one (`later`, LA-12 Perfect Timing)."""

    revealed: dict[int, str] = field(default_factory=dict)
    resolved: list[int] = field(default_factory=list)
    current: Current | None = None
    later: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Exchange":
        """The exchange a state's JSON holds (its shape already checked: restore.py)."""
        cur = d["current"]
        return cls({int(k): v for k, v in d["revealed"].items()}, list(d["resolved"]),
                   None if cur is None else Current(cur["seat"], cur["card"], cur["step"]),
                   {int(k): list(v) for k, v in d["later"].items()})

    def to_dict(self) -> dict[str, Any]:
        return {"revealed": {str(s): c for s, c in sorted(self.revealed.items())}, "resolved": list(self.resolved),
                "current": None if self.current is None else self.current.to_dict(),
                "later": {str(s): list(c) for s, c in sorted(self.later.items())}}

    def copy(self) -> "Exchange":
        return Exchange(dict(self.revealed), list(self.resolved), self.current,
                        {s: list(c) for s, c in self.later.items()})

    def place(self, s: int, cards: list[str]) -> None:
        """Seat s's cards for this exchange: the first revealed, the rest later (none: it reveals nothing)."""
        self.revealed.pop(s, None)
        self.later.pop(s, None)
        if cards:
            self.revealed[s] = cards[0]
            if cards[1:]:
                self.later[s] = cards[1:]

    def waiting(self, order: list[int]) -> list[int]:
        """The seats in `order` whose revealed card has still to resolve."""
        return [s for s in order if s in self.revealed and s not in self.resolved]

    def next_of(self, s: int) -> bool:
        """Perfect Timing: s's next card takes the revealed one's place (True); else none is left."""
        if self.later.get(s):
            self.revealed[s] = self.later[s].pop(0)
            if not self.later[s]:
                del self.later[s]
            return True
        return False

    def check(self, bad: Callable[..., Any]) -> None:
        """speed-order: only revealed cards have resolved; the current card is a revealed one not resolved yet."""
        if any(s not in self.revealed for s in self.resolved):
            bad("resolved lists seats whose revealed card has resolved", "speed-order")
        cur = self.current
        if cur is not None and (cur.seat not in self.revealed or cur.card != self.revealed[cur.seat]
                                or cur.seat in self.resolved):
            bad("current is null or the card resolving now {seat, card, step}", "speed-order")
