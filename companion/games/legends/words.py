"""How Legends cards and choices read at the table (see companion/words.py): a card's printed name, Speed
and kind from the Legend's data, and a choice from the words the touchscreen taps (`choices`).

Display only: which card may be played is always the engine's `legal` list.
"""
from __future__ import annotations

from typing import Any

from companion.events import Names, title_of

from .actions import Draw, Face, Pick, Reveal
from .cards import BASIC_NAMES, BASIC_SPEED
from .choices import question, word_label, words_of


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


def card_note(legend, code: str) -> str:
    """Under a card's name: "Speed 80  -  basic", "Edit  -  Special"."""
    return f"{edit_or_speed(legend, code, card_speed(legend, code))}  -  {card_kind(legend, code)}"


def _legend(names: Names, seat: int):
    legends = getattr(names.game, "legends", ())
    return legends[seat - 1] if 0 < seat <= len(legends) else None


def _form(view: dict[str, Any], seat: int) -> str | None:
    legends = view.get("legends") or []
    return legends[seat - 1].get("form") if 0 < seat <= len(legends) else None


def label(action, view: dict[str, Any], names: Names) -> str:
    legend, form = _legend(names, action.seat), _form(view, action.seat)
    if isinstance(action, Pick):
        return ", then ".join(card_name(legend, c, form) for c in action.cards)
    if isinstance(action, (Reveal, Draw)):
        return card_name(legend, action.card, form)
    words = list(words_of(action))
    said = [word_label(words[:i], words[i], lambda s: _legend(names, s).name if _legend(names, s) else names(s))
            for i in range(2, len(words))]
    if isinstance(action, Face):
        facing = (view.get("legends") or [{}] * action.seat)[action.seat - 1].get("facing")
        return f"Keep facing {said[0]}" if said[0] == facing else f"Turn to face {said[0]}"
    text = " ".join(said)
    return text[:1].upper() + text[1:]


def ask(action, view: dict[str, Any], names: Names) -> str | None:
    """The question a choice answers ("Face which way?"), the heading of the choices answering it (a card
    answers none: it is the card)."""
    if isinstance(action, (Pick, Reveal, Draw)):
        return None
    text = question(list(words_of(action)[:2]))
    return text[:1].upper() + text[1:]


def context(view: dict[str, Any]) -> Any:
    """Each Legend's facing (Keep facing / Turn to face) and form (a double-sided card's name, LA-14)."""
    return tuple((lg.get("facing"), lg.get("form")) for lg in view.get("legends") or ())


def cards(view: dict[str, Any], seat: int | None, names: Names) -> dict[str, dict[str, str]]:
    if seat is None:
        return {}
    legend, form = _legend(names, seat), _form(view, seat)
    codes = [*(view.get("hand") or ()), *(view.get("my_picks") or ()), *([view["my_edit"]] if view.get("my_edit") else [])]
    return {c: {"name": card_name(legend, c, form), "note": card_note(legend, c)} for c in codes}
