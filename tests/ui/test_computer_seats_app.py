"""LA-16: one person against several computer Legends. The home screen's "Companion seats" gives the
companion the last seats; each computer seat picks in its turn through the same session, and the person
plays on when they have."""
from __future__ import annotations

import threading

import pytest

from companion.core import ComputerPlayer
from companion.games import REGISTRY
from ui.widgets.common import FlatButton

LEGENDS = "legends-of-the-arena"


def row(ui, label):
    return ui.option_row(label)  # scrolled into sight: Legends' setup is taller than the panel


def tap_button(ui, row_, text):
    ui.tap(next(w for w in row_.children if isinstance(w, FlatButton) and w.text == text))


def legends_for_four(ui, journal_path):
    """The home screen with Legends chosen for four seats."""
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == LEGENDS))
    while home.players < 4:
        ui.tap(home.ids.more)
    return home


def the_companion_on_three_seats(ui, home) -> str:
    """Opponent: the strongest computer level, and Companion seats up to 3 (seats 2..4); the level."""
    level = next(iter(REGISTRY[LEGENDS].computer_players))
    while home.opponent != level:
        ui.tap(next(w for w in row(ui, "Opponent").children if isinstance(w, FlatButton)))
    for _ in range(2):
        tap_button(ui, row(ui, "Companion seats"), "+")
    return level


def one_person_against_three_computers(ui, journal_path):
    """Legends at four seats from the home screen, the companion on seats 2..4; the table's controller."""
    home = legends_for_four(ui, journal_path)
    the_companion_on_three_seats(ui, home)
    ui.tap(home.ids.start)
    return ui.app.controller


def answered(c, head: int) -> bool:
    """A computer seat answered since `head`: it moved, or (its search is timed, so which card it shows depends
    on the machine's speed) it showed a card only the people can apply and handed it to the table (LA-4)."""
    return c.session.head > head or getattr(c.stuck, "rule", None) == f"{LEGENDS}/LA-4"


def test_LA_16_one_person_against_three_computer_legends_from_the_home_screen(ui, journal_path):
    home = legends_for_four(ui, journal_path)
    assert "Companion seats" not in [r.label for r in home.ids.options.children]  # people only: no count
    level = the_companion_on_three_seats(ui, home)
    assert home.companions == 3  # at most all seats but the first
    assert next(w for w in row(ui, "Companion seats").children if w.text == "+").disabled
    ui.tap(home.ids.start)
    c = ui.app.controller
    assert c.session.table["computer"] == [{"seat": s, "level": level} for s in (2, 3, 4)]
    assert c.names[1:] == ["Companion 1", "Companion 2", "Companion 3"] and c.computers == {2: level, 3: level, 4: level}

    def waits_for_person_only():
        turn = c.session.turn()
        return not c.thinking and set(turn.seats) == {1}

    assert ui.until(waits_for_person_only, 30), c.session.turn()  # the three computers picked, one by one
    by = [e.by for e in c.session.journal.entries(c.session.id)]
    assert by.count("computer") == 3
    mine = c.actions_for(1)
    assert c.play(mine[0]) is None
    assert ui.until(lambda: not c.thinking, 30)
    assert c.session.head > 4 and c.view["phase"] != "pick"  # the exchange went on past everyone's picks


def test_LA_16_physical_cards_against_the_companion_is_refused_at_start_with_the_reason(ui, journal_path):
    level = next(iter(REGISTRY[LEGENDS].computer_players))
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == LEGENDS))
    while home.option_values["cards"] != "physical":
        ui.tap(next(w for w in row(ui, "Cards").children if isinstance(w, FlatButton)))
    while home.opponent != level:
        ui.tap(next(w for w in row(ui, "Opponent").children if isinstance(w, FlatButton)))
    ui.tap(home.ids.start)
    assert ui.app.sm.current == "home" and "digital cards only" in ui.toast and "LA-16" in ui.toast
    assert ui.app.journal.sessions() == []


