"""The tests' finger (conftest's `Runner.tap`) refuses a point a ScrollView does not show: such a touch lands on
nothing, and a test that waited for its effect hung instead of failing. The message names the widget."""
from __future__ import annotations

import pytest
from test_nothing_cut_off import choose


def test_a_tap_on_a_seat_scrolled_out_of_sight_fails_naming_it_and_lands_once_in_sight(ui, journal_path):
    ui.start(journal_path)
    home = choose(ui, "time-runners", 6)  # six seats are taller than the setup's view at 800x480
    home.ids.setup.scroll_y = 1
    ui.frames(2)
    view_bottom = home.ids.setup.to_window(*home.ids.setup.pos)[1]
    # the first seat whose name is on the window but under the view (drawn over by Start and the strip)
    seat, row = next((i, r) for i, r in enumerate(reversed(home.ids.seats.children), 1)
                     if 0 <= r.ids.name.to_window(*r.ids.name.center)[1] < view_bottom)
    with pytest.raises(AssertionError, match=rf"FlatButton '{row.player_name}' at \(\d+, \d+\) is outside the "
                                             "ScrollView that shows it"):
        ui.tap(row.ids.name)
    assert row.ids.name.__class__.__name__ == "FlatButton"  # nothing was touched
    ui.tap(ui.seat_row(seat).ids.name, frames=3)  # scrolled into sight, the same tap opens its name's field
    assert row.ids.name.__class__.__name__ == "SeatName" and row.ids.name.focus
