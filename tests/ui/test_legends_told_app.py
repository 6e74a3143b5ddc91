"""Legends: no change resolved off-screen (issue 28). Whoever makes the last pick of a sequence (the table's
curtain, a phone, the computer), the table plays the exchanges back step by step in the events' own
words and board steps, exactly as after a pick on the touchscreen; an undo tells the steps that put the
cardboard back."""
from __future__ import annotations

import pytest
from test_legends_app import GAME_ID, pick_behind_curtain, play_back, start_legends

from companion.games.legends.actions import Pick


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def assert_played_back_like_the_table(ui, before_sequence):
    """The reveal of exchange 1 is on screen as a playback, not jumped over."""
    table, c = ui.table, ui.app.controller
    ui.frames(2)
    assert table.mode == "steps", (table.mode, c.view.get("sequence"), c.view.get("exchange"))
    assert table.step_count.startswith("Step 1 of ")
    assert f"Sequence {before_sequence}, exchange 1: " in table.step_text
    texts = play_back(ui)
    assert any("Board:" in t for t in texts)  # what to do on the physical board, step by step
    return texts


def test_the_last_pick_from_a_phone_is_played_back_on_the_table(ui, journal_path):
    table = start_legends(ui, journal_path)
    c = ui.app.controller
    pick_behind_curtain(ui, 1, ["step", "punch", "back"])
    # the phone's play comes the way the phone hub sends it: through the controller, for its seat
    assert c.play(Pick(2, ("step", "smash", "defensive-pivot")), 2) is None
    assert_played_back_like_the_table(ui, 1)


def test_a_pick_confirmed_behind_the_curtain_is_played_back_from_the_first_exchange(ui, journal_path):
    table = start_legends(ui, journal_path)
    c = ui.app.controller
    assert c.play(Pick(1, ("step", "punch", "back")), 1) is None  # the other seat picked (on a phone)
    pick_behind_curtain(ui, 2, ["step", "smash", "defensive-pivot"])  # "Confirm my 3 cards"
    texts = assert_played_back_like_the_table(ui, 1)
    assert c.view["exchange"] >= 1 and texts


def test_exchanges_the_computer_resolves_are_played_back_on_the_table(ui, journal_path):
    """After the reveal the computer answers its own card panels; an answer that resolves the rest of an
    exchange and reveals the next is played back on the table like any other."""
    from test_legends_app import answer
    ui.start(journal_path)
    table = ui.start_game(2, GAME_ID, cards="digital", mode="teams", opponent="random")
    c = ui.app.controller
    person = next(s for s in c.seats if s not in c.computers)
    changes = []  # (by the computer, the reveals the change told)
    c.bind(last_events=lambda _c, ev: changes.append((c.computer_moving, [e["text"] for e in ev if e["type"] == "reveal"])))
    assert ui.until(lambda: not c.thinking and table.mode == "pick", 30)
    pick_behind_curtain(ui, person, ["step", "punch", "back"])
    shown = []
    while c.view.get("sequence") == 1 and c.outcome() is None:
        if table.mode == "steps":
            shown += play_back(ui)
        elif table.mode == "choice" and c.view["ask"]["seat"] == person:
            answer(ui)
        else:
            assert ui.until(lambda: table.mode == "steps" or not c.thinking, 30)
            ui.frames(2)
    reveals = [text for _by, texts in changes for text in texts]
    missing = [r for r in reveals if not any(r in s for s in shown)]
    assert len(reveals) >= 2 and not missing, (missing, changes, shown[:6])
    assert any(by and texts for by, texts in changes), "no exchange was revealed by the computer's answer"


def test_an_undo_of_a_choice_tells_the_board_steps_that_put_the_cardboard_back(ui, journal_path):
    table = start_legends(ui, journal_path, cards="physical")
    c = ui.app.controller
    from test_legends_app import button
    ui.tap(button(table, "Wind Up"))
    ui.tap(button(table, "Step"))
    play_back(ui)
    assert table.mode == "choice"
    ui.tap(button(table, "push"))
    ui.tap(button(table, "Fitz"))
    ui.tap(button(table, "right"))
    ui.tap(button(table, "Back"))
    ui.tap(button(table, "left"))
    ui.tap(button(table, "1"))
    assert "Board:[/b] Put 1 Push token pointing left on" in table.told_text
    ui.tap(table.ids.undo)
    assert table.mode != "steps"  # an undo is told whole, not played back
    assert "Taken back: " in table.told_text and "Board:[/b] Take 1 Push token pointing left off" in table.told_text
