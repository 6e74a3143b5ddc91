"""Pure debounce and hand decoding: fed (time, level) or (time, mask), no threads, no clock of its own.

Contacts bounce and a hand passing a sensor flickers, so a reading only counts once it has been
stable for a settle time. Stability must be noticed even when no further edge arrives, hence
`tick(now)`; `deadline` tells a timer when the next tick can change anything.
"""
from __future__ import annotations

from .events import DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled

HOURS = 12
FULL_MASK = (1 << HOURS) - 1


def hour_bit(hour: int) -> int:
    """Mask bit for `hour` (1..12): bit 0 is one o'clock, bit 11 is twelve o'clock."""
    if not 1 <= hour <= HOURS:
        raise ValueError(f"hour must be 1..12, got {hour!r}")
    return 1 << (hour - 1)


def classify_mask(mask: int):
    """Decode a 12-bit mask: ("hour", h) | ("between", (a, b)) | ("lost", None) | ("fault", mask)."""
    mask &= FULL_MASK
    if mask == 0:
        return ("lost", None)
    bits = [i for i in range(HOURS) if mask >> i & 1]
    if len(bits) == 1:
        return ("hour", bits[0] + 1)
    if len(bits) == 2:
        a, b = bits
        if b - a == 1:
            return ("between", (a + 1, b + 1))
        if a == 0 and b == HOURS - 1:  # twelve and one are neighbours on a dial
            return ("between", (12, 1))
    return ("fault", mask)


class Stable:
    """Generic settle filter: a raw value becomes the stable value after `settle` s without change."""

    def __init__(self, settle: float, initial=None, t0: float = 0.0):
        if settle < 0:
            raise ValueError("settle must be >= 0")
        self.settle = settle
        self.value = initial        # accepted value
        self.raw = initial          # latest reading
        self.since = t0             # time of the latest raw change

    @property
    def deadline(self) -> float | None:
        """When a tick could accept the pending raw value, or None if nothing is pending."""
        return None if self.raw == self.value else self.since + self.settle

    def tick(self, now: float):
        """Accept the raw value if it has been stable long enough; return (value, accepted_at) or None."""
        if self.raw != self.value and now - self.since >= self.settle:
            self.value = self.raw
            return self.value, self.since + self.settle
        return None

    def feed(self, t: float, raw) -> list:
        """Record a reading at time t; returns up to two acceptances (the old level, then a 0-settle one)."""
        out = []
        # A level that stayed put until this edge may have settled without anyone ticking.
        r = self.tick(t)
        if r:
            out.append(r)
        if raw != self.raw:
            self.raw, self.since = raw, t
        r = self.tick(t)  # only fires for settle == 0
        if r:
            out.append(r)
        return out


class ButtonDebouncer:
    """Turns raw button levels (True = down) into DicePressed on accepted press, DiceHeld on release.

    Event times are the moment acceptance became certain (last edge + settle), so a replay of the
    same edges yields identical events whatever the tick timing was.
    """

    def __init__(self, settle: float = 0.020, *, source: str = "button", initial: bool = False,
                 t0: float = 0.0):
        self._f = Stable(settle, bool(initial), t0)
        self.source = source
        self._down_at: float | None = None

    @property
    def is_pressed(self) -> bool:
        return bool(self._f.value)

    @property
    def deadline(self) -> float | None:
        return self._f.deadline

    def feed(self, t: float, level: bool) -> list:
        return [self._event(r) for r in self._f.feed(t, bool(level))]

    def tick(self, now: float) -> list:
        r = self._f.tick(now)
        return [self._event(r)] if r else []

    def _event(self, r):
        down, at = r
        if down:
            self._down_at = at - self._f.settle  # the level went down at the last edge
            return DicePressed(at, self.source)
        start = self._down_at if self._down_at is not None else at
        self._down_at = None
        return DiceHeld(at, round(max(0.0, at - self._f.settle - start), 6))


class HandDecoder:
    """Turns raw 12-bit hall masks into hand events once a mask has been stable for `settle` s.

    Only changes of the accepted mask produce events. `last_hour` is the last HandSettled hour and
    survives "between", "lost" and "fault" so the referee can compare against it.
    """

    def __init__(self, settle: float = 0.050, *, t0: float = 0.0):
        self._f = Stable(settle, None, t0)
        self.last_hour: int | None = None

    @property
    def mask(self) -> int | None:
        """The accepted mask, None before the first reading settles."""
        return self._f.value

    @property
    def deadline(self) -> float | None:
        return self._f.deadline

    def reset(self) -> None:
        """Forget the accepted mask (not last_hour) so the next reading is announced again."""
        self._f.value = None
        self._f.raw = None

    def feed(self, t: float, mask: int) -> list:
        return [self._event(r) for r in self._f.feed(t, int(mask) & FULL_MASK)]

    def tick(self, now: float) -> list:
        r = self._f.tick(now)
        return [self._event(r)] if r else []

    def _event(self, r):
        mask, at = r
        what, arg = classify_mask(mask)
        if what == "hour":
            self.last_hour = arg
            return HandSettled(arg, at)
        if what == "between":
            return HandBetween(arg, self.last_hour, at)
        if what == "lost":
            return HandLost(at)
        return HandFault(arg, at)
