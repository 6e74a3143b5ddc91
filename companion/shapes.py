"""The JSON shape of a state's fields, declared once and checked by one function (ALL-3).

A game's `state_from_dict` declares its fields, name -> `Shape`, and hands them to
`core.check_state_fields`, which checks the object has exactly those fields and that each value has its
shape, and refuses the first one that does not, naming it by its path (`last_roll.value`, `hands[seat 2][0]`)
and the rule the shape cites. What is left in the game is what the rules say about the values together.

    FIELDS = {"hour": Int(1, 12, rule="TR-3", means="an hour 1..12"),
              "positions": ListOf(Int(0, 60), length=n, seats=True, rule="TR-1"),
              "current": Nullable(Int(1, n), rule="TR-4"),
              "last_roll": Nullable(Record({"seat": Int(1, n), "value": Int(1, 6, rule="TR-10")}))}

Every shape takes `rule` (the rule a value of another shape breaks; None: its enclosing shape's, at the
top ALL-3) and `means` (the words for what the value must be, instead of the shape's own). Values are
checked as JSON gives them: a whole number is an int and never a bool or a float (`2.0` is not `2`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from companion.quoting import quoted


def _is(value: Any, expected: Any) -> bool:
    """JSON equality that keeps types apart (True is not 1, 2.0 is not 2), also inside lists and objects."""
    if type(value) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(value) == len(expected) and all(_is(v, e) for v, e in zip(value, expected))
    if isinstance(expected, dict):
        return value.keys() == expected.keys() and all(_is(value[k], e) for k, e in expected.items())
    return value == expected


def _part(shape: "Shape", value: Any, path: Callable[[], str], rule: str | None):
    """`shape.first_bad` for a part of a value, its path built only if needed (a leaf is checked by `fits`)."""
    if shape.leaf:
        return None if shape.fits(value) else (path(), shape, value, shape.rule or rule)
    return shape.first_bad(value, path(), rule)


def _shown(value: Any) -> str:
    return quoted(value, 40)


@dataclass(frozen=True)
class Shape:
    rule: str | None = field(default=None, kw_only=True)
    means: str | None = field(default=None, kw_only=True)
    #: a shape of one value, checked by `fits` alone (no parts of its own)
    leaf: ClassVar[bool] = True

    def says(self) -> str:
        return self.means or self.describe()

    def describe(self) -> str:
        return "anything"

    def first_bad(self, value: Any, path: str, rule: str | None) -> tuple[str, "Shape", Any, str | None] | None:
        """None if `value` fits; else the path, shape, value and rule of its first part that does not
        (`rule`: the nearest enclosing shape's)."""
        return None if self.fits(value) else (path, self, value, self.rule or rule)

    def fits(self, value: Any) -> bool:
        return True


#: a field the game checks itself (its value depends on other fields or on the table)
ANY = Shape()


@dataclass(frozen=True)
class Int(Shape):
    low: int = 0
    high: int | None = None

    def describe(self) -> str:
        return f"a whole number {self.low}.." + (str(self.high) if self.high is not None else "")

    def fits(self, value: Any) -> bool:
        return type(value) is int and self.low <= value and (self.high is None or value <= self.high)


@dataclass(frozen=True)
class Bool(Shape):
    def describe(self) -> str:
        return "true or false"

    def fits(self, value: Any) -> bool:
        return type(value) is bool


@dataclass(frozen=True)
class Text(Shape):
    #: a compiled pattern the whole text must match, if any
    pattern: Any = None

    def describe(self) -> str:
        return "a text" if self.pattern is None else f"a text like {self.pattern.pattern}"

    def fits(self, value: Any) -> bool:
        return isinstance(value, str) and (self.pattern is None or self.pattern.fullmatch(value) is not None)


@dataclass(frozen=True)
class OneOf(Shape):
    choices: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "choices", tuple(self.choices))
        object.__setattr__(self, "_set", frozenset(self.choices))  # choices are texts or numbers
        object.__setattr__(self, "_types", frozenset(map(type, self.choices)))

    def describe(self) -> str:
        return "one of " + ", ".join(map(str, self.choices))

    def fits(self, value: Any) -> bool:
        if len(self._types) > 1:  # mixed choices (1 and True): compare each, types apart
            return any(_is(value, c) for c in self.choices)
        try:
            return type(value) in self._types and value in self._set
        except TypeError:  # a list or an object is none of them
            return False


@dataclass(frozen=True)
class Is(Shape):
    """Exactly `value` (this table's player count, its options)."""

    value: Any = None

    def describe(self) -> str:
        return _shown(self.value)

    def fits(self, value: Any) -> bool:
        return _is(value, self.value)


