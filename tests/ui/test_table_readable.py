"""The Time Runners table reads at a glance on every panel it runs on: text on seat colours at WCAG AA
contrast, the backward zone explained, a tapped runner named, a roll-off tie naming who rolls again, no
text under 14 px, and no clipped text or button at 800x480, 1024x600 and a rotated 480x800 panel."""
from __future__ import annotations

import re

import pytest
from kivy.metrics import dp, sp

from ui import palette
from ui.games.time_runners.texts import runner_text, zone_text

from test_dial import contrast, markers

SIZES = [(800, 480), (1024, 600), (480, 800)]
AA = 4.5  # WCAG contrast for normal text


# -- 1. text on colours -------------------------------------------------------------------------------
def palette_colours():
    found = {name: value for name, value in vars(palette).items()
             if name.isupper() and isinstance(value, tuple) and len(value) == 4}
    found.update({f"seat {name}": rgba for name, rgba in palette.SEAT_COLORS.items()})
    return found


@pytest.mark.parametrize("name", sorted(palette_colours()))
def test_text_on_picks_the_ink_with_the_higher_wcag_contrast(name):
    rgba = palette_colours()[name]
    picked = palette.text_on(rgba)
    dark, light = contrast(palette.DIAL_INK, rgba), contrast(palette.TEXT, rgba)  # the test's own WCAG maths
    assert contrast(picked, rgba) == max(dark, light)
    if max(dark, light) >= AA:
        assert contrast(picked, rgba) >= AA, f"{name}: {contrast(picked, rgba):.2f}"


@pytest.mark.parametrize("name", palette.COLOR_NAMES)
def test_every_seat_colour_carries_text_at_4_5_to_1(name):
    rgba = palette.SEAT_COLORS[name]
    assert contrast(palette.text_on(rgba), rgba) >= AA
    assert contrast(rgba, palette.BG) >= AA, "a seat's colour also names it as text on the background"


def test_a_mid_green_gets_dark_ink_not_the_brightness_guess():
    assert palette.text_on(palette.SEAT_COLORS["green"]) == palette.DIAL_INK
    assert palette.text_on(palette.DANGER) == palette.TEXT  # refusal notes: light text at 4.5:1
    assert abs(palette.contrast((0, 0, 0, 1), (1, 1, 1, 1)) - 21) < 1e-9


# -- 2. the backward zone and a tapped runner -----------------------------------------------------------
def correct(ui, **changes):
    c = ui.app.controller
    assert c.load(dict(c.session.full_state(), **changes)) is None
    ui.frames(3)


def finish_roll_off(ui, values):
    for v in values:
        assert ui.app.controller.play(f"roll {v}") is None
    ui.frames(3)
    assert ui.app.controller.view["phase"] != "roll-off"


def test_the_shaded_zone_is_explained_under_the_dial(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui, [6, 2, 1])
    view = ui.app.controller.view
    face, caption = table.ids.face, table.ids.zone_caption
    first, last = min(face.zone_spaces), max(face.zone_spaces)
    assert caption.text.startswith(f"Shaded spaces {first}-{last}, the zone of hour {view['hour']}")
    assert "runs backward by its roll" in caption.text and "Now:" not in caption.text
    assert table.ids.zone_row.opacity == 1 and caption.get_root_window() is not None
    _, y = caption.to_window(*caption.pos)
    fx, fy = face.to_window(*face.pos)
    assert y + caption.height <= fy + 0.5, "the line sits under the dial"
    # runners standing in the zone are named (the engine's `backward`)
    correct(ui, positions=[5 * view["hour"] - 2, 3, 0])
    view = ui.app.controller.view
    assert view["backward"] == [True, False, False]
    assert caption.text.endswith("Now: Red.")


