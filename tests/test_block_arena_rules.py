"""Block Arena: one test per rule sentence and ruling (BA-1..BA-14), the notation and the state record."""
from __future__ import annotations

import json

import pytest

from companion.core import BadRequest, IllegalAction, NotationError, Refusal
from companion.games import REGISTRY, make_game
from companion.games.block_arena import GAME, Flip, Go, Place, Slide, parse_action
from companion.testing.block_arena_fixtures import position, position_dict
from rules_helpers import play, refused

RULE = "block-arena/"


def A(text):
    return parse_action(text)


def legal(state):
    return [str(a) for a in state.legal_actions()]


def new(**opts):
    return GAME(2, opts).new_state()


def set_up(state=None, seat1=("a1", "b1", "c1 d1", "f1"), seat2=("a6", "b6", "c6 d6", "f6"), meeples=("b1", "b6")):
    """A game through setup: the placements alternate, then the meeples."""
    st = state or new()
    for one, two in zip(seat1, seat2):
        play(st, "place " + one, "place " + two)
    play(st, "meeple " + meeples[0], "meeple " + meeples[1])
    return st


#: a middle game on 6x6: seat 1 (rows 1..) has a path c2-c3, d3; seat 2's blocks c4 and d4-e4
MID = {1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}


def mid(**kw):
    kw.setdefault("meeples", ("c2", "e4"))
    meeples = kw.pop("meeples")
    return position(kw.pop("blocks", MID), meeples, **kw)


# ---------------------------------------------------------------- the game
def test_registry_makes_block_arena_for_two_with_type_options_and_computer_levels():
    g = make_game("block-arena", 2)
    assert REGISTRY["block-arena"] is GAME and g.title == "Block Arena" and (g.min_players, g.max_players) == (2, 2)
    assert (g.type.chance, g.type.information, g.type.outcome) == ("none", "perfect", "winner")
    assert g.options == {"columns": 6, "rows": 6, "bga": False}
    assert [o.rule for o in g.options_schema] == [RULE + "BA-1", RULE + "BA-1", RULE + "BA-9"]
    assert list(GAME.computer_players) == ["random", "greedy", "search"]
    assert set(GAME.rules) == {f"BA-{i}" for i in range(1, 15)} | {f"X-{i}" for i in range(1, 11)}
    with pytest.raises(BadRequest):
        make_game("block-arena", 3)


# ---------------------------------------------------------------- BA-1
def test_BA_1_board_is_6_by_6_unless_the_table_picks_5_to_9():
    assert new().to_dict()["columns"] == 6 and new().to_dict()["rows"] == 6
    st = new(columns=9, rows=5)
    assert (st.to_dict()["columns"], st.to_dict()["rows"]) == (9, 5)
    assert "place i1" in legal(st)
    for bad in ({"columns": 4}, {"rows": 10}, {"columns": "6"}):
        with pytest.raises(BadRequest) as e:
            GAME(2, bad)
        assert e.value.rule == RULE + "BA-1"
    refused(new(), "place g1", "off-board", "BA-1")


def test_BA_1_first_row_is_nearest_the_player_and_goal_is_the_opponents_first_row():
    st = new(rows=7)
    assert legal(st)[0] == "place a1"  # seat 1 sits at row 1
    play(st, "place a1")
    assert all(t.split()[1].endswith("7") for t in legal(st))  # seat 2 at the last row
    # seat 1's meeple on c6 with seat 2's block on c7 above it: stepping there wins for seat 1
    st = position({1: ["c5 c6", "a1", "b1", "e1"], 2: ["c7", "a7", "e7", "g7"]}, ("c5", "a7"), columns=7, rows=7)
    play(st, "go c7")
    assert st.winner == 1 and st.outcome().winners == (1,)


# ---------------------------------------------------------------- BA-2
def test_BA_2_standing_block_covers_one_square_and_lying_block_two_neighbours():
    st = new()
    play(st, "place a1", "place a6 b6")
    assert st.to_dict()["blocks"] == [{"owner": 1, "squares": ["a1"]}, {"owner": 2, "squares": ["a6", "b6"]}]
    refused(st, "place c1 e1", "not-adjacent", "BA-2")


