"""CM-16: what the table typed is its own entry and undo takes it back; a die the referee drew is chance
(ALL-2) and undo stops there. Played through a real session on a real journal file, exported and imported."""
from __future__ import annotations

import pytest

from companion.core import IllegalAction
from companion.testing.chronomage_fixtures import typed, write_timeline
from companion.journal import Journal
from companion.session import Session


def session_at_round_one(tmp_path, players=2):
    path = write_timeline(tmp_path, "vale")
    s = Session.start(Journal(tmp_path / "journal.sqlite"), "chronomage", players, seed=6,
                      options={"timeline": str(path)})
    s.play("ready")
    s.play("reveal c1")  # a pick from the list: the table's choice, not a draw
    return s


def test_CM_16_a_typed_die_face_is_undone_and_the_roll_entered_again(tmp_path):
    s = session_at_round_one(tmp_path)
    before = s.full_state()
    s.play("dice 1 1 1 1 / 4")  # a typo: the dice show 6 6 6
    assert s.state.this_round.rolls[0]["result"] == 3 and s.can_undo
    s.undo()
    assert s.full_state() == before and s.state.to_roll() == [1, 2]
    s.play("dice 1 6 6 6 / 4")
    assert s.state.this_round.rolls[0]["result"] == 18


def test_CM_16_a_typed_card_is_undone_back_to_the_reveal(tmp_path):
    path = write_timeline(tmp_path, "vale")
    s = Session.start(Journal(tmp_path / "journal.sqlite"), "chronomage", 1, seed=2, options={"timeline": str(path)})
    s.play("ready")
    s.play(typed(1, id="mole", name="Mloe", rounds=[{"color": "blue", "power": {"1": 9}, "dice": 1}]))
    assert s.state.card.name == "Mloe"
    s.undo()
    assert (s.state.phase, s.state.step, s.state.card) == ("engagement", "reveal", None)
    s.play(typed(1, id="mole", name="Mole", rounds=[{"color": "blue", "power": {"1": 9}, "dice": 1}]))
    assert s.state.card.name == "Mole"


def test_CM_16_a_picked_card_and_typed_anomaly_dice_are_the_tables_entries_too(tmp_path):
    s = session_at_round_one(tmp_path)
    s.play("reverse 2 5")
    s.undo()
    assert not s.state.reversed and s.state.anomaly is None
    s.undo()  # the pick
    assert s.state.step == "reveal"


@pytest.mark.parametrize("drawn", ["dice 1", "reverse"])
def test_CM_16_a_die_the_referee_drew_still_stops_undo(tmp_path, drawn):
    s = session_at_round_one(tmp_path)
    s.play(drawn)
    with pytest.raises(IllegalAction) as err:
        s.undo()
    assert (err.value.code, err.value.rule) == ("undo-blocked-by-chance", "ALL-2")


def test_CM_16_a_referee_draw_of_the_revealed_card_stops_undo(tmp_path):
    path = write_timeline(tmp_path, "vale")
    s = Session.start(Journal(tmp_path / "journal.sqlite"), "chronomage", 1, seed=2, options={"timeline": str(path)})
    s.play("ready")
    s.play("reveal")
    with pytest.raises(IllegalAction) as err:
        s.undo()
    assert err.value.code == "undo-blocked-by-chance"


def test_CM_16_undoing_typed_dice_keeps_the_journal_exportable_and_its_draws_true(tmp_path):
    s = session_at_round_one(tmp_path)
    for _ in range(3):
        s.play("dice 1 2 2 2 / 4")
        s.undo()
    s.play("dice 1")  # drawn after three typed rolls were taken back
    s.play("dice 2")
    again = Session.import_lines(Journal(tmp_path / "other.sqlite"), list(s.export_lines()))
    assert again.full_state() == s.full_state()
    resumed = Session.resume(s.journal, s.id)
    assert resumed.full_state() == s.full_state()
    with pytest.raises(IllegalAction):
        again.undo()  # the imported drawn die still stops undo