def test_a_tap_on_a_runner_names_it_its_space_and_which_way_it_runs(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(3)
    finish_roll_off(ui, [6, 2, 1])
    hour = ui.app.controller.view["hour"]
    correct(ui, positions=[5 * hour - 2, 17, 0])
    face = table.ids.face
    spots = markers(face)
    ui.tap_at(*spots[0][:2])
    assert ui.toast.startswith(f"Red (seat 1) is on space {5 * hour - 2}. With the hand at {hour}, its next roll runs backward")
    ui.tap_at(*spots[1][:2])
    assert ui.toast == (f"Blue (seat 2) is on space 17. With the hand at {hour}, its next roll runs forward: "
                        "it stands in hour 4's zone.")
    ui.tap_at(*spots[2][:2])
    assert ui.toast.startswith("Green (seat 3) is at Start.")
    # the note sits by the token, inside the window
    toast = ui.app.toast
    x, y, r = spots[2]
    assert toast.x <= x <= toast.right and (abs(toast.top - (y - r)) < dp(12) or abs(toast.y - (y + r)) < dp(12))


def test_runner_and_zone_texts_follow_the_engine_fields():
    view = {"phase": "cards", "hour": 3, "positions": [12, 60, 0], "zones": [3, 12, 1],
            "backward": [True, False, False]}
    names = ["Ann", "Bo", "Cy"]
    assert runner_text(view, names, 1).endswith("runs backward: it stands in the zone of the hour the hand points at.")
    assert runner_text(view, names, 2).startswith("Bo (seat 2) is at the Goal.")
    assert runner_text(dict(view, phase="over"), names, 1) == "Ann (seat 1) is on space 12. The race is over."
    assert runner_text({}, names, 1) == "Ann"
    assert zone_text(view, names, [11, 12, 13, 14, 15]).endswith("by its roll. Now: Ann.")
    assert zone_text(dict(view, backward=[True, True, True]), names, [0, 5]).endswith("Now: Ann, Bo and Cy.")
    assert zone_text(dict(view, phase="over"), names, [11]) == ""


# -- 3. a roll-off tie ---------------------------------------------------------------------------------
def test_a_roll_off_tie_says_who_rolls_again(ui, journal_path):
    ui.start(journal_path)
    table = ui.start_game(4)
    c = ui.app.controller
    for v in (5, 2, 5, 5):
        assert c.play(f"roll {v}") is None
    ui.frames(3)
    ro = c.view["roll_off"]
    assert ro["round"] == 2 and ro["seats"] == [1, 3, 4]
    assert table.roll_text == "Roll-off: Red, Green and Yellow tied and roll again"
    assert table.hint_text == "Tie! Red, Green and Yellow roll again. Red: press the dice button"
    assert c.play("roll 3") is None
    ui.frames(2)
    assert table.roll_text == "Roll-off: Red, Green and Yellow tied and roll again. Red 3"
    assert table.hint_text.startswith("Tie! Red, Green and Yellow roll again. Green:")
    for v in (6, 1):
        c.play(f"roll {v}")
    ui.frames(2)
    assert c.view["phase"] == "roll" and "tied" not in table.roll_text and "Tie" not in table.hint_text


# -- 4. text size and layout at every panel size ------------------------------------------------------
def shown(widget) -> bool:
    """On screen, not hidden by opacity anywhere up its parents, with an area, and not parked a window's
    size away (the curtain parks the panels it is not showing at -10000)."""
    window = widget.get_root_window()
    if window is None or widget.width < 1 or widget.height < 1:
        return False
    _, _, x1, y1 = window_box(widget)
    if x1 < -window.width or y1 < -window.height:
        return False
    w = widget
    while w is not None and w is not w.parent:
        if w.opacity <= 0:
            return False
        w = w.parent
    return True


def in_scroll(widget):
    """The ScrollView `widget` is in, if any."""
    from kivy.uix.scrollview import ScrollView
    w = widget.parent
    while w is not None and w is not w.parent:
        if isinstance(w, ScrollView):
            return w
        w = w.parent
    return None


def window_box(widget):
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def texts(root):
    # kivy.uix widgets are imported here: at module import they would open Kivy's window before the
    # test runner has set its size
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput
    return [w for w in root.walk() if isinstance(w, (Label, TextInput)) and w.text.strip() and shown(w)]


def markup_sizes(text: str) -> list[float]:
    units = {"sp": sp, "dp": dp, "px": float, "": float}
    return [units[u](float(n)) for n, u in re.findall(r"\[size=([\d.]+)(sp|dp|px|)\]", text)]


def small_text(root) -> list[str]:
    found = []
    for w in texts(root):
        sizes = [w.font_size] + (markup_sizes(w.text) if getattr(w, "markup", False) else [])
        if min(sizes) < 14 - 0.01:
            found.append(f"{type(w).__name__} {w.text!r}: {min(sizes):.1f} px")
    return found


def needed_height(label) -> float:
    """The height `label`'s text takes at its width (a Label given a height silently drops what overflows)."""
    core = label._label
    # the core label keeps its text and size apart from its options
    options = dict(core.options, text=label.text, text_size=(label.text_size[0], None))
    whole = type(core)(**options)
    whole.refresh()
    return whole.content_size[1]


def clipped(root, width: int, height: int) -> list[str]:
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput
    found = []
    for w in texts(root):
        if isinstance(w, Label):
            w.texture_update()
            tw, th = w.texture_size
            if tw > w.width + 1 or th > w.height + 1:
                found.append(f"{type(w).__name__} {w.text[:40]!r}: text {tw:.0f}x{th:.0f} in {w.width:.0f}x{w.height:.0f}")
            elif w.text_size[0] and w.text_size[1] and not w.shorten and needed_height(w) > w.text_size[1] + 1:
                found.append(f"{type(w).__name__} {w.text[:40]!r}: needs {needed_height(w):.0f} px, has {w.text_size[1]:.0f}")
    for w in root.walk():
        if not (isinstance(w, (ButtonBehavior, Label, TextInput)) and shown(w)):
            continue
        x0, y0, x1, y1 = window_box(in_scroll(w) or w)
        if in_scroll(w):  # scrolls up and down; must still be whole across
            x0, _, x1, _ = window_box(w)
        if x0 < -0.5 or y0 < -0.5 or x1 > width + 0.5 or y1 > height + 0.5:
            found.append(f"{type(w).__name__} {getattr(w, 'text', '')[:40]!r} at {(x0, y0, x1, y1)} outside {width}x{height}")
    return found


@pytest.fixture
def panel(ui):
    """Set the window to a panel size (restored after the test)."""
    before = tuple(ui.window.size)

    def resize(size):
        ui.window.size = size
        ui.frames(3)
        assert tuple(ui.window.size) == size

    yield resize
    ui.stop()
    ui.window.size = before
    ui.frames(2)


def fullest_table(ui):
    """Six players in a roll-off tie, the board's hand off the game's hour (banner and hand legend up)."""
    table = ui.start_game(6)
    for v in (5, 5, 2, 5, 1, 3):
        ui.app.controller.play(f"roll {v}")
    table.hw.set_hand(ui.app.controller.view["hour"] % 12 + 3)
    ui.frames(4)
    assert table.banner_mode == "sync" and "tied" in table.roll_text and table.zone_text
    return table


def home_with_a_session(ui):
    ui.start_game(6)
    ui.tap(ui.table.ids.home)
    ui.frames(3)
    assert ui.app.sm.current == "home" and ui.app.home.ids.sessions.children
    return ui.app.home


def test_no_text_under_14_px_on_home_and_table_at_800x480(ui, journal_path):
    ui.start(journal_path)
    assert tuple(ui.window.size) == (800, 480)
    home_with_a_session(ui)
    ui.frames(2)
    assert small_text(ui.app.root) == []
    table = fullest_table(ui)
    assert small_text(ui.app.root) == []
    table.runner_pressed(1)  # the runner note
    ui.frames(2)
    assert ui.toast and small_text(ui.app.root) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home_lays_out_without_clipping(ui, journal_path, panel, size):
    panel(size)
    ui.start(journal_path)
    home = ui.app.home
    where = "below" if size[1] > size[0] else "on the right"  # where the new game is
    assert home.ids.sessions_caption.text == f"No unfinished games. Start one {where}."
    assert clipped(ui.app.root, *size) == []
    home_with_a_session(ui)
    ui.frames(3)
    assert clipped(ui.app.root, *size) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_full_table_lays_out_without_clipping(ui, journal_path, panel, size):
    panel(size)
    ui.start(journal_path)
    table = fullest_table(ui)
    assert clipped(ui.app.root, *size) == []
    face = table.ids.face
    assert min(face.size) >= min(size) * 0.45, "the dial keeps the room of the short side"
    table.runner_pressed(6)
    ui.frames(2)
    assert clipped(ui.app.root, *size) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hand_curtain_lays_out_without_clipping(ui, journal_path, panel, size):
    panel(size)
    ui.start(journal_path)
    table = ui.start_game(6)
    finish_roll_off(ui, [6, 1, 2, 3, 4, 5])
    table.open_hand(2)
    ui.frames(2)
    assert table.curtain.mode == "pass" and clipped(ui.app.root, *size) == []
    ui.tap(table.curtain.ids.reveal)
    assert table.curtain.mode == "hand" and len(table.curtain.ids.cards.children) == 6
    assert clipped(ui.app.root, *size) == []
    table.curtain.mode = "hour"
    ui.frames(2)
    assert clipped(ui.app.root, *size) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_mid_game_table_lays_out_without_clipping(ui, journal_path, panel, size):
    panel(size)
    ui.start(journal_path)
    table = ui.start_game(6)
    finish_roll_off(ui, [6, 1, 2, 3, 4, 5])
    ui.dice()
    ui.frames(3)
    assert ui.app.controller.view["next"] in ("play-card", "play-or-end") and "Board:" in table.told_text
    assert clipped(ui.app.root, *size) == []
