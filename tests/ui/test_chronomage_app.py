"""Chronomage in the app, by touches only: set up from the home screen, a monster round played with the
face picker, a player's Roll control and the hardware dice button, and the damage tracker showing the
damage the engine computed at every step."""
from __future__ import annotations

from test_touch_targets import small_controls

from ui.games.chronomage.entry import ChronoDieButton
from ui.widgets.common import FlatButton

GAME_ID = "chronomage"


def start_chronomage(ui, journal_path, players=3):
    ui.start(journal_path)
    return ui.start_game(players, GAME_ID)


def buttons(widget):
    return [w for w in widget.walk(restrict=True) if isinstance(w, FlatButton) and w.get_root_window() is not None]


def button(widget, starts):
    found = [b for b in buttons(widget) if b.text.startswith(starts)]
    assert found, f"no button {starts!r} in {[b.text for b in buttons(widget)]}"
    return found[0]


def row(table, seat):
    return table.rows[seat].ids.controls


def tap_face(ui, pad, face):
    die = next(d for d in pad.ids.pad.children if isinstance(d, ChronoDieButton) and d.value == face)
    ui.tap(die)


def tracker_shows(table, view):
    """The tracker's segments and number are the engine's damage for this round."""
    dmg = view["damage"]
    assert [v for v, _ in table.ids.tracker.parts] == dmg["seats"]
    assert table.ids.tracker.power == dmg["power"]
    assert table.big_number == f"{dmg['total']} / {dmg['power']}"


def test_a_monster_round_by_touches_the_face_picker_a_roll_control_and_the_dice_button(ui, journal_path):
    table = start_chronomage(ui, journal_path)
    c = ui.app.controller
    assert small_controls(ui.app.root) == []
    # strategy: two runes for seat 1, one for seat 2, then ready
    ui.tap(button(row(table, 1), "+"))
    ui.tap(button(row(table, 1), "+"))
    ui.tap(button(row(table, 2), "+"))
    assert c.view["spellbook"] == [2, 1, 0]
    ui.tap(button(table.ids.table_actions, "Ready"))
    # the revealed card, picked from the timeline; the group's choice
    ui.tap(button(table.ids.table_actions, "Pick the card"))
    ui.tap(button(table.choice, "Rust Hound"))
    assert not table.choice.is_open and c.view["challenge"]["id"] == "rust-hound"
    ui.tap(button(table.ids.table_actions, "1. Hold the line"))
    assert c.view["phase"] == "challenge" and c.view["challenge"]["power"] == 14
    assert table.title_text == "Rust Hound" and table.big_number == "0 / 14"
    assert small_controls(ui.app.root) == []

    # seat 1's spell: the rune check refuses 3 runes where Cast was tapped; 2 runes pass
    ui.tap(button(row(table, 1), "Spell"))
    pad = table.spell
    assert pad.is_open and "10 of 10 time units left" in pad.detail
    for _ in range(4):
        ui.tap(pad.ids.cost.ids.plus)
    for _ in range(3):
        ui.tap(pad.ids.runes.ids.plus)
        ui.tap(pad.ids.bonus.ids.plus)
    assert pad.preview == "After this spell: 6 left"
    ui.tap(pad.ids.cast)
    assert "needs 3 runes" in ui.toast and "CM-5" in ui.toast and pad.is_open
    ui.tap(pad.ids.runes.ids.minus)
    ui.tap(pad.ids.cast)
    assert not pad.is_open and c.view["time_units_left"] == [6, 10, 10] and c.view["bonus"] == [3, 0, 0]
    assert "6/10 time" in table.rows[1].stats_text

    # seat 1's dice entered face by face: 2 and 5, challenge die 3
    ui.tap(button(row(table, 1), "Faces"))
    faces = table.faces
    assert faces.is_open and [g[1] for g in faces.groups] == [2, 1]
    ui.tap(button(faces, "Enter"))  # not all faces yet: nothing is sent
    assert faces.is_open and c.view["rolls"][0] is None
    for face in (5, 2, 3):
        tap_face(ui, faces, face)
    ui.tap(button(faces, "Enter"))
    assert not faces.is_open
    assert c.view["damage"] == {"seats": [12, None, None], "total": 12, "power": 14}
    tracker_shows(table, c.view)
    assert "[b]12[/b] = 7 on the dice + 3 spell + 2 runes" in row(table, 1).children[0].text
    assert "chart 3 Growl: no hit" in row(table, 1).children[0].text

    # seat 2 rolled by the referee from its row; seat 3 by the hardware dice button
    ui.tap(button(row(table, 2), "Roll for"))
    assert c.view["rolls"][1] is not None
    tracker_shows(table, c.view)
    before = c.view
    ui.app.hw.press()
    ui.frames(2)
    last = c.view["last_round"]
    seat3 = last["seats"][2]
    assert last["seats"][:2] == before["damage"]["seats"][:2] and last["total"] == before["damage"]["total"] + seat3
    # the round closed: the tracker keeps its damage (faded) until the next round's first roll
    assert [v for v, _ in table.ids.tracker.parts] == last["seats"] and table.ids.tracker.faded
    assert table.big_number == f"{last['total']} / 14"
    if last["success"]:
        assert c.view["challenge"]["round"] == 2 and "won" in table.tracker_line
    else:
        assert c.view["challenge"]["round"] == 1 and all(w["green"] >= 1 for w in c.view["weaknesses"])
        assert "failed" in table.tracker_line


