"""protocol/player: an action that names a seat belongs to that seat (`State.actor`), so only that seat, or
the table, may play it; another seat's `play` is refused and its list never offers it. Every action class
of every game is walked (found by import, not listed here); a field that names a seat other than the
actor is allowed only with its reason below, and a number that names no seat says what it is instead."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import sys

import aiohttp
import pytest

from companion import games
from companion.core import Action
from companion.games import REGISTRY
from companion.testing.chronomage_fixtures import typed
from companion.journal import Journal
from companion.refusals import Refusal
from companion.session import Session

from phone_helpers import PhoneTable, open_phone, run

#: fields naming a seat that is not the actor's, and why
NOT_THE_ACTOR = {
    ("chronomage", "Assist", "receiver"): "the seat given the die: the giver (FROM) gives it",
    ("chronomage", "Give", "seat"): "cleanup's time or loot card goes to SEAT by the group's choice: the table's action",
    ("legends-of-the-arena", "Target", "who"): "the foe SEAT's card dives toward or strikes",
    ("legends-of-the-arena", "Do", "args"): "a primitive's WHO: the seat SEAT's own card moves, turns, tires or pushes",
    ("time-runners", "Play", "arg"): "a swap card's other runner, or the hour a set card sets",
}
#: numbers that name no seat
NOT_A_SEAT = {
    ("time-runners", "Roll", "value"): "a die's face",
    ("chronomage", "Book", "cards"): "a count of cards",
    ("chronomage", "Choose", "option"): "an option's number on the card",
    ("chronomage", "Dice", "faces"): "dice faces",
    ("chronomage", "Dice", "challenge"): "dice faces",
    ("chronomage", "Form", "space"): "a space on the board",
    ("chronomage", "Spell", "cost"): "time units",
    ("chronomage", "Spell", "runes"): "a count of runes",
    ("chronomage", "Spell", "bonus"): "damage",
    ("chronomage", "Spell", "resistance"): "(colour, dice) pairs",
    ("chronomage", "Reverse", "anomaly"): "dice faces",
}
OWNER, OTHER = 2, 3  # the seat an action names as its own, and any other seat it names


def action_classes(game_cls) -> list[type]:
    """Every concrete Action dataclass defined in the game's package (all its modules imported)."""
    package = game_cls.__module__.rsplit(".", 1)[0]
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        importlib.import_module(info.name)
    found, todo = set(), list(Action.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        module = sys.modules.get(cls.__module__)
        # the class its module names: `slots=True` leaves the dataclass's first draft among the subclasses
        if cls.__module__.startswith(package + ".") and getattr(module, cls.__name__, None) is cls \
                and dataclasses.is_dataclass(cls) and not inspect.isabstract(cls):
            found.add(cls)
    return sorted(found, key=lambda c: c.__name__)


def may_name_a_seat(field) -> bool:
    kind = str(field.type)
    return "int" in kind or kind == "tuple"


def filled(cls, seats: dict[str, int]):
    """An instance with each seat field set as given, other fields a plain value of their type (its own
    checks skipped: `actor` reads the fields only, and a card code or a direction is no seat)."""
    values = {}
    for f in dataclasses.fields(cls):
        kind = str(f.type)
        if f.name in seats:
            values[f.name] = seats[f.name]
        elif "int" in kind and not kind.startswith("tuple"):
            values[f.name] = 1
        elif kind.startswith("tuple"):
            values[f.name] = ()
        elif "bool" in kind:
            values[f.name] = True
        elif "str" in kind:
            values[f.name] = "x"
        else:
            values[f.name] = None
    action = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(action, name, value)
    return action


def every_class():
    for game_id, game_cls in REGISTRY.items():
        for cls in action_classes(game_cls):
            yield pytest.param(game_id, cls, id=f"{game_id}-{cls.__name__}")


def test_the_walk_finds_every_games_actions_and_the_lists_name_only_real_fields():
    walked = {(g, c.__name__, f.name) for g, game_cls in REGISTRY.items() for c in action_classes(game_cls)
              for f in dataclasses.fields(c)}
    assert {g for g, _c, _f in walked} == set(REGISTRY)
    assert {("chronomage", "Assist", "giver"), ("block-arena", "Slide", "square")} <= walked
    assert set(NOT_THE_ACTOR) | set(NOT_A_SEAT) <= walked  # a renamed field cannot leave a stale excuse


@pytest.mark.parametrize("game_id,cls", list(every_class()))
def test_an_action_naming_a_seat_is_that_seats_alone(game_id, cls):
    state = games.make_game(game_id, REGISTRY[game_id].max_players).new_state()
    seat_fields = [f.name for f in dataclasses.fields(cls) if may_name_a_seat(f) and (game_id, cls.__name__, f.name)
                   not in NOT_A_SEAT]
    others = [f for f in seat_fields if (game_id, cls.__name__, f) in NOT_THE_ACTOR]
    owners = [f for f in seat_fields if f not in others]
    assert len(owners) <= 1, f"{cls.__name__} names several seats {owners}: which one plays it? List the others."
    action = filled(cls, {**dict.fromkeys(others, OTHER), **dict.fromkeys(owners, OWNER)})
    actor = state.actor(action)
    if owners:
        assert actor == OWNER, f"{action} names seat {OWNER} in {owners[0]!r} but belongs to {actor}"
    else:
        assert actor in (None, state.turn().current), f"{action} names no seat of its own but belongs to {actor}"
        assert actor != OTHER, f"{action} belongs to the seat it names in {others}"


# -- the session and the phones hold to it ----------------------------------------------------------------

#: three Chronomage players into an event: seat 1 is through, seats 2 and 3 still in it (an assist step)
TO_AN_ASSIST = ("ready", typed(1, type="event", power=[12] * 4, resistance=2),
                "dice 1 6 6 / 1", "dice 2 1 1 / 1", "dice 3 1 1 / 1")


def event_round(tmp_path) -> Session:
    session = Session.start(Journal(tmp_path / "j.sqlite"), "chronomage", 3, seed=1)
    for text in TO_AN_ASSIST:
        session.play(text)
    assert session.state.through == [True, False, False]
    return session


def test_protocol_player_CM_assist_is_the_givers_alone(tmp_path):
    session = event_round(tmp_path)
    head = session.head
    for seat in (2, 3):
        assert not [a for a in session.legal_actions(seat) if str(a).startswith("assist")]  # not offered
        with pytest.raises(Refusal) as refused:
            session.play("assist 1 2", seat)  # giving away seat 1's die
        assert refused.value.code == "not-your-action" and refused.value.rule == "protocol/player"
    assert session.head == head and session.state.this_round.assists == []
    assert {str(a) for a in session.legal_actions(1) if str(a).startswith("assist")} == {"assist 1 2", "assist 1 3"}
    session.play("assist 1 2", 1)
    assert session.state.this_round.assists == [(1, 2)]


def test_protocol_player_CM_a_phone_cannot_give_away_another_seats_die(tmp_path):
    table = PhoneTable(tmp_path / "j.sqlite", "chronomage", 3, seed=1)
    try:
        for text in TO_AN_ASSIST:
            table.ok({"op": "play", "action": text})

        async def go():
            async with aiohttp.ClientSession() as client:
                thief = await open_phone(client, table, 2)
                state = await thief.next("state")
                assert not [a for a in state["actions"] if a["type"] == "Assist"]
                for i, text in enumerate(("assist 1 2", "assist 1 3")):
                    answer = await thief.play(state, text, id=f"t{i}")
                    assert answer["type"] == "refused" and answer["error"]["code"] == "not-offered", answer
                assert table.table.referee.session.state.this_round.assists == []
                giver = await open_phone(client, table, 1)
                state = await giver.next("state")
                assert {a["text"] for a in state["actions"] if a["type"] == "Assist"} == {"assist 1 2", "assist 1 3"}
                assert (await giver.play(state, "assist 1 2", id="g1"))["type"] == "done"
            assert table.table.referee.session.state.this_round.assists == [(1, 2)]
        run(go())
    finally:
        table.close()
