"""The engine core and the registry, independent of any one game."""
import pytest

from companion import games
from companion.core import BadRequest, NotationError, Refusal
from toy_game import LuckyDraw, Move


def test_the_registry_is_built_from_the_game_classes():
    assert games.REGISTRY["time-runners"] is games.game_class("time-runners")
    for game_id, cls in games.REGISTRY.items():
        assert cls.id == game_id and cls.title and 1 <= cls.min_players <= cls.max_players


def test_an_unknown_game_names_the_games_there_are():
    with pytest.raises(BadRequest) as err:
        games.game_class("monopoly")
    assert err.value.code == "unknown-game" and "time-runners" in err.value.reason


@pytest.mark.parametrize("players", [0, 5, -1, "2", 2.0, True, None])
def test_a_seat_count_outside_the_game_is_refused(players):
    with pytest.raises(Refusal) as err:
        LuckyDraw(players)
    assert err.value.code == "bad-player-count" and err.value.rule == "lucky-draw/players"


def test_unknown_options_are_refused():
    with pytest.raises(Refusal) as err:
        LuckyDraw(2, {"turbo": True})
    assert err.value.code == "unknown-option"


def test_a_refusal_carries_code_reason_and_rule():
    refusal = Refusal("must-play-card", "Play a card first.", "time-runners/TR-13")
    assert refusal.as_dict() == {"code": "must-play-card", "reason": "Play a card first.", "rule": "time-runners/TR-13"}


def test_a_notation_error_is_a_refusal_that_quotes_the_text():
    with pytest.raises(NotationError) as err:
        Move.parse("jump 3")
    assert isinstance(err.value, Refusal) and err.value.code == "bad-notation" and "'jump 3'" in err.value.reason


@pytest.mark.parametrize("text", ["roll", "roll 4", "step", "pass", "deal 3 1 2"])
def test_actions_round_trip_through_their_notation(text):
    action = Move.parse(text)
    assert str(action) == text and Move.parse(str(action)) == action
    assert eval(repr(action), {"Move": Move}) == action  # a repr you could paste back


def test_chance_outcomes_are_marked_as_chance():
    assert Move.parse("roll 4").chance and not Move.parse("roll").chance and not Move.parse("step").chance