def test_BA_2_blocks_never_share_a_square():
    st = new()
    play(st, "place a1 b1", "place a6")
    refused(st, "place b1", "square-taken", "BA-2")
    refused(mid(), "slide d3 w", "square-taken", "BA-4")  # into the other own block c3
    refused(mid(), "slide d3 n", "square-taken", "BA-4")  # into the opponent's d4


def test_BA_2_no_block_leaves_the_board():
    st = mid()
    refused(st, "slide b1 s", "off-board", "BA-2")
    refused(st, "slide f1 e", "off-board", "BA-2")
    refused(st, "flip f1 e", "off-board", "BA-2")
    with pytest.raises(IllegalAction) as e:
        GAME(2).state_from_dict(position_dict({**MID, 1: ["c2 c3", "d3", "b1", "g1"]}, ("c2", "e4")))
    assert e.value.code == "invalid-state" and e.value.rule == RULE + "BA-2"


# ---------------------------------------------------------------- BA-3
def test_BA_3_players_alternate_placing_one_block_first_player_first():
    st = new()
    assert st.current == 1
    play(st, "place a1")
    assert st.current == 2
    play(st, "place a6 b6")
    assert st.current == 1 and st.to_dict()["phase"] == "setup"


def test_BA_3_blocks_are_placed_only_in_the_players_own_first_row():
    st = new()
    refused(st, "place a2", "outside-first-row", "BA-3")
    refused(st, "place a6", "outside-first-row", "BA-3")
    play(st, "place a1")
    refused(st, "place b1", "outside-first-row", "BA-3")


def test_BA_3_a_lying_block_lies_along_the_first_row():
    refused(new(), "place a1 a2", "lie-along-row", "BA-3")
    assert "place a1 b1" in legal(new())


def test_BA_3_then_seat_1_places_its_meeple_on_its_own_block_then_seat_2():
    st = new()
    for one, two in zip(("a1", "b1", "c1 d1", "f1"), ("a6", "b6", "c6 d6", "f6")):
        play(st, "place " + one, "place " + two)
    assert st.to_dict()["phase"] == "meeples" and st.current == 1
    assert legal(st) == ["meeple a1", "meeple b1", "meeple c1", "meeple d1", "meeple f1"]
    refused(st, "meeple e1", "meeple-on-own-block", "BA-3")
    refused(st, "meeple a6", "meeple-on-own-block", "BA-3")
    refused(st, "place e1", "setup-over", "BA-3")
    play(st, "meeple d1")
    assert st.current == 2
    play(st, "meeple a6")
    assert st.to_dict()["phase"] == "play" and st.current == 1 and st.to_dict()["meeples"] == ["d1", "a6"]
    refused(st, "meeple c1", "not-meeple-time", "BA-3")


def test_BA_3_no_block_moves_before_setup_is_finished():
    st = new()
    play(st, "place a1", "place a6")
    refused(st, "slide a1 n", "setup-not-finished", "BA-3")
    refused(st, "go a1", "setup-not-finished", "BA-3")
    refused(st, "end", "setup-not-finished", "BA-3")


# ---------------------------------------------------------------- BA-4
def test_BA_4_slide_moves_the_whole_block_one_square_into_free_squares():
    st = mid()
    play(st, "slide d3 e")
    assert {"owner": 1, "squares": ["e3"]} in st.to_dict()["blocks"]
    st = set_up()
    play(st, "slide c1 e")  # a lying block slides along itself: d1 is its own, e1 is free
    assert {"owner": 1, "squares": ["d1", "e1"]} in st.to_dict()["blocks"]


def test_BA_4_flip_standing_to_lying_keeps_its_square_and_gains_a_free_neighbour_of_choice():
    for d, squares in (("e", ["d3", "e3"]), ("s", ["d2", "d3"])):
        st = mid()
        play(st, f"flip d3 {d}")
        assert {"owner": 1, "squares": squares} in st.to_dict()["blocks"]
    refused(mid(), "flip d3 n", "square-taken", "BA-4")
    refused(mid(), "flip d3 w", "square-taken", "BA-4")


