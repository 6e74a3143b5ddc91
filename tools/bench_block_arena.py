"""Block Arena benchmark: move generation and search speed, and matches between the computer levels.

    python -m tools.bench_block_arena [--games N] [--seconds S] [--cpu] [--nodes N] [--depth D] [--jobs J] [--lost]
                                      [--pi]

Prints legal-move generations per second (`legal_actions()` on positions from random games), search
nodes per second of wall-clock and of this process's CPU (the `search` player thinking S seconds on
those positions), and the `search` level's results against `random` and `greedy` over N games each,
seats alternated, S seconds a turn: won/games as seat 1, as seat 2 and both, each with its 95 % Wilson
interval. A game still running after --max-turns turns each counts as unfinished (neither wins).
`--cpu` spends S seconds of the searching thread's CPU time (`time.thread_time`) instead of wall-clock,
so the strength depends much less on the machine's load (the product keeps its wall-clock deadline); less,
not nothing: a CPU second does less work on a crowded machine (shared caches and cores), 27,300 nodes at
load 4-11 but 14,600-19,000 at load 21 (`--only speed --cpu --seconds 0.2`, session 9), so CPU-clock
strength figures taken at different loads do not compare. `--nodes N` gives the search N nodes a turn
instead (no clock: a game replays exactly, whatever the load: for A/B tests at equal effort; 4000 nodes is
about 0.2 s of CPU). Each game starts with the search's memory empty, whichever process plays it.
`--depth D` (with the speed part) prints the nodes a search takes to finish depth D on the first 20 of those
positions, with no clock (what better move ordering saves, whatever the load).
`--lost` prints each game the search lost or left unfinished: its seed, the search's seat and its moves.
`--pi` runs under a quarter of one core (`tools/bench_cpu.py`), shared by all its jobs: use it with `--jobs 1`.
"""
from __future__ import annotations

import argparse
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from companion.core import RandomPlayer

from companion.games.block_arena.game import BlockArena
from companion.games.block_arena.players import GreedyPlayer
from companion.games.block_arena import search as search_module
from companion.games.block_arena.search import Searcher, SearchPlayer
from tools.bench_legends import wilson

LEVELS = {"random": RandomPlayer, "greedy": GreedyPlayer, "search": SearchPlayer}


def sample_positions(game, count: int, rng: random.Random) -> list:
    """Positions at the start of a turn, from random games."""
    out = []
    while len(out) < count:
        st = game.new_state()
        while not st.is_over() and len(out) < count:
            if st.phase == "play" and not st.block_moved and not st.meeple_moved and rng.random() < 0.3:
                out.append(st.clone())
            st.apply(rng.choice(st.legal_actions()))
    return out


def movegen_rate(positions, seconds: float = 2.0) -> float:
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for st in positions:
            st.legal_actions()
        calls += len(positions)
    return calls / (time.perf_counter() - start)


def search_rate(positions, seconds: float, rng: random.Random) -> tuple[float, float, float]:
    """Nodes a wall-clock second, nodes a second of this thread's CPU (what the load leaves it does not
    count), and the mean depth reached; each search has `seconds` of CPU."""
    nodes = depth = 0
    spent = cpu = 0.0
    for st in positions:
        t, c = time.perf_counter(), time.thread_time()
        s = Searcher(st.current, c + seconds, clock=time.thread_time)
        s.root(st, rng)
        spent += time.perf_counter() - t
        cpu += time.thread_time() - c
        nodes += s.nodes
        depth += s.depth_done
    return nodes / spent, nodes / max(cpu, 1e-9), depth / len(positions)


def nodes_to_depth(positions, depth: int, rng: random.Random) -> tuple[float, int]:
    """The mean and the largest number of nodes a search with its memory empty takes to finish iteration
    `depth` on `positions` (no clock: the same figure whatever the load; what move ordering saves)."""
    counts = []
    keep = search_module.MAX_DEPTH
    search_module.MAX_DEPTH = depth
    try:
        for st in positions:
            s = Searcher(st.current, float("inf"), clock=lambda: 0.0)
            s.root(st, rng)
            counts.append(s.nodes)
    finally:
        search_module.MAX_DEPTH = keep
    return sum(counts) / len(counts), max(counts)


def play_game(args: tuple) -> tuple[int, int | None, int, str, list]:
    """One game: (the search player's seat, its result 1 win / 0 loss / None unfinished, turns played,
    the game's seed, its actions)."""
    opponent, search_seat, seconds, cpu, seed, columns, rows, max_turns, nodes = args
    game = BlockArena(2, {"columns": columns, "rows": rows})
    rng = random.Random(seed)
    search_module._MEMORY.clear()  # a game's result does not depend on the games its process played before
    search_module._PLANS.clear()
    if nodes:
        search, seconds = SearchPlayer(max_nodes=nodes, clock=lambda: 0.0), 1e9
    else:
        search = SearchPlayer(clock=time.thread_time) if cpu else SearchPlayer()
    players = {search_seat: search, 3 - search_seat: LEVELS[opponent]()}
    st = game.new_state()
    moves = []
    while not st.is_over() and max(st.turns) < max_turns:
        seat = st.current
        a = players[seat].choose(st.clone(), seat, rng, seconds)
        moves.append(str(a))
        st.apply(a)
    if not st.is_over():
        return search_seat, None, max(st.turns), seed, moves
    return search_seat, (1 if st.winner == search_seat else 0), max(st.turns), seed, moves


