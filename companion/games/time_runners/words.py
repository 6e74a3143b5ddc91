"""How Time Runners' choices and cards read at the table (see companion/words.py): the touchscreen's hand
and the phones' alike."""
from __future__ import annotations

from typing import Any

from companion.events import Names

from .actions import End, Play, Roll, Sensor, card_name


def card_words(code: str) -> tuple[str, str]:
    """A card's title and when it may be played: an Instant (`!`) any time, the others after moving."""
    instant = code.endswith("!")
    return card_name(code).replace(" (Instant)", ""), "INSTANT - any time" if instant else "after moving"


def runner(seat: int, view: dict[str, Any], names: Names) -> str:
    """A runner another card may point at: "Blue (space 6)"."""
    return f"{names(seat)}  (space {view['positions'][seat - 1]})"


def label(action, view: dict[str, Any], names: Names) -> str:
    if isinstance(action, Roll):
        return "Roll the die" if action.value is None else f"The die shows {action.value}"
    if isinstance(action, End):
        return "End turn"
    if isinstance(action, Play):
        title = card_words(action.code)[0]
        if action.code.rstrip("!") == "set":
            return f"{title}: the hand to {action.arg}"
        if action.code.rstrip("!") == "swap":
            return f"{title} with {runner(action.arg, view, names)}"
        return title
    if isinstance(action, Sensor):
        return "Use the sensor" if action.on else "Ignore the broken sensor"
    return "Shuffle the cards"


def context(view: dict[str, Any]) -> Any:
    return tuple(view.get("positions") or ())  # a Change position names where the other runner stands


def cards(view: dict[str, Any], seat: int | None, names: Names) -> dict[str, dict[str, str]]:
    out = {}
    for code in view.get("hand") or ():
        name, note = card_words(code)
        out[code] = {"name": name, "note": note}
    return out
