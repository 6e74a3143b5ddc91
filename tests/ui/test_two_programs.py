"""Another program on the same journal (a referee, a second app) moved the session on: the table is
refused its action, says why, and shows the journal's position instead of overwriting it."""
from __future__ import annotations

from companion.journal import Journal
from companion.session import Session


def test_a_move_made_elsewhere_is_refused_here_and_the_table_shows_the_journals_position(ui, journal_path):
    ui.start(journal_path)
    ui.start_game(3)
    c = ui.app.controller
    with Journal(journal_path) as j:
        elsewhere = Session.resume(j, c.session.id)
        elsewhere.play("roll")  # the first roll-off die, played by another program
        theirs, head = elsewhere.view(None), elsewhere.head
    before = c.revision
    ui.dice()
    assert "another program" in ui.toast
    assert c.revision > before and c.view == theirs and c.session.head == head
    ui.dice()  # from the journal's position the table goes on
    assert c.session.head == head + 1
