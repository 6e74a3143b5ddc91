"""A timer thread that calls `tick(now)` at the devices' next deadline.

Debounce needs a wake-up when the settle time expires even if no further edge arrives. One thread
sleeping on a condition until the earliest deadline is cheaper and more precise than polling.
"""
from __future__ import annotations

import threading
import time
from typing import Callable, Iterable


class Ticker:
    """Wakes at the earliest `deadline` among `devices` and calls their `tick(now)`."""

    def __init__(self, devices: Iterable, *, clock: Callable[[], float] = time.monotonic,
                 name: str = "hw-ticker"):
        self._devices = list(devices)
        self._clock = clock
        self._cond = threading.Condition()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def poke(self) -> None:
        """A device got a new reading: recompute the next deadline."""
        with self._cond:
            self._cond.notify()

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(2)

    def _next(self) -> float | None:
        ds = [d for d in (dev.deadline for dev in self._devices) if d is not None]
        return min(ds) if ds else None

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._stop:
                    return
                due = self._next()
                if due is None:
                    self._cond.wait()
                    continue
                wait = due - self._clock()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
            now = self._clock()
            for dev in self._devices:
                dev.tick(now)
