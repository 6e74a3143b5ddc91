"""The books of the challenge being fought: the revealed card's pre-emptive action (`Preemptive`) and the
round being played (`RoundBooks`). Each owns its fields (named as in the table's JSON), their JSON and the
checks a table read back must pass on them alone; the checks against the rest of the table are in restore.py."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class Preemptive:
    """PREEMPT: the card's choice, crisis or exploit while the card is out. `attempt`: whether the table
    attempts an exploit (None until it decides, X-5); per seat the `results` (an option 1.., or "success" /
    "fail") and the pre-emptive `rolls` (three sorted faces, X-4)."""

    attempt: bool | None
    results: list[Any]
    rolls: list[list[int] | None]

    @classmethod
    def new(cls, n: int) -> "Preemptive":
        return cls(None, [None] * n, [None] * n)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Preemptive":
        return cls(d["attempt"], list(d["results"]), [None if x is None else list(x) for x in d["rolls"]])

    def to_dict(self) -> dict[str, Any]:
        return {"attempt": self.attempt, "results": list(self.results),
                "rolls": [None if x is None else list(x) for x in self.rolls]}

    def copy(self) -> "Preemptive":
        return Preemptive(self.attempt, list(self.results), list(self.rolls))

    def check(self, card, bad: Callable[..., Any]) -> None:
        """Each entry is one the card's kind of action can have."""
        kind = card.preemptive.kind
        if self.attempt is not None and kind != "exploit":
            bad("only an exploit is attempted or skipped", "X-5")
        if any(x is not None and x != sorted(x) for x in self.rolls):
            bad("a pre-emptive roll must be sorted die faces 1..6")
        for x in self.results:
            if not (x is None or (kind == "choice" and type(x) is int and 1 <= x <= len(card.preemptive.options))
                    or (kind != "choice" and x in ("success", "fail"))):
                bad(f"{x!r} is not a result of a {kind}", "PREEMPT")

    def over(self, card, eligible: list[int], seats: range, bad: Callable[..., Any]) -> bool:
        """Check the record against the card (each result from its roll or choice, nobody unprinted taking
        part, ALL deciding for everybody at once); whether the action is over."""
        p, res, rolls, attempt = card.preemptive, self.results, self.rolls, self.attempt
        if not eligible:  # nobody may take part: the action was skipped (PREEMPT)
            if attempt is not None or any(x is not None for x in res + rolls):
                bad("nobody's colour is printed: the pre-emptive action was skipped", "PREEMPT")
            return True
        if p.kind == "choice":
            if any(x is not None for x in rolls):
                bad("a choice is made, not rolled", "PREEMPT")
            if p.all:
                if len(set(res)) != 1:
                    bad("a group choice is the same option for every player", "PREEMPT")
                return res[0] is not None
            if any(res[s - 1] is not None for s in seats if s not in eligible):
                bad("a player whose colour is not printed makes no choice", "PREEMPT")
            return all(res[s - 1] is not None for s in eligible)
        if p.kind == "exploit" and attempt is not True:
            if any(x is not None for x in res + rolls):
                bad("an exploit not attempted has no roll", "X-5")
            return attempt is False
        outcome = [None if x is None else ("success" if sum(x) >= p.goal else "fail") for x in rolls]
        if p.all:
            rollers = [s for s in seats if rolls[s - 1] is not None]
            if rollers and (len(rollers) != 1 or rollers[0] not in eligible or set(res) != {outcome[rollers[0] - 1]}) \
                    or not rollers and any(x is not None for x in res):
                bad("under ALL one roll by a printed colour decides for everybody", "X-4")
            return bool(rollers)
        for s in seats:
            if res[s - 1] != outcome[s - 1] or (s not in eligible and rolls[s - 1] is not None):
                bad(f"seat {s}'s pre-emptive result does not follow from its roll", "X-4")
        return all(res[s - 1] is not None for s in eligible)


@dataclass
class RoundBooks:
    """The round being played, per seat (index seat - 1): the time units its spells cost (CM-5), the damage
    they add, its roll ({dice, challenge, result, hits}, None before it rolls), and the dice given in an
    event round as (giver, receiver) pairs (ASSIST). A new round starts them afresh."""

    time_used: list[int]
    bonus: list[int]
    rolls: list[dict[str, Any] | None]
    assists: list[tuple[int, int]]

    @classmethod
    def new(cls, n: int) -> "RoundBooks":
        return cls([0] * n, [0] * n, [None] * n, [])

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "RoundBooks":
        return cls(list(d["time_used"]), list(d["bonus"]), copy.deepcopy(d["rolls"]), [(g, r) for g, r in d["assists"]])

    def copy(self) -> "RoundBooks":
        return RoundBooks(list(self.time_used), list(self.bonus), list(self.rolls), list(self.assists))

    def to_dict(self) -> dict[str, Any]:
        return {"time_used": list(self.time_used), "bonus": list(self.bonus),
                "rolls": [None if x is None else {k: (list(v) if isinstance(v, (list, tuple)) else v)
                                                  for k, v in x.items()} for x in self.rolls],
                "assists": [list(a) for a in self.assists]}

    def totals(self) -> list[int | None]:
        """Each seat's result this round (None: not rolled yet)."""
        return [x["result"] if x is not None else None for x in self.rolls]
