"""Issue 19's "done when", in the app: a timeline with a constant spell (CM-13), an equipment swap and a
temporary card used (CM-14), and the boss come up early in phase III (CM-10), played to victory. The steps
the issue names are touches on the table screen; the challenges between them are played as the table's
entries (typed action values through the controller, as the hardware and the panels send them)."""
from __future__ import annotations

from test_chronomage_app import button, row, start_chronomage, tap_face
from test_touch_targets import small_controls

from companion.games.chronomage.actions import READY, Choose, Dice, Exploit, Give, Reveal

BOSS = "the-unwinder"


def sixes(c):
    """The first option of a choice or exploit, else the next awaited roll: sixes, and 3s on the challenge
    dice (a face the cards' charts leave quiet or mild)."""
    acts = c.actions
    return (next((a for a in acts if isinstance(a, Choose) and a.option == 1 or a == Exploit(True)), None)
            or next(a for a in acts if isinstance(a, Dice) and a.faces and set(a.faces) == {6}
                    and (a.challenge is None or set(a.challenge) == {3})))


def play_to_cleanup(c) -> None:
    """Ready, the next card but the boss, and sixes until the challenge is won."""
    c.play(READY)
    c.play(next(a for a in c.actions if isinstance(a, Reveal) and a.card not in (None, BOSS)))
    while c.view["phase"] in ("engagement", "challenge"):
        assert c.play(sixes(c)) is None


def to_the_loot_card(ui, table, seat: int) -> None:
    """The next challenge won, then by touches: the time card to `seat`, and its loot card's panel open."""
    play_to_cleanup(ui.app.controller)
    ui.frames(1)
    who = table.who(seat)
    ui.tap(button(row(table, seat), f"Give {who} the time card"))
    ui.tap(button(row(table, seat), f"Give {who} the loot card"))


def win_a_challenge(c) -> None:
    play_to_cleanup(c)
    while c.view["phase"] == "cleanup":
        assert c.play(Give(c.view["step"], 1)) is None


