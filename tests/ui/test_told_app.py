"""The table is told (issue 28) on the Time Runners table: each change's sentences and board steps under
the table in the events' own words, undo telling the steps that put the cardboard back, the roll-off's
every roll and its winner, and the Log view of the whole game, the same after the app is restarted."""
from __future__ import annotations

import random

from test_table import finish_roll_off

from companion.events import Names
from companion.gamelog import journal_entries, told_log


def told(table) -> str:
    return table.told_text


def test_the_roll_off_tells_every_roll_and_the_winner(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    c = ui.app.controller
    for _ in range(30):
        if c.view["phase"] != "roll-off":
            break
        ui.dice()
        seat = c.last_events[0]["seat"]
        assert f"{c.name(seat)} rolls {c.last_events[0]['value']} to see who starts." in told(table)
    assert c.view["phase"] == "roll"
    assert f"{c.name(c.view['current'])} rolled highest and starts." in told(table)


def play_until(c, wanted, rng, moves=200):
    """Random legal moves (never `wanted` ones) until one `wanted(action)` is legal; that action."""
    for _ in range(moves):
        legal = c.actions
        found = [a for a in legal if wanted(a)]
        if found:
            return found[0]
        assert c.play(rng.choice([a for a in legal if "swap" not in str(a)])) is None
    raise AssertionError("no such action came up")


def test_a_change_position_tells_to_swap_the_runners_and_undo_swaps_them_back(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    c = ui.app.controller
    rng = random.Random(3)
    positions = lambda: c.view["positions"]  # noqa: E731

    def apart_swap(a):
        return "swap" in str(a) and positions()[a.seat - 1] != positions()[int(a.arg) - 1]

    swap = play_until(c, apart_swap, rng)
    me, other = swap.seat, int(swap.arg)
    ui.frames(2)
    assert c.play(swap, swap.seat) is None
    ui.frames(2)
    who, them = c.name(me), c.name(other)
    assert f"{who} and {them} change places" in told(table)
    assert f"Board:[/b] Swap the runners of {who} and {them}" in told(table)
    assert "Move" not in table.hint_text  # the table no longer words the moves itself
    assert table.ids.told.ids.told.text == told(table)  # drawn under the table

    ui.tap(table.ids.undo)
    assert "Taken back:" in told(table)
    assert f"Board:[/b] Swap back the runners of {who} and {them}" in told(table)


def table_log(c) -> list[str]:
    """What `companion log` says, sentences and steps, in the table's names (the companion's own log)."""
    game, names, entries = journal_entries(c.session.journal, c.session.id)
    out = []
    for _n, event in told_log(game, Names(c.names, game), entries):
        out += [event["text"]] + [s["text"] for s in event["board"]]
    return out


def open_the_log_after(ui, journal_path, rng, moves):
    """A 3-seat game played `moves` random moves past the roll-off, its Log open: (table, controller, panel)."""
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    c = ui.app.controller
    for _ in range(moves):
        if c.outcome() is not None:
            break
        assert c.play(rng.choice(c.actions)) is None
    ui.frames(2)
    ui.tap(table.ids.log)
    ui.frames(3)
    return table, c, table._log_panel


def test_the_log_shows_the_whole_game_and_is_the_same_after_a_restart(ui, journal_path):
    table, c, panel = open_the_log_after(ui, journal_path, random.Random(5), 40)
    assert panel.parent is not None
    before = panel.texts()
    assert before == table_log(c)
    assert before[0].startswith("The 70 cards are shuffled") and "Who starts? Red, Blue and Green each roll the die, Red first." in before
    assert panel.ids.rows.scroll_y < 0.01  # scrolled to the newest, at the bottom
    from kivy.metrics import dp
    shown = panel.ids.rows.children[0].children  # the rows built for the screen: each as tall as its words
    assert shown and all(r.children[0].texture_size[1] <= r.height < r.children[0].texture_size[1] + dp(24) for r in shown)
    colored = [r for r in panel.ids.rows.data if r["seat_rgba"] != [0, 0, 0, 0]]
    assert colored and all(tuple(r["seat_rgba"]) in {tuple(c.color(s)) for s in c.seats} for r in colored)
    ui.tap(panel.ids.close)
    assert panel.parent is None
    ui.stop()  # as if the power went: every change was already in the journal

    ui.start(journal_path)
    ui.tap(ui.app.home.ids.resume_last)
    ui.tap(ui.table.ids.log)
    ui.frames(3)
    assert ui.table._log_panel.texts() == before
    ui.tap(ui.table._log_panel.ids.close)


def test_the_log_reads_pages_of_a_long_game_and_earlier_ones_on_demand(ui, journal_path, monkeypatch):
    from ui import log_pages
    monkeypatch.setattr(log_pages, "PAGE", 10)
    rng = random.Random(8)
    table, c, panel = open_the_log_after(ui, journal_path, rng, 60)
    assert panel.first == c.session.head - 9 and panel.more  # only the newest page is read
    assert panel.texts() == table_log(c)[-len(panel.texts()):]
    while panel.more:
        ui.tap(panel.ids.earlier)
    assert panel.first == 1 and panel.texts() == table_log(c)
    assert c.play(rng.choice(c.actions)) is None  # a change while the log is open: it shows at the bottom
    ui.frames(2)
    assert panel.texts()[-1] == table_log(c)[-1]
    ui.tap(panel.ids.close)
