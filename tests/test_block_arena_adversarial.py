"""Block Arena, adversarial: positions a table correction (`load`) must refuse, and checks through the real
referee (undo/redo, load) that the rules tests do not make."""
from __future__ import annotations

import json
import sys

import pytest

from companion.games.block_arena import GAME, parse_action
from companion.testing.block_arena_fixtures import position, position_dict
from referee_client import RefereeProcess
from rules_helpers import refused_load as shared_refused_load

RULE = "block-arena/"
MID = {1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}
#: seat 2's blocks a6, b6, a5, b5 walled into a corner by seat 1's c5-c6 and a4-b4 (seat 2 is stuck)
CORNER = {1: ["c5 c6", "a4 b4", "f1", "d1"], 2: ["a6", "b6", "a5", "b5"]}
#: seat 1's standing a1..d1 walled by seat 2's a2-b2, c2-d2 and e1-f1: no seat-1 block can move
WALLED = {1: ["a1", "b1", "c1", "d1"], 2: ["a2 b2", "c2 d2", "e1 f1", "a6"]}


def load(d, **opts):
    return GAME(2, opts).state_from_dict(json.loads(json.dumps(d)))


def refused_load(d, rule, **opts):
    return shared_refused_load(GAME(2, opts), d, rule, words="This is not a possible Block Arena position")


def play(state, *texts):
    for t in texts:
        state.apply(parse_action(t))
    return state


# ---------------------------------------------------------------- ALL-3: load never crashes
@pytest.mark.parametrize("meeple", [["c2"], {"square": "c2"}, 3, True])
def test_ALL_3_load_refuses_a_meeple_that_is_not_a_square_name_instead_of_crashing(meeple):
    d = position_dict(MID, ("c2", "e4"))
    d["meeples"][0] = meeple
    refused_load(d, "BA-7")


def test_ALL_3_the_referee_answers_a_load_with_a_list_for_a_meeple_with_invalid_state_not_internal_error():
    r = RefereeProcess(command=[sys.executable, "-m", "companion"])
    try:
        assert r.send(op="new", game="block-arena", players=2)["ok"]
        d = position_dict(MID, ("c2", "e4"))
        d["meeples"] = [["c2"], "e4"]
        reply = r.send(op="load", state=d)
        assert reply["ok"] is False and reply["error"]["code"] == "invalid-state", reply
        assert r.send(op="state")["state"]["phase"] == "setup"  # nothing changed
    finally:
        r.send(op="quit")
        r.close()


# ---------------------------------------------------------------- BA-11: no turn that cannot be finished
def test_BA_11_load_refuses_a_meeple_moved_first_that_left_no_block_move():
    # the meeple stepped from a1 onto seat 2's b2: every seat-1 block is still walled in, so the turn
    # could never be finished (the engine would list no action in a running game)
    d = position_dict(WALLED, ("b2", "a6"), meeple_moved=True)
    refused_load(d, "BA-11")


def test_BA_11_load_accepts_a_meeple_moved_first_that_left_a_block_move():
    st = load(position_dict(MID, ("c3", "e4"), meeple_moved=True))
    assert st.legal_actions() and all(str(a).split()[0] in ("slide", "flip") for a in st.legal_actions())


# ---------------------------------------------------------------- BA-3: the meeples phase follows setup
def test_BA_3_load_refuses_a_meeples_phase_with_a_block_outside_its_first_row():
    d = position_dict(MID, (None, None), phase="meeples", turns=[0, 0])
    refused_load(d, "BA-3")


def test_BA_3_load_accepts_a_meeples_phase_straight_from_setup():
    blocks = {1: ["a1", "b1", "c1 d1", "f1"], 2: ["a6", "b6", "c6 d6", "f6"]}
    st = load(position_dict(blocks, ("c1", None), phase="meeples", current=2, turns=[0, 0]))
    assert [str(a) for a in st.legal_actions()] == ["meeple a6", "meeple b6", "meeple c6", "meeple d6", "meeple f6"]


# ---------------------------------------------------------------- finished games read back
def _over(blocks, meeples, winner, reason, **kw):
    kw.setdefault("turns", [1, 0] if winner == 1 else [1, 1])
    return position_dict(blocks, meeples, phase="over", current=None, winner=winner, reason=reason, **kw)


def test_BA_13_load_refuses_a_stuck_ending_whose_loser_could_still_move():
    refused_load(_over(MID, ("c2", "e4"), 1, "stuck"), "BA-13")


def test_BA_13_load_accepts_the_stuck_ending_the_engine_makes():
    st = play(position(CORNER, ("d1", "b6")), "slide f1 n", "end")
    assert st.to_dict()["reason"] == "stuck"
    assert load(st.to_dict()).to_dict() == st.to_dict()


