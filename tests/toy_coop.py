"""Team Dice: the cooperative shape (Chronomage's), for testing the core without a real game.

The table plays together: each round every seat rolls one die (`roll SEAT`, drawn by the session,
or `roll SEAT N` entered by hand), then the table scores the round (`score`). The team wins if the
total reaches 4 a seat within the option `rounds` rounds, else loses.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core import (
    CHANCE_DRAWN, COOPERATIVE, DEFEAT, VICTORY, Action, Game, GameType, IllegalAction, NotationError, Option, Outcome,
    State, Turn,
)

R = "team-dice/"


@dataclass(frozen=True)
class TeamAction(Action):
    verb: str  # roll | score
    seat: int | None = None
    value: int | None = None

    @property
    def chance(self) -> bool:
        return self.verb == "roll" and self.value is not None

    @property
    def incomplete(self) -> bool:
        return self.verb == "roll" and self.value is None

    @classmethod
    def parse(cls, text):
        words = text.split() if isinstance(text, str) else []
        if words == ["score"]:
            return cls("score")
        if 2 <= len(words) <= 3 and words[0] == "roll" and all(w.isdigit() and len(w) < 3 for w in words[1:]):
            return cls("roll", int(words[1]), int(words[2]) if len(words) == 3 else None)
        raise NotationError(str(text), "Expected 'roll SEAT [N]' or 'score'", R + "notation")

    def __str__(self):
        return " ".join(str(w) for w in (self.verb, self.seat, self.value) if w is not None)


class TeamState(State):
    def __init__(self, game, round_=1, rolls=None, total=0, result=None):
        self.game, self.round, self.rolls, self.total, self.result = game, round_, dict(rolls or {}), total, result

    def turn(self):
        return Turn.over() if self.result else Turn.table(self.game.seats)

    def legal_actions(self):
        if self.result:
            return []
        waiting = [s for s in self.game.seats if s not in self.rolls]
        if not waiting:
            return [TeamAction("score")]
        return [TeamAction("roll", s, v) for s in waiting for v in (None, 1, 2, 3, 4, 5, 6)]

    def actor(self, action):
        return action.seat  # a seat's own die; scoring is the table's

    def complete(self, action, rng):
        return TeamAction("roll", action.seat, rng.randint(1, 6))

    def apply(self, a):
        if self.result:
            raise IllegalAction("game-over", "The game is over.", R + "over")
        if a.verb == "score":
            if len(self.rolls) < self.game.players:
                raise IllegalAction("dice-missing", "Every seat rolls before the round is scored.", R + "round")
            self.total += sum(self.rolls.values())
            self.rolls, goal = {}, 4 * self.game.players
            if self.total >= goal:
                self.result = VICTORY
            elif self.round == self.game.options["rounds"]:
                self.result = DEFEAT
            else:
                self.round += 1
            return [{"type": "scored", "total": self.total}]
        if a.seat not in self.game.seats or a.seat in self.rolls:
            raise IllegalAction("not-rolling", f"Seat {a.seat} has no die to roll now.", R + "round")
        if a.value is None or not 1 <= a.value <= 6:
            raise IllegalAction("bad-die", "A die shows 1 to 6.", R + "round")
        self.rolls[a.seat] = a.value
        return [{"type": "rolled", "seat": a.seat, "value": a.value}]

    def view(self, seat):
        return self.to_dict()

    def to_dict(self):
        return {"round": self.round, "rolls": {str(s): v for s, v in sorted(self.rolls.items())},
                "total": self.total, "result": self.result}

    def outcome(self):
        if self.result is None:
            return None
        return Outcome(result=self.result, reason=f"the team scored {self.total}")

    def clone(self):
        return TeamState(self.game, self.round, self.rolls, self.total, self.result)


class TeamDice(Game):
    id, title = "team-dice", "Team Dice"
    min_players, max_players = 1, 4
    type = GameType(chance=CHANCE_DRAWN, outcome=COOPERATIVE, hardware=("dice",))
    options_schema = (Option("rounds", "int", 3, R + "rounds", label="Rounds", low=1, high=5),)
    rules = {"notation": "Actions are roll SEAT [N] and score.", "over": "Nothing is played once the team has won or lost.",
             "round": "Each round every seat rolls one die, then the table scores it.",
             "rounds": "The team has this many rounds to reach 4 points a seat."}

    def new_state(self):
        return TeamState(self)

    def parse_action(self, text):
        return TeamAction.parse(text)

    def state_from_dict(self, d):
        try:
            rolls = {int(s): v for s, v in d["rolls"].items()}
            ok = (type(d["round"]) is int and 1 <= d["round"] <= self.options["rounds"] and type(d["total"]) is int
                  and d["total"] >= 0 and all(s in self.seats and type(v) is int and 1 <= v <= 6 for s, v in rolls.items())
                  and d["result"] in (None, VICTORY, DEFEAT) and set(d) == {"round", "rolls", "total", "result"})
        except (KeyError, TypeError, ValueError, AttributeError):
            ok = False
        if not ok:
            raise IllegalAction("invalid-state", "Not a Team Dice state.", "ALL-3")
        return TeamState(self, d["round"], rolls, d["total"], d["result"])


GAME = TeamDice
