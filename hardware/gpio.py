"""GPIO backend on gpiozero: one button pin and 12 active-low hall switch pins with pull-ups.

gpiozero's bounce_time behaves differently per pin factory (and MockPin ignores it), so it is off:
every raw edge goes into our own debouncer, and a Ticker completes settling without further edges.
Edge callbacks run on gpiozero's thread (synchronously on MockPin); events are delivered there or
on the ticker thread. A dice press is confirmed on the edge's own thread, which spins the 0.5 ms
glitch window and reads the pin (DiceButton), so no thread wake-up sits between edge and press.
"""
from __future__ import annotations

import time
from functools import partial

from gpiozero import DigitalInputDevice

from .backend import Backend
from .debounce import GLITCH
from .devices import ClockHand, DiceButton
from .events import LinkUp
from .pinmap import load_pinmap
from .ticker import Ticker


class GpioBackend(Backend):
    """Reads the Pi's header. Status: "gpio ready" (pins claimed), "gpio up", "closed"."""

    name = "gpio"

    def __init__(self, on_event, *, clock=time.monotonic, record=None, pinmap=None,
                 pin_factory=None, button_settle: float = 0.020, hand_settle: float = 0.050,
                 button_glitch: float = GLITCH, button_spin: float = 0.002):
        super().__init__(on_event, clock=clock, record=record)
        self.pinmap = load_pinmap(pinmap)
        self.button = DiceButton(settle=button_settle, glitch=button_glitch, clock=clock,
                                 source="button", on_event=self._emit, sampler=self._button_level,
                                 spin=button_spin)
        self.hand = ClockHand(settle=hand_settle, clock=clock, on_event=self._emit)
        self._ticker = Ticker([self.button, self.hand], clock=clock, name="hw-gpio-ticker")
        self._mask = 0
        self._button_dev = None
        self._hall_devs: list = []
        try:
            # Claim every pin now so a wrong map or a busy pin fails here, not at start().
            opts = dict(pull_up=True, bounce_time=None, pin_factory=pin_factory)
            self._button_dev = DigitalInputDevice(self.pinmap.button, **opts)
            for pin in self.pinmap.hall:
                self._hall_devs.append(DigitalInputDevice(pin, **opts))
        except BaseException:
            self._release()
            raise
        self._set_status("gpio ready")

    def start(self) -> None:
        now = self.clock()
        b = self._button_dev
        # A button held at boot is not a press: start the debouncer at the current level.
        self.button.reset(b.is_active, now)
        b.when_activated = partial(self._button_edge, True)
        b.when_deactivated = partial(self._button_edge, False)
        for bit, dev in enumerate(self._hall_devs):
            if dev.is_active:
                self._mask |= 1 << bit
            dev.when_activated = partial(self._hall_edge, bit, True)
            dev.when_deactivated = partial(self._hall_edge, bit, False)
        self._ticker.start()
        self._set_status("gpio up")
        self._emit(LinkUp("gpio", f"button GPIO{self.pinmap.button}, hall GPIO"
                          + ",".join(map(str, self.pinmap.hall)), now))
        # The initial hand position settles like any other reading and is then announced.
        self.hand.feed(self._mask, now)
        self._ticker.poke()

    def _button_level(self) -> bool:
        dev = self._button_dev
        return bool(dev is not None and dev.is_active)

    # gpiozero passes no argument to a callback whose signature takes none.
    def _button_edge(self, down: bool) -> None:
        self.button.feed(down)
        self._ticker.poke()

    def _hall_edge(self, bit: int, on: bool) -> None:
        # Read-modify-write of one mask from several pins' callbacks; the (reentrant) device lock
        # also keeps mask order and feed order the same.
        with self.hand._lock:
            self._mask = self._mask | (1 << bit) if on else self._mask & ~(1 << bit)
            mask = self._mask
            self.hand.feed(mask)
        self._ticker.poke()

    def _release(self) -> None:
        for dev in [self._button_dev, *self._hall_devs]:
            if dev is not None:
                try:
                    dev.close()
                except Exception:
                    pass
        self._button_dev, self._hall_devs = None, []

    def _close(self) -> None:
        self._ticker.close()
        self._release()
