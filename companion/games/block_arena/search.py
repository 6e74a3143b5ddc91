"""The `search` computer player: alpha-beta over whole turns, iterative deepening, a transposition table.

Why whole turns: a turn is up to three actions by one player, so searching action by action would
mix "my move" and "your move" levels; a node here is the position when a turn begins, and its
children are the distinct positions the player can end the turn on (`turns.turn_ends`, made into
positions only when visited: most are cut off before); a node's best turn kept in the table is searched
before its turns are generated, which a cut-off then saves (45 % of the generations at nodes two or more
turns above the horizon, in the bench's depth-4 searches). At the horizon a player who can win this turn
scores as won (`turns.wins_now`); one facing the opponent's threat to win pays `THREAT` and, once a
line, searches its answers one turn further (a threat it cannot answer is a loss, not a penalty).
The evaluation is greedy's plus a term for own blocks on the goal row (`players.eval_for`, `landing`).
The plan of the chosen turn is remembered, so the next `choose` of the same turn answers its next action
without searching again.

What carries over between the turns of a game (`Memory`): the table and each leaf's value. A win or loss is
kept counted from the node it was found at (`to_table`), since the position recurs at other depths and in the
next turn's search. Setup: the blocks go down lying while a lying block fits and leaves room for the rest
(BA-3, BA-10: two of the four on a 6-wide row), at random among those placements, then standing at random
(`block_setup`); where the meeple starts is searched (`placed`: each placement, then the play ahead). Lying
first, at 5500 nodes a turn (`--only greedy --games 100 --jobs 1 --nodes 5500 --seed S`): 96, 94 and 96 of 100
for seeds 1, 3, 7 (286/300 = 95 %, 95 % 92-97 %), against 97, 90 and 92 (279/300) with the blocks at random
(seed 3 remeasured after session 11's speed-ups: 90, the same games); seeds 11 and 13, 93 and 97 against 90
and 96: over the five seeds 476/500 (95 %, 93-97 %) against 465/500 (93 %, 90-95 %), a small gain, within the
noise of each. Searching the last block's placement as well measured no better (94 of 100 against greedy
either way; the last two blocks', 93).

Measured on a shared 2-core machine, CPU-time figures. Speed (session 11): 54,200 nodes a second of CPU and a
mean depth of 4.0 turns in 0.2 s, against 22,000 and 3.1 for the search before session 11, the two run side by
side (`python -m tools.bench_block_arena --only speed --cpu --seconds 0.2 --depth 4`, load 5.4-5.9; at load
1.2-2.2, before the last two speed-ups, 46,200 against 19,900), with the same 7,027 nodes to finish depth 4:
the same search, faster (the kept best turn first; `turns.may_reach_row` before `wins_now`'s path searches;
`turn_ends` with no scratch position, each block move's blocks made once; quiet ends of turns; a kept leaf
value read by the end's key; `eval_for` in one pass). Strength at equal CPU (`--only greedy --games 100 --jobs
1 --cpu --seconds 0.2 --seed S`): with all but the last two speed-ups, the blocks set at random, 91, 95 and 95
of 100 for seeds 1, 3, 7 (281/300 = 94 %, 95 % 90-96 %; load 2.9-4.6), against 96, 89 and 87 (272/300 = 91 %,
87-94 %) before (below); with the lying-first setup as well (`block_setup`), 96, 95 and 92 (283/300 = 94 %,
91-96 %; load 3.6-5.5); seeds 11, 13, 17 and 19, 94, 97, 94 and 97 (load 5.2-6.0): over the seven seeds 665/700
(95.0 %, 95 % 93.1-96.4 %). Random: 100 of 100 (`--only random --cpu --seconds 0.2 --seed 1`, load 5.5-5.9).
Earlier figures follow. Speed: 27,300 nodes a second of CPU at load 4-11 (2,000 a wall-clock second at load
10), but 14,600-19,000 at load 21 (a crowded machine's CPU second does less), so 0.2 s of CPU reached a mean
depth of 3.3 turns then and 3.0-3.1 at load 21 (`python -m tools.bench_block_arena --only speed --cpu
--seconds 0.2`); a full depth 4 takes ~7,000 nodes on the bench's positions from random games, more in the
middle game. The deadline is wall-clock (`seconds`, 90 % of it), so a loaded machine gives a move less.
Strength: `python -m tools.bench_block_arena --only greedy --seconds 0.2 --games 100 --jobs 2 --cpu --seed S`
(the budget in CPU time) beat greedy 92, 90 and 92 of 100 for seeds 1, 3, 7 (274/300 = 91 %, 95 % 88-94 %;
load 15-18), against 92, 87 and 91 (270/300) for the search before its turn generator was sped up, on the same
seeds (load 11-18); random 100 of 100 (`--only random`). At a fixed 4000 nodes a turn (`--nodes 4000`, about
0.2 s of CPU, the same games whatever the load): 94, 88 and 92 of 100 for seeds 1, 3, 7 (274/300). At 5500
nodes (`--only greedy --games 100 --jobs 1 --nodes 5500 --seed S`), with the evaluation's `landing` term: 97,
90 and 92 of 100 for seeds 1, 3, 7 (279/300 = 93 %, 95 % 89-95 %), against 97, 88 (remeasured) and 91
(276/300) without it: within the noise of 300 games. Random: 100 of 100 (`--only random --nodes 5500 --seed
1`, load 5-6). At equal CPU (`--only greedy --games 100 --jobs 1 --cpu --seconds 0.2 --seed S`, with and
without `landing` run side by side, load 1.6-5.3): 96, 89, 87 of 100 for seeds 1, 3, 7 (272/300 = 91 %, 95 %
87-94 %) against 95, 82, 85 (262/300 = 87 %, 83-91 %). The speed part with `landing` (`--only speed --cpu
--seconds 0.2 --depth 4`, load 0.4): 24,700 nodes a CPU second, depth 3.3, 7,027 nodes to finish depth 4
(6,730 without; 20,300 a second, depth 3.2, load 0.5: the positions' trees differ, so the rate is no
like-for-like figure).

Where it loses (`--lost`, replays): horizon effects. A quiet turn after which the opponent wins by force
three or four turns later, mostly once both first rows are bare and a meeple walks onto a block its side
has brought to its goal row: the search parries the first threat and not the second. A 30,000-node search
(depth 3-4) of the positions the search played in the 6 games lost at 4000 nodes (seed 1) calls 5 of its
79 turns there lost and 20 more already lost; greedy wins such games only when its rush happens to be
the winning line. Measured no better: searching the turns after the 4th of a node a turn shallower first
(depth 2.95 -> 3.40 at 3000 nodes, but 88/100 against 92/100 at 4000 nodes, seed 7); a null window after
each node's first turn (the same nodes to depths 3 and 4); answering threats twice a line, not once (as
many of those 79 turns lost at 4000 nodes: 5); a leaf bonus for a meeple one or two rows from its goal
(+20, +6: 90/100 at 4000 nodes, seed 7); `THREAT` 100 or 1000 (92/100 either way, seed 7, as with 300);
killer moves (each ply's last two turns that cut off tried after the table's best, then greedy's order; a
history count as tie-break adds little: 5,724): 15 % fewer nodes to finish depth 4 (`--only speed --depth 4`:
mean 5,748 against 6,730 over 20 positions; three or four killers 5,780) but 86/100 against 88/100 at 5500
nodes (seed 3), and with `landing` 89 and 90 of 100 for seeds 3 and 7 against 90 and 92 without killers.
"""
from __future__ import annotations

