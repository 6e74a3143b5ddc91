"""A refusal stays until it is read (the next change of the table, or a tap elsewhere), lies over no
button, and opens its rule when tapped; Undo and Redo behave alike in all four games: one that cannot act
looks so, and a tap on it says why, with the rule (real app, offscreen Kivy)."""
from __future__ import annotations

import pytest
from kivy.uix.behaviors import ButtonBehavior

GAMES = ["time-runners", "legends-of-the-arena", "chronomage", "block-arena"]


def shown_buttons(ui) -> list:
    """Every button a finger could see, with its window rectangle (a panel in the overlay hides the screen)."""
    overlay = ui.app.overlay
    panels = [w for w in overlay.children if w is not ui.app.toast]
    found = []
    for root in panels or [ui.app.sm]:
        for w in root.walk(restrict=True):
            chain, seen = w, True
            while chain is not None and chain is not root.parent:
                seen = seen and chain.opacity > 0 and chain.width > 1 and chain.height > 1
                chain = chain.parent
            if isinstance(w, ButtonBehavior) and seen:
                found.append((w, (*w.to_window(w.x, w.y), w.width, w.height)))
    return found


def covers_no_button(ui) -> None:
    t = ui.app.toast
    for w, (x, y, width, height) in shown_buttons(ui):
        assert not (t.x < x + width and x < t.right and t.y < y + height and y < t.top), \
            f"the note {t.text!r} lies over {getattr(w, 'text', w)!r}"


def refused_with_rule(ui, button, words: str = "") -> None:
    """The button looks unable, still takes a tap, and says why, citing a rule whose sentence opens from it."""
    assert button.dim and not button.disabled
    ui.tap(button)
    toast, said = ui.app.toast, ui.toast
    assert words in said and said.endswith(")") and toast.sticky, said  # "... (rule)"; no timer takes it unread
    covers_no_button(ui)
    ui.tap(toast)
    rule = said.rsplit("(", 1)[1].rstrip(")")
    assert ui.toast.startswith(said + "\n\n" + rule + ": ") and toast.sticky, ui.toast
    covers_no_button(ui)


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_and_redo_that_cannot_act_look_so_and_a_tap_says_why_with_the_rule(ui, journal_path, game_id):
    ui.start(journal_path)
    table = ui.start_game(2, game_id)
    refused_with_rule(ui, table.ids.undo)  # nothing to undo, or the game's own stop (a roll, a deal)
    refused_with_rule(ui, table.ids.redo, "nothing to redo")
    c = ui.app.controller
    c.play(c.actions[0])  # the next change: the refusal said before it goes
    ui.frames(2)
    assert ui.toast == ""
    assert not table.ids.undo.dim or not c.can_undo


@pytest.mark.parametrize("game_id", GAMES)
def test_a_refusal_stays_until_a_tap_elsewhere(ui, journal_path, game_id):
    ui.start(journal_path)
    table = ui.start_game(2, game_id)
    ui.tap(table.ids.redo)
    assert "nothing to redo" in ui.toast
    ui.frames(30)
    assert "nothing to redo" in ui.toast
    ui.tap_at(2, 2)  # a corner with nothing in it
    assert ui.toast == ""
