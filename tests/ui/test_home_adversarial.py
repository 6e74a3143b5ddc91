"""A new user on the home screen and the Time Runners table: every game's setup on screen, its options first,
option names whole, a long name kept to what the game takes and drawn whole at the table."""
from __future__ import annotations

import pytest

from companion.games import REGISTRY

from test_table import finish_roll_off
from test_table_readable import clipped, in_scroll, panel, window_box  # noqa: F401  (panel: a fixture)

LONG = "Wolfgang Amadeus Mozart of Salzburg IIII"  # 40 characters: the most a name may have
assert len(LONG) == 40


def seat_rows(home):
    return list(reversed(home.ids.seats.children))


def in_view(widget) -> bool:
    """Whole inside the scrolling panel it is in (a finger can see it and tap it)."""
    x0, y0, x1, y1 = window_box(widget)
    sx0, sy0, sx1, sy1 = window_box(in_scroll(widget))
    return sy0 - 0.5 <= y0 and y1 <= sy1 + 0.5


def bring_into_view(ui, widget):
    in_scroll(widget).scroll_to(widget, padding=0, animate=False)
    assert ui.until(lambda: in_view(widget))


def type_name(ui, home, seat: int, text: str) -> None:
    row = seat_rows(home)[seat - 1]
    bring_into_view(ui, row)
    ui.tap(row.ids.name, frames=3)
    for key in text:
        ui.window.dispatch("on_textinput", key)
    ui.window.dispatch("on_key_down", 13, 40, None, [])  # Enter
    ui.frames(2)


def shown_text(label) -> str:
    """The text a Label actually draws (a shortened label draws less than its text)."""
    label.texture_update()
    return "".join(word.text for line in label._label._cached_lines for word in line.words)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_choosing_any_game_keeps_its_setup_on_screen_and_every_seat_reachable(ui, journal_path, panel, size,
                                                                               game_id):
    panel(size)
    ui.start(journal_path)
    home = ui.app.home
    button = next(b for b in home.ids.games.children if b.game_id == game_id)
    if button.disabled:
        pytest.skip("a game shown as coming")
    while not home.ids.more.disabled:  # six Time Runners seats, looked through to the last one
        ui.tap(home.ids.more)
    bring_into_view(ui, seat_rows(home)[-1])
    ui.tap(button)
    first = (list(reversed(home.ids.options.children)) or seat_rows(home))[0]
    ui.frames(2)
    assert in_view(first), "the game's first option (or seat) is scrolled out of sight"
    while not home.ids.more.disabled:  # the most seats this game takes
        ui.tap(home.ids.more)
    ui.frames(3)
    assert clipped(ui.app.root, *size) == []  # the game buttons, Players and Start are whole on screen
    for row in [*home.ids.options.children, *seat_rows(home)]:
        bring_into_view(ui, row)  # each option and each seat can be scrolled to and seen whole


def test_option_names_are_shown_whole_not_cut_in_the_middle(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    seen = []
    for game_id in sorted(REGISTRY):
        button = next(b for b in home.ids.games.children if b.game_id == game_id)
        if button.disabled:
            continue
        ui.tap(button)
        ui.frames(2)
        for row in home.ids.options.children:
            label = next(w for w in row.children if type(w).__name__ == "Label")
            seen.append(row.label)
            assert shown_text(label).replace(" ", "") == row.label.replace(" ", ""), row.label
    assert len(seen) >= 4
    assert clipped(ui.app.root, 800, 480) == []


def test_a_name_longer_than_a_game_takes_stops_at_40_characters_and_the_game_starts(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    type_name(ui, home, 1, LONG + " the Younger")  # 52 characters typed
    assert seat_rows(home)[0].player_name == LONG
    ui.tap(home.ids.start)
    assert ui.toast == "" and ui.app.sm.current == "time-runners"
    assert ui.app.controller.names[0] == LONG


def test_long_names_stay_inside_the_hand_buttons_the_hand_curtain_and_the_resume_button(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    while home.players < 6:
        ui.tap(home.ids.more)
    for seat in (1, 3, 5):
        type_name(ui, home, seat, LONG if seat != 5 else "W" * 40)
    table = ui.start_game(6)
    assert ui.app.controller.names[0] == LONG
    finish_roll_off(ui)
    ui.frames(3)
    assert clipped(ui.app.root, 800, 480) == []  # the seats' hand buttons
    ui.open_hand(5)
    ui.frames(2)
    assert clipped(table.curtain, 800, 480) == []  # "WWW...'s hand" over the cards
    ui.tap(table.curtain.ids.hide)
    ui.tap(table.ids.home)
    ui.frames(3)
    assert "Resume last game" in home.resume_text
    assert clipped(ui.app.root, 800, 480) == []  # the resume button holds all six names
