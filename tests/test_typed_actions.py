"""Screens and phones read the game's actions as values (python-chess's `Move`), never as text.

Through the session on a real journal, for every registered game and every toy shape: the legal actions
are the game's `Action` values whose notation is exactly `legal()`, each serialises to JSON with its type
and fields, `play` takes the value as it takes the text, and an ending carries a termination code the
game declares. The shape values are enums, so a misspelt one fails where the game is defined.
"""
from __future__ import annotations

import json
import random

import pytest

from companion import games
from companion.core import (
    OVER, Action, GameType, NotationError, Option, Outcome, Refusal, Turn,
)
from companion.journal import Journal
from companion.session import Session
from toy_coop import TeamDice
from toy_duel import Nim
from toy_game import LuckyDraw
from toy_picks import SecretPicks

TOYS = {cls.id: cls for cls in (LuckyDraw, SecretPicks, TeamDice, Nim)}


@pytest.fixture(autouse=True)
def toys_registered(monkeypatch):
    for game_id, cls in TOYS.items():
        monkeypatch.setitem(games.REGISTRY, game_id, cls)


def tables():
    return [pytest.param(game_id, players, id=f"{game_id}-{players}")
            for game_id, cls in {**games.REGISTRY, **TOYS}.items()
            for players in sorted({cls.min_players, cls.max_players})]


@pytest.mark.parametrize("game_id,players", tables())
def test_legal_actions_are_values_whose_text_is_the_notation_and_play_takes_them(game_id, players, tmp_path):
    session = Session.start(Journal(tmp_path / "j.sqlite"), game_id, players, seed=3)
    rng = random.Random(game_id)
    for _ in range(150):
        if session.turn().kind == OVER:
            break
        actions = session.legal_actions()
        assert all(isinstance(a, Action) for a in actions)
        assert [str(a) for a in actions] == session.legal()
        for seat in session.game.seats:
            assert [str(a) for a in session.legal_actions(seat)] == session.legal(seat)
        for action in rng.sample(actions, min(8, len(actions))):
            wire = json.loads(json.dumps(action.to_json()))
            assert wire["type"] == type(action).__name__ and wire["text"] == str(action)
            assert session.game.parse_action(wire["text"]) == action
            assert set(wire["fields"]) == set(action.fields())
        session.play(rng.choice(actions))  # a value, not a text
    outcome = session.outcome()
    if outcome is not None and session.game.terminations:
        assert outcome.termination in session.game.terminations


def test_an_action_played_as_a_value_is_journaled_as_its_notation(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    session = Session.start(journal, "nim", 2, seed=1)
    action = session.legal_actions()[0]
    session.play(action)
    assert [e.text for e in journal.entries(session.id)] == [str(action)]


def test_an_action_of_another_game_is_refused_as_notation_and_changes_nothing(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    blocks = Session.start(journal, "block-arena", 2, seed=1)
    duel = Session.start(journal, "nim", 2, seed=1)
    before = json.dumps(duel.full_state(), sort_keys=True)
    with pytest.raises(NotationError):
        duel.play(blocks.legal_actions()[0])
    assert json.dumps(duel.full_state(), sort_keys=True) == before and duel.head == 0


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY.keys() - TOYS.keys()))
def test_every_game_declares_how_it_can_end(game_id):
    assert games.REGISTRY[game_id].terminations


@pytest.mark.parametrize("make", [
    lambda: GameType(information="hiden"),
    lambda: GameType(chance="rolled"),
    lambda: GameType(outcome="winer"),
    lambda: GameType(hardware=("dice", "buzzer")),
    lambda: GameType(teams="yes"),
    lambda: Turn("sat", (1,)),
    lambda: Outcome(result="win"),
    lambda: Option("x", "integer", 1, "ALL-1"),
], ids=["information", "chance", "outcome", "hardware", "teams", "turn", "result", "option"])
def test_a_misspelt_shape_value_fails_where_it_is_written(make):
    with pytest.raises(ValueError):
        make()


def test_shape_values_are_still_their_text_on_the_wire():
    shape = GameType(chance="drawn", information="hidden", hardware=("dice",))
    assert json.loads(json.dumps(shape.to_dict())) == {"chance": "drawn", "information": "hidden", "outcome": "winner",
                                                      "simultaneous": False, "teams": False, "hardware": ["dice"]}
    assert Turn.seat(2).kind == "seat" and json.dumps(Turn.over().to_dict()) == '{"kind": "over", "seats": []}'
    ending = Outcome(winners=(1,), reason="r", termination="goal")
    assert Outcome.from_dict(json.loads(json.dumps(ending.to_dict()))) == ending
