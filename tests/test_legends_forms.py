"""Lucius's two forms (LA-14): the form in the state, each double-sided card with its active side, the
stacked Ultimates drawn by form; R-22 when only the other form's Ultimate is left."""
import pytest

from companion.core import IllegalAction
from companion.games.legends import GAME as Legends
from companion.testing.legends_fixtures import table
from test_legends_rules import _no_typed_values, drawn, legend, of, play, refused  # noqa: F401  (the autouse fixture)


def lucius_table(**fields):
    return table(2, legends=["lucius", "alysia"], spaces=[2, 4], facing=["right", "left"], **fields)


def test_LA_14_lucius_starts_human_and_his_double_sided_card_resolves_with_the_human_side():
    st = lucius_table()
    assert legend(st, 1)["form"] == "human" and legend(st, 2)["form"] is None
    events = play(st, "reveal 1 draw-claw", "reveal 2 wind-up")
    resolving = [e for e in of(events, "resolve") if e["seat"] == 1]
    assert resolving == [{"type": "resolve", "seat": 1, "card": "draw-claw", "speed": 70, "side": "Draw"}]
    assert st.legend(1).card_name("draw-claw", legend(st, 1)["form"]) == "Draw"


def test_LA_14_the_form_flips_only_by_a_card_and_the_next_card_shows_the_wolf_side():
    st = drawn(lucius_table())
    play(st, "reveal 1 aim-maim", "reveal 2 wind-up")
    assert st.to_dict()["ask"] == {"kind": "do", "seat": 1}
    legal = {str(a) for a in st.legal_actions() if a.prim == "form"}
    assert legal == {"do 1 form wolf"}  # the other form only: human is what he is
    err = refused(st, "do 1 form human", "no-such-form")
    assert err.rule.endswith("LA-14")
    events = play(st, "do 1 form wolf", "do 1 done")
    assert of(events, "form") == [{"type": "form", "seat": 1, "form": "wolf"}] and legend(st, 1)["form"] == "wolf"
    while st.ask is not None:  # Alysia's Wind Up: nothing
        play(st, f"do {st.ask.seat} done")
    events = play(st, "reveal 1 fight-bite", "reveal 2 relentless-cleave")
    assert [e["side"] for e in of(events, "resolve") if e["seat"] == 1] == ["Bite"]
    d = st.to_dict()
    assert st.game.state_from_dict(d).to_dict() == d  # the form is read back


def test_LA_14_a_legend_of_one_form_has_no_form_step():
    st = lucius_table()
    play(st, "reveal 1 step", "reveal 2 wind-up")
    assert st.to_dict()["ask"] == {"kind": "do", "seat": 2}
    assert not [a for a in st.legal_actions() if a.prim == "form"]
    assert refused(st, "do 2 form wolf", "one-form").rule.endswith("LA-14")


def test_LA_14_a_draw_reaching_the_stacked_ultimates_takes_the_current_forms():
    game = Legends(2, {"legends": ["lucius", "alysia"]})
    d = game.new_state().to_dict()
    assert d["phase"] == "draw" and d["queue"][0] == 1
    specials = d["meters"][0]["specials"]
    d["meters"][0]["specials"], d["discards"][0] = [], specials
    for form, ultimate in (("human", "sharpshooter"), ("wolf", "bloodrage")):
        d["legends"][0]["form"] = form
        st = game.state_from_dict(d)
        assert [str(a) for a in st.legal_actions()] == [f"draw 1 {ultimate}"]
        other = "bloodrage" if ultimate == "sharpshooter" else "sharpshooter"
        assert refused(st, f"draw 1 {other}", "not-in-meter").rule.endswith("LA-14")
        play(st, f"draw 1 {ultimate}")
        assert st.piles[0].meter["ultimates"] == [other] and ultimate in st.piles[0].hand  # the other stays


def test_R_22_with_the_current_forms_ultimate_played_a_draw_takes_the_other():
    game = Legends(2, {"legends": ["lucius", "alysia"]})
    d = game.new_state().to_dict()
    d["discards"][0], d["meters"][0] = d["meters"][0]["specials"], {"specials": [], "ultimates": ["bloodrage"]}
    d["removed"][0] = ["sharpshooter"]
    st = game.state_from_dict(d)
    assert legend(st, 1)["form"] == "human" and [str(a) for a in st.legal_actions()] == ["draw 1 bloodrage"]


def test_LA_14_a_state_gives_lucius_one_of_his_forms_and_no_one_else_a_form():
    st = lucius_table()
    for seat, form in ((1, "cat"), (1, None), (2, "wolf")):
        d = st.to_dict()
        d["legends"][seat - 1]["form"] = form
        with pytest.raises(IllegalAction) as err:
            st.game.state_from_dict(d)
        assert err.value.code == "invalid-state" and err.value.rule.endswith("LA-14")