def test_a_constant_spell_an_equipment_swap_and_an_early_boss_play_to_victory_by_touches(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    assert c.view["loot_items"] == [["robes", "staff"], ["robes", "staff"]]
    assert "robes, staff" in table.rows[1].weak_text  # each player's starting equipment, on their row

    # challenge 1, the Rust Hound (orange resists with 2 dice): Orange casts a constant spell setting 3
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Pick the card"))
    ui.tap(button(table.choice, "Rust Hound"))
    ui.tap(button(table.ids.table_actions, "1. Hold the line"))
    assert c.view["dice_count"] == [2, 2] and "2 dice" in table.rows[1].stats_text
    ui.tap(button(row(table, 1), "Spell"))
    pad = table.spell
    ui.tap(pad.ids.cost.ids.plus)
    orange = button(pad.ids.resist, "orange: as card")
    for shown in ("orange: 0 dice", "orange: 1 die", "orange: 2 dice", "orange: 3 dice"):
        ui.tap(orange)
        orange = button(pad.ids.resist, "orange:")
        assert orange.text == shown
    assert small_controls(pad) == []
    ui.tap(pad.ids.cast)
    assert not pad.is_open and c.view["resistances"] == {"orange": 3}
    assert c.view["dice_count"] == [3, 2] and "3 dice" in table.rows[1].stats_text
    assert "constant spell: " in table.phase_line and "orange 3 dice" in table.phase_line
    ui.tap(button(row(table, 1), "Faces"))
    assert [g[1] for g in table.faces.groups] == [3, 1]  # three orange dice now, and the challenge die
    for face in (6, 6, 6, 3):
        tap_face(ui, table.faces, face)
    ui.tap(button(table.faces, "Enter"))
    assert c.view["damage"]["seats"][0] == 18  # 6 + 6 + 6: the third die counts
    ui.tap(button(row(table, 2), "Faces"))
    for face in (6, 6, 3):
        tap_face(ui, table.faces, face)
    ui.tap(button(table.faces, "Enter"))
    assert c.view["challenge"]["round"] == 2 and c.view["resistances"] == {"orange": 3}  # it holds all challenge
    assert c.play(Dice(1, (6, 6, 6), (3,))) is None
    assert c.play(Dice(2, (6, 6), (3,))) is None
    ui.frames(1)
    # cleanup: the time card, then the loot card is a second robes for Orange: it replaces the old one
    assert c.view["phase"] == "cleanup" and c.view["resistances"] == {"orange": 3}
    ui.tap(button(row(table, 1), "Give Orange the time card"))
    ui.tap(button(row(table, 1), "Give Orange the loot card"))
    panel = table.choice
    assert panel.is_open and "holds robes, staff" in panel.detail
    words = [b.text for b in panel.ids.choices.children]
    assert {"Temporary: used once", "Robes: the new one replaces the old", "Robes: keep the old, discard the new",
            "Kind not entered"} <= set(words)
    discard = c.view["loot_discard"]
    ui.tap(button(panel, "Robes: the new one replaces the old"))
    assert not panel.is_open and c.view["loot_items"][0] == ["staff", "robes"]
    assert c.view["loot_discard"] == discard + 1 and c.view["resistances"] == {}  # the spell left play

    # challenge 2 (its loot card kept unsorted by Orange); challenge 3's is a temporary card for Blue, who uses it
    win_a_challenge(c)
    to_the_loot_card(ui, table, 2)
    ui.tap(button(table.choice, "Temporary"))
    assert c.view["loot_items"][1] == ["robes", "staff", "temporary"]
    assert "robes, staff, 1 temporary" in table.rows[2].weak_text
    ui.tap(button(table.ids.table_actions, "Use loot"))
    assert table.choice.is_open and "Whose loot?" == table.choice.title  # both hold loot: whose first
    ui.tap(button(table.choice, "Blue:"))
    discard = c.view["loot_discard"]
    ui.tap(button(table.choice, "Blue uses a temporary card"))
    assert c.view["loot_items"][1] == ["robes", "staff"] and c.view["loot_discard"] == discard + 1

    # challenges 4..10 (phases I and II), then the boss picked as the first card of phase III
    while len(c.view["done"]) < 10:
        win_a_challenge(c)
    ui.frames(1)
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Pick the card"))
    ui.tap(button(table.choice, "The Unwinder"))
    assert table.title_text == "The Unwinder (boss)"
    while c.view["phase"] != "challenge":
        c.play(sixes(c))
    ui.frames(1)
    while c.view["phase"] == "challenge":
        seat = c.view["to_roll"][0]
        ui.tap(button(row(table, seat), "Faces"))
        for g, (_label, count, _rgba) in enumerate(table.faces.groups):
            for _ in range(count):
                tap_face(ui, table.faces, 6 if g == 0 else 3)
        ui.tap(button(table.faces, "Enter"))
    while c.view["phase"] == "cleanup":
        ui.tap(button(row(table, 1), "Give Orange the"))
        if table.choice.is_open:
            ui.tap(button(table.choice, "Staff: keep the old"))
    out = c.outcome()
    assert out.result == "victory" and out.termination == "boss-defeated"
    assert table.banner == "victory" and "The boss is defeated" in table.tracker_line
    assert c.view["challenge_deck"] == 5 and len(c.view["done"]) == 11  # five phase III cards never came up


def test_a_saved_cards_file_that_cannot_be_used_is_named_on_the_table_and_the_timeline_still_plays(ui, journal_path):
    from companion.games.chronomage.my_cards import cards_path
    path = cards_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[[card]]\nid = 7 [b]\n", encoding="utf-8")  # not TOML, with markup-looking text in it
    table = start_chronomage(ui, journal_path, players=1)
    c = ui.app.controller
    assert len(c.view["warnings"]) == 1
    assert "saved cards are not offered" in table.tracker_line and str(path) in table.tracker_line
    ui.tap(button(table.ids.table_actions, "Ready"))
    ui.tap(button(table.ids.table_actions, "Pick the card"))
    assert "saved cards are not offered" in table.choice.detail
    ui.tap(button(table.choice, "Rust Hound"))  # the timeline's own cards are all there
    assert c.view["challenge"]["id"] == "rust-hound"


def type_word(ui, pad, text):
    for key in text:
        ui.window.dispatch("on_textinput", key)
    ui.frames(1)
    assert pad.ids.word.text == text


def test_X_17_a_printed_equipment_type_the_companion_does_not_list_is_typed_and_is_one_of_a_kind(ui, journal_path):
    table = start_chronomage(ui, journal_path, players=2)
    c = ui.app.controller
    to_the_loot_card(ui, table, 2)
    ui.tap(button(table.choice, "Another type"))
    pad = table.word
    assert pad.is_open and not table.choice.is_open and pad.ids.word.focus
    type_word(ui, pad, "Big Boots")
    ui.tap(pad.ids.enter)
    assert pad.is_open and "one word of letters" in ui.toast  # two words: said so, nothing given
    assert c.view["loot_items"][1] == ["robes", "staff"]
    ui.frames(1)
    assert pad.ids.word.focus  # the field keeps the keyboard for the word mended
    pad.ids.word.select_all()
    type_word(ui, pad, "Boots")
    ui.tap(pad.ids.enter)
    assert not pad.is_open and c.view["loot_items"][1] == ["robes", "staff", "boots"]
    assert "robes, staff, boots" in table.rows[2].weak_text
    # the next loot card is boots again: one of a type, so Blue chooses (CM-14)
    to_the_loot_card(ui, table, 2)
    ui.tap(button(table.choice, "Another type"))
    type_word(ui, table.word, "boots")
    ui.tap(table.word.ids.enter)
    assert table.choice.is_open and table.choice.title == "Blue already has boots"
    discard = c.view["loot_discard"]
    ui.tap(button(table.choice, "Boots: keep the old"))
    assert c.view["loot_items"][1] == ["robes", "staff", "boots"] and c.view["loot_discard"] == discard + 1
