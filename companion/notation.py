"""A game's notation: its verbs, and the one rule every game's text follows (python-chess's SAN, one per game).

An action is written as one line: its verb, then its words, separated by single spaces, in the case the game
writes them (`str(action)`); no tabs, line breaks, runs of spaces or spaces at either end, and nothing is folded
to lower case. So the text a game writes is the only text it reads, and a journal, an export or a replay reads
back exactly what was written. A verb whose class sets `rest_of_line = True` (a card typed as a TOML table) takes the
rest of the line after its verb as one value, written as that syntax allows.

`Notation(title, {verb: ActionClass, ...})` reads a line: it finds the verb's class and hands it the words
(`ActionClass._from_words(words, text)`), which reads its values or raises NotationError.
"""
from __future__ import annotations

from typing import Any, Mapping

from companion.refusals import NotationError

SPACING = "words are separated by single spaces, with no tabs, line breaks or leading or trailing spaces"


def _single_spaced(text: str) -> bool:
    return " ".join(text.split()) == text


class Notation:
    """The verbs of one game and the classes that read them; `parse(text)` is the game's `parse_action`."""

    def __init__(self, title: str, verbs: Mapping[str, type], rule: str = "protocol/notation"):
        self.title = title
        self.verbs = dict(verbs)
        self.rule = rule  # the rule a text that is no action cites

    def parse(self, text: Any, within: type | None = None) -> Any:
        """The action `text` writes; NotationError if it is none (or, with `within`, not of that class)."""
        if not isinstance(text, str):
            raise NotationError(repr(text), "an action is a line of text", self.rule)
        if not text.strip():
            raise NotationError(text, "empty action", self.rule)
        verb, _, rest = text.partition(" ")
        kind = self.verbs.get(verb)
        if kind is not None and rest and getattr(kind, "rest_of_line", False):
            words, spaced = [verb, rest], rest == rest.strip()
        else:
            words, spaced = text.split(" "), _single_spaced(text)
        if not spaced:
            raise NotationError(text, SPACING, self.rule)
        if kind is None or (within is not None and not issubclass(kind, within)):
            raise NotationError(text, f"not a {self.title} action ({', '.join(self.verbs)})", self.rule)
        return kind._from_words(words, text)

    def __deepcopy__(self, memo: dict) -> "Notation":
        return self  # never changes: a game copied with its state shares it
