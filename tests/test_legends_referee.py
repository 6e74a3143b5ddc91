"""Legends of the Arena through `companion referee`: 1v1, 2v2 and a 4-player Free-for-All play to a
winner in both card modes, with `legal` exactly what `play` accepts, and undo stopping at a reveal."""
import random

import pytest

from referee_client import RefereeProcess


def run(players, mode, cards, seed):
    r = RefereeProcess()
    try:
        reply = r.send(op="new", game="legends-of-the-arena", players=players, seed=seed,
                       options={"mode": mode, "cards": cards})
        assert "error" not in reply, reply
        rng = random.Random(seed)
        for _ in range(3000):
            state = r.send(op="state")
            if state["outcome"] is not None:
                return state
            legal = r.send(op="legal")["actions"]
            assert legal, state["turn"]
            done = [a for a in legal if a.endswith(" done")]
            text = done[0] if done and rng.random() < 0.6 else rng.choice(legal)
            reply = r.send(op="play", action=text)
            assert "error" not in reply, (text, reply)
            bogus = r.send(op="play", action="reveal 9 step")
            assert bogus.get("error"), bogus
        raise AssertionError("no winner")
    finally:
        r.close()


@pytest.mark.parametrize("cards", ["digital", "physical"])
@pytest.mark.parametrize("players,mode", [(2, "teams"), (4, "teams"), (4, "ffa")])
def test_a_game_plays_to_a_winner_through_the_referee(players, mode, cards):
    state = run(players, mode, cards, seed=players * 10 + len(cards))
    assert state["outcome"]["reason"] and state["state"]["winner"] == state["outcome"]["winners"]


def test_undo_stops_at_the_reveal_through_the_referee():
    r = RefereeProcess()
    try:
        r.send(op="new", game="legends-of-the-arena", players=2, seed=1)
        mine = r.send(op="legal", player=1)["actions"]
        assert mine and all(a.startswith("pick 1 ") for a in mine)
        r.send(op="play", action=mine[0], player=1)
        assert "error" not in r.send(op="undo")
        r.send(op="play", action=mine[0], player=1)
        seen = r.send(op="play", action=r.send(op="legal", player=2)["actions"][0], player=2)
        assert "error" not in seen
        reply = r.send(op="undo")
        assert reply["error"]["rule"] == "legends-of-the-arena/LA-7", reply
    finally:
        r.close()
