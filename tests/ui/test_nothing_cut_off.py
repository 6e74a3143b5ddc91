"""Nothing cut off (issue 34): every screen and panel of the four games at the Pi panel's 800x480, a
1024x600 panel and the 800x480 panel rotated (480x800), in states random playouts reach, with the
phones on. A failure names the widget, its text, the screen and the size: a label shortened with
"..." ("Roll-o...Green"), text larger than its widget, a word split over two lines, a widget off the
window, or a button whose text touches its edge ("the companion (random)")."""
from __future__ import annotations

import random
import re

import pytest
from kivy.metrics import dp

from test_phones_app import on_a_taken_port, started
from test_table_readable import SIZES, clipped, panel, texts  # noqa: F401  (panel: a fixture)

#: the game and how many play it (the most: the fullest table), and the random actions between two looks
GAMES = {"time-runners": 6, "legends-of-the-arena": 4, "chronomage": 4, "block-arena": 2}
LOOKS, STRIDE = 3, (4, 14)
EDGE = 4  # dp: a button's text keeps at least this much from its sides


def shortened(root) -> list[str]:
    """Labels Kivy drew with "..." in place of some of their text (`shorten`)."""
    from kivy.uix.label import Label
    found = []
    for w in texts(root):
        if isinstance(w, Label) and w.shorten:
            w.texture_update()
            drawn = " ".join(word.text for line in w._label._cached_lines for word in line.words)
            if "..." in drawn and "..." not in w.text:
                found.append(f"{type(w).__name__} {w.text[:60]!r} drawn as {drawn[:60]!r}")
    return found


def broken_words(root) -> list[str]:
    """Labels whose wrapping split a word over two lines ("Smas" / "h" on a narrow button) or a number from
    its unit ("Hides in 59" / "s."). A path or an
    address (a journal's file) has no space to wrap at, and breaks where it must."""
    from kivy.uix.label import Label
    found = []
    for w in texts(root):
        if isinstance(w, Label) and w.text_size[0] and not w.shorten:
            w.texture_update()
            lines = ["".join(word.text for word in line.words) for line in w._label._cached_lines]
            plain = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", w.text) if w.markup else w.text
            whole = set(plain.split())
            paths = [t for t in whole if "/" in t]
            split = [part for line in lines for part in line.split()
                     if part not in whole and not any(part in p for p in paths)]
            # a number parted from its unit ("Hides in 59" / "s.")
            parted = any(a.rstrip()[-1:].isdigit() and re.match(r"s\b", b.lstrip()) for a, b in zip(lines, lines[1:]))
            if split or parted:
                found.append(f"{type(w).__name__} {w.text[:60]!r} drawn as {' / '.join(lines)[:80]!r}")
    return found


def at_the_edge(root) -> list[str]:
    """Buttons whose text reaches their sides (wrapped or not, it needs a margin to read as inside)."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    found = []
    for w in texts(root):
        if isinstance(w, ButtonBehavior) and isinstance(w, Label):
            drawn = max((line.w for line in w._label._cached_lines), default=0)
            if drawn > w.width - 2 * dp(EDGE):
                found.append(f"{type(w).__name__} {w.text[:60]!r}: text {drawn:.0f} px wide in {w.width:.0f}")
    return found


def cut_off(ui, where: str) -> list[str]:
    """Everything cut, overflowing or touching an edge on screen now, each named with `where` and the size."""
    ui.frames(3)
    root, (width, height) = ui.app.root, ui.window.size
    return [f"{where} at {width}x{height}: {found}"
            for found in clipped(root, width, height) + shortened(root) + broken_words(root) + at_the_edge(root)]


@pytest.fixture
def phones_on(monkeypatch):
    monkeypatch.setenv("COMPANION_PHONES", "on")
    monkeypatch.setenv("COMPANION_PHONE_PORT", "0")


def choose(ui, game_id: str, players: int):
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == game_id))
    while home.players < players:
        ui.tap(home.ids.more)
    return home


def computer_levels(game_id: str) -> list[str]:
    from companion.games import REGISTRY
    return list(REGISTRY[game_id].computer_players)


def play_randomly(ui, rng: random.Random, actions: int) -> None:
    """Random legal actions through the app's controller, as a table would play them (a computer's too)."""
    c = ui.app.controller
    for _ in range(actions):
        legal = c.session.legal_actions()
        if not legal or c.session.outcome() is not None:
            return
        c.play(rng.choice(legal))
        ui.frames(1)


def panels(ui, screen_name: str) -> list[str]:
    """The table's panels over it: the log, the phones' list and a seat's join link (its QR code)."""
    table, found = ui.table, []
    table.show_log(table.ids.get("log"))
    found += cut_off(ui, f"{screen_name} log")
    table._log_panel.close()
    table.show_phones(table.ids.phones)
    found += cut_off(ui, f"{screen_name} phones")
    phones = table._phones_panel
    if phones.ids.seats.children:
        seat = list(reversed(phones.ids.seats.children))[0]
        ui.tap(seat)
        curtain = phones.curtain
        ui.tap(curtain.ids.reveal)
        assert curtain.mode == "link"
        found += cut_off(ui, f"{screen_name} join link")
        curtain.close()
    else:
        phones.close()
    return found