import random
import time
from typing import ClassVar

from companion.core import ComputerPlayer, refuse

from .players import WIN, _setup_choice, eval_for
from .state import MEEPLES, OVER, PLAY, SETUP
from .turns import action_of, apply_step, end_of, turn_ends, whole_turns, wins_now

EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 12
#: what a threat to win next turn costs the side that must answer it (30 rows of meeple progress)
THREAT = 300
#: position key -> the next step of a plan already chosen (a few turns' worth, shared by instances)
_PLANS: dict = {}


class Timeout(Exception):
    pass


class Memory:
    """What searches of one game learn and the next turn's search reuses: the transposition table and each
    leaf's value (a leaf's two `wins_now` checks and its evaluation are a third of a search's time, profiled,
    and positions recur from one iteration and one turn to the next). Emptied when full (a few MB). Each
    position's whole turns are not kept: measured, that saved no time and tripled the memory."""

    LIMIT = 50_000  # entries of each part

    def __init__(self):
        self.table: dict = {}
        self.leaves: dict = {}

    def trim(self) -> None:
        if len(self.table) > self.LIMIT or len(self.leaves) > self.LIMIT:
            self.table.clear()
            self.leaves.clear()


#: board shape -> the Memory of the games played on it (one game at a time is usual)
_MEMORY: dict = {}


