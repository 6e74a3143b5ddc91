"""The Block Arena referee: setup, turns, block and meeple moves, the end of the game.

Phases: "setup" (blocks placed alternately, BA-3/BA-10) -> "meeples" (seat 1 then seat 2) -> "play"
-> "over". Inside a turn `block_moved`/`meeple_moved` say where it stands (BA-6, BA-11). `apply`
checks everything before it changes anything (ALL-1).
"""
from __future__ import annotations

from typing import Any

from companion.core import Outcome, State, Turn

from . import events as ev
from .actions import END, End, Flip, Go, Meeple, Place, Slide
from .game import BlockArena
from .board import DIRS, board, goal_row, home_row
from .moves import block_moves, has_block_move, meeple_reach

SETUP, MEEPLES, PLAY, OVER = "setup", "meeples", "play", "over"
PHASES = (SETUP, MEEPLES, PLAY, OVER)
BLOCKS_EACH = 4      # BA-10
BGA_TURNS = 40       # BA-9
GOAL, STUCK, LIMIT = "goal", "stuck", "turn-limit"
REASON_RULE = {GOAL: "BA-12", STUCK: "BA-13", LIMIT: "BA-9"}


refuse = BlockArena.refuse  # refuse("code", "sentence", "BA-4") cites block-arena/BA-4


