"""A choice asked mid-exchange, answered word by word from the engine's legal actions.

The seat asked may `face`, `target`, `reshuffle`, or take a `do` step of a card the engine cannot
read (the primitives panel, LA-4: a few hundred legal texts). Rather than a button per text, the
table taps one word at a time: the next words are those that some legal text continues with, and
once the words tapped spell a whole legal text it is played. Nothing here knows what is allowed.
"""
from __future__ import annotations

from typing import Callable

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
}


def next_words(texts: list[str], words: list[str]) -> list[str]:
    """The distinct words that legal texts continue `words` with, in the engine's order."""
    n, out = len(words), []
    for text in texts:
        parts = text.split(" ")
        if len(parts) > n and parts[:n] == words and parts[n] not in out:
            out.append(parts[n])
    return out


def is_whole(texts: list[str], words: list[str]) -> bool:
    return " ".join(words) in texts


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
    seat_word = (words[0] == "target" and len(words) == 2) or (
        words[0] == "do" and len(words) == 3 and words[2] in WHO_AFTER)
    if seat_word and word.isdigit():
        return legend(int(word))
    if words[0] == "reshuffle":
        return {"yes": "Yes, shuffle", "no": "No, draw nothing"}.get(word, word)
    if word == "any":
        return "any range"
    if words[0] == "do" and len(words) == 2:
        return {"initiative": "take Initiative", "done": "card done"}.get(word, word)
    return word
