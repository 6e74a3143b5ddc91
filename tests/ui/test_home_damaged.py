"""The app's home screen with one damaged session among good ones: a summary that is not UTF-8, an entry
changed inside the file. The damaged one is listed as such and cannot be opened; the others play on."""
from __future__ import annotations

import sqlite3

from companion.journal import Journal
from companion.session import Session


def journal_with_one_damaged(journal_path, damage: str) -> tuple[int, int]:
    with Journal(journal_path) as j:
        broken = Session.start(j, "time-runners", 2, seed=1, table={"names": ["Ann", "Bo"]})
        broken.play("roll 4")
        good = Session.start(j, "time-runners", 2, seed=2, table={"names": ["Cy", "Di"]})
        good.play("roll 3")
    db = sqlite3.connect(journal_path)
    db.execute(damage.format(id=broken.id))
    db.commit()
    db.close()
    return broken.id, good.id


def test_a_session_whose_summary_is_not_utf8_is_listed_as_damaged_and_the_others_resume(ui, journal_path):
    broken, good = journal_with_one_damaged(
        journal_path, "UPDATE sessions SET summary = CAST(x'7b226e223a22ff227d' AS TEXT) WHERE id = {id}")
    app = ui.start(journal_path)
    rows = {r.session_id: r for r in app.home.ids.sessions.children}
    assert set(rows) == {broken, good}
    assert rows[broken].disabled and "damaged" in rows[broken].text
    assert not rows[good].disabled and "Cy, Di" in app.home.resume_text
    assert app.journal.path == str(journal_path)  # the journal was kept, not set aside


def test_a_session_with_an_entry_changed_in_the_file_cannot_be_resumed_and_the_other_can(ui, journal_path):
    broken, good = journal_with_one_damaged(
        journal_path, "UPDATE entries SET text = 'roll 5' WHERE session = {id} AND text = 'roll 4'")
    app = ui.start(journal_path)
    rows = {r.session_id: r for r in app.home.ids.sessions.children}
    assert set(rows) == {broken, good}  # the row itself reads fine: the chain is checked when it is opened
    ui.tap(rows[broken])
    ui.frames(3)
    assert "damaged" in ui.toast and f"Session {broken}" in ui.toast and "entry 2" in ui.toast
    assert app.sm.current == "home"
    ui.tap(rows[good])
    ui.frames(3)
    assert app.sm.current == "time-runners" and ui.table.controller.session.id == good
