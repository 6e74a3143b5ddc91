"""The Chronomage table follows a change made elsewhere while one of its panels is open: Undo (the header's
button, tappable over a panel), a phone's action, a correction. A panel whose action is no longer offered
as it was opened closes, instead of staying open over a table that moved on and refusing what it offers."""
from __future__ import annotations

from test_chronomage_app import button, row, start_chronomage
from test_chronomage_done_app import to_the_loot_card

from companion.games.chronomage.actions import READY, Book, Choose, Reveal, Spell


def test_undo_with_the_loot_card_panel_open_closes_it_and_the_row_offers_the_time_card_again(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    to_the_loot_card(ui, table, 1)
    assert table.choice.is_open and table.choice.title == "The loot card for Orange"
    ui.tap(table.ids.undo)
    assert c.view["step"] == "time"
    assert not table.choice.is_open  # no "Temporary" left to tap on a time step
    assert button(row(table, 1), "Give Orange the time card")


def test_a_spell_panel_closes_when_the_players_phone_lays_another_spellbook_under_it(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    ui.tap(button(row(table, 1), "+"))
    ui.tap(button(row(table, 1), "Spell"))
    assert table.spell.is_open and "shows 1 rune" in table.spell.detail
    assert c.play(Book(1, 3)) is None  # what Orange's phone sends meanwhile
    ui.frames(2)
    assert not table.spell.is_open  # its "shows 1 rune" is no longer true
    ui.tap(button(row(table, 1), "Spell"))
    assert table.spell.is_open and "shows 3 runes" in table.spell.detail


def test_a_face_panel_closes_when_a_phone_casts_a_constant_spell_that_changes_the_dice_to_enter(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    c.play(READY)
    c.play(Reveal("rust-hound"))
    c.play(Choose(1))
    ui.frames(1)
    ui.tap(button(row(table, 1), "Faces"))
    assert [g[1] for g in table.faces.groups] == [2, 1]
    assert c.play(Spell(1, 1, 0, 0, (("orange", 3),))) is None  # what Orange's phone sends
    ui.frames(2)
    assert c.view["dice_count"][0] == 3 and not table.faces.is_open  # not a two-dice pad for a three-dice roll
    ui.tap(button(row(table, 1), "Faces"))
    assert [g[1] for g in table.faces.groups] == [3, 1]
