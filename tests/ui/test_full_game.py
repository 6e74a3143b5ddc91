"""A 3-player game played to a winner with the app's controls alone: dice button, cards, end turn.

The table corrects the runners to near the goal first (ALL-3), so the game ends in a few turns."""
from __future__ import annotations

from test_table import finish_roll_off, play_first_card

from ui.games.time_runners.screen import ROLL_STEPS


def test_three_players_reach_a_winner_through_the_ui(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui)
    c = ui.app.controller
    assert c.load(dict(c.session.full_state(), positions=[50, 52, 54])) is None
    assert c.view["positions"] == [50, 52, 54]
    turns = 0
    while c.view["phase"] != "over":
        assert turns < 300, "no winner after 300 turns"
        v = c.view
        if c.view["next"] in ROLL_STEPS:
            ui.dice()
        elif v["cards_counted"] == 0 and v["hand_sizes"][v["current"] - 1]:
            play_first_card(ui, v["current"])
        else:
            ui.tap(table.ids.end_turn)
            turns += 1
        assert not ui.toast, ui.toast
    winner = c.view["winner"]
    assert c.session.outcome().winners == (winner,)
    assert table.banner_mode == "over" and table.banner_text == f"{c.name(winner)} wins the race!"
    assert table.hint_text == f"{c.name(winner)} wins the race!"
    ui.dice()
    assert "game is over" in ui.toast
    # a finished game is not offered for resuming
    ui.tap(table.ids.home)
    assert ui.app.home.resume_text == "" and not ui.app.home.ids.sessions.children
