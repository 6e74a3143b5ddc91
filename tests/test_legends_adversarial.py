"""Legends of the Arena, adversarial: edge cases found by attacking the engine, each named after the
rule it checks. Push tracks are the package's placeholder floor(index / 3)."""
import json
import random

import pytest

from companion.games.legends import GAME as Legends
from companion.games.legends import data
from companion.games.legends.data import LegendDataError
from companion.testing.legends_fixtures import table, table_dict
from rules_helpers import refused_load

from test_legends_rules import _no_typed_values, exchange, of, play  # noqa: F401  (the fixture applies here too)


# -- picks: a basic deck always gives three cards to pick -------------------------------------------

@pytest.mark.parametrize("basics", [["step"], ["step", "dive"]])
def test_R_19_a_basic_deck_of_fewer_than_three_cards_is_refused(tmp_path, basics):
    """Regression: typed basics of one or two cards were accepted, and the game then had no legal pick
    (a hand of basics plus the drawn card under three cards): nobody could move again."""
    with pytest.raises(LegendDataError) as err:
        data.save_values(tmp_path, "alysia", {"basics": basics})
    assert err.value.field == "basics" and "three" in err.value.reason
    with pytest.raises(LegendDataError):
        Legends(2, {"values": json.dumps({"alysia": {"basics": basics}})})


def test_R_19_three_basics_always_leave_a_pick():
    g = Legends(2, {"cards": "digital", "values": json.dumps({"alysia": {"basics": ["step", "dive", "defensive-pivot"]}})})
    st = g.new_state()
    rng = random.Random(0)
    for _ in range(400):
        if st.is_over():
            break
        if st.turn().kind == "chance":
            st.apply(st.automatic(rng))
            continue
        acts = st.legal_actions()
        assert acts, st.to_dict()
        done = [a for a in acts if getattr(a, "prim", None) == "done"]
        st.apply(done[0] if done else rng.choice(acts))
    assert st.sequence > 4  # past the empty Meter (with or without a reshuffle)


# -- push tokens: the pusher is the last foe (R-14) -------------------------------------------------

def test_R_14_a_teammates_push_tokens_do_not_make_it_the_pusher():
    """Regression: in Teams a primitive putting Push tokens on a teammate made the teammate its pusher,
    so the side knocking out its own teammate was credited with pushing a foe past the Edge."""
    st = table(4, spaces=[2, 4, 5, 3], facing=["right", "left", "left", "left"])
    play(st, "reveal 1 wind-up", "reveal 2 tenderize", "reveal 3 punch", "reveal 4 draw-claw")
    assert st.to_dict()["ask"] == {"kind": "do", "seat": 1}  # Speed 70 before Punch's 50
    play(st, "do 1 push 3 right 1")
    assert st.to_dict()["legends"][2]["pusher"] is None
    play(st, "do 1 done", "do 2 push 3 right 2")
    assert st.to_dict()["legends"][2]["pusher"] == 2  # a foe's tokens do


def test_simultaneous_ko_the_foe_who_pushed_is_credited_not_a_teammate_adding_tokens():
    """Both sides lose their last Stock, one Knock Out each: team B pushed seat 3 two past the Edge,
    team A pushed seat 4 one past. Seat 1's extra token on its own teammate must not steal the credit."""
    st = table(4, spaces=[2, 4, 5, 5], facing=["right", "left", "left", "left"], stocks=[1, 1], initiative=2)
    events = exchange(st, None, None, None, None, answers=[
        "do 2 push 3 right 2", "do 2 done",
        "do 1 push 4 right 2", "do 1 push 3 right 1", "do 1 done"])
    kos = {e["seat"]: e for e in of(events, "knock-out")}
    assert kos[3]["by"] == 2 and kos[3]["overshoot"] == 2 and kos[4]["by"] == 1 and kos[4]["overshoot"] == 1
    assert st.outcome().winners == (2, 4) and st.furthest == [1, 2, 0, 0]


# -- the end: simultaneous Knock Outs and the final ranking ---------------------------------------

def test_ranking_ffa_players_reaching_two_knock_outs_together_are_separated_by_the_final_tie_breaks():
    """Regression: seats 1 and 2 both reached two Knock Outs in one exchange, equal that exchange; the
    game was shared although seat 2 had received two Knock Outs and seat 1 none, and the ranking then
    put seat 1 alone first while both were winners."""
    g = Legends(4, {"mode": "ffa", "cards": "physical"})
    d = table_dict(g, spaces=[1, 5, 5, 1], facing=["right", "left", "left", "right"], knockouts=[1, 1, 0, 0])
    d["received"] = [0, 2, 0, 0]
    st = g.state_from_dict(d)
    exchange(st, None, None, None, None, answers=["do 1 push 3 right 2", "do 1 done", "do 2 push 4 left 2", "do 2 done"])
    out = st.outcome()
    assert out.winners == (1,) and out.ranking[0] == (1,) and out.ranking[1] == (2,)


def test_ranking_ffa_shared_winners_share_the_first_place():
    g = Legends(4, {"mode": "ffa", "cards": "physical"})
    d = table_dict(g, spaces=[1, 5, 5, 1], facing=["right", "left", "left", "right"], knockouts=[1, 0, 0, 0])
    d["received"], d["knockouts"], d["furthest"] = [0, 0, 1, 1], [1, 1, 0, 0], [1, 1, 0, 0]
    st = g.state_from_dict(d)
    exchange(st, None, None, None, None, answers=["do 1 push 3 right 2", "do 1 done", "do 2 push 4 left 2", "do 2 done"])
    out = st.outcome()
    assert out.winners == (1, 2) and out.termination == "shared" and out.ranking == ((1, 2), (3, 4))


