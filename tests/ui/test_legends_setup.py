"""Legends' setup at 800x480 (issue 34): what the home screen's setup cannot show says so in words, above
a scroll bar one can see; and the placeholder note says what the guessed values change in play and where
the real ones come from (LA-3)."""
from __future__ import annotations

import pytest
from kivy.metrics import dp
from test_legends_app import start_legends
from test_legends_values_app import datadir  # noqa: F401  (a fixture)
from test_nothing_cut_off import choose

from companion.games.legends import GAME as Legends
from companion.games.legends import data
from ui.games.legends.values import placeholder_meaning


def below(view, row) -> bool:
    """Some of the row under the scroll view's bottom edge, in the window's frame."""
    return row.to_window(row.x, row.y)[1] < view.to_window(view.x, view.y)[1] - 1


def unseen_and_unsaid(home) -> list[str]:
    """Setup rows (partly) hidden below the view and not named in the line under it (rows scrolled past
    above were seen on the way down)."""
    view, said = home.ids.setup, home.more_below
    rows = [(r.label, r) for r in home.ids.options.children] + [("players' names", r) for r in home.ids.seats.children]
    return [name for name, row in rows if below(view, row) and name not in said]


@pytest.mark.parametrize("players", [2, 6])
def test_the_legends_setup_names_every_row_it_hides_and_shows_its_scroll_bar(ui, journal_path, players):
    ui.start(journal_path)
    assert tuple(ui.window.size) == (800, 480)
    home = choose(ui, "legends-of-the-arena", players)
    ui.frames(3)
    view = home.ids.setup
    assert home.more_below.startswith("More below (scroll down): ")
    for name in ("Legends", "Board values", "Zombie pieces", "the players' names"):
        assert name in home.more_below
    assert unseen_and_unsaid(home) == []
    line = home.ids.more_below
    assert line.height > 0 and line.opacity == 1 and line.get_root_window() is not None
    # a bar to see while nothing moves, wide enough to drag, in a lane of its own
    assert view.bar_width >= dp(8) and view.bar_inactive_color[3] >= 0.9 and "bars" in view.scroll_type
    # scrolled half way, and to the end: the line follows what is still hidden, and keeps its room (the view
    # neither grows nor shrinks under a scrolling finger)
    room, box = line.height, (view.to_window(view.x, view.y), tuple(view.size))
    for scroll_y in (0.5, 0):
        view.scroll_y = scroll_y
        ui.frames(3)
        assert unseen_and_unsaid(home) == [], home.more_below
        assert line.height == room and (view.to_window(view.x, view.y), tuple(view.size)) == box
    assert home.more_below == ""


def test_time_runners_three_seats_fit_at_800x480_and_nothing_says_more_follows(ui, tmp_path_factory):
    """The first screen a new table sees: its three seats whole, no line and no room kept for one. (A journal
    path as short as a Pi's: a long one takes a second line of the status strip, and the seats scroll.)"""
    ui.start(tmp_path_factory.mktemp("j", numbered=True) / "j.sqlite")
    home = choose(ui, "time-runners", 3)
    ui.frames(3)
    assert home.players == 3 and not any(below(home.ids.setup, r) for r in home.ids.seats.children)
    assert home.more_below == "" and home.ids.more_below.height == 0


def test_the_phones_note_arriving_moves_nothing_at_home_whatever_the_journals_path(ui, tmp_path_factory):
    """The phones' note comes a few frames after the first: with a long journal path beside it on the strip,
    the strip took a second line then and the seats below began to scroll (the first frame was not the
    settled one). The path is named in the home's own column, so the strip keeps to one line."""
    deep = tmp_path_factory.mktemp("a-rather-long-folder-name-for-a-journal", numbered=True) / "journal.sqlite"
    app = ui.start(deep)
    home = choose(ui, "time-runners", 3)
    ui.frames(3)
    strip, before = app.root.ids.strip, home.ids.setup.height
    app.phones.status = "Phones join at http://192.168.100.200:8765 or http://board-companion.local:8765"
    ui.frames(3)
    assert strip.height == dp(26), "the strip took a second line"
    assert home.ids.setup.height == before and not any(below(home.ids.setup, r) for r in home.ids.seats.children)
    assert str(deep) in app.journal_note and home.ids.journal_note.get_root_window() is not None


def test_a_setup_that_fits_says_nothing_more_follows(ui, journal_path):
    ui.start(journal_path)
    home = choose(ui, "block-arena", 2)
    ui.frames(3)
    assert unseen_and_unsaid(home) == []
    if not any(below(home.ids.setup, r) for r in [*home.ids.options.children, *home.ids.seats.children]):
        assert home.more_below == ""


def test_LA_3_the_placeholder_note_says_what_the_guesses_change_and_where_the_real_values_come_from(
        ui, journal_path, datadir):  # noqa: F811
    table = start_legends(ui, journal_path)
    note = table.note_text
    assert note.startswith("Alysia and Fitz: Push track, basic deck and card Speeds are placeholders (the rules print none)")
    assert "so Push tokens, basic hands and card order may differ from your boards and cards" in note
    assert note.endswith("; Type values copies theirs for later games.")
    assert table.ids.note.get_root_window() is not None
    # the note says only what the guesses left change: typed Push tracks are no longer among them
    for lid in ("alysia", "fitz"):
        data.save_values(datadir, lid, {"push_track": list(data.load(lid).push_track)})
    meaning = placeholder_meaning(Legends(2))
    assert "Push tokens" not in meaning and "basic hands and card order may differ" in meaning
    for lid in ("alysia", "fitz"):
        data.save_values(datadir, lid, {"push_track": list(data.load(lid).push_track),
                                        "basics": list(data.load(lid).basics), "cards": dict(data.load(lid).speeds)})
    assert Legends(2).placeholders() == {} and placeholder_meaning(Legends(2)) == ""
