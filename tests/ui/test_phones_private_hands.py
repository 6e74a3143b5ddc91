"""Phones as private hands only where a game keeps something secret: Block Arena and Chronomage (perfect
information) offer phones to play from, never hands kept off the screen (real app, offscreen Kivy)."""
from __future__ import annotations

import pytest

from companion import games
from companion.core import PERFECT
from kivy.uix.label import Label

from test_phones_app import phones_on, started  # noqa: F401  (the fixture, and an app whose phones run)


def words(widget) -> str:
    return " ".join(w.text for w in widget.walk() if isinstance(w, Label))


@pytest.mark.parametrize("game_id", ["block-arena", "chronomage", "time-runners", "legends-of-the-arena"])
def test_a_game_with_nothing_secret_offers_no_private_hands(ui, journal_path, phones_on, game_id):  # noqa: F811
    started(ui, journal_path)
    table = ui.start_game(2, game_id)
    ui.tap(table.ids.phones)
    ui.frames(2)
    panel = table._phones_panel
    said = words(panel).lower()
    secret = games.REGISTRY[game_id].type.information != PERFECT
    assert ("private hand" in said) == secret and ("off this screen" in said) == secret, said
    assert "phone" in said and ("secret" in said) != secret, said  # the perfect ones say why nothing is hidden
    ui.tap(list(reversed(panel.ids.seats.children))[0])
    assert "'s hand" not in words(panel.curtain)  # the link's curtain promises no hand either