class Searcher:
    """One search: counts nodes, keeps the table, stops at `deadline` on `clock` (wall-clock by default;
    the bench may pass `time.thread_time` to spend a budget of this thread's CPU, whatever the load)."""

    def __init__(self, seat: int, deadline: float, max_nodes: int | None = None, memory: "Memory | None" = None,
                 clock=time.perf_counter):
        self.seat, self.deadline, self.clock = seat, deadline, clock
        self.max_nodes = max_nodes  # a fixed effort instead of a time (reproducible comparisons)
        self.nodes = 0
        self.memory = memory or Memory()
        self.table = self.memory.table
        self.depth_done = 0

    def leaf(self, st, ply: int) -> tuple[int, bool]:
        """The static value of `st` for the player to move, and whether the opponent threatens to win."""
        key = st.key()
        hit = self.memory.leaves.get(key)
        if hit is None:
            threat = False
            if wins_now(st):
                v = WIN
            else:
                v = eval_for(st, st.current)
                threat = wins_now(st, 3 - st.current)
                if threat:
                    v -= THREAT  # the opponent threatens to win: this turn goes to answering it
            self.memory.leaves[key] = hit = (v, threat)
        v, threat = hit
        return (WIN - ply - 1 if v == WIN else v), threat

    def count(self) -> None:
        """One node more; raises Timeout past the deadline or the node budget (read every 64 nodes)."""
        self.nodes += 1
        if (self.nodes & 63) == 0 and (self.clock() > self.deadline
                                       or (self.max_nodes is not None and self.nodes > self.max_nodes)):
            raise Timeout

    def negamax(self, st, depth: int, alpha: int, beta: int, ply: int, extend: bool = True) -> int:
        self.count()
        if st.phase != PLAY:
            return self.setup_node(st, depth, alpha, beta, ply)
        if depth == 0:
            v, threat = self.leaf(st, ply)
            if threat and extend:  # the answers to a threat, one turn more (once a line)
                return self.negamax(st, 1, alpha, beta, ply, False)
            return v
        key = st.key()
        hit = self.table.get(key)
        alpha0, best, best_end = alpha, -WIN - 1, None
        if hit is not None:
            d, v, flag, kept = hit
            v = from_table(v, ply)
            if d >= depth:
                if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                    return v
            if kept is not None:
                # The kept best turn first, before the turns are generated (most cut-offs need no others). No
                # win-in-one is missed: a node with one returns before it is stored, and its key is the position.
                best, best_end = self.child(st, kept, depth, alpha, beta, ply, extend), kept
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        self.table[key] = (depth, to_table(best, ply), LOWER, kept)
                        return best
        me = st.current
        ends = turn_ends(st, rows_for=me)  # ordered by greedy's evaluation, kept up move by move
        if not ends:  # cannot happen in play (BA-13 ends the game first); score as lost
            return -WIN + ply
        for end in ends:
            if end[2] == me:
                return WIN - ply
        ends.sort(key=_by_score)
        kept_key = None if best_end is None else best_end[1]
        for end in ends:
            if end[1] == kept_key:
                continue  # searched first, above
            v = self.child(st, end, depth, alpha, beta, ply, extend)
            if v > best:
                best, best_end = v, end
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.table[key] = (depth, to_table(best, ply), flag, best_end)
        return best

    def child(self, st, end: tuple, depth: int, alpha: int, beta: int, ply: int, extend: bool) -> int:
        """The value for the player to move of the turn `end` (a `turn_ends` entry) from `st`."""
        plan, k, winner, _ = end
        me = st.current
        if winner is not None:  # BA-12: a meeple carried home
            return WIN - ply if winner == me else -WIN + ply
        if depth == 1 and not st.bga:  # a leaf: its value, if kept, needs no position (its key is the end's)
            hit = self.memory.leaves.get(k + (3 - me, False, False, PLAY))
            if hit is not None and not (hit[1] and extend):
                self.count()  # as negamax would
                return -(WIN - ply - 2 if hit[0] == WIN else hit[0])
        c = end_of(st, plan, None)
        if c.phase == OVER:  # a player stuck (BA-13)
            return WIN - ply if c.winner == me else -WIN + ply
        return -self.negamax(c, depth - 1, -beta, -alpha, ply + 1, extend)

    def setup_node(self, st, depth: int, alpha: int, beta: int, ply: int) -> int:
        """A meeple placement (BA-3) before play: each placement in turn, counted in no depth (the positions
        before play have no evaluation, and there are at most a few: the meeples go last)."""
        best = -WIN - 1
        for _, c in placed(st):
            v = (WIN - ply if c.winner == st.current else -WIN + ply) if c.phase == OVER \
                else -self.negamax(c, depth, -beta, -alpha, ply + 1)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best

    def root(self, st, rng: random.Random) -> tuple[tuple, int]:
        """The best plan from `st` and its score, deepening until the deadline; in the meeples' setup
        (`placed`) the plan is the placement."""
        me = st.current
        kids = whole_turns(st) if st.phase == PLAY else placed(st)
        rng.shuffle(kids)
        for plan, c in kids:
            if c.phase == OVER and c.winner == me:
                return plan, WIN
        kids.sort(key=lambda pc: -eval_for(pc[1], me) if pc[1].phase in (PLAY, OVER) else 0)
        best_plan, best_score = kids[0][0], None
        for depth in range(1, MAX_DEPTH + 1):
            alpha, scored = -WIN - 1, []
            try:
                for plan, c in kids:
                    v = -WIN if c.phase == OVER else -self.negamax(c, depth - 1, -WIN - 1, -alpha, 1)
                    scored.append((v, plan, c))
                    alpha = max(alpha, v)
            except Timeout:
                if scored:
                    best_plan, best_score = self.interrupted(scored, kids, best_plan, best_score)
                break
            scored.sort(key=lambda t: -t[0])  # stable: earlier (better-ordered) first among equals
            kids = [(p, c) for _, p, c in scored]
            best_plan, best_score = kids[0][0], scored[0][0]
            self.depth_done = depth
            if abs(best_score) >= WIN - 100 or self.clock() > self.deadline:
                break
        return best_plan, best_score

    @staticmethod
    def interrupted(scored: list, kids: list, best_plan, best_score) -> tuple[tuple, int]:
        """The choice when the deadline cuts a deeper iteration short after `scored` (its first few kids,
        the previous best first): the best of them, searched deeper than the rest, stands, unless it is a
        proven loss, since the kids not reached yet are not (the search used to play that refuted move)."""
        v, plan, _ = max(scored, key=lambda t: t[0])  # the first among equals: the better ordered
        if v > -WIN + 100 or len(scored) == len(kids):
            return plan, v
        return kids[len(scored)][0], best_score


