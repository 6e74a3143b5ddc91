"""A journal you can trust: every entry chained by hash, damage named (file, session, entry) and kept, the
other sessions still open, a cut file noticed at open, one unreadable row never stopping the program.
Real SQLite files, edited as a power cut, a bad card or a curious user would; real `companion` processes."""
from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import Refusal
from companion.games.time_runners import random_action
from companion.journal import Journal, JournalError, open_or_set_aside
from companion.session import Session
from referee_client import RefereeProcess

ROOT = Path(__file__).resolve().parents[1]


def companion(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=90)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def played(journal: Journal, seed: int, actions: int = 60) -> Session:
    s, rng = Session.start(journal, "time-runners", 2, seed=seed), random.Random(seed)
    while s.outcome() is None and s.head < actions:
        s.play(str(random_action(s.state, rng)))
    return s


def two_sessions(path: Path) -> tuple[int, int, dict]:
    """A journal with a Time Runners game that rolled a 4 by hand, and a Block Arena game; closed cleanly."""
    with Journal(path) as j:
        damaged = Session.start(j, "time-runners", 2, seed=1)
        for text in ("roll 4", "roll 2", "roll 1"):
            damaged.play(text)
        healthy = Session.start(j, "block-arena", 2, seed=2)
        healthy.play("place a1")
        return damaged.id, healthy.id, healthy.full_state()


def edit(path: Path, *statements: str) -> None:
    db = sqlite3.connect(path)
    for sql in statements:
        db.execute(sql)
    db.commit()
    db.close()


def refused(journal: Journal, session_id: int) -> JournalError:
    with pytest.raises(JournalError) as err:
        Session.resume(journal, session_id)
    return err.value


# ---------------------------------------------------------------- the chain
def test_a_die_changed_inside_the_file_is_refused_naming_the_file_the_session_and_the_entry(tmp_path):
    path = tmp_path / "journal.sqlite"
    damaged, healthy, state = two_sessions(path)
    raw = bytearray(path.read_bytes())
    at = raw.index(b"roll 4")
    raw[at + 5] = ord("5")  # `roll 4` is now `roll 5`: a legal roll, a different game
    path.write_bytes(bytes(raw))
    before = digest(path)
    with Journal(path) as j:
        seq = next(e.seq for e in j.entries(damaged) if e.text == "roll 5")
        error = refused(j, damaged)
        assert error.code == "journal-damaged" and str(path) in error.reason
        assert f"Session {damaged}" in error.reason and f"entry {seq}:" in error.reason
        assert Session.resume(j, healthy).full_state() == state  # every other session still opens
    assert digest(path) == before  # kept as it was


@pytest.mark.parametrize("change, where", [
    ("DELETE FROM entries WHERE session = {s} AND seq = 3", "entry 3: it is missing"),
    ("DELETE FROM entries WHERE session = {s} AND seq = (SELECT MAX(seq) FROM entries WHERE session = {s})",
     "entry 4: it is missing"),
    ("UPDATE entries SET seq = -seq WHERE session = {s} AND seq IN (2, 3);"
     "UPDATE entries SET seq = 5 + seq WHERE session = {s} AND seq IN (-2, -3)", "entry 2:"),  # 2 and 3 swapped
    ("UPDATE sessions SET head = head - 1 WHERE id = {s}", "does not match its checksum"),
    ("UPDATE sessions SET seed = 'another seed' WHERE id = {s}", "does not match its checksum"),
])
def test_a_removed_reordered_or_rewritten_entry_or_row_is_named_and_the_others_open(tmp_path, change, where):
    path = tmp_path / "journal.sqlite"
    damaged, healthy, state = two_sessions(path)
    edit(path, *change.format(s=damaged).split(";"))
    with Journal(path) as j:
        error = refused(j, damaged)
        assert error.code == "journal-damaged" and where in error.reason and str(path) in error.reason
        assert Session.resume(j, healthy).full_state() == state
        assert Session.latest_unfinished(j).id == healthy


