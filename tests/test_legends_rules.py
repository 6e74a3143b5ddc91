"""Legends of the Arena: one test per rule sentence and ruling, named after its id (physical mode
where positions and cards are fixed). Push tracks are the placeholder floor(index / 3)."""
import json

import pytest

from companion import events as ev
from companion.core import BadRequest, IllegalAction
from companion.games.legends import GAME as Legends
from companion.games.legends import data
from companion.testing.legends_fixtures import table, table_dict
from rules_helpers import play, refused  # noqa: F401  (other Legends tests import them from here)

IDLE = {"alysia": "wind-up", "fitz": "tenderize", "hilda": "spotlight", "lucius": "draw-claw",
        "zephyr": "ride-the-barrel", "sabo": "spike-trap", "lord-grym": "bury-them", "tikkit": "quick-fix"}


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    """Games here play the package files' values, whatever this machine's data directory holds (LA-3)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def idle(st, s):
    """An own card that only asks `do S done`: the usual one, else one not played yet (LA-15)."""
    lg = st.legend(s)
    return next(c for c in (IDLE[lg.id],) + lg.specials + lg.ultimates if st.piles[s - 1].played(c) is None)


def drawn(st, more=1):
    """The same table with `more` cards more drawn from every Meter: more own cards to play (LA-15); with
    three more a 4-card Meter is all drawn, its Ultimate from under the Specials too (R-12)."""
    return st.game.state_from_dict({**st.to_dict(), "meters": [p.meter - more for p in st.piles]})


def exchange(st, *cards, answers=()):
    """Reveal one card per seat (None: an idle own card), then answer the asks: the next of `answers`
    if it is the asked seat's, else `do S done` for a card on the primitives panel; stop otherwise."""
    active = st.turn().seats  # LA-11: a team out of the Arena reveals nothing
    events = play(st, *[f"reveal {s} {c or idle(st, s)}" for s, c in enumerate(cards, 1) if s in active])
    answers = list(answers)
    while st.ask is not None:
        a = st.to_dict()["ask"]
        if answers and answers[0].split()[:2] == [a["kind"], str(a["seat"])]:
            events += play(st, answers.pop(0))
        elif a["kind"] == "do":
            events += play(st, f"do {a['seat']} done")
        else:
            break
    assert not answers, f"unused answers {answers}"
    return events


def of(events, kind):
    return [e for e in events if e["type"] == kind]


def legend(st, s):
    return st.to_dict()["legends"][s - 1]


# -- rulings LA-1..LA-9 ---------------------------------------------------------------------------------

def test_LA_1_a_legend_in_the_arena_stands_on_1_to_5():
    st = table(2)
    d = st.to_dict()
    for bad in (0, 6, 7):
        d["legends"][0]["space"] = bad
        with pytest.raises(IllegalAction) as err:
            st.game.state_from_dict(d)
        assert err.value.code == "invalid-state"


def test_LA_2_teams_portals_2_and_4_facing_the_center_ffa_all_on_3_alternating():
    d = Legends(2).new_state().to_dict()
    assert [(l["space"], l["facing"]) for l in d["legends"]] == [(2, "right"), (4, "left")]
    d = Legends(4, {"mode": "ffa"}).new_state().to_dict()
    assert [(l["space"], l["facing"]) for l in d["legends"]] == [(3, "right"), (3, "left"), (3, "right"), (3, "left")]


