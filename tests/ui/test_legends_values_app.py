"""LA-3 in the app: the Legends table says which values are placeholders; the board-values editor takes
the table's own by touches, refuses a wrong one beside its field (nothing kept), saves a right one in
the data directory, and the next game plays with it while this one keeps what it started with."""
from __future__ import annotations

import json

import pytest
from test_legends_app import GAME_ID, start_legends
from test_touch_targets import small_controls

from companion.games.legends import GAME as Legends
from companion.games.legends import data
from companion.journal import Journal
from companion.session import Session
from ui.games.legends.values import placeholder_note
from ui.widgets.common import FlatButton


@pytest.fixture
def datadir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("COMPANION_DATA", str(d))
    return d


def note_button(table, text):
    found = [b for b in table.ids.note_buttons.children if isinstance(b, FlatButton) and b.text == text]
    assert found, [b.text for b in table.ids.note_buttons.children]
    return found[0]


def stepper_button(editor, field, key, text):
    stepper = editor.steppers[(field, key)]
    return next(b for b in stepper.children if isinstance(b, FlatButton) and b.text == text)


def on_screen(ui, widget):
    """Scroll the editor's form to `widget`; it is then inside the window and inside the scroll view."""
    scroll = ui.table.editor.ids.scroll
    scroll.scroll_to(widget, padding=10, animate=False)
    ui.frames(2)
    sx, sy = scroll.to_window(scroll.x, scroll.y)
    wx, wy = widget.to_window(*widget.center)
    assert sy <= wy <= sy + scroll.height, (wy, sy, scroll.height)
    return widget


