"""Hardware events reach the table on the UI thread; systemd hears READY=1 after the first frame."""
from __future__ import annotations

import os
import socket
import threading

from hardware import DicePressed, HandLost, HandSettled

from test_table import finish_roll_off


def test_events_from_a_backend_thread_wait_for_the_ui_thread(ui, journal_path):
    ui.start(journal_path)
    ui.start_game(3)
    finish_roll_off(ui)
    c, bridge = ui.app.controller, ui.app.hw
    wrong = c.view["hour"] % 12 + 1
    t = threading.Thread(target=bridge._on_event, args=(HandSettled(wrong, 0.0),))
    t.start()
    t.join()
    assert c.view["sensor"]["sensing"] is False  # not touched from the backend's thread
    ui.frames(1)
    assert c.view["sensor"]["hand"] == wrong and ui.table.banner_mode == "sync"
    t = threading.Thread(target=bridge._on_event, args=(HandLost(0.0),))
    t.start()
    t.join()
    ui.frames(1)
    assert c.view["sensor"]["hand"] is None and bridge.hand_note == "hand not seen"
    assert "does not see the hand" in ui.table.banner_text
    t = threading.Thread(target=bridge._on_event, args=(DicePressed(0.0),))
    t.start()
    t.join()
    ui.frames(1)
    assert "hand-out-of-sync" in ui.toast


def test_dice_on_the_home_screen_rolls_nothing(ui, journal_path):
    ui.start(journal_path)
    ui.app.hw.press()
    ui.frames(1)
    assert "Start or resume a game" in ui.toast
    assert ui.app.journal.sessions() == []


def test_status_strip_shows_the_link(ui, journal_path):
    ui.start(journal_path)
    assert ui.app.hw.emulated and ui.app.hw.link_ok
    assert ui.app.root.ids.strip.ids.link.text.startswith("Emulated hardware")


def test_ready_sent_after_the_first_frame(ui, journal_path, tmp_path, monkeypatch):
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(5)
    monkeypatch.setitem(os.environ, "NOTIFY_SOCKET", path)
    try:
        app = ui.start(journal_path)
        assert app.frames >= 1
        assert sock.recv(100) == b"READY=1"
        ui.frames(3)
        sock.setblocking(False)
        try:
            extra = sock.recv(100)
        except BlockingIOError:
            extra = b""
        assert extra != b"READY=1"  # once only
    finally:
        sock.close()


def test_the_hardware_opens_just_after_the_first_frame_which_already_names_it(ui, journal_path):
    """The first frame does not wait for the backend (nor its imports); its status line is already right."""
    from ui.app import CompanionApp
    ui.app = app = CompanionApp(str(journal_path), backend="emulated")
    app._run_prepare()
    assert app.hw.backend is None and app.frames == 0
    assert app.hw.status == "Emulated hardware (on-screen dice and hand)" and app.hw.link_ok and app.hw.emulated
    ui.frames(3)
    assert app.frames >= 1 and app.hw.backend is not None and app.hw.status.startswith("Emulated hardware")
    ui.app.hw.press()  # and it answers


def test_the_status_strip_names_only_the_hardware_the_table_reads(ui, journal_path):
    """Legends and Block Arena read no dice button and no clock hand: their strip says so, not "on-screen dice
    and hand"; Chronomage reads the dice button only; home and Time Runners both."""
    ui.start(journal_path)
    link = ui.app.root.ids.strip.ids.link
    assert link.text == "Emulated hardware (on-screen dice and hand)"
    for game_id, said in [("legends-of-the-arena", "This game uses no dice button or clock hand"),
                          ("block-arena", "This game uses no dice button or clock hand"),
                          ("chronomage", "Emulated hardware (on-screen dice)"),
                          ("time-runners", "Emulated hardware (on-screen dice and hand)")]:
        ui.start_game(None, game_id)
        ui.frames(2)
        assert link.text == said, game_id
        ui.app.hw.hand_note = "hand not seen"  # the hand's trouble only where the hand is read
        ui.frames(1)
        assert ("hand not seen" in link.text) == (game_id == "time-runners"), link.text
        ui.app.hw.hand_note = ""
        ui.app.go_home()
        ui.frames(2)
        assert link.text == "Emulated hardware (on-screen dice and hand)"
