"""`state_from_dict` for Block Arena: a position read back (a journal, a table correction) is checked
against the rules' invariants (ALL-3) before it becomes a `BAState`. Imported on first use, not with the
game (listing the game must stay cheap)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.core import check_state_fields
from companion.shapes import Bool, Int, Is, ListOf, Nullable, OneOf, Record, Shape, Text

from .board import board, goal_row, home_row
from .game import BlockArena
from .state import BGA_TURNS, BLOCKS_EACH, GOAL, LIMIT, MEEPLES, OVER, PHASES, PLAY, SETUP, STUCK, BAState

_bad = BlockArena.invalid_state


@lru_cache(maxsize=None)
def fields(columns: int, rows: int, bga: bool) -> dict[str, Shape]:
    """The JSON shape of every field of a position on this table's board (`core.check_state_fields`)."""
    seat = Int(1, 2, means="seat 1 or seat 2")
    return {
        "game": Is("block-arena"),
        "columns": Is(columns, rule="BA-1"),
        "rows": Is(rows, rule="BA-1"),
        "bga": Is(bga, rule="BA-9"),
        "phase": OneOf(PHASES),
        "current": Nullable(seat),
        "winner": Nullable(seat),
        "reason": Nullable(OneOf((GOAL, STUCK, LIMIT))),
        "blocks": ListOf(Record({"owner": Nullable(seat),
                                 "squares": ListOf(Text(), low=1, high=2, rule="BA-2", means="one or two squares")})),
        "meeples": ListOf(Nullable(OneOf(board(columns, rows).names, rule="BA-7", means="a square of the board")), length=2),
        "turn": Record({"block_moved": Bool(), "meeple_moved": Bool()}),
        "turns": ListOf(Int(0, means="a count of finished turns"), length=2),
    }


