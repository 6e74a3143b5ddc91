"""Players by their names in every note the app shows: a refusal the engine words with seat numbers
("Seat 1 must play...", "b5 is seat 2's block") reads with the names the table typed, by touches."""
from __future__ import annotations

import re

from test_block_arena_app import GAME_ID as BLOCK_ARENA, tap_square
from test_table import finish_roll_off

from ui.texts import named

NAMES = ["Ana", "Bo", "Cy"]


def type_names(ui, names):
    """Tap each seat's name on the home screen and type the table's own."""
    for seat, name in enumerate(names, 1):
        row = ui.seat_row(seat)
        ui.tap(row.ids.name, frames=3)
        for key in name:
            ui.window.dispatch("on_textinput", key)
        ui.frames(2)
        assert row.player_name == name


def no_seat_numbers(text):
    return re.search(r"\b[Ss]eats? \d", text) is None


def test_named_seats_whole_words_possessives_lists_and_no_such_seat():
    names = ["Ana", "Bo", "Cy"]
    assert named("Seat 1 must play at least one card.", names) == "Ana must play at least one card."
    assert named("Only seat 3, whose turn it is, may play", names) == "Only Cy, whose turn it is, may play"
    assert named("It is seat 2's turn and b5 is seat 1's block.", names) == "It is Bo's turn and b5 is Ana's block."
    assert named("seats 1 and 3 tie; seats 1, 2 and 3 roll", names) == "Ana and Cy tie; Ana, Bo and Cy roll"
    assert named("There is no seat 7 at this table; seat 12 neither.", names) == \
        "There is no seat 7 at this table; seat 12 neither."
    assert named("reseat 2, seat2, seat 1x", names) == "reseat 2, seat2, seat 1x"


def test_TR_13_ending_the_turn_before_a_card_names_the_player_as_typed(ui, journal_path):
    ui.start(journal_path)
    type_names(ui, NAMES)
    table = ui.start_game(3)
    c = ui.app.controller
    assert c.names == NAMES
    finish_roll_off(ui)
    ui.dice()
    who = c.name(c.view["current"])
    ui.tap(table.ids.end_turn)
    assert ui.toast.startswith(f"{who} must play at least one card") and "TR-13" in ui.toast
    assert no_seat_numbers(ui.toast)


def test_TR_16_a_normal_card_out_of_turn_names_whose_turn_it_is(ui, journal_path):
    ui.start(journal_path)
    type_names(ui, NAMES)
    table = ui.start_game(3)
    c = ui.app.controller
    finish_roll_off(ui)
    ui.dice()
    other = c.view["current"] % 3 + 1
    ui.open_hand(other)
    normal = [b for b in ui.card_buttons() if not b.code.endswith("!") and b.code not in ("set", "swap")]
    assert normal, "a hand of six holds a normal card"
    ui.tap(normal[0])
    assert f"Only {c.name(c.view['current'])}, whose turn it is" in ui.toast and "TR-16" in ui.toast
    assert no_seat_numbers(ui.toast)
    ui.tap(table.curtain.ids.hide)


def test_BA_6_another_players_block_is_named_as_theirs(ui, journal_path):
    ui.start(journal_path)
    type_names(ui, NAMES[:2])
    ui.start_game(None, BLOCK_ARENA)
    c = ui.app.controller
    assert c.names == NAMES[:2]
    for name in ("a1", "a1", "b6", "b6", "c1", "c1", "c6", "c6", "d1", "d1", "d6", "d6", "e1", "e1", "f6", "f6"):
        tap_square(ui, name)
    tap_square(ui, "a1")
    tap_square(ui, "f6")
    assert c.view["phase"] == "play" and c.view["current"] == 1
    tap_square(ui, "b6")  # Bo's block, in Ana's turn
    assert "It is Ana's turn and b6 is Bo's block" in ui.toast and "BA-6" in ui.toast
    assert no_seat_numbers(ui.toast)
    ui.tap(ui.app.toast)  # the note explains its rule, still by name
    assert no_seat_numbers(ui.toast)
