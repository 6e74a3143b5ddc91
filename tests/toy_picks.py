"""Secret Picks: the shape of Legends of the Arena's simultaneous hidden choices, for testing the core.

Every seat secretly picks a number 1..3 (`pick SEAT N`, in any order); when the last pick is in, all
are revealed at once and the highest unique pick scores. A seat's view holds its own pick only.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core import Action, Game, NotationError, Refusal, State


@dataclass(frozen=True)
class Pick(Action):
    seat: int
    value: int

    @classmethod
    def parse(cls, text):
        words = text.split() if isinstance(text, str) else []
        if len(words) != 3 or words[0] != "pick" or not all(w.isdigit() for w in words[1:]):
            raise NotationError(str(text), "Expected 'pick SEAT N'")
        return cls(int(words[1]), int(words[2]))

    def __str__(self):
        return f"pick {self.seat} {self.value}"


class PicksState(State):
    def __init__(self, game, picks=None, scores=None):
        self.game = game
        self.picks = dict(picks or {})
        self.scores = list(scores or [0] * game.players)

    def current_player(self):
        return None  # simultaneous: see players_to_move

    def players_to_move(self):
        return tuple(s for s in self.game.seats if s not in self.picks)

    def legal_actions(self):
        return [Pick(s, v) for s in self.players_to_move() for v in (1, 2, 3)]

    def apply(self, action):
        if action.seat not in self.game.seats:
            raise Refusal("no-such-seat", f"There is no seat {action.seat}.", "picks/seats")
        if action.seat in self.picks:
            raise Refusal("already-picked", f"Seat {action.seat} has picked already.", "picks/once")
        if action.value not in (1, 2, 3):
            raise Refusal("bad-pick", "A pick is 1, 2 or 3.", "picks/values")
        self.picks[action.seat] = action.value
        if self.players_to_move():
            return [{"type": "picked", "seat": action.seat}]  # who picked is public, not what
        revealed = dict(sorted(self.picks.items()))
        unique = [v for v in revealed.values() if list(revealed.values()).count(v) == 1]
        for seat, value in revealed.items():
            if unique and value == max(unique):
                self.scores[seat - 1] += 1
        self.picks = {}
        return [{"type": "revealed", "picks": revealed, "reveals": True}]

    def view(self, seat):
        return {"waiting_for": list(self.players_to_move()), "scores": self.scores,
                "my_pick": self.picks.get(seat)}

    def to_dict(self):
        return {"picks": {str(s): v for s, v in sorted(self.picks.items())}, "scores": self.scores}

    def outcome(self):
        return None


class SecretPicks(Game):
    id = "secret-picks"
    title = "Secret Picks"
    min_players, max_players = 2, 4

    def new_state(self):
        return PicksState(self)

    def parse_action(self, text):
        return Pick.parse(text)

    def state_from_dict(self, data):
        return PicksState(self, {int(s): v for s, v in data["picks"].items()}, data["scores"])


GAME = SecretPicks
