"""Each command says what it is for, keeps its journal where every other command does, and says what it
did: real subprocesses, real journal files, the data folder of each test's own (tests/conftest.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from referee_client import RefereeProcess

ROOT = Path(__file__).resolve().parents[1]


def companion(*args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=90)
    assert done.returncode == 0, done.stderr
    return done


def test_serve_help_says_what_serve_is_for_and_its_journal_default_is_every_commands():
    out = companion("serve", "--help").stdout
    head = out.split("options:")[0]
    assert "without a screen" in head and "phones" in head and "stdin" in head, out
    assert "memory only" not in out and "COMPANION_DATA" in out, out


def test_serve_without_journal_keeps_the_session_in_the_data_folder_where_sessions_finds_it():
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", "0"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, bufsize=1)
    try:
        assert "serving" in json.loads(proc.stdout.readline())
        proc.stdin.write(json.dumps({"op": "new", "game": "block-arena", "players": 2, "seed": 4}) + "\n")
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["ok"]
    finally:
        proc.stdin.close()
        proc.wait(30)
    assert (Path(os.environ["COMPANION_DATA"]) / "journal.sqlite").is_file()
    assert "block-arena\t2 players" in companion("sessions").stdout


def test_export_says_which_file_how_many_entries_and_bytes_and_stdout_gets_only_the_data(tmp_path):
    journal, out = str(tmp_path / "j.sqlite"), tmp_path / "game.jsonl"
    r = RefereeProcess("--journal", journal)
    r.send(op="new", game="time-runners", players=2, seed=3)
    for text in ("roll 6", "roll 2", "roll 1"):
        assert r.send(op="play", action=text)["ok"]
    r.close()
    said = companion("export", "1", str(out), "--journal", journal).stdout.strip()
    entries = json.loads(out.read_text().splitlines()[0])["entries"]
    assert entries >= 3
    assert said == f"exported session 1 ({entries} entries, {out.stat().st_size} bytes) to {out}", said
    data = companion("export", "1", "-", "--journal", journal).stdout
    assert data == out.read_text()  # nothing but the lines themselves on stdout, for a pipe


def test_referee_without_journal_keeps_the_session_in_the_data_folder_and_resumes_it():
    first = RefereeProcess()
    state = first.send(op="new", game="block-arena", players=2, seed=4)["state"]
    assert first.send(op="play", action=first.send(op="legal")["actions"][0])["ok"]
    moved = first.send(op="state")["state"]
    first.close()
    assert moved != state
    assert (Path(os.environ["COMPANION_DATA"]) / "journal.sqlite").is_file()
    assert "block-arena\t2 players" in companion("sessions").stdout
    again = RefereeProcess()  # the same default journal: the unfinished game is back, as with --journal
    try:
        assert again.send(op="state")["state"] == moved
    finally:
        again.close()
    assert "memory" in companion("referee", "--help").stdout and "COMPANION_DATA" in companion("referee", "--help").stdout


def test_referee_journal_memory_keeps_nothing():
    r = RefereeProcess("--journal", ":memory:")
    assert r.send(op="new", game="block-arena", players=2, seed=4)["ok"]
    r.close()
    assert not (Path(os.environ["COMPANION_DATA"]) / "journal.sqlite").exists()
