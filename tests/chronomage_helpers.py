"""What the Chronomage rules tests share: a refusal checked by its code and rule, and nothing changed."""
from __future__ import annotations

import pytest

from companion.core import IllegalAction
from companion.games.chronomage.rules import RULES


def refused(st, text, code, rule):
    """`text` is refused as `code` citing `chronomage/<rule>`, a rule the reference has, and the state
    is exactly as before; the refusal."""
    before = st.to_dict()
    with pytest.raises(IllegalAction) as err:
        st.apply(st.game.parse_action(text))
    assert (err.value.code, err.value.rule) == (code, "chronomage/" + rule), err.value
    assert rule in RULES
    assert st.to_dict() == before
    return err.value
