"""Whole turns: every distinct position the player in turn can reach by finishing their turn.

A computer player thinks in turns (block move, meeple movement, `end`) but answers one action at a
time; a plan is the tuple of internal steps `("b", move)`, `("g", square)`, `("e",)` from here to the
end of the turn. `action_of` turns a plan's step into notation.
"""
from __future__ import annotations

from .actions import END, Flip, Go, Slide
from .board import goal_row
from .moves import block_moves, flood, meeple_reach, meeple_region
from .state import GOAL


def apply_step(st, step) -> None:
    if step[0] == "b":
        st.move_block(step[1])
    elif step[0] == "g":
        st.move_meeple(step[1])
    else:
        st._end_turn(None)


def whole_turns(st) -> list[tuple[tuple, object]]:
    """(plan, position after the turn) for each distinct position the player in turn can end on."""
    return [(plan, end_of(st, plan, winner)) for plan, _, winner, _ in turn_ends(st)]


def turn_ends(st, rows_for: int | None = None) -> list[tuple]:
    """(plan, end key, winner, score) for each distinct position the player in turn can end on;
    the winner is the seat whose meeple the turn brings home (BA-12), else None.

    The search's hot path: no position is made here (`end_of` makes one, copied, its turn ended, the
    next player's BA-13 check, only for the ends the search visits, most being cut off first). A turn is
    a block move then `end` or a meeple movement, or a movement then a block move (BA-6, BA-11: none
    after it, none then); in the bga variant either alone (BA-9). Each block move's blocks after it are
    made once (`_moved`), whichever movement goes with it, and the movement's squares are searched again
    after a block move only if the block touches where the meeple goes (`_near`). With `rows_for` (a seat) the
    score is `rows(end, rows_for)` (greedy's evaluation) kept up move by move, with no pass over the
    blocks; else None. The key is `(blocks, meeple 1, meeple 2)`."""
    if st.phase != "play":
        raise ValueError("whole turns are planned only during play")
    seat, bd = st.current, st.bd
    row_of, goal = bd.row_of, goal_row(seat, bd.rows)
    blocks, cell = st.blocks, st.cell
    here, theirs = st.meeple[seat], st.meeple[3 - seat]
    can_go, bga = not st.meeple_moved, st.bga
    sign = (1 if rows_for == 1 else -1) if rows_for else 0
    v = rows(st, 1) if rows_for else 0
    base = tuple(blocks)
    # every block move with the meeple anywhere: a movement changes no block, only which one it stands on (BA-5)
    moves = [] if st.block_moved else _moved(st, seat, base, theirs, goal_row(3 - seat, bd.rows))
    first = seat == 1
    found = {}  # (block k, its squares after, own meeple's square) -> the entry: cheaper to hash than the key
    if can_go or bga:
        reach, region = meeple_region(bd, blocks, cell, seat, here, theirs)
        reach = sorted(reach)
    else:
        reach = region = ()
    w_of = [v + 10 * (row_of[sq] - row_of[here]) for sq in reach]
    under = cell[here]  # BA-5: the block under one's own meeple stays

    if bga or not st.block_moved:  # a block move first (in bga, alone)
        then_go = can_go and not bga
        near = _near(bd, region) if then_go else None
        for move, small, after, other, dv, home in moves:
            if move[0] == under:
                continue
            p = (("b", move),)
            w = v + dv
            m1, m2 = (here, other) if first else (other, here)
            if home:  # BA-12: a slide carried the opponent home
                found.setdefault(small + (here,), (p, (after, m1, m2), 3 - seat, sign * w))
                continue
            if not then_go:
                found.setdefault(small + (here,), (p, (after, m1, m2), None, sign * w))
                continue
            found.setdefault(small + (here,), (p + (("e",),), (after, m1, m2), None, sign * w))
            k, na, nb = small
            _, a, b = blocks[k]
            if a in near or b in near or na in near or nb in near:  # where the meeple goes may change
                squares = sorted(_reach_after(bd, blocks, cell, seat, here, other, move))
                ws = [w + 10 * (row_of[sq] - row_of[here]) for sq in squares]
            else:
                squares, ws = reach, [x + dv for x in w_of]
            for sq, x in zip(squares, ws):
                m1, m2 = (sq, other) if first else (other, sq)
                found.setdefault(small + (sq,), (p + (("g", sq),), (after, m1, m2), seat if row_of[sq] == goal
                                                 else None, sign * x))
    else:
        found[(-1, -1, -1, here)] = ((("e",),), (base, *st.meeple[1:]), None, sign * v)
    if bga or can_go:  # a movement first (then a block move, unless bga or the block has moved)
        then_block = not bga and not st.block_moved
        for sq, w in zip(reach, w_of):
            p = (("g", sq),)
            if row_of[sq] == goal or not then_block:
                m1, m2 = (sq, theirs) if first else (theirs, sq)
                found.setdefault((-1, -1, -1, sq), (p, (base, m1, m2), seat if row_of[sq] == goal else None,
                                                    sign * w))
                continue
            on = cell[sq]
            for move, small, after, other, dv, home in moves:  # BA-11: none (no block move) is no turn
                if move[0] == on:
                    continue
                key = small + (sq,)
                if key not in found:
                    m1, m2 = (sq, other) if first else (other, sq)
                    found[key] = (p + (("b", move),), (after, m1, m2), 3 - seat if home else None, sign * (w + dv))
    if not rows_for:
        return [(plan, k, winner, None) for plan, k, winner, _ in found.values()]
    return list(found.values())


