"""Adding a game is its own package and one registry line (companion/NEW_GAME.md), and no test trap.

The toy Nim (tests/toy_duel.py, the one the shape tests use) is written at test time into a package of its
own under `tmp_path`, made importable as `companion.games.nim` and listed in GAME_MODULES the way a real
game is, and the registry is built by `companion.games._load()`. Nim has perfect information and no screen, so it plays on the generic screen;
its twin Blind Nim hides the pile and has no screen either, so the home screen shows it as coming. Nim has no
phone renderer either: it plays from phones on the page's generic one. No file of the repository is written or
changed for any of it.
"""
from __future__ import annotations

import hashlib
import importlib
import os
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import games  # noqa: E402
from companion.core import IllegalAction, OVER  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.session import Session  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".git", "__pycache__", ".venv", ".pytest_cache", ".hypothesis"}  # git's and Python's own caches

NIM = (Path(__file__).resolve().parents[1] / "toy_duel.py").read_text()  # the one toy of its shape

BLIND_NIM = '''
"""Blind Nim: Nim with the pile behind the curtain (each seat sees only whose turn it is)."""
from companion.core import GameType
from companion.games.nim import Nim, NimState


class BlindNimState(NimState):
    def view(self, seat):
        return self.to_dict() if seat is None else {"current": self.current, "winner": self.winner}


class BlindNim(Nim):
    id, title = "blind-nim", "Blind Nim"
    type = GameType(information="hidden")
    state_class = BlindNimState


GAME = BlindNim
'''


def repository_files() -> dict[str, str]:
    """Every file of the repository (outside git's and Python's caches) and a digest of its bytes."""
    found = {}
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP]
        for name in files:
            path = Path(folder, name)
            found[str(path.relative_to(ROOT))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@pytest.fixture
def nim_added(tmp_path, monkeypatch):
    """The two packages written under tmp_path, and their registry lines: all a new game takes."""
    before = repository_files()
    where = tmp_path / "more_games"
    for package, source in (("nim", NIM), ("blind_nim", BLIND_NIM)):
        (where / package).mkdir(parents=True)
        (where / package / "__init__.py").write_text(textwrap.dedent(source).lstrip())
    importlib.invalidate_caches()
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(where)])
    monkeypatch.setattr(games, "GAME_MODULES", (*games.GAME_MODULES, "companion.games.nim", "companion.games.blind_nim"))
    for game_id, cls in games._load().items():
        monkeypatch.setitem(games.REGISTRY, game_id, cls)  # the same dict every layer already holds
    yield where
    for package in ("blind_nim", "nim"):  # gone again once the test is over
        sys.modules.pop(f"companion.games.{package}", None)
        if hasattr(games, package):
            delattr(games, package)
    assert repository_files() == before, "adding the game changed a file of the repository"


def test_a_new_game_is_its_package_and_its_registry_line(nim_added):
    nim, blind = games.REGISTRY["nim"], games.REGISTRY["blind-nim"]
    assert nim.__module__ == "companion.games.nim" and blind.__module__ == "companion.games.blind_nim"
    assert Path(sys.modules[nim.__module__].__file__).is_relative_to(nim_added)
    assert list(games.REGISTRY)[-2:] == ["nim", "blind-nim"]  # listed where its line is, after the others
    assert games.make_game("nim", 2).options == {"pile": 15}
    assert not {"new_state", "parse_action", "state_from_dict"} & set(vars(nim))  # the core's, from its parts


def test_a_new_game_plays_to_the_end_through_the_session_on_a_journal_file(nim_added, tmp_path):
    path = tmp_path / "journal.sqlite"
    session = Session.start(Journal(path), "nim", 2, options={"pile": 5})
    assert [a.to_json() for a in session.legal_actions(1)] == [
        {"type": "Take", "fields": {"count": n}, "text": f"take {n}"} for n in (1, 2, 3)]
    assert session.legal_actions(2) == []  # seat 2 waits its turn
    with pytest.raises(IllegalAction) as refused:
        session.play("take 3", player=2)
    assert session.view(None) == {"pile": 5, "current": 1, "winner": None} and session.head == 0
    assert (refused.value.code, refused.value.rule) == ("not-your-action", "protocol/player")
    takes = session.legal_actions()
    session.play(takes[0], player=1)  # a value, as a screen plays it: 4 left, and seat 2 takes 1 to 3
    session.play("take 3", player=2)  # or a text, as the referee protocol does: 1 left
    with pytest.raises(IllegalAction) as refused:
        session.play(takes[1], player=1)  # two stones from a pile of one
    assert refused.value.rule == "nim/take" and session.view(None)["pile"] == 1
    session.play(session.legal_actions(1)[0], player=1)
    outcome = session.outcome()
    assert session.turn().kind == OVER and outcome.winners == (1,)
    assert outcome.termination in games.REGISTRY["nim"].terminations
    again = Session.resume(Journal(path), session.id)  # the journal file alone brings the ending back
    assert again.outcome() == outcome and again.view(None) == {"pile": 0, "current": 1, "winner": 1}
    record = next(r for r in Journal(path).sessions() if r.id == session.id)
    assert record.game == "nim" and record.finished


