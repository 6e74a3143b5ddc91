"""LA-11: a Legends table of five or six seats (Free-for-All, 3v3, 2v2v2) reads on every panel it runs
on: each seat box names its Legend and says its Fatigue, Push tokens and hand or card in words, the
Stocks line is drawn whole (every team's Legends), and nothing is clipped, under 14 px or too small
to touch, at the picks and at the resolve step. Two to four seats keep their one row of boxes."""
from __future__ import annotations

import re

import pytest
from test_home_adversarial import shown_text
from test_legends_app import button, pick_behind_curtain, play_back
from test_table_readable import SIZES, clipped, panel, small_text  # noqa: F401  (panel: a fixture)
from test_touch_targets import small_controls

GAME_ID = "legends-of-the-arena"
MANY = [(5, "ffa"), (6, "ffa"), (6, "3v3"), (6, "2v2v2")]


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    """The app plays the package files' values, whatever this machine's data directory holds (LA-3)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def plain(markup: str) -> str:
    return re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", markup)


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def readable(ui, size) -> None:
    table, c = ui.table, ui.app.controller
    ui.frames(3)
    assert clipped(ui.app.root, *size) == []
    assert small_text(ui.app.root) == []
    assert small_controls(ui.app.root) == []
    for seat, box in zip(c.seats, table.panels):
        legend = table.legend(seat)
        drawn = shown_text(box)
        assert box.text.startswith(f"[b]{legend.name}[/b]") and squash(legend.name) in squash(drawn)
        assert "Fatigue" in drawn and "Push" in drawn, drawn
        if table.mode == "pick":
            assert "Hand" in drawn and "Meter" in drawn, drawn
    score = table.ids.score_row if table.score_row else table.ids.score
    assert squash(shown_text(score)) == squash(plain(score.text)), "the Stocks line is drawn whole"
    if c.view.get("stocks") is not None:
        for seat in c.seats:
            assert table.legend(seat).name in plain(score.text)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players,mode", MANY, ids=lambda x: str(x))
def test_LA_11_five_and_six_seats_every_box_names_its_legend_and_nothing_is_cut(ui, journal_path, panel, size,
                                                                                 players, mode):
    panel(size)
    ui.start(journal_path)
    table = ui.start_game(players, GAME_ID, mode=mode)
    c = ui.app.controller
    assert table.mode == "pick" and len(table.panels) == players
    readable(ui, size)
    for seat in c.seats:  # each seat's first pick: the exchange resolves and plays back
        assert c.play(c.actions_for(seat)[0], seat) is None
    ui.frames(3)
    assert table.mode == "steps"
    readable(ui, size)


@pytest.mark.parametrize("players,mode", [(2, "teams"), (4, "teams")])
def test_two_to_four_seats_keep_one_row_of_three_line_boxes_at_800x480(ui, journal_path, players, mode):
    ui.start(journal_path)
    table = ui.start_game(players, GAME_ID, mode=mode)
    ui.frames(3)
    grid = table.ids.panels
    assert grid.cols == players and all(abs(b.height - 58) < 1 for b in table.panels)
    assert len({round(b.y) for b in table.panels}) == 1
    assert "Stocks" in shown_text(table.ids.score) and not table.score_row
    assert clipped(ui.app.root, 800, 480) == []


def test_LA_11_a_2v2v2_exchange_by_touch_picks_behind_the_curtain_then_every_step(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(6, GAME_ID, mode="2v2v2")
    c = ui.app.controller
    for seat in c.seats:
        pick_behind_curtain(ui, seat, c.actions_for(seat)[0].cards)
        if seat < 6:
            assert table.mode == "pick" and "picked" in button(table, f"[b]{c.name(seat)}[/b]").text
    assert table.mode == "steps"
    assert clipped(ui.app.root, 800, 480) == []
    texts = play_back(ui)
    assert len(texts) >= 2 and all(t for t in texts)
    assert table.mode != "steps" and clipped(ui.app.root, 800, 480) == []
    for seat, box in zip(c.seats, table.panels):
        assert table.legend(seat).name in shown_text(box)
