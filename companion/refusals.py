"""Refusals: everything the referee will not do says why, with a stable code, a sentence and a rule (ALL-1).

One class a kind (the nearest one says which: illegal, notation, request, storage, internal) and the
helpers every game uses to raise them (`refuse`, `invalid_state`, `bad_option`). `companion.core`
re-exports all of them.
"""
from __future__ import annotations

from typing import Any, NoReturn

from companion.quoting import quoted


class Refusal(Exception):
    """Something the referee will not do; nothing was changed. `rule` is a rule id or None."""

    def __init__(self, code: str, reason: str, rule: str | None = None):
        super().__init__(f"{code}: {reason}" + (f" ({rule})" if rule else ""))
        self.code = code
        self.reason = reason
        self.rule = rule

    @property
    def kind(self) -> str:
        """illegal, notation, request, storage or internal (the nearest class that says)."""
        return next((_KINDS[c] for c in type(self).__mro__ if c in _KINDS), "refused")

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "reason": self.reason, "rule": self.rule}


class IllegalAction(Refusal):
    """A well-formed action the rules do not allow now (the rule it breaks is named)."""


class NotationError(Refusal):
    """Text that is not an action of this game at all (a syntax error, not a rules error)."""

    def __init__(self, text: str, reason: str, rule: str = "protocol/notation"):
        super().__init__("bad-notation", f"{reason}: {quoted(text)}", rule)
        self.text = text


class BadRequest(Refusal):
    """A request, option or file that is malformed (not a rules question)."""


class StorageError(Refusal):
    """The journal cannot be read or written; nothing was changed."""


class InternalError(Refusal):
    """A bug in the referee. It is logged; the state was restored; `rule` is None."""

    def __init__(self, what: str):
        super().__init__("internal-error", f"The referee hit a bug ({what}); it was logged and nothing changed.", None)


def cite(rule: str | None, game: str | None = None) -> str | None:
    """The rule id a refusal cites: a game's own rule ("R-4") under the game's id ("my-game/R-4"); a core
    rule (ALL-1..3, protocol/...) or an id already prefixed as it is."""
    if rule is None or game is None or rule.startswith("ALL-") or "/" in rule:
        return rule
    return f"{game}/{rule}"


def refuse(code: str, reason: str, rule: str | None = None, *, game: str | None = None) -> NoReturn:
    """Refuse an action (ALL-1): raise IllegalAction with a stable code, a sentence and the rule it breaks.

    A game refuses through `Game.refuse`, bound to its id, and cites its rules by their short ids
    (`MyGame.refuse("bad-roll", "A die shows 1..6.", "R-10")` cites my-game/R-10)."""
    raise IllegalAction(code, reason, cite(rule, game))


def invalid_state(what: str, rule: str = "ALL-3", *, game: str | None = None, noun: str = "a valid state") -> NoReturn:
    """Refuse a state read back (ALL-3): IllegalAction("invalid-state", "This is not <noun>: <what>.", rule).

    A game refuses through `Game.invalid_state`, bound to its id and its `state_noun` ("a possible My Game
    position"); `rule` is one of its rules, or ALL-3 when no rule says more."""
    raise IllegalAction("invalid-state", f"This is not {noun}: {what}.", cite(rule, game))


def bad_option(name: str, takes: str, rule: str) -> NoReturn:
    """Refuse an option's value: BadRequest("bad-option", "The option '<name>' takes <takes>.", rule)."""
    raise BadRequest("bad-option", f"The option {name!r} takes {takes}.", rule)


_KINDS = {Refusal: "refused", IllegalAction: "illegal", NotationError: "notation", BadRequest: "request",
          StorageError: "storage", InternalError: "internal"}