def test_a_changed_snapshot_is_refused_not_resumed_as_another_state(tmp_path, lucky_registered, monkeypatch):
    monkeypatch.setattr("companion.session.SNAPSHOT_EVERY", 8)
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        s = Session.start(j, lucky_registered, 2, seed=5)
        for _ in range(12):
            s.play("step")
        session_id = s.id
    db = sqlite3.connect(path)
    (state,) = db.execute("SELECT state FROM snapshots WHERE session = ?", (session_id,)).fetchone()
    db.execute("UPDATE snapshots SET state = ? WHERE session = ?", (state.replace('"scores":[', '"scores":[2'), session_id))
    db.commit()
    db.close()
    with Journal(path) as j:
        error = refused(j, session_id)
        assert "snapshot does not match its checksum" in error.reason and f"Session {session_id}" in error.reason


def test_a_missing_head_entry_makes_the_session_damaged_not_a_crash(tmp_path):
    path = tmp_path / "journal.sqlite"
    damaged, healthy, _ = two_sessions(path)
    with Journal(path) as j:
        head = j.session(damaged).head
    edit(path, f"DELETE FROM entries WHERE session = {damaged} AND seq = {head}")
    with Journal(path) as j:
        assert refused(j, damaged).code == "journal-damaged"
    ref = RefereeProcess("--journal", str(path))
    try:
        reply = ref.send(op="resume", session=damaged)
        assert reply["error"]["code"] == "journal-damaged" and reply["error"]["kind"] == "storage", reply
        assert ref.send(op="resume", session=healthy)["ok"]
    finally:
        ref.close()


# ---------------------------------------------------------------- one damaged row
def test_a_row_that_is_not_utf8_is_listed_as_damaged_and_the_referee_still_starts_on_the_others(tmp_path):
    path = tmp_path / "journal.sqlite"
    damaged, healthy, state = two_sessions(path)
    edit(path, f"UPDATE sessions SET summary = CAST(x'7b226e223a22ff227d' AS TEXT) WHERE id = {damaged}",
         f"UPDATE sessions SET options = CAST(x'7bff7d' AS TEXT) WHERE id = {damaged}")
    listed = companion("sessions", "--journal", str(path))
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    lines = {line.split("\t")[0]: line for line in listed.stdout.splitlines()}
    assert "damaged" in lines[str(damaged)] and "block-arena" in lines[str(healthy)] and "damaged" not in lines[str(healthy)]
    ref = RefereeProcess("--journal", str(path))
    try:
        reply = ref.send(op="state")  # started on the good session, the damaged one passed over
        assert reply["ok"] and reply["session"] == healthy and reply["state"] == state, reply
        sessions = {s["session"]: s for s in ref.send(op="sessions")["sessions"]}
        assert "damaged" in sessions[damaged]["summary"]
        assert ref.send(op="resume", session=damaged)["error"]["code"] == "journal-damaged"
    finally:
        ref.close()


# ---------------------------------------------------------------- a cut journal
@pytest.mark.parametrize("cut", [0.01, 0.3])
def test_a_journal_cut_short_is_noticed_at_open_called_damaged_and_never_written_to(tmp_path, cut):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        for seed in range(4):
            played(j, seed, actions=150)
    raw = path.read_bytes()
    path.write_bytes(raw[: int(len(raw) * (1 - cut))])
    before = digest(path)
    with pytest.raises(JournalError) as err:
        Journal(path)
    assert err.value.code == "journal-corrupt" and str(path) in err.value.reason
    assert digest(path) == before
    journal, aside = open_or_set_aside(path)  # the kiosk keeps it aside, untouched, and starts anew
    assert digest(aside) == before and journal.sessions() == []
    journal.close()


