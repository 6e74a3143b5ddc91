"""Chronomage keeps the cards a session plays with (CM-3): the timeline's cards and the table's saved
cards are read once, when the session starts, and kept with it in the journal (the game's `cards`
option), so editing, breaking or deleting the library files later never stops a resume, a replay or an
import, and the cards still to come are the ones the table started with."""
from __future__ import annotations

import json
import random

import pytest

from companion.core import BadRequest
from companion.games.chronomage import GAME
from companion.testing.chronomage_fixtures import monster, timeline_dict, to_toml, write_timeline
from companion.testing.chronomage_playout import random_action
from companion.games.chronomage.rules import FROM_FILES
from companion.journal import Journal
from companion.session import Session
from referee_client import RefereeProcess


def started(tmp_path, players=2, seed=4, actions=50):
    path = write_timeline(tmp_path, "vale")
    journal = Journal(tmp_path / "journal.sqlite")
    session = Session.start(journal, "chronomage", players, seed=seed, options={"timeline": str(path)})
    rng = random.Random(seed)
    for _ in range(actions):
        if session.outcome() is not None:
            break
        session.play(str(random_action(session.state, rng, fail_rate=0.0)))
    assert session.state.done and session.outcome() is None
    return path, journal, session


@pytest.mark.parametrize("damage", ["deleted", "broken", "edited", "a directory"])
def test_CM_3_a_session_resumes_and_plays_on_with_its_kept_cards_whatever_happens_to_the_file(tmp_path, damage):
    path, journal, session = started(tmp_path)
    before = json.dumps(session.full_state(), sort_keys=True)
    picks = session.state.revealable() if session.state.phase == "engagement" else None
    path.unlink()
    if damage == "broken":
        path.write_text("[timeline]\ntitle = \n", encoding="utf-8")
    elif damage == "edited":
        path.write_text(to_toml(timeline_dict(**{f"c{i}": monster(power=[99] * 4) for i in range(1, 17)})))
    elif damage == "a directory":
        path.mkdir()
    again = Session.resume(journal, session.id)
    assert json.dumps(again.full_state(), sort_keys=True) == before
    assert again.game.timeline.title == "Test timeline" and len(again.game.timeline.cards) == 16
    if picks is not None:
        assert again.state.revealable() == picks
    rng = random.Random(1)
    for _ in range(200):  # and the timeline plays on to its end with the cards it started with
        if again.outcome() is not None:
            break
        again.play(str(random_action(again.state, rng, fail_rate=0.05)))
        assert all(r.power_for(2) != 99 for c in ([again.state.card] if again.state.card else []) for r in c.rounds)


def test_CM_3_a_sessions_export_imports_on_a_table_without_the_library_file(tmp_path):
    path, journal, session = started(tmp_path, players=3, seed=8)
    lines = list(session.export_lines())
    path.unlink()
    other = Journal(tmp_path / "other.sqlite")
    imported = Session.import_lines(other, lines)
    assert imported.full_state() == session.full_state()


def test_CM_3_the_cards_kept_are_the_timelines_and_the_saved_ones_as_the_session_began(tmp_path):
    from companion.games.chronomage.my_cards import save_card
    game = GAME(3)
    save_card(game.parse_action('reveal { id = "mole", name = "Mole", phase = 1, type = "monster", resistance = '
                                '{ orange = 1, blue = 1, green = 1, purple = 1 }, rounds = [{ color = "blue", '
                                'power = { 3 = 9 }, dice = 1 }], chart = [' + ", ".join(
                                    f"{{ face = {f}, spaces = [] }}" for f in range(1, 7)) + '], preemptive = '
                                '{ kind = "crisis", attempt = [], goal = 9 } }').data)
    made = GAME(3)
    assert [c.id for c in made.my_cards] == ["mole"] and made.options["cards"] != FROM_FILES
    kept = GAME(3, dict(made.options))  # what a resume makes from the journaled options
    assert kept.timeline == made.timeline and kept.my_cards == made.my_cards and kept.catalogue == made.catalogue
    assert GAME(3).options["cards"] == made.options["cards"]  # the same files keep the same text


def test_CM_3_kept_cards_that_are_not_a_timeline_are_a_bad_option():
    for text in ("not toml [", '[timeline]\ntitle = "x"\n', "warnings = 7\n"):
        with pytest.raises(BadRequest) as err:
            GAME(2, {"cards": text})
        assert err.value.code == "bad-option" and "the cards kept with the game" in err.value.reason
    with pytest.raises(BadRequest) as err:
        GAME(2, {"cards": 7})
    assert err.value.code == "bad-option"


def test_CM_3_a_session_whose_file_is_gone_resumes_through_the_referee(tmp_path):
    path = write_timeline(tmp_path, "our-timeline")
    journal = str(tmp_path / "journal.sqlite")
    ref = RefereeProcess("--journal", journal)
    session = ref.send(op="new", game="chronomage", players=2, seed=1, options={"timeline": str(path)})["session"]
    assert ref.send(op="play", action="ready")["ok"]
    ref.close()
    path.unlink()
    ref = RefereeProcess("--journal", journal)
    try:
        reply = ref.send(op="resume", session=session)
        assert reply["ok"] and reply["state"]["phase"] == "engagement"
        assert ref.send(op="play", action="reveal")["ok"]  # drawn from the kept cards
    finally:
        ref.close()


def test_CM_3_the_kept_cards_are_marked_for_clients_as_the_games_own_not_a_choice():
    options = {o["name"]: o for o in GAME.info()["options"]}
    assert options["cards"].get("hidden") is True and "hidden" not in options["timeline"]
