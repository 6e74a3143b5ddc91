"""CM-13: a CONSTANT spell may change resistances. The table enters the new numbers with the spell
(`spell SEAT COST RUNES [BONUS] COLOUR=N ...`); every roll's dice count uses them until the spell leaves
play at cleanup; `load` accepts rolls made with them."""
from __future__ import annotations

import json

import pytest

from companion.core import IllegalAction, NotationError
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import event, monster, play, write_timeline

from rules_helpers import refused

RES = {"orange": 1, "blue": 3, "green": 2, "purple": 2}


def at_round(tmp_path, players=2, **cards):
    st = GAME(players, {"timeline": str(write_timeline(tmp_path, **cards))}).new_state()
    play(st, "ready", "reveal c1")
    return st


def test_CM_13_a_constant_spell_sets_orange_to_two_dice_for_every_roll_until_cleanup(tmp_path):
    two = [{"color": "blue", "power": [20] * 4, "dice": 1}, {"color": "blue", "power": [1] * 4, "dice": 1}]
    st = at_round(tmp_path, 2, c1=monster(resistance=RES, rounds=two))
    refused(st, "dice 1 3 4 / 2", "wrong-dice", "MONSTER")  # printed: orange rolls 1 die
    ev = play(st, "spell 2 3 0 0 orange=2")  # blue casts it; it changes orange's resistance
    assert {"type": "resistances", "resistances": {"orange": 2}} in ev
    assert st.view(None)["dice_count"] == [2, 3] and st.to_dict()["resistances"] == {"orange": 2}
    play(st, "dice 1 3 4 / 2", "dice 2 1 1 1 / 2")  # round 1 fails (10 < 20): played again, the spell stays
    assert st.round == 1 and st.own_dice(1) == 2 and st.last_round["total"] == 10
    play(st, "dice 1 6 6 / 2", "dice 2 6 6 6 / 2")  # 30: round 2
    assert st.round == 2 and st.own_dice(1) == 2
    play(st, "dice 1 1 1 / 2", "dice 2 1 1 1 / 2")  # round 2 is won: cleanup
    assert st.phase == "cleanup" and st.to_dict()["resistances"] == {"orange": 2}
    play(st, "time 1", "loot 1")  # the spell leaves play with the spells restored
    assert st.to_dict()["resistances"] == {} and st.phase == "strategy"


def test_CM_13_a_preparation_constant_spell_holds_through_the_challenge_and_a_later_one_wins(tmp_path):
    st = GAME(1, {"timeline": str(write_timeline(tmp_path, c1=monster(resistance=RES)))}).new_state()
    play(st, "spell 1 0 0 orange=3 blue=0", "ready", "reveal c1")
    assert st.own_dice(1) == 3
    play(st, "spell 1 0 0 orange=0")
    assert st.to_dict()["resistances"] == {"orange": 0, "blue": 0}
    play(st, "dice 1 / 6")  # no dice of their own, the challenge die still rolled
    assert st.last_round["seats"] == [0]


def test_CM_13_resistances_are_zero_to_three_and_written_once(tmp_path):
    st = at_round(tmp_path, 1, c1=monster(resistance=RES))
    err = refused(st, "spell 1 0 0 orange=4", "spell-out-of-range", "CM-13")
    assert "0..3" in err.reason
    for text in ("spell 1 0 0 red=2", "spell 1 0 0 orange=2 orange=3", "spell 1 0 0 orange=", "spell 1 0 orange=1 2"):
        with pytest.raises(NotationError):
            GAME(1).parse_action(text)
    a = GAME(1).parse_action("spell 1 2 0 3 purple=1 orange=2")
    assert str(a) == "spell 1 2 0 3 orange=2 purple=1" and a.fields()["resistance"] == [["orange", 2], ["purple", 1]]
    assert GAME(1).parse_action(str(a)) == a


def test_CM_13_an_event_ignores_the_spells_resistances(tmp_path):
    st = GAME(1, {"timeline": str(write_timeline(tmp_path, c1=event(resistance=RES)))}).new_state()
    play(st, "spell 1 0 0 orange=3", "ready", "reveal c1")
    assert st.own_dice(1) == 1


def test_CM_13_load_accepts_a_roll_made_with_the_spells_resistance_and_refuses_one_without_a_spell(tmp_path):
    st = at_round(tmp_path, 2, c1=monster(resistance=RES, power=[99] * 4))
    play(st, "spell 2 3 0 0 orange=2", "dice 1 3 4 / 2")
    d = json.loads(json.dumps(st.to_dict()))
    assert st.game.state_from_dict(d).to_dict() == d
    bad = json.loads(json.dumps(d))
    bad["resistances"] = {}
    with pytest.raises(IllegalAction) as err:
        st.game.state_from_dict(bad)
    assert err.value.rule == "chronomage/MONSTER"
    fresh = GAME(2, {"timeline": str(write_timeline(tmp_path, c1=monster(resistance=RES)))}).new_state()
    d = fresh.to_dict()
    d["resistances"] = {"orange": 2}
    with pytest.raises(IllegalAction) as err:
        fresh.game.state_from_dict(d)
    assert err.value.rule == "chronomage/CM-13"