@dataclass(frozen=True)
class Nullable(Shape):
    shape: Shape = ANY
    leaf: ClassVar[bool] = False

    def describe(self) -> str:
        return "null or " + self.shape.says()

    def first_bad(self, value, path, rule):
        rule = self.rule or rule
        found = None if value is None else self.shape.first_bad(value, path, rule)
        return (path, self, value, found[3]) if found is not None and found[0] == path else found


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of `item`s: `length` exactly, else `low`..`high` of them; `distinct`, `ascending` (each item
    after the one before, or equal to it if not `distinct`); `seats`: item i is seat i + 1's."""

    item: Shape = ANY
    length: int | None = None
    low: int = 0
    high: int | None = None
    distinct: bool = False
    ascending: bool = False
    seats: bool = False
    leaf: ClassVar[bool] = False

    def describe(self) -> str:
        if self.length is not None:
            count = f" of {self.length}" + (", one per seat" if self.seats else "")
        elif self.high is not None:
            count = f" of {self.low}..{self.high}" if self.low else f" of at most {self.high}"
        else:
            count = f" of at least {self.low}" if self.low else ""
        order = " in order" if self.ascending else ""
        return f"a list{count}{' different' if self.distinct else ''}{order}, each {self.item.says()}"

    def first_bad(self, value, path, rule):
        rule = self.rule or rule
        if not isinstance(value, list):
            return path, self, value, rule
        n = len(value)
        if (n != self.length) if self.length is not None else (n < self.low or self.high is not None and n > self.high):
            return path, self, value, rule
        item = self.item
        for i, v in enumerate(value):
            if item.leaf and item.fits(v):
                continue
            found = item.first_bad(v, f"{path}[seat {i + 1}]" if self.seats else f"{path}[{i}]", rule)
            if found is not None:
                return found
        if self.distinct and not _distinct(value):
            return path, self, value, rule
        try:
            if self.ascending and any(a > b for a, b in zip(value, value[1:])):
                return path, self, value, rule
        except TypeError:  # items of no order
            return path, self, value, rule
        return None


def _distinct(values: list) -> bool:
    try:
        if len(set(values)) != len(values):
            return False
        return len(set(map(type, values))) == 1 or all(  # 1 and True are different values
            not _is(a, b) for i, a in enumerate(values) for b in values[i + 1:] if a == b)
    except TypeError:  # lists or objects among them
        return all(not _is(a, b) for i, a in enumerate(values) for b in values[i + 1:])


@dataclass(frozen=True)
class Record(Shape):
    """A JSON object with exactly the keys of `fields`, and any of `optional`'s."""

    fields: Mapping[str, Shape] = field(default_factory=dict)
    optional: Mapping[str, Shape] = field(default_factory=dict)
    leaf: ClassVar[bool] = False

    def __post_init__(self):
        object.__setattr__(self, "_required", frozenset(self.fields))
        object.__setattr__(self, "_allowed", frozenset(self.fields) | frozenset(self.optional))
        object.__setattr__(self, "_parts", (*self.fields.items(), *self.optional.items()))

    def describe(self) -> str:
        keys = list(self.fields) + [f"{k}?" for k in self.optional]
        return "an object {" + ", ".join(keys) + "}"

    def first_bad(self, value, path, rule):
        rule = self.rule or rule
        if not isinstance(value, dict) or not self._required <= value.keys() <= self._allowed:
            return path, self, value, rule
        for key, shape in self._parts:
            if key in value:
                found = _part(shape, value[key], lambda: f"{path}.{key}", rule)
                if found is not None:
                    return found
        return None


@dataclass(frozen=True)
class Map(Shape):
    """A JSON object whose keys are among `keys` (a seat's number as text, say), each value a `value`."""

    keys: tuple[str, ...] = ()
    value: Shape = ANY
    leaf: ClassVar[bool] = False

    def describe(self) -> str:
        return f"an object of {', '.join(self.keys)} to {self.value.says()}"

    def first_bad(self, value, path, rule):
        rule = self.rule or rule
        if not isinstance(value, dict) or any(k not in self.keys for k in value):
            return path, self, value, rule
        for key, v in value.items():
            found = _part(self.value, v, lambda: f"{path}.{key}", rule)
            if found is not None:
                return found
        return None


@dataclass(frozen=True)
class Tuple(Shape):
    """A list of exactly these items, in order (`[amount, kind]`)."""

    items: tuple[Shape, ...] = ()
    leaf: ClassVar[bool] = False

    def describe(self) -> str:
        return "a list [" + ", ".join(s.says() for s in self.items) + "]"

    def first_bad(self, value, path, rule):
        rule = self.rule or rule
        if not isinstance(value, list) or len(value) != len(self.items):
            return path, self, value, rule
        for i, (shape, v) in enumerate(zip(self.items, value)):
            found = _part(shape, v, lambda: f"{path}[{i}]", rule)
            if found is not None:
                return found
        return None


def check(data: dict, fields: Mapping[str, Shape], bad: Callable[[str, str], Any]) -> None:
    """Refuse, with `bad(what, rule)`, the first field of `data` whose value does not have its shape."""
    for name, shape in fields.items():
        found = _part(shape, data[name], lambda: name, None)
        if found is not None:
            path, where, value, rule = found
            bad(f"{path} must be {where.says()}, not {_shown(value)}", rule or "ALL-3")
