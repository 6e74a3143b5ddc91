"""The phone page words the game as the table does (issue 28), in a real browser (headless Chromium).

Over random games of each of the four games, every state each seat's page draws is read as a person
reads it (the rendered text): no raw field of an event or an action (`code "+2"`, `seat 3`, `arg null`, a
` · ` field list), no card code, and no button carrying an offered action's notation. "What happened"
holds the events' sentences and board steps, and the Log the seat's sentences (`companion log --seat`).
The table plays random legal actions through the referee protocol, as a touchscreen or a program would.
"""
from __future__ import annotations

import random
import re
import time

import pytest

from phone_browser import Pages, need_browser
from phone_helpers import PhoneTable

NAMES = ["Ann", "Bob", "Cy", "Di"]
#: raw fields as the page once printed them, card codes, seat numbers where the seat has a name
RAW = re.compile(r"\b(arg|code|instant|backward|visible_to|why|seat|type) (null|true|false|-?\d+|\")|\u00b7|\bnull\b"
                 r"|\bundefined\b|\[object|\bNaN\b|\b(set|swap)!|[+-]\d!|\bseats? \d")
GAMES = [("time-runners", 3, {}), ("legends-of-the-arena", 2, {}), ("chronomage", 2, {}), ("block-arena", 2, {})]
STEPS = 50


class Frames:
    """What `Pages` waits with when no Kivy app runs: the table answers on its own threads."""

    def until(self, condition, seconds: float = 10.0) -> bool:
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            time.sleep(0.01)
        return condition()

    def frames(self, n: int = 2) -> None:
        time.sleep(0.02 * n)


@pytest.fixture
def browser():
    need_browser()
    pages = Pages(Frames())
    yield pages
    pages.close()


#: the page as a person reads it: every text, each button's own, what is offered and the seat's card codes
READ = """
const main = document.querySelector('main');
return {text: main.innerText,
        buttons: [...main.querySelectorAll('button')].filter(b => b.offsetParent).map(b => b.textContent.trim()),
        events: [...document.querySelectorAll('#events > li')].map(li => li.innerText),
        offered: state ? state.actions.map(a => a.text) : [], codes: state ? Object.keys(state.cards) : [],
        told: state ? state.events.map(e => [e.text, ...e.board.map(s => s.text)].join('\\n')) : []};
"""


def read_as_a_person(page: dict, where: str) -> None:
    found = RAW.search(page["text"])
    assert found is None, f"{where}: raw words {found.group(0)!r} in {page['text']!r}"
    for code in page["codes"]:  # a card id ("defensive-pivot") or an Instant's code ("+2!") is notation
        if re.fullmatch(r"[a-z]+(-[a-z0-9]+)+", code) or code.endswith("!"):
            shown = re.search(r"(?<![\w-])" + re.escape(code) + r"(?![\w-])", page["text"])
            assert shown is None, f"{where}: the card code {code!r} is shown"
    for text in page["buttons"]:
        for action in page["offered"]:
            notation = action == text or (" " in action and action in text)
            assert not notation, f"{where}: the button {text!r} shows the notation {action!r}"
    assert page["events"] == page["told"], f"{where}: What happened is not the events' sentences"


@pytest.mark.parametrize("game_id,players,options", GAMES, ids=[g for g, _, _ in GAMES])
def test_every_state_a_phone_draws_reads_as_the_table_words_it(browser, tmp_path, game_id, players, options):
    table = PhoneTable(tmp_path / "j.sqlite")
    try:
        table.ok({"op": "new", "game": game_id, "players": players, "seed": 7, "options": options,
                  "table": {"names": NAMES[:players]}})
        seats = list(range(1, players + 1))
        for seat in seats:
            browser.open(seat, table.url(seat))
        rng, shown = random.Random(game_id), 0
        for step in range(STEPS):
            for seat in seats:
                view = table.ok({"op": "view", "player": seat})["view"]
                drawn(browser, seat, view)
                page = browser.on(seat, READ)
                read_as_a_person(page, f"{game_id} step {step}, seat {seat}")
                shown += len(page["events"])
            if step % 10 == 9:  # the Log: the seat's sentences, opened as a person would
                seat = rng.choice(seats)
                browser.on(seat, "document.getElementById('log').open = true;")
                lines = browser.until(seat, "document.querySelectorAll('#lines li').length > 0 && "
                                            "document.getElementById('lines').innerText")
                assert not RAW.search(lines), f"{game_id}: the log shows raw words: {lines!r}"
                browser.on(seat, "document.getElementById('log').open = false;")
            legal = table.ok({"op": "legal"})["actions"]
            if not legal:
                break
            table.ok({"op": "play", "action": rng.choice(legal)})
        assert shown > 0, "no event was ever shown"
    finally:
        table.close()


def drawn(browser: Pages, seat: int, view: dict, seconds: float = 20.0) -> None:
    """Wait until seat's page has drawn the state whose view is `view`."""
    deadline = time.monotonic() + seconds
    while browser.on(seat, "return state && state.view") != view:
        assert time.monotonic() < deadline, f"seat {seat}'s page never drew the table's view"
        time.sleep(0.02)
