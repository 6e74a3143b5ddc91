"""Chronomage cards typed at the table (CM-3, X-15) and a journal that replays without its library file.

A typed card is `reveal { ... }`: the library's [[card]] fields as one TOML inline table, checked by the
library's own checks. A bare or picked reveal is journaled in the same form, so an edited library file
changes nothing for a session already played.
"""
from __future__ import annotations

import json
import random

import pytest

from companion.core import IllegalAction, Refusal
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import QUIET_CHART, monster, play, timeline_dict, to_toml, typed, write_timeline
from companion.testing.chronomage_playout import random_action
from companion.games.chronomage.timeline import LibraryError, card_text, inline, parse_card
from companion.journal import Journal
from companion.session import Session

from rules_helpers import refused


def table(tmp_path, players=3, **cards):
    return GAME(players, {"timeline": str(write_timeline(tmp_path, **cards))}).new_state()


def bad_card(text):
    with pytest.raises(LibraryError) as err:
        GAME(3).parse_action(text)
    e = err.value
    assert e.code == "bad-card" and e.rule == "chronomage/CM-3" and e.reason.startswith("typed card")
    return e


def test_CM_3_a_monster_typed_at_the_table_is_revealed_and_fought_with_this_tables_power(tmp_path):
    st = table(tmp_path)
    chart = [{"face": 1, "spaces": [2], "weakness": ["purple"]}] + QUIET_CHART[1:]
    play(st, "ready", typed(1, id="iron-mole", name="Iron Mole", rounds=[{"color": "green", "power": {"3": 22},
                                                                          "dice": 1}], chart=chart, resistance=2))
    assert st.card.name == "Iron Mole" and st.to_dict()["challenge"]["power"] == 22 and st.phase == "challenge"
    play(st, "dice 1 4 5 / 1", "dice 2 3 4 / 2")  # face 1 hits space 2 (seat 1's purple weakness), face 2 nobody
    assert [w["purple"] for w in st.weaknesses] == [1, 0, 0]
    play(st, "dice 3 3 3 / 3")  # 9 + 7 + 6 = 22 against 22
    assert st.phase == "cleanup" and (st.last_round["total"], st.last_round["power"]) == (22, 22)


def test_CM_4_a_typed_three_player_monster_fails_at_21_and_succeeds_at_22(tmp_path):
    card = typed(1, rounds=[{"color": "blue", "power": {"3": 22}, "dice": 1}], resistance=2)
    st = table(tmp_path)
    play(st, "ready", card, "dice 1 4 5 / 3", "dice 2 3 4 / 3", "dice 3 2 3 / 3")  # 9 + 7 + 5 = 21
    assert st.last_round["success"] is False and [w["blue"] for w in st.weaknesses] == [1, 1, 1]
    play(st, "dice 1 4 5 / 3", "dice 2 3 4 / 3", "dice 3 3 3 / 3")  # 22
    assert st.phase == "cleanup" and st.last_round["success"] is True


@pytest.mark.parametrize("change,field,words", [
    ({"chart": [{"face": f, "spaces": []} for f in (1, 2, 3, 4, 5, 7)]}, "chart[6].face", "1..6"),
    ({"rounds": [{"color": "red", "power": {"3": 9}, "dice": 1}]}, "rounds[1].color", "'red' is not a colour"),
    ({"rounds": [{"color": "blue", "power": {"5": 9}, "dice": 1}]}, "rounds[1].power", "not a player count"),
    ({"rounds": [{"color": "blue", "power": {}, "dice": 1}]}, "rounds[1].power", "at least one power number"),
    ({"rounds": [{"color": "blue", "power": {"3": 0}, "dice": 1}]}, "rounds[1].power[3]", "1..199"),
    ({"rounds": [{"color": "blue", "power": [1, 2], "dice": 1}]}, "rounds[1].power", "no power number for 3 players"),
    ({"resistance": {"orange": 4, "blue": 1, "green": 1, "purple": 1}}, "resistance.orange", "0..3"),
    ({"preemptive": {"kind": "crisis", "attempt": ["blue"]}}, "preemptive.goal", "missing"),
    ({"type": "boss"}, "type", "monster or event"),
])
def test_CM_3_a_typed_card_gets_the_librarys_error_naming_card_and_field(change, field, words):
    card = {"id": "mole", "name": "Mole", "phase": 1, **monster(), **change}
    e = bad_card("reveal " + inline(card))
    assert (e.card, e.field) == ("mole", field) and words in e.reason, e.reason


