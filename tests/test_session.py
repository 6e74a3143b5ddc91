"""The session and its journal, on the test-only Lucky Draw game (tests/toy_game.py)."""
import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from companion import journal as journal_mod
from companion.core import Refusal
from companion.journal import Journal, JournalError
from companion.session import Session


def open_journal(tmp_path):
    return Journal(tmp_path / "journal.sqlite")


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_new_session_is_dealt_and_waits_for_seat_one(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 3, seed=1)
    assert s.state.cards is not None and len(s.state.cards) == 3
    assert s.state.current_player() == 1
    assert s.head == 1  # the deal is journaled as an entry of its own


def test_reopening_the_journal_resumes_exactly_where_the_table_was(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed="abc")
    for text in ["step", "roll", "pass", "roll", "pass"]:
        s.play(text)
    before = s.full_state()
    s.journal.close()

    resumed = Session.resume(open_journal(tmp_path), s.id)
    assert resumed.full_state() == before
    assert resumed.head == s.head and resumed.draws == s.draws


def test_resumed_session_draws_the_same_dice_as_an_uninterrupted_one(tmp_path, lucky_registered):
    script = ["roll", "pass", "step", "roll", "pass", "roll", "pass", "roll"]
    straight = Session.start(Journal(), lucky_registered, 2, seed=99)
    for text in script:
        straight.play(text)

    path = tmp_path / "j.sqlite"
    s = Session.start(Journal(path), lucky_registered, 2, seed=99)
    for i, text in enumerate(script):
        if i % 3 == 2:  # close and reopen the journal every few actions
            s.journal.close()
            s = Session.resume(Journal(path), s.id)
        s.play(text)
    assert s.full_state() == straight.full_state()