class SearchPlayer(ComputerPlayer):
    """Alpha-beta with iterative deepening and a transposition table, within `seconds` a turn."""

    level: ClassVar[str] = "search"

    def __init__(self, max_nodes: int | None = None, clock=time.perf_counter):
        self.last: Searcher | None = None
        self.max_nodes, self.clock = max_nodes, clock

    def choose(self, state, seat: int, rng: random.Random, seconds: float):
        if state.phase == MEEPLES and state.current == seat:  # where the meeple starts is searched
            return self.search(state, seat, rng, seconds)
        if state.phase == SETUP and state.current == seat:
            return block_setup(state, rng)
        if state.phase != PLAY:
            return _setup_choice(state, seat, rng)
        if state.current != seat:
            refuse("no-move", f"It is not seat {seat}'s turn.", "protocol/hint")
        step = _PLANS.get(_plan_key(state))
        if step is not None:
            action = action_of(state, step)
            if action in state.legal_actions():  # a stale plan is never trusted
                return action
        plan = self.search(state, seat, rng, seconds)
        _remember(state, plan)
        return action_of(state, plan[0])

    def search(self, state, seat: int, rng: random.Random, seconds: float):
        """The plan (or meeple placement) the search chooses within `seconds`."""
        # bga: a position's value depends on the turns left (BA-9), which its key leaves out: nothing kept
        memory = Memory() if state.bga else _MEMORY.setdefault((state.bd.columns, state.bd.rows), Memory())
        memory.trim()
        searcher = Searcher(seat, self.clock() + max(0.01, seconds * 0.9), self.max_nodes, memory, self.clock)
        plan, _ = searcher.root(state, rng)
        self.last = searcher
        return plan


def to_table(v: int, ply: int) -> int:
    """A score as the table keeps it: a win or loss counted in turns from this node, not from the root
    (the same position recurs at other plies, and in the next turn's search)."""
    return v + ply if v >= WIN - 100 else v - ply if v <= -WIN + 100 else v


def from_table(v: int, ply: int) -> int:
    """A kept score as seen from `ply` turns below the root (undoes `to_table`)."""
    return v - ply if v >= WIN - 200 else v + ply if v <= -WIN + 200 else v


def _by_score(end: tuple) -> int:
    """Greedy's order: the best-scoring end of a turn first (`turn_ends`' score for the player to move)."""
    return -end[3]


def block_setup(state, rng: random.Random):
    """A block placement (BA-3): a lying block where one fits and leaves room for the rest (BA-10), at
    random among those, else a standing one: two squares of own block for the meeple to walk on."""
    options = state.legal_actions()
    lying = [p for p in options if p.other is not None]
    return rng.choice(lying or options)


def placed(st) -> list[tuple]:
    """(placement, position after it) for each meeple placement of the player in turn (BA-3)."""
    out = []
    for a in st.legal_actions():
        c = st.clone()
        c.apply(a)
        out.append((a, c))
    return out


def _remember(state, plan: tuple) -> None:
    """Store the rest of `plan` under the positions it passes through."""
    if len(_PLANS) > 256:
        _PLANS.clear()
    s = state.clone()
    for step in plan[:-1]:
        apply_step(s, step)
        if s.phase == OVER:
            return
    s = state.clone()
    for i, step in enumerate(plan[1:]):
        apply_step(s, plan[i])
        _PLANS[_plan_key(s)] = step


def _plan_key(state) -> tuple:
    return (state.bd.columns, state.bd.rows, state.bga, state.key())
