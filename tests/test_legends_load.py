"""`load` refuses impossible states (ALL-3), each as invalid-state naming the rule: a pick phase after
exchange 1, two 1v1 foes on one space facing the same way, an exchange resolving out of Speed order."""
import json

from companion.games.legends import GAME as Legends
from companion.testing.legends_fixtures import table, table_dict
from rules_helpers import refused_load
from test_legends_rules import _no_typed_values, drawn, play  # noqa: F401  (the autouse fixture)


def test_ALL_3_a_pick_phase_at_exchange_2_or_3_is_refused():
    game = Legends(2, {"cards": "digital"})
    d = table_dict(game)
    game.state_from_dict(d)
    for exchange in (2, 3):
        refused_load(game, {**d, "exchange": exchange}, "picks")


def test_ALL_3_two_1v1_foes_on_one_space_facing_the_same_way_are_refused():
    st = table(2, spaces=[3, 3], facing=["right", "left"])
    d = st.to_dict()
    d["legends"][1]["facing"] = "right"
    refused_load(st.game, d, "sharing")
    d["legends"][1]["space"] = 4  # apart, any facing is fine
    st.game.state_from_dict(d)


def test_ALL_3_an_exchange_resolving_out_of_speed_order_is_refused():
    st = table(2, spaces=[2, 4], facing=["right", "left"])
    play(st, "reveal 1 step", "reveal 2 defensive-pivot")  # Step (95) resolved, Pivot (80) asks its turn
    d = st.to_dict()
    assert d["resolved"] == [1] and d["current"]["seat"] == 2
    st.game.state_from_dict(d)
    slow = json.loads(json.dumps(d))
    slow["revealed"]["1"] = "shot"  # a Shot (50) resolved before the Pivot (80) still resolving
    slow["shown"][0] = ["shot"]
    refused_load(st.game, slow, "speed-order")


def test_LA_12_a_game_won_during_lets_do_that_again_reads_back():
    """Tikkit's Shot pushes Alysia (Fatigue 3) onto the Edge in exchange 1; played again in the replay it
    pushes her off (Fatigue 5, two tokens): the 1v1 is over while `replaying`, and `load` takes that state."""
    st = drawn(table(2, legends=["tikkit", "alysia"], spaces=[3, 5], facing=["right", "left"], fatigue=[0, 3]), 3)
    play(st, "reveal 1 lets-do-that-again")
    for mine, hers in (("shot", "smash"), ("defensive-pivot", "punch"), ("step", "shot")):
        play(st, f"reveal 1 {mine}", f"reveal 2 {hers}")
        while st.ask is not None:  # keep every facing
            play(st, f"face {st.ask.seat} {st.fig(st.ask.seat).facing}")
    d = st.to_dict()
    assert d["phase"] == "over" and d["replaying"] and d["winner"] == [1] and d["stocks"] == [1, 0]
    assert st.game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
    refused_load(st.game, {**d, "replaying": True, "phase": "reveal", "winner": None}, "LA-12")
    no_edit = Legends(2, {"cards": "physical", "legends": ["alysia", "fitz"]})  # nobody to replay for
    refused_load(no_edit, {**table_dict(no_edit), "replaying": True}, "LA-12")
