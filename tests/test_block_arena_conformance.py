"""Block Arena conformance: hand-checked move counts (perft), random complete games on several boards,
legal == accepted, refusals change nothing (ALL-1), journal replay."""
from __future__ import annotations

import json
import random

import pytest

from companion.core import IllegalAction, NotationError
from companion.games.block_arena import GAME, parse_action
from companion.testing.block_arena_fixtures import position, wellformed_texts
from companion.journal import Journal
from companion.session import Session


def perft(state, depth: int) -> int:
    """Action sequences of length `depth` (a finished game ends a sequence early and counts nothing)."""
    if depth == 0:
        return 1
    total = 0
    for a in state.legal_actions():
        c = state.clone()
        c.apply(a)
        total += perft(c, depth - 1)
    return total


def test_perft_standing_blocks_near_home():
    """Seat 1: a1, c1 (meeple), e1-f1, b3; seat 2: a6, c6 (meeple), e6-f6, d4; seat 1 to move.

    Depth 1: c1 carries the meeple. a1: slides n, e + flips n, e = 4. e1-f1: slides n, w (east is off
    the board) + stand on e1 or f1 = 4. b3: 4 slides + 4 flips = 8. The meeple's neighbours b1, d1, c2
    are empty: no `go`. 16.
    Depth 2: after each block move the player may `end`, or `go` where the move opened a path: a1 slid
    to b1 -> go b1 (2); a1 lying over a1-b1 -> go a1, b1 (3); e1-f1 slid to d1-e1 -> go d1, e1 (3); the
    other 13 moves leave c1 alone (1 each). 13 + 2 + 3 + 3 = 21.
    """
    st = position({1: ["a1", "c1", "e1 f1", "b3"], 2: ["a6", "c6", "e6 f6", "d4"]}, ("c1", "c6"))
    assert perft(st, 1) == 16
    assert perft(st, 2) == 21


def test_perft_a_meeple_path_onto_the_opponents_blocks():
    """Seat 1: c2-c3 (meeple on c2), d3, b1, f1; seat 2: c4, d4-e4 (meeple on e4), a6, f6.

    Depth 1: block moves: d3 slides e, s + flips e, s (n and w are taken) = 4; b1 3 slides + 3 flips
    = 6; f1 2 + 2 = 4 -> 14. Meeple: c3, d3 over own blocks, then one step onto c4 or d4 (e4 holds the
    other meeple) = 4, each leaving a block move (BA-11). 18.
    Depth 2, after a block move (`end` + goes): d3 e -> c3, c4 (3); d3 s -> c3, d2, c4 (4); d3 flip e
    -> c3, d3, e3, c4, d4 (6); d3 flip s -> c3, d2, d3, c4, d4 (6); b1 n, b1 e -> 5 goes (6 each);
    b1 w -> 4 (5); b1 flip n, e -> 6 goes (7 each); b1 flip w -> 5; f1's four moves -> 5 each (20).
    Sum 19 + 36 + 20 = 75. After a meeple movement (the block moves): go c3 -> 14 as before; go d3 ->
    c2-c3 slides s, w + stands on c2 or c3 = 4, b1 6, f1 4 = 14; go c4 / go d4 -> every own block is
    free: 4 + 4 + 6 + 4 = 18 each. 64. Total 139.
    """
    st = position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c2", "e4"))
    assert perft(st, 1) == 18
    assert perft(st, 2) == 139


def test_perft_carrying_the_opponents_meeple_home():
    """5x5, seat 2 to move. Seat 1: a1, c1, e1, e3 (meeple on seat 2's b4); seat 2: b4, a5 (meeple),
    c5-d5, e5.

    Depth 1: b4 carries seat 1's meeple: 4 slides, no flip; c5-d5 slides s, w + stand on c5 or d5 = 4;
    e5 slide s + flip s = 2; a5's neighbours are empty: no `go`. 10.
    Depth 2: `slide b4 n` carries seat 1's meeple onto row 5, its goal: seat 1 wins, 0 follow-ups;
    `slide c5 w` puts b5-c5 next to a5 -> go b5, c5 + end (3); `slide b4 w` puts a4 next to a5 but it
    carries seat 1's meeple (1); every other move leaves only `end` (1 each, 6). 0 + 3 + 1 + 1 + 6 = 11.
    """
    st = position({1: ["a1", "c1", "e1", "e3"], 2: ["b4", "a5", "c5 d5", "e5"]}, ("b4", "a5"),
                  columns=5, rows=5, current=2)
    assert perft(st, 1) == 10
    assert perft(st, 2) == 11


