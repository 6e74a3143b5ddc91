"""Immutable hardware events delivered to one callback, with a JSON form for trace files.

Every event carries `t`, seconds on the backend's monotonic clock (injectable; `time.monotonic` by
default). Times are comparable within one run only. The JSON form is a flat dict with a "type" key,
so one trace line is one event and `event_from_dict(e.to_dict()) == e`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .exc import EventError


class _Event:
    """Mixin giving every event a flat JSON dict form that round-trips."""

    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]):
        return event_from_dict(d, expect=cls)


@dataclass(frozen=True)
class DicePressed(_Event):
    """The dice button was pressed: `t` is when the press was confirmed (GPIO: its first edge plus
    the 0.5 ms glitch sample; serial: when the controller's BTN line arrived)."""

    t: float
    source: str = "button"


@dataclass(frozen=True)
class DiceHeld(_Event):
    """The dice button was released after `duration` seconds down (GPIO and emulated only)."""

    t: float
    duration: float


@dataclass(frozen=True)
class HandSettled(_Event):
    """The clock hand rests on `hour` (1..12)."""

    hour: int
    t: float


@dataclass(frozen=True)
class HandBetween(_Event):
    """The hand is between two adjacent hours (clockwise order, e.g. (12, 1)); `last_hour` is kept."""

    hours: tuple[int, int]
    last_hour: int | None
    t: float


@dataclass(frozen=True)
class HandLost(_Event):
    """No hall sensor sees the magnet: hand removed or far between two sensors."""

    t: float


@dataclass(frozen=True)
class HandFault(_Event):
    """An impossible sensor pattern (non-adjacent or 3+ bits): wiring fault or stray magnet."""

    mask: int
    t: float


@dataclass(frozen=True)
class LinkUp(_Event):
    """A backend is delivering readings (`backend` is "gpio", "serial", "emulated" or "trace")."""

    backend: str
    detail: str = ""
    t: float = 0.0


@dataclass(frozen=True)
class LinkDown(_Event):
    """Readings stopped (serial unplugged, heartbeat lost, GPIO closed); more may follow a LinkUp."""

    reason: str
    t: float = 0.0


@dataclass(frozen=True)
class LinkVersionMismatch(_Event):
    """The microcontroller speaks another protocol version; its messages are ignored.

    `detail` is a sentence for whoever set the table up, naming the versions and the fix.
    """

    got: str
    want: str
    t: float = 0.0
    detail: str = ""


@dataclass(frozen=True)
class LineError(_Event):
    """A bad serial line was dropped. `kind` is a stable code; `count` is the running total of it."""

    kind: str
    detail: str
    count: int
    t: float = 0.0


EVENT_TYPES: dict[str, type] = {
    c.__name__: c
    for c in (DicePressed, DiceHeld, HandSettled, HandBetween, HandLost, HandFault,
              LinkUp, LinkDown, LinkVersionMismatch, LineError)
}
Event = (DicePressed | DiceHeld | HandSettled | HandBetween | HandLost | HandFault
         | LinkUp | LinkDown | LinkVersionMismatch | LineError)
HAND_EVENTS = (HandSettled, HandBetween, HandLost, HandFault)


def event_from_dict(d: dict[str, Any], expect: type | None = None):
    """Rebuild an event from its `to_dict()` form; ValueError names what is wrong."""
    try:
        cls = EVENT_TYPES[d["type"]]
    except (KeyError, TypeError):
        raise EventError(f"not an event: {d!r}") from None
    if expect is not None and cls is not expect:
        raise EventError(f"expected {expect.__name__}, got {cls.__name__}: {d!r}")
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in d:
            v = d[f.name]
            kwargs[f.name] = tuple(v) if isinstance(v, list) else v
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise EventError(f"bad {cls.__name__}: {d!r} ({e})") from None