def _moved(st, seat: int, base: tuple, theirs: int, other_goal: int) -> list[tuple]:
    """(move, (k, na, nb), blocks after it, the opponent's meeple after it, the change of `rows(., 1)`,
    whether it carried that meeple home) for each of `seat`'s block moves (its own meeple anywhere)."""
    row_of, out = st.bd.row_of, []
    for move in block_moves(st.bd, st.blocks, st.cell, seat, None, theirs):
        k, na, nb = move[0], move[1], move[2]
        owner, a, b = base[k]
        dv = row_of[nb] - row_of[b] if owner == 1 else row_of[na] - row_of[a]
        other = theirs
        if theirs == a or theirs == b:  # BA-5: the opponent's meeple rides along a slide
            other = theirs + (na - a)
            dv += 10 * (row_of[other] - row_of[theirs])
        out.append((move, (k, na, nb), base[:k] + ((owner, na, nb),) + base[k + 1:], other, dv,
                    row_of[other] == other_goal))
    return out


def _near(bd, region: set) -> set:
    """The squares the movement passes freely (`meeple_region`) and their neighbours: a block move that
    neither leaves nor enters one of them leaves the movement's squares as they were."""
    near = set(region)
    for sq in region:
        near.update(bd.neighbours[sq])
    return near


def _reach_after(bd, blocks, cell, seat: int, here: int, other: int, move: tuple) -> set:
    """`meeple_reach` after `move` (the opponent's meeple then on `other`)."""
    k, na, nb = move[0], move[1], move[2]
    owner, a, b = blocks[k]
    blocks, cell = blocks[:], cell[:]
    cell[a] = cell[b] = -1
    cell[na] = cell[nb] = k
    blocks[k] = (owner, na, nb)
    return meeple_reach(bd, blocks, cell, seat, here, other)


def rows(st, seat: int) -> int:
    """10 x (meeple rows advanced, mine minus theirs) + (block rows advanced, summed, mine minus theirs).

    One pass over the blocks: seat 1 advances toward the last row, so its block counts by its higher
    square `b` and its meeple by its row; seat 2's by `a` and `top - row`. Written for seat 1, negated
    for seat 2 (the two sides' sums are symmetric)."""
    row_of, top, meeple = st.bd.row_of, st.bd.rows - 1, st.meeple
    v = 10 * (row_of[meeple[1]] + row_of[meeple[2]] - top)
    for o, a, b in st.blocks:
        v += row_of[b] if o == 1 else row_of[a] - top
    return v if seat == 1 else -v


def end_of(st, plan: tuple, winner: int | None):
    """The position after `plan`, a whole turn from `st` that `turn_ends` found with `winner`."""
    c = st.clone()
    for step in plan:
        quiet_step(c, step)
    if winner is not None:
        c._finish(None, winner, GOAL)
    else:  # the plan's last step is `end`, both moves are made, or bga's one step: the turn ends
        c._end_turn(None)
    return c


def quiet_step(c, step) -> tuple | None:
    """A step's move alone (`apply_step` without its events, goal check or end of turn); returns what
    `take_back` needs to undo it."""
    if step[0] == "b":
        k, na, nb = step[1][0], step[1][1], step[1][2]
        owner, a, b = block = c.blocks[k]
        cell, meeple = c.cell, c.meeple
        cell[a] = cell[b] = -1
        cell[na] = cell[nb] = k
        c.blocks[k] = (owner, na, nb)
        m = meeple[3 - owner]
        if m == a or m == b:  # BA-5: the opponent's meeple rides along a slide
            meeple[3 - owner] = m + (na - a)
        c.block_moved = True
        return block, m
    if step[0] == "g":
        m = c.meeple[c.current]
        c.meeple[c.current] = step[1]
        c.meeple_moved = True
        return m
    return None


