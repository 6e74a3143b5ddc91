"""The app carries every shape with no game's name in it: a computer opponent and a cooperative table
(the toy games), set up from the home screen's schema-built options and played by touches."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import games  # noqa: E402
from toy_coop import TeamDice  # noqa: E402
from toy_duel import Nim  # noqa: E402


@pytest.fixture
def toys(monkeypatch):
    for cls in (Nim, TeamDice):
        monkeypatch.setitem(games.REGISTRY, cls.id, cls)


def choose(ui, game_id):
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == game_id))
    assert home.game_id == game_id
    return home


def buttons(row):
    return [w for w in reversed(row.children) if hasattr(w, "bg")]


def action_button(ui, text):
    return next(b for b in ui.table.ids.actions.children if b.text == text)


def wait_for_computer(ui, seconds=10.0):
    deadline = time.monotonic() + seconds
    while ui.app.controller.thinking and time.monotonic() < deadline:
        ui.frames(1)
        time.sleep(0.01)
    ui.frames(2)
    assert not ui.app.controller.thinking


def test_against_the_companion_from_the_home_screen_and_undo_takes_back_its_reply(ui, journal_path, toys):
    ui.start(journal_path)
    home = choose(ui, "nim")
    pile = ui.option_row("Pile")  # built from the schema: - 15 +
    assert [b.text for b in buttons(pile)] == ["-", "15", "+"]
    for _ in range(5):
        ui.tap(buttons(ui.option_row("Pile"))[0])
    assert home.option_values == {"pile": 10}
    ui.tap(buttons(ui.option_row("Opponent"))[0])  # random
    ui.tap(buttons(ui.option_row("Opponent"))[0])  # perfect
    assert home.opponent == "perfect"
    ui.tap(home.ids.start)
    assert ui.app.sm.current == "nim"
    c = ui.app.controller
    assert c.session.game.options == {"pile": 10} and c.names[1] == "Companion"
    ui.tap(action_button(ui, "take 1"))
    wait_for_computer(ui)
    assert c.view["pile"] == 8 and c.view["current"] == 1  # the companion left a multiple of 4
    ui.tap(ui.table.ids.undo)
    assert c.view == {"pile": 10, "current": 1, "winner": None}
    while c.outcome() is None:
        ui.tap(action_button(ui, "take 3" if c.view["pile"] >= 3 else f"take {c.view['pile']}"))
        wait_for_computer(ui)
    assert ui.table.turn_line == "Companion wins!"


def test_a_cooperative_table_rolls_with_the_dice_button_and_wins_together(ui, journal_path, toys):
    ui.start(journal_path)
    home = choose(ui, "team-dice")
    while home.players > 1:
        ui.tap(home.ids.fewer)
    ui.tap(home.ids.start)
    c = ui.app.controller
    assert ui.table.turn_line == "the table decides"
    rounds = 0
    while c.outcome() is None:
        ui.app.hw.press()  # the dice button rolls the seat's die
        ui.frames(2)
        ui.tap(action_button(ui, "score"))
        rounds += 1
    assert ui.table.turn_line in ("Victory!", "Defeat.") and rounds <= 3
    assert ui.table.outcome_text == ("Victory!" if c.outcome().result == "victory" else "Defeat.")


def test_a_refusal_tapped_shows_the_rule_it_cites(ui, journal_path, toys):
    ui.start(journal_path)
    choose(ui, "team-dice")
    ui.tap(ui.app.home.ids.start)
    ui.tap(ui.table.ids.undo)  # nothing to undo yet
    assert "There is nothing to undo" in ui.toast
    ui.tap(ui.app.toast)
    assert "protocol/undo: Undo takes back the last undoable entry" in ui.toast


def test_a_hint_is_thought_off_the_ui_thread_and_shown_beside_the_button(ui, journal_path, toys):
    ui.start(journal_path)
    home = choose(ui, "nim")
    ui.tap(home.ids.start)
    ui.tap(ui.table.ids.hint)
    deadline = time.monotonic() + 10
    while not ui.toast.startswith("The companion suggests") and time.monotonic() < deadline:
        ui.frames(1)
        time.sleep(0.01)
    assert ui.toast.removeprefix("The companion suggests: ") in ui.app.controller.legal()
