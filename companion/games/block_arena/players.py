"""Evaluations and the greedy computer player (one whole turn of lookahead).

`simple_eval` is what greedy maximises: rows its meeple has advanced (weight 10) plus rows its blocks
have advanced, minus the same for the opponent. `eval_for` (used by the search) also counts how far
each meeple could get next turn over the blocks as they stand, and the free goal squares next to
where it could stand (one block brought there wins).
"""
from __future__ import annotations

import random
from typing import ClassVar

from companion.core import ComputerPlayer, IllegalAction

from .board import goal_row
from .moves import meeple_region
from .state import OVER
from .turns import action_of, whole_turns

WIN = 1_000_000
#: weight of a free goal square next to where a meeple can stand (a block there wins)
CONTACT = 25


def _progress(st, seat: int) -> tuple[int, int]:
    """(meeple rows advanced, block rows advanced summed) toward `seat`'s goal."""
    rows, row_of = st.bd.rows, st.bd.row_of
    goal = goal_row(seat, rows)
    top = rows - 1
    meeple = top - abs(row_of[st.meeple[seat]] - goal)
    blocks = 0
    for o, a, b in st.blocks:
        if o == seat:
            blocks += top - min(abs(row_of[a] - goal), abs(row_of[b] - goal))
    return meeple, blocks


def simple_eval(st, seat: int) -> int:
    if st.phase == OVER:
        return WIN if st.winner == seat else -WIN
    m1, b1 = _progress(st, seat)
    m2, b2 = _progress(st, 3 - seat)
    return 10 * (m1 - m2) + (b1 - b2)


def _reach_progress(st, seat: int) -> tuple[int, int]:
    """(rows toward the goal of the best square `seat`'s meeple could move to now, goal squares next
    to where it could stand: one block there and it wins)."""
    bd = st.bd
    rows, row_of = bd.rows, bd.row_of
    goal = goal_row(seat, rows)
    here = st.meeple[seat]
    best = abs(row_of[here] - goal)
    reach, region = meeple_region(bd, st.blocks, st.cell, seat, here, st.meeple[3 - seat])
    for sq in reach:
        d = abs(row_of[sq] - goal)
        if d < best:
            best = d
    contacts = 0
    if best <= 1:
        other = st.meeple[3 - seat]
        cell = st.cell
        for sq in region | reach:
            if abs(row_of[sq] - goal) == 1:
                for j in bd.neighbours[sq]:
                    if row_of[j] == goal and j != other and cell[j] < 0:
                        contacts += 1
    return rows - 1 - best, contacts


def eval_for(st, seat: int) -> int:
    """The search's static evaluation of a position from `seat`'s side (no win this turn assumed)."""
    if st.phase == OVER:
        return WIN if st.winner == seat else -WIN
    m1, b1 = _progress(st, seat)
    m2, b2 = _progress(st, 3 - seat)
    (r1, c1), (r2, c2) = _reach_progress(st, seat), _reach_progress(st, 3 - seat)
    v = 12 * (m1 - m2) + 8 * (r1 - r2) + 2 * (b1 - b2) + CONTACT * (min(c1, 3) - min(c2, 3))
    return v


class GreedyPlayer(ComputerPlayer):
    """Plays the whole turn whose end position scores best on `simple_eval` (ties broken at random)."""

    level: ClassVar[str] = "greedy"

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        if state.phase != "play":
            return _setup_choice(state, seat, rng)
        if state.current != seat:
            raise IllegalAction("no-move", f"It is not seat {seat}'s turn.", "protocol/hint")
        scored = [(simple_eval(after, seat), plan) for plan, after in whole_turns(state)]
        best = max(s for s, _ in scored)
        plan = rng.choice([p for s, p in scored if s == best])
        return action_of(state, plan[0])


def _setup_choice(state, seat: int, rng: random.Random):
    """Setup for every level: a random legal placement (the middle game decides Block Arena)."""
    options = state.legal_actions()
    if not options or state.current != seat:
        raise IllegalAction("no-move", f"Seat {seat} has nothing to play now.", "protocol/hint")
    return rng.choice(options)
