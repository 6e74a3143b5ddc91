"""The shape every game shares (OpenSpiel's Game/State split, python-chess's notation, boardgame.io's checks).

A `Game` holds the static facts of a table (seat count, options) and makes the initial `State`.
A `State` is played by `apply(action)`; it answers `legal_actions()`, `view(seat)` and `outcome()`.

Chance is part of the action list, so a game is fully described by its options plus its actions:
- an action the session must complete from its random source (`roll` -> `roll 4`) goes through
  `State.complete(action, rng)` before it is applied and journaled;
- a chance event nobody triggers (a shuffle when a draw pile runs out) is offered by
  `State.automatic(rng)`, and the session applies it at once, journaled like any other action.

A refused action raises `Refusal` and leaves the state exactly as it was (ALL-1): games check
everything first and mutate after.
"""
from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar


class Refusal(Exception):
    """An action, request or file the referee will not accept; nothing was changed."""

    def __init__(self, code: str, reason: str, rule: str | None = None):
        super().__init__(f"{code}: {reason}" + (f" ({rule})" if rule else ""))
        self.code = code
        self.reason = reason
        self.rule = rule

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, "rule": self.rule}


class NotationError(Refusal):
    """Text that is not an action of this game at all (a syntax error, not a rules error)."""

    def __init__(self, text: str, reason: str, rule: str = "notation"):
        super().__init__("bad-notation", f"{reason}: {text!r}", rule)
        self.text = text


class Action(ABC):
    """A move or a chance outcome. `type(a).parse(str(a)) == a` for every action."""

    #: True for outcomes of chance (a die, a shuffle): undo never goes back past one (ALL-2).
    chance: ClassVar[bool] = False

    @classmethod
    @abstractmethod
    def parse(cls, text: str) -> "Action":
        """The action written as `text`; NotationError if it is not one."""

    @abstractmethod
    def __str__(self) -> str: ...

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


class Game(ABC):
    """Static information about one table: which game, how many seats (1..N), which options."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: option name -> default value; unknown options are refused.
    default_options: ClassVar[dict[str, Any]] = {}

    def __init__(self, players: int, options: dict[str, Any] | None = None):
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise Refusal(
                "bad-player-count",
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players!r}.",
                f"{self.id}/players",
            )
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.default_options))
        if unknown:
            raise Refusal("unknown-option", f"{self.title} has no option {unknown[0]!r}.", f"{self.id}/options")
        self.players = players
        self.options = {**self.default_options, **options}

    @property
    def seats(self) -> range:
        return range(1, self.players + 1)

    @abstractmethod
    def new_state(self) -> "State":
        """The state before anything has happened (it may start with a chance event)."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action `text` means in this game; NotationError if none."""

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> "State":
        """A state from `State.to_dict()`, checked against the game's invariants (ALL-3).

        Raises Refusal(code="invalid-state") naming the first invariant that fails.
        """

    def describe(self) -> dict[str, Any]:
        return {"game": self.id, "players": self.players, "options": self.options}


class State(ABC):
    """One moment of one table. Games subclass it; the session and the referee use only this API."""

    game: Game

    @abstractmethod
    def current_player(self) -> int | None:
        """The seat expected to act next, or None (game over, chance pending, or simultaneous)."""

    def players_to_move(self) -> tuple[int, ...]:
        """Seats whose input the table awaits; several for simultaneous secret picks."""
        seat = self.current_player()
        return () if seat is None else (seat,)

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action `apply` accepts now, including chance outcomes a table may enter by hand."""

    @abstractmethod
    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Play `action` and return the events it caused (dicts with a "type").

        An event with `"reveals": True` made hidden information known: undo stops there.
        Raises Refusal and changes nothing if the action is not allowed now.
        """

    def complete(self, action: Action, rng: random.Random) -> Action:
        """`action` with any chance the session must draw filled in (e.g. `roll` -> `roll 4`)."""
        return action

    def automatic(self, rng: random.Random) -> Action | None:
        """A chance action that happens now without anybody's input (a shuffle), or None."""
        return None

    def sense(self, observation: dict[str, Any]) -> list[dict[str, Any]]:
        """Record a hardware observation (not an action: it is not journaled)."""
        raise Refusal("unknown-sense", f"{self.game.title} has no sensors.", "protocol/sense")

    @property
    def observations(self) -> dict[str, Any]:
        """The latest hardware observations, re-applied by the session when it rebuilds a state."""
        return {}

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: what the whole table sees). Built here, never by hiding widgets."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """The referee's full state, JSON-ready; `game.state_from_dict` accepts it back."""

    @abstractmethod
    def outcome(self) -> dict[str, Any] | None:
        """None while the game runs; then e.g. {"winner": 2} or {"result": "defeat"}."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    def clone(self) -> "State":
        return copy.deepcopy(self)