def match(opponent: str, games: int, seconds: float, cpu: bool, jobs: int, columns: int, rows: int,
          max_turns: int, seed: int, nodes: int | None = None) -> list:
    tasks = [(opponent, 1 + i % 2, seconds, cpu, f"{seed}:{opponent}:{i}", columns, rows, max_turns, nodes)
             for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(play_game, tasks))
    return [play_game(t) for t in tasks]


def rate(results: list) -> str:
    """`won/games = p (95 % low-high)`, with the losses and unfinished games."""
    n = len(results)
    won = sum(1 for r in results if r[1] == 1)
    unfinished = sum(1 for r in results if r[1] is None)
    low, high = wilson(won, n)
    return (f"{won}/{n} = {won / max(n, 1):.0%} (95 % {low:.0%}-{high:.0%}), {n - won - unfinished} lost, "
            f"{unfinished} unfinished")


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100, help="games per match (seats alternate)")
    p.add_argument("--seconds", type=float, default=1.0, help="the search player's budget a turn")
    p.add_argument("--cpu", action="store_true",
                   help="the budget is the searching thread's CPU time, not wall-clock (independent of load)")
    p.add_argument("--nodes", type=int, help="the search's budget a turn in nodes, not time (reproducible games)")
    p.add_argument("--depth", type=int, help="with speed: also the nodes to finish this depth (move ordering)")
    p.add_argument("--lost", action="store_true", help="print the seed, seat and moves of each game not won")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    p.add_argument("--columns", type=int, default=6)
    p.add_argument("--rows", type=int, default=6)
    p.add_argument("--max-turns", type=int, default=150, help="turns each before a game counts as unfinished")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", choices=("speed", "random", "greedy"), action="append",
                   help="run only these parts (repeatable)")
    p.add_argument("--pi", action="store_true", help="run under a quarter of one core (cgroup CPU quota)")
    a = p.parse_args(argv)
    if a.pi:
        from tools.bench_cpu import quarter_core
        print(quarter_core(), flush=True)
    parts = a.only or ["speed", "random", "greedy"]
    rng = random.Random(a.seed)
    game = BlockArena(2, {"columns": a.columns, "rows": a.rows})
    clock = "s of CPU" if a.cpu else "s (wall-clock)"
    budget = f"{a.nodes} nodes" if a.nodes else f"{a.seconds:g} {clock}"
    print(f"Block Arena bench: {a.columns}x{a.rows}, {a.games} games a match, {budget} a turn, "
          f"{a.jobs} job(s), max {a.max_turns} turns each, seed {a.seed}", flush=True)
    if "speed" in parts:
        positions = sample_positions(game, 40, rng)
        print(f"legal-move generations per second: {movegen_rate(positions):,.0f}", flush=True)
        rate_, cpu_rate, depth = search_rate(positions[:20], min(a.seconds, 1.0), rng)
        print(f"search nodes per second: {cpu_rate:,.0f} per second of CPU, {rate_:,.0f} wall-clock (mean depth "
              f"reached {depth:.1f} turns in {min(a.seconds, 1.0):g} s of CPU); load {load()}", flush=True)
        if a.depth:
            mean, most = nodes_to_depth(positions[:20], a.depth, random.Random(a.seed))
            print(f"nodes to finish depth {a.depth}: mean {mean:,.0f}, most {most:,} (20 positions)", flush=True)
    for opponent in ("random", "greedy"):
        if opponent not in parts:
            continue
        t = time.perf_counter()
        results = match(opponent, a.games, a.seconds, a.cpu, a.jobs, a.columns, a.rows, a.max_turns, a.seed,
                        a.nodes)
        turns = sum(r[2] for r in results) / max(1, len(results))
        if a.lost:
            for seat, r, n, seed, moves in results:
                if r != 1:
                    print(f"{'lost' if r == 0 else 'unfinished'} {seed} search seat {seat}, {n} turns: "
                          f"{'; '.join(moves)}", flush=True)
        for seat in (1, 2):
            print(f"search as seat {seat} vs {opponent}: {rate([r for r in results if r[0] == seat])}", flush=True)
        print(f"search vs {opponent}: {rate(results)} (mean {turns:.1f} turns each, "
              f"{time.perf_counter() - t:.0f} s; load {load()})", flush=True)


if __name__ == "__main__":
    main()
