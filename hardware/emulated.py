"""Emulated hardware (for laptops and the UI's on-screen buttons) and trace replay.

The emulator runs readings through the same devices as GPIO (with zero settle and glitch time,
since a tap has no bounce), so it produces the same events. Its callbacks run synchronously on the
caller's thread.
"""
from __future__ import annotations

import json
import os
import threading
import time

from .backend import Backend
from .debounce import FULL_MASK, hour_bit
from .devices import ClockHand, DiceButton
from .events import LinkUp, event_from_dict
from .exc import BackendNotStarted, BadReading, TraceError


class EmulatedBackend(Backend):
    """Virtual dice button and clock hand. The UI calls press(), set_hand(h), set_mask(m), lose_hand()."""

    name = "emulated"

    def __init__(self, on_event, *, clock=time.monotonic, record=None, source: str = "emulated"):
        super().__init__(on_event, clock=clock, record=record)
        self._button = DiceButton(settle=0.0, glitch=0.0, clock=clock, source=source,
                                  on_event=self._emit)
        self._hand = ClockHand(settle=0.0, clock=clock, on_event=self._emit)
        self._started = False

    def start(self) -> None:
        self._started = True
        self._set_status("emulated")
        self._emit(LinkUp("emulated", "on-screen controls", self.clock()))

    def _check(self) -> None:
        if not self._started or self.closed:
            raise BackendNotStarted("emulated backend is not started (call start()) or already closed")

    def press(self, duration: float = 0.0) -> None:
        """One dice press: DicePressed now, DiceHeld when released `duration` s later (no sleep)."""
        self._check()
        t = self.clock()
        self._button.feed(True, t)
        self._button.feed(False, t + duration)

    def set_hand(self, hour: int) -> None:
        """Put the hand on `hour` (1..12): HandSettled unless it is already there."""
        self.set_mask(hour_bit(hour))

    def set_mask(self, mask: int) -> None:
        """Raw 12-bit sensor mask (bit h-1 = hour h): may give HandBetween, HandLost or HandFault."""
        self._check()
        if not 0 <= mask <= FULL_MASK:
            raise BadReading(f"mask must be 0..0x{FULL_MASK:03X}, got {mask!r}")
        self._hand.feed(mask)

    def lose_hand(self) -> None:
        """Lift the hand off the dial: HandLost."""
        self.set_mask(0)

    @property
    def hour(self) -> int | None:
        return self._hand.hour


def read_trace(path: str | os.PathLike) -> list:
    """Events of a JSON-lines trace, in order. Blank lines are skipped; a bad line raises ValueError."""
    events = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                try:
                    events.append(event_from_dict(json.loads(line)))
                except ValueError as e:
                    raise TraceError(f"{path}:{n}: {e}") from None
    return events


class TraceBackend(Backend):
    """Replays a recorded trace on a thread: as fast as possible, or paced by the recorded times.

    Replayed events keep their recorded timestamps, so replay(record(x)) == x.
    `done` is set once the last event was delivered.
    """

    name = "trace"

    def __init__(self, path, on_event, *, clock=time.monotonic, record=None,
                 realtime: bool = False, speed: float = 1.0):
        super().__init__(on_event, clock=clock, record=record)
        self.path = os.fspath(path)
        self._events = read_trace(self.path)  # fail early on a missing or corrupt file
        self.realtime = realtime
        self.speed = speed
        self.done = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="hw-trace", daemon=True)

    def start(self) -> None:
        self._set_status("trace replay")
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        return self.done.wait(timeout)

    def _run(self) -> None:
        t0 = self._events[0].t if self._events else 0.0
        start = time.monotonic()
        for e in self._events:
            if self.realtime:
                delay = (e.t - t0) / self.speed - (time.monotonic() - start)
                if delay > 0 and self._stop.wait(delay):
                    break
            if self._stop.is_set():
                break
            self._emit(e)
        self._set_status("trace done")
        self.done.set()

    def _close(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(2)