def test_BA_4_flip_lying_to_standing_keeps_one_of_its_two_squares():
    for sq in ("c1", "d1"):
        st = set_up()
        play(st, f"flip {sq}")
        assert {"owner": 1, "squares": [sq]} in st.to_dict()["blocks"]
    refused(set_up(), "flip c1 n", "already-lying", "BA-4")
    refused(set_up(), "flip a1", "already-standing", "BA-4")


def test_BA_4_moving_where_there_is_no_block_is_refused():
    refused(mid(), "slide a3 n", "no-block", "BA-4")


# ---------------------------------------------------------------- BA-5
def test_BA_5_a_block_carrying_its_owners_meeple_cannot_move():
    st = mid()
    refused(st, "slide c2 w", "carries-own-meeple", "BA-5")
    refused(st, "flip c3", "carries-own-meeple", "BA-5")
    assert not any(t.startswith(("slide c2", "flip c2", "flip c3")) for t in legal(st))


def test_BA_5_block_carrying_opponents_meeple_slides_it_along_but_cannot_flip():
    st = mid(current=2, meeples=("c4", "e4"))  # seat 2 to move; seat 1's meeple stands on seat 2's c4
    refused(st, "flip c4 n", "flip-carries-opponent", "BA-5")
    assert not any(t.startswith("flip c4") for t in legal(st))
    play(st, "slide c4 n")
    assert st.to_dict()["meeples"] == ["c5", "e4"]


def test_BA_5_a_meeple_on_a_lying_block_stands_on_one_of_its_two_squares():
    st = mid()
    play(st, "slide b1 n", "go c3")
    assert st.to_dict()["meeples"][0] == "c3"
    st = mid()
    assert "go c3" in legal(st) and "go c2" not in legal(st)


# ---------------------------------------------------------------- BA-6
def test_BA_6_a_turn_has_exactly_one_block_move():
    st = mid()
    play(st, "slide b1 n")
    refused(st, "slide f1 n", "second-block-move", "BA-6")
    assert not any(t.startswith(("slide", "flip")) for t in legal(st))


def test_BA_6_a_turn_cannot_end_without_its_block_move():
    refused(mid(), "end", "block-move-first", "BA-6")


def test_BA_6_the_player_moves_their_own_blocks_not_the_opponents_out_of_turn():
    st = mid()
    e = refused(st, "slide a6 s", "not-your-block", "BA-6")
    assert "seat 1's turn" in e.reason


def test_ruling_actions_belong_to_the_seat_in_turn_another_seats_play_is_refused(tmp_path):
    from companion.journal import Journal
    from companion.session import Session
    s = Session.start(Journal(tmp_path / "j.sqlite"), "block-arena", 2, seed=1)
    assert GAME(2).new_state().actor(A("place a1")) == 1
    with pytest.raises(IllegalAction) as e:
        s.play("place a6", player=2)  # seat 1 places first
    assert e.value.rule == "protocol/player" and s.full_state()["blocks"] == []
    s.play("place a1", player=1)
    assert s.legal(2) == legal(s.state) and s.legal(1) == []


def test_BA_6_the_meeple_moves_at_most_once_a_turn():
    st = mid()
    play(st, "go c3")
    refused(st, "go d3", "meeple-already-moved", "BA-6")


def test_BA_6_the_turn_passes_to_the_opponent():
    st = mid()
    play(st, "slide b1 n", "end")
    assert st.current == 2 and st.to_dict()["turns"] == [1, 0]


# ---------------------------------------------------------------- BA-7
def test_BA_7_over_own_blocks_the_meeple_goes_any_distance():
    st = position({1: ["a1 a2", "a3 a4", "b4", "c4"], 2: ["f6", "e6", "d6", "c6"]}, ("a1", "f6"))
    assert {"go a2", "go a3", "go a4", "go b4", "go c4"} <= set(legal(st))
    play(st, "go c4")
    assert st.to_dict()["meeples"][0] == "c4"


def test_BA_7_a_meeple_that_steps_from_its_own_block_onto_the_opponents_stops_there():
    st = mid()  # c2-c3-d3 own; c4 and d4 are the opponent's
    assert {"go c4", "go d4"} <= set(legal(st))
    refused(st, "go c5", "meeple-off-block", "BA-7")
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4 c5", "d4 e4", "a6", "f6"]}, ("c2", "e4"))
    assert "go c4" in legal(st) and "go c5" not in legal(st)
    refused(st, "go c5", "meeple-path", "BA-7")  # past the first opponent square


