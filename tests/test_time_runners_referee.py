"""Time Runners through the real referee protocol (`python -m companion referee` as a subprocess)."""
from __future__ import annotations

import random

import pytest

from companion.testing.time_runners_fixtures import wellformed_texts
from referee_client import RefereeProcess


@pytest.fixture
def referee():
    r = RefereeProcess()
    yield r
    r.close()


def choose(legal, state, rng):
    """A random listed action, biased so the game moves on (rolls, one card, then mostly end)."""
    rolls = [a for a in legal if a.startswith("roll")]
    own = [a for a in legal if a.startswith(f"play {state['current']} ")]
    others = [a for a in legal if a.startswith("play ") and a not in own]
    if others and rng.random() < 0.1:
        return rng.choice(others)
    if rolls:
        return rng.choice(rolls)
    if "end" in legal and (not own or rng.random() < 0.8):
        return "end"
    return rng.choice(own or legal)


def test_referee_plays_time_runners_to_a_winner_and_legal_is_what_play_accepts(referee):
    players = 3
    reply = referee.send(op="new", game="time-runners", players=players, seed=7)
    assert reply["ok"], reply
    assert reply["state"]["phase"] == "roll-off"  # the session applied the setup shuffle at once
    rng = random.Random(7)
    probes = 0
    state = reply["state"]
    for step in range(3000):
        if state["winner"] is not None:
            break
        legal = referee.send(op="legal")["actions"]
        assert legal, state
        if step % 10 == 0:  # a few unlisted actions are refused and change nothing
            before = referee.send(op="state")["state"]
            for text in rng.sample([t for t in wellformed_texts(players) if t not in legal], 3):
                r = referee.send(op="play", action=text)
                assert r["ok"] is False and {"code", "reason", "rule"} <= set(r["error"]), (text, r)
                probes += 1
            assert referee.send(op="state")["state"] == before
        action = choose(legal, state, rng)
        r = referee.send(op="play", action=action)
        assert r["ok"], (action, r)
        state = r["state"]
    assert state["winner"] in range(1, players + 1) and state["phase"] == "over"
    assert referee.send(op="legal")["actions"] == []
    assert referee.send(op="play", action="roll")["error"]["code"] == "game-over"
    assert probes >= 30
    view = referee.send(op="view", player=2)["view"]
    assert view["next"] == "over" and "hands" not in view and len(view["hand"]) == view["hand_sizes"][1]


def test_referee_hand_sensor_gates_the_roll_and_the_override_is_journaled(referee):
    assert referee.send(op="new", game="time-runners", players=2, seed=3)["ok"]
    while referee.send(op="state")["state"]["phase"] == "roll-off":
        assert referee.send(op="play", action="roll")["ok"]
    assert referee.send(op="sense", hand=4)["ok"]
    r = referee.send(op="play", action="roll")
    assert r["ok"] is False and r["error"]["rule"] == "time-runners/hand-out-of-sync"
    assert "to 12" in r["error"]["reason"]
    assert not [a for a in referee.send(op="legal")["actions"] if a.startswith("roll")]
    assert referee.send(op="play", action="sensor off")["state"]["sensor_off"] is True
    assert referee.send(op="play", action="roll")["ok"]
