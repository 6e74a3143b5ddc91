"""Each game shape through the session and the journal: cooperative results, a computer opponent,
secret actions in exports, seat-scoped answers, typed undo stops, errors by kind."""
from __future__ import annotations

import json
import logging
import sqlite3

import pytest

from companion import games
from companion import journal as journal_mod
from companion.core import DEFEAT, SEAT, SEATS, TABLE, VICTORY, BadRequest, IllegalAction, InternalError, Refusal
from companion.journal import Journal
from companion.session import COMPUTER, Session
from toy_coop import TeamDice
from toy_duel import Nim
from toy_picks import SecretPicks


@pytest.fixture(autouse=True)
def toys(monkeypatch, lucky_registered):
    for cls in (TeamDice, Nim, SecretPicks):
        monkeypatch.setitem(games.REGISTRY, cls.id, cls)


# -- cooperative ---------------------------------------------------------------------------------------

def play_rounds(session, faces):
    for face in faces:
        for seat in session.game.seats:
            session.play(f"roll {seat} {face}")
        session.play("score")


def test_a_cooperative_table_acts_as_a_whole_and_wins_together(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    s = Session.start(j, "team-dice", 2, seed=1)
    assert s.turn().kind == TABLE and s.turn().seats == (1, 2)
    play_rounds(s, [4])
    assert s.outcome().result == VICTORY and s.outcome().winners == ()
    record = j.session(s.id)
    assert record.finished and record.summary["outcome"]["result"] == "victory"


def test_a_cooperative_defeat_is_a_shared_result(tmp_path):
    s = Session.start(Journal(), "team-dice", 2, seed=1, options={"rounds": 2})
    play_rounds(s, [1, 1])
    assert s.outcome().result == DEFEAT


def test_dice_the_session_draws_are_marked_drawn_and_stop_undo_at_ALL_2():
    s = Session.start(Journal(), "team-dice", 1, seed=3)
    s.play("roll 1")
    entry = s.journal.entry(s.id, s.head)
    assert entry.drawn and entry.text.startswith("roll 1 ") and entry.stop.rule == "ALL-2"
    s.play("score")
    assert not s.journal.entry(s.id, s.head).drawn


# -- a computer opponent -------------------------------------------------------------------------------

def test_a_hint_is_a_legal_action_of_the_seat_to_move():
    s = Session.start(Journal(), "nim", 2, seed=1, options={"pile": 10})
    assert s.hint("perfect") == "take 2" and s.hint("random") in s.legal(1)
    assert s.head == 0  # a hint plays nothing


def test_a_game_without_a_computer_player_refuses_a_hint_clearly():
    s = Session.start(Journal(), "lucky-draw", 2, seed=1)
    with pytest.raises(BadRequest) as err:
        s.hint()
    assert err.value.code == "no-computer-player" and "Lucky Draw" in err.value.reason


def test_an_unknown_level_names_the_levels():
    s = Session.start(Journal(), "nim", 2, seed=1)
    with pytest.raises(BadRequest) as err:
        s.hint("grandmaster")
    assert err.value.code == "bad-level" and "random, perfect" in err.value.reason


def test_undo_takes_back_the_computers_reply_with_the_move_before_it():
    s = Session.start(Journal(), "nim", 2, seed=1, options={"pile": 10})
    s.play("take 1")
    s.computer_move("perfect")
    assert s.full_state()["pile"] == 8 and s.journal.entry(s.id, 2).by == COMPUTER
    s.undo()
    assert s.full_state() == {"pile": 10, "current": 1, "winner": None} and s.head == 0
    s.redo()  # the move and the reply come back together
    assert s.full_state()["pile"] == 8 and s.head == 2


# -- secrets -------------------------------------------------------------------------------------------

def test_legal_for_a_seat_lists_only_that_seats_actions():
    s = Session.start(Journal(), "secret-picks", 3, seed=1)
    assert s.legal(2) == ["pick 2 1", "pick 2 2", "pick 2 3"]
    assert s.turn().kind == SEATS and s.turn().seats == (1, 2, 3)


def test_a_seat_cannot_play_another_seats_action_and_nothing_changes():
    s = Session.start(Journal(), "secret-picks", 3, seed=1)
    before = s.full_state()
    with pytest.raises(IllegalAction) as err:
        s.play("pick 1 3", player=2)
    assert err.value.code == "not-your-action" and err.value.rule == "protocol/player" and s.full_state() == before


def test_a_bad_seat_is_one_code_wherever_a_seat_is_asked_for():
    s = Session.start(Journal(), "secret-picks", 2, seed=1)
    for ask in (lambda: s.legal(5), lambda: s.play("pick 1 1", 0), lambda: s.view(9), lambda: s.legal("1")):
        with pytest.raises(BadRequest) as err:
            ask()
        assert err.value.code == "bad-seat"


def test_an_export_seals_unrevealed_picks_and_opens_them_after_the_reveal():
    s = Session.start(Journal(), "secret-picks", 2, seed=1)
    s.play("pick 1 3")
    sealed = [json.loads(line) for line in s.export_lines()][1]
    assert sealed["secret"]["redacted"] == "pick 1 ?" and "action" not in sealed and "salt" not in sealed["secret"]
    with pytest.raises(BadRequest) as err:
        Session.import_lines(Journal(), list(s.export_lines()))
    assert err.value.code == "sealed-export"
    s.play("pick 2 1")  # the reveal
    lines = list(s.export_lines())
    opened = json.loads(lines[1])
    assert opened["action"] == "pick 1 3" and opened["secret"]["salt"]
    assert Session.import_lines(Journal(), lines).full_state() == s.full_state()
    forged = [lines[0], lines[1].replace("pick 1 3", "pick 1 2"), *lines[2:]]
    with pytest.raises(BadRequest) as err:
        Session.import_lines(Journal(), forged)
    assert err.value.code == "bad-commitment"


def test_events_for_a_seat_hold_only_what_that_seat_may_see():
    s = Session.start(Journal(), "secret-picks", 2, seed=1)
    events = [{"type": "dealt", "visible_to": [1], "card": 7}, {"type": "public"}]
    assert s.events_for(events, 1) == events
    assert s.events_for(events, 2) == [{"type": "public"}] and s.events_for(events, None) == [{"type": "public"}]


# -- undo stops and errors -----------------------------------------------------------------------------

def test_a_reveal_stop_cites_the_games_own_rule():
    s = Session.start(Journal(), "secret-picks", 2, seed=1)
    s.play("pick 1 3")
    s.play("pick 2 1")
    with pytest.raises(IllegalAction) as err:
        s.undo()
    assert (err.value.code, err.value.rule) == ("undo-blocked-by-reveal", "secret-picks/reveal")


def test_an_engine_bug_is_an_internal_error_logged_and_nothing_changes(monkeypatch, caplog):
    s = Session.start(Journal(), "nim", 2, seed=1)
    before = s.full_state()
    monkeypatch.setattr(type(s.state), "apply", lambda self, a: 1 / 0)
    with caplog.at_level(logging.ERROR), pytest.raises(InternalError) as err:
        s.play("take 1")
    assert err.value.kind == "internal" and err.value.rule is None and "bug" in err.value.reason
    assert "ZeroDivisionError" in caplog.text
    monkeypatch.undo()
    assert s.full_state() == before and s.head == 0


def test_each_kind_of_refusal_is_its_own_class():
    s = Session.start(Journal(), "nim", 2, seed=1)
    kinds = {}
    for text in ("take 9", "jump", 42):
        with pytest.raises(Refusal) as err:
            s.play(text)
        kinds[str(text)] = err.value.kind
    assert kinds == {"take 9": "illegal", "jump": "notation", "42": "request"}


def test_a_version_1_journal_is_upgraded_and_keeps_its_undo_stops(tmp_path):
    path = tmp_path / "old.sqlite"
    with Journal(path) as j:
        s = Session.start(j, "lucky-draw", 2, seed=5)
        s.play("roll 3")
        session_id = s.id
    db = sqlite3.connect(path)  # make it what version 1 wrote: no meta column
    db.executescript("ALTER TABLE entries DROP COLUMN meta; UPDATE meta SET value = '1' WHERE key = 'version';")
    db.close()
    with Journal(path) as j:
        s = Session.resume(j, session_id)
        with pytest.raises(IllegalAction) as err:
            s.undo()
        assert err.value.rule == "ALL-2"
        assert dict(j.db.execute("SELECT key, value FROM meta"))["version"] == str(journal_mod.VERSION)  # upgraded to the current one


def test_the_resume_summary_says_who_acts_in_the_games_own_shape(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    picks = Session.start(j, "secret-picks", 2, seed=1)
    picks.play("pick 2 1")
    duel = Session.start(j, "nim", 2, seed=1)
    duel.play("take 1")
    summaries = {r.game: r.summary["turn"] for r in j.sessions()}
    assert summaries["secret-picks"] == {"kind": SEATS, "seats": [1]}
    assert summaries["nim"] == {"kind": SEAT, "seats": [2]}


@pytest.mark.parametrize("table", [
    "Red", {"names": "Red"}, {"names": [1, 2]}, {"names": ["x" * 41]}, {"names": ["a", "b", "c"]},
    {"colors": [None]}, {"nickname": "x"}, {"computer": {"seat": 3, "level": "perfect"}},
    {"computer": {"seat": 2, "level": "godlike"}}, {"computer": 2},
    {"computer": []}, {"computer": [{"seat": 2, "level": "perfect"}, {"seat": 2, "level": "perfect"}]},
    {"computer": [{"seat": 2, "level": ["perfect"]}]}, {"computer": [{"seat": 2, "level": "perfect"}, 1]},
])
def test_table_data_is_checked_at_new_and_import_so_stored_data_never_stops_the_app(table):
    j = Journal()
    with pytest.raises(BadRequest) as err:
        Session.start(j, "nim", 2, seed=1, table=table)
    assert err.value.code == "bad-table" and j.sessions() == []
    good = Session.start(Journal(), "nim", 2, seed=1, table={"names": ["Ann", "Bo"]})
    lines = list(good.export_lines())
    header = json.loads(lines[0])
    header["table"] = table
    with pytest.raises(BadRequest) as err:
        Session.import_lines(j, [json.dumps(header), *lines[1:]])
    assert err.value.code == "bad-table" and j.sessions() == []


def test_a_computer_opponent_is_part_of_the_table_data():
    s = Session.start(Journal(), "nim", 2, seed=1, table={"names": ["Ann"], "computer": {"seat": 2, "level": "perfect"}})
    assert s.table["computer"] == {"seat": 2, "level": "perfect"}


def test_several_computer_seats_are_a_list_of_them():
    both = [{"seat": 1, "level": "perfect"}, {"seat": 2, "level": "random"}]
    s = Session.start(Journal(), "nim", 2, seed=1, table={"computer": both})
    assert s.table["computer"] == both


def test_a_moves_destination_field_is_not_mistaken_for_secrecy():
    """Block Arena's `slid` event says where a block went in `to`; only `visible_to` hides an event."""
    s = Session.start(Journal(), "nim", 2, seed=1)
    moved = {"type": "slid", "seat": 1, "to": ["b2"]}
    assert s.events_for([moved], None) == [moved] and s.events_for([moved], 2) == [moved]


def test_a_journal_error_is_of_the_storage_kind(tmp_path):
    from companion.journal import JournalError
    path = tmp_path / "not-a-journal.sqlite"
    path.write_bytes(b"hello")
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert err.value.kind == "storage"
