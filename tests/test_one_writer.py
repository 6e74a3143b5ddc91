"""One writer a journal (rule journal/one-writer): while a table runs on a journal (`companion referee`,
`serve` or `app`), every other program that would write it is refused in one line naming the holder; the
readers still work; the lock goes with its process however it ends; and a table archives its own
finished games with the referee's `archive` op. Real subprocesses, real files, real sockets."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from companion.journal import Journal
from companion.session import Session
from phone_helpers import run
from referee_client import RefereeProcess
from test_core_adversarial import finish_a_game

ROOT = Path(__file__).resolve().parents[1]


def companion(*args: str, module: str = "companion", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=90,
                          env=env)


def refused_by(proc: subprocess.CompletedProcess, holder: str, pid: int) -> None:
    err = proc.stderr.strip()
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "\n" not in err, (proc.returncode, proc.stderr)
    assert "[journal-in-use]" in err and f"{holder} (process {pid})" in err, err


def serve(journal: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--journal", str(journal)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    return proc, json.loads(proc.stdout.readline())["serving"]["port"]


def ask(proc: subprocess.Popen, **request) -> dict:
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


@pytest.fixture
def journal(tmp_path) -> Path:
    path = tmp_path / "journal.sqlite"
    with Journal(path) as j:
        finish_a_game(j, seed=1)
        Session.start(j, "block-arena", 2, seed=2).play("place a1")
    return path


def test_journal_one_writer_a_second_table_archive_and_import_are_refused_while_a_referee_holds_it(journal, tmp_path):
    holder = RefereeProcess("--journal", str(journal))
    try:
        assert holder.send(op="state")["ok"]  # it is up, and holds the journal
        for command in (["referee"], ["serve", "--port", "0"]):
            refused_by(companion(*command, "--journal", str(journal)), "companion referee", holder.proc.pid)
        refused_by(companion("archive", "1", str(tmp_path / "game.jsonl"), "--journal", str(journal)),
                   "companion referee", holder.proc.pid)
        assert not (tmp_path / "game.jsonl").exists()
        exported = companion("export", "1", str(tmp_path / "copy.jsonl"), "--journal", str(journal))
        assert exported.returncode == 0, exported.stderr  # reading still works
        refused_by(companion("import", str(tmp_path / "copy.jsonl"), "--journal", str(journal)),
                   "companion referee", holder.proc.pid)
        listed = companion("sessions", "--journal", str(journal))
        assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 2  # nothing was imported or archived
        assert holder.send(op="play", action="place f6")["ok"]  # the table went on untouched
    finally:
        holder.close()
    assert companion("archive", "1", str(tmp_path / "game.jsonl"), "--journal", str(journal)).returncode == 0


def test_journal_one_writer_a_killed_tables_lock_goes_with_it(journal):
    holder = RefereeProcess("--journal", str(journal))
    assert holder.send(op="state")["ok"]
    refused_by(companion("referee", "--journal", str(journal)), "companion referee", holder.proc.pid)
    holder.proc.send_signal(signal.SIGKILL)
    holder.proc.wait(timeout=10)
    after = RefereeProcess("--journal", str(journal))  # no stale lock to clean up
    try:
        assert after.send(op="play", action="place f6")["ok"]
    finally:
        after.close()


def test_journal_one_writer_the_app_is_refused_before_its_window_opens_and_a_referee_while_it_runs(journal, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_HOME=str(tmp_path / "kivy"), COMPANION_HW_BACKEND="emulated")
    holder = RefereeProcess("--journal", str(journal))
    try:
        assert holder.send(op="state")["ok"]
        app = companion("app", "--quit-after-first-frame", "--journal", str(journal), module="ui.cli", env=env)
        refused_by(app, "companion referee", holder.proc.pid)
        assert "first frame" not in app.stdout
    finally:
        holder.close()
    app = subprocess.Popen([sys.executable, "-m", "ui.cli", "app", "--journal", str(journal)], cwd=ROOT, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        lock = journal.with_name(journal.name + ".lock")
        for _ in range(2400):  # a bound, so a lock never taken fails instead of hanging
            if f"process {app.pid}" in (lock.read_text() if lock.exists() else ""):
                break
            assert app.poll() is None, "the app stopped"
            time.sleep(0.05)
        refused_by(companion("referee", "--journal", str(journal)), "companion app", app.pid)
    finally:
        app.kill()
        app.wait(timeout=10)


def test_journal_one_writer_a_served_table_archives_its_own_finished_games_and_their_links_die(tmp_path):
    journal = tmp_path / "journal.sqlite"
    table, port = serve(journal)
    try:
        assert ask(table, op="new", game="time-runners", players=2, seed=1)["ok"]
        link = ask(table, op="phones")["phones"][0]
        rng = random.Random(1)
        while ask(table, op="state")["outcome"] is None:
            assert ask(table, op="play", action=rng.choice(ask(table, op="legal")["actions"]))["ok"]
        refused_by(companion("archive", "1", str(tmp_path / "x.jsonl"), "--journal", str(journal)),
                   "companion serve", table.pid)
        files = ask(table, op="archive")["files"]
        assert files == [str(tmp_path / "archive" / "time-runners-session-1.jsonl")]
        assert ask(table, op="state")["error"]["code"] == "no-session"  # the game on the table went with it
        assert ask(table, op="sessions")["sessions"] == []

        async def opened() -> tuple[int, int]:
            async with aiohttp.ClientSession() as client:
                async with client.get(link["url"].replace(link["url"].split("/s/")[0], f"http://127.0.0.1:{port}")) as page:
                    async with client.post(f"http://127.0.0.1:{port}/join", json={"code": link["code"]}) as join:
                        return page.status, join.status
        assert run(opened()) == (403, 403)
        keys = json.loads(journal.with_name("phone-keys.json").read_text())
        assert keys == []
    finally:
        table.stdin.close()
        table.wait(timeout=10)
    imported = companion("import", files[0], "--journal", str(tmp_path / "other.sqlite"))
    assert imported.returncode == 0, imported.stderr


def test_journal_one_writer_a_referee_in_memory_takes_no_lock_and_an_archive_there_needs_a_folder(tmp_path):
    referee = RefereeProcess("--journal", ":memory:")
    try:
        reply = referee.send(op="archive")
        assert not reply["ok"] and reply["error"]["code"] == "bad-request"
        assert referee.send(op="archive", folder=str(tmp_path / "a"))["files"] == []
    finally:
        referee.close()


def test_journal_one_writer_an_archive_op_that_cannot_write_keeps_the_games_and_says_so(journal, tmp_path):
    (tmp_path / "taken").write_text("a file where the folder should be")
    referee = RefereeProcess("--journal", str(journal))
    try:
        reply = referee.send(op="archive", folder=str(tmp_path / "taken"))
        assert not reply["ok"] and reply["error"]["code"] == "cannot-write" and reply["error"]["kind"] == "storage"
        assert len(referee.send(op="sessions")["sessions"]) == 2
        assert referee.send(op="state")["ok"]  # the unfinished game stays on the table
    finally:
        referee.close()
