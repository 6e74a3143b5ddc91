"""The three newest table screens tried as a new player would: mistakes, corrections, bigger tables.

Each test is a problem a player met at the table: a typed card that crashed the app, a refusal in the
protocol's words, and Legends card buttons under the bottom of the screen."""
from __future__ import annotations

import pytest
from test_chronomage_app import button as chrono_button
from test_chronomage_app import row as chrono_row
from test_chronomage_app import start_chronomage, tap_in_form
from test_legends_app import GAME_ID as LEGENDS
from test_legends_app import action_buttons
from test_touch_targets import small_controls


@pytest.fixture(autouse=True)
def _own_data(tmp_path, monkeypatch):
    """Placeholder values and typed cards from this test's own data directory, not the machine's."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


# -- Chronomage ----------------------------------------------------------------------------------------

def test_chronomage_taking_the_only_round_off_a_typed_card_keeps_it_and_adding_a_round_still_works(ui, journal_path):
    table = start_chronomage(ui, journal_path)
    ui.tap(chrono_button(table.ids.table_actions, "Ready"))
    ui.tap(chrono_button(table.ids.table_actions, "Type a card"))
    form = table.card_form
    assert form.is_open and len(form.rounds) == 1
    tap_in_form(ui, form, chrono_button(form.anchors["rounds"], "- round"))  # dimmed, but a finger finds it
    assert len(form.rounds) == 1 and "at least one round" in ui.toast
    assert form.anchors.get("rounds1") is not None  # the round's row is still on the form
    tap_in_form(ui, form, chrono_button(form.anchors["rounds"], "+ round"))  # crashed the app with no round left
    assert len(form.rounds) == 2 and form.is_open
    tap_in_form(ui, form, chrono_button(form.anchors["rounds"], "- round"))
    assert len(form.rounds) == 1


def test_chronomage_minus_on_an_empty_spellbook_says_so_in_words_not_in_protocol_notation(ui, journal_path):
    table = start_chronomage(ui, journal_path)
    c = ui.app.controller
    assert c.view["spellbook"][0] == 0
    ui.tap(chrono_button(chrono_row(table, 1), "-"))
    assert "no runes" in ui.toast and "protocol" not in ui.toast and "book 1 -1" not in ui.toast, ui.toast
    assert c.view["spellbook"][0] == 0
    ui.tap(chrono_button(chrono_row(table, 1), "+"))  # the row's + and - still lay and take back runes
    ui.tap(chrono_button(chrono_row(table, 1), "-"))
    assert c.view["spellbook"][0] == 0 and not ui.toast


# -- Legends of the Arena ------------------------------------------------------------------------------

def start_legends_table(ui, journal_path, players: int, cards: str, mode: str):
    ui.start(journal_path)
    return ui.start_game(players, LEGENDS, cards=cards, mode=mode)


def out_of_sight(table) -> list[str]:
    """Action buttons not wholly inside the visible part of the action area (cut off or scrolled away)."""
    scroll = table.ids.buttons.parent
    sx, sy = scroll.to_window(scroll.x, scroll.y)
    found = []
    for b in action_buttons(table):
        x0, y0 = b.to_window(b.x, b.y)
        x1, y1 = b.to_window(b.right, b.top)
        if y0 < sy - 0.5 or y1 > sy + scroll.height + 0.5 or x0 < sx - 0.5 or x1 > sx + scroll.width + 0.5:
            found.append(f"{b.text!r} at y {y0:.0f}..{y1:.0f}, visible {sy:.0f}..{sy + scroll.height:.0f}")
    return found


@pytest.mark.parametrize("players,mode", [(2, "teams"), (3, "ffa"), (4, "teams")])
def test_legends_physical_cards_every_card_button_to_tap_is_whole_on_screen_seat_after_seat(
        ui, journal_path, players, mode):
    table = start_legends_table(ui, journal_path, players, "physical", mode)
    c = ui.app.controller
    assert table.mode == "reveal" and table.note_text  # the first sequence: the placeholder note takes a row
    for seat in c.seats:
        ui.frames(2)
        assert out_of_sight(table) == [], out_of_sight(table)
        assert small_controls(ui.app.root) == []
        assert c.name(seat) in table.prompt_text  # whose card the buttons enter
        codes = [t.split()[2] for t in c.legal(seat)]
        assert len(action_buttons(table)) == len(codes)  # this seat's cards, and no other seat's
        ui.tap(action_buttons(table)[0])
        assert not ui.toast, ui.toast
        assert c.view["revealed"].get(str(seat)) == codes[0] or table.mode != "reveal"
    assert table.mode != "reveal"


def test_block_arena_a_hint_for_the_meeple_marks_the_one_square_it_suggests(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(None, "block-arena")
    c = table.controller
    while c.view["phase"] == "setup":  # the blocks placed through the table's own controller
        assert c.play(c.legal()[0]) is None
    ui.frames(2)
    assert c.view["phase"] == "meeples" and len(table.ids.board.dots) > 1
    ui.tap(table.ids.hint)
    assert ui.until(lambda: ui.toast.startswith("The companion suggests: meeple"), seconds=15)
    assert table.ids.board.dots == [ui.toast.split()[-1]]
