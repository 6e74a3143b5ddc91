"""CM-10 (changed): phase III is shuffled like the others, so the boss may come up anywhere in it,
picked, drawn by the referee or typed; beating it wins the timeline at once, losing it loses it."""
from __future__ import annotations

import json
import random

import pytest

from companion.core import IllegalAction
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import play, typed, write_timeline


def table(tmp_path, players=1):
    return GAME(players, {"timeline": str(write_timeline(tmp_path))}).new_state()


def win(st, card=None):
    play(st, "ready", f"reveal {card or st.revealable()[0]}")
    while st.phase == "challenge":
        play(st, f"dice {st.to_roll()[0]} 6 6 6 / 2")
    if st.phase == "cleanup":
        play(st, "time 1")
        if st.step == "loot":
            play(st, "loot 1")


def test_CM_10_the_boss_may_be_the_first_card_of_phase_III_and_beating_it_wins_at_once(tmp_path):
    st = table(tmp_path)
    for _ in range(10):
        win(st)
    play(st, "ready")
    assert st.revealable() == ["c11", "c12", "c13", "c14", "c15", "c16"]
    assert st.view(None)["top"] == {"phase": 3, "boss": None}  # either: the boss or another phase III card
    play(st, "reveal c16", "dice 1 6 6 6 / 2", "time 1", "loot 1")
    out = st.outcome()
    assert out.result == "victory" and out.termination == "boss-defeated" and len(st.done) == 11
    assert st.to_dict()["challenge_deck"] == 5  # five cards never came up
    d = json.loads(json.dumps(st.to_dict()))
    assert st.game.state_from_dict(d).to_dict() == d


def test_CM_10_the_referee_draws_the_boss_from_anywhere_in_phase_III(tmp_path):
    st = table(tmp_path)
    for _ in range(10):
        win(st)
    play(st, "ready")
    drawn = {st.complete(st.game.parse_action("reveal"), random.Random(k)).card for k in range(60)}
    assert drawn == {"c11", "c12", "c13", "c14", "c15", "c16"}


def test_CM_10_a_typed_boss_early_in_phase_III_is_accepted_and_the_last_card_is_still_the_boss(tmp_path):
    st = table(tmp_path)
    for _ in range(12):
        win(st)
    play(st, "ready", typed(3, boss=True, id="big-one", name="Big One"))
    assert st.card.boss
    st = table(tmp_path / "..")
    for _ in range(15):
        win(st)
    play(st, "ready")
    assert st.view(None)["top"] == {"phase": 3, "boss": True} and st.revealable() == ["c16"]
    with pytest.raises(IllegalAction) as err:
        play(st, typed(3, id="not-the-boss"))
    assert err.value.code == "boss-now"


def test_CM_10_losing_the_boss_early_loses_the_timeline(tmp_path):
    st = table(tmp_path, 2)
    for _ in range(10):
        win(st)
    play(st, "ready", "reveal c16", "fail")
    out = st.outcome()
    assert out.result == "defeat" and out.termination == "boss-lost" and "boss" in out.reason
    assert st.done[-1] == ("c16", "lost") and st.spell_cards.time_deck == 27 - 4 - 10


def test_CM_10_a_running_table_whose_boss_is_already_played_is_refused_by_load(tmp_path):
    st = table(tmp_path)
    for _ in range(10):
        win(st)
    d = st.to_dict()
    d["done"][-1]["id"] = "c16"
    with pytest.raises(IllegalAction) as err:
        st.game.state_from_dict(d)
    assert err.value.rule == "chronomage/CM-10"
