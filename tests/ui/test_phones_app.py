"""Phones beside the real app (offscreen Kivy): the server it starts after the first frame, real
WebSocket clients, the curtain skipped for a seat on its phone, links shown behind a seat's curtain."""
from __future__ import annotations

import contextlib
import socket

import pytest

from phone_client import Phones


@pytest.fixture
def phones_on(monkeypatch):
    monkeypatch.setenv("COMPANION_PHONES", "on")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")
    phones = Phones()
    yield phones
    phones.close()


def wait(ui, future, seconds=20.0):
    assert ui.until(future.done, seconds), "the phone got no answer"
    return future.result()


def started(ui, journal_path):
    app = ui.start(journal_path)
    assert ui.until(lambda: app.phones.running, 20), app.phones.status
    return app


def test_a_phones_legends_pick_goes_through_the_apps_session_and_the_table_shows_it(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    ui.start_game(2, "legends-of-the-arena")
    url, _code = app.phones.link(1)
    sock = wait(ui, phones_on.open(url))
    state = wait(ui, phones_on.submit(sock.next("state")))
    assert state["seat"] == 1 and all(a["type"] == "Pick" for a in state["actions"])
    revision = app.controller.revision
    answer = wait(ui, phones_on.submit(sock.play(state, state["actions"][0]["text"], "p1")))
    assert answer == {"type": "done", "id": "p1"}
    assert app.controller.view["picked"] == [1] and app.controller.revision > revision
    assert app.controller.session.journal.entries(app.controller.session.id)  # journaled by the app's session


def test_a_seat_on_its_phone_is_not_passed_the_screen_and_may_still_be(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    table = ui.start_game(3, "time-runners")
    sock = wait(ui, phones_on.open(app.phones.link(2)[0]))
    wait(ui, phones_on.submit(sock.next("state")))
    assert ui.until(lambda: app.phones.on_phone(2), 5)
    ui.tap(ui.seat_button(2))
    curtain = table.curtain
    assert curtain.mode == "phone"
    ui.tap(curtain._phone_pane.children[1])  # "Show them here instead"
    assert curtain.mode == "pass"
    ui.tap(curtain.ids.not_now)
    ui.tap(ui.seat_button(1))
    assert curtain.mode == "pass"  # a seat without a phone keeps the curtain


def test_a_seats_link_shows_only_behind_its_curtain_and_a_new_link_closes_the_old_phone(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    table = ui.start_game(2, "block-arena")
    old_url = app.phones.link(1)[0]
    sock = wait(ui, phones_on.open(old_url))
    wait(ui, phones_on.submit(sock.next("state")))
    assert ui.until(lambda: app.phones.on_phone(1), 5)
    table.show_phones(None)
    ui.frames(2)
    panel = table._phones_panel
    rows = list(reversed(panel.ids.seats.children))
    assert "on a phone now" in rows[0].text and "not on a phone" in rows[1].text
    ui.tap(rows[0])
    curtain = panel.curtain
    assert curtain.mode == "pass" and curtain.qr is None and curtain.code == ""  # nothing shown before the pass
    ui.tap(curtain.ids.reveal)
    assert curtain.mode == "link" and curtain.qr is not None and len(curtain.code) == 9
    first_code = curtain.code
    ui.tap(curtain.ids.renew)
    assert curtain.code != first_code
    gone = wait(ui, phones_on.submit(sock.next("gone")))
    assert gone["error"]["code"] == "link-replaced"
    ui.tap(curtain.ids.done)
    assert curtain.qr is None and curtain.parent is None


@contextlib.contextmanager
def on_a_taken_port(ui, journal_path, monkeypatch):
    """The app started with phones on and their port held by another listener (it says so)."""
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        monkeypatch.setenv("COMPANION_PHONES", "on")
        monkeypatch.setenv("COMPANION_PHONE_PORT", str(taken.getsockname()[1]))
        app = ui.start(journal_path)
        assert ui.until(lambda: "taken" in app.phones.status, 20), app.phones.status
        yield app


def test_a_taken_phone_port_leaves_the_app_running_and_says_so(ui, journal_path, monkeypatch):
    with on_a_taken_port(ui, journal_path, monkeypatch) as app:
        assert not app.phones.running
        ui.frames(2)
        note = next(w for w in app.root.walk() if getattr(w, "text", None) == app.phones.status)
        assert note.get_root_window() is not None  # said on screen, in the status strip
        table = ui.start_game(2, "block-arena")
        assert table is not None and app.controller.session.head == 0


@pytest.mark.parametrize("game_id", ["legends-of-the-arena", "chronomage"])
def test_the_tables_phones_button_counts_the_phones_and_opens_the_seats_list(ui, journal_path, phones_on, game_id):
    app = started(ui, journal_path)
    table = ui.start_game(2, game_id)
    button = table.ids.phones
    assert button.text == "Phones" and button.width > 0
    sock = wait(ui, phones_on.open(app.phones.link(2)[0]))
    wait(ui, phones_on.submit(sock.next("state")))
    assert ui.until(lambda: button.text == "Phones (1)", 5)
    ui.tap(button, frames=2)
    panel = table._phones_panel
    assert panel.parent is not None and len(panel.ids.seats.children) == 2
    ui.tap(panel.ids.close)
    assert panel.parent is None


def test_with_phones_off_the_table_has_no_phones_button(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(2, "legends-of-the-arena")
    assert table.ids.phones.width == 0 and table.ids.phones.disabled


@pytest.mark.parametrize("game_id", ["time-runners", "block-arena"])
def test_the_turn_title_is_drawn_whole_beside_the_phones_button_at_800x480(ui, journal_path, phones_on, game_id):
    from kivy.metrics import sp
    from test_home_adversarial import shown_text
    app = started(ui, journal_path)
    table = ui.start_game(2, game_id)
    ui.frames(3)
    assert table.ids.phones.width > 0 and tuple(ui.window.size) == (800, 480)
    title = table.ids.turn
    assert title.text and shown_text(title).replace(" ", "") == title.text.replace(" ", ""), shown_text(title)
    assert title.font_size >= sp(title.least)
    assert app.phones.running


def test_the_phones_list_offers_no_link_for_the_companions_seat(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    table = ui.start_game(2, "block-arena", opponent="greedy")
    assert app.controller.computers == {2: "greedy"}
    table.show_phones(None)
    ui.frames(2)
    rows = list(reversed(table._phones_panel.ids.seats.children))
    assert len(rows) == 1 and rows[0].text.startswith(app.controller.name(1))
    from companion.core import Refusal
    with pytest.raises(Refusal) as err:
        app.phones.link(2)
    assert err.value.code == "computer-seat"
