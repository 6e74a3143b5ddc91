"""A kiosk must come up whatever it finds on the card: a damaged journal is kept aside, never overwritten."""


def test_damaged_journal_is_kept_aside_and_the_app_starts_on_a_new_one(ui, journal_path):
    journal_path.write_bytes(b"half a page of zeros from a power cut" + b"\0" * 500)
    app = ui.start(journal_path)
    aside = [p for p in journal_path.parent.iterdir() if "set-aside" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"half a page of zeros")
    assert aside[0].name in app.journal_note and "unreadable" in app.journal_note
    table = ui.start_game(2)  # and the table plays on the new journal
    assert table.controller.session.journal.path == str(journal_path)


def test_the_set_aside_notice_is_on_the_home_screen_until_tapped(ui, journal_path):
    journal_path.write_bytes(b"not a journal at all" + b"\0" * 100)
    app = ui.start(journal_path)
    home = app.home
    assert "kept untouched" in home.notice and "set-aside" in home.notice and home.ids.notice.opacity == 1
    ui.tap(home.ids.notice)
    assert home.notice == ""


def test_a_damaged_session_is_listed_as_such_and_the_home_screen_still_opens(ui, journal_path):
    import sqlite3

    from companion.journal import Journal
    from companion.session import Session
    with Journal(journal_path) as j:
        broken = Session.start(j, "time-runners", 2, seed=1, table={"names": ["Ann", "Bo"]}).id
        Session.start(j, "time-runners", 2, seed=2, table={"names": ["Cy", "Di"]})
    db = sqlite3.connect(journal_path)
    db.execute("UPDATE sessions SET summary = '{oops' WHERE id = ?", (broken,))
    db.commit()
    db.close()
    app = ui.start(journal_path)
    rows = {r.session_id: r for r in app.home.ids.sessions.children}
    assert rows[broken].disabled and "damaged" in rows[broken].text
    assert not rows[broken + 1].disabled and "Cy, Di" in app.home.resume_text
