"""The core carries simultaneous secret picks (the shape of Legends of the Arena), on a test-only game."""
import pytest

from companion import games
from companion.core import Refusal
from companion.journal import Journal
from companion.session import Session
from toy_picks import SecretPicks


@pytest.fixture
def picks(monkeypatch):
    monkeypatch.setitem(games.REGISTRY, "secret-picks", SecretPicks)
    return Session.start(Journal(), "secret-picks", 3, seed=1)


def test_every_seat_may_pick_in_any_order_and_the_table_waits_for_all(picks):
    assert picks.state.players_to_move() == (1, 2, 3)
    picks.play("pick 3 2")
    picks.play("pick 1 1")
    assert picks.state.players_to_move() == (2,)


def test_a_seat_view_never_holds_another_seats_unrevealed_pick(picks):
    picks.play("pick 1 3")
    assert picks.view(1)["my_pick"] == 3
    assert picks.view(2) == {"waiting_for": [2, 3], "scores": [0, 0, 0], "my_pick": None}
    assert picks.view(None)["my_pick"] is None


def test_a_seat_may_take_back_its_pick_before_the_reveal(picks):
    picks.play("pick 1 3")
    picks.undo()
    picks.play("pick 1 2")
    assert picks.view(1)["my_pick"] == 2


def test_undo_never_takes_back_the_reveal(picks):
    for text in ("pick 1 3", "pick 2 3", "pick 3 1"):
        events = picks.play(text)
    assert events[-1]["picks"] == {1: 3, 2: 3, 3: 1} and picks.state.scores == [0, 0, 1]
    with pytest.raises(Refusal) as err:
        picks.undo()
    assert err.value.code == "undo-blocked-by-reveal" and err.value.rule == "secret-picks/reveal"


def test_picking_twice_is_refused_and_changes_nothing(picks):
    picks.play("pick 2 1")
    before = picks.full_state()
    with pytest.raises(Refusal) as err:
        picks.play("pick 2 3")
    assert err.value.code == "already-picked" and picks.full_state() == before
