"""The phone page in a real browser (headless Chromium at 390x844) against the running app (offscreen
Kivy), which shows the public table: a 4-player Legends digital sequence played from four pages at
once, a Time Runners Instant played from a phone during another runner's turn, a refusal shown on a
phone, and a screenshot of the page for each game with secrets (and Chronomage's hand and spellbook).
Set COMPANION_SHOTS=DIR to keep the screenshots."""
from __future__ import annotations

import os
import shutil

import pytest

from phone_browser import HEIGHT, WIDTH, Pages, need_browser


@pytest.fixture
def pages(ui, monkeypatch):
    need_browser()
    monkeypatch.setenv("COMPANION_PHONES", "on")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")
    made = []

    def make():
        made.append(Pages(ui))
        return made[-1]
    yield make
    for p in made:
        p.close()


def started(ui, journal_path):
    app = ui.start(journal_path)
    assert ui.until(lambda: app.phones.running, 20), app.phones.status
    return app


def shot(browser: Pages, seat: int, tmp_path, name: str) -> None:
    path = tmp_path / f"phone-{name}.png"
    browser.screenshot(seat, path)
    from pngcheck import read_png
    width, height, colours = read_png(path)
    assert (width, height) == (WIDTH, HEIGHT) and len(colours) > 8  # a phone's screen, with something drawn
    keep = os.environ.get("COMPANION_SHOTS")
    if keep:
        os.makedirs(keep, exist_ok=True)
        shutil.copy(path, keep)


def test_four_phones_play_a_legends_digital_sequence_at_once_while_the_app_shows_the_table(ui, journal_path, pages,
                                                                                            tmp_path):
    app = started(ui, journal_path)
    ui.start_game(4, "legends-of-the-arena")
    browser = pages()
    for seat in (1, 2, 3, 4):
        browser.open(seat, app.phones.link(seat)[0])
    for seat in (1, 2, 3, 4):
        assert browser.until(seat, "state && state.actions.length > 0 && state.actions[0].type === 'Pick'")
    # every page taps its three cards, then locks them in; nobody waits for anyone
    lock = "return document.querySelector('#hand button.primary').textContent"
    for seat in (1, 2, 3, 4):
        said = [browser.on(seat, lock)]
        for card in browser.buttons(seat, "#hand")[:3]:
            browser.tap(seat, card, "#hand")
            said.append(browser.on(seat, lock))
        assert said == ["Choose 3 cards", "Choose 2 more cards", "Choose 1 more card", "Lock in my picks"], said
        if seat == 2:
            shot(browser, 2, tmp_path, "legends")
    for seat in (1, 2, 3, 4):
        browser.tap(seat, "Lock in my picks")
    assert ui.until(lambda: app.controller.view.get("phase") != "pick" or app.controller.view["sequence"] > 1, 20)
    # then each phone answers what the exchanges ask of its seat, until the sequence is over
    for _ in range(80):
        view = app.controller.view
        if view["sequence"] > 1 or view["phase"] == "over":
            break
        acted = False
        for seat in (1, 2, 3, 4):
            choices = browser.buttons(seat, "#actions")
            if choices:
                browser.tap(seat, choices[0], "#actions")
                acted = True
                ui.frames(3)
        if not acted:
            ui.frames(5)
    view = app.controller.view
    assert view["sequence"] > 1 or view["phase"] == "over", f"the sequence did not end: {view['phase']}"
    assert all(e.kind != "action" or e.text.split()[1:2] for e in app.controller.session.journal.entries(
        app.controller.session.id))


def test_a_time_runners_instant_is_played_from_a_phone_during_another_runners_turn(ui, journal_path, pages, tmp_path):
    app = started(ui, journal_path)
    ui.start_game(3, "time-runners")
    c = app.controller
    from companion.games.time_runners.actions import Play
    from companion.games.time_runners.words import card_words
    instant = None
    for _ in range(200):  # the touchscreen plays the turns until another runner holds an Instant it may play
        turn = c.turn()
        others = [s for s in c.seats if s not in turn.seats]
        instant = next(((s, a) for s in others for a in c.actions_for(s) if isinstance(a, Play)
                        and c.session.state.actor(a) == s), None)
        if instant is not None:
            break
        mine = [a for a in c.actions if c.session.state.actor(a) in (*turn.seats, None)]
        assert c.play(next(a for a in mine if not isinstance(a, Play)) if any(not isinstance(a, Play) for a in mine)
                      else mine[0], None) is None
    assert instant is not None, "no runner ever held an Instant outside its turn"
    seat, action = instant
    browser = pages()
    browser.open(seat, app.phones.link(seat)[0])
    assert browser.until(seat, "state && state.actions.some(a => a.type === 'Play')")
    assert browser.on(seat, "return document.getElementById('turn').textContent").endswith("You may act now too.")
    shot(browser, seat, tmp_path, "time-runners")
    before = len(c.view["cards_played"]) if c.view.get("cards_played") is not None else 0
    head = c.session.head
    browser.tap(seat, card_words(action.fields()["code"])[0], "#hand")
    assert ui.until(lambda: c.session.head > head, 20)
    entry = c.session.journal.entry(c.session.id, head + 1)
    assert entry.text == str(action) or entry.text.startswith(f"play {seat} ")
    assert c.turn().seats != (seat,) or before >= 0  # it was another runner's turn, and still the table moved on

    # a play chosen from a picture that has changed meanwhile is refused on the phone, with the rule
    assert browser.until(seat, "!!state")
    playable = browser.on(seat, "return state.actions.filter(a => a.type === 'Play').map(a => a.fields.code)")
    if playable:
        head = c.session.head
        browser.on(seat, "state.offer = 'an-old-offer';")
        browser.tap(seat, card_words(playable[0])[0], "#hand")
        text = browser.until(seat, "!document.getElementById('refusal').hidden && "
                                   "document.getElementById('refusal').textContent")
        assert "changed" in text and "choices it was last shown" in text  # the reason, then the rule's sentence
        assert c.session.head == head


