"""What the rules tests of every game share: actions played from their text, a refusal that changes nothing
and cites a rule the game's reference has (ALL-1), and a saved state that does not load (ALL-3)."""
from __future__ import annotations

import json

import pytest

from companion.core import Refusal


def cited(game, rule: str) -> str:
    """The full id of `rule`: a core rule (ALL-n) or a full id as is, else one of `game`'s own."""
    return rule if rule.startswith("ALL-") or "/" in rule else f"{game.id}/{rule}"


def check_rule(game, refusal: Refusal, rule: str | None) -> None:
    """The refusal cites `rule` (when given), and a rule that is in the core or in the game's reference."""
    if rule is not None:
        assert refusal.rule == cited(game, rule), refusal
    assert refusal.rule.startswith("ALL-") or refusal.rule.split("/", 1)[1] in game.rules, refusal


def play(state, *texts: str) -> list:
    """Apply each action text in turn; the events of them all."""
    events = []
    for text in texts:
        events += state.apply(state.game.parse_action(text))
    return events


def refused(state, text: str, code: str, rule: str | None = None) -> Refusal:
    """`text` is refused as `code` citing `rule`, says why in a sentence, and the state is exactly as before."""
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(Refusal) as err:
        play(state, text)
    assert err.value.code == code, err.value
    check_rule(state.game, err.value, rule)
    assert json.dumps(state.to_dict(), sort_keys=True) == before  # ALL-1
    assert err.value.reason and not err.value.reason[0].islower(), err.value  # a sentence
    return err.value


def refused_load(game, d: dict, rule: str | None = None, words: str = "") -> Refusal:
    """A JSON copy of `d` (as a journal holds it) does not load: invalid-state citing `rule`, saying `words`."""
    with pytest.raises(Refusal) as err:
        game.state_from_dict(json.loads(json.dumps(d)))
    assert err.value.code == "invalid-state" and words in err.value.reason, err.value
    check_rule(game, err.value, rule)
    return err.value