def test_BA_7_starting_on_an_opponents_block_the_meeple_moves_one_step():
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4 c5", "d4 e4", "a6", "f6"]}, ("c4", "e4"))
    assert sorted(t for t in legal(st) if t.startswith("go")) == ["go c3", "go c5", "go d4"]
    refused(st, "go c6", "meeple-off-block", "BA-7")
    refused(st, "go c2", "meeple-path", "BA-7")  # back onto own blocks: one step only, c3 not c2


def test_BA_7_steps_run_only_between_touching_blocks_never_diagonally_or_over_the_board():
    st = position({1: ["a1", "b2", "c1", "e1"], 2: ["a6", "b6", "c6", "d6"]}, ("a1", "a6"))
    refused(st, "go b2", "meeple-path", "BA-7")
    refused(st, "go a2", "meeple-off-block", "BA-7")


def test_BA_7_meeples_block_each_other_no_stopping_on_or_passing_the_other():
    st = position({1: ["a1 a2", "a3 a4", "f1", "e1"], 2: ["a5", "b5", "c6", "d6"]}, ("a1", "a3"), current=1)
    refused(st, "go a3", "meeple-occupied", "BA-7")
    refused(st, "go a4", "meeple-path", "BA-7")  # would pass a3
    assert [t for t in legal(st) if t.startswith("go")] == ["go a2"]


# ---------------------------------------------------------------- BA-8
def test_BA_8_a_meeple_on_the_opponents_first_row_wins_even_on_the_opponents_block():
    st = position({1: ["c3 c4", "c5", "a1", "e1"], 2: ["c6", "a6", "e6", "f6"]}, ("c3", "a6"))
    events = play(st, "go c6")  # c3-c4-c5 own, then a step onto seat 2's c6 on row 6
    assert st.winner == 1 and st.turn().kind == "over" and events[-1]["type"] == "game-over"
    assert st.outcome().winners == (1,) and "Seat 1 wins" in st.outcome().reason


def test_BA_8_a_player_who_must_move_a_block_and_cannot_loses():
    st = _stuck_for_seat_2()
    play(st, "slide f1 n", "end")  # seat 1 ends its turn; seat 2 cannot move a block
    assert st.winner == 1 and st.to_dict()["reason"] == "stuck"


def _stuck_for_seat_2():
    """Seat 2's blocks a6, b6 (its meeple), a5 and b5 fill a corner walled by seat 1's c5-c6 and a4-b4:
    no seat-2 block can slide or flip, wherever its meeple goes."""
    blocks = {1: ["c5 c6", "a4 b4", "f1", "d1"], 2: ["a6", "b6", "a5", "b5"]}
    return position(blocks, ("d1", "b6"))


# ---------------------------------------------------------------- BA-9 (bga variant)
def test_BA_9_in_bga_a_turn_is_a_meeple_movement_or_one_block_move():
    st = mid(bga=True)
    play(st, "go c3")
    assert st.current == 2
    st = mid(bga=True)
    play(st, "slide b1 n")
    assert st.current == 2 and st.to_dict()["turn"] == {"block_moved": False, "meeple_moved": False}


def test_BA_9_in_bga_there_is_no_end_action():
    st = mid(bga=True)
    refused(st, "end", "no-end-in-bga", "BA-9")
    assert "end" not in legal(st)


def test_BA_9_in_bga_after_40_turns_each_the_meeple_nearer_its_goal_wins():
    st = mid(bga=True, current=2, turns=[40, 39])  # seat 2's 40th turn ends the game
    play(st, "slide a6 s")
    # seat 1's meeple on c2 is 4 rows from row 6; seat 2's on e4 is 3 rows from row 1
    assert st.winner == 2 and st.to_dict()["reason"] == "turn-limit"
    st = mid(bga=True, current=2, turns=[40, 39], meeples=("c4", "e4"))
    play(st, "slide a6 s")
    assert st.winner == 1  # seat 1's meeple on c4: 2 rows from its goal


