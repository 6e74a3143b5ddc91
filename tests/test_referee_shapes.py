"""The referee protocol for every shape, as a real subprocess: hints from a computer player,
answers scoped to one seat, the rules reference, and one reply for every line, whatever it holds."""
import json
import sys
from pathlib import Path

import pytest

from referee_client import RefereeProcess

TESTS = Path(__file__).parent
CHILD = (
    "import sys; sys.path.insert(0, {tests!r});"
    "from companion import games;"
    "from toy_duel import Nim; from toy_picks import SecretPicks; from toy_coop import TeamDice;"
    "[games.REGISTRY.__setitem__(c.id, c) for c in (Nim, SecretPicks, TeamDice)];"
    "from companion.cli import main; sys.exit(main(sys.argv[1:]))"
).format(tests=str(TESTS))


@pytest.fixture
def referee():
    r = RefereeProcess(command=[sys.executable, "-c", CHILD])
    yield r
    r.close()


def test_hint_answers_a_legal_action_of_the_computer_player(referee):
    referee.send(op="new", game="nim", players=2, seed=1, options={"pile": 10})
    reply = referee.send(op="hint", level="perfect", seconds=0.5)
    assert reply == {"ok": True, "action": "take 2"}
    assert referee.send(op="hint")["action"] in referee.send(op="legal")["actions"]  # default: the strongest


def test_hint_is_refused_clearly_for_a_game_without_a_computer_player(referee):
    referee.send(op="new", game="secret-picks", players=2, seed=1)
    error = referee.send(op="hint")["error"]
    assert error["code"] == "no-computer-player" and error["kind"] == "request" and "Secret Picks" in error["reason"]


def test_legal_and_play_for_a_seat_answer_only_what_it_may_know(referee):
    referee.send(op="new", game="secret-picks", players=2, seed=1)
    assert referee.send(op="legal", player=1)["actions"] == ["pick 1 1", "pick 1 2", "pick 1 3"]
    reply = referee.send(op="play", action="pick 1 3", player=1)
    assert reply["ok"] and "state" not in reply and reply["view"]["my_pick"] == 3
    refused = referee.send(op="play", action="pick 1 2", player=2)["error"]
    assert refused["code"] == "not-your-action" and refused["rule"] == "protocol/player"
    assert referee.send(op="view", player=2)["view"]["my_pick"] is None


def test_state_reports_the_turn_and_a_cooperative_outcome(referee):
    referee.send(op="new", game="team-dice", players=1, seed=1)
    assert referee.send(op="state")["turn"] == {"kind": "table", "seats": [1]}
    referee.send(op="play", action="roll 1 4")
    referee.send(op="play", action="score")
    state = referee.send(op="state")
    assert state["turn"]["kind"] == "over" and state["outcome"]["result"] == "victory"


def test_games_lists_each_games_shape_options_and_computer_players(referee):
    listed = {g["id"]: g for g in referee.send(op="games")["games"]}
    assert listed["team-dice"]["type"]["outcome"] == "cooperative"
    assert listed["nim"]["computer_players"] == ["random", "perfect"]
    assert listed["nim"]["options"][0] | {"default": None} == {
        "name": "pile", "kind": "int", "rule": "nim/pile", "label": "Pile", "low": 5, "high": 30, "default": None}


def test_rules_answers_a_rule_or_a_whole_reference(referee):
    assert referee.send(op="rules", rule="ALL-2")["rules"]["ALL-2"].startswith("Chance outcomes")
    whole = referee.send(op="rules", game="nim")["rules"]
    assert "nim/take" in whole and "ALL-1" in whole
    assert referee.send(op="rules", rule="nope/1")["error"]["code"] == "unknown-rule"


@pytest.mark.parametrize("line,code", [
    ("", "bad-json"), ("   ", "bad-json"), ("[" * 1000 + "]" * 1000, "bad-json"), ("[" * 100000, "bad-json"),
    (json.dumps({"op": "resume", "session": "1"}), "bad-request"), (json.dumps({"op": "new", "seed": [1]}), "bad-request"),
])
def test_every_line_gets_exactly_one_reply_and_the_referee_lives_on(referee, line, code):
    reply = referee.send(line)
    assert reply["ok"] is False and reply["error"]["code"] == code
    assert referee.send(op="games")["ok"]


def test_a_refusal_quotes_only_a_short_piece_of_a_huge_action(referee):
    referee.send(op="new", game="nim", players=2, seed=1)
    reply = referee.send(op="play", action="x" * 1_000_000)
    assert reply["error"]["code"] == "bad-notation" and len(reply["error"]["reason"]) < 200


def test_rules_takes_a_short_rule_id_as_the_cli_does_and_answers_with_the_full_one(tmp_path):
    from referee_client import RefereeProcess
    r = RefereeProcess("--journal", str(tmp_path / "j.sqlite"))
    try:
        assert list(r.send(op="rules", rule="TR-13")["rules"]) == ["time-runners/TR-13"]  # only Time Runners has it
        assert list(r.send(op="rules", rule="players", game="block-arena")["rules"]) == ["block-arena/players"]
        several = r.send(op="rules", rule="players")["error"]  # every game has one: it names them
        assert several["code"] == "unknown-rule" and "time-runners/players" in several["reason"]
        assert r.send(op="new", game="block-arena", players=2, seed=1)["ok"]
        assert list(r.send(op="rules", rule="players")["rules"]) == ["block-arena/players"]  # the open session's game
        assert r.send(op="rules", rule="TR-99")["error"]["code"] == "unknown-rule"
    finally:
        r.close()
