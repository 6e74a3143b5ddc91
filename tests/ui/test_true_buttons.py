"""Buttons tell the truth: a button looks able exactly when pressing it would do something. Undo and Redo
that cannot act look so and a tap on them says why, with the rule ("There is nothing to redo."); so does
Hint when there is no move to suggest."""
from __future__ import annotations

import random

import pytest

from test_table import finish_roll_off, play_first_card


def centre(widget):
    return widget.to_window(*widget.center)


def play_randomly_until(ui, condition, seed=1, limit=600):
    c, rng = ui.app.controller, random.Random(seed)
    for _ in range(limit):
        if condition():
            break
        legal = c.actions
        assert legal and c.outcome() is None, "the game ended first"
        assert c.play(rng.choice(legal)) is None
    ui.frames(2)
    assert condition()


def test_redo_is_enabled_exactly_when_an_undone_action_waits(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    c = ui.app.controller
    assert table.ids.redo.dim and not c.can_redo
    ui.tap_at(*centre(table.ids.redo))
    assert "nothing to redo" in ui.toast and "protocol/redo" in ui.toast and not c.can_redo  # nothing happened: why
    finish_roll_off(ui)
    ui.dice()
    assert table.ids.redo.dim
    play_first_card(ui, c.view["current"])
    assert table.ids.redo.dim
    ui.tap(table.ids.undo)
    assert c.can_redo and not table.ids.redo.dim
    ui.tap(table.ids.redo)
    assert not c.can_redo and table.ids.redo.dim


def test_chronomage_redo_looks_unable_at_who_takes_the_time_card_and_says_why(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3, "chronomage")
    c = ui.app.controller
    play_randomly_until(ui, lambda: c.view.get("phase") == "cleanup")
    assert table.hint_line.startswith("Who takes the") and not c.can_redo
    assert table.ids.redo.dim
    ui.tap_at(*centre(table.ids.redo))
    assert "nothing to redo" in ui.toast and "protocol/redo" in ui.toast


def test_block_arena_hint_looks_unable_once_the_game_is_over_and_a_tap_says_why(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(None, "block-arena")
    c = ui.app.controller
    assert not table.ids.hint.dim and table.ids.hint.opacity == 1  # someone to suggest a move to
    play_randomly_until(ui, lambda: c.outcome() is not None, seed=3, limit=3000)
    assert table.ids.hint.dim
    ui.tap_at(*centre(table.ids.hint))
    assert "The game is over" in ui.toast and "protocol/hint" in ui.toast
    assert "suggests" not in ui.toast and "thinking" not in ui.toast


def test_a_button_that_cannot_act_now_looks_unlike_one_that_can_not_only_by_its_text(ui, journal_path):
    """Redo with nothing to redo (and Undo after a die roll) is an outline on the table's ground; Home is filled."""
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    ui.frames(2)
    redo, home = table.ids.redo, table.ids.home
    assert redo.dim and not home.disabled
    image = ui.app.root.export_as_image().texture
    pixels, (width, height) = image.pixels, image.size

    def pixel(widget, at):
        x, y = (int(v) for v in widget.to_window(widget.x + at, widget.center_y))
        i = ((height - 1 - y) * width + x) * 4  # the image's rows run from the top
        return tuple(pixels[i:i + 3])

    inside, margin = redo.width * 0.12, 1  # left of the words; in the 2 dp margin around the button's box
    assert pixel(redo, inside) == pixel(redo, margin)  # no fill of its own: the ground shows through
    assert pixel(home, inside) != pixel(home, margin)  # filled


@pytest.mark.parametrize("game_id", ["time-runners", "legends-of-the-arena", "chronomage", "block-arena"])
def test_every_table_s_undo_and_redo_follow_its_own_screen(ui, journal_path, game_id):
    """One kv rule each draws Undo and Redo on every table (ui/kv/widgets.kv), bound to the screen that
    places them: they change with what undo and redo can do there, and a tap undoes and redoes."""
    ui.start(journal_path)
    table = ui.start_game(None, game_id)
    c = ui.app.controller
    undo, redo = table.ids.undo, table.ids.redo
    assert undo.dim and not c.can_undo and redo.dim
    play_randomly_until(ui, lambda: c.can_undo)
    assert not undo.dim and redo.dim
    ui.tap(undo)
    assert c.can_redo and not redo.dim
    ui.tap(redo)
    assert not c.can_redo and redo.dim and not undo.dim


def test_hint_looks_unable_while_the_companion_chooses_its_move_and_a_tap_says_why(ui, journal_path, monkeypatch):
    """The companion is choosing (its player waits on an event here, so the test holds that moment): Hint
    looks so and a tap says why, with its rule; once the companion has played, Hint suggests again."""
    import threading

    from companion.core import ComputerPlayer
    from companion.games import REGISTRY
    from test_refusals_read import refused_with_rule

    game, go = REGISTRY["block-arena"], threading.Event()
    level = next(iter(game.computer_players))
    real = game.computer_players[level]

    class Held(ComputerPlayer):
        def choose(self, state, seat, rng, seconds):
            go.wait(60)
            return real().choose(state, seat, rng, 0.05)

    monkeypatch.setitem(game.computer_players, level, Held)
    ui.start(journal_path)
    table = ui.start_game(None, "block-arena", opponent=level)
    c = ui.app.controller
    assert not table.ids.hint.dim
    assert c.play(c.actions_for(1)[0]) is None
    ui.frames(2)
    assert c.thinking
    refused_with_rule(ui, table.ids.hint, "The companion is choosing its own move")
    go.set()
    assert ui.until(lambda: not c.thinking and 1 in c.session.turn().seats, 30)
    ui.frames(2)
    assert not table.ids.hint.dim
