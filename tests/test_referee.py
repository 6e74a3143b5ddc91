"""The referee protocol, driven as a real subprocess (`python -m companion referee`)."""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.journal import Journal
from referee_client import RefereeProcess

TESTS = Path(__file__).parent
# The child registers the test-only Lucky Draw game, then runs the real referee entry point.
CHILD = (
    "import sys; sys.path.insert(0, {tests!r});"
    "from companion import games;"
    "from toy_game import LuckyDraw; games.REGISTRY['lucky-draw'] = LuckyDraw;"
    "from companion.cli import main; sys.exit(main(sys.argv[1:]))"
).format(tests=str(TESTS))


def start(*args):
    return subprocess.Popen([sys.executable, "-c", CHILD, "referee", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)


def Referee(*args):
    return RefereeProcess(*args, command=[sys.executable, "-c", CHILD])


@pytest.fixture
def referee():
    r = Referee()
    yield r
    r.close()


def test_every_kind_of_bad_input_is_refused_and_the_referee_keeps_serving(referee):
    cases = {
        "{not json": "bad-json",
        "[1, 2]": "bad-request",
        json.dumps({"op": "fly"}): "unknown-op",
        json.dumps({"op": "legal"}): "no-session",
        json.dumps({"op": "new", "game": "snakes", "players": 2}): "unknown-game",
        json.dumps({"op": "new", "game": "lucky-draw", "players": 9}): "bad-player-count",
        json.dumps({"op": "new", "game": "lucky-draw", "players": 2, "options": {"turbo": 1}}): "unknown-option",
    }
    for line, code in cases.items():
        reply = referee.send(line)
        assert reply["ok"] is False and reply["error"]["code"] == code, line
        assert reply["error"]["reason"] and "rule" in reply["error"]
    assert referee.send({"op": "new", "game": "lucky-draw", "players": 2, "seed": 1})["ok"]


def test_play_undo_redo_view_and_state_through_the_protocol(referee):
    new = referee.send({"op": "new", "game": "lucky-draw", "players": 2, "seed": 4})
    assert new["ok"] and new["state"]["current"] == 1
    assert referee.send({"op": "legal"})["actions"] == ["step", "roll"] + [f"roll {n}" for n in range(1, 7)]
    played = referee.send({"op": "play", "action": "step"})
    assert played["ok"] and played["state"]["scores"] == [1, 0]
    rolled = referee.send({"op": "play", "action": "roll"})
    assert rolled["action"].startswith("roll ") and rolled["action"] != "roll"
    before = referee.send({"op": "state"})
    refused = referee.send({"op": "undo"})
    assert refused["error"]["code"] == "undo-blocked-by-chance"
    assert referee.send({"op": "state"}) == before
    refused = referee.send({"op": "play", "action": "roll 3"})
    assert refused["ok"] is False and refused["error"]["rule"] == "lucky-draw/turn"
    assert referee.send({"op": "state"}) == before
    view = referee.send({"op": "view", "player": 2})["view"]
    assert view["cards"][0] is None and view["cards"][1] is not None
    assert referee.send({"op": "view", "player": 5})["error"]["code"] == "bad-seat"


def test_load_accepts_what_state_returned_and_refuses_a_broken_state(referee):
    referee.send({"op": "new", "game": "lucky-draw", "players": 2, "seed": 4})
    state = referee.send({"op": "state"})["state"]
    state["scores"] = [20, 3]
    assert referee.send({"op": "load", "state": state})["state"]["scores"] == [20, 3]
    state["scores"] = [-1, 3]
    reply = referee.send({"op": "load", "state": state})
    assert reply["error"]["code"] == "invalid-state" and reply["error"]["rule"] == "ALL-3"
    assert referee.send({"op": "undo"})["state"]["scores"] == [0, 0]


def test_quit_ends_the_process(referee):
    assert referee.send({"op": "quit"}) == {"ok": True}
    assert referee.proc.wait(timeout=10) == 0


def test_a_referee_restarted_on_its_journal_resumes_the_open_session(tmp_path):
    path = str(tmp_path / "j.sqlite")
    r = Referee("--journal", path)
    r.send({"op": "new", "game": "lucky-draw", "players": 3, "seed": 2})
    r.send({"op": "play", "action": "roll 5"})
    state = r.send({"op": "state"})["state"]
    r.close()
    r = Referee("--journal", path)
    assert r.send({"op": "state"})["state"] == state
    assert [s["game"] for s in r.send({"op": "sessions"})["sessions"]] == ["lucky-draw"]
    r.close()


def test_a_corrupt_journal_stops_the_referee_with_a_clear_message_and_is_not_touched(tmp_path):
    path = tmp_path / "j.sqlite"
    path.write_bytes(b"definitely not a journal")
    proc = start("--journal", str(path))
    out, err = proc.communicate("", timeout=20)
    assert proc.returncode == 2 and "not a Board Companion journal" in err
    assert path.read_bytes() == b"definitely not a journal"


def test_sigkill_mid_session_never_loses_an_acknowledged_action(tmp_path):
    """Kill the referee (SIGKILL) at random moments; every acknowledged action must survive."""
    path = tmp_path / "j.sqlite"
    rng = random.Random(2026)
    acknowledged = 0
    for round_ in range(25):
        proc = start("--journal", str(path))
        if round_ == 0:
            proc.stdin.write(json.dumps({"op": "new", "game": "lucky-draw", "players": 2, "seed": 1}) + "\n")
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["ok"]
        burst = rng.randint(5, 60)
        proc.stdin.write("".join(json.dumps({"op": "play", "action": "step"}) + "\n" for _ in range(burst)))
        proc.stdin.flush()
        for _ in range(rng.randint(0, burst)):
            reply = json.loads(proc.stdout.readline())
            assert reply["ok"], reply
            acknowledged += 1
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)

        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        db.close()
        with Journal(path) as journal:
            texts = [e.text for e in journal.entries(1)]
        steps = texts[1:]  # after the deal
        assert steps == ["step"] * len(steps)
        assert len(steps) >= acknowledged, f"round {round_}: {acknowledged} acknowledged, {len(steps)} kept"
        acknowledged = len(steps)  # unacknowledged actions that made it are part of the game now
