"""DiceButton and ClockHand: gpiozero-style devices fed raw readings, emitting debounced events.

They do not touch pins: a backend feeds them levels/masks (from GPIO edges, serial lines or the
emulator) and calls `tick()` when `deadline` passes. Thread-safe: edges and ticks may come from
different threads. Callbacks run on the feeding/ticking thread; UI code must marshal them to its
own thread (e.g. Kivy's `@mainthread`).
"""
from __future__ import annotations

import threading
import time
from typing import Callable

from .debounce import GLITCH, ButtonDebouncer, HandDecoder
from .events import DicePressed, HandSettled

Clock = Callable[[], float]
Callback = Callable[[object], None]


class _Device:
    """Shared plumbing: clock, lock, one on_event callback, and a per-device alias callback."""

    def __init__(self, core, *, clock: Clock, on_event: Callback | None):
        self._core = core
        self._clock = clock
        self._lock = threading.RLock()
        self.on_event = on_event

    @property
    def deadline(self) -> float | None:
        """Clock time at which `tick()` may accept a pending reading (None: nothing pending)."""
        with self._lock:
            return self._core.deadline

    def tick(self, now: float | None = None) -> list:
        """Accept a reading that has become stable; call this when `deadline` passes."""
        with self._lock:
            events = self._core.tick(self._clock() if now is None else now)
        return self._emit(events)

    def _feed(self, value, t: float | None) -> list:
        with self._lock:
            events = self._core.feed(self._clock() if t is None else t, value)
        return self._emit(events)

    def _emit(self, events: list) -> list:
        # Deliver outside the lock so a slow consumer cannot block edge handling.
        for e in events:
            if self.on_event is not None:
                self.on_event(e)
            self._alias(e)
        return events

    def _alias(self, e) -> None:
        pass


class DiceButton(_Device):
    """The dice button. `feed(True)` on a down edge, `feed(False)` on an up edge; bounce is filtered.

    `when_pressed(event)` fires once per accepted press, like gpiozero's Button.when_pressed.

    A press is confirmed by a second look `glitch` s after its first edge (see ButtonDebouncer).
    With a `sampler` (a callable reading the pin now) the thread that delivered the down edge
    spins until then and reads the pin itself, instead of leaving it to a timer thread that a
    busy machine wakes milliseconds late. Reading the pin, not the edges fed so far, matters:
    edges that arrive during the spin wait behind it in the same callback thread. The spin is
    bounded by `spin` s of real time, so an injected clock that does not move cannot hang it
    (the ticker then decides, from the fed edges).
    """

    def __init__(self, *, settle: float = 0.020, glitch: float = GLITCH,
                 clock: Clock = time.monotonic, source: str = "button",
                 on_event: Callback | None = None, when_pressed: Callback | None = None,
                 initial: bool = False, sampler: Callable[[], bool] | None = None,
                 spin: float = 0.002):
        super().__init__(ButtonDebouncer(settle, glitch=glitch, source=source, initial=initial,
                                         t0=clock()),
                         clock=clock, on_event=on_event)
        self.when_pressed = when_pressed
        self.sampler = sampler
        self.spin = spin

    @property
    def is_pressed(self) -> bool:
        with self._lock:
            return self._core.is_pressed

    @property
    def glitches(self) -> int:
        """Down pulses shorter than the glitch filter, seen and not counted as presses."""
        with self._lock:
            return self._core.glitches

    def reset(self, level: bool, t: float | None = None) -> None:
        """Take `level` as the stable state without an event (e.g. the level found at start-up)."""
        with self._lock:
            self._core.reset(bool(level), self._clock() if t is None else t)

    def feed(self, level: bool, t: float | None = None) -> list:
        """Raw level (True = down) observed at t (default: now)."""
        level = bool(level)
        with self._lock:
            events = self._core.feed(self._clock() if t is None else t, level)
            if level and self.sampler is not None and self.spin > 0:
                events += self._confirm()
        return self._emit(events)

    def _confirm(self) -> list:
        """Spin to the pending sample time, read the pin there, decide. Called under the lock."""
        core = self._core
        due = core.candidate + core.glitch if core.candidate is not None else None
        if due is None:
            return []
        limit = time.perf_counter() + self.spin
        now = self._clock()
        if due - now > self.spin:
            return []
        while now < due:
            if time.perf_counter() > limit:
                return []                # the clock is not moving in real time: leave it to tick()
            now = self._clock()
        # Read late (preempted) or on time, the pin as read now stands for the sample at `due`:
        # a spike that ended unseen is up now, so this errs towards "not a press".
        return core.feed(due, bool(self.sampler()))

    def _alias(self, e) -> None:
        if isinstance(e, DicePressed) and self.when_pressed is not None:
            self.when_pressed(e)


class ClockHand(_Device):
    """The clock hand over 12 hall switches. `feed(mask)` with bit h-1 set when hour h sees the magnet.

    `when_settled(event)` fires on each HandSettled. `hour` is the last settled hour (kept while the
    hand is between hours, lost or faulty).
    """

    def __init__(self, *, settle: float = 0.050, clock: Clock = time.monotonic,
                 on_event: Callback | None = None, when_settled: Callback | None = None):
        super().__init__(HandDecoder(settle, t0=clock()), clock=clock, on_event=on_event)
        self.when_settled = when_settled

    @property
    def hour(self) -> int | None:
        with self._lock:
            return self._core.last_hour

    @property
    def mask(self) -> int | None:
        with self._lock:
            return self._core.mask

    def feed(self, mask: int, t: float | None = None) -> list:
        """Raw 12-bit mask observed at t (default: now)."""
        return self._feed(mask, t)

    def reset(self) -> None:
        """Forget the accepted reading so the next one is announced again (after a reconnect)."""
        with self._lock:
            self._core.reset()

    def _alias(self, e) -> None:
        if isinstance(e, HandSettled) and self.when_settled is not None:
            self.when_settled(e)
