"""How a Legends card reads at the table: its printed name, Speed and kind, from the Legend's data.

Display only: which card may be played is always the engine's `legal` list.
"""
from __future__ import annotations

from companion.events import title_of
from companion.games.legends.cards import BASIC_NAMES, BASIC_SPEED


def card_name(legend, code: str, form: str | None = None) -> str:
    """The printed name; with Lucius's form, a double-sided card's active side (LA-14)."""
    if code in BASIC_NAMES:
        return BASIC_NAMES[code]
    if legend is not None and legend.side(code, form):
        return legend.side(code, form)
    if legend is not None and code in legend.names:
        return legend.names[code]
    return title_of(code)


def card_speed(legend, code: str) -> int | None:
    if code in BASIC_SPEED:
        return BASIC_SPEED[code]
    return legend.speeds.get(code) if legend is not None else None


def card_kind(legend, code: str) -> str:
    if legend is None or code in legend.basics:
        return "basic"
    if code in legend.specials:
        return "Special"
    if code in legend.ultimates:
        return "Ultimate"
    return "basic"


def short_name(legend, code: str, form: str | None = None) -> str:
    """For the one-tap reveal rows, where a dozen cards share a line."""
    name = card_name(legend, code, form)
    return "Pivot" if code == "defensive-pivot" else name


def edit_or_speed(legend, code: str, speed: int | None) -> str:
    """LA-12: an Edit has no Speed; it says so."""
    if legend is not None and code in getattr(legend, "edits", ()):
        return "Edit"
    return f"Speed {speed if speed is not None else '?'}"
