"""The shape every game shares (OpenSpiel's Game/State split, python-chess's notation, boardgame.io's checks).

A `Game` holds the static facts of a table (seat count, validated options) and makes the initial
`State`. Its class declares a `GameType` (the shape: chance, information, outcome, simultaneity, teams)
and an options schema (`Option`). A `State` is played by `apply(action)`; it answers `turn()` (who
acts now), `legal_actions()`, `view(seat)` and `outcome()`.

Chance is part of the action list, so a game is fully described by its options plus its actions:
- an action the session must complete from its random source (`roll` -> `roll 4`) says so with
  `Action.incomplete`; the session calls `State.complete(action, rng)` and journals the result as drawn;
- while `turn()` is `Turn.chance()` the session owes a draw nobody triggers (a shuffle): it applies
  `State.automatic(rng)` at once, journaled like any other action.

A refused action raises a `Refusal` subclass and leaves the state exactly as it was (ALL-1): games
check everything first and mutate after.

Secrecy: `State.actor(action)` is the seat an action belongs to (None: the table's); an action with
`Action.redacted()` not None is shown as that text to every seat but its actor; an event with a
`"visible_to": [seats]` key is shown only to those seats. The session filters by these; the game's `view`
decides the rest.
"""
from __future__ import annotations

import copy
import importlib
import random
import sys
from abc import ABC, abstractmethod
from functools import cached_property, partial
from typing import Any, Callable, ClassVar, Iterable, Mapping, NoReturn

from companion.quoting import quoted

# the refusals are re-exported here: games and the session import them from the core
from companion.refusals import (  # noqa: F401
    BadRequest, IllegalAction, InternalError, NotationError, Refusal, StorageError, bad_option, cite, invalid_state,
    refuse,
)
from companion.notation import Notation  # noqa: F401  (games import it from the core)

# the shape of a game and the answers of a state live in their own modules; games import them from here
from companion.gametype import (  # noqa: F401
    CHANCE_DRAWN, CHANCE_ENTERED, CHANCE_NONE, COOPERATIVE, HIDDEN, PERFECT, WINNER, WINNERS, Chance, GameType,
    Information, Input, Option, OptionKind, OutcomeKind,
)
from companion.turn import (  # noqa: F401
    CHANCE, CHANCE_STOP, DEFEAT, OVER, REVEAL_STOP, SEAT, SEATS, TABLE, VICTORY, Outcome, Result, Turn, TurnKind,
    UndoStop,
)


# -- actions ------------------------------------------------------------------------------------------


class Action(ABC):
    """A move or a chance outcome. `game.parse_action(str(a)) == a` for every action."""

    #: True for outcomes of chance (a die, a shuffle): undo never goes back past one (ALL-2).
    chance: ClassVar[bool] = False
    #: True for a placeholder the session must draw (`roll` before it is `roll 4`).
    incomplete: ClassVar[bool] = False

    @classmethod
    @abstractmethod
    def parse(cls, text: str) -> "Action":
        """The action written as `text`; NotationError if it is not one."""

    @abstractmethod
    def __str__(self) -> str: ...

    def redacted(self) -> str | None:
        """What seats other than the actor see instead of the text (a secret pick); None: public."""
        return None

    @property
    def type(self) -> str:
        """The action's class name (`Slide`, `Pick`): what a screen or a phone matches on."""
        return type(self).__name__

    def fields(self) -> dict[str, Any]:
        """The action's values by name (its dataclass fields), JSON-ready (tuples as lists)."""
        return {name: _json_value(getattr(self, name)) for name in self.__dataclass_fields__}

    def to_json(self) -> dict[str, Any]:
        """The action as a value for a client that must not parse notation: type, fields and text."""
        return {"type": self.type, "fields": self.fields(), "text": str(self)}

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


def _json_value(value: Any) -> Any:
    if value is None or type(value) in (str, int, bool):
        return value
    if isinstance(value, (tuple, list)):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


# -- games and states ----------------------------------------------------------------------------------