def state_from_dict(game, d: Any) -> BAState:
    cols, rows = game.options["columns"], game.options["rows"]
    bd = board(cols, rows)
    check_state_fields(d, fields(cols, rows, game.options["bga"]), _bad)
    phase, current, winner, meeples, turns = d["phase"], d["current"], d["winner"], d["meeples"], d["turns"]

    cell, blocks = [-1] * bd.size, []
    for n, blk in enumerate(d["blocks"]):
        owner, squares = blk["owner"], blk["squares"]
        if owner is None:
            _bad("every block has an owner", "BA-10")
        idx = []
        for s in squares:
            if s not in bd.index:
                _bad(f"a block is off the board at {s!r}", "BA-2")
            idx.append(bd.index[s])
        if len(idx) == 2 and (idx[1] not in bd.neighbours[idx[0]] or idx[0] > idx[1]):
            _bad(f"a lying block covers two neighbouring squares, first square first, not {squares}", "BA-2")
        for i in idx:
            if cell[i] != -1:
                _bad(f"two blocks overlap on {bd.names[i]}", "BA-2")
            cell[i] = n
        blocks.append((owner, idx[0], idx[-1]))
    counts = [0, 0, 0]
    for o, _, _ in blocks:
        counts[o] += 1
    if counts[1] > BLOCKS_EACH or counts[2] > BLOCKS_EACH:
        _bad(f"each player has {BLOCKS_EACH} blocks", "BA-10")

    meeple = [None]
    for seat, m in enumerate(meeples, 1):
        if m is not None:
            if cell[bd.index[m]] < 0:
                _bad(f"seat {seat}'s meeple on {m} is not on a block", "BA-7")
        meeple.append(None if m is None else bd.index[m])
    if meeple[1] is not None and meeple[1] == meeple[2]:
        _bad("both meeples stand on one square", "BA-7")

    st = BAState.from_fields(game, phase=phase, current=current, winner=winner, reason=d["reason"], blocks=blocks,
                             cell=cell, meeple=meeple, block_moved=d["turn"]["block_moved"],
                             meeple_moved=d["turn"]["meeple_moved"], turns=[0, *turns])

    if phase != OVER and (winner is not None or st.reason is not None):
        _bad("only a finished game has a winner and a reason")
    if phase in (SETUP, MEEPLES, PLAY) and current is None:
        _bad("a running game has a player in turn")
    if phase != PLAY and (st.block_moved or st.meeple_moved):
        _bad("a turn is under way only during play", "BA-6")
    if phase in (SETUP, MEEPLES) and any(turns):
        _bad("no turn is played before setup ends", "BA-3")

    if phase == SETUP:
        if meeples != [None, None]:
            _bad("meeples are placed after all blocks", "BA-3")
        if len(st.blocks) >= 2 * BLOCKS_EACH or counts[1] - counts[2] not in (0, 1) \
                or current != (1 if counts[1] == counts[2] else 2):
            _bad("in setup the players place blocks alternately, seat 1 first", "BA-3")
        for o, a, b in st.blocks:
            home = home_row(o, rows)
            if bd.row_of[a] != home or bd.row_of[b] != home:
                _bad(f"a block of seat {o} in setup lies outside row {home + 1}", "BA-3")
        for seat in (1, 2):
            free = sum(1 for sq in bd.row_squares(home_row(seat, rows)) if st.cell[sq] == -1)
            if free < BLOCKS_EACH - counts[seat]:
                _bad(f"seat {seat}'s remaining blocks no longer fit in their first row", "BA-10")
        return st
    if counts != [0, BLOCKS_EACH, BLOCKS_EACH]:
        _bad(f"after setup each player has {BLOCKS_EACH} blocks on the board", "BA-10")
    if phase == MEEPLES:
        expected = [None, None] if current == 1 else [meeples[0], None]
        if meeples != expected or (current == 2 and meeples[0] is None):
            _bad("meeples are placed by seat 1, then seat 2", "BA-3")
        for seat in (1, 2):
            m = st.meeple[seat]
            if m is not None and (st.blocks[st.cell[m]][0] != seat or bd.row_of[m] != home_row(seat, rows)):
                _bad(f"seat {seat}'s meeple starts on their own block", "BA-3")
        for o, a, b in st.blocks:
            if bd.row_of[a] != home_row(o, rows) or bd.row_of[b] != home_row(o, rows):
                _bad(f"no block has moved before the meeples are placed, but seat {o} has one outside row "
                     f"{home_row(o, rows) + 1}", "BA-3")
        return st
    if None in st.meeple[1:]:
        _bad("both meeples are on the board once play starts", "BA-3")
    if phase == PLAY:
        t1, t2 = turns
        if t1 - t2 != (0 if current == 1 else 1):
            _bad(f"seat 1 has finished {t1} turns and seat 2 {t2}, so it is not seat {current}'s turn", "BA-6")
        if st.bga and (st.block_moved or st.meeple_moved):
            _bad("in the bga variant a turn is a single action", "BA-9")
        if st.bga and t2 >= BGA_TURNS:
            _bad(f"the bga variant ends after {BGA_TURNS} turns each", "BA-9")
        if st.block_moved and st.meeple_moved:
            _bad("a turn with a block move and a meeple movement is over", "BA-11")
        if st.meeple_moved and not st.block_moved and not st.block_moves():
            _bad(f"seat {current}'s meeple moved first and left no block to move", "BA-11")
        for seat in (1, 2):
            if bd.row_of[st.meeple[seat]] == goal_row(seat, rows):
                _bad(f"seat {seat}'s meeple is on its goal row, so the game is over", "BA-12")
        if not st.block_moved and not st.meeple_moved and not st.can_take_turn(current):
            _bad(f"seat {current} cannot complete a turn, so the game is over", "BA-13")
        return st
    if current is not None or winner is None or st.reason not in (GOAL, STUCK, LIMIT):
        _bad('a finished game has no player in turn, a winner, and a reason ("goal", "stuck" or "turn-limit")')
    t1, t2 = turns
    if t1 - t2 not in (0, 1):
        _bad(f"seat 1 has finished {t1} turns and seat 2 {t2}, which no game reaches", "BA-6")
    if st.reason == LIMIT and not st.bga:
        _bad("only the bga variant ends on a turn limit", "BA-9")
    if st.bga and st.reason != LIMIT and t2 >= BGA_TURNS:
        _bad(f"turns is {turns}, but the bga variant ends after {BGA_TURNS} turns each, on the turn limit", "BA-9")
    on_goal = [seat for seat in (1, 2) if bd.row_of[st.meeple[seat]] == goal_row(seat, rows)]
    if st.reason == GOAL and on_goal != [winner]:
        _bad(f"seat {winner} won on the goal row, so their meeple, and only theirs, is on its goal row", "BA-12")
    if st.reason != GOAL and on_goal:
        _bad(f"seat {on_goal[0]}'s meeple is on its goal row, so the game ended there", "BA-12")
    loser = 3 - winner
    if st.reason == STUCK and (t1 - t2 != (0 if loser == 1 else 1) or st.can_take_turn(loser)):
        _bad(f"seat {loser} lost as stuck, so it was their turn and they could not complete it", "BA-13")
    if st.reason == LIMIT and (turns != [BGA_TURNS, BGA_TURNS] or st.limit_winner() != winner):
        _bad(f"a turn-limit ending comes after {BGA_TURNS} turns each and goes to the seat the tie-breaks name",
             "BA-9")
    return st
