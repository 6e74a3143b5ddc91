"""Nim: the two-player perfect-information shape (Block Arena's), with computer players.

A pile of stones (option `pile`); the seats take 1 to 3 in turn (`take N`); whoever takes the last stone
wins. `perfect` leaves a multiple of 4 whenever it can; `random` takes anything legal.

The one toy game of its shape: the shape tests import it, and tests/ui/test_new_game.py writes this very
file as a package of its own to prove a new game is its package and one registry line.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core import (
    Action, ComputerPlayer, Game, GameType, Notation, NotationError, Option, Outcome, RandomPlayer, State, Turn,
    check_state_fields,
)


@dataclass(frozen=True)
class Take(Action):
    count: int

    @classmethod
    def parse(cls, text):
        return NOTATION.parse(text, cls)

    @classmethod
    def _from_words(cls, words, text):
        if len(words) != 2 or not words[1].isdigit() or len(words[1]) > 2:
            raise NotationError(text, "Expected 'take N'.", "nim/notation")
        return cls(int(words[1]))

    def __str__(self):
        return f"take {self.count}"


NOTATION = Notation("Nim", {"take": Take}, "nim/notation")


class NimState(State):
    def __init__(self, game, pile=None, current=1, winner=None):
        self.game, self.current, self.winner = game, current, winner
        self.pile = game.options["pile"] if pile is None else pile

    def turn(self):
        return Turn.over() if self.winner else Turn.seat(self.current)

    def legal_actions(self):
        return [] if self.winner else [Take(n) for n in (1, 2, 3) if n <= self.pile]

    def apply(self, action):
        if self.winner:
            self.game.refuse("game-over", "The game is over.", "over")
        if not isinstance(action, Take) or not 1 <= action.count <= min(3, self.pile):
            self.game.refuse("bad-take", f"Take 1 to {min(3, self.pile)} stones.", "take")
        seat = self.current
        self.pile -= action.count
        if self.pile == 0:
            self.winner = seat
        else:
            self.current = 3 - seat
        return [{"type": "took", "seat": seat, "count": action.count}]

    def view(self, seat):
        return self.to_dict()

    def to_dict(self):
        return {"pile": self.pile, "current": self.current, "winner": self.winner}

    def outcome(self):
        if not self.winner:
            return None
        return Outcome(winners=(self.winner,), reason="took the last stone", termination="last-stone")

    def clone(self):
        return type(self)(self.game, self.pile, self.current, self.winner)


def state_from_dict(game, d):
    bad = game.invalid_state
    check_state_fields(d, ("pile", "current", "winner"), bad)
    if type(d["pile"]) is not int or not 0 <= d["pile"] <= 30 or d["current"] not in (1, 2):
        bad("the pile or the seat is out of range")
    if d["winner"] not in (None, 1, 2) or (d["pile"] == 0) != (d["winner"] is not None):
        bad("a game is won exactly when the pile is empty")
    return game.state_class(game, d["pile"], d["current"], d["winner"])


class PerfectPlayer(ComputerPlayer):
    level = "perfect"

    def choose(self, state, seat, rng, seconds):
        return Take(state.pile % 4 or 1)


class Nim(Game):
    id, title = "nim", "Nim"
    min_players = max_players = 2
    type = GameType()
    options_schema = (Option("pile", "int", 15, "nim/pile", label="Pile", low=5, high=30),)
    computer_players = {"random": RandomPlayer, "perfect": PerfectPlayer}
    rules = {"notation": "An action is take N.", "take": "A turn takes 1 to 3 stones, never more than the pile.",
             "over": "Nothing is played after the last stone.", "pile": "The pile starts this big."}
    terminations = ("last-stone",)
    state_noun = "a possible Nim pile"
    state_class, restore, notation = NimState, state_from_dict, NOTATION  # one module: the objects themselves


GAME = Nim