def test_ranking_a_2v2_tied_on_the_exchange_goes_to_the_team_that_received_fewer_knock_outs():
    """Both teams lose their last Stock, two Knock Outs each that exchange and equal pushes; team A had
    already lost a Stock (three received in all), team B none (two): the final ranking tie-break gives
    team B the game instead of a draw."""
    g = Legends(4, {"cards": "physical"})
    d = table_dict(g, spaces=[1, 5, 1, 5], facing=["right", "left", "right", "left"], stocks=[1, 2])
    d["received"] = [1, 0, 0, 0]
    st = g.state_from_dict(d)
    exchange(st, None, None, None, None, answers=[
        "do 1 push 2 right 2", "do 1 push 4 right 2", "do 1 done", "do 2 push 1 left 2", "do 2 push 3 left 2", "do 2 done"])
    assert st.stocks == [0, 0] and st.received == [2, 1, 1, 1]
    out = st.outcome()
    assert out.winners == (2, 4) and out.ranking == ((2, 4), (1, 3))


# -- ALL-3: states the engine can never reach are refused by state_from_dict -------------------------

def test_ALL_3_a_game_someone_has_won_cannot_be_loaded_as_still_going():
    g = Legends(3, {"cards": "physical"})
    refused_load(g, table_dict(g, knockouts=[2, 0, 0]), words="two Knock Outs")
    g = Legends(2, {"cards": "physical"})
    refused_load(g, table_dict(g, stocks=[0, 1]), words="Stock")
    d = table_dict(g)
    d.update(phase="over", winner=[1])
    refused_load(g, d, words="Stock")
    d = table_dict(g, stocks=[1, 0])
    d.update(phase="over", winner=[2])
    refused_load(g, d, words="winner")
    d = table_dict(g, stocks=[1, 0])
    d.update(phase="over", winner=[1])
    assert g.state_from_dict(d).outcome().winners == (1,)
    g = Legends(3, {"cards": "physical"})
    d = table_dict(g, knockouts=[2, 1, 0])
    d.update(phase="over", winner=[2])
    refused_load(g, d, words="winner")


def _resolving(card1, card2="punch", **fields):
    st = table(2, spaces=[3, 3], facing=["right", "left"], **fields)
    play(st, f"reveal 1 {card1}", f"reveal 2 {card2}")
    return st


@pytest.mark.parametrize("card,ask,step", [
    ("punch", {"kind": "face", "seat": 1}, 0),          # Punch never asks a facing
    ("punch", {"kind": "do", "seat": 1}, 0),            # nor a primitive step
    ("defensive-pivot", {"kind": "face", "seat": 1}, 3),  # past the card's last step
    ("defensive-pivot", {"kind": "face", "seat": 1}, 0),  # step 0 is the Block, not the turn
    ("shot", {"kind": "target", "seat": 1, "among": [2, 2], "force": 1}, 1),
    ("shot", {"kind": "target", "seat": 1, "among": [1, 2], "force": 1}, 1),
    ("shot", {"kind": "target", "seat": 1, "among": [2, 3], "force": 2}, 1),  # Shot strikes with 1
    ("smash", {"kind": "target", "seat": 1, "among": [2, 3], "force": 1}, 0),  # Smash strikes with 3
    ("dive", {"kind": "target", "seat": 1, "among": [2, 3], "force": 3}, 0),  # a Dive's choice has no Force
])
def test_ALL_3_the_choice_asked_is_the_one_the_resolving_card_asks(card, ask, step):
    g = Legends(3, {"cards": "physical"})
    d = table_dict(g, spaces=[3, 3, 3], facing=["right", "left", "left"])
    d.update(phase="resolve", revealed={"1": card, "2": "punch", "3": "punch"},
             current={"seat": 1, "card": card, "step": step}, ask=ask)
    refused_load(g, d)


def test_ALL_3_the_states_a_card_really_asks_are_accepted():
    st = _resolving("defensive-pivot")
    assert st.to_dict()["ask"] == {"kind": "face", "seat": 1}
    d = st.to_dict()
    assert st.game.state_from_dict(d).to_dict() == d
    st = table(4, spaces=[2, 3, 1, 3], facing=["right", "left", "right", "left"])
    play(st, "reveal 1 shot", "reveal 2 tenderize", "reveal 3 spotlight", "reveal 4 draw-claw")
    play(st, "do 2 done", "do 3 done", "do 4 done", "face 1 right")
    assert st.to_dict()["ask"] == {"kind": "target", "seat": 1, "among": [2, 4], "force": 1}
    d = st.to_dict()
    assert st.game.state_from_dict(d).to_dict() == d


def test_ALL_3_a_legends_pusher_is_a_foe():
    g = Legends(4, {"cards": "physical"})
    for pusher in (1, 3):
        d = table_dict(g)
        d["legends"][0]["pusher"] = pusher
        refused_load(g, d, words="pusher")
    d = table_dict(g)
    d["legends"][0]["pusher"] = 2
    assert g.state_from_dict(d).pusher[0] == 2


def test_ALL_3_a_player_count_is_a_whole_number_not_2_point_0():
    g = Legends(2, {"cards": "physical"})
    d = table_dict(g)
    d["players"] = 2.0
    refused_load(g, d, words="another game, player count")