def shots(ui, game_id: str) -> list[str]:
    """The extra views the game's screen offers `companion screenshot` (curtains, pads, forms), each on
    its sample table."""
    from companion import games
    from ui.samples import sample_session
    from ui.screens.table import screen_class
    cls, found = screen_class(games.REGISTRY[game_id]), []
    for view in cls.shots:
        session = sample_session(ui.app.journal, game_id)
        ui.app.resume(session.id)
        ui.app.table_screen.prepare_shot(view)
        found += cut_off(ui, f"{game_id} {view}")
        ui.app.go_home()
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_screen_and_panel_keeps_its_text_whole(ui, journal_path, panel, phones_on, size, game_id):
    panel(size)
    started(ui, journal_path)
    home = choose(ui, game_id, GAMES[game_id])
    found = cut_off(ui, f"home, {game_id} chosen")
    for _ in computer_levels(game_id):  # each opponent row's words ("the companion (random)")
        home._next_opponent()
        found += cut_off(ui, f"home, {game_id} against {home.opponent}")
    while home.opponent != "human":
        home._next_opponent()
    ui.tap(ui.app.home.ids.start)
    assert ui.app.sm.current == game_id
    rng = random.Random(f"{game_id} {size}")
    for look in range(LOOKS):
        play_randomly(ui, rng, rng.randint(*STRIDE))
        found += cut_off(ui, f"{game_id} table (look {look + 1})")
    found += panels(ui, game_id)
    ui.app.go_home()
    found += cut_off(ui, "home, a game to resume")
    found += shots(ui, game_id)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_taken_phone_port_is_said_whole(ui, journal_path, panel, monkeypatch, size):
    panel(size)
    with on_a_taken_port(ui, journal_path, monkeypatch):
        found = cut_off(ui, "home")
        ui.start_game(2, "block-arena")
        found += cut_off(ui, "block-arena table")
    assert not found, "\n".join(found)


def test_the_check_sees_a_shortened_label_an_overflow_and_a_text_at_its_button_edge(ui, journal_path):
    """The checks themselves, on the issue's examples drawn at 800x480."""
    from kivy.uix.label import Label
    from ui.widgets.common import FlatButton
    ui.start(journal_path)
    overlay = ui.app.overlay
    made = [Label(text="Roll-off: Orange, Blue and Green roll again", shorten=True, size_hint=(None, None),
                  size=(dp(120), dp(30)), text_size=(dp(120), dp(30)), pos=(10, 400)),
            Label(text="The phone must be on the same Wi-Fi as the table. Hides in 59 s.", size_hint=(None, None),
                  size=(dp(120), dp(30)), text_size=(dp(120), None), pos=(10, 300)),
            FlatButton(text="the companion (random)", size_hint=(None, None), size=(dp(150), dp(48)), pos=(10, 200))]
    made[-1].text_size = (None, None)  # drawn at its own width, as a button without wrapping is
    from kivy.core.text import Label as CoreLabel
    room = CoreLabel(font_size=dp(14)).get_extents("Hides in 59")[0] + 2  # room for the number, not its unit
    made.append(Label(text="Hides in 59 s.", font_size=dp(14), size_hint=(None, None), size=(room, dp(60)),
                      text_size=(room, None), pos=(10, 100)))
    for w in made:
        overlay.add_widget(w)
    try:
        found = cut_off(ui, "test")
    finally:
        for w in made:
            overlay.remove_widget(w)
    assert any("'Roll-off: Orange" in f and "drawn as" in f for f in found), found
    assert any("'The phone must be" in f and " in " in f for f in found), found
    assert any("'the companion (random)'" in f and "wide in" in f for f in found), found
    assert any("'Hides in 59 s.' drawn as 'Hides in 59 / s.'" in f for f in found), found