@pytest.mark.parametrize("text,words", [
    ("reveal { id = 'x'", "not a card in TOML's inline form"),
    ("reveal {}", "missing"),
    ("reveal { id = \"x\" } \n x = 1", "one line"),
])
def test_CM_3_a_typed_card_that_is_not_one_inline_table_is_named_as_such(text, words):
    assert words in bad_card(text).reason


def test_CM_3_a_refused_typed_card_changes_nothing_through_the_session(tmp_path):
    session = Session.start(Journal(tmp_path / "j.sqlite"), "chronomage", 3, seed=1)
    session.play("ready")
    before, head = json.dumps(session.full_state()), session.head
    with pytest.raises(Refusal) as err:
        session.play("reveal " + inline({"id": "m", "name": "M", "phase": 1, **monster(chart=QUIET_CHART[:5])}))
    assert err.value.rule == "chronomage/CM-3" and err.value.field == "chart"
    assert json.dumps(session.full_state()) == before and session.head == head


def test_CM_3_a_typed_card_needs_the_power_number_for_the_tables_size(tmp_path):
    st = table(tmp_path)
    play(st, "ready")
    refused(st, typed(1, rounds=[{"color": "blue", "power": {"2": 9, "4": 12}, "dice": 1}]), "no-power", "CM-3")
    play(st, typed(1, rounds=[{"color": "blue", "power": {"3": 9}, "dice": 1}]))
    assert st.power() == 9


def test_CM_3_a_typed_card_id_already_played_is_refused(tmp_path):
    st = table(tmp_path, players=1)
    play(st, "ready", "reveal c1", "fail")
    play(st, "ready")
    refused(st, typed(1, id="c1"), "card-gone", "CM-3")


def test_REVEAL_a_typed_card_comes_from_the_decks_current_phase(tmp_path):
    st = table(tmp_path)
    play(st, "ready")
    refused(st, typed(2), "wrong-phase", "REVEAL")
    assert st.view(None)["top"] == {"phase": 1, "boss": False}
    play(st, typed(1))
    assert st.view(None)["top"] is None


def test_X_1_a_typed_card_is_the_boss_only_in_phase_III_and_must_be_when_it_is_the_last_card(tmp_path):
    """It used to be refused as boss-is-last before the 16th card; CM-10 changed: anywhere in phase III."""
    st = table(tmp_path, players=1)
    play(st, "ready")
    for k in range(15):
        if k == 9:
            refused(st, typed(3, boss=True, id="big"), "wrong-phase", "REVEAL")
        play(st, typed(1 if k < 5 else 2 if k < 10 else 3, id=f"t{k}"), "dice 1 6 6 6 / 1", "time 1")
        play(st, *(["loot 1"] if st.step == "loot" else []), "ready")
    assert st.view(None)["top"] == {"phase": 3, "boss": True} and st.revealable() == ["c16"]
    refused(st, typed(3, id="not-the-boss"), "boss-now", "X-1")
    play(st, typed(3, boss=True, id="big"))
    assert st.card.boss and st.to_dict()["challenge_deck"] == 1


def test_X_15_typed_cards_are_not_listed_but_accepted_at_the_reveal(tmp_path):
    st = table(tmp_path)
    play(st, "ready")
    listed = [str(a) for a in st.legal_actions()]
    assert listed == ["reveal"] + [f"reveal c{i}" for i in range(1, 6)]
    text = typed(1, id="mine")  # (a library card's id is the library's: tests/test_chronomage_library_edges.py)
    assert text not in listed
    play(st, text, "fail", "ready")
    assert st.done == [("mine", "lost")] and st.revealable() == ["c1", "c2", "c3", "c4", "c5"]


def test_X_15_a_typed_cards_text_round_trips_with_any_name():
    g = GAME(2)
    for name in ('Quote " and \\ back', "Ünïcödé ✶ card", "tab\there", "x" * 400):
        text = typed(1, name=name, rounds=[{"color": "blue", "power": {"2": 7}, "dice": 2}])
        a = g.parse_action(text)
        assert a.data.name == name and g.parse_action(str(a)) == a and "\n" not in str(a)
        assert str(a) == "reveal " + card_text(a.data) and parse_card(card_text(a.data)) == a.data


def test_CM_3_the_session_journals_a_picked_or_drawn_card_with_its_data(tmp_path):
    path = write_timeline(tmp_path)
    session = Session.start(Journal(tmp_path / "j.sqlite"), "chronomage", 2, seed=3, options={"timeline": str(path)})
    session.play("ready")
    session.play("reveal c2")
    texts = [e.text for e in session.journal.entries(session.id)]
    assert texts[-1].startswith('reveal { id = "c2", name = "Card 2"') and session.game.parse_action(texts[-1]).chance


