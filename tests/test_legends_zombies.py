"""Lord Grym's Zombies (LA-13): Zombie and Coffin pieces on the Arena line, worked out by hand (physical
cards; placeholder Push tracks: floor(index / 3) tokens)."""
import pytest

from companion.core import IllegalAction
from companion.games.legends import GAME as Legends
from companion.testing.legends_fixtures import table
from test_legends_rules import _no_typed_values, exchange, legend, of, play, refused  # noqa: F401  (autouse fixture)

GRYM = ["lord-grym", "alysia"]


def test_LA_13_raise_and_bury_a_zombie_and_a_coffin_flips_up_again():
    st = table(2, legends=GRYM, spaces=[2, 4], facing=["right", "left"])
    play(st, "reveal 1 bury-them", "reveal 2 wind-up")
    while st.to_dict()["ask"] != {"kind": "do", "seat": 1}:
        play(st, f"do {st.ask.seat} done")
    assert {str(a) for a in st.legal_actions() if a.prim == "raise"} == {f"do 1 raise {k}" for k in range(1, 6)}
    assert not [a for a in st.legal_actions() if a.prim == "bury"]
    play(st, "do 1 raise 3", "do 1 raise 3")
    assert st.to_dict()["pieces"] == [[3, "zombie"], [3, "zombie"]]
    assert refused(st, "do 1 bury 5", "no-zombie-there").rule.endswith("LA-13")
    events = play(st, "do 1 bury 3")
    assert of(events, "bury") == [{"type": "bury", "seat": 1, "space": 3}]
    assert st.to_dict()["pieces"] == [[3, "coffin"], [3, "zombie"]]
    events = play(st, "do 1 raise 3")  # the Coffin flips up: no new piece
    assert of(events, "raise")[0]["flipped"] and st.to_dict()["pieces"] == [[3, "zombie"], [3, "zombie"]]
    d = st.to_dict()
    assert st.game.state_from_dict(d).to_dict() == d


def test_LA_13_only_grym_raises_zombies_and_at_most_the_options_pieces():
    st = table(2, legends=GRYM, spaces=[2, 4], facing=["right", "left"])
    play(st, "reveal 1 bury-them", "reveal 2 wind-up")
    while st.to_dict()["ask"] != {"kind": "do", "seat": 1}:
        assert refused(st, f"do {st.ask.seat} raise 3", "no-zombies").rule.endswith("LA-13")
        play(st, f"do {st.ask.seat} done")
    play(st, "do 1 raise 1", "do 1 raise 2", "do 1 raise 4", "do 1 raise 5")
    assert refused(st, "do 1 raise 3", "no-room").rule.endswith("LA-13")
    assert not [a for a in st.legal_actions() if a.prim == "raise"]
    five = Legends(2, {"cards": "physical", "legends": GRYM, "zombies": 5})
    d = st.to_dict()
    d["pieces"].append([3, "zombie"])
    assert len(five.state_from_dict(d).pieces) == 5  # with the option at 5, a fifth piece is fine
    d["pieces"].append([3, "zombie"])
    with pytest.raises(IllegalAction) as err:
        five.state_from_dict(d)
    assert err.value.code == "invalid-state" and err.value.rule.endswith("LA-13")


def test_LA_13_a_zombie_faces_as_grym_is_the_foe_struck_at_speed_6_and_flips_to_a_coffin():
    st = table(2, legends=GRYM, spaces=[3, 4], facing=["right", "left"])
    exchange(st, "bury-them", "defensive-pivot", answers=["face 2 left", "do 1 raise 3"])
    assert st.fig("z1").space == 3 and st.fig("z1").facing == "right"
    # exchange 2: Grym's Pivot (Speed 80), Alysia's Shot from 4 facing left: Grym and the Zombie on 3 are
    # equally near; Teams hits the lowest Speed, the Zombie's 6: Force 1, no Block: a Coffin
    events = exchange(st, "defensive-pivot", "shot", answers=["face 1 left", "face 2 left"])
    assert st.fig("z1").facing == "left"  # it turned with Grym
    strike = of(events, "strike")[0]
    assert (strike["target"], strike["remaining"], strike["coffin"]) == ("z1", 1, 3)
    assert st.to_dict()["pieces"] == [[3, "coffin"]] and legend(st, 1)["fatigue"] == 0
    # exchange 3: Grym steps 3 -> 2; a Coffin is no fighter: Alysia's Dive goes to Grym, 4 -> 2
    events = exchange(st, "step", "dive")
    assert [(e["dive"], e["into"]) for e in of(events, "move") if e.get("dive")] == [(1, 2)]


def test_LA_13_grym_knocked_out_leaves_his_zombies_where_they_are():
    st = table(3, mode="ffa", legends=["lord-grym", "alysia", "fitz"], spaces=[1, 3, 3],
               facing=["left", "left", "right"])
    play(st, "reveal 1 bury-them", "reveal 2 defensive-pivot", "reveal 3 defensive-pivot")
    while st.to_dict()["ask"] != {"kind": "do", "seat": 1}:
        play(st, f"face {st.ask.seat} {legend(st, st.ask.seat)['facing']}")
    events = play(st, "do 1 raise 2", "do 1 push 1 left 3", "do 1 done")
    while st.ask is not None and st.phase == "resolve":
        events += play(st, f"face {st.ask.seat} {legend(st, st.ask.seat)['facing']}")
    assert [e["seat"] for e in of(events, "knock-out")] == [1]
    assert legend(st, 1)["space"] == 3 and st.to_dict()["pieces"] == [[2, "zombie"]]
