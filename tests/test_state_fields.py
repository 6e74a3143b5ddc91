"""ALL-3: a state read back is checked field by field against the shapes its game declares once
(`companion/shapes.py`); the first field of another shape is refused by its path, citing its shape's rule."""
from __future__ import annotations

import copy
import json

import pytest

from companion import games
from companion.core import IllegalAction, check_state_fields, invalid_state
from companion.shapes import ANY, Bool, Int, Is, ListOf, Map, Nullable, OneOf, Record, Text, Tuple

BAD = __import__("functools").partial(invalid_state, game="toy", noun="a toy state")

FIELDS = {
    "players": Is(3, rule="T-1"),
    "hour": Int(1, 12, rule="T-2", means="an hour 1..12"),
    "positions": ListOf(Int(0, 60), length=3, seats=True, rule="T-3"),
    "current": Nullable(Int(1, 3), rule="T-4"),
    "last": Nullable(Record({"seat": Int(1, 3), "value": Int(1, 6, rule="T-5")}, optional={"to": Int(0, 60)})),
    "seats": ListOf(Int(1, 3), distinct=True, ascending=True),
    "picks": Map(("1", "2", "3"), ListOf(Text(), length=3), rule="T-6"),
    "block": ListOf(Tuple((Int(0, 99), OneOf(("all", "faced"))))),
    "on": Bool(),
    "note": ANY,
}
GOOD = {"players": 3, "hour": 12, "positions": [0, 5, 60], "current": None, "last": {"seat": 2, "value": 4},
        "seats": [1, 3], "picks": {"2": ["a", "b", "c"]}, "block": [[2, "all"]], "on": False, "note": {"x": [1]}}


def refusal(change) -> IllegalAction:
    d = copy.deepcopy(GOOD)
    change(d)
    with pytest.raises(IllegalAction) as err:
        check_state_fields(d, FIELDS, BAD)
    assert err.value.code == "invalid-state" and err.value.reason.startswith("This is not a toy state: ")
    return err.value


def test_ALL_3_a_state_of_the_declared_shapes_passes():
    check_state_fields(copy.deepcopy(GOOD), FIELDS, BAD)
    check_state_fields(dict(GOOD, current=2, last=None, seats=[], picks={}), FIELDS, BAD)


@pytest.mark.parametrize("change,words,rule", [
    (lambda d: d.__setitem__("players", 3.0), "players must be 3, not 3.0", "toy/T-1"),
    (lambda d: d.__setitem__("hour", True), "hour must be an hour 1..12, not True", "toy/T-2"),
    (lambda d: d["positions"].__setitem__(1, 61), "positions[seat 2] must be a whole number 0..60, not 61", "toy/T-3"),
    (lambda d: d["positions"].pop(), "positions must be a list of 3, one per seat", "toy/T-3"),
    (lambda d: d.__setitem__("current", 4), "current must be null or a whole number 1..3, not 4", "toy/T-4"),
    (lambda d: d["last"].__setitem__("value", 7), "last.value must be a whole number 1..6, not 7", "toy/T-5"),
    (lambda d: d["last"].__setitem__("from", 7), "last must be null or an object {seat, value, to?}", "ALL-3"),
    (lambda d: d["last"].__setitem__("to", "x"), "last.to must be a whole number 0..60", "ALL-3"),
    (lambda d: d.__setitem__("seats", [3, 1]), "seats must be a list different in order", "ALL-3"),
    (lambda d: d.__setitem__("seats", [1, 1]), "seats must be a list different in order", "ALL-3"),
    (lambda d: d["picks"].__setitem__("4", ["a", "b", "c"]), "picks must be an object of 1, 2, 3", "toy/T-6"),
    (lambda d: d["picks"]["2"].__setitem__(2, 5), "picks.2[2] must be a text, not 5", "toy/T-6"),
    (lambda d: d["block"].__setitem__(0, [2, "some"]), "block[0][1] must be one of all, faced", "ALL-3"),
    (lambda d: d.__setitem__("on", 0), "on must be true or false, not 0", "ALL-3"),
    (lambda d: d.pop("on"), "the field 'on' is missing", "ALL-3"),
])
def test_ALL_3_the_first_field_of_another_shape_is_refused_by_its_path_and_rule(change, words, rule):
    err = refusal(change)
    assert words in err.reason and err.rule == rule, err


def test_ALL_3_fields_are_checked_in_the_order_declared():
    err = refusal(lambda d: d.update(hour=0, on="yes"))
    assert "hour" in err.reason and err.rule == "toy/T-2"


@pytest.mark.parametrize("game_id,players,path,value,words,rule", [
    ("time-runners", 3, ("positions", 1), 61, "positions[seat 2] must be a space 0..60", "time-runners/TR-1"),
    ("time-runners", 3, ("hands", 2), ["xx"], "hands[seat 3][0] must be a card code", "time-runners/TR-5"),
    ("block-arena", 2, ("turn", "block_moved"), 1, "turn.block_moved must be true or false", "ALL-3"),
    ("block-arena", 2, ("meeples", 0), "z9", "meeples[0] must be null or a square of the board", "block-arena/BA-7"),
    ("legends-of-the-arena", 2, ("legends", 0, "fatigue"), 11, "legends[seat 1].fatigue must be a Fatigue 0..10",
     "legends-of-the-arena/fatigue"),
    ("chronomage", 2, ("formation", 1), 4, "formation[seat 2] must be a whole number 1..3", "ALL-3"),
    ("chronomage", 2, ("weaknesses", 0, "blue"), -1, "weaknesses[seat 1].blue must be a whole number 0..", "ALL-3"),
])
def test_ALL_3_each_game_names_the_first_bad_field_of_its_state(game_id, players, path, value, words, rule):
    game = games.make_game(game_id, players)
    d = json.loads(json.dumps(game.new_state().to_dict()))
    game.state_from_dict(copy.deepcopy(d))  # as written, it loads
    target = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(IllegalAction) as err:
        game.state_from_dict(d)
    assert err.value.code == "invalid-state" and words in err.value.reason and err.value.rule == rule, err.value


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_ALL_3_a_state_is_made_by_from_fields_of_exactly_its_fields(game_id):
    cls = games.REGISTRY[game_id]
    game = games.make_game(game_id, max(2, cls.min_players))
    st = game.new_state()
    kind = type(st)
    fields = {k: copy.deepcopy(getattr(st, k)) for k in kind.FIELDS}
    again = kind.from_fields(game, **fields)
    assert again.to_dict() == st.to_dict() and again.view(None) == st.view(None)
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in st.legal_actions()]
    with pytest.raises(TypeError):
        kind.from_fields(game, **{k: v for k, v in fields.items() if k != kind.FIELDS[0]})
    with pytest.raises(TypeError):
        kind.from_fields(game, **fields, phse="over")
