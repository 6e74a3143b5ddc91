"""Chronomage loot kinds (CM-14): equipment of a type, one of each type a player, or temporary, gone when
used or when the challenge ends; every loot card is in a hand, the loot deck or the discard pile (CM-2)."""
from __future__ import annotations

import json

import pytest

from companion.core import IllegalAction, NotationError
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import play, write_timeline
from companion.journal import Journal
from companion.session import Session

from rules_helpers import refused


def table(tmp_path, players=2):
    return GAME(players, {"timeline": str(write_timeline(tmp_path))}).new_state()


def to_loot_step(st):
    """Defeat the next challenge and hand its time card to seat 1: the loot step is next."""
    play(st, "ready", f"reveal {st.revealable()[0]}")
    while st.phase == "challenge":
        play(st, f"dice {st.to_roll()[0]} 6 6 6 / 2")
    play(st, "time 1")
    assert st.step == "loot"


def box(st):
    d = st.to_dict()
    return sum(d["loot"]) + d["loot_deck"] + d["loot_discard"]


def listed(st):
    return {str(a) for a in st.legal_actions()}


def test_CM_14_every_player_starts_with_the_robes_and_the_staff_as_equipment(tmp_path):
    st = table(tmp_path, 3)
    v = st.view(None)
    assert v["loot"] == [2, 2, 2] and v["loot_items"] == [["robes", "staff"]] * 3
    assert v["loot_discard"] == 0 and box(st) == 2 * 3 + 12


def test_CM_14_a_temporary_loot_card_is_discarded_when_used(tmp_path):
    st = table(tmp_path)
    to_loot_step(st)
    play(st, "loot 2 temporary")
    assert st.view(None)["loot_items"] == [["robes", "staff"], ["robes", "staff", "temporary"]]
    assert "discard 2 temporary" in listed(st) and "discard 1 temporary" not in listed(st)
    ev = play(st, "discard 2 temporary")
    v = st.view(None)
    assert v["loot_items"][1] == ["robes", "staff"] and v["loot"] == [2, 2] and v["loot_discard"] == 1
    assert ev == [{"type": "loot-discarded", "seat": 2, "kind": "temporary", "loot_discard": 1}]
    assert box(st) == 2 * 2 + 12


def test_CM_14_temporary_loot_is_discarded_when_the_challenge_ends_won_or_lost(tmp_path):
    st = table(tmp_path)
    to_loot_step(st)
    play(st, "loot 1 temporary")
    to_loot_step(st)  # the next challenge is defeated: the temporary card goes with it
    assert st.view(None)["loot_items"][0] == ["robes", "staff"] and st.to_dict()["loot_discard"] == 1
    play(st, "loot 1 temporary")  # the card won now is kept for the next challenge
    assert st.view(None)["loot_items"][0] == ["robes", "staff", "temporary"]
    ev = play(st, "ready", f"reveal {st.revealable()[0]}", "fail")
    assert {"type": "temporary-loot-discarded", "seats": [1], "loot_discard": 2} in ev
    assert st.view(None)["loot_items"][0] == ["robes", "staff"] and box(st) == 2 * 2 + 12


def test_CM_14_equipment_is_one_of_each_type_a_second_replaces_or_is_refused(tmp_path):
    st = table(tmp_path)
    to_loot_step(st)
    err = refused(st, "loot 1 staff", "one-of-each-type", "CM-14")
    assert "loot 1 staff swap" in err.reason and "loot 1 staff refuse" in err.reason
    assert {"loot 1 staff swap", "loot 1 staff refuse", "loot 1 temporary"} <= listed(st)
    assert "loot 1 staff" not in listed(st)
    c = st.clone()
    play(c, "loot 1 staff refuse")  # the player keeps the old staff: the new one is discarded
    assert c.view(None)["loot_items"][0] == ["robes", "staff"] and c.to_dict()["loot_discard"] == 1
    play(st, "loot 1 staff swap")  # the old staff is discarded, the new one kept
    assert st.view(None)["loot_items"][0] == ["robes", "staff"] and st.to_dict()["loot_discard"] == 1
    assert st.loot_cards.loot_deck == 11 and box(st) == 2 * 2 + 12
    to_loot_step(st)
    play(st, "loot 2 boots")  # a type the cards print that the companion does not list is accepted
    assert st.view(None)["loot_items"][1] == ["robes", "staff", "boots"]
    to_loot_step(st)
    refused(st, "loot 1 boots swap", "nothing-to-swap", "CM-14")


