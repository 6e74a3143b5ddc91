"""The app's phone server in a process of its own: a phone's play that reaches the table while its thread
is busy is played once, a server process that dies is said on the screen and started again (or said to
be off), and a server slow to start is said to be slow, not its port taken."""
from __future__ import annotations

import os
import signal
import time

from test_phones_app import phones_on, started, wait  # noqa: F401 (phones_on: a fixture)


def test_phones_message_a_play_resent_while_the_table_is_busy_is_played_once(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    ui.start_game(2, "legends-of-the-arena")
    session = app.controller.session
    url = app.phones.link(1)[0]
    first = wait(ui, phones_on.open(url))
    state = wait(ui, phones_on.submit(first.next("state")))
    entries = len(list(session.journal.entries(session.id)))
    server = app.phones.server
    asked, owner = [], server.owner
    server.owner = lambda fn: (asked.append(fn), owner(fn))[1]  # counts what reaches the table's thread
    # from here no frame is drawn: the UI thread, the session's owner, is busy
    play = phones_on.submit(first.play(state, state["actions"][0]["text"], "p1"))
    second = phones_on.open(url).result(20)  # the phone again after a drop: its socket opens without the table
    again = phones_on.submit(second.play(state, state["actions"][0]["text"], "p1"))
    deadline = time.monotonic() + 30
    while len(asked) < 2 and time.monotonic() < deadline:  # the play, and the second socket's first picture,
        time.sleep(0.01)                                   # wait for the table
    assert len(asked) == 2
    assert not play.done() and not again.done()
    assert wait(ui, play) == {"type": "done", "id": "p1"}
    assert wait(ui, again) == {"type": "done", "id": "p1"}
    assert len(list(session.journal.entries(session.id))) == entries + 1
    assert app.controller.view["picked"] == [1]


def test_phones_a_server_process_that_dies_is_said_on_the_screen_and_started_again_then_said_off(
        ui, journal_path, phones_on):
    app = started(ui, journal_path)
    ui.start_game(2, "block-arena")
    app.phones.RESTARTS = 1
    old = app.phones.server
    os.kill(old.process.pid, signal.SIGKILL)
    assert ui.until(lambda: app.phones.server is not old and app.phones.running, 30), app.phones.status
    assert "stopped, signal 9, and was started again" in app.phones.status
    sock = wait(ui, phones_on.open(app.phones.link(1)[0]))  # phones join it as before
    assert wait(ui, phones_on.submit(sock.next("state")))["seat"] == 1
    os.kill(app.phones.server.process.pid, signal.SIGKILL)
    assert ui.until(lambda: "Phones are off" in app.phones.status, 30), app.phones.status
    assert not app.phones.running and app.phones.server is None
    ui.frames(2)
    assert app.controller.session.head == 0  # the table plays on


def test_phones_a_server_slow_to_start_is_said_slow_not_its_port_taken(ui, journal_path, phones_on, monkeypatch):
    from ui.phones import PhoneBridge
    monkeypatch.setattr(PhoneBridge, "START_TIMEOUT", 0.001)  # no process starts that fast
    app = ui.start(journal_path)
    assert ui.until(lambda: "slow to start" in app.phones.status, 20), app.phones.status
    assert "taken" not in app.phones.status and not app.phones.running


def test_phones_the_start_timeout_is_a_setting_for_slow_machines(ui, journal_path, phones_on, monkeypatch):
    # An emulated Pi (systemd/vm-check.sh) is 20-50x slower: its drop-in gives the server minutes, not 10 s.
    monkeypatch.setenv("COMPANION_PHONE_START_TIMEOUT", "0.001")  # no process starts that fast
    app = ui.start(journal_path)
    # tried 4 times (RESTARTS 3), each time given twice as long: 0.001, 0.002, 0.004, 0.008 s
    assert ui.until(lambda: "slow to start (over 0.008 s) 4 times" in app.phones.status, 20), app.phones.status
    assert not app.phones.running


def test_phones_a_server_slower_than_its_start_timeout_is_tried_again_with_longer_and_phones_then_join(
        ui, journal_path, phones_on, monkeypatch):
    """A busy Pi may start the server's process slower than the timeout: the app used to give up for good
    ("restart the app to try again"); each try now has twice as long, so a later one comes up."""
    from ui.phones import PhoneBridge
    monkeypatch.setattr(PhoneBridge, "START_TIMEOUT", 0.001)  # tries of 0.001, 0.002, ... 0.001 x 2^15 = 33 s
    monkeypatch.setattr(PhoneBridge, "RESTARTS", 15)
    app = ui.start(journal_path)
    assert ui.until(lambda: app.phones.running, 90), app.phones.status
    assert app.phones.start_timeout > 0.001 and app.phones.status.startswith("Phones join at")
    ui.start_game(2, "block-arena")
    sock = wait(ui, phones_on.open(app.phones.link(1)[0]))
    assert wait(ui, phones_on.submit(sock.next("state")))["seat"] == 1


def test_phones_a_link_the_table_shows_opens_at_once_though_its_key_went_by_the_pipe(ui, journal_path, phones_on):
    """The key of a link is made on the table and reaches the server's process by the pipe: the link is
    handed out only once the server holds it (a phone that opened it at once was refused, 1 run in ~10)."""
    import threading
    app = started(ui, journal_path)
    ui.start_game(2, "legends-of-the-arena")
    child = app.phones.server.process.pid
    os.kill(child, signal.SIGSTOP)  # the server's process takes nothing from the pipe for now
    try:
        links = []
        asking = threading.Thread(target=lambda: links.append(app.phones.link(1)[0]))
        asking.start()
        asking.join(0.5)
        assert asking.is_alive() and not links  # not handed out while the server cannot know it
    finally:
        os.kill(child, signal.SIGCONT)
    asking.join(10)
    sock = wait(ui, phones_on.open(links[0]))  # and, once handed out, it opens
    assert wait(ui, phones_on.submit(sock.next("state")))["seat"] == 1


def test_phones_what_a_qr_code_needs_is_ready_once_the_phones_run_not_made_at_the_first_link_shown(
        ui, journal_path, phones_on, monkeypatch):
    """Importing segno at the first link shown froze the table 0.2 s on a Pi's core; the start thread, paced
    between frames, does it instead."""
    import sys
    monkeypatch.delitem(sys.modules, "segno", raising=False)  # as in a fresh app
    started(ui, journal_path)
    assert ui.until(lambda: "segno" in sys.modules, 20)


def test_phones_an_app_stopped_while_its_slow_phone_server_is_tried_again_starts_no_server_after(
        ui, journal_path, phones_on, monkeypatch):
    """A retry in flight when the app stopped started a server for the stopped app, and its callbacks reached
    the next app on the same Kivy loop (seen: the next tests' screens broken)."""
    from pathlib import Path
    from ui.phones import PhoneBridge
    monkeypatch.setattr(PhoneBridge, "START_TIMEOUT", 0.001)
    monkeypatch.setattr(PhoneBridge, "RESTARTS", 15)  # tries until one fits: it would come up within 33 s
    app = ui.start(journal_path)
    assert ui.until(lambda: "trying again" in app.phones.status, 20), app.phones.status
    bridge = app.phones
    ui.stop()
    ui.until(lambda: False, 5)  # the loop runs on, as for the next app: any late start would land here
    assert bridge.server is None and not bridge.running
    servers = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            parent = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            if parent == os.getpid() and b"companion.phones.child" in (proc / "cmdline").read_bytes():
                servers.append(proc.name)
        except (OSError, ValueError, IndexError):
            pass  # gone meanwhile
    assert not servers, f"phone server processes still running: {servers}"
