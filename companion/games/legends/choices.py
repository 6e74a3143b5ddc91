"""A choice asked mid-exchange, answered word by word from the engine's legal actions.

The seat asked may `face`, `target`, `reshuffle`, or take a `do` step of a card the engine cannot
read (the primitives panel, LA-4: a few hundred legal actions). Rather than a button per action, the
table taps one word at a time: an action's words are its fields in order (`words_of`: the verb, the
seat, then what is chosen), the next words are those that some legal action continues with, and once
the words tapped are a whole legal action that action is played. Nothing here knows what is allowed.
"""
from __future__ import annotations

from typing import Callable, Sequence

from companion.games.legends.actions import Do, Draw, Face, LAAction, Pick, Reshuffle, Reveal, Target

WHO_AFTER = {"move", "turn", "fatigue", "push"}  # `do S move WHO ...`: the word after these is a seat

QUESTIONS = {
    "face": "face which way?",
    "target": "which foe?",
    "reshuffle": "shuffle the Specials into a new Meter?",
    "do": "the card's next step?",
    "move": "which Legend?",
    "turn": "which Legend?",
    "strike": "which Force?",
    "block": "how much?",
    "fatigue": "whose Fatigue?",
    "push": "on which Legend?",
    "form": "which form?",
    "raise": "raise a Zombie on which space?",
    "bury": "bury the Zombie on which space?",
}


def words_of(action: LAAction) -> tuple[str, ...]:
    """The words the table taps for `action`, from its fields: verb, seat, then each choice in order."""
    if isinstance(action, Do):
        rest = [action.prim]
        for i, x in enumerate(action.args):
            rest.append("any" if x is None else f"{x:+d}" if action.prim == "fatigue" and i == 1 else str(x))
    elif isinstance(action, Face):
        rest = [action.dir]
    elif isinstance(action, Target):
        rest = [str(action.who)]
    elif isinstance(action, Reshuffle):
        rest = ["yes" if action.yes else "no"]
    elif isinstance(action, Pick):
        rest = list(action.cards)
    elif isinstance(action, (Reveal, Draw)):
        rest = [action.card]
    else:
        rest = []
    return (action.verb, str(action.seat), *rest)


def next_words(actions: Sequence[LAAction], words: list[str]) -> list[str]:
    """The distinct words that legal actions continue `words` with, in the engine's order."""
    n, out = len(words), []
    for action in actions:
        parts = words_of(action)
        if len(parts) > n and list(parts[:n]) == words and parts[n] not in out:
            out.append(parts[n])
    return out


def whole(actions: Sequence[LAAction], words: list[str]) -> LAAction | None:
    """The legal action `words` spell out in full, if any."""
    return next((a for a in actions if list(words_of(a)) == words), None)


def question(words: list[str]) -> str:
    """What the table is asked after `words` (the verb and seat always come first)."""
    rest = words[2:]
    if not rest:
        return QUESTIONS.get(words[0], "choose")
    prim = rest[0]
    if prim == "move":
        return ("which way?", "how many spaces?")[min(len(rest) - 2, 1)] if len(rest) >= 2 else QUESTIONS[prim]
    if prim == "turn":
        return "which way?" if len(rest) >= 2 else QUESTIONS[prim]
    if prim == "strike":
        return "at which range?" if len(rest) >= 2 else QUESTIONS[prim]
    if prim == "fatigue":
        return "by how much?" if len(rest) >= 2 else QUESTIONS[prim]
    if prim == "push":
        return ("which way?", "how many tokens?")[min(len(rest) - 2, 1)] if len(rest) >= 2 else QUESTIONS[prim]
    return QUESTIONS.get(prim, "choose")


def word_label(words: list[str], word: str, legend: Callable[[int], str]) -> str:
    """How a next word reads on its button: seats by their Legend, `any` as any range."""
    seat_word = (words[0] == Target.verb and len(words) == 2) or (
        words[0] == Do.verb and len(words) == 3 and words[2] in WHO_AFTER)
    if seat_word and word.isdigit():
        return legend(int(word))
    if words[0] == Target.verb and len(words) == 2 and word[:1] == "z":  # LA-13
        return f"Zombie {word[1:]}"
    if words[0] == Reshuffle.verb:
        return {"yes": "Yes, shuffle", "no": "No, draw nothing"}.get(word, word)
    if word == "any":
        return "any range"
    if words[0] == Do.verb and len(words) == 2:
        return {"initiative": "take Initiative", "done": "card done", "form": "flip form"}.get(word, word)
    return word
