"""The "?" of every table opens the game's rules reference (the text `companion rules GAME` prints), a
field filters it by rule id as it is typed, the rule the last refusal cited comes first, and how the
hardware is worked (its keys on the emulator) is a section of it (real app, offscreen Kivy)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_table_readable import SIZES, clipped, panel  # noqa: F401  (panel: a fixture)

from ui.texts import named
from ui.widgets.rules import RulesPanel

GAMES = ["time-runners", "legends-of-the-arena", "chronomage", "block-arena"]
ROOT = Path(__file__).resolve().parents[2]


def open_reference(ui, table) -> RulesPanel:
    ui.tap(table.ids.rules)
    panels = [w for w in ui.app.overlay.children if isinstance(w, RulesPanel)]
    assert len(panels) == 1, "the '?' opened no rules reference"
    return panels[0]


def shown(panel) -> list[tuple[str, str]]:
    return [(r["rule"], r["text"]) for r in panel.ids.rows.data if r["rule"]]


def typed(ui, panel, text: str) -> None:
    """Typed into the field, key by key, as a keyboard does."""
    field = panel.ids.search
    ui.tap(field)
    assert field.focus
    for ch in text:
        field.insert_text(ch)
        ui.frames(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_question_mark_opens_the_games_rules_reference_as_companion_rules_prints_it(ui, journal_path, game_id):
    ui.start(journal_path)
    table = ui.start_game(2, game_id)
    panel = open_reference(ui, table)
    printed = subprocess.run([sys.executable, "-m", "companion", "rules", game_id], cwd=ROOT, capture_output=True,
                             text=True, timeout=60, check=True).stdout
    names = ui.app.controller.names  # a rule's "seat 1" as the table calls it, as a refusal's rule reads
    rules = [(rule, named(text, names)) for rule, text in (line.split("\t", 1) for line in printed.splitlines())]
    assert shown(panel)[:len(rules)] == rules  # nothing refused yet: the reference in its own order
    assert panel.headings()[-1] == "Hardware and keys" and shown(panel)[len(rules):]
    for scroll in (1, 0.5, 0):  # each row's words fit the height reckoned for them, top to bottom
        panel.ids.rows.scroll_y = scroll
        ui.frames(3)
        rows = panel.ids.rows.layout_manager.children
        assert rows and all(r.children[0].texture_size[1] <= r.height for r in rows), \
            [(r.text, r.children[0].texture_size[1], r.height) for r in rows if r.children[0].texture_size[1] > r.height]
    ui.tap(panel.ids.close)
    assert panel.parent is None


def test_the_reference_of_an_emulated_table_says_its_keys_as_a_section_of_it(ui, journal_path):
    ui.start(journal_path)
    panel = open_reference(ui, ui.start_game(2, "time-runners"))
    keys = dict(shown(panel))
    assert "Space" in keys["hardware/dice"] and "drag the hand" in keys["hardware/hand"]
    assert [r["rule"] for r in panel.ids.rows.data[-3:]] == ["", "hardware/dice", "hardware/hand"]
    ui.tap(panel.ids.close)
    ui.stop()
    ui.start(journal_path)
    panel = open_reference(ui, ui.start_game(2, "block-arena"))
    assert "no dice button or clock hand" in dict(shown(panel))["hardware"]


def test_typing_a_rule_id_filters_the_reference_and_moves_no_emulated_hand(ui, journal_path):
    from kivy.core.window import Window
    ui.start(journal_path)
    table = ui.start_game(2, "time-runners")
    panel = open_reference(ui, table)
    hand = ui.app.hw.hand
    typed(ui, panel, "tr-1")
    rules = panel.rules()
    assert "time-runners/TR-1" in rules and "time-runners/TR-12" in rules and "time-runners/TR-2" not in rules
    assert all("tr-1" in r.lower() for r in rules)
    Window.dispatch("on_key_down", ord("3"), 0, "3", [])  # a key typed into the field is no clock-hand key
    ui.frames(2)
    assert ui.app.hw.hand == hand
    panel.ids.search.text = "BA-"  # another game's ids are not in this reference
    ui.frames(1)
    assert panel.rules() == [] and "No rule id here" in panel.ids.rows.data[0]["text"]
    panel.ids.search.text = ""
    ui.frames(1)
    assert len(panel.rules()) > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_after_a_refusal_the_rule_it_cited_is_first_in_the_reference(ui, journal_path, game_id):
    ui.start(journal_path)
    table = ui.start_game(2, game_id)
    ui.tap(table.ids.undo)  # nothing to undo, or the game's own stop: refused, with its rule
    said = ui.toast
    rule = said.rsplit("(", 1)[1].rstrip(")")
    ui.tap_at(2, 2)  # read and gone
    panel = open_reference(ui, table)
    assert panel.rules()[0] == rule and panel.headings()[0] == "The rule the last refusal cited"
    assert panel.rules().count(rule) == 1  # first, not also further down
    ui.tap(panel.ids.close)
    ui.tap(table.ids.redo)  # the next refusal's rule takes its place
    assert "nothing to redo" in ui.toast
    panel = open_reference(ui, table)
    assert panel.rules()[0] == "protocol/redo"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_table_shows_its_question_mark_at_every_panel_size(ui, journal_path, panel, size):
    """Legends' top bar has no room for it on a portrait panel: there it sits beside the Stocks' own row."""
    panel(size)
    for game_id in GAMES:
        ui.start(journal_path)
        table = ui.start_game(2, game_id)
        ui.frames(3)
        shown = [b for b in (table.ids.rules, table.ids.get("rules_portrait")) if b is not None and b.opacity > 0]
        assert len(shown) == 1 and not shown[0].disabled and shown[0].width > 0, game_id
        x, y = shown[0].to_window(shown[0].x, shown[0].y)
        assert 0 <= x and x + shown[0].width <= size[0] and 0 <= y and y + shown[0].height <= size[1], game_id
        if game_id == "legends-of-the-arena":  # its top bar is full: the "?" pushes nothing out of the window
            assert clipped(ui.app.root, *size) == []
        ui.tap(shown[0])
        assert any(isinstance(w, RulesPanel) for w in ui.app.overlay.children), game_id
        ui.stop()
