"""Input devices (dice button, clock hand) over GPIO, serial or emulation. Imports nothing of companion or ui.

    from hardware import open_backend
    hw = open_backend(None, on_event)   # None: $COMPANION_HW_BACKEND, else gpio on a Pi, else emulated
    hw.start()                          # events now arrive on background threads
    ...
    hw.close()

Backends with their third-party imports (gpiozero, pyserial) load lazily in `open_backend`.
"""
from .backend import ENV_BACKEND, Backend, Recorder, open_backend, resolve_spec
from .debounce import ButtonDebouncer, HandDecoder, classify_mask, hour_bit
from .devices import ClockHand, DiceButton
from .emulated import EmulatedBackend, TraceBackend, read_trace
from .events import (DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled,
                     LineError, LinkDown, LinkUp, LinkVersionMismatch, event_from_dict)
from .pinmap import ENV_PINMAP, DEFAULT_PINMAP, PinMap, load_pinmap

__all__ = [
    "ENV_BACKEND", "ENV_PINMAP", "Backend", "Recorder", "open_backend", "resolve_spec",
    "ButtonDebouncer", "HandDecoder", "classify_mask", "hour_bit", "ClockHand", "DiceButton",
    "EmulatedBackend", "TraceBackend", "read_trace", "DiceHeld", "DicePressed", "HandBetween",
    "HandFault", "HandLost", "HandSettled", "LineError", "LinkDown", "LinkUp",
    "LinkVersionMismatch", "event_from_dict", "DEFAULT_PINMAP", "PinMap", "load_pinmap",
]
