"""A seat's secrets reach only that seat. A seat the companion plays has no curtain, no "look again" and
no hand or pick anywhere on the table, whatever is tapped or pressed (its button, the keys, Hint, Clear);
a seat on its phone is not handed the screen: the table says it picks on its phone, and the
pass-the-screen sentence names only the people without one. Real offscreen window, real phone sockets."""
from __future__ import annotations

import pytest
from test_computer_seats_app import one_person_against_three_computers
from test_phones_app import phones_on, started, wait  # noqa: F401 (phones_on: a fixture)

from companion.core import ComputerPlayer
from companion.games import REGISTRY
from companion.games.legends.computer import table_step
from companion.refusals import Refusal
from ui.widgets.common import FlatButton

LEGENDS = "legends-of-the-arena"


def pick_buttons(table):
    return [w for row in reversed(table.ids.buttons.children) for w in reversed(row.children) if isinstance(w, FlatButton)]


def words_on_screen(ui) -> str:
    """Every text the window shows now (the table and whatever lies over it)."""
    return "\n".join(w.text for top in ui.window.children for w in top.walk()
                     if isinstance(getattr(w, "text", None), str) and w.get_root_window() is not None)


def test_a_computer_seats_picks_never_show_on_the_table_whatever_is_tapped(ui, journal_path):
    c = one_person_against_three_computers(ui, journal_path)
    table = ui.table
    assert ui.until(lambda: not c.thinking and set(c.session.turn().seats) == {1}, 30)
    ui.frames(2)
    buttons = pick_buttons(table)
    for seat in (2, 3, 4):
        text = buttons[seat - 1].text
        assert f"[b]{c.name(seat)}[/b]" in text and "picked" in text and "look again" not in text, text
    assert "look again" not in words_on_screen(ui)
    assert f"Hand the screen to {c.name(1)}." in table.prompt_text  # the one person, not the companion's seats
    for seat in (2, 3, 4):
        ui.tap(pick_buttons(table)[seat - 1])
        assert not table.curtain.is_open and not table.curtain.ids.cards.children
        assert "companion's seat" in ui.toast
        table.open_picks(seat)  # the screen's own way in, and the curtain's
        assert table.curtain.open_for(ui.app.overlay, c, seat) is False and not table.curtain.is_open
    for key, codepoint in ((32, " "), (49, "1"), (50, "2"), (13, "")):  # the table's keys
        ui.window.dispatch("on_key_down", key, 0, codepoint, [])
        ui.frames(1)
        assert not table.curtain.is_open
    # the person's own curtain shows only the person's own cards
    ui.tap(pick_buttons(table)[0])
    ui.tap(table.curtain.ids.reveal)
    shown = [b.code for b in table.curtain.ids.cards.children]
    assert shown and set(shown) <= set(c.seat_view(1)["hand"])


def test_a_computer_seat_is_picking_until_it_has_and_its_button_never_opens_a_curtain(ui, journal_path,
                                                                                      monkeypatch):
    import threading
    go = threading.Event()
    level = next(iter(REGISTRY[LEGENDS].computer_players))
    real = REGISTRY[LEGENDS].computer_players[level]

    class Held(ComputerPlayer):  # holds the first computer's pick until the test has looked (no race with a clock)
        def choose(self, state, seat, rng, seconds):
            go.wait(60)
            return real().choose(state, seat, rng, 0.1)

    monkeypatch.setitem(REGISTRY[LEGENDS].computer_players, level, Held)
    c = one_person_against_three_computers(ui, journal_path)
    table = ui.table
    ui.frames(2)
    try:
        waiting = [s for s in (2, 3, 4) if s not in c.view.get("picked", [])]
        assert waiting == [2, 3, 4] and c.thinking  # they think one at a time: none has picked yet
        for seat in waiting:
            text = pick_buttons(table)[seat - 1].text
            assert "is picking" in text and "tap" not in text and "secret" not in text, text
    finally:
        go.set()