def test_BA_9_in_bga_equal_meeples_go_to_the_blocks_then_to_the_second_player():
    # both meeples 3 rows from their goals; seat 1's blocks are nearer theirs
    blocks = {1: ["c3 c4", "d3", "b3", "f3"], 2: ["c5", "d4 e4", "a6", "f6"]}
    st = position(blocks, ("c3", "e4"), bga=True, current=2, turns=[40, 39])
    play(st, "slide a6 s")
    assert st.distances(1)[0] == st.distances(2)[0] == 3 and st.distances(1)[1] < st.distances(2)[1]
    assert st.winner == 1
    # mirror image: everything equal -> the second player
    blocks = {1: ["c2 c3", "d3", "a2", "f1"], 2: ["c4 c5", "d4", "a6", "f6"]}
    st = position(blocks, ("c3", "d4"), bga=True, current=2, turns=[40, 39])
    play(st, "slide a6 s")
    assert st.distances(1) == st.distances(2) and st.winner == 2


def test_BA_9_the_standard_game_does_not_end_on_a_turn_limit():
    st = mid(turns=[400, 400])
    play(st, "slide b1 n", "end")
    assert st.current == 2 and st.winner is None


# ---------------------------------------------------------------- BA-10
def test_BA_10_each_player_has_4_blocks():
    st = new()
    for i, (one, two) in enumerate(zip(("a1", "b1", "c1", "d1"), ("a6", "b6", "c6", "d6"))):
        assert st.to_dict()["phase"] == "setup"
        play(st, "place " + one, "place " + two)
    assert st.to_dict()["phase"] == "meeples" and len(st.to_dict()["blocks"]) == 8


def test_BA_10_a_placement_that_leaves_no_room_for_the_remaining_blocks_standing_is_refused():
    st = new(columns=5, rows=5)
    play(st, "place a1 b1", "place a5")
    # 3 squares left in row 1 for 3 blocks: another lying block would leave 1 square for 2 blocks
    refused(st, "place c1 d1", "no-room-left", "BA-10")
    assert not any(len(t.split()) == 3 for t in legal(st))
    play(st, "place c1")


# ---------------------------------------------------------------- BA-11
#: seat 1's a1, a2 walled in by seat 2's b1-b2 and a3; its meeple on e1, walled by d1 and e2 once left
LOCKED = {1: ["a1", "a2", "e1", "f1"], 2: ["b1 b2", "a3", "d1", "e2"]}
#: seat 1 in the far corner: a6, b6, c6 walled by seat 2's b5-c5 and d6; its meeple on a5
CORNER = {1: ["a5", "a6", "b6", "c6"], 2: ["b5 c5", "d6", "f3", "f4"]}


def test_BA_11_a_meeple_movement_before_the_block_move_must_leave_a_block_move():
    st = position(LOCKED, ("e1", "a3"))
    assert [t for t in legal(st) if not t.startswith("go")] == ["slide f1 n", "flip f1 n"]
    refused(st, "go f1", "no-block-move-after", "BA-11")  # then e1 (walled) would be the only candidate
    assert "go f1" not in legal(st) and {"go d1", "go e2"} <= set(legal(st))


def test_BA_11_a_meeple_movement_first_that_reaches_the_goal_needs_no_block_move_after():
    st = position(CORNER, ("a5", "f3"))
    assert not st.block_moves() and {"go a6", "go b6", "go c6"} <= set(legal(st))
    play(st, "go c6")
    assert st.winner == 1


def test_BA_11_after_the_block_move_the_player_moves_the_meeple_once_or_ends():
    st = mid()
    play(st, "slide b1 n")
    assert set(legal(st)) == {"go b2", "go c3", "go d3", "go c4", "go d4", "end"}
    play(st, "go b2")
    assert st.current == 2


def test_BA_11_the_turn_ends_by_itself_after_the_block_move_when_the_meeple_moved_first():
    st = mid()
    play(st, "go c3", "slide b1 n")
    assert st.current == 2 and st.to_dict()["turns"] == [1, 0]


