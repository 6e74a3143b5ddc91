"""Lucky Draw: the smallest game that has everything the core must carry, for testing the core alone.

Each seat is dealt one secret card (a shuffle: automatic chance, then a reveal); on a turn the
current seat may `step` (+1, an ordinary undoable move), must `roll` (chance, +N), then `pass`.
First to 30 wins.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core import CHANCE_DRAWN, HIDDEN, Action, Game, GameType, IllegalAction, NotationError, Outcome, State, Turn

GOAL = 30


@dataclass(frozen=True)
class Move(Action):
    verb: str
    arg: tuple[int, ...] = ()

    @property
    def chance(self) -> bool:
        return self.verb in ("roll", "deal") and bool(self.arg)

    @property
    def incomplete(self) -> bool:
        return self.verb == "roll" and not self.arg

    @classmethod
    def parse(cls, text: str) -> "Move":
        words = text.split() if isinstance(text, str) else []
        if not words or words[0] not in ("roll", "deal", "step", "pass"):
            raise NotationError(str(text), "Not a Lucky Draw action")
        try:
            return cls(words[0], tuple(int(w) for w in words[1:]))
        except ValueError:
            raise NotationError(text, "Numbers expected") from None

    def __str__(self) -> str:
        return " ".join([self.verb, *map(str, self.arg)])


class LuckyState(State):
    def __init__(self, game, data=None):
        self.game = game
        d = data or {"cards": None, "scores": [0] * game.players, "current": 1, "rolled": False, "winner": None}
        self.cards, self.scores = d["cards"], list(d["scores"])
        self.current, self.rolled, self.winner = d["current"], d["rolled"], d["winner"]

    def turn(self):
        if self.winner:
            return Turn.over()
        return Turn.chance() if self.cards is None else Turn.seat(self.current)

    def legal_actions(self):
        if self.winner or self.cards is None:
            return []
        if self.rolled:
            return [Move("pass")]
        return [Move("step"), Move("roll")] + [Move("roll", (n,)) for n in range(1, 7)]

    def complete(self, action, rng):
        return Move("roll", (rng.randint(1, 6),)) if action == Move("roll") else action

    def automatic(self, rng):
        if self.cards is None:
            deck = list(range(1, 11))
            rng.shuffle(deck)
            return Move("deal", tuple(deck[: self.game.players]))
        return None

    def apply(self, action):
        if self.winner:
            raise IllegalAction("game-over", "The game is over.", "lucky-draw/over")
        if action.verb == "deal":
            if self.cards is not None or len(action.arg) != self.game.players:
                raise IllegalAction("bad-deal", "Cards are dealt once, one per seat.", "lucky-draw/deal")
            self.cards = list(action.arg)
            return [{"type": "dealt", "reveals": True}]
        if self.cards is None:
            raise IllegalAction("not-dealt", "Deal first.", "lucky-draw/deal")
        if action not in self.legal_actions():
            raise IllegalAction("not-now", f"'{action}' is not allowed now.", "lucky-draw/turn")
        seat = self.current
        if action.verb == "step":
            self.scores[seat - 1] += 1
        elif action.verb == "roll":
            self.scores[seat - 1] += action.arg[0]
            self.rolled = True
            if self.scores[seat - 1] >= GOAL:
                self.winner = seat
        else:
            self.current, self.rolled = seat % self.game.players + 1, False
        return [{"type": action.verb, "seat": seat}]

    def view(self, seat):
        v = self.to_dict()
        v["cards"] = None if self.cards is None else [c if s == seat else None for s, c in enumerate(self.cards, 1)]
        return v

    def to_dict(self):
        return {"cards": self.cards, "scores": self.scores, "current": self.current, "rolled": self.rolled, "winner": self.winner}

    def outcome(self):
        return Outcome(winners=(self.winner,), reason="reached 30") if self.winner else None


class LuckyDraw(Game):
    id = "lucky-draw"
    title = "Lucky Draw"
    min_players, max_players = 1, 4
    type = GameType(chance=CHANCE_DRAWN, information=HIDDEN)
    rules = {"over": "Nothing is played after someone reaches 30.", "deal": "Each seat is dealt one card, once, before play.",
             "turn": "On a turn: step any number of times, roll once, then pass."}

    def new_state(self):
        return LuckyState(self)

    def parse_action(self, text):
        return Move.parse(text)

    def state_from_dict(self, data):
        if not isinstance(data, dict) or set(data) != {"cards", "scores", "current", "rolled", "winner"}:
            raise IllegalAction("invalid-state", "A Lucky Draw state has cards, scores, current, rolled, winner.", "ALL-3")
        if len(data["scores"]) != self.players or not all(isinstance(s, int) and s >= 0 for s in data["scores"]):
            raise IllegalAction("invalid-state", "Scores are whole numbers, one per seat.", "ALL-3")
        if data["current"] not in self.seats:
            raise IllegalAction("invalid-state", "The current seat must be at the table.", "ALL-3")
        return LuckyState(self, data)


GAME = LuckyDraw
