"""A 3-player Time Runners table driven through the app's own controls, as players would."""
from __future__ import annotations

import math

from companion import games
from ui import palette


def finish_roll_off(ui):
    for _ in range(30):
        if ui.app.controller.view["phase"] != "roll-off":
            return
        ui.dice()
        view = ui.app.controller.view
        if view["phase"] == "roll-off":  # the latest roll is on the screen, with who rolled it
            rolls = view["roll_off"]["rolls"]
            assert ui.table.roll_text.startswith("Roll-off: ") and (not rolls or str(rolls[-1]) in ui.table.roll_text)
        else:
            assert ui.table.turn_text == f"Turn 1: {ui.app.controller.name(view['current'])}"
    raise AssertionError("the roll-off did not finish")


def play_first_card(ui, seat):
    """Open `seat`'s hand and tap the first highlighted card (no-argument cards first), answering pickers."""
    curtain = ui.open_hand(seat)
    cards = [b for b in ui.card_buttons() if tuple(b.bg) == tuple(palette.ACCENT)]
    assert cards, "no playable card highlighted"
    cards.sort(key=lambda b: b.code.rstrip("!") in ("set", "swap"))
    code = cards[0].code
    ui.tap(cards[0])
    if curtain.mode == "hour":
        ui.tap(list(reversed(curtain.ids.hours.children))[0])
    elif curtain.mode == "target":
        ui.tap(list(reversed(curtain.ids.targets.children))[0])
    assert curtain.mode == "hand"
    ui.tap(curtain.ids.hide)
    assert not curtain.is_open
    return code


def dial_point(face, hour):
    a = math.pi / 2 - 2 * math.pi * hour / 12
    r = face.radius * 0.4
    return face.to_window(face.center_x + r * math.cos(a), face.center_y + r * math.sin(a))


