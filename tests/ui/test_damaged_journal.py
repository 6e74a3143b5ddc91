"""A kiosk must come up whatever it finds on the card: a damaged journal is kept aside, never overwritten."""


def test_damaged_journal_is_kept_aside_and_the_app_starts_on_a_new_one(ui, journal_path):
    journal_path.write_bytes(b"half a page of zeros from a power cut" + b"\0" * 500)
    app = ui.start(journal_path)
    aside = [p for p in journal_path.parent.iterdir() if "set-aside" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b"half a page of zeros")
    assert aside[0].name in app.journal_note and "unreadable" in app.journal_note
    table = ui.start_game(2)  # and the table plays on the new journal
    assert table.controller.session.journal.path == str(journal_path)