def test_chronomage_shows_a_players_hand_and_spellbook_on_the_phone(ui, journal_path, pages, tmp_path):
    app = started(ui, journal_path)
    ui.start_game(2, "chronomage")
    browser = pages()
    browser.open(1, app.phones.link(1)[0])
    assert browser.until(1, "state && document.querySelector('.facts') !== null")
    facts = browser.on(1, "return document.querySelector('.facts').textContent")
    assert "Spellbook" in facts and "Hand" in facts
    book = [b for b in browser.buttons(1, "#actions") if b.endswith("spellbook")]
    assert book, "the phone offers the spellbook's size"
    shot(browser, 1, tmp_path, "chronomage")
    head = app.controller.session.head
    browser.tap(1, book[1], "#actions")
    assert ui.until(lambda: app.controller.session.head == head + 1, 20)
    assert app.controller.view["spellbook"][0] == 1


def choose(browser: Pages, seat: int, label: str, value) -> None:
    """Pick `value` in the select of seat's page named `label`, as a finger would (found and changed in one step)."""
    found = browser.on(seat, "const s = [...document.querySelectorAll('main select')].find(s => "
                             "s.getAttribute('aria-label') === arguments[0]); if (!s) return false; s.value = arguments[1];"
                             "s.dispatchEvent(new Event('change')); return true;", label, str(value))
    assert found, f"seat {seat}'s page has no select {label!r}"


def test_chronomage_phone_casts_a_constant_spell_and_enters_its_dice_with_small_forms(ui, journal_path, pages, tmp_path):
    from companion.testing.chronomage_fixtures import typed
    app = started(ui, journal_path)
    ui.start_game(2, "chronomage")
    c = app.controller
    assert c.play("ready") is None
    assert c.play(typed(1, resistance={"orange": 1, "blue": 2, "green": 3, "purple": 2}, power=[99] * 4)) is None
    assert len([a for a in c.actions_for(1) if a.type in ("Spell", "Dice")]) > 100  # what the page used to draw
    browser = pages()
    browser.open(1, app.phones.link(1)[0])
    assert browser.until(1, "state && state.actions.some(a => a.type === 'Spell') && document.querySelector('.form')")
    every = browser.on(1, "return document.querySelectorAll('main button').length")
    assert every <= 30, f"{every} buttons on a phone"
    shot(browser, 1, tmp_path, "chronomage-round")
    # cost 2, no runes (an empty spellbook), +3 damage, and a CONSTANT spell: orange rolls two dice now (CM-13)
    for label, value in (("Cost", 2), ("Bonus damage", 3), ("Orange resistance", 2)):
        choose(browser, 1, label, value)
    assert "Cast: Cost 2, 0 runes, +3 damage, Orange 2 dice" in browser.buttons(1, "#actions")
    head = c.session.head
    browser.tap(1, "Cast:", "#actions")
    assert ui.until(lambda: c.session.head == head + 1, 20)
    assert c.session.journal.entry(c.session.id, head + 1).text == "spell 1 2 0 3 orange=2"
    assert c.view["resistances"] == {"orange": 2} and c.view["dice_count"][0] == 2
    assert browser.until(1, "[...document.querySelectorAll('.facts span')].map(e => e.textContent).join('|')"
                            ".includes('Dice you roll|2')")  # the phone says how many dice to roll now
    # the faces the real dice show: two of the player's own now, and the challenge die
    assert browser.until(1, "document.querySelectorAll('.faces select').length === 3")
    assert browser.on(1, "return [...document.querySelectorAll('.form button')].map(b => [b.textContent, b.disabled])") \
        [-1] == ["Choose 3 faces", True]  # the dice form's: nothing is sent half-entered
    for i, (label, value) in enumerate((("Your 2 dice 1", 5), ("Your 2 dice 2", 3), ("The challenge die 1", 4))):
        choose(browser, 1, label, value)
        if i < 2:
            assert browser.on(1, "return [...document.querySelectorAll('.form button')].map(b => b.textContent)")[-1] \
                == ["Choose 2 more faces", "Choose 1 more face"][i]
    browser.on(1, "document.querySelector('.faces').scrollIntoView({block: 'center'});")
    shot(browser, 1, tmp_path, "chronomage-dice")
    browser.tap(1, "Enter 3 5 / 4", "#actions")
    assert ui.until(lambda: c.session.head == head + 2, 20)
    assert c.session.journal.entry(c.session.id, head + 2).text == "dice 1 3 5 / 4"
    assert c.view["damage"]["seats"][0] == 3 + 5 + 3  # the faces and the spell's bonus, as the table shows it
    assert browser.until(1, "!state.actions.some(a => a.type === 'Dice')")  # seat 1 has rolled this round
