"""Time Runners: one test per rule sentence and ruling (TR-1..TR-18, ALL-1..3), driven by explicit `roll N`."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from companion.core import NotationError, Refusal
from companion.games import make_game
from companion.games.time_runners import DECK, GAME, Play, Roll, Shuffle, parse_action, zone
from companion.testing.time_runners_fixtures import table, table_dict
from rules_helpers import play, refused


def A(text):
    return parse_action(text)


def dealt(players=3, seed=0):
    """A new game after its shuffle (roll-off phase)."""
    st = GAME(players).new_state()
    st.apply(st.automatic(random.Random(seed)))
    return st


def started(players=3, seed=0):
    st = dealt(players, seed)
    play(st, "roll 6", *["roll 1"] * (players - 1))
    return st


# ---------------------------------------------------------------- game and registry
def test_registry_makes_time_runners_with_id_title_and_player_range():
    g = make_game("time-runners", 4)
    assert isinstance(g, GAME) and g.id == "time-runners" and g.title == "Time Runners"
    assert (g.min_players, g.max_players) == (2, 6)


# ---------------------------------------------------------------- TR-1 .. TR-4
def test_TR1_runners_begin_on_start_and_move_forward_from_it():
    st = started(4)
    assert st.to_dict()["positions"] == [0, 0, 0, 0]
    ev = play(st, "roll 3")
    assert st.to_dict()["positions"] == [3, 0, 0, 0]
    assert {"type": "moved", "seat": 1, "from": 0, "to": 3, "backward": False, "hour": 12} in ev


def test_TR1_positions_outside_0_to_60_are_invalid():
    with pytest.raises(Refusal) as e:
        table(3, positions=[61, 0, 0])
    assert e.value.code == "invalid-state" and e.value.rule == "time-runners/TR-1"


@pytest.mark.parametrize("space,hour", [(0, 1), (5, 1), (6, 2), (10, 2), (11, 3), (55, 11), (56, 12), (59, 12)])
def test_TR2_hour_zone_of_space(space, hour):
    assert zone(space) == hour


def test_TR2_hand_at_2_and_runner_on_7_goes_back():
    st = table(3, hour=2, positions=[7, 0, 0])
    ev = play(st, "roll 3")
    assert st.pos[0] == 4 and ev[1]["backward"] is True


def test_TR2_zone_boundary_runner_on_5_is_hour_1_not_2():
    st = table(3, hour=2, positions=[5, 0, 0])
    play(st, "roll 3")
    assert st.pos[0] == 8


def test_TR3_hand_starts_at_12():
    assert started().to_dict()["hour"] == 12
    assert GAME(2).new_state().to_dict()["hour"] == 12


def test_TR3_hour_outside_1_to_12_is_invalid():
    for bad in (0, 13, "5"):
        with pytest.raises(Refusal) as e:
            table(3, hour=bad)
        assert e.value.rule == "time-runners/TR-3"


@pytest.mark.parametrize("n", [1, 7, 0, True])
def test_TR4_two_to_six_players(n):
    with pytest.raises(Refusal) as e:
        GAME(n)
    assert e.value.code == "bad-player-count"


def test_TR4_seat_order_is_turn_order_and_wraps():
    st = table(3, current=3, phase="cards", positions=[0, 0, 4], hands={3: ["+1", "+1"]})
    ev = play(st, "play 3 +1", "end")
    assert st.current == 1 and {"type": "turn", "seat": 1, "turn": 2} in ev


def test_TR4_card_by_a_seat_that_does_not_exist_is_refused():
    refused(table(3), "play 4 +1!", "no-such-seat", "time-runners/TR-4")


# ---------------------------------------------------------------- TR-5 .. TR-7
def test_TR5_deck_has_the_70_listed_cards():
    c = Counter(DECK)
    assert len(DECK) == 70
    assert c["set"] == c["swap"] == 5
    assert all(c[b] == 6 for b in ("+1", "-1", "+2", "-2", "+3", "-3"))
    assert all(c[b + "!"] == 3 for b in ("set", "swap", "+1", "-1", "+2", "-2", "+3", "-3"))
    assert sum(v for k, v in c.items() if not k.endswith("!")) == 46


def test_TR6_setup_starts_with_a_shuffle_chance_action_then_deals_six_each():
    st = GAME(4).new_state()
    assert st.current_player() is None and st.legal_actions() == []
    sh = st.automatic(random.Random(5))
    assert isinstance(sh, Shuffle) and sh.chance and sorted(sh.codes) == sorted(DECK)
    ev = st.apply(sh)
    d = st.to_dict()
    assert [len(h) for h in d["hands"]] == [6] * 4 and len(d["draw_pile"]) == 46
    # dealt one at a time from the top, seat 1 first
    assert d["hands"][0][:2] == [sh.codes[0], sh.codes[4]] and d["hands"][1][0] == sh.codes[1]
    assert d["draw_pile"] == list(sh.codes[24:])
    assert [e for e in ev if e["type"] == "drew"][0]["reveals"] is True
    assert st.automatic(random.Random(1)) is None


def test_TR6_a_shuffle_must_hold_exactly_the_deck():
    st = GAME(3).new_state()
    codes = list(st.automatic(random.Random(1)).codes)
    codes[0] = "set" if codes[0] != "set" else "swap"
    before = json.dumps(st.to_dict(), sort_keys=True)
    with pytest.raises(Refusal) as e:
        st.apply(Shuffle(tuple(codes)))
    assert e.value.code == "bad-shuffle" and json.dumps(st.to_dict(), sort_keys=True) == before
    with pytest.raises(Refusal):
        st.apply(Shuffle(tuple(codes[:-1])))


def test_TR6_empty_draw_pile_reshuffles_discard_mid_draw_then_drawing_continues():
    # seat 2 holds 2 cards and will draw 4, but only 1 card is left in the draw pile
    d = table_dict(3, phase="cards", current=1, positions=[3, 0, 0], hands={1: [], 2: ["+2", "+2"]},
                   draw_pile=["-3"], cards_played=[(1, "+1", None, True)])  # seat 1 played its last card
    st = GAME(3).state_from_dict(d)
    ev = play(st, "end")
    assert st.phase == "reshuffle" and st.current_player() is None and st.legal_actions() == []
    assert st.to_dict()["hands"][1] == ["+2", "+2", "-3"]
    assert {"type": "drew", "seat": 2, "count": 1, "reveals": True} in ev
    refused(st, "play 2 +2", "shuffle-pending", "time-runners/TR-6")
    sh = st.automatic(random.Random(3))
    assert sh.chance and sorted(sh.codes) == sorted(d["discard_pile"][1:] + ["+1"])
    ev = st.apply(sh)
    assert st.phase == "roll" and len(st.hands[1]) == 6 and st.to_dict()["discard_pile"] == []
    assert st.to_dict()["hands"][1][3:] == list(sh.codes[:3])
    assert {"type": "drew", "seat": 2, "count": 3, "reveals": True} in ev


def test_TR6_reshuffle_must_hold_exactly_the_discard_pile():
    d = table_dict(3, phase="cards", current=1, positions=[3, 0, 0], hands={1: ["+1"], 2: ["+2"]}, draw_pile=[],
                   cards_played=[(1, "+1", None, True)])
    st = GAME(3).state_from_dict(d)
    play(st, "play 1 +1", "end")
    good = st.automatic(random.Random(0)).codes
    with pytest.raises(Refusal) as e:
        st.apply(Shuffle(good[1:]))
    assert e.value.code == "bad-shuffle"


def test_TR6_cards_are_conserved_in_state_from_dict():
    d = table_dict(3)
    d["draw_pile"].pop()
    with pytest.raises(Refusal) as e:
        GAME(3).state_from_dict(d)
    assert e.value.code == "invalid-state" and e.value.rule == "time-runners/TR-6"
    d = table_dict(3)
    d["draw_pile"][0] = "set!" if d["draw_pile"][0] != "set!" else "swap!"
    with pytest.raises(Refusal) as e:
        GAME(3).state_from_dict(d)
    assert e.value.rule == "time-runners/TR-5"


def test_TR7_a_seat_view_shows_its_own_hand_and_only_sizes_of_others():
    st = table(3, hands={1: ["set", "+1!"], 2: ["swap!"], 3: ["-3", "-3", "-3"]})
    v = st.view(2)
    assert v["hand"] == ["swap!"] and v["hand_sizes"] == [2, 1, 3]
    assert "hands" not in v and "draw_pile" not in v
    assert "-3" not in json.dumps(v) and "set" not in json.dumps(v)
    pub = st.view(None)
    assert "hand" not in pub and "hands" not in pub and pub["draw_count"] == 70 - 6 - 4  # seat 1 played 4 Instants before its roll


def test_TR7_view_of_unknown_seat_is_refused():
    with pytest.raises(Refusal):
        table(3).view(4)


# ---------------------------------------------------------------- TR-8
def test_TR8_highest_roll_starts():
    st = dealt(4)
    assert st.phase == "roll-off" and st.current_player() == 1
    ev = play(st, "roll 2", "roll 5", "roll 3", "roll 1")
    assert st.phase == "roll" and st.current == 2
    assert {"type": "first-player", "seat": 2} in ev and {"type": "turn", "seat": 2, "turn": 1} in ev


def test_TR8_tied_highest_roll_again_only_they():
    st = dealt(4)
    ev = play(st, "roll 6", "roll 2", "roll 6", "roll 6")
    assert {"type": "roll-off-tie", "seats": [1, 3, 4], "value": 6, "round": 2} in ev
    assert st.current_player() == 1
    play(st, "roll 4", "roll 4")
    assert st.current_player() == 4
    play(st, "roll 2")
    assert st.to_dict()["roll_off"]["seats"] == [1, 3]
    play(st, "roll 1", "roll 3")
    assert st.phase == "roll" and st.current == 3


def test_TR8_roll_off_rolls_are_chance_and_completed_by_the_session():
    st = dealt(2)
    r = st.complete(A("roll"), random.Random(1))
    assert isinstance(r, Roll) and 1 <= r.value <= 6 and r.chance
    refused(st, "roll 7", "bad-roll", "time-runners/TR-8")
    refused(st, "roll", "roll-not-drawn")


# ---------------------------------------------------------------- TR-9 .. TR-12
def test_TR9_draw_to_six_at_start_of_turn():
    st = table(3, phase="cards", current=1, positions=[4, 0, 0], hands={2: ["+2"]},
               cards_played=[(1, "+1", None, True)], last_roll=4)
    top = st.to_dict()["draw_pile"][:5]
    ev = play(st, "end")
    assert st.to_dict()["hands"][1] == ["+2"] + top
    assert {"type": "drew", "seat": 2, "count": 5, "reveals": True} in ev


def test_TR9_a_full_hand_draws_nothing():
    st = table(3, phase="cards", current=1, positions=[4, 0, 0], cards_played=[(1, "+1", None, True)])
    ev = play(st, "end")
    assert not [e for e in ev if e["type"] == "drew"]


def test_TR10_roll_must_be_1_to_6():
    st = table(3)
    refused(st, "roll 0", "bad-roll", "time-runners/TR-10")
    refused(st, "roll 7", "bad-roll")


def test_TR10_rolling_twice_is_refused():
    st = table(3)
    play(st, "roll 2")
    refused(st, "roll 4", "already-rolled", "time-runners/TR-10")
    refused(st, "roll", "already-rolled")


def test_TR10_bare_roll_must_be_completed_before_apply():
    st = table(3)
    refused(st, "roll", "roll-not-drawn", "time-runners/TR-10")
    r = st.complete(A("roll"), random.Random(9))
    assert str(r).startswith("roll ") and st.complete(A("end"), random.Random(0)) == A("end")


def test_TR11_affected_runner_moves_backward_by_the_roll():
    st = table(3, hour=5, positions=[23, 0, 0])
    ev = play(st, "roll 4")
    assert st.pos[0] == 19 and ev[1]["backward"]


def test_TR11_affected_runner_on_3_rolls_5_stops_on_start():
    st = table(3, hour=1, positions=[3, 0, 0])
    play(st, "roll 5")
    assert st.pos[0] == 0


def test_TR11_affected_runner_on_start_stays_on_start():
    st = table(3, hour=1)
    play(st, "roll 6")
    assert st.pos[0] == 0


def test_TR11_unaffected_runner_moves_forward():
    st = table(3, hour=6, positions=[23, 0, 0])
    play(st, "roll 4")
    assert st.pos[0] == 27


def test_TR12_bounce_back_from_goal_58_plus_6_lands_on_56():
    st = table(3, hour=1, positions=[58, 0, 0])
    play(st, "roll 6")
    assert st.pos[0] == 56 and st.phase == "cards" and st.winner is None


def test_TR12_bounce_from_59_plus_6_lands_on_55():
    st = table(3, hour=1, positions=[59, 0, 0])
    play(st, "roll 6")
    assert st.pos[0] == 55


def test_TR12_exact_60_wins_and_ends_the_game_at_once():
    st = table(3, hour=1, positions=[58, 0, 0])
    ev = play(st, "roll 2")
    assert {"type": "won", "seat": 1} in ev
    assert st.outcome().winners == (1,) and st.is_over() and st.current_player() is None
    assert st.legal_actions() == [] and st.view(None)["next"] == "over"


@pytest.mark.parametrize("text", ["end", "roll 3", "roll", "play 1 +1", "play 2 +1!", "sensor off"])
def test_TR12_nothing_may_be_played_after_the_game_ended(text):
    st = table(3, hour=1, positions=[58, 0, 0], hands={1: ["+1"], 2: ["+1!"]})
    play(st, "roll 2")
    refused(st, text, "game-over", "time-runners/TR-12")


def test_TR12_backward_move_at_hour_12_near_goal():
    st = table(3, hour=12, positions=[58, 0, 0])
    play(st, "roll 6")
    assert st.pos[0] == 52


# ---------------------------------------------------------------- TR-13
def test_TR13_ending_the_turn_without_playing_a_card_is_refused():
    st = table(3)
    play(st, "roll 3")
    e = refused(st, "end", "must-play-card", "time-runners/TR-13")
    assert st.view(1)["next"] == "play-card"


def test_TR13_one_card_then_end_and_any_number_of_cards_allowed():
    st = table(3, hands={1: ["+1", "+2", "-1"]})
    play(st, "roll 3", "play 1 +1")
    assert st.view(1)["next"] == "play-or-end"
    play(st, "play 1 +2", "play 1 -1", "end")
    assert st.current == 2


def test_TR13_instant_played_by_P_after_moving_counts():
    st = table(3, hands={1: ["+1!", "set"]})
    play(st, "roll 3", "play 1 +1!", "end")
    assert st.current == 2


def test_TR13_instant_played_by_P_before_rolling_does_not_count():
    st = table(3, hands={1: ["+1!", "set"]})
    play(st, "play 1 +1!", "roll 3")
    refused(st, "end", "must-play-card")


def test_TR13_ending_before_rolling_is_refused():
    refused(table(3), "end", "not-moved-yet", "time-runners/TR-10")


def test_TR13_ruling_P_holding_no_card_after_moving_may_end_without_playing():
    st = table(3, hands={1: ["+1!"]})
    play(st, "play 1 +1!", "roll 2")
    assert st.hands[0] == [] and st.view(None)["next"] == "play-or-end"
    assert A("end") in st.legal_actions()
    play(st, "end")
    assert st.current == 2


# ---------------------------------------------------------------- TR-14
def test_TR14_set_hour_moves_the_hand_to_X_even_the_same_hour():
    st = table(3, hour=4, hands={1: ["set", "set"]})
    ev = play(st, "roll 1", "play 1 set 9")
    assert st.hour == 9 and {"type": "hour", "from": 4, "to": 9} in ev
    play(st, "play 1 set 9")
    assert st.hour == 9


def test_TR14_plus_wraps_12_to_1_and_minus_wraps_1_to_12():
    st = table(3, hour=12, hands={1: ["+1", "-1", "+3", "-2"]})
    play(st, "roll 1", "play 1 +1")
    assert st.hour == 1
    play(st, "play 1 -1")
    assert st.hour == 12
    play(st, "play 1 +3")
    assert st.hour == 3
    play(st, "play 1 -2")
    assert st.hour == 1


def test_TR14_change_position_swaps_with_a_runner_of_P_choice():
    st = table(3, positions=[10, 20, 30], hands={1: ["swap"]})
    ev = play(st, "roll 1", "play 1 swap 3")
    assert st.pos == [30, 20, 11]
    assert {"type": "swapped", "seat": 1, "other": 3, "seat_to": 30, "other_to": 11} in ev


def test_TR14_swapping_with_yourself_is_refused():
    st = table(3, hands={1: ["swap"]})
    play(st, "roll 1")
    refused(st, "play 1 swap 1", "swap-with-self", "time-runners/TR-14")
    refused(st, "play 1 swap 4", "bad-swap-target", "time-runners/TR-14")


def test_TR14_ruling_swap_with_a_runner_on_the_same_space_is_allowed_and_counts():
    st = table(3, positions=[0, 4, 0], hands={1: ["swap"]})
    play(st, "roll 4", "play 1 swap 2", "end")
    assert st.pos[:2] == [4, 4] and st.current == 2


def test_TR14_bad_set_hour_argument_is_refused():
    st = table(3, hands={1: ["set"]})
    play(st, "roll 1")
    refused(st, "play 1 set 13", "bad-hour", "time-runners/TR-14")
    refused(st, "play 1 set 0", "bad-hour")


def test_TR14_played_cards_go_to_the_discard_pile():
    st = table(3, hands={1: ["-3", "set"]}, draw_pile=[])
    before = st.to_dict()["discard_pile"]
    play(st, "roll 1", "play 1 -3")
    d = st.to_dict()
    assert d["discard_pile"] == ["-3"] + before and d["hands"][0] == ["set"]
    assert st.view(None)["discard_top"] == "-3"


def test_TR14_playing_a_card_you_do_not_hold_is_refused():
    st = table(3, hands={1: ["set"]})
    play(st, "roll 1")
    refused(st, "play 1 +1", "card-not-held", "time-runners/card-not-held")
    refused(st, "play 1 set! 4", "card-not-held")


# ---------------------------------------------------------------- TR-15 .. TR-17
def test_TR15_instants_by_any_seat_before_P_rolls_and_during_others_turns():
    st = table(3, hour=12, hands={2: ["+1!"], 3: ["swap!"], 1: ["set!", "+1"]}, positions=[0, 5, 9])
    play(st, "play 2 +1!", "play 1 set! 3", "roll 2", "play 3 swap! 1")
    assert st.hour == 3 and st.pos == [9, 5, 2]


def test_TR15_instant_by_someone_else_does_not_count_for_P():
    st = table(3, hands={2: ["+1!"]})
    play(st, "roll 2", "play 2 +1!")
    refused(st, "end", "must-play-card")


def test_TR15_ruling_no_instants_during_the_roll_off():
    st = dealt(3)
    seat = next(s for s in (1, 2, 3) if any(c.endswith("!") for c in st.hands[s - 1]))
    code = next(c for c in st.hands[seat - 1] if c.endswith("!"))
    arg = {"set!": " 5", "swap!": f" {seat % 3 + 1}"}.get(code, "")
    refused(st, f"play {seat} {code}{arg}", "setup-not-finished", "time-runners/TR-15")
    assert all(type(a).__name__ != "Play" for a in st.legal_actions())


def test_TR15_no_instants_before_the_deal():
    refused(GAME(3).new_state(), "play 1 +1!", "setup-not-finished", "time-runners/TR-15")


def test_TR16_normal_card_by_seat_not_in_turn_is_refused():
    st = table(3, hands={2: ["+1"]})
    play(st, "roll 1")
    refused(st, "play 2 +1", "not-your-turn", "time-runners/TR-16")


def test_TR16_normal_card_before_moving_is_refused():
    st = table(3, hands={1: ["+1"]})
    refused(st, "play 1 +1", "not-moved-yet", "time-runners/TR-16")


def test_TR16_refusal_order_turn_before_phase_before_card_held():
    st = table(3, hands={1: ["+1"], 2: []})
    refused(st, "play 2 +3", "not-your-turn")  # not in turn beats not moved and not held
    refused(st, "play 1 +3", "not-moved-yet")  # not moved beats not held
    play(st, "roll 1")
    refused(st, "play 1 +3", "card-not-held")


def test_TR17_hour_is_read_at_the_roll_cards_afterwards_affect_later_rolls_only():
    st = table(3, hour=1, positions=[2, 0, 0], hands={1: ["set"], 2: ["+1"]})
    play(st, "roll 3")  # hour 1 = zone of 2: backward
    assert st.pos[0] == 0
    play(st, "play 1 set 7")  # does not move anyone now
    assert st.pos[0] == 0 and st.hour == 7


# ---------------------------------------------------------------- TR-18
def test_TR18_without_sensing_the_check_is_off():
    st = table(3, hour=5)
    assert st.observations == {} and st.view(None)["sensor"]["turn_hand_to"] is None
    play(st, "roll 2")


def test_TR18_roll_refused_while_sensed_hand_differs():
    st = table(3, hour=5)
    st.sense({"hand": 12})
    assert st.observations == {"hand": 12}
    e = refused(st, "roll 3", "hand-out-of-sync", "time-runners/hand-out-of-sync")
    assert e.reason == "Turn the hand of time to 5 before rolling."
    refused(st, "roll", "hand-out-of-sync")
    assert not [a for a in st.legal_actions() if isinstance(a, Roll)]
    v = st.view(None)
    assert v["next"] == "turn-hand" and v["sensor"]["turn_hand_to"] == 5 and not v["sensor"]["in_sync"]
    st.sense({"hand": 5})
    assert st.view(None)["next"] == "roll" and A("roll 3") in st.legal_actions()
    play(st, "roll 3")


def test_TR18_hand_not_seen_counts_as_out_of_sync_once_sensing_started():
    st = table(3, hour=5)
    st.sense({"hand": 5})
    st.sense({"hand": None})
    e = refused(st, "roll 3", "hand-out-of-sync")
    assert "turn it to 5" in e.reason


def test_TR18_sensor_off_override_is_journaled_and_lifts_the_check():
    st = table(3, hour=5)
    st.sense({"hand": 9})
    ev = play(st, "sensor off")
    assert ev == [{"type": "sensor", "check": "off"}] and st.to_dict()["sensor_off"] is True
    refused(st, "sensor off", "sensor-already-off", "time-runners/TR-18")
    assert A("sensor on") in st.legal_actions() and A("sensor off") not in st.legal_actions()
    play(st, "roll 1", "sensor on")
    assert st.to_dict()["sensor_off"] is False
    refused(st, "sensor on", "sensor-already-on")


def test_TR18_card_moves_hand_so_next_roll_waits_for_the_table_to_turn_it():
    st = table(3, hour=5, hands={1: ["+2"]})
    st.sense({"hand": 5})
    play(st, "roll 1", "play 1 +2", "end")
    e = refused(st, "roll 4", "hand-out-of-sync")
    assert "to 7" in e.reason
    st.sense({"hand": 7})
    play(st, "roll 4")


def test_TR18_ruling_roll_off_is_not_gated_by_the_hand():
    st = dealt(2)
    st.sense({"hand": 3})
    play(st, "roll 5", "roll 2")
    assert st.phase == "roll"


def test_TR18_sense_rejects_malformed_observations():
    st = table(3)
    for bad in ({"hand": 0}, {"hand": 13}, {"hand": "5"}, {"dice": 3}, None):
        with pytest.raises(Refusal) as e:
            st.sense(bad)
        assert e.value.code == "bad-observation"
    assert st.observations == {}


def test_TR18_a_reading_of_a_huge_number_is_refused_quoting_a_short_piece_of_it():
    st = table(3)
    with pytest.raises(Refusal) as e:
        st.sense({"hand": 10 ** 400})
    assert e.value.code == "bad-observation" and len(e.value.reason) < 120 and "..." in e.value.reason


def test_TR18_sensor_toggle_allowed_in_roll_off_but_not_before_the_deal():
    st = GAME(3).new_state()
    refused(st, "sensor off", "setup-not-finished")
    st = dealt(3)
    play(st, "sensor off")


# ---------------------------------------------------------------- ALL-1 .. ALL-3
def test_ALL1_refusal_carries_code_reason_rule_and_changes_nothing():
    st = table(3)
    e = refused(st, "play 1 +1", "not-moved-yet")
    assert e.as_dict() == {"code": "not-moved-yet", "reason": e.reason, "rule": "time-runners/TR-16"}


def test_ALL2_chance_actions_are_marked_and_replay_exactly():
    assert A("roll 3").chance and A("shuffle set").chance
    assert not A("end").chance and not A("play 1 +1").chance and not A("sensor off").chance
    st = GAME(3).new_state()
    rng = random.Random(4)
    log = []
    for _ in range(5):
        a = st.automatic(rng) or st.complete(A("roll"), rng)
        st.apply(a)
        log.append(str(a))
    again = GAME(3).new_state()
    for t in log:
        again.apply(GAME(3).parse_action(t))
    assert again.to_dict() == st.to_dict()


def test_ALL3_state_from_dict_round_trips_and_names_what_is_wrong():
    d = table_dict(4, phase="cards", positions=[12, 3, 59, 0], hour=7, last_roll=3,
                   cards_played=[(2, "+1!", None, False), (1, "set", 7, True)])
    st = GAME(4).state_from_dict(d)
    assert st.to_dict() == d and st.counted == 1
    cases = [
        (dict(d, winner=2), "TR-12"),
        (dict(d, positions=[60, 3, 59, 0]), "TR-12"),
        (dict(d, current=5), "TR-4"),
        (dict(d, phase="bogus"), "ALL-3"),
        (dict(d, last_roll=None), "TR-10"),
        (dict(d, hands=[["set"] * 7] + d["hands"][1:]), "TR-9"),
        ({k: v for k, v in d.items() if k != "hour"}, "ALL-3"),
        (dict(d, extra=1), "ALL-3"),
        (dict(d, players=3), "TR-4"),
        (dict(d, cards_played=[(dict(seat=2, code="set", arg=4, after_move=True))]), "TR-16"),
    ]
    for bad, rule in cases:
        with pytest.raises(Refusal) as e:
            GAME(4).state_from_dict(bad)
        assert e.value.code == "invalid-state"
        assert e.value.rule.endswith(rule), (bad, e.value)


def test_ALL3_finished_game_round_trips_with_one_winner():
    d = table_dict(2, phase="over", positions=[60, 10], winner=1, current=1, last_roll=2)
    st = GAME(2).state_from_dict(d)
    assert st.outcome().winners == (1,) and st.to_dict() == d
    with pytest.raises(Refusal):
        GAME(2).state_from_dict(dict(d, positions=[60, 60]))


# ---------------------------------------------------------------- notation and views
@pytest.mark.parametrize("text", ["roll", "roll 4", "play 1 set 5", "play 3 swap! 1", "play 2 -1!", "end",
                                  "shuffle set +1 -2!", "sensor off", "sensor on", "play 6 +3"])
def test_notation_round_trips(text):
    a = parse_action(text)
    assert str(a) == text and type(a).parse(str(a)) == a and GAME(3).parse_action(text) == a
    assert eval(repr(a), {type(a).__name__: type(a)}) == a


@pytest.mark.parametrize("text", ["", "jump", "roll x", "roll 1 2", "play 1", "play 1 set", "play 1 +1 3",
                                  "play 1 +4", "play x +1", "end now", "shuffle", "shuffle set bogus",
                                  "sensor maybe", "play 1 swap", "roll -1", "roll ²"])
def test_notation_errors_are_notation_errors(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_view_next_field_walks_through_a_turn():
    st = GAME(2).new_state()
    assert st.view(None)["next"] == "shuffle"
    st.apply(st.automatic(random.Random(0)))
    assert st.view(1)["next"] == "roll-off"
    play(st, "roll 6", "roll 1")
    assert st.view(None)["next"] == "roll"
    play(st, "roll 2")
    assert st.view(2)["next"] == "play-card"
    v = st.view(None)
    assert v["last_roll"] == {"seat": 1, "value": 2, "from": 0, "to": 2} and v["positions"] == [2, 0]
    assert v["backward"] == [False, False] and v["zones"] == [1, 1]


def test_TR18_sense_is_an_observation_not_part_of_the_journaled_state():
    st = table(3, hour=5)
    d = st.to_dict()
    ev = st.sense({"hand": 5})
    assert ev == [{"type": "sensed", "hand": 5, "in_sync": True}]
    assert st.to_dict() == d and st.observations == {"hand": 5}
    assert st.clone().observations == {"hand": 5}
    assert GAME(3).state_from_dict(st.to_dict()).observations == {}


def test_ruling_no_swap_can_reach_60_because_a_runner_on_60_has_already_ended_the_game():
    st = table(3, hour=1, positions=[58, 0, 0], hands={2: ["swap!"]})
    play(st, "roll 2")
    refused(st, "play 2 swap! 1", "game-over")
    with pytest.raises(Refusal) as e:
        table(3, positions=[0, 60, 0])
    assert e.value.rule == "time-runners/TR-12"


def test_ruling_end_and_roll_act_for_the_player_in_turn_without_a_seat():
    st = table(3, current=2, hands={2: ["+1"]})
    play(st, "roll 4", "play 2 +1", "end")
    assert st.pos == [0, 4, 0] and st.current == 3
