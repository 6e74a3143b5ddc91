"""No button moves under a finger: a banner or a note that comes and goes keeps its room, so a tap aimed
at a button where it stood still lands on it (tested by tapping the old position, in window pixels)."""
from __future__ import annotations

import pytest
from test_legends_app import button, start_legends
from test_table import dial_point, finish_roll_off


def where(widget):
    return tuple(round(v) for v in widget.to_window(*widget.center))


def test_the_turn_the_hand_banner_comes_and_goes_and_end_turn_stays_where_it_was(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    c = ui.app.controller
    aimed = {name: where(table.ids[name]) for name in ("end_turn", "undo", "redo", "dice_button")}
    hour = c.view["hour"]
    assert table.banner_mode == ""

    ui.tap_at(*dial_point(table.ids.face, hour % 12 + 3))  # the physical hand is off: the banner comes
    ui.frames(2)
    assert table.banner_mode == "sync" and table.banner_text.startswith(f"Turn the hand to {hour}")
    assert {name: where(table.ids[name]) for name in aimed} == aimed
    ui.tap_at(*dial_point(table.ids.face, hour))  # and goes
    ui.frames(2)
    assert table.banner_mode == ""
    ui.dice()  # a roll: the hint takes a second line ("Move Red from 0 to 4, then play at least one card")
    ui.frames(2)
    assert c.view["phase"] == "cards" and "at least one card" in table.hint_text
    assert {name: where(table.ids[name]) for name in aimed} == aimed

    ui.tap_at(*aimed["end_turn"])  # a finger where End turn was before the banner: End turn answers
    assert "TR-13" in ui.toast and "at least one card" in ui.toast


@pytest.fixture
def datadir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA", str(d))
    return d


def test_LA_3_later_hides_the_placeholder_note_and_the_pick_buttons_stay_where_they_were(ui, journal_path, datadir):
    table = start_legends(ui, journal_path)
    c = ui.app.controller
    assert table.mode == "pick" and table.note_text
    first = button(table, f"[b]{c.name(1)}[/b]")
    aimed = where(first)
    later = next(b for b in table.ids.note_buttons.children if b.text == "Later")
    ui.tap(later)
    ui.frames(2)
    assert table.note_text == "" and not table.ids.note_buttons.children
    assert where(button(table, f"[b]{c.name(1)}[/b]")) == aimed

    ui.tap_at(*aimed)  # where the first seat's pick button was while the note showed: its curtain opens
    assert table.curtain.is_open and table.curtain.mode == "pass" and table.curtain.who.startswith(c.name(1))
