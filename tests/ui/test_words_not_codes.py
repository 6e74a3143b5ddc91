"""Words, not codes: the home screen's options read as titles ("Free-for-All", "Alysia"), a hint is a
sentence built from the suggested Action's type and fields, counts follow the plural rules, and
`companion games` prints what a person reads."""
from __future__ import annotations

import re
import subprocess
import sys

from companion.games.block_arena.actions import END, Flip, Go, Meeple, Place, Slide
from companion.games.legends.cards import LEGEND_IDS
from ui.texts import plural, session_line
from ui.widgets.common import FlatButton

NOTATION = re.compile(r"\b(slide|flip|go|place|meeple) [a-z]\d+\b|\b[a-z]\d+ [nesw]\b")


def option_rows(home):
    return {row.label: [w.text for w in reversed(row.children) if isinstance(w, FlatButton)]
            for row in home.ids.options.children}


def test_legends_setup_shows_legend_names_and_mode_titles_and_a_tap_cycles_them(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == "legends-of-the-arena"))
    while home.players > 2:
        ui.tap(home.ids.fewer)
    rows = option_rows(home)
    assert rows["Mode"] == ["Teams"] and rows["Legends"] == ["Alysia", "Fitz"] and rows["Cards"] == ["Digital"]
    mode = next(r for r in home.ids.options.children if r.label == "Mode")
    ui.tap(next(w for w in mode.children if isinstance(w, FlatButton)))
    assert home.option_values["mode"] == "ffa" and option_rows(home)["Mode"] == ["Free-for-All"]
    legends = next(r for r in home.ids.options.children if r.label == "Legends")
    home.ids.setup.scroll_to(legends, animate=False)  # below Opponent, Mode and Cards: scroll to it
    ui.frames(2)
    ui.tap(list(reversed([w for w in legends.children if isinstance(w, FlatButton)]))[1])
    shown = option_rows(home)["Legends"]
    assert home.option_values["legends"][1] == "hilda" and shown == ["Alysia", "Hilda"]
    assert not set(shown) & set(LEGEND_IDS)  # no id on a button


def test_block_arena_option_is_worded_and_its_hint_is_a_sentence(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == "block-arena"))
    rows = option_rows(home)
    assert not any("bga" in label for label in rows)
    assert rows["40-turn variant (meeple or block a turn)"] == ["no"]
    table = ui.start_game(None, "block-arena")
    ui.tap(table.ids.hint)
    assert ui.until(lambda: ui.toast.startswith("The companion suggests: a block "), seconds=15), ui.toast
    assert re.fullmatch(r"The companion suggests: a block (standing on [a-f]1|lying on [a-f]1-[a-f]1)", ui.toast)


def test_a_suggested_move_in_words_from_its_fields():
    from companion.games.block_arena.words import suggestion_words
    assert suggestion_words(Slide("d1", "n")) == "slide the block on d1 north"
    assert suggestion_words(Flip("c2", "e")) == "tip the block on c2 over to the east"
    assert suggestion_words(Flip("c2")) == "stand the block up on c2"
    assert suggestion_words(Go("c5")) == "move your meeple to c5"
    assert suggestion_words(Place("a1", "b1")) == "a block lying on a1-b1"
    assert suggestion_words(Meeple("a1")) == "meeple on a1"
    assert suggestion_words(END) == "end the turn"
    assert not NOTATION.search(suggestion_words(Slide("d1", "n")))


def test_one_action_is_singular_in_the_resume_list():
    assert plural(1, "action") == "1 action" and plural(2, "action") == "2 actions" and plural(0, "die", "dice") == "0 dice"
    _first, second = session_line("Time Runners", {"actions": 1, "table": {"names": ["Ann"]}}, 1, 0.0, now=10.0)
    assert second.startswith("1 action  -  ")
    _first, second = session_line("Time Runners", {"actions": 12}, 12, 0.0, now=10.0)
    assert second.startswith("12 actions  -  ")


def test_companion_games_prints_titles_player_counts_and_worded_defaults():
    out = subprocess.run([sys.executable, "-m", "ui.cli", "games"], capture_output=True, text=True, timeout=60,
                         check=True).stdout
    assert "Block Arena (block-arena): 2 players; the companion can play (random, greedy, search)" in out
    assert "Time Runners (time-runners): 2 to 6 players" in out
    assert "  Mode: Teams with 2 (one of Teams, Free-for-All, Three against three, Three teams of two; option mode)" in out
    assert "  Legends: Alysia, Fitz with 2 " in out and "Lord Grym" in out
    assert "  40-turn variant (meeple or block a turn): no (yes or no; option bga)" in out
    assert "[" not in out and "2-2" not in out and "\t" not in out and "=False" not in out
