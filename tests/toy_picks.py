"""Secret Picks: the shape of Legends of the Arena's simultaneous hidden choices, for testing the core.

Every seat secretly picks a number 1..3 (`pick SEAT N`, in any order); when the last pick is in, all
are revealed at once and the highest unique pick scores. A seat's view holds its own pick only.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core import HIDDEN, WINNERS, Action, Game, GameType, IllegalAction, NotationError, State, Turn, UndoStop


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

    def redacted(self):
        return f"pick {self.seat} ?"


class PicksState(State):
    def __init__(self, game, picks=None, scores=None):
        self.game = game
        self.picks = dict(picks or {})
        self.scores = list(scores or [0] * game.players)

    def turn(self):
        return Turn.simultaneous(s for s in self.game.seats if s not in self.picks)

    def reveal_stop(self):
        return UndoStop("undo-blocked-by-reveal", "Undo stops at the reveal: the picks were seen.", "secret-picks/reveal")

    def legal_actions(self):
        return [Pick(s, v) for s in self.players_to_move() for v in (1, 2, 3)]

    def apply(self, action):
        if action.seat not in self.game.seats:
            raise IllegalAction("no-such-seat", f"There is no seat {action.seat}.", "secret-picks/seats")
        if action.seat in self.picks:
            raise IllegalAction("already-picked", f"Seat {action.seat} has picked already.", "secret-picks/once")
        if action.value not in (1, 2, 3):
            raise IllegalAction("bad-pick", "A pick is 1, 2 or 3.", "secret-picks/values")
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
    type = GameType(information=HIDDEN, outcome=WINNERS, simultaneous=True)
    rules = {"seats": "Only seats at the table pick.", "once": "Each seat picks once a round.",
             "values": "A pick is 1, 2 or 3.", "reveal": "All picks are shown at once when the last is in; undo stops there."}

    def new_state(self):
        return PicksState(self)

    def parse_action(self, text):
        return Pick.parse(text)

    def state_from_dict(self, data):
        return PicksState(self, {int(s): v for s, v in data["picks"].items()}, data["scores"])


GAME = SecretPicks
