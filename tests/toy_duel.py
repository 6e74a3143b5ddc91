"""Take Away: the two-player perfect-information shape (Block Arena's), with computer players.

A pile of `stones` (option); seats alternate taking 1 to 3 (`take N`); who takes the last stone wins.
`perfect` leaves a multiple of 4 whenever it can; `random` takes anything legal.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core import (
    ComputerPlayer, Game, GameType, IllegalAction, NotationError, Option, Outcome, RandomPlayer, State, Turn, Action,
)

R = "take-away/"


@dataclass(frozen=True)
class Take(Action):
    count: int

    @classmethod
    def parse(cls, text):
        words = text.split() if isinstance(text, str) else []
        if len(words) != 2 or words[0] != "take" or not words[1].isdigit() or len(words[1]) > 2:
            raise NotationError(str(text), "Expected 'take N'", R + "notation")
        return cls(int(words[1]))

    def __str__(self):
        return f"take {self.count}"


class DuelState(State):
    def __init__(self, game, stones, current=1, winner=None):
        self.game, self.stones, self.current, self.winner = game, stones, current, winner

    def turn(self):
        return Turn.over() if self.winner else Turn.seat(self.current)

    def legal_actions(self):
        return [] if self.winner else [Take(n) for n in (1, 2, 3) if n <= self.stones]

    def apply(self, a):
        if self.winner:
            raise IllegalAction("game-over", "The game is over.", R + "over")
        if not 1 <= a.count <= min(3, self.stones):
            raise IllegalAction("bad-take", f"Take 1 to {min(3, self.stones)} stones.", R + "take")
        seat = self.current
        self.stones -= a.count
        if self.stones == 0:
            self.winner = seat
        else:
            self.current = 3 - seat
        return [{"type": "took", "seat": seat, "count": a.count}]

    def view(self, seat):
        return self.to_dict()

    def to_dict(self):
        return {"stones": self.stones, "current": self.current, "winner": self.winner}

    def outcome(self):
        return Outcome(winners=(self.winner,), reason="took the last stone") if self.winner else None

    def clone(self):
        return DuelState(self.game, self.stones, self.current, self.winner)


class PerfectPlayer(ComputerPlayer):
    level = "perfect"

    def choose(self, state, seat, rng, seconds):
        return Take(state.stones % 4 or 1)


class TakeAway(Game):
    id, title = "take-away", "Take Away"
    min_players = max_players = 2
    type = GameType()
    options_schema = (Option("stones", "int", 15, R + "stones", label="Stones", low=5, high=30),)
    computer_players = {"random": RandomPlayer, "perfect": PerfectPlayer}
    rules = {"notation": "The action is take N.", "over": "Nothing is played after the last stone is taken.",
             "take": "A turn takes 1 to 3 stones, never more than the pile.", "stones": "The pile starts this big."}

    def new_state(self):
        return DuelState(self, self.options["stones"])

    def parse_action(self, text):
        return Take.parse(text)

    def state_from_dict(self, d):
        ok = (isinstance(d, dict) and set(d) == {"stones", "current", "winner"} and type(d["stones"]) is int
              and 0 <= d["stones"] <= 30 and d["current"] in (1, 2) and d["winner"] in (None, 1, 2)
              and (d["stones"] == 0) == (d["winner"] is not None))
        if not ok:
            raise IllegalAction("invalid-state", "Not a Take Away state.", "ALL-3")
        return DuelState(self, d["stones"], d["current"], d["winner"])


GAME = TakeAway
