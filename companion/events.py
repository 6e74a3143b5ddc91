"""Events are values: what a change did, told once by the game, in the table's names and as board steps.

Each game declares its event classes in `companion/games/<game>/events.py` (like its actions), each a
frozen dataclass made with `@value`, with a `type` string, and lists them in `EVENTS` (type -> class). An
event reads as its JSON form (`event["seat"]`, `event.get("visible_to")`, `event == {"type": ...}`), which is
the form the journal's exports, the protocol and the phones always had: `to_dict` writes it and `from_dict`
reads it back. A Python keyword field ends in `_` (`from_` is `"from"`); a field made with `opt()` is left out of the
JSON form while it holds its default; one made with `local()` is never in it.

An event words itself (`sentence(names)`): one sentence in the table's names, and (`steps(names)`) the
board steps, what the people move on the physical board so that it matches the referee. A step is a value
too, with its own sentence and the step that puts the cardboard back (`back()`): an undo tells the steps
of what it took back, each put back, last first (`Undone`).

Secrecy is the event's `visible_to` seats (a field of the secret ones), read by `Session.events_for`.
"""
from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field
from typing import Any, ClassVar, Iterable


def opt(default: Any = None) -> Any:
    """A field left out of the JSON form while it holds `default` (Time Runners' `roll_off`, Legends' `dive`)."""
    return field(default=default, metadata={"omit": True})


def local(default: Any = None) -> Any:
    """A field kept by the value but not in its JSON form: what its board steps need and the form never had
    (Legends' `fatigue_was`, for the step an undo puts back); read back from JSON it is `default`."""
    return field(default=default, metadata={"local": True})


def value(cls: type) -> type:
    """`cls` as a frozen dataclass (equal as a mapping: `eq=False`) whose constructor writes the fields straight
    into the instance's dict: the same value, frozen from the outside, built at half the cost (a frozen
    dataclass's own `__init__` sets each field through `object.__setattr__`; games make values at every step)."""
    if hasattr(cls, "__post_init__"):  # the constructor below would skip it
        raise TypeError(f"{cls.__name__}: a value has no __post_init__")
    cls = dataclass(frozen=True, eq=False)(cls)
    params, stores, defaults = ["self"], [], {}
    for f in dataclasses.fields(cls):
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a value's field takes a plain default, not a factory")
        if f.default is MISSING:
            params.append(f.name)
        else:
            defaults[f"_{f.name}"] = f.default
            params.append(f"{f.name}=_{f.name}")
        stores.append(f"d[{f.name!r}] = {f.name}")
    source = f"def __init__({', '.join(params)}):\n    d = self.__dict__\n" + "".join(f"    {s}\n" for s in stores)
    exec(source, defaults)  # as dataclasses make theirs: one function with the fields by name
    init = defaults["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls


class Value(Mapping):
    """A frozen dataclass that reads as its JSON form, so code written for dict events reads it unchanged."""

    type: ClassVar[str]
    #: keys every value of the class carries whatever its fields (Time Runners' `"reveals": True` on a draw)
    constant: ClassVar[dict[str, Any]] = {}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.metadata.get("local") or f.metadata.get("omit") and value == f.default:
                continue
            out[f.name.rstrip("_")] = value
        out.update(self.constant)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Value":
        """The value of this class `data` is the JSON form of (its `type` already matched)."""
        return cls(**{f.name: data[f.name.rstrip("_")] for f in dataclasses.fields(cls)
                      if f.name.rstrip("_") in data and not f.metadata.get("local")})

    def __getitem__(self, key: str) -> Any:
        return self.to_dict()[key]

    def __iter__(self):
        return iter(self.to_dict())

    def __len__(self) -> int:
        return len(self.to_dict())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_dict()!r})"


class Names:
    """The table's words: its names for its seats (the table data's `names`; "Seat N" for a seat without
    one), and its game, whose own titles an event may use (Legends' card names)."""

    def __init__(self, names: Iterable[str] = (), game: Any = None):
        self.names = [str(n) for n in names]
        self.game = game

    @classmethod
    def of_table(cls, table: Mapping[str, Any] | None, game: Any = None) -> "Names":
        names = (table or {}).get("names")
        return cls(names if isinstance(names, list) else (), game)

    def __call__(self, seat: int | None) -> str:
        if seat is None:
            return "The table"
        return self.names[seat - 1] if 1 <= seat <= len(self.names) and self.names[seat - 1] else f"Seat {seat}"

    def possessive(self, seat: int) -> str:
        name = self(seat)
        return name + ("'" if name.endswith("s") else "'s")

    def all(self, seats: Iterable[int]) -> str:
        """"Ann", "Ann and Bob", "Ann, Bob and Cy"."""
        return and_list([self(s) for s in seats])


def and_list(words: list[str]) -> str:
    return " and ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])} and {words[-1]}"


def title_of(code: str) -> str:
    """A card's or a Legend's id as a printed name reads, every word capitalised ("defensive-pivot" ->
    "Defensive Pivot"): the one rule for a name no data file spells out."""
    return " ".join(w.capitalize() for w in code.split("-"))