def test_LA_3_one_data_file_per_legend_placeholders_marked_and_the_placeholder_track():
    assert sorted(p.stem for p in data.DATA.glob("*.json")) == sorted(data.LEGEND_IDS)
    for lid in data.LEGEND_IDS:
        lg = data.load(lid)
        assert lg.push_track == tuple(i // 3 for i in range(21))
        assert "push_track" in data.placeholders(lid)
        assert {"step", "dive", "defensive-pivot"} <= set(lg.basics) and len(lg.specials) == 3
    assert Legends(2).placeholders()[1][0] == "push_track"


def test_LA_3_typed_values_are_validated_kept_and_read_back(tmp_path):
    with pytest.raises(BadRequest) as err:
        data.save_values(tmp_path, "fitz", {"push_track": [0, 1, 2]})
    assert "11 or more" in err.value.reason and not (tmp_path / "legends").exists()
    with pytest.raises(BadRequest):
        data.save_values(tmp_path, "fitz", {"cards": {"no-such-card": 50}})
    data.save_values(tmp_path, "fitz", {"push_track": [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5], "cards": {"tenderize": 85}})
    lg = data.load("fitz", tmp_path)
    assert lg.push(10) == 5 and lg.speed("tenderize") == 85
    assert "push_track" not in lg.placeholders and "cards.tenderize" not in lg.placeholders
    assert json.loads((tmp_path / "legends" / "fitz.json").read_text())["cards"] == {"tenderize": 85}


def test_LA_4_a_special_resolves_from_primitives_and_the_referee_still_knocks_out():
    st = table(2, spaces=[3, 5], facing=["right", "left"])
    play(st, "reveal 1 wind-up", "reveal 2 punch")
    assert st.turn().seats == (1,) and st.ask.kind == "do"
    assert "do 1 strike 2 any" in map(str, st.legal_actions())
    events = play(st, "do 1 push 2 right 2", "do 1 initiative", "do 1 done")
    assert of(events, "knock-out")[0]["seat"] == 2 and st.outcome().winners == (1,)



def test_LA_4_a_step_played_by_hand_is_told_by_its_notation_and_reads_back_equal():
    st = table(2, spaces=[3, 5], facing=["right", "left"])
    play(st, "reveal 1 wind-up", "reveal 2 punch")
    step = next(a for a in st.legal_actions() if str(a) == "do 1 fatigue 2 +1")
    told = of(st.apply(step), "primitive")[0]
    assert told == {"type": "primitive", "seat": 1, "step": "do 1 fatigue 2 +1"} and told["step"] == str(step)
    back = ev.from_dict(st.game, json.loads(json.dumps(told.to_dict())))
    assert back == told and back.to_dict() == told.to_dict() and back.told(ev.Names()) == told.told(ev.Names())

def test_LA_5_the_initiative_starts_with_seat_1():
    assert Legends(3).new_state().initiative == 1 and Legends(4).new_state().to_dict()["initiative"] == 1


def test_LA_6_a_view_never_holds_another_seats_picks_meter_or_hand_teammates_see_hands():
    st = Legends(4, {"cards": "digital"}).new_state()
    import random
    rng = random.Random(3)
    while st.phase == "draw":
        st.apply(st.automatic(rng))
    hand1 = list(st.piles[0].hand)
    pick = st.game.parse_action("pick 1 " + " ".join(hand1[:3]))
    events = st.apply(pick)
    assert pick.redacted() == "pick 1 ? ? ?" and [e for e in events if "visible_to" in e] == [
        {"type": "my-picks", "seat": 1, "cards": hand1[:3], "visible_to": [1]}]
    for seat in (None, 2, 3, 4):
        v = st.view(seat)
        assert "picks" not in v and "meters" not in v and "hands" not in v
        assert v.get("my_picks", []) == []
    assert st.view(1)["my_picks"] == hand1[:3]
    # the teammate sees seat 1's cards, picked ones included: the hand never tells which were picked
    assert st.view(3)["team_hands"] == {"1": sorted(hand1)} and "1" not in st.view(2)["team_hands"]
    assert "hand" not in st.view(None)


def test_LA_7_undo_stops_at_a_reveal_and_at_a_draw():
    st = table(2, cards="digital")
    play(st, "pick 1 step back dive")
    events = play(st, "pick 2 step back dive")
    stop = st.undo_stop(st.game.parse_action("pick 2 step back dive"), events)
    assert any(e.get("reveals") for e in events) and stop.rule == "legends-of-the-arena/LA-7"
    draw = st.game.parse_action("draw 1 wind-up")
    assert st.undo_stop(draw, []).rule == "legends-of-the-arena/LA-7" and draw.redacted() == "draw 1 ?"


def test_LA_8_cards_option_digital_takes_picks_physical_takes_reveals():
    assert Legends(2).options["cards"] == "digital"
    refused(table(2, cards="physical"), "pick 1 step back dive", "physical-cards")
    refused(table(2, cards="digital"), "reveal 1 step", "digital-cards")


def test_LA_9_the_push_track_is_indexed_by_new_fatigue_plus_remaining_force_past_the_end_the_last():
    lg = data.load("alysia")
    assert lg.push(3) == 1 and lg.push(20) == 6 and lg.push(99) == 6
    st = table(2, spaces=[3, 3], fatigue=[0, 5])
    events = exchange(st, "punch", None)
    assert of(events, "strike")[0]["tokens"] == lg.push(6 + 2) == 2


# -- the rule text ------------------------------------------------------------------------------------

def test_modes_teams_is_1v1_or_2v2_ffa_is_3_or_4_and_the_defaults():
    assert [Legends(n).options["mode"] for n in (2, 3, 4)] == ["teams", "ffa", "teams"]
    for n, mode in ((3, "teams"), (2, "ffa")):
        with pytest.raises(BadRequest) as err:
            Legends(n, {"mode": mode})
        assert err.value.rule == "legends-of-the-arena/modes"
    assert Legends(4, {"mode": "ffa"}).options["mode"] == "ffa"


def test_teams_stocks_one_per_team_in_1v1_two_in_2v2_a_team_without_stock_loses():
    assert Legends(2).new_state().stocks == [1, 1] and Legends(4).new_state().stocks == [2, 2]
    st = table(4, spaces=[5, 5, 3, 3], facing=["right", "left", "right", "left"], fatigue=[0, 9, 0, 0])
    exchange(st, "smash", None, None, None, answers=["face 2 left"])
    assert st.stocks == [2, 1] and st.outcome() is None
    st = table(4, spaces=[5, 5, 3, 3], facing=["right", "left", "right", "left"], fatigue=[0, 9, 0, 0], stocks=[2, 1])
    exchange(st, "smash", None, None, None)
    assert st.outcome().winners == (1, 3) and st.to_dict()["winner"] == [1, 3]


def test_ffa_knockouts_nobody_is_eliminated_the_first_to_two_knock_outs_wins():
    st = table(3, spaces=[5, 5, 1], facing=["right", "left", "right"], fatigue=[0, 9, 0], knockouts=[1, 0, 0])
    events = exchange(st, "smash", None, None)
    assert of(events, "knock-out")[0]["by"] == 1 and st.outcome().winners == (1,)
    assert st.outcome().ranking[0] == (1,)


def test_sharing_legends_in_one_space_face_each_other():
    st = table(2, spaces=[2, 3], facing=["right", "right"])
    events = exchange(st, "step", None)
    assert legend(st, 1)["space"] == 3 and legend(st, 2)["facing"] == "left"
    assert {"type": "turn", "seat": 2, "facing": "left", "why": "sharing"} in events


def test_edge_recovery_landing_exactly_on_an_edge_turns_to_the_center_and_steps_back_in():
    st = table(2, spaces=[4, 4], facing=["right", "left"], fatigue=[0, 3])
    events = exchange(st, "smash", None)  # Fatigue 4 + Force 3 = 7: 2 tokens, 4 -> 6
    assert of(events, "edge-recovery")[0]["edge"] == 6
    assert (legend(st, 2)["space"], legend(st, 2)["facing"]) == (5, "left") and st.outcome() is None


def test_knock_out_pushed_past_an_edge_is_knocked_out():
    st = table(2, spaces=[5, 5], facing=["right", "left"], fatigue=[0, 9])
    events = exchange(st, "smash", None)  # 10 + 3 = 13: 4 tokens, 5 -> 9
    ko = of(events, "knock-out")[0]
    assert ko["seat"] == 2 and ko["overshoot"] == 3 and st.outcome().winners == (1,)


def test_draw_every_sequence_starts_with_each_seat_drawing_from_its_meter():
    import random
    st = Legends(2, {"cards": "digital"}).new_state()
    assert st.turn().kind == "chance" and st.phase == "draw"
    a = st.automatic(random.Random(0))
    assert a.seat == 1 and a.card in data.load("alysia").specials
    events = st.apply(a)
    assert {"type": "drew", "seat": 1} in events and a.card in st.piles[0].hand
    st.apply(st.automatic(random.Random(0)))
    assert st.phase == "pick" and st.turn().seats == (1, 2)


def _empty_meter(st):
    d = st.to_dict()
    lg = st.legend(1)
    d["meters"][0] = {"specials": [], "ultimates": []}
    d["discards"][0] = list(lg.specials)
    d["removed"][0] = list(lg.ultimates)
    d.update(phase="draw", queue=[1, 2], ask={"kind": "reshuffle", "seat": 1})
    return st.game.state_from_dict(d)


def test_reshuffle_an_empty_meter_may_be_shuffled_again_from_the_specials():
    st = _empty_meter(table(2, cards="digital"))
    assert st.turn().seats == (1,) and set(map(str, st.legal_actions())) == {"reshuffle 1 yes", "reshuffle 1 no"}
    play(st, "reshuffle 1 yes")
    assert sorted(st.piles[0].meter["specials"]) == sorted(st.legend(1).specials) and st.turn().kind == "chance"
    st = _empty_meter(table(2, cards="digital"))
    play(st, "reshuffle 1 no")
    assert st.queue == [2] and len(st.piles[0].hand) == 5


def test_picks_three_different_cards_of_the_hand_once_a_sequence_in_any_seat_order():
    st = table(2, cards="digital")
    refused(st, "pick 1 step step back", "not-in-hand")
    refused(st, "pick 1 step wind-up back", "not-in-hand")
    play(st, "pick 2 back step dive")
    refused(st, "pick 2 step back dive", "already-picked")
    assert st.turn().seats == (1,) and all(a.seat == 1 for a in st.legal_actions())


def test_exchange_all_cards_are_revealed_together_and_tokens_come_at_the_end():
    st = table(2, cards="digital", spaces=[3, 3], facing=["right", "left"])
    play(st, "pick 1 punch step back")
    events = play(st, "pick 2 dive step back")
    reveal = of(events, "reveal")[0]
    assert reveal["cards"] == {1: "punch", 2: "dive"} and reveal["reveals"] is True
    types = [e["type"] for e in events]
    assert types.index("strike") < types.index("slide") and of(events, "reveal")[1]["exchange"] == 2


def test_speed_order_highest_speed_first_and_equal_speeds_in_initiative_order():
    st = table(2, spaces=[3, 3], facing=["right", "left"], initiative=2)
    events = exchange(st, "punch", "punch")
    assert [e["seat"] for e in of(events, "resolve")] == [2, 1]
    st = table(2, spaces=[2, 4], facing=["right", "left"])
    events = exchange(st, "dive", "step")
    assert [e["card"] for e in of(events, "resolve")] == ["step", "dive"]


def test_recovery_basics_to_hand_specials_to_discard_ultimates_out_of_the_game():
    st = table(2, cards="digital", spaces=[1, 5], facing=["left", "right"])
    d = st.to_dict()
    d["meters"][0] = {"specials": ["relentless-cleave", "whirling-leap"], "ultimates": []}
    d["hands"][0] += ["wind-up", "carve-a-path"]
    st = st.game.state_from_dict(d)
    play(st, "pick 1 wind-up carve-a-path punch", "pick 2 smash step dive", "do 1 done", "do 1 done")
    assert st.phase == "draw" and st.sequence == 2
    assert st.piles[0].discards == ["wind-up"] and st.piles[0].removed == ["carve-a-path"]
    assert sorted(st.piles[0].hand) == sorted(st.legend(1).basics)


def test_strike_hits_the_nearest_faced_foe_in_range_and_a_foe_in_its_own_space_always():
    st = table(3, spaces=[2, 4, 1], facing=["right", "left", "right"])
    events = exchange(st, "shot", None, None, answers=["face 1 right"])
    assert of(events, "strike")[0]["target"] == 2  # seat 3 is behind
    st = table(3, spaces=[2, 2, 5], facing=["left", "right", "left"])
    events = exchange(st, "punch", None, None)
    assert of(events, "strike")[0]["target"] == 2
    st = table(2, spaces=[2, 3], facing=["right", "left"])
    events = exchange(st, "punch", None)
    assert of(events, "miss") == [{"type": "miss", "seat": 1}]


def test_targeting_teams_lowest_speed_then_lowest_fatigue_then_the_striker_chooses():
    st = table(4, spaces=[2, 3, 1, 3], facing=["right", "left", "right", "left"])
    events = exchange(st, "shot", "defensive-pivot", None, None, answers=["face 2 left", "face 1 right"])
    assert of(events, "strike")[0]["target"] == 4  # Speed 70 under 80
    st = table(4, spaces=[2, 3, 1, 3], facing=["right", "left", "right", "left"], fatigue=[0, 1, 0, 3])
    events = exchange(st, "shot", None, None, None, answers=["face 1 right"])
    assert of(events, "strike")[0]["target"] == 2
    st = table(4, spaces=[2, 3, 1, 3], facing=["right", "left", "right", "left"])
    exchange(st, "shot", None, None, None, answers=["face 1 right"])
    assert st.to_dict()["ask"] == {"kind": "target", "seat": 1, "among": [2, 4], "force": 1}
    assert [str(a) for a in st.legal_actions()] == ["target 1 2", "target 1 4"]
    refused(st, "target 1 3", "bad-target")
    events = play(st, "target 1 4")
    assert of(events, "strike")[0]["target"] == 4


def test_targeting_ffa_lowest_fatigue_first_then_lowest_speed():
    st = table(3, spaces=[2, 3, 3], facing=["right", "left", "left"], fatigue=[0, 1, 2])
    events = exchange(st, "shot", "defensive-pivot", None, answers=["face 2 left", "face 1 right"])
    assert of(events, "strike")[0]["target"] == 2  # Teams would hit seat 3 (Speed 70)


def test_targeting_dive_furthest_foe_uses_the_same_order():
    st = table(4, spaces=[1, 5, 2, 5], facing=["left", "left", "right", "left"])
    events = exchange(st, "dive", "defensive-pivot", None, None, answers=["face 2 left"])
    assert legend(st, 1)["space"] == 5 and of(events, "move")[0]["dive"] == 4


def test_block_lasts_the_whole_exchange_and_a_fully_blocked_strike_adds_nothing():
    st = table(3, spaces=[3, 3, 3], facing=["right", "left", "left"], fatigue=[0, 5, 5])
    events = exchange(st, "defensive-pivot", "punch", "punch", answers=["face 1 right"])
    strikes = [e for e in of(events, "strike") if e["target"] == 1]
    assert len(strikes) == 2 and all(e["block"] == 2 and e["remaining"] == 0 and "tokens" not in e for e in strikes)
    assert legend(st, 1)["fatigue"] == 0 and legend(st, 1)["space"] == 3


def test_block_step_blocks_only_foes_it_faces():
    st = table(3, spaces=[2, 5, 1], facing=["right", "left", "right"])
    events = exchange(st, "step", None, "shot", answers=["face 3 right"])
    assert of(events, "strike")[0] == {"type": "strike", "seat": 3, "target": 1, "force": 1, "block": 0,
                                       "remaining": 1, "fatigue": 1, "tokens": 0, "dir": "right"}
    st = table(2, spaces=[3, 4], facing=["right", "left"])
    events = exchange(st, "step", "smash")
    assert of(events, "strike")[0]["block"] == 1 and of(events, "strike")[0]["remaining"] == 2


def test_fatigue_one_per_hit_with_force_remaining_capped_at_10():
    st = table(2, spaces=[1, 1], facing=["right", "left"], fatigue=[0, 10])
    events = exchange(st, "punch", None)
    assert of(events, "strike")[0]["fatigue"] == 10 and of(events, "strike")[0]["tokens"] == 4
    st = table(2, spaces=[3, 3], facing=["right", "left"], fatigue=[0, 2])
    exchange(st, "smash", None)
    assert legend(st, 2)["fatigue"] == 3


def test_push_tokens_point_the_way_the_striker_faced():
    st = table(2, spaces=[3, 3], facing=["left", "right"], fatigue=[0, 5])
    events = exchange(st, "smash", None)
    assert of(events, "strike")[0]["dir"] == "left" and legend(st, 2)["space"] == 1  # 3 tokens: 3 -> 0 -> recovers


def test_cancel_opposite_tokens_cancel_in_pairs():
    st = table(3, spaces=[2, 3, 4], facing=["right", "left", "left"])
    events = exchange(st, None, None, None, answers=["do 1 push 2 right 3", "do 1 done", "do 2 done",
                                                     "do 3 push 2 left 2", "do 3 done"])
    assert of(events, "tokens")[0] == {"type": "tokens", "seat": 2, "left": 2, "right": 3, "net": 1}


def test_slide_one_space_per_remaining_token():
    st = table(3, spaces=[2, 3, 4], facing=["right", "left", "left"])
    events = exchange(st, None, None, None, answers=["do 1 push 2 right 3", "do 1 done", "do 2 done",
                                                     "do 3 push 2 left 2", "do 3 done"])
    assert of(events, "slide")[0] == {"type": "slide", "seat": 2, "from": 3, "into": 4}


def test_ko_return_to_the_portal_facing_as_it_went_out_then_it_may_turn():
    st = table(4, spaces=[5, 5, 3, 3], facing=["right", "right", "right", "left"], fatigue=[0, 9, 0, 0])
    exchange(st, "smash", None, None, None)
    assert st.phase == "return" and st.to_dict()["ask"] == {"kind": "face", "seat": 2}
    assert (legend(st, 2)["space"], legend(st, 2)["facing"]) == (4, "right")
    play(st, "face 2 left")
    assert legend(st, 2)["facing"] == "left" and st.phase == "reveal" and st.exchange == 2


def test_teams_reset_a_knocked_out_legend_comes_back_with_0_fatigue():
    st = table(4, spaces=[5, 5, 3, 3], facing=["right", "left", "right", "left"], fatigue=[0, 9, 0, 0])
    exchange(st, "smash", None, None, None)
    assert legend(st, 2)["fatigue"] == 0 and st.received == [0, 1, 0, 0]


@pytest.mark.parametrize("initiative,scorer", [(3, 1), (1, 3)])
def test_ffa_return_2_fatigue_and_the_knock_out_goes_to_the_last_foe_who_pushed(initiative, scorer):
    st = table(3, spaces=[5, 5, 4], facing=["right", "left", "right"], fatigue=[10, 8, 0], initiative=initiative)
    events = exchange(st, "smash", None, "shot", answers=["face 3 right"])
    assert of(events, "knock-out")[0]["by"] == scorer
    assert st.knockouts == [1 if s == scorer else 0 for s in (1, 2, 3)]
    assert (legend(st, 2)["space"], legend(st, 2)["fatigue"]) == (3, 2)


def test_walk_off_in_ffa_returns_to_the_center_with_its_fatigue_and_nobody_scores():
    st = table(3, spaces=[4, 2, 2], facing=["right", "left", "right"], fatigue=[4, 0, 0])
    events = exchange(st, None, None, None, answers=["do 1 move 1 right 3"])
    assert of(events, "walked-back")[0]["seat"] == 1
    assert st.knockouts == [0, 0, 0] and st.received == [0, 0, 0]
    assert (legend(st, 1)["space"], legend(st, 1)["fatigue"]) == (3, 4)


def test_simultaneous_ko_both_sides_out_fewer_knock_outs_that_exchange_wins():
    st = table(4, spaces=[1, 5, 3, 5], facing=["right", "left", "right", "left"], stocks=[1, 1])
    exchange(st, None, None, None, None, answers=["do 1 push 2 right 2", "do 1 push 4 right 2", "do 1 done",
                                                  "do 2 push 1 left 6", "do 2 done"])
    assert st.outcome().winners == (1, 3) and st.outcome().termination == "simultaneous-ko"


def test_simultaneous_ko_equal_knock_outs_the_side_that_pushed_furthest_past_the_edge_wins():
    st = table(2, spaces=[1, 5], facing=["right", "left"])
    exchange(st, None, None, answers=["do 1 push 2 right 9", "do 1 done",
                                      "do 2 push 1 left 3", "do 2 done"])
    assert st.outcome().winners == (1,)


def test_initiative_dive_takes_the_initiative():
    st = table(2, spaces=[1, 4], facing=["left", "left"], initiative=2)
    events = exchange(st, "dive", None)
    assert st.initiative == 1 and {"type": "initiative", "seat": 1} in events


def test_ranking_fewer_knock_outs_received_then_the_furthest_push():
    st = table(4, mode="ffa", spaces=[5, 5, 1, 1], facing=["right", "left", "right", "left"], fatigue=[0, 9, 0, 0],
               knockouts=[1, 0, 1, 1])
    d = st.to_dict()  # seats 3 and 4 scored one Knock Out each and received one: seat 3 pushed further
    d["received"], d["furthest"] = [0, 1, 1, 1], [1, 0, 2, 1]
    st = st.game.state_from_dict(d)
    exchange(st, "smash", None, None, None)
    assert st.outcome().ranking == ((1,), (3,), (4,), (2,))


def test_step_blocks_turns_to_the_center_next_to_an_edge_then_moves_forward():
    st = table(2, spaces=[1, 4], facing=["left", "left"])
    events = exchange(st, "step", None)
    assert of(events, "block")[0] == {"type": "block", "seat": 1, "amount": 1, "against": "faced"}
    assert (legend(st, 1)["space"], legend(st, 1)["facing"]) == (2, "right")


def test_dive_turns_to_the_furthest_foe_and_moves_into_its_space():
    st = table(3, spaces=[3, 1, 4], facing=["right", "left", "left"])
    exchange(st, "dive", None, None)
    assert (legend(st, 1)["space"], legend(st, 1)["facing"]) == (1, "left") and st.initiative == 1


def test_defensive_pivot_blocks_2_and_may_turn():
    st = table(2, spaces=[3, 3], facing=["right", "left"])
    exchange(st, "defensive-pivot", "smash")
    assert st.to_dict()["ask"] == {"kind": "face", "seat": 1} and {str(a) for a in st.legal_actions()} == {"face 1 left", "face 1 right"}
    events = play(st, "face 1 right")
    assert of(events, "strike")[0]["block"] == 2 and of(events, "strike")[0]["remaining"] == 1


def test_back_turns_to_a_near_edge_moves_backward_and_may_turn():
    st = table(2, spaces=[1, 4], facing=["right", "left"])
    exchange(st, "back", None)
    assert (legend(st, 1)["space"], legend(st, 1)["facing"]) == (2, "left") and st.to_dict()["ask"] == {"kind": "face", "seat": 1}
    play(st, "face 1 right")
    assert legend(st, 1)["facing"] == "right"


def test_shot_may_turn_then_strikes_1():
    st = table(2, spaces=[1, 5], facing=["left", "left"])
    events = exchange(st, "shot", None, answers=["face 1 right"])
    assert of(events, "strike")[0]["force"] == 1 and legend(st, 2)["fatigue"] == 1


def test_smash_strikes_3_at_range_0():
    st = table(2, spaces=[2, 2], facing=["right", "left"], fatigue=[0, 5])
    exchange(st, "smash", None)
    assert legend(st, 2)["space"] == 5


def test_punch_strikes_2_at_range_0():
    st = table(2, spaces=[2, 2], facing=["right", "left"], fatigue=[0, 5])
    exchange(st, "punch", None)
    assert legend(st, 2)["space"] == 4
    st = table(2, spaces=[2, 3], facing=["right", "left"])
    assert of(exchange(st, "punch", None), "miss")


def test_choices_are_listed_and_accepted_only_when_asked():
    st = table(2, spaces=[3, 3], facing=["right", "left"])
    refused(st, "face 1 left", "nothing-to-choose")
    play(st, "reveal 1 defensive-pivot", "reveal 2 punch")
    refused(st, "face 2 left", "waiting-for-choice")
    refused(st, "target 1 2", "waiting-for-choice")
    assert st.turn().seats == (1,) and all(a.seat == 1 for a in st.legal_actions())


# -- this engine's rulings -------------------------------------------------------------------------

def test_R_1_in_a_2v2_team_a_is_seats_1_and_3():
    st = Legends(4).new_state()
    assert [l["space"] for l in st.to_dict()["legends"]] == [2, 4, 2, 4] and st.foes(1) == [2, 4]


def test_R_2_initiative_order_is_seat_order_from_the_holder_wrapping():
    st = table(4, initiative=3)
    assert st.init_order() == [3, 4, 1, 2]


def test_R_3_a_dive_taking_the_initiative_reorders_later_ties():
    st = table(4, mode="ffa", spaces=[3, 5, 1, 3], facing=["right", "left", "right", "left"])
    events = exchange(st, "punch", None, "dive", "punch")
    assert [e["seat"] for e in of(events, "resolve")] == [3, 2, 4, 1]


def test_R_4_a_legend_entering_a_space_keeps_its_facing_and_foes_there_turn():
    st = table(2, spaces=[1, 4], facing=["left", "right"])
    exchange(st, "dive", None)
    assert legend(st, 1)["facing"] == "right" and legend(st, 2)["facing"] == "left"
    st = table(4, spaces=[2, 4, 2, 4], facing=["right", "left", "right", "left"])
    assert [l["facing"] for l in st.to_dict()["legends"]] == ["right", "left", "right", "left"]  # teammates untouched


def test_R_5_shot_reaches_any_distance():
    st = table(2, spaces=[1, 5], facing=["right", "left"])
    assert of(exchange(st, "shot", None, answers=["face 1 right"]), "strike")[0]["target"] == 2


def test_R_6_block_counts_from_its_card_on():
    st = table(2, legends=["zephyr", "fitz"], spaces=[3, 3], facing=["right", "left"])
    events = exchange(st, "build-momentum", "tenderize", answers=["do 2 strike 2 0", "do 2 done", "do 1 block 3", "do 1 done"])
    assert of(events, "strike")[0]["block"] == 0 and legend(st, 1)["fatigue"] == 1


def test_R_7_each_legend_is_played_once():
    with pytest.raises(BadRequest):
        Legends(2, {"legends": ["fitz", "fitz"]})


def test_R_8_in_teams_walking_off_an_edge_is_a_knock_out():
    st = table(4, spaces=[4, 2, 2, 4], facing=["right", "left", "right", "left"])
    events = exchange(st, None, None, None, None, answers=["do 1 move 1 right 3"])
    assert of(events, "knock-out")[0]["walked"] is True and st.stocks == [1, 2]


def test_R_9_a_legend_out_of_the_arena_is_not_hit_and_its_card_does_nothing():
    st = table(2, spaces=[3, 4], facing=["right", "left"])
    events = exchange(st, None, "punch", answers=["do 1 move 2 right 5", "do 1 done"])
    assert not of(events, "strike") and [e["seat"] for e in of(events, "resolve")] == [1]
    assert st.outcome().winners == (1,)


def test_R_10_still_tied_teams_is_a_draw_ffa_tied_players_share():
    st = table(2, spaces=[1, 5], facing=["right", "left"])
    exchange(st, None, None, answers=["do 1 push 2 right 3", "do 1 done", "do 2 push 1 left 3", "do 2 done"])
    assert st.outcome().winners == () and st.outcome().termination == "draw"
    st = table(3, spaces=[1, 5, 3], facing=["right", "left", "left"], knockouts=[1, 1, 0])
    exchange(st, None, None, None, answers=["do 1 push 3 right 5", "do 1 done",
                                            "do 2 push 3 left 5", "do 2 done"])
    assert st.knockouts == [1, 1, 0]  # seat 3's last pusher scores: seat 2 pushed last
    st = table(4, mode="ffa", spaces=[1, 5, 5, 1], facing=["right", "left", "left", "right"], knockouts=[1, 1, 0, 0])
    exchange(st, None, None, None, None, answers=["do 1 push 3 right 2", "do 1 done",
                                                  "do 2 push 4 left 2", "do 2 done"])
    assert st.outcome().winners == (1, 2) and st.outcome().termination == "shared"


def test_R_10_an_ending_is_its_code_and_the_outcome_says_it_in_a_sentence():
    st = table(2, spaces=[1, 5], facing=["right", "left"])
    events = exchange(st, None, None, answers=["do 1 push 2 right 3", "do 1 done", "do 2 push 1 left 3", "do 2 done"])
    out = st.outcome()
    assert out.termination == "draw" and out.termination in Legends.terminations
    assert out.reason != out.termination and out.reason.endswith(".") and " " in out.reason  # a sentence
    assert of(events, "game-over")[0]["reason"] == "draw" and st.to_dict()["reason"] == "draw"  # journals keep the code


def test_R_11_physical_mode_accepts_any_basic_or_the_legends_own_cards():
    st = drawn(table(2), 3)
    play(st, "reveal 1 carve-a-path")
    refused(st, "reveal 2 wind-up", "unknown-card")
    play(st, "reveal 2 smash")
    assert st.phase == "resolve"


def test_R_12_an_ultimate_is_drawn_only_once_no_special_is_left():
    st = Legends(2, {"cards": "digital"}).new_state()
    assert sorted(map(str, st.legal_actions())) == ["draw 1 relentless-cleave", "draw 1 whirling-leap", "draw 1 wind-up"]
    d = st.to_dict()
    d["meters"][0]["specials"], d["hands"][0] = [], d["hands"][0] + list(st.legend(1).specials)
    st = st.game.state_from_dict(d)
    assert list(map(str, st.legal_actions())) == ["draw 1 carve-a-path"]


def test_R_13_primitives_take_bounded_values():
    st = table(2)
    play(st, "reveal 1 wind-up", "reveal 2 smash")
    refused(st, "do 1 block 0", "out-of-bounds")
    refused(st, "do 1 strike 10 any", "out-of-bounds")
    refused(st, "do 1 fatigue 2 +0", "out-of-bounds")
    refused(st, "do 1 move 3 left 1", "no-such-legend")
    assert "do 1 block 9" in map(str, st.legal_actions())


def test_R_14_push_tokens_from_a_primitive_count_the_cards_owner_as_the_pusher():
    st = table(2, spaces=[3, 3], facing=["right", "left"])
    play(st, "reveal 1 wind-up", "reveal 2 smash", "do 1 push 2 left 1", "do 1 push 1 left 1")
    assert legend(st, 2)["pusher"] == 1 and legend(st, 1)["pusher"] is None


def test_ALL_3_an_impossible_state_is_refused_naming_what_is_wrong():
    st = table(4, cards="digital")
    for path, value, words in ((("legends", 0, "fatigue"), 11, "Fatigue"), (("initiative",), 5, "initiative"),
                               (("stocks",), [3, 2], "stocks"), (("hands", 0), ["step"], "deck")):
        d = st.to_dict()
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(IllegalAction) as err:
            st.game.state_from_dict(d)
        assert err.value.code == "invalid-state" and words in err.value.reason


def test_LA_6_a_draw_is_shown_to_the_drawer_and_its_teammates_only():
    import random
    st = Legends(4, {"cards": "digital"}).new_state()
    events = st.apply(st.automatic(random.Random(1)))
    private = [e for e in events if "visible_to" in e]
    assert len(private) == 1 and private[0]["visible_to"] == [1, 3] and {"type": "drew", "seat": 1} in events


def test_R_15_a_legend_back_from_walking_off_in_ffa_may_turn():
    st = table(3, spaces=[4, 2, 2], facing=["right", "left", "right"])
    exchange(st, None, None, None, answers=["do 1 move 1 right 3"])
    assert st.phase == "return" and st.to_dict()["ask"] == {"kind": "face", "seat": 1}
    play(st, "face 1 left")
    assert legend(st, 1)["facing"] == "left" and st.exchange == 2


def test_R_18_a_foes_card_moving_a_legend_past_an_edge_knocks_it_out_and_scores_in_ffa():
    st = table(3, spaces=[4, 5, 2], facing=["right", "left", "right"])
    exchange(st, None, None, None, answers=["do 1 move 2 right 3"])  # seat 1's card carries seat 2 off
    assert st.phase == "return" and st.to_dict()["ask"] == {"kind": "face", "seat": 2}
    assert legend(st, 2)["fatigue"] == 2 and st.to_dict()["knockouts"][0] == 1  # not a walk-off: a Knock Out


def test_R_18_a_legends_own_card_moving_it_past_an_edge_is_still_a_walk_off():
    st = table(3, spaces=[4, 2, 2], facing=["right", "left", "right"])
    exchange(st, None, None, None, answers=["do 1 move 1 right 3"])
    assert legend(st, 1)["fatigue"] == 0 and st.to_dict()["knockouts"] == [0, 0, 0]


def test_R_16_a_physical_reveal_is_no_undo_stop():
    st = table(2, spaces=[3, 3], facing=["right", "left"])
    play(st, "reveal 1 punch")
    action = st.game.parse_action("reveal 2 punch")
    events = st.apply(action)
    assert not any(e.get("reveals") for e in events) and st.undo_stop(action, events) is None


def test_R_9_a_legend_walking_off_drops_its_push_tokens_and_the_state_round_trips():
    """Regression: a Legend holding Push tokens and moved past an Edge kept them, a state that
    `state_from_dict` refuses (out of the Arena, holds no tokens)."""
    st = table(2, spaces=[5, 2], facing=["right", "left"])
    play(st, "reveal 1 wind-up", "reveal 2 punch", "do 1 push 2 right 6")
    events = play(st, "do 1 move 2 left 6")
    assert of(events, "moved-off")[0]["dropped"] == {"left": 0, "right": 6}
    d = st.to_dict()
    assert d["legends"][1]["out"] is not None and d["legends"][1]["tokens"] == {"left": 0, "right": 0}
    assert st.game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
    play(st, "do 1 done")
    assert st.outcome().winners == (1,)  # walked off in Teams, a Knock Out all the same


def test_LA_6_a_teammates_hand_does_not_tell_which_cards_were_picked():
    """Regression: the teammate's view showed the hand minus the picks (so the picks themselves)."""
    import random
    st = Legends(4, {"cards": "digital"}).new_state()
    rng = random.Random(3)
    while st.phase == "draw":
        st.apply(st.automatic(rng))
    hand1 = list(st.piles[0].hand)
    seen = set()
    for cards in (hand1[:3], hand1[1:4], hand1[3:0:-1]):
        trial = st.clone()
        trial.apply(st.game.parse_action("pick 1 " + " ".join(cards)))
        seen.add(json.dumps(trial.view(3), sort_keys=True))
    assert len(seen) == 1
    trial = st.clone()
    play(trial, "pick 1 " + " ".join(hand1[:3]), *[f"pick {s} " + " ".join(trial.piles[s - 1].hand[:3]) for s in (2, 3, 4)])
    assert trial.phase in ("resolve", "return") and trial.exchange < 3
    shown = trial.view(3)["team_hands"]["1"]
    assert not set(hand1[:trial.exchange]) & set(shown)  # revealed: out of the hand
    assert set(hand1[trial.exchange:3]) <= set(shown)  # still secret: still in it


# -- rulings LA-10.. (the printed box) -------------------------------------------------------------------

def test_LA_10_keeping_the_facing_is_no_turn_nobody_else_in_the_space_turns():
    # three Legends on the center, facing right/left/right (LA-2); three Defensive Pivots, each keeping
    # its facing: nobody turns anybody, so the Arena is as it was.
    st = table(3, spaces=[3, 3, 3], facing=["right", "left", "right"])
    events = exchange(st, "defensive-pivot", "defensive-pivot", "defensive-pivot",
                      answers=["face 1 right", "face 2 left", "face 3 right"])
    assert [legend(st, s)["facing"] for s in (1, 2, 3)] == ["right", "left", "right"]
    assert of(events, "turn") == []


def test_LA_10_a_real_turn_in_a_space_still_turns_the_foes_there():
    # seat 1 turns left in a space where seat 2 faces left too: seat 2 turns round to face it
    st = table(3, spaces=[3, 3, 1], facing=["right", "left", "right"])
    events = exchange(st, "defensive-pivot", "punch", "punch", answers=["face 1 left"])
    assert legend(st, 1)["facing"] == "left" and legend(st, 2)["facing"] == "right"
    assert {"type": "turn", "seat": 2, "facing": "right", "why": "sharing"} in events


def test_LA_15_physical_a_basic_revealed_twice_in_one_sequence_is_refused():
    st = table(2, spaces=[2, 4], facing=["right", "left"])
    exchange(st, "step", "defensive-pivot", answers=["face 2 left"])
    err = refused(st, "reveal 1 step", "already-played")
    assert err.rule.endswith("/LA-15") and "Step" in err.reason
    exchange(st, "back", "shot", answers=["face 1 right", "face 2 left"])
    exchange(st, "punch", "smash")
    assert st.sequence == 2
    play(st, "reveal 1 step")  # back in the hand after the Recovery


def test_LA_15_physical_a_special_twice_before_its_meter_was_reshuffled_is_refused():
    game = Legends(2, {"cards": "physical", "legends": ["alysia", "fitz"]})
    st = game.state_from_dict(table_dict(game, spaces=[1, 5], facing=["right", "left"]))
    assert st.view(None)["meter_sizes"] == [3, 3]  # 3 Specials and 1 Ultimate, one drawn for sequence 1
    exchange(st, "wind-up", None)
    exchange(st, "back", "back", answers=["face 1 right", "face 2 left"])
    exchange(st, "punch", "punch")
    assert st.sequence == 2 and st.view(None)["meter_sizes"] == [2, 2]
    err = refused(st, "reveal 1 wind-up", "already-played")
    assert err.rule.endswith("/LA-15") and "reshuffled" in err.reason
    refused(st, "reshuffle 1 yes", "meter-not-empty")
    d = st.to_dict()
    d["meters"] = [0, 2]  # every card of Alysia's Meter drawn: she may shuffle her Specials again
    st = game.state_from_dict(d)
    play(st, "reshuffle 1 yes")
    assert st.view(None)["meter_sizes"] == [2, 2] and st.to_dict()["discards"][0] == []
    play(st, "reveal 1 wind-up")


def test_LA_15_physical_an_ultimate_twice_in_a_game_is_refused():
    st = drawn(table(2, legends=["alysia", "fitz"], spaces=[1, 5], facing=["right", "left"]), 3)
    exchange(st, "carve-a-path", None)
    exchange(st, "back", "back", answers=["face 1 right", "face 2 left"])
    exchange(st, "punch", "punch")
    for _ in range(3):
        exchange(st, "step", "step")
        exchange(st, "back", "back", answers=["face 1 right", "face 2 left"])
        exchange(st, "punch", "punch")
    assert st.sequence == 5 and st.to_dict()["removed"][0] == ["carve-a-path"]
    err = refused(st, "reveal 1 carve-a-path", "already-played")
    assert err.rule.endswith("/LA-15") and "Ultimate" in err.reason


def test_LA_11_table_sizes_2_to_6_modes_3v3_and_2v2v2_and_ffa_for_3_to_6():
    assert (Legends.min_players, Legends.max_players) == (2, 6)
    assert [Legends(n).options["mode"] for n in (2, 3, 4, 5, 6)] == ["teams", "ffa", "teams", "ffa", "3v3"]
    for n, mode in ((5, "3v3"), (4, "2v2v2"), (6, "teams"), (2, "2v2v2")):
        with pytest.raises(BadRequest) as err:
            Legends(n, {"mode": mode})
        assert err.value.rule in ("legends-of-the-arena/LA-11", "legends-of-the-arena/modes")
    for n in (3, 4, 5, 6):
        d = Legends(n, {"mode": "ffa"}).new_state().to_dict()
        assert [(l["space"], l["facing"]) for l in d["legends"]] == [(3, "right" if s % 2 else "left") for s in range(1, n + 1)]
        assert d["knockouts"] == [0] * n


def test_LA_11_3v3_portals_2_and_4_and_three_stocks_per_team():
    d = Legends(6).new_state().to_dict()
    assert d["mode"] == "3v3" and d["stocks"] == [3, 3]
    assert [(l["space"], l["facing"]) for l in d["legends"]] == [(2, "right"), (4, "left")] * 3
    assert st_teams(Legends(6).new_state()) == [[1, 3, 5], [2, 4, 6]]


def st_teams(st):
    return st.view(None)["teams"]


def test_LA_11_2v2v2_portals_1_3_and_5_and_two_stocks_per_team():
    st = Legends(6, {"mode": "2v2v2"}).new_state()
    d = st.to_dict()
    assert d["stocks"] == [2, 2, 2] and st_teams(st) == [[1, 4], [2, 5], [3, 6]]
    assert [(l["space"], l["facing"]) for l in d["legends"]] == [(1, "right"), (3, "right"), (5, "left")] * 2


def test_LA_11_2v2v2_a_team_without_stock_leaves_the_arena_the_last_team_wins_ranked_by_going_out():
    # team A = seats 1, 4; B = 2, 5; C = 3, 6. Seat 1 Smashes seat 3 (Fatigue 9 -> 10, index 13: 4 tokens)
    st = drawn(table(6, mode="2v2v2", spaces=[5, 1, 5, 1, 3, 3], facing=["right", "right", "left", "left", "right",
                                                                         "left"], fatigue=[0, 9, 9, 0, 0, 0], stocks=[2, 1, 1]))
    events = exchange(st, "smash", None, None, None, None, None)
    assert of(events, "knock-out")[0]["seat"] == 3 and st.to_dict()["stocks"] == [2, 1, 0]
    assert {"type": "team-out", "team": 2, "seats": [3, 6]} in events
    v = st.view(None)
    assert [l["eliminated"] for l in v["legends"]] == [False, False, True, False, False, True]
    assert st.turn().seats == (1, 2, 4, 5) and st.outcome() is None
    assert refused(st, "reveal 3 step", "eliminated").rule.endswith("/LA-11")
    # seat 6 is gone: seat 5 alone on space 3; seat 4 Smashes seat 2 on space 1 (4 tokens left: out)
    events = exchange(st, None, None, None, "smash", None, None)
    assert of(events, "knock-out")[0]["seat"] == 2
    out = st.outcome()
    assert out.winners == (1, 4) and out.termination == "stocks" and out.ranking == ((1, 4), (2, 5), (3, 6))


def test_LA_11_targeting_in_every_team_mode_follows_teams_lowest_speed_first():
    # seat 1 Shoots from 2: seats 2 (Fatigue 0, Speed 70) and 3 (Fatigue 5, Punch: Speed 50) are both at 3.
    # Free-for-All would hit seat 2 (lowest Fatigue); every team mode hits seat 3 (lowest Speed).
    st = table(6, mode="2v2v2", spaces=[2, 3, 3, 1, 5, 5], facing=["right", "left", "right", "right", "left", "right"],
               fatigue=[0, 0, 5, 0, 0, 0])
    events = exchange(st, "shot", None, "punch", None, None, None, answers=["face 1 right"])
    assert of(events, "strike")[0]["seat"] == 1 and of(events, "strike")[0]["target"] == 3


def test_LA_11_the_rules_reference_says_the_chaotic_colosseum_variants_are_not_offered():
    text = Legends.rules["LA-11"]
    assert "Chaotic Colosseum" in text and "not offered" in text