def play_session(tmp_path, players, seed, path):
    journal = Journal(tmp_path / f"j{seed}.sqlite")
    session = Session.start(journal, "chronomage", players, seed=seed, options={"timeline": str(path)})
    rng = random.Random(seed)
    for _ in range(400):
        if session.outcome() is not None:
            break
        session.play(str(random_action(session.state, rng, fail_rate=0.02)))
    return journal, session


@pytest.mark.parametrize("players,seed", [(1, 1), (3, 2), (4, 3)])
def test_CM_3_a_session_resumes_the_same_after_its_library_file_is_edited(tmp_path, players, seed):
    path = write_timeline(tmp_path)
    journal, session = play_session(tmp_path, players, seed, path)
    before = json.dumps(session.full_state(), sort_keys=True)
    assert session.state.done  # cards were revealed from the file
    # the table edits its library: every power number and chart changes, and the cards are reordered
    data = timeline_dict(**{f"c{i}": monster(power=[99, 98, 97, 96], color="purple", dice=2, resistance=1)
                            for i in range(1, 17)})
    data["card"].reverse()
    path.write_text(to_toml(data), encoding="utf-8")
    again = Session.resume(journal, session.id)
    assert json.dumps(again.full_state(), sort_keys=True) == before
    if again.outcome() is None:  # and play goes on, with the edited library for the cards still to come
        again.play(str(random_action(again.state, random.Random(0))))


def test_ALL_3_the_card_out_comes_back_from_the_state_and_is_checked(tmp_path):
    st = table(tmp_path)
    play(st, "ready", typed(1, id="mole", rounds=[{"color": "blue", "power": {"3": 9}, "dice": 1}]))
    d = json.loads(json.dumps(st.to_dict()))
    other = GAME(3, {"timeline": str(write_timeline(tmp_path / "..", "test"))})  # a different library, same name
    assert other.state_from_dict(d).to_dict() == d
    for change in (lambda c: c["chart"][0].__setitem__("face", 7),
                   lambda c: c.__setitem__("phase", 2),
                   lambda c: c["rounds"][0].__setitem__("power", {"2": 9}),
                   lambda c: c.__setitem__("boss", True)):
        bad = json.loads(json.dumps(d))
        change(bad["card"])
        with pytest.raises(IllegalAction) as err:
            st.game.state_from_dict(bad)
        assert err.value.code == "invalid-state"
    bad = json.loads(json.dumps(d))
    bad["card"] = None
    with pytest.raises(IllegalAction):
        st.game.state_from_dict(bad)


def saved(name="mole", players=3, phase=1):
    from companion.games.chronomage.my_cards import save_card
    card = GAME(players).parse_action(typed(phase, id=name, name=name.capitalize(),
                                            rounds=[{"color": "blue", "power": {str(players): 9}, "dice": 1}])).data
    return save_card(card)


def test_CM_3_a_saved_card_is_offered_among_the_picks_of_later_tables_of_its_size(tmp_path):
    from companion.games.chronomage.my_cards import cards_path
    path = saved()
    assert path == cards_path() and path.is_file() and "[[card]]" in path.read_text()
    st = table(tmp_path)
    play(st, "ready")
    assert st.revealable() == ["c1", "c2", "c3", "c4", "c5", "mole"]
    assert all(st.complete(st.game.parse_action("reveal"), random.Random(k)).card != "mole" for k in range(40))
    done = st.complete(st.game.parse_action("reveal mole"), random.Random(0))
    assert done.data.name == "Mole" and str(done).startswith('reveal { id = "mole"')
    play(st, str(done))
    assert st.power() == 9
    two = GAME(2).new_state()  # no power number for two players: not offered
    play(two, "ready")
    assert "mole" not in two.revealable()


def test_CM_3_saving_checks_the_whole_file_and_a_bad_card_or_an_id_saved_before_changes_nothing(tmp_path):
    from companion.games.chronomage.my_cards import save_card
    path = saved()
    before = path.read_text()
    with pytest.raises(LibraryError) as err:
        saved()
    assert err.value.field == "id" and "already saved" in err.value.reason and path.read_text() == before
    saved("vole")
    assert path.read_text().count("\n[[card]]\n") == 2
    path.write_text(path.read_text() + "\n[[card]]\nid = 7\n")  # a hand edit breaks the file
    broken = path.read_text()
    with pytest.raises(LibraryError) as err:
        save_card(GAME(3).parse_action(typed(1, id="shrew")).data)
    assert str(path) in err.value.reason and path.read_text() == broken
    game = GAME(3)  # a table still starts, without the saved cards, and the warning names the file (CM-3)
    assert game.my_cards == () and str(path) in game.warnings[0] and "card '#3', field 'name'" in game.warnings[0]
