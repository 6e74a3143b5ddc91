"""Input devices (dice button, clock hand) over GPIO, serial or emulation. Imports nothing of companion or ui.

    from hardware import open_backend
    hw = open_backend(None, on_event)   # None: $COMPANION_HW_BACKEND, else gpio on a Pi, else emulated
    hw.start()                          # events now arrive on background threads
    ...
    hw.close()

Backends with their third-party imports (gpiozero, pyserial) load lazily in `open_backend`. The public
names below load lazily too (module `__getattr__`): `import hardware` costs nothing at the app's
start-up, and each submodule is imported the first time one of its names is used.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

_WHERE = {
    "backend": ("ENV_BACKEND", "Backend", "Recorder", "open_backend", "resolve_spec"),
    "debounce": ("ButtonDebouncer", "HandDecoder", "classify_mask", "hour_bit"),
    "devices": ("ClockHand", "DiceButton"),
    "emulated": ("EmulatedBackend", "TraceBackend", "read_trace"),
    "exc": ("HardwareError", "BackendError", "BackendNotStarted", "GPIOUnavailable", "PinMapError",
            "PortNotFound", "BadReading", "BadSetting", "EventError", "TraceError", "FrameError", "BadField",
            "EventTimeout"),
    "events": ("DiceHeld", "DicePressed", "HandBetween", "HandFault", "HandLost", "HandSettled",
               "LineError", "LinkDown", "LinkUp", "LinkVersionMismatch", "event_from_dict"),
    "pinmap": ("ENV_PINMAP", "DEFAULT_PINMAP", "PinMap", "load_pinmap"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = [name for names in _WHERE.values() for name in names]


def __getattr__(name: str):
    if name in _WHERE:  # `hardware.events` after a bare `import hardware`, as when imported eagerly
        return importlib.import_module(f".{name}", __name__)
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'hardware' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next lookup is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # for type checkers and editors: the same names, eagerly
    from .backend import ENV_BACKEND, Backend, Recorder, open_backend, resolve_spec
    from .debounce import ButtonDebouncer, HandDecoder, classify_mask, hour_bit
    from .devices import ClockHand, DiceButton
    from .emulated import EmulatedBackend, TraceBackend, read_trace
    from .exc import (BackendError, BackendNotStarted, BadField, BadReading, BadSetting, EventError,
                      EventTimeout, FrameError, GPIOUnavailable, HardwareError, PinMapError, PortNotFound,
                      TraceError)
    from .events import (DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled,
                         LineError, LinkDown, LinkUp, LinkVersionMismatch, event_from_dict)
    from .pinmap import DEFAULT_PINMAP, ENV_PINMAP, PinMap, load_pinmap
