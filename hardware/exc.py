"""Every error the hardware layer raises, as gpiozero's `gpiozero.exc` does it.

One base class, `HardwareError`, so a caller can catch the layer's errors and nothing else; each
error also subclasses the builtin it replaced (`ValueError`, `OSError`, `RuntimeError`,
`TimeoutError`), so code that caught the builtin keeps working.
"""
from __future__ import annotations


class HardwareError(Exception):
    """Base class of every error raised by the hardware layer."""


class BackendError(HardwareError, ValueError):
    """A backend spec that names no backend, or lacks its argument (serial:PORT, trace:FILE)."""


class BackendNotStarted(HardwareError, RuntimeError):
    """The emulated backend was driven before start() or after close()."""


class GPIOUnavailable(HardwareError, OSError):
    """GPIO was asked for but cannot be used here: no GPIO chip, no working pin library, or no pins."""


class PortNotFound(HardwareError, FileNotFoundError):
    """A serial port that does not exist (no board plugged in there, or a mistyped path)."""


class PinMapError(HardwareError, ValueError):
    """A pin map that is unreadable, has a pin twice, a pin outside BCM 0..27 or not 12 hall pins."""


class BadReading(HardwareError, ValueError):
    """A reading outside what the sensors can give: an hour outside 1..12 or a mask over 12 bits."""


class BadSetting(HardwareError, ValueError):
    """A negative settle or glitch time."""


class EventError(HardwareError, ValueError):
    """A dict (a trace line) that is not a valid event."""


class TraceError(EventError):
    """A trace file line that is not an event; the message names the file and the line."""


class FrameError(HardwareError, ValueError):
    """A message body that cannot be framed: not printable ASCII, contains '$' or '*', too long."""


class BadField(HardwareError, ValueError):
    """A message field that does not parse (sequence number, hand mask, button action)."""


class EventTimeout(HardwareError, TimeoutError):
    """An awaited hardware event did not arrive in time."""