def plural(n: int, word: str, words: str | None = None) -> str:
    """"1 card", "2 cards" ("1 die", "3 dice" with `words`)."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


# -- board steps -------------------------------------------------------------------------------------


class Step(Value):
    """One thing to do on the physical board. `back()` is the step that puts it back (for an undo)."""

    def sentence(self, names: Names) -> str:
        raise NotImplementedError

    def back(self) -> "Step":
        raise NotImplementedError

    def told(self, names: Names) -> dict[str, Any]:
        return {**self.to_dict(), "text": self.sentence(names)}


class Shift(Step):
    """A step of a piece from `from_` to `to` (its dataclass has both and `undo`): put back, it goes the other
    way, worded as going back."""

    def back(self) -> Step:
        return dataclasses.replace(self, from_=self.to, to=self.from_, undo=not self.undo)


@value
class Cards(Step):
    """Cards (or dice) moved between a pile and a player, the model of the board keeping no count of them:
    `what` is its sentence, with {who} for the seat's name and {whose} for its possessive, `undone` the one
    that puts them back. Like every step it says what to do ("Deal 2 time cards from the time deck to Ann"),
    not what happened again (the event's sentence says that)."""

    type = "cards"
    seat: int | None
    what: str
    undone: str

    def sentence(self, names: Names) -> str:
        if self.seat is None:
            return self.what
        return self.what.replace("{whose}", names.possessive(self.seat)).replace("{who}", names(self.seat))

    def back(self) -> Step:
        return Cards(self.seat, self.undone, self.what)


# -- events ------------------------------------------------------------------------------------------


class Event(Value):
    """A change, told: a sentence in the table's names and the steps on the physical board (none by default)."""

    def sentence(self, names: Names) -> str:
        raise NotImplementedError

    def steps(self, names: Names) -> list[Step]:
        return []

    def told(self, names: Names) -> dict[str, Any]:
        """The JSON form with its words: `text`, and `board` (each step with its own `text`)."""
        return {**self.to_dict(), "text": self.sentence(names), "board": [s.told(names) for s in self.steps(names)]}


@value
class Corrected(Event):
    """The table replaced the referee's state (ALL-3): the board was right, the referee follows it."""

    type = "corrected"

    def sentence(self, names: Names) -> str:
        return "The table corrected the companion's record to match the board."


@value
class Undone(Event):
    """An event taken back by an undo: its steps put back, last first; seen by whoever saw the event."""

    type = "undone"
    event: Event  # or the plain dict of a game not yet declaring its events

    def to_dict(self) -> dict[str, Any]:
        inner = dict(self.event)
        out = {"type": self.type, "event": inner}
        if "visible_to" in inner:
            out["visible_to"] = inner["visible_to"]
        return out

    def sentence(self, names: Names) -> str:
        return "Taken back: " + told(self.event, names)["text"]

    def steps(self, names: Names) -> list[Step]:
        if not isinstance(self.event, Event):
            return []
        return [s.back() for s in reversed(self.event.steps(names))]


def undone(events: list[Event]) -> list[Event]:
    """What an undo of `events` (in the order they happened) tells: each taken back, last first."""
    return [Undone(e) for e in reversed(events)]


def visible(events: Iterable[Mapping[str, Any]], player: int | None) -> list:
    """The events `player` may see (None: what the whole table sees): those without a `visible_to` list of
    seats, or with `player` in it."""
    return [e for e in events if "visible_to" not in e or (player is not None and player in e["visible_to"])]


def declared(game) -> dict[str, type[Event]]:
    """The event classes `game` declares (its package's `events.EVENTS`), type -> class; {} if none yet."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(package + ".events")
    except ModuleNotFoundError:
        return {}
    return module.EVENTS


def registry(*classes: type[Event]) -> dict[str, type[Event]]:
    """type -> class for a game's `EVENTS`; two classes of one type string are a mistake caught here."""
    out: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.type in out:
            raise ValueError(f"two event classes of type {cls.type!r}: {out[cls.type].__name__} and {cls.__name__}")
        out[cls.type] = cls
    return out


def from_dict(game, data: Mapping[str, Any]) -> Event:
    """The event of `game` whose JSON form is `data` (the session's own events read back too)."""
    kind = data.get("type")
    if kind == Undone.type:
        return Undone(from_dict(game, data["event"]))
    if kind == Corrected.type:
        return Corrected()
    cls = declared(game).get(kind)
    if cls is None:
        raise ValueError(f"{type(game).__name__} declares no event of type {kind!r}")
    return cls.from_dict(data)


def told(event: Mapping[str, Any], names: Names) -> dict[str, Any]:
    """`event` with its words (`Event.told`). An event of a game not yet declaring its events (a plain dict)
    is told by its type alone, with no board steps."""
    if isinstance(event, Event):
        return event.told(names)
    return {**event, "text": str(event.get("type", "")).replace("-", " ").capitalize() + ".", "board": []}
