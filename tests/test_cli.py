"""The headless `companion` commands, run as real subprocesses on a real journal file."""
import json
import subprocess
import sys

from referee_client import RefereeProcess


def companion(*args, check=True):
    proc = subprocess.run([sys.executable, "-m", "ui.cli", *args], capture_output=True, text=True, timeout=60)
    assert not check or proc.returncode == 0, proc.stderr
    return proc


def test_sessions_export_and_import_round_trip_through_the_command_line(tmp_path):
    journal, copy = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    r = RefereeProcess("--journal", journal)
    r.send(op="new", game="time-runners", players=3, seed=11, table={"names": ["Ann", "Bo", "Cy"]})
    for text in ("roll 6", "roll 2", "roll 1", "roll 4"):
        assert r.send(op="play", action=text)["ok"]
    state = r.send(op="state")["state"]
    r.close()

    assert "time-runners\t3 players" in companion("sessions", "--journal", journal).stdout
    out = tmp_path / "game.jsonl"
    companion("export", "1", str(out), "--journal", journal)
    header = json.loads(out.read_text().splitlines()[0])
    assert header["game"] == "time-runners" and header["table"] == {"names": ["Ann", "Bo", "Cy"]}
    assert "imported as session 1" in companion("import", str(out), "--journal", copy).stdout

    r = RefereeProcess("--journal", copy)
    assert r.send(op="state")["state"] == state
    r.close()


def test_importing_a_file_that_is_not_an_export_fails_clearly_and_writes_nothing(tmp_path):
    bad = tmp_path / "notes.jsonl"
    bad.write_text('{"shopping": ["eggs"]}\n')
    journal = tmp_path / "j.sqlite"
    proc = companion("import", str(bad), "--journal", str(journal), check=False)
    assert proc.returncode == 2 and "not a Board Companion session export" in proc.stderr
    assert "unfinished" not in companion("sessions", "--journal", str(journal)).stdout


def test_help_lists_every_subcommand():
    out = companion("--help").stdout
    for command in ("referee", "sessions", "export", "import", "hw", "app", "screenshot"):
        assert command in out


def test_archive_moves_a_finished_session_to_a_file_and_out_of_the_journal(tmp_path):
    import json as _json

    from companion.journal import Journal
    from companion.session import Session
    import random

    from companion.testing.time_runners_playout import random_action
    journal_path = tmp_path / "journal.sqlite"
    with Journal(journal_path) as j:
        done, rng = Session.start(j, "time-runners", 2, seed=2), random.Random(2)
        while done.outcome() is None:
            done.play(str(random_action(done.state, rng)))
        running = Session.start(j, "time-runners", 2, seed=3).id
    out = tmp_path / "old-game.jsonl"
    result = companion("archive", str(running), str(tmp_path / "x.jsonl"), "--journal", str(journal_path), check=False)
    assert result.returncode == 2 and "not finished" in result.stderr
    result = companion("archive", str(done.id), str(out), "--journal", str(journal_path), check=False)
    assert result.returncode == 0, result.stderr
    assert _json.loads(out.read_text().splitlines()[0])["game"] == "time-runners"
    with Journal(journal_path) as j:
        assert [r.id for r in j.sessions()] == [running]
        with out.open() as f:
            back = Session.import_lines(j, f)
        assert back.outcome() == done.outcome()
