"""The game log: built from the journal (so a resumed game or an export tells the same), public for the
table, a seat's own secrets added for that seat and nobody else's; `companion log` prints it."""
from __future__ import annotations

import random
import subprocess
import sys

from companion.core import OVER
from companion.gamelog import file_entries, journal_entries, log_lines
from companion.journal import Journal
from companion.session import Session
from test_phones_leak import swapped_hand

NAMES = ["Ann", "Bob", "Cy"]


def played(journal: Journal, seed: int, steps: int = 120) -> Session:
    session = Session.start(journal, "time-runners", 3, seed=seed, table={"names": NAMES})
    rng = random.Random(seed)
    for _ in range(steps):
        if session.turn().kind == OVER:
            break
        session.play(rng.choice(session.legal_actions()))
    return session


def test_the_log_of_a_resumed_game_and_of_its_export_is_the_log_before(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(path) as journal:
        session = played(journal, 4)
        before = list(log_lines(*journal_entries(journal, session.id)))
        lines = list(session.export_lines())
    with Journal(path) as journal:
        assert list(log_lines(*journal_entries(journal, Session.resume(journal, 1).id))) == before
    assert list(log_lines(*file_entries(lines))) == before
    assert len(before) > 50 and not any("Seat " in line for line in before)


def test_the_log_tells_each_event_as_the_table_was_told_it():
    journal = Journal()
    session = Session.start(journal, "time-runners", 3, seed=9, table={"names": NAMES})
    rng, told = random.Random(9), []
    for _ in range(60):
        events = session.play(rng.choice(session.legal_actions()))
        told += [e["text"] for e in session.told(session.events_for(events, None))]
    logged = [line.strip().split("  ", 1)[1] for line in log_lines(*journal_entries(journal, session.id))]
    assert logged[-len(told):] == told


def test_a_seats_secret_changes_no_byte_of_another_seats_sentences_steps_or_log():
    for seed in range(4):
        rng = random.Random(seed)
        a, b = Journal(), Journal()
        first = played(a, seed, steps=3)
        swap = swapped_hand(first, rng)
        assert swap is not None
        secret_seat, state = swap
        second = Session.import_lines(b, first.export_lines())
        second.load(state)
        first.load(first.full_state())  # the same entry on both sides: only the secret differs
        for _ in range(80):
            if first.turn().kind == OVER:
                break
            common = sorted(set(first.legal()) & set(second.legal()))
            text = rng.choice(common)
            ea, eb = first.play(text), second.play(text)
            for seat in first.game.seats:
                if seat != secret_seat:
                    assert first.told(first.events_for(ea, seat)) == second.told(second.events_for(eb, seat))
        for seat in first.game.seats:
            if seat != secret_seat:
                assert (list(log_lines(*journal_entries(a, first.id), seat=seat))
                        == list(log_lines(*journal_entries(b, second.id), seat=seat)))


def test_companion_log_prints_the_log_of_a_journals_session_and_of_a_file(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(path) as journal:
        session = played(journal, 2, steps=30)
        expected = list(log_lines(*journal_entries(journal, session.id)))
        (tmp_path / "game.jsonl").write_text("".join(line + "\n" for line in session.export_lines()))
    run = [sys.executable, "-m", "companion", "log"]
    out = subprocess.run(run + ["1", "--journal", str(path)], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == expected
    out = subprocess.run(run + [str(tmp_path / "game.jsonl"), "--seat", "2"], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines() == expected  # Time Runners tells no secret in its events: a seat's log is the public one
    bad = subprocess.run(run + ["1", "--journal", str(path), "--seat", "7"], capture_output=True, text=True)
    assert bad.returncode == 2 and "no seat 7" in bad.stderr


def test_a_legends_pick_changes_no_byte_of_the_other_seats_log(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))  # the package files' values (LA-3)
    logs = []
    for choice in (0, -1):
        journal = Journal()
        session = Session.start(journal, "legends-of-the-arena", 2, seed=4, table={"names": ["Ann", "Bob"]})
        picks = session.legal_actions(1)
        session.play(picks[choice], 1)  # Ann's secret: Bob has not picked, nothing is revealed
        logs.append({seat: list(log_lines(*journal_entries(journal, session.id), seat=seat)) for seat in (None, 1, 2)})
    assert logs[0][2] == logs[1][2] and logs[0][None] == logs[1][None]
    assert logs[0][1] != logs[1][1] and any("Ann picks" in line for line in logs[0][1])
