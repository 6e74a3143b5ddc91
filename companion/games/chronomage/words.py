"""How Chronomage's choices read at the table (see companion/words.py), on the touchscreen and the phones."""
from __future__ import annotations

from typing import Any

from companion.events import Names, plural

from .actions import (REFUSE, SWAP, TEMPORARY, UNSORTED, Assist, Book, Choose, Dice, Discard, Exploit, Form, Give,
                      Reveal, Reverse, Spell, Word)


def loot_words(action, who: str) -> str:
    """What a loot choice does, from the action's fields (a `Give` of the loot card or a `Discard`)."""
    kind = action.kind
    if getattr(action, "deck", None) is None:  # a Discard
        if kind == TEMPORARY:
            return f"{who} uses a temporary card"
        return f"Take out {who}'s {'unsorted loot card' if kind == UNSORTED else kind}"
    if kind is None:
        return "Kind not entered"
    if kind == TEMPORARY:
        return "Temporary: used once"
    if action.choice == SWAP:
        return f"{kind.capitalize()}: the new one replaces the old"
    if action.choice == REFUSE:
        return f"{kind.capitalize()}: keep the old, discard the new"
    return kind.capitalize()


def spell_words(action: Spell) -> str:
    """"Cost 3, 2 runes, +1 damage, Orange 2 dice"."""
    sets = "".join(f", {c.capitalize()} {plural(n, 'die', 'dice')}" for c, n in action.resistance)
    return (f"Cost {action.cost}, {plural(action.runes, 'rune')}" + (f", +{action.bonus} damage" if action.bonus else "")
            + sets)


def _faces(faces) -> str:
    return ", ".join(map(str, faces))


def context(view: dict[str, Any]) -> Any:
    return tuple(((view.get("card") or {}).get("preemptive") or {}).get("options") or ())  # a Choose's words


def label(action, view: dict[str, Any], names: Names) -> str:
    if isinstance(action, Book):
        return f"{plural(action.cards, 'card')} in {names.possessive(action.seat)} spellbook"
    if isinstance(action, Form):
        return f"{names(action.seat)} stands on space {action.space}"
    if isinstance(action, Spell):
        return spell_words(action)
    if isinstance(action, Dice):
        if action.faces is None:
            return f"Roll for {names(action.seat)}"
        return (f"{names.possessive(action.seat)} dice show {_faces(action.faces)}"
                + (f"; the challenge dice {_faces(action.challenge)}" if action.challenge is not None else ""))
    if isinstance(action, Choose):
        options = ((view.get("card") or {}).get("preemptive") or {}).get("options") or []
        words = options[action.option - 1] if 0 < action.option <= len(options) else f"option {action.option}"
        return f"{action.option}. {words}"
    if isinstance(action, Assist):
        return f"{names(action.giver)} gives {names(action.receiver)} a die"
    if isinstance(action, Exploit):
        return "Attempt the exploit" if action.attempt else "Skip it"
    if isinstance(action, Word):
        return "Ready: reveal the challenge" if action.word == "ready" else "Declare the challenge lost"
    if isinstance(action, Reveal):
        return "Draw the card" if action.card is None else f"Reveal {action.card.replace('-', ' ')}"
    if isinstance(action, Reverse):
        return "Reverse time" if action.anomaly is None else f"Reverse time: the anomaly dice show {_faces(action.anomaly)}"
    if isinstance(action, Give):
        if action.deck == "time":
            return f"The time card goes to {names(action.seat)}"
        return f"{names(action.seat)}: {loot_words(action, names(action.seat))}"
    if isinstance(action, Discard):
        return loot_words(action, names(action.seat))
    return str(action)