def test_a_journal_of_the_right_size_is_not_checked_whole_at_open(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        played(j, 1)
    with Journal(path) as j:
        assert not j.checked


# ---------------------------------------------------------------- files never overwritten
def finished(journal: Journal, seed: int) -> Session:
    s, rng = Session.start(journal, "time-runners", 2, seed=seed), random.Random(seed)
    while s.outcome() is None:
        s.play(str(random_action(s.state, rng)))
    return s


def test_an_export_never_overwrites_an_archive_unless_forced(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        first, second = finished(j, 1).id, played(j, 2).id
    out = tmp_path / "a.jsonl"
    assert companion("archive", str(first), str(out), "--journal", str(path)).returncode == 0
    archived = out.read_bytes()  # the only copy of a game that left the journal
    proc = companion("export", str(second), str(out), "--journal", str(path))
    assert proc.returncode == 2 and "[file-exists]" in proc.stderr and str(out) in proc.stderr, proc.stderr
    assert out.read_bytes() == archived and "Traceback" not in proc.stderr
    proc = companion("archive", str(second), str(out), "--journal", str(path))
    assert "[file-exists]" in proc.stderr and out.read_bytes() == archived
    assert companion("export", str(second), str(out), "--journal", str(path), "--force").returncode == 0
    assert json.loads(out.read_text().splitlines()[0])["entries"] == 60
    assert sorted(p.name for p in tmp_path.iterdir() if "partial" in p.name) == []  # no temporary file left


# ---------------------------------------------------------------- exports carry the chain
def exported(tmp_path: Path) -> tuple[Session, list[str]]:
    s = Session.start(Journal(tmp_path / "journal.sqlite"), "time-runners", 2, seed=3)
    s.play("roll 4")
    s.play("roll 2")
    rng = random.Random(3)
    while s.head < 40:
        s.play(str(random_action(s.state, rng)))
    return s, list(s.export_lines())


def test_an_export_with_a_line_changed_removed_or_swapped_is_refused_naming_the_line(tmp_path):
    s, lines = exported(tmp_path)
    header = json.loads(lines[0])
    assert json.loads(lines[2])["action"] == "roll 4"
    tampered = {
        "changed": [*lines[:2], lines[2].replace("roll 4", "roll 5"), *lines[3:]],
        "removed": [*lines[:5], *lines[6:]],
        "swapped": [*lines[:5], lines[6], lines[5], *lines[7:]],
        "last removed": lines[:-1],
        "seed": [json.dumps({**header, "seed": "4"}), *lines[1:]],
    }
    target = Journal()
    for what, forged in tampered.items():
        with pytest.raises(Refusal) as err:
            Session.import_lines(target, forged)
        assert err.value.kind in ("request", "illegal"), (what, err.value)
        assert target.sessions() == [], what
        if what in ("changed", "seed"):  # the die's line, or the first entry's once the header changed
            line = "Line 3:" if what == "changed" else "Line 2:"
            assert err.value.reason.startswith(line), (what, err.value.reason)  # the chain, or the seed's own dice
    assert Session.import_lines(target, lines).full_state() == s.full_state()


def test_a_die_the_session_drew_is_checked_against_the_seed_at_import(tmp_path):
    s = Session.start(Journal(), "time-runners", 2, seed=9)
    s.play("roll")  # drawn by the session from its seed
    lines = list(s.export_lines())
    record = json.loads(lines[2])
    assert record["drawn"] and record["action"].startswith("roll ")
    other = "roll " + str(7 - int(record["action"].split()[1]))
    # a file rebuilt with another die and a chain made to match: only the seed can tell
    from companion.exports import _link, _origin
    header = json.loads(lines[0])
    records = [json.loads(line) for line in lines[1:]]
    records[1]["action"] = other
    chain = _origin(header)
    for r in records:
        r.pop("hash")
        chain = r["hash"] = _link(chain, r)
    header["chain"] = chain
    with pytest.raises(Refusal) as err:
        Session.import_lines(Journal(), [json.dumps(header), *(json.dumps(r) for r in records)])
    assert err.value.code == "not-drawn" and err.value.reason.startswith("Line 3:")


def test_an_export_of_the_version_before_the_chain_still_imports(tmp_path):
    s, lines = exported(tmp_path)
    header = {k: v for k, v in json.loads(lines[0]).items() if k not in ("chain", "uid")}
    header["version"] = 2
    old = [json.dumps(header)] + [json.dumps({k: v for k, v in json.loads(line).items() if k != "hash"}) for line in lines[1:]]
    j = Journal()
    assert Session.import_lines(j, old).full_state() == s.full_state()
    with pytest.raises(Refusal) as err:  # the same old file twice is known by its content
        Session.import_lines(j, old)
    assert err.value.code == "already-imported"


# ---------------------------------------------------------------- an older journal
def test_a_version_2_journal_is_upgraded_in_place_and_its_entries_chained(tmp_path):
    from companion.bench import endless_action
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        s, rng = Session.start(j, "time-runners", 2, seed=4), random.Random(4)
        while s.head < 300:  # past a snapshot
            s.play(endless_action(s, rng))
        session_id, state, head = s.id, s.full_state(), s.head
    old = tmp_path / "v2.sqlite"  # what version 2 wrote: its schema, the same rows
    db = sqlite3.connect(old)
    db.executescript(V2_SCHEMA)
    db.execute("ATTACH ? AS new", (str(path),))
    db.executescript(
        "INSERT INTO meta VALUES ('format', 'board-companion-journal'), ('version', '2');"
        "INSERT INTO sessions SELECT id, game, players, seed, options, created, updated, head, draws, finished, summary "
        "FROM new.sessions;"
        "INSERT INTO entries SELECT session, seq, kind, text, drawn, barrier, meta FROM new.entries;"
        "INSERT INTO snapshots SELECT session, seq, state FROM new.snapshots;")
    db.commit()
    db.close()
    path = old
    with Journal(path) as j:
        assert Session.resume(j, session_id).full_state() == state
        assert len(list(Session(j, session_id).export_lines())) == head + 1
    edit(path, f"UPDATE entries SET text = text || ' ' WHERE session = {session_id} AND seq = {head - 1}")
    with Journal(path) as j:  # the chain the upgrade made holds from then on
        assert f"entry {head - 1}:" in refused(j, session_id).reason


def test_a_version_3_journal_gains_its_play_ids_table_and_keeps_its_chain_as_it_was(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        kept, damaged = played(j, 5), played(j, 6)
        state = kept.full_state()
    edit(path, "DROP TABLE plays", "UPDATE meta SET value = '3' WHERE key = 'version'",  # what version 3 wrote
         f"UPDATE entries SET text = text || ' ' WHERE session = {damaged.id} AND seq = 7")  # and damage in it
    with Journal(path) as j:
        assert dict(j.db.execute("SELECT key, value FROM meta"))["version"] == "4"
        assert Session.resume(j, kept.id).full_state() == state
        assert "entry 7:" in refused(j, damaged.id).reason  # upgrading never chains a file again over its damage
        assert not j.played(kept.id, 1, "tap-1")


V2_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sessions(id INTEGER PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, seed TEXT NOT NULL,
    options TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL, head INTEGER NOT NULL DEFAULT 0,
    draws INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0, summary TEXT NOT NULL DEFAULT '{}');
CREATE TABLE entries(session INTEGER NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'load')), text TEXT NOT NULL, drawn INTEGER NOT NULL,
    barrier INTEGER NOT NULL, meta TEXT NOT NULL DEFAULT '{}', PRIMARY KEY(session, seq)) WITHOUT ROWID;
CREATE TABLE snapshots(session INTEGER NOT NULL REFERENCES sessions(id), seq INTEGER NOT NULL, state TEXT NOT NULL,
    PRIMARY KEY(session, seq)) WITHOUT ROWID;
"""
