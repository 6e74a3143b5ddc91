"""Pure debounce and hand decoding: fed (time, level) or (time, mask), no threads, no clock of its own.

Contacts bounce and a hand passing a sensor flickers. The hand only counts once it has been stable
for a settle time (a hand sweeping past a sensor must not count). The dice button cannot wait that
long without being felt, so a press counts at its first edge, confirmed by a second sample half a
millisecond later, and the bounce after it is ignored. Decisions that need time to pass without a
further edge come from `tick(now)`; `deadline` tells a timer (or a spinning caller) when.
"""
from __future__ import annotations

from .exc import BadReading, BadSetting
from .events import DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled

HOURS = 12
FULL_MASK = (1 << HOURS) - 1


def hour_bit(hour: int) -> int:
    """Mask bit for `hour` (1..12): bit 0 is one o'clock, bit 11 is twelve o'clock."""
    if not 1 <= hour <= HOURS:
        raise BadReading(f"hour must be 1..12, got {hour!r}")
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
            raise BadSetting("settle must be >= 0")
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


# A press must still be down this long after its first edge. Why 0.5 ms: it must exceed the
# pulses that are not presses (noise coupled into the button wire dies out within tens of
# microseconds on a 50 kOhm pull-up; single contact-bounce pulses and the 200 us spike we test
# with are shorter), it must stay far below the shortest deliberate press (a quick tap holds the
# contact for tens of milliseconds), and it must leave room in the 1 ms edge -> callback budget.
# 0.5 ms is 2.5x the test spike, and at most 1/40 of a 20 ms tap.
GLITCH = 0.0005


class ButtonDebouncer:
    """Dice button: a press counts at its first edge, once a glitch filter has confirmed it.

    - Press: the level goes down (first edge, t0) and is still down at t0 + `glitch` (a second
      sample, not a continuous watch: contact bounce in between does not delay the press). Then
      DicePressed(t0 + glitch). A pulse shorter than `glitch` is counted in `glitches`, not pressed.
    - Everything after the press is bounce until the level has been up for `settle` s: that is the
      release, DiceHeld(last up edge + settle, held time). Only then can the next press start.

    Feeds may be late (an edge fed at t resolves any deadline before t first, with the level as it
    was), so the events depend only on the edge times, never on when tick() ran: a replay of the
    same edges gives the same events. A reading fed exactly at a deadline counts as that sample.
    """

    def __init__(self, settle: float = 0.020, *, glitch: float = GLITCH, source: str = "button",
                 initial: bool = False, t0: float = 0.0):
        if settle < 0 or glitch < 0:
            raise BadSetting("settle and glitch must be >= 0")
        self.settle, self.glitch, self.source = settle, glitch, source
        self.glitches = 0
        self.reset(initial, t0)

    def reset(self, level: bool, t: float) -> None:
        """Take `level` as the settled state without an event (e.g. a button held at start-up)."""
        self.level = self.pressed = bool(level)
        self.since = self._last = t      # last level change; latest reading time
        self.candidate: float | None = None
        self._down_at: float | None = None

    @property
    def is_pressed(self) -> bool:
        return self.pressed

    @property
    def deadline(self) -> float | None:
        """When the pending sample or release can be decided, or None if nothing is pending."""
        if self.candidate is not None:
            return self.candidate + self.glitch
        if self.pressed and not self.level:
            return self.since + self.settle
        return None

    def feed(self, t: float, level: bool) -> list:
        """Raw level (True = down) at t; returns DicePressed/DiceHeld decided up to t."""
        t = max(t, self._last)           # readings from two threads may cross by microseconds
        self._last = t
        out = self._resolve(t, before=True)
        level = bool(level)
        if level != self.level:
            self.level, self.since = level, t
            if level and not self.pressed and self.candidate is None:
                self.candidate = t
        return out + self._resolve(t, before=False)

    def tick(self, now: float) -> list:
        return self._resolve(max(now, self._last), before=False)

    def _resolve(self, now: float, *, before: bool) -> list:
        out = []
        while (d := self.deadline) is not None and (d < now if before else d <= now):
            if self.candidate is not None:
                t0, self.candidate = self.candidate, None
                if self.level:
                    self.pressed, self._down_at = True, t0
                    out.append(DicePressed(d, self.source))
                else:
                    self.glitches += 1
            else:
                start = self._down_at if self._down_at is not None else self.since
                self.pressed, self._down_at = False, None
                out.append(DiceHeld(d, round(max(0.0, self.since - start), 6)))
        return out


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