def test_BA_9_load_refuses_a_turn_limit_ending_before_40_turns_each():
    refused_load(_over(MID, ("c2", "e4"), 2, "turn-limit", bga=True, turns=[3, 3]), "BA-9", bga=True)


def test_BA_9_load_refuses_a_turn_limit_ending_won_by_the_wrong_seat():
    # seat 2's meeple (e4, 3 rows from row 1) is nearer its goal than seat 1's (c2, 4 rows from row 6)
    refused_load(_over(MID, ("c2", "e4"), 1, "turn-limit", bga=True, turns=[40, 40]), "BA-9", bga=True)


def test_BA_9_load_accepts_the_turn_limit_ending_the_engine_makes():
    st = play(position(MID, ("c2", "e4"), bga=True, current=2, turns=[40, 39]), "slide a6 s")
    assert st.to_dict()["reason"] == "turn-limit" and st.winner == 2
    assert load(st.to_dict(), bga=True).to_dict() == st.to_dict()


def test_BA_9_load_refuses_a_bga_game_finished_past_its_turn_limit_naming_turns():
    st = position({1: ["c3 c4", "c5", "a1", "e1"], 2: ["c6", "a6", "e6", "f6"]}, ("c3", "a6"), bga=True,
                  turns=[39, 39])
    play(st, "go c6")
    d = st.to_dict()
    assert d["reason"] == "goal" and load(d, bga=True).to_dict() == d
    for turns in ([57, 56], [40, 40], [41, 40]):  # 40 turns each end the game on the limit, not later on a goal
        assert "turns is" in refused_load({**d, "turns": turns}, "BA-9", bga=True).reason
    refused_load(_over(WALLED, ("a1", "a6"), 2, "stuck", bga=True, turns=[41, 41]), "BA-9", bga=True)


def test_BA_12_load_refuses_a_finished_game_with_both_meeples_on_their_goal_rows():
    blocks = {1: ["c5 c6", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f2"]}
    refused_load(_over(blocks, ("c6", "b1"), 1, "goal"), "BA-12")


def test_BA_12_load_refuses_a_stuck_ending_with_a_meeple_on_its_goal_row():
    blocks = dict(CORNER)
    blocks[1] = ["c5 c6", "a4 b4", "f1", "d1"]
    refused_load(_over(blocks, ("c6", "b6"), 1, "stuck"), "BA-12")


def test_BA_12_load_accepts_the_goal_ending_the_engine_makes():
    st = position({1: ["c3 c4", "c5", "a1", "e1"], 2: ["c6", "a6", "e6", "f6"]}, ("c3", "a6"))
    play(st, "go c6")
    assert st.to_dict()["reason"] == "goal"
    assert load(st.to_dict()).to_dict() == st.to_dict()


def test_BA_6_load_refuses_a_finished_game_whose_turn_counts_cannot_be():
    st = position({1: ["c3 c4", "c5", "a1", "e1"], 2: ["c6", "a6", "e6", "f6"]}, ("c3", "a6"))
    d = play(st, "go c6").to_dict()
    d["turns"] = [7, 2]
    refused_load(d, "BA-6")


# ---------------------------------------------------------------- the referee: undo and redo
def test_ALL_1_undo_and_redo_through_the_referee_restore_each_moment_of_a_turn():
    r = RefereeProcess(command=[sys.executable, "-m", "companion"])
    try:
        assert r.send(op="new", game="block-arena", players=2)["ok"]
        for a in ("place a1", "place a6", "place b1", "place b6", "place c1 d1", "place c6 d6", "place f1",
                  "place f6", "meeple b1", "meeple b6"):
            assert r.send(op="play", action=a)["ok"]
        moments = [r.send(op="state")]
        for a in ("slide a1 n", "go d1", "slide d6 s"):  # block, meeple (the turn ends), seat 2's block
            reply = r.send(op="play", action=a)
            assert reply["ok"], reply
            moments.append(r.send(op="state"))
        assert moments[3]["state"]["blocks"][5]["squares"] == ["c5", "d5"]
        keys = ("state", "turn", "outcome")
        for back in range(3, 0, -1):
            assert r.send(op="undo")["ok"]
            now = r.send(op="state")
            assert {k: now[k] for k in keys} == {k: moments[back - 1][k] for k in keys}
        for fwd in range(1, 4):
            assert r.send(op="redo")["ok"]
            now = r.send(op="state")
            assert {k: now[k] for k in keys} == {k: moments[fwd][k] for k in keys}
    finally:
        r.send(op="quit")
        r.close()
