"""The shared layer as a user meets it when things go wrong: two programs on one journal, a journal that
cannot be written, a disk that fills up half-way through an archive, odd values on the referee's stdin.
Real SQLite files, real `companion` subprocesses."""
from __future__ import annotations

import json
import os
import random
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion import rules
from companion.archive import archive, archive_finished
from companion.core import Refusal
from companion.games.time_runners import random_action
from companion.journal import Journal
from companion.session import Session
from referee_client import RefereeProcess

ROOT = Path(__file__).resolve().parents[1]


def companion(*args: str, preexec_fn=None, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    return subprocess.run([*prefix, sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=90, preexec_fn=preexec_fn)


def one_line_error(proc: subprocess.CompletedProcess, *words: str) -> str:
    err = proc.stderr.strip()
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "\n" not in err, (proc.returncode, proc.stderr)
    for w in words:
        assert w in err, err
    return err


def explained(error: dict) -> bool:
    return isinstance(error.get("rule"), str) and rules.explain(error["rule"]) is not None


def finish_a_game(journal: Journal, seed: int, loads: int = 0) -> Session:
    s, rng = Session.start(journal, "time-runners", 2, seed=seed), random.Random(seed)
    for _ in range(loads):  # corrections make the export long (a whole state each)
        s.load(s.full_state())
    while s.outcome() is None:
        s.play(str(random_action(s.state, rng)))
    return s


def unprivileged() -> tuple[str, ...]:
    """A command prefix under which file permissions hold (root ignores them unless it drops the capability)."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file permissions cannot be enforced")
    return ("setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner")


def file_size_limit(nbytes: int):
    """A child whose files cannot grow past `nbytes` (a disk that fills up); Python ignores SIGXFSZ, so a
    write past it fails with an OSError as on a full disk."""
    return lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))


# ---------------------------------------------------------------- two programs on one journal
# A second table on a journal is refused at its start (tests/test_one_writer.py); these are the programs that
# take no writer lock (an older version, a script using the library), played here in the test's own process.
def test_a_program_beside_the_referee_cannot_silently_replace_its_move(tmp_path):
    journal = str(tmp_path / "journal.sqlite")
    first = RefereeProcess("--journal", journal)
    assert first.send(op="new", game="block-arena", players=2, seed=1)["ok"]
    try:
        with Journal(journal) as j:
            second = Session.resume(j, 1)
            assert second.full_state()["blocks"] == []  # it has read the journal
            assert first.send(op="play", action="place a1")["ok"]
            with pytest.raises(Refusal) as stale:  # it has not seen seat 1's move
                second.play("place b1")
            assert stale.value.code == "session-moved" and stale.value.kind == "storage"
            assert explained({"rule": stale.value.rule})
            # the refusal brought the second program to where the journal is, so it can go on from there
            assert second.full_state() == first.send(op="state")["state"]
            second.play("place f6")
            assert not first.send(op="play", action="place f6")["ok"]  # now the referee is behind
    finally:
        first.close()
    third = RefereeProcess("--journal", journal)
    blocks = third.send(op="state")["state"]["blocks"]
    third.close()
    assert blocks == [{"owner": 1, "squares": ["a1"]}, {"owner": 2, "squares": ["f6"]}]


def test_a_program_behind_an_undo_and_a_different_move_at_the_same_count_is_refused(tmp_path):
    journal = str(tmp_path / "journal.sqlite")
    first = RefereeProcess("--journal", journal)
    assert first.send(op="new", game="block-arena", players=2, seed=1)["ok"]
    assert first.send(op="play", action="place a1")["ok"]
    try:
        with Journal(journal) as j:
            second = Session.resume(j, 1)
            assert second.full_state()["blocks"] == [{"owner": 1, "squares": ["a1"]}]
            assert first.send(op="undo")["ok"] and first.send(op="play", action="place c1")["ok"]
            # the journal holds as many entries as the second program believes, but not the same ones
            with pytest.raises(Refusal) as stale:
                second.play("place f6")
            assert stale.value.code == "session-moved"
            assert second.full_state()["blocks"] == [{"owner": 1, "squares": ["c1"]}]
    finally:
        first.close()


def test_the_state_of_a_session_another_program_archived_is_an_unknown_session_not_damage(tmp_path):
    # `state` read the session's last entry (can it be undone?) and, finding it gone, called the journal damaged;
    # an undo is refused, not pretended
    journal = str(tmp_path / "journal.sqlite")
    with Journal(journal) as j:
        session = finish_a_game(j, seed=1).id
    ref = RefereeProcess("--journal", journal)
    try:
        assert ref.send(op="resume", session=session)["ok"]
        with Journal(journal) as elsewhere:  # a program that writes without asking for the journal (an older one)
            archive(elsewhere, session, tmp_path / "game.jsonl")
        for op in ("state", "undo", "redo"):
            reply = ref.send(op=op)
            assert not reply["ok"] and reply["error"]["code"] == "unknown-session", (op, reply)
            assert explained(reply["error"])
    finally:
        ref.close()


# ---------------------------------------------------------------- a journal that cannot be written
def test_a_journal_in_a_read_only_folder_is_not_called_damaged_nor_set_aside(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    with Journal(folder / "journal.sqlite") as j:
        Session.start(j, "block-arena", 2, seed=1).play("place a1")
    before = sorted(p.name for p in folder.iterdir())
    folder.chmod(0o555)
    try:
        proc = companion("sessions", "--journal", str(folder / "journal.sqlite"), prefix=unprivileged())
        err = one_line_error(proc, "journal.sqlite")
        assert "damaged" not in err and "[journal-corrupt]" not in err
        kiosk = subprocess.run([*unprivileged(), sys.executable, "-c",
                                "import sys; from companion.journal import open_or_set_aside; "
                                "from companion.core import Refusal\n"
                                "try: open_or_set_aside(sys.argv[1])\n"
                                "except Refusal as r: print(r.code)", str(folder / "journal.sqlite")],
                               cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert "Traceback" not in kiosk.stderr and kiosk.stdout.strip() not in ("", "journal-corrupt"), kiosk
    finally:
        folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing renamed, nothing left behind


def test_a_read_only_journal_refuses_a_new_game_and_an_undo_as_a_storage_refusal_not_a_bug(tmp_path):
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        Session.start(j, "block-arena", 2, seed=1).play("place a1")
    path.chmod(0o444)
    requests = [{"op": "new", "game": "block-arena", "players": 2}, {"op": "undo"}, {"op": "play", "action": "place f6"},
                {"op": "state"}]
    proc = subprocess.run([*unprivileged(), sys.executable, "-m", "companion", "referee", "--journal", str(path)],
                          input="".join(json.dumps(r) + "\n" for r in requests), cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(requests) and "Traceback" not in proc.stderr, proc.stderr
    for reply in replies[:3]:
        assert not reply["ok"] and reply["error"]["kind"] == "storage" and explained(reply["error"]), reply
    state = replies[3]
    assert state["session"] == 1 and state["state"]["blocks"] == [{"owner": 1, "squares": ["a1"]}]


# ---------------------------------------------------------------- archive
def test_archive_with_a_mistyped_journal_path_creates_no_journal(tmp_path):
    proc = companion("archive", "1", str(tmp_path / "out.jsonl"), "--journal", str(tmp_path / "typo" / "journal.sqlite"))
    one_line_error(proc, "no journal")
    assert not (tmp_path / "typo").exists() and not (tmp_path / "out.jsonl").exists()


def test_archive_into_a_missing_folder_is_one_line_and_the_session_stays(tmp_path):
    journal = tmp_path / "journal.sqlite"
    with Journal(journal) as j:
        session = finish_a_game(j, seed=1).id
    proc = companion("archive", str(session), str(tmp_path / "nowhere" / "game.jsonl"), "--journal", str(journal))
    one_line_error(proc, "nowhere")
    with Journal(journal) as j:
        assert [r.id for r in j.sessions()] == [session]


def test_an_archive_that_fills_the_disk_half_way_leaves_no_half_file_and_can_be_retried(tmp_path):
    journal = tmp_path / "journal.sqlite"
    with Journal(journal) as j:
        session = finish_a_game(j, seed=1, loads=60).id
        size = sum(len(line) + 1 for line in Session(j, session).export_lines())
    out = tmp_path / "game.jsonl"
    limit = 40_000  # room for the journal's shared-memory file, not for the whole export
    assert size > limit + 5_000
    proc = companion("archive", str(session), str(out), "--journal", str(journal), preexec_fn=file_size_limit(limit))
    one_line_error(proc)
    assert not out.exists()  # a half file would pass for an archive and block the retry below
    assert companion("archive", str(session), str(out), "--journal", str(journal)).returncode == 0
    with Journal() as fresh, out.open() as lines:
        assert Session.import_lines(fresh, lines).outcome() is not None


def test_an_archive_whose_journal_cannot_let_go_is_one_line_and_keeps_the_session(tmp_path):
    journal = tmp_path / "journal.sqlite"
    with Journal(journal) as j:
        session = finish_a_game(j, seed=1, loads=60).id
    out = tmp_path / "game.jsonl"
    # the file fits; removing the session from the journal (its write-ahead log) does not
    proc = companion("archive", str(session), str(out), "--journal", str(journal), preexec_fn=file_size_limit(60_000))
    one_line_error(proc)
    with Journal(journal) as j:
        assert [r.id for r in j.sessions()] == [session]


def test_a_finished_session_that_cannot_be_opened_does_not_stop_the_others_being_archived(tmp_path):
    with Journal(tmp_path / "journal.sqlite") as j:
        gone = finish_a_game(j, seed=1).id
        j.db.execute("UPDATE sessions SET game = 'a-game-not-installed' WHERE id = ?", (gone,))
        later = finish_a_game(j, seed=2).id
        files = list(archive_finished(j, tmp_path / "archive"))
        assert [f.name for f in files] == [f"time-runners-session-{later}.jsonl"]
        assert [r.id for r in j.sessions()] == [gone]  # kept, as the referee's start-up keeps it


# ---------------------------------------------------------------- odd values
def test_a_huge_session_number_is_a_clear_refusal_not_a_crash(tmp_path):
    journal = tmp_path / "journal.sqlite"
    with Journal(journal) as j:
        finish_a_game(j, seed=1)
    huge = str(2 ** 64)
    one_line_error(companion("export", huge, "-", "--journal", str(journal)), "unknown-session")
    one_line_error(companion("archive", huge, str(tmp_path / "x.jsonl"), "--journal", str(journal)), "unknown-session")
    ref = RefereeProcess("--journal", str(journal))
    try:
        for session in (2 ** 63, 2 ** 64, -2 ** 63 - 1, 10 ** 30):
            error = ref.send(op="resume", session=session)["error"]
            assert error["code"] == "unknown-session" and explained(error), error
    finally:
        ref.close()


@pytest.mark.parametrize("level", [[], ["search"], {}, {"level": "search"}])
def test_a_hint_level_that_is_not_a_level_is_refused_with_a_rule_not_as_a_bug(level):
    ref = RefereeProcess()
    try:
        assert ref.send(op="new", game="block-arena", players=2, seed=1)["ok"]
        error = ref.send(op="hint", level=level, seconds=0.1)["error"]
        assert error["code"] == "bad-level" and explained(error), error
    finally:
        ref.close()


@pytest.mark.parametrize("game", ["time-runners", "legends-of-the-arena", "chronomage", "block-arena"])
def test_an_unknown_option_cites_a_rule_the_reference_explains(game):
    ref = RefereeProcess()
    try:
        error = ref.send(op="new", game=game, players=2, options={"speed": 3})["error"]
        assert error["code"] == "unknown-option" and explained(error), error
        assert ref.send(op="rules", rule=error["rule"])["ok"]
    finally:
        ref.close()


# ---------------------------------------------------------------- the command line
@pytest.mark.parametrize("args", [("--actions", "0"), ("--actions", "-5"), ("--history", "0"),
                                  ("--dir", "{tmp}/no-such-folder", "--actions", "5")])
def test_bench_journal_with_a_bad_argument_is_one_line_and_exit_2(tmp_path, args):
    proc = companion("bench", "journal", *(a.format(tmp=tmp_path) for a in args))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("companion bench journal: error:"), proc.stderr


@pytest.mark.parametrize("command", ["sessions", "export", "import", "archive"])
def test_every_journal_option_says_what_it_is_in_the_help(command):
    out = companion(command, "--help").stdout
    assert "journal file" in out and "COMPANION_DATA" in out, out