# ---------------------------------------------------------------- BA-12
def test_BA_12_the_game_ends_at_once_when_the_movers_meeple_reaches_its_goal_row():
    st = position({1: ["c4 c5", "c6", "a1", "e1"], 2: ["b6", "a6", "e6", "f6"]}, ("c4", "a6"))
    play(st, "go c6")  # before any block move
    assert st.winner == 1 and st.to_dict()["phase"] == "over" and st.to_dict()["current"] is None


def test_BA_12_sliding_the_opponents_meeple_onto_their_goal_row_makes_them_win():
    st = position({1: ["a1", "c1", "e1", "e3"], 2: ["b4", "a5", "c5 d5", "e5"]}, ("b4", "a5"),
                  columns=5, rows=5, current=2)
    play(st, "slide b4 n")  # seat 2 carries seat 1's meeple to row 5, seat 1's goal
    assert st.winner == 1 and st.to_dict()["reason"] == "goal"


def test_BA_12_nothing_is_played_after_the_end():
    st = position({1: ["c4 c5", "c6", "a1", "e1"], 2: ["b6", "a6", "e6", "f6"]}, ("c4", "a6"))
    play(st, "go c6")
    for text in ("slide a1 n", "end", "go c5", "place a1", "meeple a1"):
        refused(st, text, "game-over", "BA-12")
    assert st.legal_actions() == []


# ---------------------------------------------------------------- BA-13
def test_BA_13_a_player_who_cannot_complete_a_turn_loses_at_once():
    st = _stuck_for_seat_2()
    assert st.can_take_turn(1) and not st.can_take_turn(2)
    events = play(st, "slide f1 n", "end")
    assert events[-1] == {"type": "game-over", "winner": 1, "reason": "stuck"}
    assert st.outcome().winners == (1,) and "could not move" in st.outcome().reason


def test_BA_13_a_player_whose_meeple_movement_frees_a_block_is_not_stuck():
    # seat 1's a1, b1, c1 are walled by seat 2's b2-c2 and d1; the meeple's block a2 could slide north
    st = position({1: ["a2", "a1", "b1", "c1"], 2: ["b2 c2", "d1", "f6", "e6"]}, ("a2", "f6"))
    assert not st.block_moves() and st.can_take_turn(1)
    assert all(t.startswith("go") for t in legal(st)) and "go a1" in legal(st)
    play(st, "go a1", "slide a2 n")
    assert st.current == 2


def test_BA_13_nobody_is_stuck_when_play_begins_because_the_second_rows_are_empty():
    st = new(columns=5, rows=5)
    set_up(st, ("a1", "b1", "c1", "d1"), ("a5", "b5", "c5", "d5"), ("a1", "a5"))
    assert st.current == 1 and st.winner is None
    assert {"slide b1 n", "slide c1 n", "slide d1 n"} <= set(legal(st))


# ---------------------------------------------------------------- BA-14
def test_BA_14_bga_distances_count_rows_from_a_pieces_nearest_square_to_its_goal_row():
    st = mid(bga=True)
    # seat 1's goal is row 6: meeple c2 -> 4; blocks c2-c3 -> 3, d3 -> 3, b1 -> 5, f1 -> 5
    assert st.distances(1) == (4, 16)
    # seat 2's goal is row 1: meeple e4 -> 3; c4 -> 3, d4-e4 -> 3, a6 -> 5, f6 -> 5
    assert st.distances(2) == (3, 16)


# ---------------------------------------------------------------- rulings (package docstring)
def test_ruling_a_block_is_named_by_any_square_and_listed_by_its_first_square():
    st = set_up()
    assert "slide c1 n" in legal(st) and "slide d1 n" not in legal(st)
    assert st.canonical(A("slide d1 n")) == Slide("c1", "n")
    play(st, "slide d1 n")
    assert {"owner": 1, "squares": ["c2", "d2"]} in st.to_dict()["blocks"]


def test_ruling_a_meeple_that_can_reach_the_goal_is_not_stuck():
    st = position(CORNER, ("a5", "f3"))
    assert not st.block_moves() and st.can_take_turn(1)
    # the winning movements are listed although no block move follows them (BA-11)
    assert {"go a6", "go b6", "go c6"} <= set(legal(st))