@pytest.fixture
def gate(monkeypatch):
    """The companion's Legends choose only while the gate is open (set): a test closes it to read the table
    at a moment no computer's move can change it (a clock would race a loaded machine)."""
    opened = threading.Event()
    opened.set()
    level = next(iter(REGISTRY[LEGENDS].computer_players))
    real = REGISTRY[LEGENDS].computer_players[level]

    class Gated(ComputerPlayer):
        def choose(self, state, seat, rng, seconds):
            opened.wait(60)
            return real().choose(state, seat, rng, seconds)

    monkeypatch.setitem(REGISTRY[LEGENDS].computer_players, level, Gated)
    yield opened
    opened.set()


def test_LA_16_undo_refused_while_the_computers_think_still_lets_them_move(ui, journal_path, gate):
    """The person picks last and the exchange is revealed; the computers then think their steps. Undo is
    refused there (picks that were seen stay, LA-7), and the computers must still move, not think forever."""
    c = one_person_against_three_computers(ui, journal_path)
    assert ui.until(lambda: not c.thinking and set(c.session.turn().seats) == {1}, 30)
    gate.clear()  # the computers' steps wait until the refusal is read
    assert c.play(c.actions_for(1)[0]) is None
    assert c.thinking and set(c.session.turn().seats) <= {2, 3, 4}  # a computer's step after the reveal
    head = c.session.head
    ui.tap(ui.table.ids.undo)
    assert "Undo stops at a reveal" in ui.toast  # refused: nothing taken back
    gate.set()
    assert ui.until(lambda: answered(c, head), 60), "the computers never moved after the refused undo"
    assert ui.until(lambda: not c.thinking, 30)


def test_LA_16_home_while_the_computers_think_stops_them_and_the_resumed_table_plays_on(ui, journal_path):
    """Home while the companion thinks: the computers do not play the game on unseen, and the session
    resumed from the home screen is the one whose computers move (not stuck on a seat that never moves)."""
    c = one_person_against_three_computers(ui, journal_path)
    assert ui.until(lambda: not c.thinking and set(c.session.turn().seats) == {1}, 30)
    assert c.play(c.actions_for(1)[0]) is None
    assert c.thinking
    choosing = [t for t in threading.enumerate() if t.name == "computer-player"]
    head, session_id = c.session.head, c.session.id
    ui.tap(ui.table.ids.home)
    assert ui.app.sm.current == "home"
    # the move being chosen arrives (its thread ends, its answer is handed to the UI thread's next frame), and
    # is dropped: waited for as such, not for a time a loaded machine may outlast
    assert ui.until(lambda: not any(t.is_alive() for t in choosing), 60), "the computer never finished choosing"
    ui.frames(3)
    assert len(list(ui.app.journal.entries(session_id))) == head  # nothing was played on the home screen
    assert ui.app.resume(session_id) is None
    resumed = ui.app.controller
    assert ui.until(lambda: answered(resumed, head), 60), f"the resumed table's computers never moved: {resumed.turn()}"
    assert ui.until(lambda: not resumed.thinking, 60)
    assert len(list(ui.app.journal.entries(session_id))) == resumed.session.head  # one table writes the game


def test_a_computer_player_that_fails_is_said_at_the_table_not_left_thinking(ui, journal_path, monkeypatch):
    from companion.core import ComputerPlayer
    game = REGISTRY["block-arena"]

    class Broken(ComputerPlayer):
        level = "greedy"

        def choose(self, state, seat, rng, seconds):
            raise RuntimeError("no move found")

    monkeypatch.setitem(game.computer_players, "greedy", Broken)
    ui.start(journal_path)
    ui.start_game(2, "block-arena", opponent="greedy")
    c = ui.app.controller
    assert c.computers == {2: "greedy"}
    while c.session.turn().kind != "over" and 1 in c.session.turn().seats:
        assert c.play(c.actions_for(1)[0]) is None
    assert ui.until(lambda: c.stuck is not None, 10)
    assert not c.thinking and "could not choose a move (no move found)" in ui.toast