def test_clear_on_a_seat_that_has_picked_says_why_nothing_changes(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(2, LEGENDS)
    c = ui.app.controller
    assert c.play(next(a for a in c.actions_for(1) if a.type == "Pick"), 1) is None
    ui.frames(2)
    assert "look again" in pick_buttons(table)[0].text
    ui.tap(pick_buttons(table)[0])
    ui.tap(table.curtain.ids.reveal)
    ui.tap(table.curtain.ids["clear"])  # ids.clear is the dict's own
    assert "Nothing to clear" in ui.toast
    assert c.view["picked"] == [1]


class Broken(ComputerPlayer):
    level = "cpu"

    def choose(self, state, seat, rng, seconds):
        raise RuntimeError("no move found")


@pytest.mark.parametrize("game_id", [LEGENDS, "block-arena"])
def test_a_hint_never_suggests_for_a_computer_seat(ui, journal_path, monkeypatch, game_id):
    """The companion's seat fails to move (its player broke): the turn waits for it alone, nobody thinks,
    and the Hint, which would think with that seat's hand, is off and refused."""
    game = REGISTRY[game_id]
    level = next(iter(game.computer_players))
    monkeypatch.setitem(game.computer_players, level, Broken)
    ui.start(journal_path)
    ui.start_game(2, game_id, opponent=level)
    c = ui.app.controller
    while 1 in c.session.turn().seats:
        assert c.play(c.actions_for(1)[0], 1) is None
    assert ui.until(lambda: c.stuck is not None and not c.thinking, 10)
    assert set(c.session.turn().seats) == {2}
    ui.frames(2)
    assert not ui.table.can_hint
    answers = []
    c.hint(answers.append)
    assert ui.until(lambda: answers, 10)
    assert getattr(answers[0], "code", None) == "no-hint", answers


# -- seats on their phones ------------------------------------------------------------------------------

def test_a_seat_on_its_phone_picks_there_and_only_the_others_are_handed_the_screen(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    table = ui.start_game(2, LEGENDS)
    c = app.controller
    assert f"Hand the screen to {c.name(1)} and {c.name(2)} in turn." in table.prompt_text
    sock = wait(ui, phones_on.open(app.phones.link(1)[0]))
    state = wait(ui, phones_on.submit(sock.next("state")))
    assert ui.until(lambda: "on their phone" in pick_buttons(table)[0].text, 5)
    assert "is picking on their phone" in pick_buttons(table)[0].text
    assert "tap to pick" in pick_buttons(table)[1].text
    assert f"Hand the screen to {c.name(2)}." in table.prompt_text and c.name(1) not in table.prompt_text
    ui.tap(pick_buttons(table)[0])
    assert table.curtain.mode == "phone" and not table.curtain.ids.cards.children  # not the pass curtain
    ui.tap(table.curtain._phone_pane.children[0])  # Close
    answer = wait(ui, phones_on.submit(sock.play(state, state["actions"][0]["text"], "p1")))
    assert answer["type"] == "done"
    assert ui.until(lambda: "picked on their phone" in pick_buttons(table)[0].text, 5)
    other = wait(ui, phones_on.open(app.phones.link(2)[0]))
    wait(ui, phones_on.submit(other.next("state")))
    assert ui.until(lambda: "Hand the screen" not in table.prompt_text, 5), table.prompt_text


def test_a_time_runners_hand_on_its_phone_is_said_on_its_button(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    ui.start_game(3, "time-runners")
    c = app.controller
    sock = wait(ui, phones_on.open(app.phones.link(2)[0]))
    wait(ui, phones_on.submit(sock.next("state")))
    assert ui.until(lambda: ui.seat_button(2).text == f"{c.name(2)}'s hand is on their phone", 5)
    assert ui.seat_button(1).text == f"{c.name(1)}'s hand"


def test_the_phones_list_offers_no_link_for_a_computer_seat(ui, journal_path, phones_on):
    app = started(ui, journal_path)
    table = ui.start_game(2, LEGENDS, opponent=next(iter(REGISTRY[LEGENDS].computer_players)))
    c = app.controller
    assert c.computers.keys() == {2}
    table.show_phones(None)
    ui.frames(2)
    rows = list(reversed(table._phones_panel.ids.seats.children))
    assert [r.text.split(":")[0] for r in rows] == [c.name(1)]
    with pytest.raises(Refusal):
        app.phones.link(2)  # nor by asking for it


def test_a_computer_seats_own_questions_are_not_offered_to_the_table(ui, journal_path):
    """After the reveal the companion answers its Legends' questions (face, target, the card panel) itself:
    the table says it is choosing and offers no button that would answer for it."""
    c = one_person_against_three_computers(ui, journal_path)
    table = ui.table
    assert ui.until(lambda: not c.thinking and set(c.session.turn().seats) == {1}, 30)
    assert c.play(c.actions_for(1)[0]) is None
    seen = []

    def a_computers_question_shown():
        if table.mode == "steps":
            table.skip()  # the exchange played back (the computers' answers wait their turn behind it)
        ask = c.view.get("ask")
        if table.mode == "choice" and ask and ask["seat"] in c.computers:
            seen.append((ask["seat"], table.prompt_text, [b.text for b in pick_buttons(table)],
                         table_step(c.session.state, ask["seat"])))
        return len(seen) >= 3

    ui.until(a_computers_question_shown, 30)
    assert seen, "no question of a computer seat was shown"
    for seat, prompt, buttons, table_resolves in seen:
        if table_resolves:  # LA-4: a card only the people can apply: its panel is the table's, said so
            assert buttons and prompt.startswith(table_resolves), (seat, prompt, buttons)
        else:
            assert buttons == [] and "is choosing" in prompt, (seat, prompt, buttons)


def test_LA_4_a_computers_card_only_the_people_can_apply_is_theirs_to_resolve_on_the_table(ui, journal_path):
    """The companion may not resolve a card whose effect is on its print (Link Up, Tenderize): the table is asked, as
    for a person's card, and gets that card's panel; it is never left waiting on a computer that cannot answer."""
    from companion.journal import Journal
    from companion.session import Session
    with Journal(journal_path) as journal:
        session = Session.start(journal, "legends-of-the-arena", 2, seed=3, options={"legends": ["alysia", "fitz"]},
                                table={"computer": {"seat": 2, "level": "cpu"}})
        special = next(c for c in session.state.piles[1].hand if c not in session.state.legend(2).basics)
        session.play("pick 1 step back dive")
        session.play(f"pick 2 {special} step back")
        assert session.state.to_dict()["ask"] == {"kind": "do", "seat": 2}
    ui.start(journal_path)
    ui.tap(ui.app.home.ids.resume_last)
    table, c = ui.table, ui.app.controller
    if table.mode == "steps":
        table.skip()
    assert ui.until(lambda: not c.thinking and table.mode == "choice", 30)
    assert table.prompt_text.startswith("Fitz plays ") and ": apply it from the card." in table.prompt_text, \
        table.prompt_text
    buttons = [b.text for b in pick_buttons(table)]
    assert "Done" in buttons or any("done" in b.lower() for b in buttons), buttons
    ui.tap(next(b for b in pick_buttons(table) if "done" in b.text.lower()))
    assert ui.until(lambda: c.session.state.to_dict()["ask"] != {"kind": "do", "seat": 2}, 10)