def test_ruling_in_bga_a_player_is_stuck_only_without_block_and_meeple_moves():
    st = position(LOCKED, ("e1", "a3"), bga=True)
    assert "go f1" in legal(st)  # refused before a block move in the standard game (BA-11)
    play(st, "go f1")
    assert st.current == 2
    st = position({1: ["a2", "a1", "b1", "c1"], 2: ["b2 c2", "d1", "f6", "e6"]}, ("a2", "f6"), bga=True)
    assert st.can_take_turn(1) and not st.block_moves()  # meeple movements alone keep it in the game


def test_ruling_in_bga_BA_11_does_not_apply_and_BA_12_still_does():
    st = position({1: ["c4 c5", "c6", "a1", "e1"], 2: ["b6", "a6", "e6", "f6"]}, ("c4", "a6"), bga=True)
    play(st, "go c6")
    assert st.winner == 1


def test_ruling_after_the_block_move_end_is_needed_even_when_the_meeple_cannot_move():
    st = set_up(meeples=("f1", "f6"))
    play(st, "slide a1 n")
    assert legal(st) == ["end"] and st.current == 1


def test_ruling_a_meeple_movement_moves_go_to_its_own_square_is_refused():
    refused(mid(), "go c2", "meeple-stays", "BA-7")


def test_ruling_a_step_between_the_two_squares_of_a_lying_block_is_a_step():
    # own lying block: a step to the other half and on; opponent's lying block: that step is the only one
    st = position({1: ["c1 c2", "c3", "a1", "f1"], 2: ["d3 e3", "e4", "a6", "f6"]}, ("c1", "f6"))
    assert {"go c2", "go c3", "go d3"} <= set(legal(st)) and "go e3" not in legal(st)
    st = position({1: ["c1 c2", "c3", "a1", "f1"], 2: ["d3 e3", "e4", "a6", "f6"]}, ("d3", "f6"))
    assert sorted(t for t in legal(st) if t.startswith("go")) == ["go c3", "go e3"]


def test_ruling_a_setup_meeple_may_stand_on_either_square_of_a_lying_block():
    st = set_up(meeples=("d1", "c6"))
    assert st.to_dict()["meeples"] == ["d1", "c6"]


# ---------------------------------------------------------------- notation
def test_notation_round_trips_every_form():
    for text in ("place c1", "place c1 d1", "meeple c1", "slide c1 n", "flip c1 e", "flip c1", "go i9", "end"):
        assert str(A(text)) == text and A(str(A(text))) == A(text)
    for other in ("  slide   c1  n ", "Slide C1 N", "slide\tc1 n"):  # one rule for every game (PROTOCOL.md)
        with pytest.raises(NotationError):
            A(other)
    assert A("place c1 d1") == Place("c1", "d1") and A("flip c1") == Flip("c1") and A("go a1") == Go("a1")


@pytest.mark.parametrize("text", ["", "jump a1", "place", "place j1", "place a0", "place a10", "place d1 c1",
                                  "place c1 c1", "slide c1", "slide c1 x", "slide c1 n e", "flip c1 up",
                                  "go", "go c1 c2", "end now", "meeple"])
def test_notation_refuses_what_is_not_an_action(text):
    with pytest.raises(NotationError) as e:
        A(text)
    assert e.value.code == "bad-notation"


# ---------------------------------------------------------------- the record (state / load, ALL-3)
def test_to_dict_has_current_winner_board_blocks_meeples_and_where_the_turn_stands():
    st = mid()
    d = st.to_dict()
    assert d["current"] == 1 and d["winner"] is None and (d["columns"], d["rows"]) == (6, 6)
    assert {"owner": 1, "squares": ["c2", "c3"]} in d["blocks"] and d["meeples"] == ["c2", "e4"]
    assert d["turn"] == {"block_moved": False, "meeple_moved": False} and d["phase"] == "play"
    play(st, "go c3")
    assert st.to_dict()["turn"] == {"block_moved": False, "meeple_moved": True}
    assert st.view(2) == st.view(None) == st.to_dict()
    assert GAME(2).state_from_dict(json.loads(json.dumps(st.to_dict()))).to_dict() == st.to_dict()


