"""Legends of the Arena in the app, by touches only: a 1v1 sequence picked behind the curtain and
played back step by step, a physical-cards exchange entered with one tap per seat, the card panel
answered word by word, and the steps the screen tells from the engine's events."""
from __future__ import annotations

import pytest
from test_touch_targets import small_controls

from companion.games.legends import GAME as Legends
from companion.games.legends.actions import parse_action
from companion.games.legends.choices import next_words, question
from ui.games.legends.steps import ENDINGS, ending_text, steps_of
from ui.widgets.common import FlatButton

GAME_ID = "legends-of-the-arena"


@pytest.fixture(autouse=True)
def _no_typed_values(tmp_path, monkeypatch):
    """The app here plays the package files' values, whatever this machine's data directory holds (LA-3)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))


def start_legends(ui, journal_path, cards="digital"):
    ui.start(journal_path)
    return ui.start_game(2, GAME_ID, cards=cards, mode="teams")


def action_buttons(table):
    """The buttons of the action area, row by row, left to right."""
    return [w for row in reversed(table.ids.buttons.children) for w in reversed(row.children) if isinstance(w, FlatButton)]


def button(table, starts):
    found = [b for b in action_buttons(table) if b.text.startswith(starts)]
    assert found, f"no button {starts!r} in {[b.text for b in action_buttons(table)]}"
    return found[0]


def pick_behind_curtain(ui, seat, cards):
    table, c = ui.table, ui.app.controller
    assert table.mode == "pick"
    ui.tap(button(table, f"[b]{c.name(seat)}[/b]"))
    curtain = table.curtain
    assert curtain.is_open and curtain.mode == "pass" and not curtain.ids.cards.children  # nothing shown yet
    ui.tap(curtain.ids.reveal)
    assert curtain.mode == "pick"
    shown = [b.code for b in reversed(curtain.ids.cards.children)]
    assert shown == c.seat_view(seat)["hand"]  # this seat's own hand, from its own view
    for code in cards:
        ui.tap(next(b for b in curtain.ids.cards.children if b.code == code))
    assert curtain.chosen == list(cards)
    ui.tap(curtain.ids.confirm)
    assert not curtain.is_open and not curtain.ids.cards.children  # hidden again, nothing left behind
    assert not ui.toast, ui.toast


def play_back(ui):
    """Tap "Next step" through the playback; the texts shown, in order."""
    table, texts = ui.table, []
    while table.mode == "steps":
        texts.append(table.step_text)
        ui.tap(table.ids.next)
        assert len(texts) < 200
    return texts


def answer(ui):
    """Answer a choice with the first option offered, word by word."""
    table = ui.table
    while table.mode == "choice":
        ui.tap(action_buttons(table)[0])
        assert not ui.toast, ui.toast


def test_a_1v1_sequence_picked_behind_the_curtain_and_played_back_step_by_step(ui, journal_path):
    table = start_legends(ui, journal_path)
    c = ui.app.controller
    assert table.mode == "pick" and c.view["sequence"] == 1
    assert small_controls(ui.app.root) == []
    pick_behind_curtain(ui, 1, ["step", "punch", "back"])
    assert table.mode == "pick" and c.view["picked"] == [1]
    # a tap under the closed curtain reaches the table; while it is open it cannot
    ui.tap(button(table, f"[b]{c.name(2)}[/b]"))
    assert table.curtain.mode == "pass" and small_controls(ui.app.root) == []
    ui.tap_at(*table.ids.home.to_window(*table.ids.home.center))
    assert ui.app.sm.current == GAME_ID and table.curtain.is_open  # the curtain took the tap
    ui.tap(table.curtain.ids.not_now if table.curtain.mode == "pass" else table.curtain.ids.hide)
    assert not table.curtain.is_open
    pick_behind_curtain(ui, 2, ["step", "smash", "defensive-pivot"])

    # the last pick revealed exchange 1; the resolution is shown a step at a time
    shown = []
    while table.mode != "pick":
        if table.mode == "steps":
            assert small_controls(ui.app.root) == []
            shown += play_back(ui)
        elif table.mode == "choice":
            assert small_controls(ui.app.root) == []
            answer(ui)
            if table.mode != "steps":
                shown.append(table.told_text)  # a single step is not played back, only told
        else:
            raise AssertionError(f"stuck in {table.mode}: {table.prompt_text}")
    text = "\n".join(shown)
    for line in ("exchange 1", "plays Step", "exchange 2", "strikes", "exchange 3"):
        assert line in text, line
    assert "Sequence 1 ends" in text
    assert table.mode == "pick" and c.view["sequence"] == 2 and c.view["picked"] == []
    # the Arena shows the engine's view once the playback is over
    chips = [w for cell in table.ids.arena.cells for w in cell.ids.stack.children if hasattr(w, "facing")]
    assert sorted((ch.facing, cell.index) for cell in table.ids.arena.cells for ch in cell.ids.stack.children
                  if hasattr(ch, "facing")) == sorted((lg["facing"], lg["space"]) for lg in c.view["legends"])
    assert len(chips) == 2


def test_run_and_skip_and_undo_stops_at_the_reveal(ui, journal_path):
    table = start_legends(ui, journal_path)
    c = ui.app.controller
    pick_behind_curtain(ui, 1, ["step", "dive", "defensive-pivot"])
    pick_behind_curtain(ui, 2, ["back", "dive", "defensive-pivot"])
    assert table.mode == "steps" and table.step_count.startswith("Step 1 of ")
    ui.tap(table.ids.run)
    assert table.running
    ui.tap(table.ids.skip)
    assert not table.running and table.mode != "steps" and table.told_text
    ui.tap(table.ids.undo)
    assert "Undo stops at a reveal" in ui.toast


def test_physical_cards_one_tap_per_seat_and_the_card_panel_word_by_word(ui, journal_path):
    table = start_legends(ui, journal_path, cards="physical")
    c = ui.app.controller
    assert table.mode == "reveal"
    assert [b.text for b in action_buttons(table)][:7] == ["Step", "Dive", "Pivot", "Back", "Shot", "Smash", "Punch"]
    assert small_controls(ui.app.root) == []
    ui.tap(button(table, "Wind Up"))  # Red's row first
    assert c.view["revealed"] == {"1": "wind-up"} and table.mode == "reveal"
    ui.tap(button(table, "Step"))  # now Blue's row
    assert c.view["revealed"] == {"1": "wind-up", "2": "step"}
    play_back(ui)
    assert table.mode == "choice" and "card panel" in table.prompt_text
    ui.tap(button(table, "push"))
    assert "which Legend" in table.prompt_text
    ui.tap(button(table, "Fitz"))
    ui.tap(button(table, "right"))
    assert "how many tokens" in table.prompt_text and small_controls(ui.app.root) == []
    ui.tap(button(table, "Back"))
    ui.tap(button(table, "left"))
    ui.tap(button(table, "1"))
    assert c.view["legends"][1]["tokens"] == {"left": 1, "right": 0}
    ui.tap(button(table, "card done"))
    play_back(ui)
    assert c.view["exchange"] == 2 and table.mode == "reveal"


# -- the wording, without the app --------------------------------------------------------------------

def test_the_steps_follow_the_engines_events_and_end_on_its_view():
    game = Legends(2, {"cards": "physical"})
    from companion.testing.legends_fixtures import table_dict
    st = game.state_from_dict(table_dict(game, spaces=[3, 3], facing=["right", "left"], fatigue=[0, 6]))
    before = st.view(None)
    st.apply(game.parse_action("reveal 1 smash"))
    mid = st.view(None)
    events = st.apply(game.parse_action("reveal 2 punch"))
    from companion.events import Names, told
    steps = steps_of([told(e, Names(["L1", "L2"], game)) for e in events], mid)
    assert steps[0].sentence == "L2 reveals Punch."  # the last card of exchange 1 turned up
    strike = next(s for s in steps if s.sentence.startswith("L1 strikes L2"))
    assert strike.seats == (1, 2) and strike.frame["legends"][1]["fatigue"] == 7
    last = steps[-1].frame["legends"]
    after = st.view(None)["legends"]
    assert [(x["space"], x["facing"], x["fatigue"]) for x in last] == [(x["space"], x["facing"], x["fatigue"]) for x in after]
    assert before["legends"][1]["fatigue"] == 6


def test_the_choice_words_come_from_the_legal_actions():
    texts = [parse_action(t) for t in ("do 1 move 1 left 1", "do 1 move 1 left 2", "do 1 move 2 right 1", "do 1 done")]
    assert next_words(texts, ["do", "1"]) == ["move", "done"]
    assert next_words(texts, ["do", "1", "move"]) == ["1", "2"]
    assert question(["do", "1", "move", "1"]) == "which way?"
    assert question(["do", "1", "move", "1", "left"]) == "how many spaces?"


def test_every_way_a_game_ends_is_worded_from_its_termination_code():
    assert set(ENDINGS) == set(Legends.terminations)
    assert ending_text("knockouts", ["Red"]) == "Red wins on Knock Outs!"
    assert ending_text("stocks", ["Red", "Ann"]) == "Red and Ann win: the other team has no Stock left!"
    assert ending_text("draw", []).startswith("A draw")


def test_LA_14_lucius_form_and_the_active_side_of_his_cards_on_screen(ui, journal_path):
    ui.start(journal_path)
    ui.app.start_game(GAME_ID, 2, {"names": ["Red", "Blue"], "colors": ["red", "blue"]},
                      {"cards": "physical", "legends": ["lucius", "alysia"]})
    ui.frames(3)
    table, c = ui.table, ui.app.controller
    state = c.session.full_state()  # a second card drawn from each Meter: one Special each exchange (LA-15)
    assert c.load(dict(state, meters=[m - 1 for m in state["meters"]])) is None
    ui.frames(2)
    names = [b.text for b in action_buttons(table)]
    assert "Draw" in names and "Aim" in names and "Draw / Claw" not in names  # the human side
    assert "Human" in table.panels[0].text and "Human" not in table.panels[1].text
    ui.tap(button(table, "Draw"))
    assert c.view["revealed"] == {"1": "draw-claw"}, (ui.toast, c.view["revealed"])
    ui.tap(button(table, "Wind Up"))
    assert "plays Draw" in "\n".join(play_back(ui)) or "Draw" in table.told_text
    assert table.mode == "choice" and table.prompt_text.split(": ", 1)[1].startswith("Draw (card panel)")
    ui.tap(button(table, "flip form"))
    ui.tap(button(table, "wolf"))
    assert c.view["legends"][0]["form"] == "wolf" and "Wolf" in table.panels[0].text
    assert "Claw" in table.panels[0].text  # the revealed card now shows its wolf side
    ui.tap(button(table, "card done"))
    while table.mode in ("steps", "choice"):
        play_back(ui)
        if table.mode == "choice":
            ui.tap(button(table, "card done"))
    assert table.mode == "reveal"
    names = [b.text for b in action_buttons(table)]
    assert "Maim" in names and "Bite" in names and "Aim" not in names


def test_LA_12_tikkit_picks_his_edit_first_behind_the_curtain_and_the_steps_name_it(ui, journal_path):
    ui.start(journal_path)
    ui.app.start_game(GAME_ID, 2, {"names": ["Red", "Blue"], "colors": ["red", "blue"]},
                      {"cards": "digital", "legends": ["tikkit", "alysia"]})
    ui.frames(3)
    table, c = ui.table, ui.app.controller
    assert table.mode == "pick" and "Edit first" in table.prompt_text
    ui.tap(button(table, f"[b]{c.name(1)}[/b]"))
    curtain = table.curtain
    ui.tap(curtain.ids.reveal)
    cards = {b.code: b for b in curtain.ids.cards.children}
    assert "Edit" in cards["double-time"].text and cards["step"].dim  # an Edit comes first
    for code in ("double-time", "step", "dive", "back"):
        ui.tap(next(b for b in curtain.ids.cards.children if b.code == code))
    ui.tap(curtain.ids.confirm)
    assert not curtain.is_open and c.view["edits"] == {} and c.view["picked"] == [1]
    pick_behind_curtain(ui, 2, ["defensive-pivot", "step", "back"])
    texts = play_back(ui)
    assert "Red's Edit: Double Time" in "\n".join(texts) + table.told_text
    assert "Double Time" in table.panels[0].text


def test_LA_13_grym_raises_a_zombie_from_the_card_panel_and_it_stands_on_the_arena_line(ui, journal_path):
    ui.start(journal_path)
    ui.app.start_game(GAME_ID, 2, {"names": ["Red", "Blue"], "colors": ["red", "blue"]},
                      {"cards": "physical", "legends": ["lord-grym", "alysia"]})
    ui.frames(3)
    table, c = ui.table, ui.app.controller
    ui.tap(button(table, "Bury Them"))
    ui.tap(button(table, "Wind Up"))
    for _ in range(4):
        play_back(ui)
        if table.mode == "choice" and c.view["ask"]["seat"] == 1:
            break
        ui.tap(button(table, "card done"))
    ui.tap(button(table, "raise"))
    assert "which space" in table.prompt_text
    ui.tap(button(table, "3"))
    assert c.view["pieces"] == [[3, "zombie"]]
    ui.tap(button(table, "card done"))
    while table.mode in ("steps", "choice"):
        play_back(ui)
        if table.mode == "choice":
            ui.tap(button(table, "card done"))
    cell = table.ids.arena.cells[3]
    assert [w.text for w in cell.ids.stack.children if hasattr(w, "facing")] == ["[b]Zombie 1[/b]"]