def test_refusals_show_where_tapped_and_the_time_deck_counts_lost_challenges(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    assert table.deck_line == "Time deck 27\n6 lost challenges left" and table.deck_level == ""
    ui.app.hw.press()  # nothing to roll in the strategy phase
    ui.frames(1)
    assert "No dice to roll now" in ui.toast
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Pick the card"))
    ui.tap(button(table.choice, "Ember Wisp"))
    # the crisis: only blue's colour is printed (of orange and blue); the dice button rolls for seat 2
    assert table.names == ["Orange", "Blue"]  # the home screen's default names follow the Chronomage colours
    assert "Takes part: Blue\n" in table.tracker_line + "\n"
    assert "not printed" in row(table, 1).children[0].text
    ui.app.hw.press()
    ui.frames(1)
    assert c.view["phase"] == "challenge" and c.view["preemptive"]["rolls"][1] is not None
    crisis = c.view["preemptive"]["rolls"][1]  # the crisis roll and its result, told under the hint
    assert crisis is not None and "Blue rolls " in table.told_text and "against" in table.told_text
    assert "succeeds." in table.told_text or "fails." in table.told_text
    # seat 1 rolls; then its space may no longer change: refused beside the tapped space
    ui.tap(button(row(table, 1), "Roll for"))
    space = c.view["formation"][0]
    roll = c.view["rolls"][0]
    assert "Orange rolls " in table.told_text and f": {roll['result']} damage" in table.told_text
    ui.tap(table.ids.log)  # the whole game so far, the crisis roll in it
    assert any(t.startswith("Blue rolls ") and "against" in t for t in table._log_panel.texts())
    ui.tap(table._log_panel.ids.close)
    other = next(b for b in buttons(row(table, 1)) if b.text in ("1", "2", "3") and b.text != str(space))
    ui.tap(other)
    assert "already rolled" in ui.toast and "X-11" in ui.toast
    assert c.view["formation"][0] == space
    # declaring the challenge lost asks first, then costs two time cards a player
    deck = c.view["time_deck"]
    ui.tap(button(table.ids.table_actions, "Declare lost"))
    assert table.choice.is_open and "Every player draws 2 time cards: 4 of the" in table.choice.detail
    ui.tap(button(table.choice, "Declare it lost"))
    assert c.view["time_deck"] == deck - 4 and c.view["phase"] == "strategy"
    assert table.deck_line == f"Time deck {deck - 4}\n5 lost challenges left"
    # the next card drawn by the referee
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Draw the card"))
    assert c.view["challenge"] is not None and table.title_text.startswith(c.view["challenge"]["name"])


def test_four_players_in_a_monster_round_and_its_panels_keep_every_control_at_least_9_mm(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=4)
    assert small_controls(ui.app.root) == []
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Pick the card"))
    assert small_controls(ui.app.root) == []
    ui.tap(button(table.choice, "Rust Hound"))
    ui.tap(button(table.ids.table_actions, "1. "))
    assert ui.app.controller.view["phase"] == "challenge"
    assert small_controls(ui.app.root) == []
    ui.tap(button(row(table, 4), "Faces"))
    assert small_controls(ui.app.root) == []
    ui.tap(table.faces.ids.cancel)
    ui.tap(button(row(table, 4), "Spell"))
    assert small_controls(ui.app.root) == []
    ui.tap(table.spell.ids.cancel)
    assert not table.spell.is_open and not table.faces.is_open


def test_the_screenshot_shows_the_worked_monster_round_on_the_tracker(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    from pngcheck import read_png

    from companion.journal import Journal
    from ui.samples import sample_session

    session = sample_session(Journal(), GAME_ID)
    assert session.view(None)["damage"] == {"seats": [12, 6, None], "total": 18, "power": 14}
    out = tmp_path / "chronomage.png"
    env = dict(os.environ, KIVY_HOME=str(tmp_path / "kivy"), COMPANION_DATA=str(tmp_path / "data"))
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "screenshot", GAME_ID, str(out)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    w, h, colors = read_png(out)
    assert (w, h) == (800, 480) and len(colors) > 40


def tap_in_form(ui, form, widget):
    """Scroll the card form to `widget`, then tap it."""
    form.ids.scroll.scroll_to(widget, padding=0, animate=False)
    ui.frames(2)
    ui.tap(widget)


def test_a_monster_typed_at_the_table_is_fought_and_a_bad_field_is_refused_beside_it(ui, journal_path):
    table = start_chronomage(ui, journal_path)
    c = ui.app.controller
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Type a card"))
    form = table.card_form
    assert form.is_open and "phase I card" in form.detail and "3 players" in form.detail
    assert small_controls(ui.app.root) == []
    # no name yet: the library's check refuses it beside the name field, naming the card's field (CM-3)
    ui.tap(form.ids.reveal)
    assert "field 'name'" in ui.toast and "CM-3" in ui.toast and ui.app.toast._anchor is form.ids.name
    assert form.is_open and c.view["phase"] == "engagement"
    form.ids.name.text = "Iron Mole"  # the one field typed on the keyboard
    # a choice without options: refused beside the options row
    tap_in_form(ui, form, button(form.anchors["preemptive"], "Choice"))
    ui.tap(form.ids.reveal)
    assert "preemptive.options" in ui.toast and ui.app.toast._anchor is form.options_row
    tap_in_form(ui, form, button(form.anchors["preemptive"], "Crisis"))
    # resistance: orange rolls 2 dice; round 1: purple, power 22 for three players
    tap_in_form(ui, form, button(form.anchors["resistance"], "+"))
    tap_in_form(ui, form, button(form.anchors["rounds1"], "P"))
    for words in ("+5", "+5", "+", "+"):
        tap_in_form(ui, form, button(form.anchors["rounds1"], words))
    assert form.rounds == [{"color": "purple", "power": 22, "dice": 1}]
    # the attack chart: face 1 hits space 2 with a purple weakness
    tap_in_form(ui, form, button(form.anchors["chart1"], "2"))
    tap_in_form(ui, form, button(form.anchors["chart1"], "P"))
    assert form.chart[0] == {"spaces": [2], "weakness": ["purple"]}
    # saved to the table's own cards, to be picked in later games; a second save of the same id is refused
    from companion.games.chronomage.my_cards import load_cards
    ui.tap(form.ids.save)
    assert "Saved to my-cards.toml" in ui.toast and [c.name for c in load_cards()] == ["Iron Mole"]
    ui.tap(form.ids.save)
    assert "already saved" in ui.toast and ui.app.toast._anchor is form.ids.name and len(load_cards()) == 1
    ui.tap(form.ids.reveal)
    assert not form.is_open, ui.toast
    v = c.view
    assert (v["phase"], v["challenge"]["name"], v["challenge"]["power"], v["card"]["id"]) == \
        ("challenge", "Iron Mole", 22, "iron-mole")
    assert table.title_text.startswith("Iron Mole") and table.big_number == "0 / 22"
    # the journal holds the card itself
    assert c.session.last_action.startswith('reveal { id = "iron-mole", name = "Iron Mole", phase = 1')

    # the fight: orange enters 6 6 and challenge die 1 (space 2: a purple weakness), the others roll
    ui.tap(button(row(table, 1), "Faces"))
    assert [g[1] for g in table.faces.groups] == [2, 1]
    for face in (6, 6, 1):
        tap_face(ui, table.faces, face)
    ui.tap(button(table.faces, "Enter"))
    assert c.view["damage"]["seats"][0] == 12 and c.view["weaknesses"][0]["purple"] == 1
    tracker_shows(table, c.view)
    ui.tap(button(row(table, 2), "Roll for"))
    ui.app.hw.press()
    ui.frames(2)
    last = c.view["last_round"]
    assert last["power"] == 22 and last["seats"][0] == 12 and last["success"] == (last["total"] >= 22)
    assert c.view["phase"] == ("cleanup" if last["success"] else "challenge")


def test_a_lost_timeline_is_worded_from_its_termination_code_and_every_code_has_its_sentence(ui, journal_path):
    from test_chronomage_referee import next_action

    from companion.games.chronomage import GAME
    from ui.games.chronomage.text import ENDINGS
    assert set(ENDINGS) == set(GAME.terminations)
    table = start_chronomage(ui, journal_path, players=1)
    c = ui.app.controller
    for _ in range(3000):  # the table gives every challenge up
        if c.outcome() is not None:
            break
        assert c.play(next_action(c.session.state.to_dict(), c.view, losing=True)) is None
    ui.frames(2)
    outcome = c.outcome()
    assert outcome is not None and table.banner == "defeat"
    assert ENDINGS[outcome.termination] in table.tracker_line


def test_CM_10_an_early_boss_typed_in_phase_III_with_the_boss_toggle_is_beaten_and_the_timeline_is_won(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=1)
    c = ui.app.controller
    for _ in range(400):  # ten challenges won by entered dice (not what this test checks)
        if len(c.session.state.done) == 10:
            break
        st = c.session.state
        text = {"strategy": "ready", "cleanup": f"{st.step} 1"}.get(st.phase)
        if st.phase == "engagement" and st.step == "reveal":
            text = f"reveal {st.revealable()[0]}"
        elif st.phase == "engagement":
            p = st.card.preemptive
            text = ("choose 1" if p.all else f"choose {st.to_choose()[0]} 1") if p.kind == "choice" else \
                "exploit no" if p.kind == "exploit" and st.preemptive.attempt is None else f"dice {st.to_roll()[0]} 6 6 6"
        elif st.phase == "challenge":
            text = f"dice 1 {' '.join(['6'] * st.own_dice(1))} / {' '.join(['3'] * st.round_info().dice)}"
        assert c.play(text) is None, text
    ui.frames(2)
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Type a card"))
    form = table.card_form
    assert "phase III card, the boss or not" in form.detail
    form.ids.name.text = "Early Tyrant"
    form.rounds[0]["power"] = 6  # (the power stepper's touches are the other typed-card test's)
    ui.tap(button(form.ids.kind_box, "Boss"))
    assert form.boss and form.card()["boss"] is True
    ui.tap(form.ids.reveal)
    assert not form.is_open, ui.toast
    assert c.view["challenge"]["boss"] and c.view["challenge"]["name"] == "Early Tyrant"
    assert c.play(f"dice 1 {' '.join(['6'] * c.session.state.own_dice(1))} / 3") is None
    for _ in range(2):
        if c.outcome() is None:
            assert c.play(f"{c.session.state.step} 1") is None
    ui.frames(2)
    assert c.outcome().termination == "boss-defeated" and table.banner == "victory"
