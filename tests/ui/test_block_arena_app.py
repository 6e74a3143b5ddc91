"""Block Arena in the app, by touches only: chosen on the home screen, set up by tapping squares, a
slide, a meeple move, a tip-over through the chooser, refusals beside the tapped square, undo; and a
solo game against the companion whose reply arrives, is marked on the board, and is undone with the
human move before it."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from pngcheck import read_png
from test_table_readable import clipped, small_text
from test_touch_targets import MIN_PX, small_controls

GAME_ID = "block-arena"


def start(ui, journal_path, opponent: str = "human"):
    ui.start(journal_path)
    return ui.start_game(None, GAME_ID, opponent=opponent)


def square_center(ui, name):
    board = ui.table.ids.board
    x, y, w, h = board.rect([name])
    return board.to_window(x + w / 2, y + h / 2)


def tap_square(ui, name):
    x, y = square_center(ui, name)
    toast = ui.app.toast
    if toast.shown and toast.collide_point(x, y):
        toast.dismiss()  # a note over the square: a tap there would explain the note instead
    ui.tap_at(x, y)
    ui.frames(2)


def blocks(c):
    return {(b["owner"], " ".join(b["squares"])) for b in c.view["blocks"]}


def assert_note_beside(ui, name, words):
    """A note saying `words` appeared right under (or over) the tapped square, off any button in the way."""
    assert words in ui.toast, ui.toast
    x, y = square_center(ui, name)
    cell = ui.table.ids.board.cell
    toast = ui.app.toast
    assert toast.x <= x <= toast.right
    assert 0 <= (y - cell / 2) - toast.top < cell / 2 or 0 <= toast.y - (y + cell / 2) < cell / 2


def wait_for_companion(ui, seconds=15.0):
    c = ui.app.controller
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and c.outcome() is None and (c.thinking or c.view["current"] == c.computer_seat):
        ui.frames(1)
        time.sleep(0.01)
    ui.frames(3)
    assert not c.thinking and (c.outcome() is not None or c.view["current"] != c.computer_seat)


def test_a_short_game_by_touches(ui, journal_path):
    table = start(ui, journal_path)
    c = ui.app.controller
    board = table.ids.board
    assert (board.columns, board.rows) == (6, 6) and c.names == ["Red", "Blue"]
    assert small_controls(ui.app.root) == [] and small_text(ui.app.root) == [] and clipped(ui.app.root, 800, 480) == []
    assert "row 1" in table.prompt_text and set(board.dots) == {f"{x}1" for x in "abcdef"}
    # setup: tap a square, then tap it again (standing) or the square beside it (lying)
    tap_square(ui, "a1")
    assert board.selected == ["a1"] and set(board.dots) == {"a1", "b1"} and ["a1", "b1"] in board.ghosts
    tap_square(ui, "a1")
    assert blocks(c) == {(1, "a1")} and c.view["current"] == 2
    tap_square(ui, "b6")
    tap_square(ui, "c6")
    assert (2, "b6 c6") in blocks(c)
    tap_square(ui, "c3")  # not Red's first row: the engine says so beside c3
    assert_note_beside(ui, "c3", "only in row 1")
    ui.tap(ui.app.toast)  # the note explains its rule
    assert "block-arena/BA-3" in ui.toast
    tap_square(ui, "c1")
    tap_square(ui, "c2")  # a lying block lies along the row
    assert_note_beside(ui, "c2", "along the first row")
    for taps in (["c1", "d1"], ["a6", "a6"], ["e1", "e1"], ["d6", "d6"], ["b1", "b1"], ["f6", "f6"]):
        for name in taps:
            tap_square(ui, name)
    assert blocks(c) == {(1, "a1"), (1, "b1"), (1, "c1 d1"), (1, "e1"), (2, "a6"), (2, "b6 c6"), (2, "d6"), (2, "f6")}
    assert c.view["phase"] == "meeples"
    tap_square(ui, "a1")
    tap_square(ui, "f6")
    assert c.view["meeples"] == ["a1", "f6"] and c.view["phase"] == "play"
    # Red: tap the lying block, see its moves, slide it north
    tap_square(ui, "c1")
    assert board.selected == ["c1", "d1"] and set(board.dots) == {"c2", "d2", "c1", "d1"}
    assert ["c2", "d2"] in board.ghosts
    tap_square(ui, "c2")
    assert (1, "c2 d2") in blocks(c) and c.view["turn"]["block_moved"] and table.can_end
    # the meeple: its squares, then a move that ends the turn
    tap_square(ui, "a1")
    assert board.chosen_meeple == "a1" and board.dots == ["b1"]
    tap_square(ui, "b1")
    assert c.view["meeples"][0] == "b1" and c.view["current"] == 2
    # Blue: Red's block is not Blue's to move; a standing block slides or tips over onto a5: the chooser asks
    tap_square(ui, "e1")
    assert_note_beside(ui, "e1", "is Red's block")
    tap_square(ui, "a6")
    assert board.dots == ["a5"]
    tap_square(ui, "a5")
    chooser = table.chooser
    assert chooser is not None and [b.text.split("\n")[1] for b in reversed(chooser.children)] == [
        "[size=14sp]slide a6 s[/size]", "[size=14sp]flip a6 s[/size]"]
    assert small_controls(chooser) == []
    ui.tap(list(reversed(chooser.children))[1])
    assert (2, "a5 a6") in blocks(c) and table.chooser is None
    tap_square(ui, "d6")  # a second block move: the engine says one a turn
    assert_note_beside(ui, "d6", "Only one block move a turn")
    ui.tap(table.ids.end_turn)
    assert c.view["current"] == 1
    # undo twice: the end, then the tip-over
    ui.tap(table.ids.undo)
    ui.frames(2)
    assert c.view["current"] == 2 and c.view["turn"]["block_moved"]
    ui.tap(table.ids.undo)
    ui.frames(2)
    assert (2, "a6") in blocks(c) and not c.view["turn"]["block_moved"]
    ui.tap(table.ids.redo)
    ui.frames(2)
    assert (2, "a5 a6") in blocks(c)
    assert small_text(ui.app.root) == [] and clipped(ui.app.root, 800, 480) == []


def test_a_tap_on_the_own_meeple_twice_says_its_block_cannot_move(ui, journal_path):
    table = start(ui, journal_path)
    c = ui.app.controller
    for text in ("place a1", "place a6", "place b1", "place b6", "place c1", "place c6", "place d1", "place d6",
                 "meeple a1", "meeple a6"):
        assert c.play(text) is None
    ui.frames(2)
    tap_square(ui, "a1")
    assert table.ids.board.chosen_meeple == "a1" and table.ids.board.dots == ["b1", "c1", "d1"]  # own blocks: any distance
    tap_square(ui, "a1")
    assert_note_beside(ui, "a1", "carrying your own meeple cannot move")
    ui.tap(table.ids.end_turn)  # no block moved yet
    assert "needs a block move" in ui.toast


def test_solo_against_the_companion_its_reply_is_marked_and_undone_with_the_move_before(ui, journal_path):
    table = start(ui, journal_path, opponent="random")
    c = ui.app.controller
    board = table.ids.board
    assert c.computer_seat == 2 and c.computer_level == "random" and c.names[1] == "Companion"
    for taps in (["a1", "a1"], ["c1", "d1"], ["e1", "e1"], ["b1", "b1"], ["a1"]):
        for name in taps:
            tap_square(ui, name)
        wait_for_companion(ui)
        assert board.marks and all(m["by"] == 2 for m in board.marks)
        assert "Companion " in table.told_text and "Board:" in table.told_text  # its turn, to copy onto the board
    assert c.view["phase"] == "play" and c.view["current"] == 1
    ui.tap(table.ids.hint)  # the suggestion in a note, and its piece and target on the board
    assert ui.until(lambda: ui.toast.startswith("The companion suggests"), seconds=15)
    suggestion = ui.toast.removeprefix("The companion suggests: ")
    # the suggestion is worded from the Action (issue 22: "slide the block on c1 north", not `slide c1 n`)
    from companion.games.block_arena.words import suggestion_words
    assert suggestion in {suggestion_words(a) for a in c.actions} and 1 <= len(board.dots) <= 2
    assert {suggestion_words(t) for opts in table._targets.values() for t, _, _ in opts} == {suggestion}  # the targets hold Action values
    tap_square(ui, "c1")
    tap_square(ui, "c2")
    assert board.marks == [] and table.told_text.startswith("Red slides a block")  # Red moved: the companion's marks go
    after_slide = dict(c.view)
    ui.tap(table.ids.end_turn)
    wait_for_companion(ui)
    assert c.outcome() is not None or c.view["current"] == 1
    assert board.marks and "Companion" in table.told_text
    assert ui.until(lambda: board.progress == len(board.marks))  # the animation runs to its end, the marks stay
    ui.frames(3)
    assert board.marks and board.progress == len(board.marks)
    ui.tap(table.ids.undo)
    ui.frames(2)
    assert c.view == after_slide and not c.thinking
    assert board.marks == []
    # the undo took back Red's end of turn and the companion's reply: the board steps put its pieces back
    assert table.told_text.startswith("Taken back: ")
    # the board step puts the companion's block back ("Put ... back from", "Flip ... back down onto")
    assert any("Board:" in line and "Companion's block" in line and " back " in line
               for line in table.told_text.splitlines()), table.told_text
    assert small_text(ui.app.root) == [] and clipped(ui.app.root, 800, 480) == []


def test_the_screenshot_shows_a_game_in_progress(tmp_path):
    out = tmp_path / "block-arena.png"
    env = dict(os.environ, KIVY_HOME=str(tmp_path / "kivy"), COMPANION_DATA=str(tmp_path / "data"))
    proc = subprocess.run([sys.executable, "-m", "ui.cli", "screenshot", GAME_ID, str(out)],
                          cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    w, h, colors = read_png(out)
    assert (w, h) == (800, 480) and len(colors) > 40


def test_the_sample_table_marks_the_companions_turn_and_offers_reds_block(ui, journal_path):
    from ui.samples import sample_session
    app = ui.start(journal_path)
    session = sample_session(app.journal, GAME_ID)
    app.resume(session.id)
    ui.frames(2)
    table = ui.table
    table.prepare_shot(None)
    ui.frames(2)
    board = table.ids.board
    assert [(m["piece"], m["from"], m["to"]) for m in board.marks] == [("block", ["b6"], ["b5"]), ("meeple", ["e6"], ["d6"])]
    assert "Companion slides a block from b6 to b5." in table.told_text  # the companion's turn, told whole
    assert "Board:[/b] Slide Companion's block from b6 to b5" in table.told_text
    assert "Companion moves their meeple from e6 to d6." in table.told_text
    assert board.selected == ["f2"] and sorted(board.dots) == ["e2", "f1", "f3"]
    assert "then choose" in table.prompt_text


def test_a_9x9_board_keeps_its_squares_9_mm_at_800x480(ui, journal_path):
    ui.start(journal_path)
    home = ui.app.home
    ui.tap(next(b for b in home.ids.games.children if b.game_id == GAME_ID))
    for label in ("Columns", "Rows"):
        for _ in range(3):
            row = ui.option_row(label)
            ui.tap([w for w in reversed(row.children) if hasattr(w, "bg")][2])  # +
    assert home.option_values["columns"] == home.option_values["rows"] == 9
    ui.tap(home.ids.start)
    board = ui.table.ids.board
    assert (board.columns, board.rows) == (9, 9) and board.cell >= MIN_PX
    assert clipped(ui.app.root, 800, 480) == [] and small_text(ui.app.root) == []
    tap_square(ui, "i1")
    tap_square(ui, "h1")
    assert ui.app.controller.view["blocks"] == [{"owner": 1, "squares": ["h1", "i1"]}]


def test_BA_9_the_bga_turn_line_counts_to_the_engines_limit_and_the_ending_says_why(ui, journal_path):
    from companion.testing.block_arena_fixtures import position_dict
    from companion.games.block_arena.state import BGA_TURNS
    from companion.session import Session
    app = ui.start(journal_path)
    table_data = {"names": ["Red", "Blue"], "colors": ["red", "blue"]}
    app.resume(Session.start(app.journal, GAME_ID, 2, options={"bga": True}, table=table_data).id)
    ui.frames(2)
    table, c = ui.table, ui.app.controller
    blocks = {1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}
    assert c.load(position_dict(blocks, ("c2", "e4"), bga=True, current=2, turns=[BGA_TURNS, BGA_TURNS - 1])) is None
    ui.frames(2)
    assert table.turn_text == f"Blue, turn {BGA_TURNS} of {BGA_TURNS}"
    tap_square(ui, "a6")
    tap_square(ui, "a5")
    ui.tap(next(b for b in table.chooser.children if "slide a6 s" in b.text))
    ui.frames(2)
    outcome = c.outcome()
    assert outcome is not None and outcome.termination == "turn-limit" and outcome.winners == (2,)
    assert table.prompt_text == f"After {BGA_TURNS} turns each, Blue is nearer the goal."


def test_BA_12_the_ending_names_the_player_whose_meeple_reached_the_far_row(ui, journal_path):
    from companion.testing.block_arena_fixtures import position_dict
    table = start(ui, journal_path)
    c = ui.app.controller
    blocks = {1: ["c4 c5", "c6", "a1", "e1"], 2: ["b6", "a6", "e6", "f6"]}
    assert c.load(position_dict(blocks, ("c4", "a6"))) is None
    ui.frames(2)
    tap_square(ui, "c4")
    assert "c6" in table.ids.board.dots
    tap_square(ui, "c6")
    assert c.outcome() is not None and c.outcome().termination == "goal"
    assert table.prompt_text == "Red's meeple reached the far row." and "Red" in table.turn_text


def test_BA_5_a_meeple_carried_by_the_other_seats_slide_is_marked_after_it_from_the_engines_events():
    from companion.games.block_arena import parse_action
    from companion.testing.block_arena_fixtures import position
    from ui.games.block_arena.board import move_marks
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c4", "e4"), current=2)
    before = st.view(None)["meeples"]
    events = st.apply(parse_action("slide c4 n")) + st.apply(parse_action("go d4"))
    marks = move_marks(events, before, st.view(None)["meeples"])
    assert [(m["piece"], m["seat"], m["by"], m["from"], m["to"]) for m in marks] == [
        ("block", 2, 2, ["c4"], ["c5"]), ("meeple", 1, 2, ["c4"], ["c5"]), ("meeple", 2, 2, ["e4"], ["d4"])]