def test_perft_setup_placements():
    """6x6 setup: seat 1 may stand a block on any of 6 squares or lay one on 5 pairs = 11; seat 2 then
    the same in row 6 = 11 * 11 = 121 at depth 2."""
    st = GAME(2).new_state()
    assert perft(st, 1) == 11 and perft(st, 2) == 121


# ---------------------------------------------------------------- random complete games
BOARDS = [(6, 6, False), (5, 5, False), (9, 7, False), (7, 9, False), (6, 6, True), (5, 8, True)]


def canonical_text(state, text):
    return str(state.canonical(parse_action(text)))


def check_step(state, rng, probes):
    d = state.to_dict()
    game = state.game
    assert game.state_from_dict(json.loads(json.dumps(d))).to_dict() == d
    legal = state.legal_actions()
    texts = {str(a) for a in legal}
    assert len(texts) == len(legal)
    for a in legal:
        assert game.parse_action(str(a)) == a
        c = state.clone()
        c.apply(a)
        assert state.to_dict() == d  # the clone is independent
    for text in rng.sample(probes, 40):
        c = state.clone()
        try:
            c.apply(parse_action(text))
        except IllegalAction as e:
            assert c.to_dict() == d, text  # ALL-1
            assert text not in texts, (text, e)
            assert e.rule.startswith("block-arena/BA-") and e.rule.split("/")[1] in GAME.rules
        else:
            assert canonical_text(state, text) in texts, text
    # the state's own invariants
    cells = {}
    for i, b in enumerate(d["blocks"]):
        for sq in b["squares"]:
            assert sq not in cells
            cells[sq] = b["owner"]
    for m in d["meeples"]:
        assert m is None or m in cells
    assert (d["phase"] == "over") == (d["winner"] is not None) == (d["current"] is None) == (not legal)


@pytest.mark.parametrize("columns,rows,bga", BOARDS)
def test_random_playouts_round_trip_and_legal_is_what_apply_accepts(columns, rows, bga):
    game = GAME(2, {"columns": columns, "rows": rows, "bga": bga})
    probes = wellformed_texts(columns, rows)
    finished = 0
    for seed in range(3):
        rng = random.Random(f"{columns}{rows}{bga}{seed}")
        st = game.new_state()
        for _ in range(1000):
            check_step(st, rng, probes)
            if st.is_over():
                finished += 1
                break
            st.apply(rng.choice(st.legal_actions()))
    assert finished >= 1


def test_legal_actions_are_exactly_the_accepted_probe_texts_on_fixed_positions():
    """Every probe text, not a sample: accepted (named canonically) exactly when listed."""
    cases = [GAME(2).new_state(),
             position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c2", "e4")),
             position({1: ["c2 c3", "d3", "b1", "f1"], 2: ["c4", "d4 e4", "a6", "f6"]}, ("c2", "e4"),
                      block_moved=True),
             position({1: ["a1", "c1", "e1", "e3"], 2: ["b4", "a5", "c5 d5", "e5"]}, ("b4", "a5"),
                      columns=5, rows=5, current=2, bga=True)]
    for st in cases:
        probes = wellformed_texts(st.bd.columns, st.bd.rows)
        listed = {str(a) for a in st.legal_actions()}
        accepted = set()
        for text in probes:
            c = st.clone()
            try:
                c.apply(parse_action(text))
                accepted.add(canonical_text(st, text))
            except IllegalAction:
                pass
        assert accepted == listed


def test_probe_texts_all_parse_and_round_trip():
    for text in wellformed_texts(9, 9):
        a = parse_action(text)
        assert str(a) == text and parse_action(str(a)) == a
    with pytest.raises(NotationError):
        parse_action("place j1")


def test_a_journaled_game_replays_to_the_same_state(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite")
    s = Session.start(journal, "block-arena", 2, seed=5, options={"columns": 7, "rows": 6})
    rng = random.Random(5)
    for _ in range(120):
        legal = s.legal()
        if not legal:
            break
        s.play(rng.choice(legal))
    resumed = Session.resume(Journal(tmp_path / "journal.sqlite"), s.id)
    assert resumed.full_state() == s.full_state()
