"""Block Arena computer players: legal answers at every stage, time budget, wins and defences, plans."""
from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from companion.core import IllegalAction, RandomPlayer
from companion.games.block_arena import GAME, parse_action
from companion.testing.block_arena_fixtures import position
from companion.games.block_arena.players import GreedyPlayer
from companion.games.block_arena.search import SearchPlayer
from companion.games.block_arena.turns import action_of, whole_turns, wins_now
from companion.journal import Journal
from companion.session import Session

LEVELS = [RandomPlayer, GreedyPlayer, SearchPlayer]

#: seat 2's meeple on c2 threatens to step onto seat 1's c1 (row 1, seat 2's goal); seat 1 to move
THREAT = {1: ["a1", "c1", "e1", "f1"], 2: ["c2", "a6", "d6", "f6"]}


def finish_turn(player, st, seat, rng, seconds=0.2):
    """Let `player` play seat's whole turn; the texts it chose."""
    texts = []
    while not st.is_over() and st.current == seat:
        a = player.choose(st.clone(), seat, rng, seconds)
        texts.append(str(a))
        st.apply(a)
    return texts


def stages(rng):
    """Positions from setup to the end, including half-finished turns."""
    st = GAME(2, {"columns": 5, "rows": 6}).new_state()
    out = []
    while not st.is_over():
        out.append(st.clone())
        st.apply(rng.choice(st.legal_actions()))
    return out[::7]