def test_start_roll_play_undo_redo(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    c = ui.app.controller
    assert c.view["players"] == 3 and c.names == ["Red", "Blue", "Green"]
    assert "press the dice button" in table.hint_text
    finish_roll_off(ui)
    assert c.view["phase"] == "roll"
    who = c.name(c.view["current"])
    assert table.hint_text == f"{who}: press the dice button"

    ui.dice()  # the emulated dice button -> EmulatedBackend.press() -> DicePressed -> roll
    v = c.view
    assert v["phase"] == "cards"
    assert table.roll_text == f"{who} rolled {v['last_roll']['value']}"
    assert table.ids.roll.text == table.roll_text and table.ids.die.value == v["last_roll"]["value"]
    assert table.hint_text == f"{who}: play at least one card"
    assert f"{who} rolls {v['last_roll']['value']}." in table.told_text  # the events' words, under the table
    if v["last_roll"]["from"] != v["last_roll"]["to"]:  # and the runner's move as a board step
        assert f"Board:[/b] Move {who}'s runner from" in table.told_text

    # a second press is not a roll: the table is waiting for cards
    ui.dice()
    assert "No roll now" in ui.toast and c.view["phase"] == "cards"

    # ending the turn before a card: the engine's reason, next to the button
    ui.tap(table.ids.end_turn)
    assert "TR-13" in ui.toast and "at least one card" in ui.toast
    assert c.view["current"] == v["current"]

    discard = v["discard_count"]
    play_first_card(ui, v["current"])
    assert c.view["discard_count"] == discard + 1
    assert table.piles_text.endswith(f"Discard {discard + 1}")

    assert c.can_undo
    ui.tap(table.ids.undo)
    assert c.view["discard_count"] == discard and c.can_redo
    ui.tap(table.ids.redo)
    assert c.view["discard_count"] == discard + 1
    ui.tap(table.ids.undo)
    ui.tap(table.ids.undo)  # the roll is a barrier: the refusal says why
    assert "ALL-2" in ui.toast and "die roll" in ui.toast
    assert c.view["phase"] == "cards"
    ui.tap(table.ids.redo)

    ui.tap(table.ids.end_turn)
    assert c.view["current"] == v["current"] % 3 + 1 and c.view["phase"] == "roll"


def test_hidden_hand_only_behind_the_curtain(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    c = ui.app.controller
    ui.tap(ui.seat_button(2))
    curtain = table.curtain
    assert curtain.is_open and curtain.mode == "pass" and curtain.cards == []
    assert "Hand the screen to Blue" in curtain.ids.reveal.text
    ui.tap(curtain.ids.reveal)
    assert curtain.cards == c.seat_view(2)["hand"] and len(curtain.cards) == 6
    assert [b.code for b in ui.card_buttons()] == curtain.cards
    # a tap anywhere keeps it open; the timer hides it again (driven here by hand: the curtain's own
    # one-second clock, stopped, would add a tick whenever this test runs slower than that)
    curtain._timer.cancel()
    for _ in range(19):
        curtain.tick(1)
    assert curtain.is_open
    ui.tap(curtain.ids.cards)  # touching resets the timer
    for _ in range(19):
        curtain.tick(1)
    assert curtain.is_open
    curtain.tick(1)
    assert not curtain.is_open and curtain.cards == []
    # Blue plays an instant out of turn when there is one; a normal card is refused with its reason
    ui.open_hand(2)
    buttons = ui.card_buttons()
    normal = [b for b in buttons if not b.code.endswith("!") and b.code not in ("set", "swap")]
    if normal:
        ui.tap(normal[0])
        assert "TR-16" in ui.toast
    ui.tap(curtain.ids.hide)


def test_hand_out_of_sync_banner_and_sensor_override(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    c = ui.app.controller
    face = table.ids.face
    hour = c.view["hour"]
    wrong = hour % 12 + 3
    ui.tap_at(*dial_point(face, wrong))  # drag/tap the emulated physical hand
    assert ui.app.hw.hand == wrong and face.sensed == wrong
    assert table.banner_mode == "sync" and table.banner_text.startswith(f"Turn the hand to {hour}")
    assert table.hint_text.startswith(f"Turn the hand to {hour}")

    ui.dice()
    assert c.view["phase"] == "roll"
    assert "time-runners/hand-out-of-sync" in ui.toast and f"to {hour}" in ui.toast

    # keys drive the same emulated hand: '-' is 11, '=' is 12, arrows step
    ui.window.dispatch("on_key_down", ord("-"), 0, "-", [])
    assert ui.app.hw.hand == 11
    ui.window.dispatch("on_key_down", 276, 0, None, [])
    assert ui.app.hw.hand == 10

    # the override is a journaled action, and there is a way back
    ui.tap(table.ids.sensor_button)
    assert c.session.last_action == "sensor off" and table.banner_mode == "off"
    ui.tap(table.ids.sensor_button)
    assert c.session.last_action == "sensor on" and table.banner_mode == "sync"

    ui.tap_at(*dial_point(face, hour))
    assert table.banner_mode == "" and face.sensed == hour
    ui.window.dispatch("on_key_down", 32, 0, " ", [])  # space: the dice button
    assert c.view["phase"] in ("cards", "over")


def test_quit_and_resume_exactly_there(ui, journal_path):
    ui.start(journal_path)
    ui.start_game(3)
    finish_roll_off(ui)
    ui.dice()
    c = ui.app.controller
    play_first_card(ui, c.view["current"])
    before = {s: c.seat_view(s) for s in (None, 1, 2, 3)}
    actions = c.session.head
    ui.stop()  # the app goes away; every action was already journaled

    ui.start(journal_path)
    home = ui.app.home
    rows = home.ids.sessions.children
    assert len(rows) == 1
    assert "Red, Blue, Green" in rows[0].text and f"{actions} actions" in rows[0].text
    assert f"{c.name(before[None]['current'])}'s turn" in rows[0].text
    assert "Resume last game" in home.resume_text
    ui.tap(home.ids.resume_last)
    c2 = ui.app.controller
    assert c2 is not c and ui.app.sm.current == "time-runners"
    assert {s: c2.seat_view(s) for s in (None, 1, 2, 3)} == before
    assert ui.table.hint_text.endswith("play more cards or end the turn")


def test_greyed_coming_games_and_player_count(ui, journal_path):
    from ui.screens.table import has_screen
    ui.start(journal_path)
    home = ui.app.home
    by_id = {b.game_id: b for b in home.ids.games.children}
    assert set(by_id) == set(games.REGISTRY)
    assert not by_id["time-runners"].disabled
    for game_id, cls in games.REGISTRY.items():  # a game without a table screen yet is greyed, not hidden
        assert by_id[game_id].disabled == (not has_screen(cls))
        assert ("coming" in by_id[game_id].text) == (not has_screen(cls))
    for _ in range(6):
        if not home.ids.more.disabled:
            ui.tap(home.ids.more)
    assert home.players == 6 and home.ids.more.disabled
    assert len(home.ids.seats.children) == 6
    row = list(reversed(home.ids.seats.children))[0]
    ui.tap(row.ids.color)  # red -> blue; Blue's row takes red
    assert home.table()["colors"][:2] == ["blue", "red"]
    assert home.table()["names"][:2] == ["Blue", "Red"]
