"""The challenge deck (`ChallengeDeck`: the cards played, the phase of the next) and the books of the challenge
being fought: the revealed card's pre-emptive action (`Preemptive`) and the round being played (`RoundBooks`).
Each owns its fields (named as in the table's JSON), their JSON and the
checks a table read back must pass on them alone; the checks against the rest of the table are in restore.py."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

DECK = 16  # challenge cards in a timeline (CM-2)


def phase_at(position: int) -> int:
    """The challenge phase (1..3) of the card at `position` from the top of a new deck (CM-2: 5, 5, 6)."""
    return 1 if position < 5 else 2 if position < 10 else 3


@dataclass
class ChallengeDeck:
    """CM-2, CM-10: the timeline's sixteen challenge cards, five of phase I, then five of phase II, then six of
    phase III, the last of them the boss. `done`: the cards played, oldest first, as (card id, "won" | "lost");
    the rest are the deck (`challenge_deck` in the JSON: how many)."""

    done: list[tuple[str, str]]

    @classmethod
    def new(cls) -> "ChallengeDeck":
        return cls([])

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "ChallengeDeck":
        return cls([(x["id"], x["result"]) for x in d["done"]])

    def to_dict(self) -> dict[str, Any]:
        return {"challenge_deck": self.left(), "done": [{"id": i, "result": res} for i, res in self.done]}

    def copy(self) -> "ChallengeDeck":
        return ChallengeDeck(list(self.done))

    def left(self) -> int:
        """How many cards the deck still holds."""
        return DECK - len(self.done)

    def top(self) -> int:
        """The phase of the deck's top card."""
        return phase_at(len(self.done))

    def last(self) -> bool:
        """X-1: the top card is the last one: the boss."""
        return len(self.done) == DECK - 1

    def played(self, card_id: str) -> bool:
        return any(i == card_id for i, _ in self.done)

    def fits(self, card) -> bool:
        """CM-10, X-1: `card` may be the top card: not played yet, of the top's phase, the boss if it is the last."""
        return card.phase == self.top() and (card.boss or not self.last()) and not self.played(card.id)

    def discard(self, card_id: str, how: str) -> None:
        """The challenge ended, "won" or "lost"."""
        self.done.append((card_id, how))

    def check(self, over: bool, known: dict, bad: Callable[..., Any]) -> None:
        """Each card played once, in its phase's place; the boss ends the timeline (`known`: the cards whose
        data the table keeps, by id)."""
        done = self.done
        if len({i for i, _ in done}) != len(done):
            bad("a card was played twice", "CM-3")
        if len(done) == DECK and not over:
            bad("with all sixteen challenges played the timeline is over (the boss fell or was lost)", "CM-10")
        if not over and any(i in known and known[i].boss for i, _ in done):
            bad("the boss has been played: the timeline was won or lost then", "CM-10")
        for k, (i, _) in enumerate(done):  # else a later reveal may find no card of its phase left (nothing listed)
            if i in known and known[i].phase != phase_at(k):
                bad(f"{known[i].name}, a phase {known[i].phase} card, cannot have been the challenge number {k + 1}",
                    "REVEAL")
            if i in known and known[i].boss and k != len(done) - 1:
                bad(f"{known[i].name}, the boss, ends the timeline: no challenge follows it", "CM-10")


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