def take_back(c, step, undo) -> None:
    """Undo `quiet_step(c, step)`, given what it returned."""
    if step[0] == "b":
        k, na, nb = step[1][0], step[1][1], step[1][2]
        block, m = undo
        owner, a, b = block
        cell = c.cell
        cell[na] = cell[nb] = -1
        cell[a] = cell[b] = k
        c.blocks[k] = block
        c.meeple[3 - owner] = m
        c.block_moved = False
    elif step[0] == "g":
        c.meeple[c.current] = undo
        c.meeple_moved = False


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
    if meeple_moved or not may_reach_row(bd, blocks, cell, seat, mine, goal):
        return False
    if reaches_row(bd, blocks, cell, seat, mine, theirs, goal):
        return True
    if block_moved or st.bga:
        return False
    region = meeple_region(bd, blocks, cell, seat, mine, theirs)[1]
    on_own = blocks[cell[mine]][0] == seat  # else the movement is one step: no way on through a moved block
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
        whole = on_own and theirs != a and theirs != b and a not in region and b not in region
        if whole and na not in near and nb not in near:
            continue  # the region stays as it was and nothing new touches it
        other = theirs + (na - a) if theirs == a or theirs == b else theirs
        if other != theirs and row_of[other] == other_goal:
            continue  # that slide carries the opponent's meeple home: a loss, not a win
        cell[a] = cell[b] = -1
        cell[na] = cell[nb] = k
        blocks[k] = (owner, na, nb)
        if whole:  # the region stays whole (the wall too): only the way on through the moved block is new
            won = reaches_row(bd, blocks, cell, seat, na, other, goal, set(region))
        else:
            won = reaches_row(bd, blocks, cell, seat, mine, other, goal)
        cell[na] = cell[nb] = -1
        cell[a] = cell[b] = k
        blocks[k] = (owner, a, b)
        if won:
            return True
    return False


def may_reach_row(bd, blocks, cell, seat: int, mine: int, goal: int) -> bool:
    """False when `seat`'s meeple on `mine` cannot get to row `goal` this turn, whatever block move it makes:
    a cheap test that rules out most positions before `wins_now`'s path searches (it never rules out a win).

    Why it holds: from an opponent's block the movement is one step (BA-7), and an own block move never
    carries the own meeple (BA-5). Else the path steps row by row over own blocks, its last step onto any
    block: after the block move, every row strictly between the meeple's and `goal` holds an own block's
    square, and `goal` a block's square. One block move moves one block (not the meeple's own), and brings
    a square of it to at most one row it did not cover, next to one it did (a slide moves it one row, a
    flip stands it up or lays it down toward a neighbour): so at most one row may lack them now, and next
    to a row of such a block."""
    row_of = bd.row_of
    here = row_of[mine]
    if blocks[cell[mine]][0] != seat:
        return here - goal == 1 or goal - here == 1
    own = on_goal = 0  # bit sets of rows
    for o, a, b in blocks:
        ra, rb = row_of[a], row_of[b]
        if o == seat:
            own |= (1 << ra) | (1 << rb)
        if ra == goal or rb == goal:
            on_goal = 1
    lacking = (_between(here, goal) & ~own) | (0 if on_goal else 1 << goal)
    if not lacking:
        return True
    if lacking & (lacking - 1):
        return False  # two rows or more lacking
    row = lacking.bit_length() - 1
    for o, a, b in blocks:
        if o == seat and a != mine and b != mine and row_of[a] - 1 <= row <= row_of[b] + 1:
            return True
    return False


def _between(r: int, g: int) -> int:
    """The bit set of the rows strictly between rows r and g."""
    lo, hi = (r, g) if r < g else (g, r)
    return ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)


def reaches_row(bd, blocks, cell, seat: int, start: int, other, row: int, region: set | None = None) -> bool:
    """Whether `meeple_reach` holds a square of `row`, stopping at the first one found (the search's
    hot path: `wins_now` asks it for every block move near the meeple). With `region` (the squares the
    movement already passes, none of them on `row`), `start` is an own block's square next to it: only
    the way on from there is searched."""
    nbrs, row_of = bd.neighbours, bd.row_of
    if region is not None:
        if row_of[start] == row:
            return True
        region.add(start)
        seen = region
    elif blocks[cell[start]][0] != seat:
        return any(j != other and cell[j] >= 0 and row_of[j] == row for j in nbrs[start])
    else:
        seen = {start}
    for j in flood(nbrs, blocks, cell, seat, [start], seen, other):
        if row_of[j] == row:
            return True
    return False
