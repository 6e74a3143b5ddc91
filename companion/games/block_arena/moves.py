"""Move generation on the engine's small-int position (shared by the referee and the computer players).

A position is `blocks` (a list of `(owner, a, b)` with squares `a <= b`, `a == b` standing), `cell`
(square -> block index or -1) and `meeple` (`[None, seat 1's square, seat 2's square]`). A block move
is `(k, na, nb, verb, square, dir)`: block k goes to `(na, nb)`; verb "s" slide / "f" flip, named in
the notation by `square` (and `dir`, None for standing up).
"""
from __future__ import annotations

from .board import DIRS


def block_moves(bd, blocks, cell, seat: int, mine, theirs) -> list[tuple]:
    """Every block move of `seat` with its meeple on `mine` and the opponent's on `theirs` (BA-4, BA-5)."""
    out = []
    steps = bd.step
    for k, (owner, a, b) in enumerate(blocks):
        if owner != seat or mine == a or mine == b:
            continue  # BA-5: the block under one's own meeple never moves
        for d in range(4):
            st = steps[d]
            na, nb = st[a], st[b]
            if na < 0 or nb < 0:
                continue
            ca, cb = cell[na], cell[nb]
            if (ca == -1 or ca == k) and (cb == -1 or cb == k):
                out.append((k, na if na < nb else nb, nb if na < nb else na, "s", a, DIRS[d]))
        if theirs == a or theirs == b:
            continue  # BA-5: a block carrying the opponent's meeple only slides
        if a == b:
            for d in range(4):
                j = steps[d][a]
                if j >= 0 and cell[j] == -1:
                    out.append((k, a if a < j else j, j if a < j else a, "f", a, DIRS[d]))
        else:
            out.append((k, a, a, "f", a, None))
            out.append((k, b, b, "f", b, None))
    return out


def has_block_move(bd, blocks, cell, seat: int, mine, theirs) -> bool:
    """Whether `seat` has any block move (the cheap form of `bool(block_moves(...))`)."""
    steps = bd.step
    for k, (owner, a, b) in enumerate(blocks):
        if owner != seat or mine == a or mine == b:
            continue
        if a != b and theirs != a and theirs != b:
            return True  # a free lying block can always stand up
        for st in steps:
            na, nb = st[a], st[b]
            if na >= 0 and nb >= 0:
                ca, cb = cell[na], cell[nb]
                if (ca == -1 or ca == k) and (cb == -1 or cb == k):
                    return True
    return False


def meeple_reach(bd, blocks, cell, seat: int, start: int, other) -> set[int]:
    """Squares `seat`'s meeple on `start` may move to (BA-7).

    Own block to own block goes on any distance; a step onto or off an opponent's block ends the
    movement; starting on an opponent's block it is one step; the other meeple's square is a wall.
    """
    return meeple_region(bd, blocks, cell, seat, start, other)[0]


def meeple_region(bd, blocks, cell, seat: int, start: int, other) -> tuple[set[int], set[int]]:
    """(`meeple_reach`, the squares the movement passes freely: `start` and the own blocks joined to it)."""
    if blocks[cell[start]][0] != seat:
        return {j for j in bd.neighbours[start] if j != other and cell[j] >= 0}, {start}
    seen = {start}
    return set(flood(bd.neighbours, blocks, cell, seat, [start], seen, other)), seen


def flood(nbrs, blocks, cell, seat: int, todo: list, seen: set, other):
    """The walk of BA-7 from the squares in `todo` (own blocks' squares, already in `seen`): yields each
    square a step reaches (a block's, not `other`'s; the opponent's ones end the walk there, possibly
    more than once), and goes on from `seat`'s own ones, adding them to `seen`. `meeple_region` collects
    it; `turns.reaches_row` stops at the first goal square."""
    while todo:
        x = todo.pop()
        for j in nbrs[x]:
            if j == other or j in seen:
                continue
            k = cell[j]
            if k < 0:
                continue
            if blocks[k][0] == seat:
                seen.add(j)
                todo.append(j)
            yield j
