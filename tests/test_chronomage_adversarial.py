"""Chronomage, attacked: each test pins one disagreement found between the engine and its rules
(the draft rulebook, CM-1..CM-12, the engine's own X-rulings), then fixed."""
from __future__ import annotations

import json

import pytest

from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import event, monster, play, typed, write_timeline
from companion.games.chronomage.timeline import LibraryError, parse_card
from companion.testing.chronomage_fixtures import timeline_dict, to_toml
from rules_helpers import refused_load


def table(tmp_path, players=2, **cards):
    return GAME(players, {"timeline": str(write_timeline(tmp_path, **cards))}).new_state()


def win_one(st):
    """Reveal the first card allowed and beat it with sixes; hand cleanup's cards to seat 1."""
    play(st, "ready", f"reveal {st.revealable()[0]}")
    while st.phase == "challenge":
        play(st, f"dice {st.to_roll()[0]} 6 6 6 / 1")
    play(st, "time 1")
    if st.step == "loot":
        play(st, "loot 1")


# ---------------------------------------------------------------- CM-10 / X-1: sixteen cards and no more

def test_CM_10_a_running_table_with_all_sixteen_challenges_done_is_refused(tmp_path):
    st = table(tmp_path)
    d = st.to_dict()
    d["done"] = [{"id": f"x{i}", "result": "won"} for i in range(16)]
    d["challenge_deck"] = 0
    # with the whole deck played the timeline is over (the boss fell, or was lost): no 17th card
    refused_load(st.game, d)


def test_CM_10_the_engine_still_accepts_its_own_tables_after_fifteen_challenges(tmp_path):
    st = table(tmp_path)
    for _ in range(15):
        win_one(st)
    assert len(st.done) == 15 and st.phase == "strategy"
    assert st.game.state_from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == st.to_dict()
    win_one(st)
    assert st.result == "victory"
    assert st.game.state_from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == st.to_dict()


# ---------------------------------------------------------------- CM-11: a round is a round

def test_CM_11_a_challenge_at_round_zero_is_refused_not_a_crash(tmp_path):
    st = table(tmp_path)
    play(st, "ready", "reveal c1")
    d = st.to_dict()
    d["challenge"]["round"] = 0
    d["challenge"]["power"] = d["damage"]["power"] = None
    refused_load(st.game, d)


# ---------------------------------------------------------------- PREEMPT: the record must be one the table can reach

GROUP = {"kind": "choice", "attempt": ["orange"], "all": True, "options": ["Hold", "Run"]}
CRISIS = {"kind": "crisis", "attempt": ["orange", "blue"], "goal": 10, "weakness": "green"}
EXPLOIT = {"kind": "exploit", "attempt": ["orange"], "goal": 10}


def test_PREEMPT_a_group_choice_already_made_cannot_still_be_waiting(tmp_path):
    st = table(tmp_path, c1=monster(preemptive=GROUP))
    play(st, "ready", "reveal c1")
    d = st.to_dict()
    assert d["step"] == "preemptive"
    d["preemptive"]["results"] = [1, 1]
    refused_load(st.game, d)


def test_PREEMPT_a_crisis_result_follows_from_its_roll(tmp_path):
    st = table(tmp_path, 3, c1=monster(preemptive=CRISIS))
    play(st, "ready", "reveal c1", "dice 1 1 1 1")
    d = st.to_dict()
    assert d["preemptive"]["results"] == ["fail", None, None]
    for change in (lambda p: p["results"].__setitem__(0, "success"),  # 3 is not 10
                   lambda p: p["rolls"].__setitem__(0, None),  # a result without its roll
                   lambda p: p["results"].__setitem__(2, "fail"),  # green is not printed
                   lambda p: p["rolls"].__setitem__(1, [6, 6, 6])):  # a roll without its result
        bad = json.loads(json.dumps(d))
        change(bad["preemptive"])
        refused_load(st.game, bad)


def test_PREEMPT_the_challenge_begins_only_once_the_preemptive_action_is_over(tmp_path):
    st = table(tmp_path, 3, c1=monster(preemptive=CRISIS))
    play(st, "ready", "reveal c1", "dice 1 6 6 6", "dice 2 1 1 1")
    d = st.to_dict()
    assert d["phase"] == "challenge"
    bad = json.loads(json.dumps(d))
    bad["preemptive"]["results"][1], bad["preemptive"]["rolls"][1] = None, None  # blue never rolled
    refused_load(st.game, bad)


def test_X_5_an_exploit_is_attempted_or_skipped_with_true_or_false_only(tmp_path):
    st = table(tmp_path, c1=monster(preemptive=EXPLOIT))
    play(st, "ready", "reveal c1", "exploit no")
    d = st.to_dict()
    assert d["phase"] == "challenge" and d["preemptive"]["attempt"] is False
    for attempt in (0, None):  # 0 is not false; undecided, the challenge cannot have begun
        bad = json.loads(json.dumps(d))
        bad["preemptive"]["attempt"] = attempt
        refused_load(st.game, bad)
    bad = json.loads(json.dumps(d))
    bad["preemptive"]["results"][0], bad["preemptive"]["rolls"][0] = "success", [6, 6, 6]  # a skipped exploit has no roll
    refused_load(st.game, bad)


# ---------------------------------------------------------------- CM-5: time units and bonuses come from spells

def test_CM_5_time_units_used_this_round_need_a_spell_cast(tmp_path):
    st = table(tmp_path)
    play(st, "ready", "reveal c1")
    d = st.to_dict()
    assert d["spent"] == [0, 0]
    for key in ("time_used", "bonus"):
        bad = json.loads(json.dumps(d))
        bad[key][0] = 3
        refused_load(st.game, bad)
    play(st, "spell 1 3 0 2")
    assert st.game.state_from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == st.to_dict()


# ---------------------------------------------------------------- EVENT: one challenge die

def test_EVENT_an_event_card_rolls_one_challenge_die():
    card = {"id": "gale", "name": "Gale", "phase": 1, **event()}
    card["rounds"] = [{"color": "blue", "power": [8, 8, 8, 8], "dice": 2}]
    data = timeline_dict(c1=card)
    with pytest.raises(LibraryError) as err:
        from companion.games.chronomage.timeline import parse_timeline
        parse_timeline(to_toml(data), "t.toml")
    assert err.value.field == "rounds[1].dice"
    text = typed(1, id="gale", rounds=[{"color": "blue", "power": [8, 8, 8, 8], "dice": 2}])
    text = text.replace('type = "monster"', 'type = "event"')
    with pytest.raises(LibraryError) as err:
        parse_card(text[len("reveal "):])
    assert err.value.field == "rounds[1].dice"


# ---------------------------------------------------------------- CM-1: the refusal of a table size names a rule

@pytest.mark.parametrize("players", [0, 5])
def test_CM_1_a_bad_table_size_is_refused_citing_a_rule_the_reference_explains(players):
    from companion.core import BadRequest
    from companion.rules import explain
    with pytest.raises(BadRequest) as err:
        GAME(players)
    assert err.value.code == "bad-player-count"
    assert explain(err.value.rule), f"{err.value.rule!r} is not in the rules reference"


def test_ALL_3_counts_in_the_books_are_whole_numbers_not_16_point_0(tmp_path):
    st = table(tmp_path)
    for field, key in (("challenge_deck", None), ("damage", "total")):
        d = st.to_dict()
        if key is None:
            d[field] = float(d[field])
        else:
            d[field][key] = float(d[field][key])
        refused_load(st.game, d, words="do not match the books")