def test_undo_takes_back_an_ordinary_move_and_redo_plays_it_again(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    s.play("step")
    assert s.state.scores == [1, 0] and s.can_undo
    s.undo()
    assert s.state.scores == [0, 0] and s.can_redo
    s.redo()
    assert s.state.scores == [1, 0]


def test_undo_never_rerolls_a_die(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    s.play("roll 4")
    before = s.full_state()
    with pytest.raises(Refusal) as err:
        s.undo()
    assert err.value.code == "undo-blocked-by-chance" and err.value.rule == "ALL-2"
    assert s.full_state() == before and not s.can_undo


def test_undo_never_takes_back_the_deal(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    with pytest.raises(Refusal) as err:
        s.undo()
    assert err.value.code == "undo-blocked-by-chance"


def test_a_new_action_after_undo_discards_the_redo_stack(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    s.play("step")
    s.play("step")
    s.undo()
    s.play("roll 2")
    assert not s.can_redo
    with pytest.raises(Refusal) as err:
        s.redo()
    assert err.value.code == "nothing-to-redo"
    assert [e.text for e in s.journal.entries(s.id)][1:] == ["step", "roll 2"]


def test_undo_survives_a_restart(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    s.play("step")
    s.undo()
    s.journal.close()
    resumed = Session.resume(open_journal(tmp_path), s.id)
    assert resumed.state.scores == [0, 0] and resumed.can_redo


def test_refused_action_changes_neither_state_nor_journal(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    s.play("roll 3")
    before, head = s.full_state(), s.head
    for text in ["step", "roll 5", "fly", "", "roll x"]:
        with pytest.raises(Refusal):
            s.play(text)
    assert s.full_state() == before and s.head == head == s.journal.last_seq(s.id)


def test_snapshots_let_a_long_session_resume_without_replaying_everything(tmp_path, lucky_registered, monkeypatch):
    monkeypatch.setattr("companion.session.SNAPSHOT_EVERY", 8)
    s = Session.start(open_journal(tmp_path), lucky_registered, 4, seed=5)
    while s.outcome() is None:
        s.play("roll" if not s.state.rolled else "pass")
    assert s.journal.snapshot(s.id, s.head) is not None
    final = s.full_state()
    s.journal.close()
    assert Session.resume(open_journal(tmp_path), s.id).full_state() == final


def test_a_finished_session_leaves_the_resume_list(tmp_path, lucky_registered):
    j = open_journal(tmp_path)
    s = Session.start(j, lucky_registered, 1, seed=5)
    assert [r.id for r in j.sessions(unfinished_only=True)] == [s.id]
    while s.outcome() is None:
        s.play("roll" if not s.state.rolled else "pass")
    assert j.sessions(unfinished_only=True) == []


def test_correction_is_checked_journaled_and_undoable(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=3)
    bad = dict(s.full_state(), current=7)
    with pytest.raises(Refusal) as err:
        s.load(bad)
    assert err.value.code == "invalid-state"
    good = dict(s.full_state(), scores=[12, 4])
    s.load(good)
    assert s.state.scores == [12, 4]
    s.journal.close()
    s = Session.resume(open_journal(tmp_path), s.id)
    assert s.state.scores == [12, 4]
    s.undo()
    assert s.state.scores == [0, 0]


def test_export_then_import_reproduces_the_session(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 3, seed=8, table={"names": ["Ann", "Bo", "Cy"]})
    for text in ["step", "roll", "pass", "roll 6", "pass"]:
        s.play(text)
    lines = list(s.export_lines())
    copy = Session.import_lines(Journal(tmp_path / "other.sqlite"), lines)
    assert copy.full_state() == s.full_state()
    assert copy.table == {"names": ["Ann", "Bo", "Cy"]}
    # the copy goes on drawing the same dice as the original
    assert copy.play("roll") == s.play("roll")


def test_an_export_cannot_make_a_die_roll_undoable(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=8)
    s.play("roll 2")
    lines = list(s.export_lines())  # an export carries no undo stops: import recomputes them from the rules
    copy = Session.import_lines(Journal(), lines)
    with pytest.raises(Refusal) as err:
        copy.undo()
    assert err.value.code == "undo-blocked-by-chance"


def test_import_of_a_tampered_export_is_refused_whole(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=8)
    s.play("roll 2")
    lines = list(s.export_lines()) + [json.dumps({"kind": "action", "action": "roll 6", "drawn": False})]
    target = Journal(tmp_path / "other.sqlite")
    with pytest.raises(Refusal) as err:
        Session.import_lines(target, lines)
    assert err.value.reason.startswith("Line 4:")
    assert target.sessions() == []


def test_an_export_cut_short_at_a_line_end_is_refused_not_imported_as_a_shorter_game(tmp_path, lucky_registered):
    s = Session.start(open_journal(tmp_path), lucky_registered, 2, seed=8)
    for text in ["roll 2", "pass", "roll 5"]:
        s.play(text)
    lines = list(s.export_lines())
    target = Journal(tmp_path / "other.sqlite")
    with pytest.raises(Refusal) as err:
        Session.import_lines(target, lines[:-1])
    assert err.value.code == "bad-export" and "cut short" in err.value.reason and target.sessions() == []
    header = json.loads(lines[0])
    del header["entries"]  # an export written before the count was: imported as it is
    assert Session.import_lines(target, [json.dumps(header), *lines[1:]]).full_state() == s.full_state()


@pytest.mark.parametrize("content", [b"hello, this is my shopping list\n", b"\x00" * 4096])
def test_a_foreign_file_is_refused_and_left_untouched(tmp_path, content):
    path = tmp_path / "notes.sqlite"
    path.write_bytes(content)
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert err.value.code == "journal-foreign"
    assert path.read_bytes() == content


def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes(name TEXT)")
    db.commit()
    db.close()
    before = digest(path)
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert err.value.code == "journal-foreign"
    assert digest(path) == before


def test_a_damaged_journal_is_refused_and_left_untouched(tmp_path, lucky_registered):
    path = tmp_path / "journal.sqlite"
    s = Session.start(Journal(path), lucky_registered, 2, seed=1)
    for _ in range(200):
        s.play("step")
    s.journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.journal.close()
    raw = bytearray(path.read_bytes())
    for page in range(4096, len(raw), 4096):  # scribble over every b-tree page header but the first
        raw[page: page + 12] = b"\xff" * 12
    path.write_bytes(bytes(raw))
    before = digest(path)
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert err.value.code == "journal-corrupt"
    assert digest(path) == before


def test_a_journal_from_a_newer_app_is_refused(tmp_path):
    path = tmp_path / "journal.sqlite"
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = ? WHERE key = 'version'", (str(journal_mod.VERSION + 1),))
    db.commit()
    db.close()
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert err.value.code == "journal-too-new"


def test_journal_uses_wal_and_full_sync(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    assert j.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_unknown_game_and_bad_seat_count_are_clear_refusals(tmp_path):
    j = Journal()
    with pytest.raises(Refusal) as err:
        Session.start(j, "tic-tac-toe", 2)
    assert err.value.code == "unknown-game"
    assert j.sessions() == []



def test_undo_stops_where_a_player_drew_cards_and_says_so(tmp_path):
    """Time Runners: ending a turn makes the next runner draw to 6; undo must not un-see those cards."""
    s = Session.start(open_journal(tmp_path), "time-runners", 2, seed=7)
    s.play("roll 5")
    s.play("roll 2")  # seat 1 starts
    for seat in (1, 2):
        s.play("roll 1")
        s.play(next(a for a in s.legal() if a.startswith(f"play {seat} ")))
        s.play("end")
    assert any(e.reveals and e.stop is not None for e in s.journal.entries(s.id))
    with pytest.raises(Refusal) as err:
        s.undo()
    assert err.value.code == "undo-blocked-by-reveal" and err.value.rule == "ALL-2"  # a Time Runners draw


def test_a_kiosk_sets_a_damaged_journal_aside_untouched_and_starts_a_new_one(tmp_path):
    from companion.journal import open_or_set_aside
    path = tmp_path / "journal.sqlite"
    path.write_bytes(b"scrambled by a power cut")
    journal, aside = open_or_set_aside(path)
    assert aside.read_bytes() == b"scrambled by a power cut" and aside.parent == tmp_path
    assert journal.sessions() == [] and Journal(path).sessions() == []
    journal.close()
    again, aside_again = open_or_set_aside(path)  # the new journal is healthy: nothing more is moved
    assert aside_again is None


def test_replaying_the_replies_actions_reproduces_the_game_through_its_reshuffles():
    """Dice entered by hand move the seed's position like drawn ones, so automatic shuffles replay."""
    from companion.games.time_runners import random_action
    import random as _random
    original = Session.start(Journal(), "time-runners", 3, seed="replay")
    rng, played, reshuffles = _random.Random(4), [], 0
    while original.outcome() is None and len(played) < 3000:
        text = str(random_action(original.state, rng))
        original.play(text)
        played.append(original.last_action)
        reshuffles += any(a.startswith("shuffle") for a in original.last_actions[1:])
    assert reshuffles >= 1, "the game must reach a reshuffle to test it"
    replay = Session.start(Journal(), "time-runners", 3, seed="replay")
    for text in played:
        replay.play(text)
    assert replay.full_state() == original.full_state()


def test_a_damaged_entry_names_the_file_the_session_and_the_entry_and_the_others_still_open(tmp_path):
    import sqlite3 as _sqlite3
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        damaged = Session.start(j, "time-runners", 2, seed=1)
        damaged.play("roll 5")
        healthy = Session.start(j, "time-runners", 2, seed=2)
        healthy.play("roll 3")
    db = _sqlite3.connect(path)
    db.execute("UPDATE entries SET text = 'fly away' WHERE session = ? AND seq = 2", (damaged.id,))
    db.execute("UPDATE sessions SET summary = '{not json' WHERE id = ?", (healthy.id + 100,))
    db.commit()
    db.close()
    with Journal(path) as j:
        with pytest.raises(JournalError) as err:
            Session.resume(j, damaged.id)
        assert err.value.code == "journal-damaged"
        assert str(path) in err.value.reason and f"Session {damaged.id}" in err.value.reason and "entry 2" in err.value.reason
        assert Session.resume(j, healthy.id).full_state()["roll_off"]["rolls"] == [3]


def test_a_session_whose_bookkeeping_is_unreadable_is_listed_as_damaged_not_a_crash(tmp_path):
    import sqlite3 as _sqlite3
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        broken = Session.start(j, "time-runners", 2, seed=1).id
        Session.start(j, "time-runners", 2, seed=2)
    db = _sqlite3.connect(path)
    db.execute("UPDATE sessions SET summary = '{not json', options = '[' WHERE id = ?", (broken,))
    db.commit()
    db.close()
    with Journal(path) as j:
        listed = {r.id: r for r in j.sessions()}
        assert "cannot be read" in listed[broken].summary["damaged"] and len(listed) == 2
        with pytest.raises(JournalError) as err:
            Session.resume(j, broken)
        assert err.value.code == "journal-damaged" and str(path) in err.value.reason
        assert Session.latest_unfinished(j).id != broken


def test_the_whole_file_is_checked_at_open_only_after_an_unclean_stop(tmp_path, lucky_registered):
    path = tmp_path / "journal.sqlite"
    s = Session.start(Journal(path), lucky_registered, 2, seed=1)
    s.play("step")
    assert Path(f"{path}-wal").stat().st_size > 0  # still open: as after a power cut or a kill -9
    assert opened_checked(path)
    s.journal.close()
    assert not Path(f"{path}-wal").exists() and not opened_checked(path)  # a clean stop folds the log in
    assert opened_checked(path, check="always")


def opened_checked(path, **kwargs) -> bool:
    with Journal(path, **kwargs) as journal:
        return journal.checked


def test_a_damaged_page_in_a_cleanly_closed_journal_is_refused_when_read_and_left_untouched(tmp_path, lucky_registered):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        s = Session.start(j, lucky_registered, 2, seed=1)
        for _ in range(400):
            s.play("step")
        session_id = s.id
        entry_pages = [row[0] for row in j.db.execute(
            "SELECT pageno FROM dbstat WHERE name = 'entries' AND pagetype = 'leaf'")] if _has_dbstat(j) else []
    if not entry_pages:
        pytest.skip("this SQLite has no dbstat table to find the entries' pages")
    raw = bytearray(path.read_bytes())
    page = entry_pages[-1]  # the newest entries: replayed after the snapshot
    raw[(page - 1) * 4096: (page - 1) * 4096 + 12] = b"\xff" * 12
    path.write_bytes(bytes(raw))
    before = digest(path)
    with Journal(path) as j:
        with pytest.raises(JournalError) as err:
            Session.resume(j, session_id)
        assert err.value.code == "journal-damaged" and str(path) in err.value.reason
    assert digest(path) == before


def _has_dbstat(journal) -> bool:
    try:
        journal.db.execute("SELECT 1 FROM dbstat LIMIT 1")
        return True
    except sqlite3.Error:
        return False
