"""The phone page in a real browser (headless Chromium) draws the same from a state sent without its action
list (the list it holds, by offer) as from a whole one: a page that was on when the table changed and a
page opened after it show the same seat the same way."""
from __future__ import annotations

import pytest

from phone_browser import Pages, need_browser

#: counts the states this page received without their action list (a page that holds it is sent none)
COUNT_LEAN = ("window.lean = 0; const take = ws.onmessage; ws.onmessage = (e) => { const m = JSON.parse(e.data); "
              "if (m.type === 'state' && !('actions' in m)) window.lean += 1; take(e); };")
# The state as drawn; its keys sorted, since a held list is added to a message after its other keys.
SHOWN = ("const sorted = (k, v) => v && typeof v === 'object' && !Array.isArray(v) ? "
         "Object.fromEntries(Object.entries(v).sort()) : v; "
         "return [document.querySelector('main').innerHTML, JSON.stringify(state, sorted)];")


@pytest.fixture
def browser(ui, monkeypatch):
    need_browser()
    monkeypatch.setenv("COMPANION_PHONES", "on")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")
    made: list[Pages] = []
    yield lambda: made.append(Pages(ui)) or made[-1]
    for p in made:
        p.close()


def test_a_page_draws_the_same_from_the_list_it_holds_as_from_a_whole_state(ui, journal_path, browser):
    app = ui.start(journal_path)
    assert ui.until(lambda: app.phones.running, 20), app.phones.status
    ui.start_game(4, "legends-of-the-arena")
    c, pages = app.controller, browser()
    for seat in (1, 2):  # tabs 1 and 2: on before the table changes
        pages.open(seat, app.phones.link(seat)[0])
        assert pages.until(seat, "state && state.actions.length > 0")
        pages.on(seat, COUNT_LEAN)
    assert c.play(next(iter(c.actions_for(1))), 1) is None  # seat 1 picks: seat 2's choices stay as they were
    assert pages.until(2, "state.view.picked.includes(1) && window.lean === 1")
    pages.open(12, app.phones.link(2)[0])  # tab 12: seat 2 again, opened after the change (a whole state)
    assert pages.until(12, "state && state.view.picked.includes(1)")
    assert pages.on(2, SHOWN) == pages.on(12, SHOWN)

    assert pages.until(1, "state.actions.length === 0")
    c.undo()  # seat 1's first choices come back: the list its page holds, not sent again
    assert pages.until(1, "state.actions.length > 0 && window.lean === 1")
    assert pages.until(2, "state.view.picked.length === 0")
    pages.open(11, app.phones.link(1)[0])
    assert pages.until(11, "state && state.actions.length > 0")
    assert pages.on(1, SHOWN) == pages.on(11, SHOWN)
    for card in pages.buttons(1, "#hand")[:3]:  # and the held list plays
        pages.tap(1, card, "#hand")
    head = c.session.head
    pages.tap(1, "Lock in my picks")
    assert ui.until(lambda: c.session.head == head + 1, 20)