def test_a_new_game_holds_the_contracts_every_game_is_tested_for(nim_added, tmp_path):
    import test_conformance
    test_conformance.test_random_playouts_hold_every_contract("nim", 2, tmp_path)
    for check in (test_conformance.test_the_rules_reference_answers_for_every_rule_of_the_game,
                  test_conformance.test_a_table_size_out_of_range_is_refused_citing_a_rule_the_reference_explains,
                  test_conformance.test_options_come_from_the_schema_and_are_validated_by_it):
        check("nim")


def test_a_new_game_with_perfect_information_plays_on_the_generic_screen_and_its_hidden_twin_is_coming(
        nim_added, ui, journal_path):
    ui.start(journal_path)
    buttons = {b.game_id: b for b in ui.app.home.ids.games.children}
    assert buttons["nim"].text == "Nim" and not buttons["nim"].disabled
    assert "coming" in buttons["blind-nim"].text and buttons["blind-nim"].disabled
    table = ui.start_game(players=2, game_id="nim")
    from ui.screens.table import GENERIC
    assert type(table).__module__ == GENERIC and table.title_text == "Nim"  # no screen of its own was written
    c = ui.app.controller
    while c.outcome() is None:
        shown = sorted(b.text for b in table.ids.actions.children)
        assert shown == sorted(str(a) for a in c.actions)  # every legal action is a button
        ui.tap(next(b for b in table.ids.actions.children if b.text == "take 1"))
    assert c.view == {"pile": 0, "current": 1, "winner": 1}  # fifteen stones one at a time: seat 1 took the last
    assert table.turn_line == f"{c.names[0]} wins!"
    assert table.ids.actions.children == []  # nothing more to play
    assert table.told_text  # the last change told, as every table does (issue 28)
    ui.tap(table.ids.told.ids.log)
    assert table._log_panel.texts()  # and the whole game in the Log view
    ui.tap(table._log_panel.ids.close)
    record = next(r for r in Journal(journal_path).sessions() if r.game == "nim")
    assert record.finished and record.head == 15


def test_a_new_game_plays_from_phones_on_the_generic_page(nim_added, ui, journal_path, monkeypatch):
    """No renderer of its own in the phone page (NEW_GAME.md, 8): each seat's phone lists its legal actions
    as buttons, and the game plays to its end from the phones alone (real headless Chromium)."""
    from phone_browser import Pages, need_browser
    need_browser()
    monkeypatch.setenv("COMPANION_PHONES", "on")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")
    app = ui.start(journal_path)
    assert ui.until(lambda: app.phones.running, 20), app.phones.status
    ui.start_game(players=2, game_id="nim")
    browser = Pages(ui)
    try:
        for seat in (1, 2):
            browser.open(seat, app.phones.link(seat)[0])
            assert browser.until(seat, "state && state.game.id === 'nim' && !(state.game.id in RENDERERS)")
        c = app.controller
        while c.outcome() is None:
            seat, pile = c.view["current"], c.view["pile"]
            offered = browser.until(seat, "state && state.view.pile === %d && state.actions.map(a => a.text)" % pile)
            assert offered == [str(a) for a in c.actions_for(seat)]  # every legal action of the seat, as it is
            assert browser.buttons(3 - seat, "#actions") == []  # the other seat waits
            browser.tap(seat, browser.buttons(seat, "#actions")[-1], "#actions")
            assert ui.until(lambda: c.view["pile"] < pile, 20), "the phone's tap was not played"
        assert c.view["pile"] == 0 and c.outcome().winners
        for seat in (1, 2):
            assert browser.until(seat, "!document.getElementById('outcome').hidden")
    finally:
        browser.close()
