"""A Chronomage player's row reads whole at 800x480 with four players: the weaknesses in several colours and
the loot beside them (CM-14) are not cut short with "...", and the row's controls keep at least 9 mm."""
from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

from test_chronomage_app import button, row, start_chronomage
from test_table_readable import clipped
from test_touch_targets import small_controls

from companion.games.chronomage.actions import READY, Choose, Reveal
from ui.games.chronomage.screen import _plain


def cut_short(root) -> list[str]:
    """Shown labels that cut their text short ("..."): the text as it would show, wider than the label."""
    found = []
    for w in root.walk(restrict=True):
        if isinstance(w, Label) and w.shorten and w.text and w.get_root_window() is not None:
            width = CoreLabel(font_size=w.font_size, bold=w.bold).get_extents(_plain(w.text))[0]
            if width > w.width + 1:
                found.append(f"{_plain(w.text)!r}: {width:.0f} px in {w.width:.0f}")
    return found


def test_weaknesses_in_three_colours_and_the_loot_held_read_whole_on_a_row_of_four_players(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=4)
    c = ui.app.controller
    state = c.session.full_state()
    state["weaknesses"][0] = {"orange": 1, "blue": 2, "green": 1, "purple": 0}
    state["loot_items"][0] = ["robes", "staff", "temporary"]
    state["loot"][0], state["loot_deck"] = 3, state["loot_deck"] - 1
    assert c.load(state) is None  # a correction: the table had forgotten these
    ui.frames(2)
    line = table.rows[1].weak_text
    assert "blue" in line and "green" in line and "robes, staff, 1 temporary" in line
    assert cut_short(table.rows[1]) == []
    for step in (READY, Reveal("rust-hound"), Choose(1)):  # and in a monster round, beside Spell, Faces and Roll
        assert c.play(step) is None
    ui.frames(2)
    assert cut_short(table.rows[1]) == [] and "1 temporary" in table.rows[1].weak_text
    assert small_controls(ui.app.root) == [] and clipped(ui.app.root, 800, 480) == []
    assert button(row(table, 4), "Roll for Purple")


def test_CM_13_a_constant_spell_setting_every_colour_of_four_players_reads_whole_under_the_title(ui, journal_path):
    from companion.games.chronomage.actions import Spell
    table = start_chronomage(ui, journal_path, players=4)
    c = ui.app.controller
    for step in (READY, Reveal("rust-hound"), Choose(1)):
        assert c.play(step) is None
    assert c.play(Spell(1, 1, 0, 0, tuple((color, 3) for color in c.view["colors"]))) is None
    ui.frames(2)
    assert c.view["dice_count"] == [3, 3, 3, 3]
    line = _plain(table.phase_line)
    assert line == "Challenge · round 1 of 2 · constant spell: orange, blue, green, purple 3 dice"
    assert cut_short(table.ids.phase) == [] and clipped(ui.app.root, 800, 480) == []
    assert c.play(Spell(2, 1, 0, 0, (("blue", 1),))) is None  # a later spell's number for a colour replaces it
    ui.frames(2)
    assert _plain(table.phase_line).endswith("constant spell: orange, green, purple 3 dice; blue 1 die")


def test_CM_13_a_spell_naming_every_printed_colour_shows_only_the_colours_at_the_table(ui, journal_path):
    from companion.games.chronomage.actions import Spell
    from companion.games.chronomage.rules import COLORS
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    for step in (READY, Reveal("rust-hound"), Choose(1)):
        assert c.play(step) is None
    assert c.play(Spell(1, 1, 0, 0, tuple((color, 2) for color in COLORS))) is None  # as the card says: all of them
    ui.frames(2)
    assert c.view["resistances"] == dict.fromkeys(COLORS, 2)
    assert _plain(table.phase_line).endswith("constant spell: orange, blue 2 dice")
