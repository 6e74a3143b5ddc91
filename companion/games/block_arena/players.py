"""Evaluations and the greedy computer player (one whole turn of lookahead).

`simple_eval` is what greedy maximises: rows its meeple has advanced (weight 10) plus rows its blocks
have advanced, minus the same for the opponent. The search uses it too, with a term for own blocks on the
goal row (`eval_for`, `landing`); its edge is the lookahead and the win and threat checks at its horizon.
"""
from __future__ import annotations

import random
from typing import ClassVar

from companion.core import ComputerPlayer, refuse

from .board import goal_row
from .state import OVER
from .turns import action_of, rows, whole_turns

WIN = 1_000_000
#: the search's `landing` term: an own block on the goal row, that block within two steps of the meeple,
#: an own block one row short of the goal row (in greedy's units: 10 a meeple row, 1 a block row)
ON_GOAL, NEAR_MEEPLE, ONE_SHORT = 15, 30, 5


def simple_eval(st, seat: int) -> int:
    """10 x (meeple rows advanced, mine minus theirs) + (block rows advanced, summed, mine minus theirs):
    `turns.rows`, or a win or loss once the game is over."""
    if st.phase == OVER:
        return WIN if st.winner == seat else -WIN
    return rows(st, seat)


def eval_for(st, seat: int) -> int:
    """The search's static evaluation: greedy's, plus `landing` (mine minus theirs), counted in one pass
    over the blocks (the search's leaves: a hot path; `landing` is the readable form).

    A richer one (how far each meeple could get next turn, free goal squares next to it) measured worse:
    138 of 160 games against greedy at 3000 nodes a turn, against 149 of 160 with greedy's alone, which
    is also cheaper (no path search). With `landing`: 90 of 100 at `--nodes 5500 --seed 3` (88 without;
    `python -m tools.bench_block_arena --only greedy --games 100 --jobs 1 --nodes 5500 --seed 3`). Without
    its `NEAR_MEEPLE` part: 88. Instead of it, 40 for a side whose meeple could reach its goal row in two
    movements (no block moves, a flood more each leaf): 90 as well, but slower (17,100 nodes a CPU second
    against 20,800, `--only speed --cpu --seconds 0.2`, loads 6.2 and 4.5: partly the load; 20,200 with
    `landing`, load 5.4)."""
    if st.phase == OVER:
        return WIN if st.winner == seat else -WIN
    # rows(st, 1) plus landing(st, 1) minus landing(st, 2), negated for seat 2
    bd = st.bd
    row_of, columns, top = bd.row_of, bd.columns, bd.rows - 1
    m1, m2 = st.meeple[1], st.meeple[2]
    r1, r2 = row_of[m1], row_of[m2]
    c1, c2 = m1 % columns, m2 % columns
    v = 10 * (r1 + r2 - top)
    for owner, a, b in st.blocks:
        ra, rb = row_of[a], row_of[b]
        if owner == 1:  # seat 1's goal is the last row, its block's nearest square `b`
            v += rb
            if rb == top:
                v += ON_GOAL
                if abs(top - r1) + abs((a if ra == top else b) % columns - c1) <= 2:
                    v += NEAR_MEEPLE
            elif rb == top - 1:
                v += ONE_SHORT
        else:  # seat 2's goal is the first row, its block's nearest square `a`
            v += ra - top
            if ra == 0:
                v -= ON_GOAL
                if r2 + abs(a % columns - c2) <= 2:
                    v -= NEAR_MEEPLE
            elif ra == 1:
                v -= ONE_SHORT
    return v if seat == 1 else -v


def landing(st, seat: int) -> int:
    """Where `seat`'s meeple could win soon, counted without a path search: a meeple wins by standing on
    its goal row (BA-8), so on a block there, and the games the search lost went that way (a side brings
    its own block to its goal row and walks onto it two or three turns later, a threat the search saw too
    late). `ON_GOAL` for each own block with a square on the goal row, `NEAR_MEEPLE` more if that square is
    within two steps of the meeple, `ONE_SHORT` for an own block whose nearest square is a row short."""
    bd = st.bd
    row_of, columns, goal = bd.row_of, bd.columns, goal_row(seat, bd.rows)
    m = st.meeple[seat]
    m_row, m_column = row_of[m], m % columns
    v = 0
    for owner, a, b in st.blocks:
        if owner != seat:
            continue
        d = min(abs(row_of[a] - goal), abs(row_of[b] - goal))
        if d == 0:
            v += ON_GOAL
            sq = a if row_of[a] == goal else b
            if abs(row_of[sq] - m_row) + abs(sq % columns - m_column) <= 2:
                v += NEAR_MEEPLE
        elif d == 1:
            v += ONE_SHORT
    return v


class GreedyPlayer(ComputerPlayer):
    """Plays the whole turn whose end position scores best on `simple_eval` (ties broken at random)."""

    level: ClassVar[str] = "greedy"

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        if state.phase != "play":
            return _setup_choice(state, seat, rng)
        if state.current != seat:
            refuse("no-move", f"It is not seat {seat}'s turn.", "protocol/hint")
        scored = [(simple_eval(after, seat), plan) for plan, after in whole_turns(state)]
        best = max(s for s, _ in scored)
        plan = rng.choice([p for s, p in scored if s == best])
        return action_of(state, plan[0])


def _setup_choice(state, seat: int, rng: random.Random):
    """Setup for every level: a random legal placement (the search picks its meeple's start itself and lays its
    blocks lying first: `search.block_setup`)."""
    options = state.legal_actions()
    if not options or state.current != seat:
        refuse("no-move", f"Seat {seat} has nothing to play now.", "protocol/hint")
    return rng.choice(options)