def test_computer_levels_are_listed_and_the_search_code_loads_only_when_asked():
    assert list(GAME.computer_players) == ["random", "greedy", "search"]
    assert [type(f()).__name__ for f in GAME.computer_players.values()] == ["RandomPlayer", "GreedyPlayer",
                                                                            "SearchPlayer"]
    code = ("import sys, companion.games.block_arena; "
            "print(any(m.endswith(('.search', '.players', '.turns')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_a_legal_action_for_the_seat_to_move_at_every_stage(level):
    rng = random.Random(3)
    player = level()
    for st in stages(rng):
        before = st.to_dict()
        a = player.choose(st, st.current, rng, 0.05)
        assert st.to_dict() == before  # choose does not change the state
        assert str(a) in {str(x) for x in st.legal_actions()}


@pytest.mark.parametrize("level", [GreedyPlayer, SearchPlayer])
def test_a_computer_player_refuses_to_move_for_a_seat_out_of_turn(level):
    st = position(THREAT, ("a1", "c2"))
    with pytest.raises(IllegalAction) as e:
        level().choose(st, 2, random.Random(1), 0.05)
    assert e.value.rule == "protocol/hint"


def test_search_keeps_to_its_time_budget():
    """The search stops at its deadline, read on the clock it is given: here this thread's CPU time, which
    other processes on a loaded machine do not lengthen (on the wall clock a busy machine may simply not run
    the process for a while). The margin is generous: two thirds of the budget again."""
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c2", "e4"))
    player = SearchPlayer(clock=time.thread_time)
    t = time.thread_time()
    player.choose(st, 1, random.Random(1), 0.3)
    assert time.thread_time() - t < 0.3 + 0.2
    assert player.last.depth_done >= 1 and player.last.nodes > 0


@pytest.mark.parametrize("level", [GreedyPlayer, SearchPlayer])
def test_greedy_and_search_take_a_win_when_there_is_one(level):
    st = position({1: ["a5", "a6", "b6", "c6"], 2: ["b5 c5", "d6", "f3", "f4"]}, ("a5", "f3"))
    finish_turn(level(), st, 1, random.Random(2))
    assert st.winner == 1


def test_search_defends_the_threat_greedy_walks_into():
    """Seat 2 can step from c2 onto seat 1's c1 (its goal row). Greedy pushes a block forward and loses;
    search moves c1 out of reach (or blocks it) so seat 2 cannot win on its turn."""
    rng = random.Random(4)
    st = position(THREAT, ("a1", "c2"))
    assert not wins_now(st) and wins_now(st, 2)  # seat 2's threat, seen before its turn
    finish_turn(GreedyPlayer(), st, 1, rng)
    assert wins_now(st)
    st = position(THREAT, ("a1", "c2"))
    finish_turn(SearchPlayer(), st, 1, rng)
    assert st.current == 2 and not wins_now(st)


def test_search_answers_the_rest_of_its_turn_from_its_plan():
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c2", "e4"))
    rng = random.Random(5)
    first = SearchPlayer().choose(st, 1, rng, 0.3)
    st.apply(first)
    if st.current == 1:
        player = SearchPlayer()  # a fresh instance: the plan is shared
        second = player.choose(st, 1, rng, 5.0)
        assert player.last is None  # answered from the plan, without a search
        assert str(second) in {str(a) for a in st.legal_actions()}


def test_whole_turns_end_every_turn_and_are_distinct():
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c2", "e4"))
    turns = whole_turns(st)
    keys = [c.key() for _, c in turns]
    assert len(keys) == len(set(keys)) and all(c.current == 2 or c.is_over() for _, c in turns)
    for plan, after in turns[:20]:  # replaying a plan's notation reaches the same position
        s = st.clone()
        for step in plan:
            s.apply(parse_action(str(action_of(s, step))))
        assert s.key() == after.key()


def test_search_beats_random_in_short_games():
    rng = random.Random(6)
    for search_seat in (1, 2):
        st = GAME(2).new_state()
        players = {search_seat: SearchPlayer(), 3 - search_seat: RandomPlayer()}
        while not st.is_over() and max(st.turns) < 60:
            st.apply(players[st.current].choose(st.clone(), st.current, rng, 0.03))
        assert st.winner == search_seat


def test_the_session_hint_asks_the_search_by_default(tmp_path):
    s = Session.start(Journal(tmp_path / "j.sqlite"), "block-arena", 2, seed=1)
    rng = random.Random(1)
    while s.full_state()["phase"] != "play":
        s.play(rng.choice(s.legal()))
    assert s.hint(None, 0.1) in s.legal()
    assert s.hint("greedy", 0.1) in s.legal()


def referee_turns(st) -> dict:
    """Every position the player in turn can end the turn on, played action by action through the referee."""
    seat, out, todo = st.current, {}, [st]
    while todo:
        s = todo.pop()
        for a in s.legal_actions():
            c = s.clone()
            c.apply(a)
            if c.is_over() or c.current != seat:
                out[c.key()] = c.to_dict()
            else:
                todo.append(c)
    return out


@pytest.mark.parametrize("options", [{"columns": 6, "rows": 6}, {"columns": 5, "rows": 7},
                                     {"columns": 6, "rows": 6, "bga": True}])
def test_the_searchs_whole_turns_and_wins_are_the_referees_own(options):
    """BA-6, BA-11, BA-12, BA-13 as the referee plays them: the quiet turns of the search end on exactly the
    positions the referee's actions reach, and wins_now is true exactly when one of them is a win."""
    rng = random.Random(5)
    checked = 0
    for _ in range(4):
        st = GAME(2, options).new_state()
        while not st.is_over():
            if st.phase == "play" and not st.block_moved and not st.meeple_moved and rng.random() < 0.3:
                turns = {c.key(): c.to_dict() for _, c in whole_turns(st)}
                assert turns == referee_turns(st)
                won = any(c["winner"] == st.current and c["reason"] == "goal" for c in turns.values())
                if not st.bga:
                    assert wins_now(st) == won
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 20


@pytest.mark.parametrize("options", [{"columns": 6, "rows": 6}, {"columns": 5, "rows": 7}, {"columns": 9, "rows": 5}])
def test_greedys_evaluation_is_ten_meeple_rows_and_the_block_rows_closer_than_the_opponents(options):
    """simple_eval counts what BA-14 measures: ten times the meeples' distances (the opponent's minus mine)
    plus the blocks' summed distances (the same), for either seat, on positions from random games."""
    from companion.games.block_arena.players import simple_eval
    rng = random.Random(7)
    checked = 0
    for _ in range(5):
        st = GAME(2, options).new_state()
        while not st.is_over():
            if st.phase == "play":
                for seat in (1, 2):
                    (m, b), (om, ob) = st.distances(seat), st.distances(3 - seat)
                    assert simple_eval(st, seat) == 10 * (om - m) + (ob - b)
                    checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize("options", [{"columns": 6, "rows": 6}, {"columns": 5, "rows": 7},
                                     {"columns": 6, "rows": 6, "bga": True}])
def test_the_search_orders_its_turns_by_greedys_evaluation_of_where_they_end(options):
    """The score the search's turn generator keeps up move by move (`rows_for`, for its ordering) is greedy's
    evaluation of the position each turn ends on, counted for the player to move, slides that carry the
    opponent's meeple (BA-5) included, on positions from random games, half-finished turns too."""
    from companion.games.block_arena.players import simple_eval
    from companion.games.block_arena.turns import quiet_step, turn_ends
    rng = random.Random(8)
    checked = 0
    for _ in range(4):
        st = GAME(2, options).new_state()
        while not st.is_over():
            if st.phase == "play" and rng.random() < 0.3:
                for plan, _, _, score in turn_ends(st, rows_for=st.current):
                    s = st.clone()
                    for step in plan:  # the turn's moves played afresh (the referee's own: see above)
                        quiet_step(s, step)
                    assert score == simple_eval(s, st.current), plan
                    checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 500


def test_search_scores_a_threat_it_cannot_answer_as_lost_at_its_horizon():
    """BA-5, BA-7, BA-12: seat 2's meeple on f2 steps onto f1, its goal row, next turn; the block under it is
    seat 1's and cannot slide away (e1 and f3 are taken) nor flip. At the horizon that is a loss, not just
    a penalty off the evaluation, while a threat that can be answered is not a loss."""
    from companion.games.block_arena.search import WIN, Searcher
    lost = position({1: ["b1", "f1 f2", "e3 f3", "d1 e1"], 2: ["e5 f5", "a5 a6", "b2 b3", "c1 c2"]}, ("b3", "f2"))
    assert not wins_now(lost) and wins_now(lost, 2)
    searcher = Searcher(1, time.perf_counter() + 60)
    assert searcher.negamax(lost, 0, -WIN - 1, WIN + 1, 0) <= -WIN + 100
    answerable = position(THREAT, ("a1", "c2"))  # c1 can slide away (test_search_defends_the_threat_...)
    value = Searcher(1, time.perf_counter() + 60).negamax(answerable, 0, -WIN - 1, WIN + 1, 0)
    assert value > -WIN + 100


def test_search_cut_short_does_not_play_the_move_its_deeper_iteration_found_lost():
    """BA-12: here seat 2's a6-south-and-step plan scores -21 at depth 3, but depth 4 finds seat 1 then
    wins by force. A search whose deadline (a node budget here: the same cut, reproducibly) falls inside
    that deeper iteration knows the move loses and must play another, not the one it has just refuted."""
    from companion.games.block_arena.search import WIN, Searcher
    st = position({1: ["b6", "b5 c5", "d3 e3", "a2"], 2: ["a6", "d4 d5", "a3 a4", "f1 f2"]}, ("a4", "b5"),
                  current=2, turns=[16, 15])
    for nodes in (5000, 6000, 8000):
        searcher = Searcher(2, time.perf_counter() + 600, max_nodes=nodes)
        plan, score = searcher.root(st, random.Random(1))
        assert searcher.depth_done == 3 and score > -WIN + 100
        after = dict(whole_turns(st))[plan]
        assert Searcher(1, time.perf_counter() + 600).negamax(after, 3, -WIN - 1, WIN + 1, 1) < WIN - 100


def test_a_win_or_loss_the_table_keeps_counts_its_turns_from_where_it_is_found_again():
    """Mate distance: seat 2 wins here within three turns whatever seat 1 does (BA-12). The table keeps that
    from a search one turn below the root; met again three turns below the root (a transposition, or the next
    turn's search reusing the Memory), the win is six turns from the root, as a fresh search finds, not
    four: the wrong distance makes a slow win look as quick as a fast one (and a quick loss as a slow one)."""
    from companion.games.block_arena.search import WIN, Searcher
    st = position({1: ["e2", "c3", "a2", "b1 b2"], 2: ["b5 c5", "e5 e6", "d4 e4", "a3 a4"]}, ("c3", "b5"),
                  current=2, turns=[29, 28])
    searcher = Searcher(2, time.perf_counter() + 600)
    assert searcher.negamax(st, 2, -WIN - 1, WIN + 1, 1) == WIN - 4
    fresh = Searcher(2, time.perf_counter() + 600).negamax(st, 2, -WIN - 1, WIN + 1, 3)
    assert fresh == WIN - 6
    assert searcher.negamax(st, 2, -WIN - 1, WIN + 1, 3) == fresh


def test_search_starts_its_meeple_where_its_search_of_the_play_ahead_says_not_at_random():
    """BA-3, BA-7: seat 2's meeple on the lone standing block in the corner (a6, b6 empty) gets nowhere for
    turns, while on its other blocks it can step on at once; a random start takes a6 one time in five."""
    st = position({1: ["c1", "a1", "e1", "d1"], 2: ["a6", "d6 e6", "c6", "f6"]}, ("c1", None), phase="meeples",
                  current=2, turns=[0, 0])
    for seed in range(5):
        assert str(SearchPlayer(max_nodes=3000).choose(st.clone(), 2, random.Random(seed), 60)) != "meeple a6"


def test_search_values_its_block_on_its_goal_row_beside_its_meeple_above_one_out_of_reach():
    """BA-8: a meeple wins on a block of its goal row. The same rows advanced either way (greedy's
    evaluation cannot tell them apart), but a block on row 6 two steps from seat 1's meeple is a win in
    the making, and one at the far end of the row is not yet: the search rates the first higher."""
    from companion.games.block_arena.players import eval_for, simple_eval
    rest = {2: ["a6", "c5 d5", "e6", "d3"]}
    near = position({1: ["b4 b5", "b6", "d2", "f2"], **rest}, ("b4", "d3"))
    far = position({1: ["b4 b5", "f6", "d2", "f2"], **rest}, ("b4", "d3"))
    assert simple_eval(near, 1) == simple_eval(far, 1)
    assert eval_for(near, 1) > eval_for(far, 1)
    assert eval_for(near, 2) < eval_for(far, 2)


@pytest.mark.parametrize("options", [{"columns": 6, "rows": 6}, {"columns": 5, "rows": 7}, {"columns": 9, "rows": 5}])
def test_the_searchs_quick_no_win_test_never_hides_a_win(options):
    """BA-4, BA-5, BA-7, BA-12: `may_reach_row` lets the search skip `wins_now`'s path searches; it must never
    say "no" where one of the whole turns (the referee's own: see above) brings the meeple home, for either seat
    (as if its turn began now), on positions from random games; and it does rule out most (else it saves
    nothing)."""
    from companion.games.block_arena.board import goal_row
    from companion.games.block_arena.turns import may_reach_row, turn_ends
    rng = random.Random(11)
    game = GAME(2, options)
    checked = ruled_out = won = 0
    for _ in range(25):
        st = game.new_state()
        while not st.is_over():
            if st.phase == "play" and not st.block_moved and not st.meeple_moved:
                for seat in (1, 2):
                    s = st.clone()
                    s.current = seat  # as if seat's turn began now
                    wins = any(winner == seat for _, _, winner, _ in turn_ends(s))
                    quick = may_reach_row(s.bd, s.blocks, s.cell, seat, s.meeple[seat], goal_row(seat, s.bd.rows))
                    assert quick or not wins, s.to_dict()
                    checked += 1
                    ruled_out += not quick
                    won += wins
            st.apply(rng.choice(st.legal_actions()))
    assert won > 50 and ruled_out > checked // 3


@pytest.mark.parametrize("options", [{"columns": 6, "rows": 6}, {"columns": 5, "rows": 7}, {"columns": 9, "rows": 5}])
def test_the_searchs_evaluation_is_greedys_plus_its_landing_term_mine_minus_theirs(options):
    """BA-8: `eval_for` (one pass over the blocks) scores what its parts say, for either seat, on positions
    from random games, to the end: greedy's evaluation plus `landing` for seat minus `landing` for the other."""
    from companion.games.block_arena.players import eval_for, landing, simple_eval
    rng = random.Random(12)
    checked = 0
    for _ in range(15):
        st = GAME(2, options).new_state()
        while True:
            if st.phase == "play":
                for seat in (1, 2):
                    assert eval_for(st, seat) == simple_eval(st, seat) + landing(st, seat) - landing(st, 3 - seat)
                    checked += 1
            if st.is_over():
                break
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 500


def test_search_lays_its_blocks_down_lying_while_a_lying_block_fits_and_leaves_room():
    """BA-3, BA-10: in setup the search puts its blocks down lying (two squares of its own for its meeple to
    walk on) while one fits and leaves room for the rest, then standing; a random setup often lays one
    standing first. Its placements are legal ones, whatever the opponent lays down."""
    for seed in range(6):
        rng = random.Random(seed)
        st = GAME(2, {"columns": 6, "rows": 6}).new_state()
        lying = 0
        while st.phase == "setup":
            if st.current == 1:
                options = st.legal_actions()
                a = SearchPlayer(max_nodes=100).choose(st.clone(), 1, rng, 1)
                assert a in options
                assert (a.other is not None) == any(p.other is not None for p in options)
                lying += a.other is not None
            else:
                a = rng.choice(st.legal_actions())
            st.apply(a)
        assert lying == 2