def test_CM_14_equipment_is_kept_from_challenge_to_challenge(tmp_path):
    st = table(tmp_path)
    to_loot_step(st)
    play(st, "loot 1 amulet")
    to_loot_step(st)
    play(st, "loot 1")  # a loot card whose kind the table did not enter is kept and counted
    assert st.view(None)["loot_items"][0] == ["robes", "staff", "amulet", "loot"] and st.loot == [4, 2]


def test_CM_14_only_loot_a_player_holds_can_be_used_or_discarded(tmp_path):
    st = table(tmp_path)
    refused(st, "discard 1 temporary", "no-such-loot", "CM-14")
    refused(st, "discard 3 staff", "no-such-seat", "CM-14")
    play(st, "discard 1 staff")  # a correction: the table takes a card out
    assert st.view(None)["loot_items"][0] == ["robes"] and box(st) == 2 * 2 + 12


def test_CM_14_the_loot_texts_round_trip(tmp_path):
    g = table(tmp_path).game
    for text in ("discard 1 temporary", "discard 2 robes", "loot 1", "loot 2 temporary", "loot 1 staff swap",
                 "loot 1 staff refuse", "loot 3 boots"):
        assert str(g.parse_action(text)) == text
    for bad in ("discard 1", "discard 1 loot x", "loot 1 swap", "loot 1 temporary swap", "time 1 staff",
                "loot 1 Staff", "discard 1 ROBES"):
        with pytest.raises(NotationError):
            g.parse_action(bad)


def test_CM_14_a_seat_uses_only_its_own_loot(tmp_path):
    s = Session.start(Journal(tmp_path / "j.sqlite"), "chronomage", 2, seed=1,
                      options={"timeline": str(write_timeline(tmp_path))})
    assert "discard 1 staff" in [str(a) for a in s.legal_actions(1)]
    assert "discard 1 staff" not in [str(a) for a in s.legal_actions(2)]
    with pytest.raises(IllegalAction) as err:
        s.play("discard 1 staff", 2)
    assert err.value.code == "not-your-action"


def test_CM_14_load_refuses_impossible_loot(tmp_path):
    st = table(tmp_path)
    to_loot_step(st)
    play(st, "loot 2 temporary")
    d = st.to_dict()
    assert st.game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
    breaks = {
        "two staffs": lambda b: (b["loot_items"][0].append("staff"), b["loot"].__setitem__(0, 3),
                                 b.__setitem__("loot_discard", b["loot_discard"] - 1)),
        "count and items differ": lambda b: b["loot"].__setitem__(0, 3),
        "a card from nowhere": lambda b: b.__setitem__("loot_discard", b["loot_discard"] + 1),
        "a bad kind": lambda b: b["loot_items"][0].__setitem__(0, "Robes!"),
        "a discard below zero": lambda b: b.__setitem__("loot_discard", -1),
    }
    for name, br in breaks.items():
        b = json.loads(json.dumps(d))
        br(b)
        with pytest.raises(IllegalAction) as err:
            st.game.state_from_dict(b)
        assert err.value.code == "invalid-state", name


def test_X_17_loot_is_not_used_while_the_card_is_revealed(tmp_path):
    st = table(tmp_path)
    play(st, "ready")
    refused(st, "discard 1 staff", "not-now", "X-17")
    assert not any(str(a).startswith("discard") for a in st.legal_actions())
    play(st, f"reveal {st.revealable()[0]}", "discard 1 staff")
    assert st.view(None)["loot_items"][0] == ["robes"]