def test_LA_3_the_editor_refuses_a_wrong_value_beside_its_field_saves_a_right_one_and_the_next_game_uses_it(
        ui, journal_path, datadir):
    table = start_legends(ui, journal_path)
    first_id = ui.app.controller.session.id
    assert table.note_text.startswith("Alysia and Fitz: Push track, basic deck and card Speeds are placeholders (")
    assert small_controls(ui.app.root) == []

    ui.tap(note_button(table, "Type values"))
    editor = table.editor
    assert editor.is_open and editor.legend_name == "Alysia" and small_controls(ui.app.root) == []
    assert editor.fields["push_track"].typed is False and editor.fields["push_track"].mark.text == "Placeholder"

    # a wrong value: the Push track going below 0 at position 0
    ui.tap(stepper_button(editor, "push_track", 0, "-"))
    assert editor.steppers[("push_track", 0)].value == -1 and editor.fields["push_track"].mark.text == "From my board"
    ui.tap(editor.ids.save)
    field = editor.fields["push_track"]
    assert "index 0 holds -1" in field.error and field.error_label.text == field.error
    assert field.error_label.height > 0 and field.error_label.get_root_window() is not None
    on_screen(ui, field.error_label)  # shown beside the field it names
    assert "Not saved" in editor.status and not editor.saved
    assert not data.values_path(datadir, "alysia").exists()

    # right values: position 0 back to 0, position 2 up to 1, Wind Up's Speed 70 -> 80
    ui.tap(on_screen(ui, stepper_button(editor, "push_track", 0, "+")))
    assert field.error == "" and field.error_label.height == 0  # changing the field clears its error
    ui.tap(on_screen(ui, stepper_button(editor, "push_track", 2, "+")))
    for _ in range(2):
        ui.tap(on_screen(ui, stepper_button(editor, "cards", "wind-up", "+5")))
    ui.tap(editor.ids.save)
    assert editor.saved and "Saved on this device" in editor.status, editor.status
    track = [0, 0, 1] + [i // 3 for i in range(3, 21)]
    assert json.loads(data.values_path(datadir, "alysia").read_text()) == {"push_track": track,
                                                                           "cards": {"wind-up": 80}}
    # this game keeps what it started with, and says the saved values are for the next one
    assert ui.app.controller.session.game.legends[0].push_track == tuple(i // 3 for i in range(21))
    assert table.note_text.startswith("Saved.")
    ui.tap(editor.ids.close)
    assert not editor.is_open and small_controls(ui.app.root) == []

    # the next game, from the home screen, plays with them
    ui.tap(table.ids.home)
    ui.tap(ui.app.home.ids.start)
    assert ui.app.sm.current == GAME_ID and ui.app.controller.session.id != first_id
    game = ui.app.controller.session.game
    alysia = game.legends[0]
    assert alysia.push_track == tuple(track) and alysia.speed("wind-up") == 80
    assert json.loads(game.options["values"]) == {"alysia": {"push_track": track, "cards": {"wind-up": 80}}}
    assert ui.app.controller.view["legends"][0]["next_push"] == [track[2], track[3], track[4]]
    assert table.note_text.startswith("Alysia's basic deck and card Speeds are placeholders; Fitz's")
    # and the first game still resumes with the values it was created with
    resumed = Session.resume(Journal(journal_path), first_id)
    assert resumed.game.legends[0].push_track == tuple(i // 3 for i in range(21))


def test_LA_3_a_basic_deck_is_typed_by_toggles_and_start_over_uses_it_at_once(ui, journal_path, datadir):
    table = start_legends(ui, journal_path, cards="physical")
    ui.tap(note_button(table, "Type values"))
    editor = table.editor
    ui.tap(next(b for b in editor.ids.tabs.children if b.text == "Fitz"))
    assert editor.legend_name == "Fitz" and editor.deck == ["step", "dive", "defensive-pivot", "back", "smash"]
    assert [b.text for b in reversed(editor.deck_buttons["step"].parent.children)] == [
        "Step", "Dive", "Defensive Pivot", "Back", "Shot", "Smash", "Punch"]
    for code in list(editor.deck):
        ui.tap(on_screen(ui, editor.deck_buttons[code]))
    assert editor.deck == []
    ui.tap(editor.ids.save)
    assert "has basic cards" in editor.fields["basics"].error and not data.values_path(datadir, "fitz").exists()
    ui.tap(on_screen(ui, editor.deck_buttons["punch"]))
    ui.tap(on_screen(ui, editor.deck_buttons["step"]))
    ui.tap(editor.ids.save)  # two cards cannot fill a sequence's three picks
    assert "at least three cards" in editor.fields["basics"].error and not editor.saved
    ui.tap(on_screen(ui, editor.deck_buttons["dive"]))
    ui.tap(editor.ids.save)
    assert editor.saved and data.typed_values("fitz", datadir) == {"basics": ["step", "dive", "punch"]}
    assert small_controls(ui.app.root) == []
    ui.tap(editor.ids.restart)
    assert not editor.is_open
    game = ui.app.controller.session.game
    assert game.legends[1].basics == ("step", "dive", "punch") and game.options["cards"] == "physical"
    assert "basic deck" not in placeholder_note(game).split("Fitz")[-1]


def test_LA_3_later_hides_the_note_for_this_game_and_no_note_without_placeholders(ui, journal_path, datadir):
    for lid in ("alysia", "fitz"):
        data.save_values(datadir, lid, {f: v for f, v in (("push_track", list(data.load(lid).push_track)),
                                                           ("basics", list(data.load(lid).basics)),
                                                           ("cards", dict(data.load(lid).speeds)))})
    assert Legends(2).placeholders() == {}
    table = start_legends(ui, journal_path)
    assert table.note_text == "" and table.ids.note_row.height == 0 and not table.ids.note_buttons.children
    data.values_path(datadir, "fitz").unlink()
    ui.tap(table.ids.home)
    ui.tap(ui.app.home.ids.start)
    assert table.note_text.startswith("Fitz's Push track")
    ui.tap(note_button(table, "Later"))
    assert table.note_text == "" and not table.ids.note_buttons.children


def test_LA_3_the_note_is_shown_at_setup_and_gives_its_room_to_the_playback(ui, journal_path, datadir):
    table = start_legends(ui, journal_path)
    c = ui.app.controller
    assert table.mode == "pick" and table.note_text
    c.play("pick 1 step punch back", 1)
    ui.frames(2)
    assert table.mode == "pick" and table.note_text  # still the first sequence's picks
    c.play("pick 2 step smash defensive-pivot", 2)
    ui.frames(2)
    assert table.mode == "steps" and table.note_text == "" and not table.ids.note_buttons.children
    ui.tap(table.ids.skip)
    assert table.mode != "steps" and (table.note_text == "") == (c.view["sequence"] > 1 or table.mode == "choice")
