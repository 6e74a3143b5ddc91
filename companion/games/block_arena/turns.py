"""Whole turns: every distinct position the player in turn can reach by finishing their turn.

A computer player thinks in turns (block move, meeple movement, `end`) but answers one action at a
time; a plan is the tuple of internal steps `("b", move)`, `("g", square)`, `("e",)` from here to the
end of the turn. `first_action` turns a plan's first step into notation.
"""
from __future__ import annotations

from .actions import END, Flip, Go, Slide
from .board import goal_row
from .moves import block_moves, meeple_reach, meeple_region
from .state import OVER


def steps(st) -> list[tuple]:
    """The internal steps the player in turn may take now (the same set as `legal_actions`)."""
    if st.phase != "play":
        raise ValueError("whole turns are planned only during play")
    out = []
    if not st.block_moved:
        out = [("b", m) for m in st.block_moves()]
    out += [("g", sq) for sq in st.goes()]
    if st.block_moved and not st.bga:
        out.append(("e",))
    return out


def apply_step(st, step) -> None:
    if step[0] == "b":
        st.move_block(step[1])
    elif step[0] == "g":
        st.move_meeple(step[1])
    else:
        st._end_turn([])


def whole_turns(st) -> list[tuple[tuple, object]]:
    """(plan, position after the turn) for each distinct position the player in turn can end on."""
    seat = st.current
    found: dict = {}

    def grow(s, plan):
        for step in steps(s):
            c = s.clone()
            apply_step(c, step)
            p = plan + (step,)
            if c.phase == OVER or c.current != seat:
                k = c.key()
                if k not in found:
                    found[k] = (p, c)
            else:
                grow(c, p)

    grow(st, ())
    return list(found.values())


def action_of(st, step):
    """The notation for an internal step, in the canonical form `legal_actions` lists."""
    names = st.bd.names
    if step[0] == "b":
        _, _, _, verb, sq, d = step[1]
        return Slide(names[sq], d) if verb == "s" else Flip(names[sq], d)
    if step[0] == "g":
        return Go(names[step[1]])
    return END


def wins_now(st, seat: int | None = None) -> bool:
    """Whether the player in turn (or `seat`, as if its turn began now) can put their meeple on the
    goal row this turn (BA-12): a threat the other player has to answer."""
    block_moved, meeple_moved = (st.block_moved, st.meeple_moved) if seat is None else (False, False)
    seat = st.current if seat is None else seat
    bd, blocks, cell = st.bd, st.blocks, st.cell
    goal = goal_row(seat, bd.rows)
    row_of = bd.row_of
    mine, theirs = st.meeple[seat], st.meeple[3 - seat]
    if meeple_moved:
        return False
    reach, region = meeple_region(bd, blocks, cell, seat, mine, theirs)
    if any(row_of[sq] == goal for sq in reach):
        return True
    if block_moved or st.bga:
        return False
    # only a block that touches the region before or after its move can change where the meeple gets
    near = set(region)
    for sq in region:
        near.update(bd.neighbours[sq])
    blocks, cell = blocks[:], cell[:]  # moved in place below, on copies
    other_goal = goal_row(3 - seat, bd.rows)
    for k, na, nb, _, _, _ in block_moves(bd, blocks, cell, seat, mine, theirs):
        owner, a, b = blocks[k]
        if a not in near and b not in near and na not in near and nb not in near:
            continue
        other = theirs + (na - a) if theirs == a or theirs == b else theirs
        if other != theirs and row_of[other] == other_goal:
            continue  # that slide carries the opponent's meeple home: a loss, not a win
        cell[a] = cell[b] = -1
        cell[na] = cell[nb] = k
        blocks[k] = (owner, na, nb)
        won = any(row_of[sq] == goal for sq in meeple_reach(bd, blocks, cell, seat, mine, other))
        cell[na] = cell[nb] = -1
        cell[a] = cell[b] = k
        blocks[k] = (owner, a, b)
        if won:
            return True
    return False
