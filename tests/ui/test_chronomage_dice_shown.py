"""CM: after "Roll for <colour>" the row shows the faces the referee rolled next to the total they make,
so the table can copy them onto the physical dice and check the sum."""
from __future__ import annotations

from test_chronomage_app import button, row

from companion.session import Session
from ui.samples import CHRONOMAGE_ACTIONS as SAMPLE_ACTIONS, CHRONOMAGE_TABLE as SAMPLE_TABLE


def rolled_words(faces):
    return f"rolled {', '.join(map(str, faces[:-1]))} and {faces[-1]}" if len(faces) > 1 else f"rolled {faces[0]}"


def test_roll_for_a_player_shows_the_rolled_faces_beside_the_total(ui, journal_path):
    app = ui.start(journal_path)
    session = Session.start(app.journal, "chronomage", 3, seed="demo", table=SAMPLE_TABLE)
    for action in SAMPLE_ACTIONS[:-1]:  # mid-round: Ada rolled (faces 2 and 5); Bram and Cleo still to roll
        session.play(action)
    app.resume(session.id)
    ui.frames(3)
    table, c = ui.table, ui.app.controller
    assert c.view["rolls"][1] is None
    assert "[b]12[/b] = 7 on the dice + 3 spell + 2 runes · rolled 2 and 5 · chart 3" in row(table, 1).children[0].text
    ui.tap(button(row(table, 2), "Roll for"))
    roll = c.view["rolls"][1]
    assert roll is not None
    text = row(table, 2).children[0].text
    total, words = f"[b]{roll['result']}[/b]", rolled_words(roll["dice"])
    assert total in text and words in text and text.index(total) < text.index(words) < text.index("chart")


def test_a_player_rolling_one_die_is_not_told_of_dice():
    """"4 = 2 dice + 2 runes" read as two dice for a player who rolled one: the sum is "on the die"."""
    from ui.games.chronomage.text import roll_text
    view = {"challenge": {"type": "monster"}, "bonus": [0], "spellbook": [2], "card": {"chart": []},
            "rolls": [{"dice": [2], "result": 4, "challenge": [], "hits": []}]}
    assert roll_text(view, 1).startswith("[b]4[/b] = 2 on the die + 2 runes · rolled 2")
    view["spellbook"], view["rolls"][0]["result"] = [0], 2
    assert roll_text(view, 1).startswith("[b]2[/b] on the die · ")