def _bad(change, rule="ALL-3", **kw):
    d = position_dict(kw.pop("blocks", MID), kw.pop("meeples", ("c2", "e4")), **kw)
    change(d)
    with pytest.raises(IllegalAction) as e:
        GAME(2).state_from_dict(d)
    assert e.value.code == "invalid-state" and e.value.reason.startswith("This is not a possible Block Arena position")
    assert e.value.rule == (rule if rule == "ALL-3" else RULE + rule), e.value
    return e.value


def test_ALL_3_load_refuses_overlapping_blocks():
    e = _bad(lambda d: d["blocks"].__setitem__(2, {"owner": 1, "squares": ["c3"]}), "BA-2")
    assert "overlap on c3" in e.reason


def test_ALL_3_load_refuses_a_meeple_off_a_block():
    e = _bad(lambda d: d.__setitem__("meeples", ["c5", "e4"]), "BA-7")
    assert "not on a block" in e.reason


def test_ALL_3_load_refuses_a_block_off_the_board():
    e = _bad(lambda d: d["blocks"].__setitem__(3, {"owner": 1, "squares": ["f1", "g1"]}), "BA-2")
    assert "off the board" in e.reason


@pytest.mark.parametrize("change,rule", [
    (lambda d: d.pop("turn"), "ALL-3"),
    (lambda d: d.__setitem__("extra", 1), "ALL-3"),
    (lambda d: d.__setitem__("game", "chess"), "ALL-3"),
    (lambda d: d.__setitem__("columns", 7), "BA-1"),
    (lambda d: d.__setitem__("bga", True), "BA-9"),
    (lambda d: d.__setitem__("phase", "lunch"), "ALL-3"),
    (lambda d: d["blocks"].pop(), "BA-10"),
    (lambda d: d["blocks"].append({"owner": 1, "squares": ["a3"]}), "BA-10"),
    (lambda d: d["blocks"][0].__setitem__("squares", ["c3", "c2"]), "BA-2"),
    (lambda d: d["blocks"][0].__setitem__("squares", ["c2", "d3"]), "BA-2"),
    (lambda d: d.__setitem__("meeples", ["e4", "e4"]), "BA-7"),
    (lambda d: d.__setitem__("meeples", ["c2", None]), "BA-3"),
    (lambda d: d.__setitem__("current", 3), "ALL-3"),
    (lambda d: d.__setitem__("current", 2), "BA-6"),
    (lambda d: d.__setitem__("winner", 1), "ALL-3"),
    (lambda d: d.__setitem__("turn", {"block_moved": True, "meeple_moved": True}), "BA-11"),
    (lambda d: d.__setitem__("meeples", ["c4", "d4"]) or d.__setitem__("blocks", [
        {"owner": 1, "squares": ["c5", "c6"]}, *d["blocks"][1:]]) or d.__setitem__("meeples", ["c6", "e4"]), "BA-12"),
])
def test_ALL_3_load_refuses_impossible_positions(change, rule):
    _bad(change, rule)


def test_ALL_3_load_refuses_a_game_that_should_already_be_over_by_BA_13():
    d = _stuck_for_seat_2().to_dict()
    d.update(current=2, turns=[1, 0])
    with pytest.raises(IllegalAction) as e:
        GAME(2).state_from_dict(d)
    assert e.value.rule == RULE + "BA-13"


def test_ALL_3_load_accepts_every_phase_it_can_reach():
    st = new()
    for text in ("place a1", "place a6", "place b1", "place b6", "place c1 d1", "place c6 d6", "place f1",
                 "place f6", "meeple a1", "meeple a6", "slide b1 n", "end"):
        assert GAME(2).state_from_dict(st.to_dict()).to_dict() == st.to_dict()
        play(st, text)
    assert GAME(2).state_from_dict(st.to_dict()).to_dict() == st.to_dict()


def test_refusals_cite_rules_that_the_rules_reference_knows():
    from companion.rules import explain
    for rule in GAME.rules:
        assert explain(RULE + rule) == GAME.rules[rule]
        assert len(GAME.rules[rule]) < 240


def test_refusal_is_a_refusal_with_kind_illegal():
    with pytest.raises(Refusal) as e:
        mid().apply(A("end"))
    assert e.value.kind == "illegal"