class BAState(State):
    __slots__ = ("game", "bd", "bga", "phase", "current", "winner", "reason", "blocks", "cell", "meeple",
                 "block_moved", "meeple_moved", "turns")

    FIELDS = ("phase", "current", "winner", "reason", "blocks", "cell", "meeple", "block_moved", "meeple_moved", "turns")

    def _table(self, game) -> None:
        self.game = game
        self.bd = board(game.options["columns"], game.options["rows"])
        self.bga = game.options["bga"]

    def __init__(self, game):
        self._table(game)
        self.phase, self.current, self.winner, self.reason = SETUP, 1, None, None
        self.blocks: list[tuple[int, int, int]] = []
        self.cell = [-1] * self.bd.size
        self.meeple: list[int | None] = [None, None, None]
        self.block_moved = self.meeple_moved = False
        self.turns = [0, 0, 0]

    def clone(self) -> "BAState":
        c = BAState.__new__(BAState)
        c.game, c.bd, c.bga, c.phase, c.current, c.winner, c.reason = (
            self.game, self.bd, self.bga, self.phase, self.current, self.winner, self.reason)
        c.blocks, c.cell, c.meeple, c.turns = self.blocks[:], self.cell[:], self.meeple[:], self.turns[:]
        c.block_moved, c.meeple_moved = self.block_moved, self.meeple_moved
        return c

    # -- reading -----------------------------------------------------------------------------------

    def turn(self) -> Turn:
        return Turn.over() if self.phase == OVER else Turn.seat(self.current)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        why = {GOAL: "meeple on the far row", STUCK: "opponent could not move a block",
               LIMIT: f"after {BGA_TURNS} turns each, closer to the goal"}[self.reason]
        return Outcome(winners=(self.winner,), reason=f"Seat {self.winner} wins: {why}.", termination=self.reason)

    def name(self, i: int) -> str:
        return self.bd.names[i]

    def block_moves(self, seat: int | None = None, mine: int | None = -2) -> list[tuple]:
        seat = self.current if seat is None else seat
        mine = self.meeple[seat] if mine == -2 else mine
        return block_moves(self.bd, self.blocks, self.cell, seat, mine, self.meeple[3 - seat])

    def reach(self, seat: int | None = None) -> set[int]:
        seat = self.current if seat is None else seat
        return meeple_reach(self.bd, self.blocks, self.cell, seat, self.meeple[seat], self.meeple[3 - seat])

    def go_allowed_first(self, seat: int, sq: int) -> bool:
        """BA-11: a meeple movement before the block move must leave a block move (or reach the goal)."""
        return (self.bd.row_of[sq] == goal_row(seat, self.bd.rows)
                or has_block_move(self.bd, self.blocks, self.cell, seat, sq, self.meeple[3 - seat]))

    def goes(self) -> list[int]:
        """Squares the player in turn may send their meeple to now (BA-7, BA-11)."""
        if self.phase != PLAY or self.meeple_moved:
            return []
        seat = self.current
        reach = sorted(self.reach(seat))
        if self.bga or self.block_moved:
            return reach
        return [sq for sq in reach if self.go_allowed_first(seat, sq)]

    def can_take_turn(self, seat: int) -> bool:
        """BA-13: whether `seat` could complete a turn from here (a block move, even after a meeple movement)."""
        bd, mine, theirs = self.bd, self.meeple[seat], self.meeple[3 - seat]
        if has_block_move(bd, self.blocks, self.cell, seat, mine, theirs):
            return True
        reach = meeple_reach(bd, self.blocks, self.cell, seat, mine, theirs)
        if self.bga:
            return bool(reach)
        return any(self.go_allowed_first(seat, sq) for sq in reach)

    def placements(self) -> list[Place]:
        """Setup placements the player in turn may make (BA-3, BA-10)."""
        seat, bd = self.current, self.bd
        row = list(bd.row_squares(home_row(seat, bd.rows)))
        free = [sq for sq in row if self.cell[sq] == -1]
        left = BLOCKS_EACH - 1 - sum(1 for b in self.blocks if b[0] == seat)
        out = []
        if len(free) - 1 >= left:
            out += [Place(bd.names[sq]) for sq in free]
        if len(free) - 2 >= left:
            out += [Place(bd.names[sq], bd.names[sq + 1]) for sq in free[:-1]
                    if sq + 1 in free and bd.row_of[sq + 1] == bd.row_of[sq]]
        return sorted(out, key=lambda p: (bd.index[p.square], p.other is not None))

    def legal_actions(self) -> list:
        ph = self.phase
        if ph == OVER:
            return []
        names = self.bd.names
        if ph == SETUP:
            return self.placements()
        if ph == MEEPLES:
            return [Meeple(names[sq]) for sq in range(self.bd.size)
                    if self.cell[sq] >= 0 and self.blocks[self.cell[sq]][0] == self.current]
        out = []
        if not self.block_moved:
            out = [Slide(names[sq], d) if verb == "s" else Flip(names[sq], d)
                   for _, _, _, verb, sq, d in sorted(self.block_moves(), key=_move_order)]
        out += [Go(names[sq]) for sq in self.goes()]
        if self.block_moved and not self.bga:
            out.append(END)
        return out

    def canonical(self, action):
        """`action` with its block named as `legal_actions` names it (its first square), if it names one."""
        if type(action) is Slide or (type(action) is Flip and action.dir is not None):
            i = self.bd.index.get(action.square)
            if i is not None and self.cell[i] >= 0:
                return type(action)(self.bd.names[self.blocks[self.cell[i]][1]], action.dir)
        return action

    # -- acting ------------------------------------------------------------------------------------

    def square(self, name: str) -> int:
        i = self.bd.index.get(name)
        if i is None:
            refuse("off-board", f"There is no square {name} on this {self.bd.columns}x{self.bd.rows} board.", "BA-1")
        return i

    def apply(self, action) -> list[dict[str, Any]]:
        if self.phase == OVER:
            refuse("game-over", f"The game is over: seat {self.winner} has won.", REASON_RULE[self.reason])
        kind = type(action)
        if kind is Place:
            return self._place(action)
        if kind is Meeple:
            return self._place_meeple(action)
        if self.phase != PLAY:
            what = "blocks" if self.phase == SETUP else "meeples"
            refuse("setup-not-finished", f"Setup is not finished: the players are still placing {what}.", "BA-3")
        if kind is Slide or kind is Flip:
            return self.move_block(self._block_move(action))
        if kind is Go:
            return self.move_meeple(self._go(action))
        if kind is End:
            if self.bga:
                refuse("no-end-in-bga", "In the bga variant a turn is one block move or one meeple movement; "
                       "it ends by itself.", "BA-9")
            if not self.block_moved:
                refuse("block-move-first", "A turn needs a block move before it can end.", "BA-6")
            return self._end_turn([])
        refuse("not-an-action", f"{action} is not a Block Arena action.", "BA-6")

    # setup

    def _place(self, p: Place) -> list[dict[str, Any]]:
        if self.phase != SETUP:
            refuse("setup-over", "All blocks are placed; blocks now only slide or flip.", "BA-3")
        seat, bd = self.current, self.bd
        squares = [self.square(p.square)] + ([] if p.other is None else [self.square(p.other)])
        home = home_row(seat, bd.rows)
        if len(squares) == 2 and bd.row_of[squares[0]] != bd.row_of[squares[1]]:
            refuse("lie-along-row", "In setup a lying block lies along the first row.", "BA-3")
        if any(bd.row_of[sq] != home for sq in squares):
            refuse("outside-first-row", f"Seat {seat} places blocks only in row {home + 1}, their first row.", "BA-3")
        if len(squares) == 2 and squares[1] != squares[0] + 1:
            refuse("not-adjacent", "A lying block covers two neighbouring squares.", "BA-2")
        taken = [sq for sq in squares if self.cell[sq] != -1]
        if taken:
            refuse("square-taken", f"The square {bd.names[taken[0]]} already holds a block.", "BA-2")
        free = sum(1 for sq in bd.row_squares(home) if self.cell[sq] == -1) - len(squares)
        left = BLOCKS_EACH - 1 - sum(1 for b in self.blocks if b[0] == seat)
        if free < left:
            refuse("no-room-left", f"Seat {seat} would have no room for their other {left} blocks in the first row.",
                   "BA-10")
        k = len(self.blocks)
        self.blocks.append((seat, squares[0], squares[-1]))
        for sq in squares:
            self.cell[sq] = k
        events = [ev.Placed(seat, [bd.names[sq] for sq in squares])]
        if len(self.blocks) == 2 * BLOCKS_EACH:
            self.phase, self.current = MEEPLES, 1
        else:
            self.current = 3 - seat
        return events

    def _place_meeple(self, m: Meeple) -> list[dict[str, Any]]:
        if self.phase != MEEPLES:
            refuse("not-meeple-time", "Meeples are placed once, after all blocks are placed.", "BA-3")
        seat = self.current
        sq = self.square(m.square)
        k = self.cell[sq]
        if k < 0 or self.blocks[k][0] != seat:
            refuse("meeple-on-own-block", f"Seat {seat} places their meeple on one of their own blocks.", "BA-3")
        self.meeple[seat] = sq
        events = [ev.MeeplePlaced(seat, m.square)]
        if seat == 1:
            self.current = 2
            return events
        self.phase, self.current = PLAY, 1
        events.append(ev.TurnStarts(1))
        return self._check_stuck(events)

    # play

    def _block_move(self, action) -> tuple:
        """The internal block move `action` means; refuses what BA-4/5/6 forbid."""
        seat, bd = self.current, self.bd
        if self.block_moved:
            refuse("second-block-move", "Only one block move a turn.", "BA-6")
        sq = self.square(action.square)
        k = self.cell[sq]
        if k < 0:
            refuse("no-block", f"There is no block on {action.square}.", "BA-4")
        owner, a, b = self.blocks[k]
        if owner != seat:
            refuse("not-your-block", f"It is seat {seat}'s turn and {action.square} is seat {owner}'s block.", "BA-6")
        if self.meeple[seat] in (a, b):
            refuse("carries-own-meeple", "The block carrying your own meeple cannot move.", "BA-5")
        theirs = self.meeple[3 - seat]
        if type(action) is Slide:
            st = bd.step[DIRS.index(action.dir)]
            na, nb = st[a], st[b]
            if na < 0 or nb < 0:
                refuse("off-board", "A block cannot slide off the board.", "BA-2")
            if any(self.cell[j] not in (-1, k) for j in (na, nb)):
                refuse("square-taken", "A block slides only into free squares.", "BA-4")
            return (k, min(na, nb), max(na, nb), "s", a, action.dir)
        if theirs in (a, b):
            refuse("flip-carries-opponent", "A block carrying the opponent's meeple may slide but not flip.", "BA-5")
        if action.dir is None:
            if a == b:
                refuse("already-standing", f"The block on {action.square} is standing: lay it down with "
                       f"`flip {action.square} DIR`.", "BA-4")
            return (k, sq, sq, "f", sq, None)
        if a != b:
            refuse("already-lying", f"The block on {action.square} is lying: stand it up with `flip SQ` on one "
                   "of its squares.", "BA-4")
        j = bd.step[DIRS.index(action.dir)][a]
        if j < 0:
            refuse("off-board", "A block cannot lie down over the edge of the board.", "BA-2")
        if self.cell[j] != -1:
            refuse("square-taken", f"The square {bd.names[j]} is not free to lie down on.", "BA-4")
        return (k, min(a, j), max(a, j), "f", a, action.dir)

    def _go(self, action: Go) -> int:
        seat, bd = self.current, self.bd
        if self.meeple_moved:
            refuse("meeple-already-moved", "The meeple moves at most once a turn.", "BA-6")
        sq = self.square(action.square)
        here, other = self.meeple[seat], self.meeple[3 - seat]
        if sq == here:
            refuse("meeple-stays", f"Your meeple is already on {action.square}.", "BA-7")
        if self.cell[sq] < 0:
            refuse("meeple-off-block", "A meeple stands only on blocks, never on the board.", "BA-7")
        if sq == other:
            refuse("meeple-occupied", "A meeple cannot stop on the other meeple's square.", "BA-7")
        if sq not in self.reach(seat):
            refuse("meeple-path", f"No allowed path to {action.square}: steps run between touching blocks, go on "
                   "only over your own blocks, stop at a step onto or off the opponent's, and never pass the other "
                   "meeple.", "BA-7")
        if not self.bga and not self.block_moved and not self.go_allowed_first(seat, sq):
            refuse("no-block-move-after", "Moving the meeple there first would leave you no block to move.", "BA-11")
        return sq

    def move_block(self, move: tuple) -> list[dict[str, Any]]:
        """Play an internal block move (already checked) and what follows it."""
        k, na, nb, verb, _, _ = move
        owner, a, b = self.blocks[k]
        cell = self.cell
        cell[a] = cell[b] = -1
        cell[na] = cell[nb] = k
        self.blocks[k] = (owner, na, nb)
        theirs = 3 - owner
        m = self.meeple[theirs]
        rides = m == a or m == b
        if rides:  # BA-5: the opponent's meeple rides along a slide
            self.meeple[theirs] = m + (na - a)
        self.block_moved = True
        names = self.bd.names
        before = [names[a]] + ([names[b]] if b != a else [])
        after = [names[na]] + ([names[nb]] if nb != na else [])
        events = [ev.Slid(owner, before, after, theirs if rides else None) if verb == "s"
                  else ev.Flipped(owner, before, after)]
        return self._after(events)

    def move_meeple(self, sq: int) -> list[dict[str, Any]]:
        seat = self.current
        events = [ev.MeepleMoved(seat, self.bd.names[self.meeple[seat]], self.bd.names[sq])]
        self.meeple[seat] = sq
        self.meeple_moved = True
        return self._after(events)

    def _after(self, events: list) -> list[dict[str, Any]]:
        """BA-12 after every move, then the turn ends by itself where BA-9/BA-11 say so."""
        seat, rows, row_of = self.current, self.bd.rows, self.bd.row_of
        for s in (seat, 3 - seat):
            if row_of[self.meeple[s]] == goal_row(s, rows):
                return self._finish(events, s, GOAL)
        if self.bga or (self.block_moved and self.meeple_moved):
            return self._end_turn(events)
        return events

    # `events` None is a quiet end: the same rules without their record (the computer's search ends
    # turns by the million and never shows those events).

    def _end_turn(self, events: list | None) -> list[dict[str, Any]] | None:
        seat = self.current
        self.turns[seat] += 1
        self.block_moved = self.meeple_moved = False
        if events is not None:
            events.append(ev.TurnEnded(seat))
        if self.bga and self.turns[1] >= BGA_TURNS and self.turns[2] >= BGA_TURNS:
            return self._finish(events, self.limit_winner(), LIMIT)
        self.current = 3 - seat
        if events is not None:
            events.append(ev.TurnStarts(self.current))
        return self._check_stuck(events)

    def _check_stuck(self, events: list | None) -> list[dict[str, Any]] | None:
        if not self.can_take_turn(self.current):
            return self._finish(events, 3 - self.current, STUCK)
        return events

    def _finish(self, events: list | None, winner: int, reason: str) -> list[dict[str, Any]] | None:
        self.phase, self.winner, self.reason, self.current = OVER, winner, reason, None
        self.block_moved = self.meeple_moved = False
        if events is not None:
            events.append(ev.GameOver(winner, reason))
        return events

    def distances(self, seat: int) -> tuple[int, int]:
        """BA-14: rows from the meeple, and summed over the blocks, to `seat`'s goal row."""
        goal, row_of = goal_row(seat, self.bd.rows), self.bd.row_of
        meeple = abs(row_of[self.meeple[seat]] - goal)
        blocks = sum(min(abs(row_of[a] - goal), abs(row_of[b] - goal)) for o, a, b in self.blocks if o == seat)
        return meeple, blocks

    def limit_winner(self) -> int:
        """BA-9: the closer meeple, then the closer blocks, then the second player."""
        d1, d2 = self.distances(1), self.distances(2)
        return 1 if d1 < d2 else 2

    # -- the record ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        names = self.bd.names
        return {
            "game": "block-arena", "columns": self.bd.columns, "rows": self.bd.rows, "bga": self.bga,
            "phase": self.phase, "current": self.current, "winner": self.winner, "reason": self.reason,
            "blocks": [{"owner": o, "squares": [names[a]] + ([names[b]] if b != a else [])} for o, a, b in self.blocks],
            "meeples": [None if m is None else names[m] for m in self.meeple[1:]],
            "turn": {"block_moved": self.block_moved, "meeple_moved": self.meeple_moved},
            "turns": self.turns[1:],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.to_dict()  # perfect information: every seat sees everything

    def key(self) -> tuple:
        """A hashable summary of the position for the search's transposition table."""
        return (tuple(self.blocks), self.meeple[1], self.meeple[2], self.current, self.block_moved,
                self.meeple_moved, self.phase)


def _move_order(m: tuple) -> tuple:
    """legal_actions order: by the named square, slides before flips, directions n e s w."""
    return (m[4], m[3] == "f", -1 if m[5] is None else DIRS.index(m[5]))