class Game(ABC):
    """Static information about one table: which game, how many seats (1..N), which options."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    type: ClassVar[GameType] = GameType()
    options_schema: ClassVar[tuple[Option, ...]] = ()
    #: rule id (without the game prefix) -> one sentence in our own words; see `companion rules`
    rules: ClassVar[dict[str, str]] = {}
    #: computer player levels -> factory, or "module:Class" in the game's package (imported when one plays);
    #: empty when the game has no computer player
    computer_players: ClassVar[dict[str, Callable[[], "ComputerPlayer"]]] = {}
    #: the codes an `Outcome.termination` of this game can be (how a game can end)
    terminations: ClassVar[tuple[str, ...]] = ()
    #: how a refused state read back names a state of this game ("This is not <state_noun>: ...", ALL-3)
    state_noun: ClassVar[str] = "a valid state"
    #: its parts, "module:name" in its package (or the object), imported when a table is made, not with the game:
    #: `new_state()` is `state_class(game)`, `state_from_dict(d)` `restore(game, d)`, `parse_action` `notation.parse`
    state_class: ClassVar[Any]
    restore: ClassVar[Any]
    notation: ClassVar[Any]

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        if "computer_players" in vars(cls):  # a level named as text is made by importing its class when it plays
            cls.computer_players = {level: partial(_import_part, cls, make, True) if isinstance(make, str) else make
                                    for level, make in cls.computer_players.items()}

    def __init__(self, players: int, options: dict[str, Any] | None = None):
        if type(players) is not int or not (self.min_players <= players <= self.max_players):
            raise BadRequest(
                "bad-player-count",
                f"{self.players_rule()[:-1]}, not {quoted(players)}.",
                f"{self.id}/players",
            )
        if options is not None and not isinstance(options, dict):
            raise BadRequest("bad-request", "'options' is an object of option names and values.", "protocol/new")
        options = dict(options or {})
        schema = {o.name: o for o in self.options_schema}
        unknown = sorted(set(options) - set(schema), key=str)
        if unknown:
            known = ", ".join(schema) or "none"
            raise BadRequest("unknown-option", f"{self.title} has no option {quoted(unknown[0])} (its options: {known}).",
                             "protocol/new")
        self.players = players
        self.options = {name: (o.check(options[name], players, self.id) if name in options else o.default_for(players))
                        for name, o in schema.items()}
        self.check_options()
        self.load_files()

    def check_options(self) -> None:
        """Checks across options and the player count (BadRequest); the schema checked each alone.

        Pure: it reads no file, so validating options costs nothing and cannot depend on the disk."""

    def check_computers(self, seats: list[int]) -> None:
        """Refuse (BadRequest) a table whose `seats` are played by the computer when this game, as its options
        set it up, cannot be played by one there; by default any seat may be."""

    def load_files(self) -> None:
        """Read what the options name (a timeline, a table's saved values) and keep it on the game.

        The one step of making a game that reads files; it runs after `check_options`, when a game is made.
        A file that is missing or wrong raises BadRequest naming it (a session whose file is gone is then
        refused as `cannot-open` and stays in the journal)."""

    @property
    def seats(self) -> range:
        return range(1, self.players + 1)

    @classmethod
    def refuse(cls, code: str, reason: str, rule: str | None = None) -> NoReturn:
        """Refuse an action (ALL-1) citing this game's `rule` by its short id ("R-10" cites <id>/R-10)."""
        refuse(code, reason, rule, game=cls.id)

    @classmethod
    def invalid_state(cls, what: str, rule: str = "ALL-3") -> NoReturn:
        """Refuse a state read back (ALL-3): "This is not <state_noun>: <what>.", citing `rule` of this game."""
        invalid_state(what, rule, game=cls.id, noun=cls.state_noun)

    def part(self, name: str) -> Any:
        """The part `name` the game declares, imported from the package of the class that declares it."""
        owner = next((c for c in type(self).__mro__ if name in vars(c)), None)
        if owner is None:
            raise TypeError(f"{type(self).__name__} declares no {name} (see companion/NEW_GAME.md)")
        value = vars(owner)[name]
        return _import_part(owner, value) if isinstance(value, str) else value

    @cached_property
    def _parse(self) -> Callable[[str], Action]:
        return self.part("notation").parse  # bound once: parsing is on the hot path (replay, search)

    def new_state(self) -> "State":
        """The state before anything has happened (it may start with a chance event)."""
        return self.part("state_class")(self)

    def parse_action(self, text: str) -> Action:
        """The action `text` means in this game; NotationError if none."""
        return self._parse(text)

    def state_from_dict(self, data: dict[str, Any]) -> "State":
        """A state from `State.to_dict()`, checked against the game's invariants (ALL-3).

        Raises IllegalAction(code="invalid-state") naming the first invariant that fails.
        """
        return self.part("restore")(self, data)

    @classmethod
    def players_rule(cls) -> str:
        """The sentence of the game's `players` rule, which a refused table size cites."""
        if cls.min_players == cls.max_players:
            return f"{cls.title} is played by exactly {cls.min_players} players."
        return f"{cls.title} is played by {cls.min_players} to {cls.max_players} players."

    def describe(self) -> dict[str, Any]:
        return {"game": self.id, "players": self.players, "options": self.options}

    @classmethod
    def info(cls) -> dict[str, Any]:
        """What the registry tells a client about this game."""
        return {"id": cls.id, "title": cls.title, "min_players": cls.min_players, "max_players": cls.max_players,
                "type": cls.type.to_dict(), "options": [o.to_dict() for o in cls.options_schema],
                "computer_players": list(cls.computer_players)}


def _import_part(owner: type, name: str, make: bool = False) -> Any:
    """The object "module:attribute" names in the package of the game class `owner` (made, if `make`)."""
    module, _, attr = name.partition(":")
    found = getattr(importlib.import_module("." + module, sys.modules[owner.__module__].__package__), attr)
    return found() if make else found


def check_state_fields(data: Any, fields: Iterable[str] | Mapping[str, Any], bad: Callable[..., Any]) -> None:
    """The opening of every game's `state_from_dict`: a JSON object with exactly `fields`, else
    `bad(what)` (the game's own invalid-state refusal) names the first field missing or unknown.

    `fields` may map each name to its `companion.shapes` shape: then the first value of another shape is
    refused too, as `bad(what, rule)` naming its path and the rule its shape cites, and the game's own
    checks are left only what the rules say about the values together."""
    if not isinstance(data, dict):
        bad("a state is a JSON object")
    names = list(fields)
    missing = [k for k in names if k not in data]
    if missing:
        bad(f"the field {missing[0]!r} is missing")
    extra = sorted(set(data) - set(names), key=str)
    if extra:
        bad(f"there is no field {quoted(extra[0], 30)}")
    if isinstance(fields, Mapping):
        from companion.shapes import check
        check(data, fields, bad)


class State(ABC):
    """One moment of one table. Games subclass it; the session and the referee use only this API."""

    game: Game
    #: what a state of the game is made of beyond its table: `from_fields` takes exactly these
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def _table(self, game: Game) -> None:
        """Set what every state of `game` takes from it (seats, board, options); each constructor runs it."""
        self.game = game

    @classmethod
    def from_fields(cls, game: Game, **fields: Any) -> "State":
        """The state of `game` made of exactly its `FIELDS` (a state read back, a test's position); a field
        missing or unknown is a TypeError, never an attribute left unset or set from outside."""
        if fields.keys() != set(cls.FIELDS):
            wrong = sorted(set(cls.FIELDS) ^ fields.keys())
            raise TypeError(f"{cls.__name__}.from_fields takes exactly {', '.join(cls.FIELDS)}; not so for {wrong}")
        state = cls.__new__(cls)
        state._table(game)
        for name, value in fields.items():
            setattr(state, name, value)
        return state

    @abstractmethod
    def turn(self) -> Turn:
        """Who acts now. `Turn.chance()` means the session owes `automatic(rng)` at once."""

    def current_player(self) -> int | None:
        """The one seat to act, if exactly one seat is to act (a convenience over `turn()`)."""
        return self.turn().current

    def players_to_move(self) -> tuple[int, ...]:
        """Seats whose input the table awaits."""
        return self.turn().seats

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action `apply` accepts now, including chance outcomes a table may enter by hand."""

    def actor(self, action: Action) -> int | None:
        """The seat `action` belongs to (only that seat may play it), or None: the table's.

        Default: the action's own `seat`, else the one seat in turn, else the table.
        """
        seat = getattr(action, "seat", None)
        if type(seat) is int:
            return seat
        return self.turn().current

    @abstractmethod
    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Play `action` and return the events it caused (dicts with a "type").

        An event with `"reveals": True` made hidden information known (see `undo_stop`); an event
        with `"visible_to": [seats]` is shown only to those seats. Raises Refusal and changes nothing if the
        action is not allowed now.
        """

    def undo_stop(self, action: Action, events: list[dict[str, Any]]) -> UndoStop | None:
        """Why undo may not go back past `action` once applied (with `events`), or None.

        Default: a chance outcome stops at ALL-2; an event that reveals stops with the game's
        `reveal_stop()`.
        """
        if action.chance:
            return CHANCE_STOP
        if any(e.get("reveals") for e in events):
            return self.reveal_stop()
        return None

    def reveal_stop(self) -> UndoStop:
        return REVEAL_STOP

    def complete(self, action: Action, rng: random.Random) -> Action:
        """The `incomplete` action with the chance the session draws filled in (`roll` -> `roll 4`)."""
        return action

    def automatic(self, rng: random.Random) -> Action | None:
        """The chance action owed while `turn()` is chance (a shuffle), or None."""
        return None

    def sense(self, observation: dict[str, Any]) -> list[dict[str, Any]]:
        """Record a hardware observation (not an action: it is not journaled)."""
        raise BadRequest("unknown-sense", f"{self.game.title} has no sensors.", "protocol/sense")

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
    def outcome(self) -> Outcome | None:
        """None while the game runs; then the Outcome."""

    def is_over(self) -> bool:
        return self.outcome() is not None

    def clone(self) -> "State":
        """An independent copy (search and undo use it; games override it with a cheap copy)."""
        return copy.deepcopy(self)


# -- computer players ----------------------------------------------------------------------------------


class ComputerPlayer(ABC):
    """Chooses an action for `seat` in `state` within `seconds`, drawing any randomness from `rng`.

    It must not change `state` (clone it to search) and must return one of the actions the seat
    may play now.
    """

    level: ClassVar[str]

    @abstractmethod
    def choose(self, state: State, seat: int, rng: random.Random, seconds: float) -> Action: ...


class RandomPlayer(ComputerPlayer):
    """Any legal action of the seat, uniformly."""

    level = "random"

    def choose(self, state: State, seat: int, rng: random.Random, seconds: float) -> Action:
        options = [a for a in state.legal_actions() if state.actor(a) in (seat, None)]
        if not options:
            refuse("no-move", f"Seat {seat} has nothing to play now.", "protocol/hint")
        return rng.choice(options)
