"""GPIO pin map: which BCM pin is the dice button and which is the hall switch for each hour.

Default documented in wiring/PINMAP.md. Overridden by a JSON file or inline JSON via
COMPANION_PINMAP, e.g. {"button": 17, "hall": [4, 5, 6, 12, 13, 16, 22, 23, 24, 25, 26, 27]}
(hall[i] is hour i+1; a {"1": pin, ..., "12": pin} object is accepted too).
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass

from .exc import PinMapError

log = logging.getLogger("hardware.gpio")

ENV_PINMAP = "COMPANION_PINMAP"
# UART (serial console / a Pico on the header), I2C (touch controllers, an AS5600), ID EEPROM.
RESERVED = {14: "UART TX", 15: "UART RX", 2: "I2C SDA", 3: "I2C SCL", 0: "ID_SD", 1: "ID_SC"}


@dataclass(frozen=True)
class PinMap:
    button: int
    hall: tuple[int, ...]   # hall[i] is the BCM pin of hour i+1

    def __post_init__(self):
        pins = (self.button, *self.hall)
        if len(self.hall) != 12:
            raise PinMapError(f"pin map needs 12 hall pins, got {len(self.hall)}")
        if any(not isinstance(p, int) or not 0 <= p <= 27 for p in pins):
            raise PinMapError(f"pin map pins must be BCM numbers 0..27: {pins}")
        if len(set(pins)) != len(pins):
            raise PinMapError(f"pin map uses a pin twice: {pins}")
        for p in pins:
            if p in RESERVED:
                log.warning("pin map uses GPIO%d (%s); make sure that function is disabled", p, RESERVED[p])

    @classmethod
    def from_dict(cls, d: dict) -> "PinMap":
        try:
            hall = d["hall"]
            if isinstance(hall, dict):
                hall = [hall[str(h)] for h in range(1, 13)]
            button, hall = int(d["button"]), tuple(int(p) for p in hall)
        except (KeyError, TypeError, ValueError) as e:
            raise PinMapError(f"bad pin map {str(d)[:60]}: {e!r}") from None
        return cls(button, hall)

    def to_dict(self) -> dict:
        return {"button": self.button, "hall": list(self.hall)}


DEFAULT_PINMAP = PinMap(button=17, hall=(4, 5, 6, 12, 13, 16, 22, 23, 24, 25, 26, 27))


def load_pinmap(source: str | os.PathLike | dict | PinMap | None = None, env=None) -> PinMap:
    """A PinMap from: an object, a dict, a JSON file path, inline JSON, $COMPANION_PINMAP, or the default."""
    if isinstance(source, PinMap):
        return source
    if isinstance(source, dict):
        return PinMap.from_dict(source)
    if source is None:
        source = (os.environ if env is None else env).get(ENV_PINMAP) or None
        if source is None:
            return DEFAULT_PINMAP
    text = os.fspath(source)
    try:
        if text.lstrip().startswith("{"):
            return PinMap.from_dict(json.loads(text))
        with open(text, encoding="utf-8") as f:
            return PinMap.from_dict(json.load(f))
    except (OSError, KeyError, TypeError, json.JSONDecodeError) as e:
        raise PinMapError(f"bad pin map {text[:60]!r}: {e!r}") from None
