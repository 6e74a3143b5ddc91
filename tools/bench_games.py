"""Benchmark the Time Runners referee: random complete games per second and median microseconds per apply.

    python -m tools.bench_games [--games N] [--players 4] [--seed 1] [--instant-rate 0.1] [--legal]

One process, one core. Games are played as the session plays them (automatic chance actions, bare rolls
completed from a seeded random.Random), with random legal actions including instants by any seat.
By default the random player samples a legal action straight from the state; `--legal` makes it choose
from `legal_actions()` at every step instead (what a UI or a search would pay).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from companion.games import make_game
from companion.games.time_runners import ROLL_BARE
from companion.testing.time_runners_playout import random_playout
from companion.testing.time_runners_playout import random_action, random_legal_action


def games_per_second(game, games: int, seed: int, instant_rate: float, legal: bool):
    rng = random.Random(seed)
    actions = finished = 0
    t0 = time.perf_counter()
    for _ in range(games):
        st = game.new_state()
        actions += len(random_playout(game, rng, instant_rate, legal=legal, state=st))
        finished += st.is_over()
    return time.perf_counter() - t0, actions, finished


def apply_times(game, games: int, seed: int, instant_rate: float, legal: bool) -> list[int]:
    """Nanoseconds of every `apply` call in `games` random games (timed one by one)."""
    rng = random.Random(seed)
    pick = random_legal_action if legal else random_action
    clock = time.perf_counter_ns
    out = []
    for _ in range(games):
        st = game.new_state()
        for _ in range(5000):
            a = st.automatic(rng)
            if a is None:
                if st.is_over():
                    break
                a = pick(st, rng, instant_rate)
                if a is ROLL_BARE:
                    a = st.complete(a, rng)
            t = clock()
            st.apply(a)
            out.append(clock() - t)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_games", description=__doc__.splitlines()[0])
    from tools.bench_journal import whole_number
    p.add_argument("--games", type=whole_number, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--instant-rate", type=float, default=0.1)
    p.add_argument("--legal", action="store_true", help="choose every action from legal_actions()")
    args = p.parse_args(argv)
    game = make_game("time-runners", args.players)
    games_per_second(game, min(50, args.games), args.seed + 1, args.instant_rate, args.legal)  # warm up
    secs, actions, finished = games_per_second(game, args.games, args.seed, args.instant_rate, args.legal)
    times = apply_times(game, max(1, args.games // 4), args.seed, args.instant_rate, args.legal)
    policy = "from legal_actions()" if args.legal else "sampled from the state"
    print(f"Time Runners, {args.players} players, {args.games} random games (seed {args.seed}, "
          f"instant rate {args.instant_rate}, actions {policy}), Python {sys.version.split()[0]}, one core")
    print(f"  {args.games / secs:,.0f} complete games/s ({secs:.2f} s), {finished} finished")
    print(f"  {actions / args.games:.1f} actions per game on average, {actions / secs:,.0f} actions/s overall")
    print(f"  apply: median {statistics.median(times) / 1000:.2f} us, "
          f"p90 {statistics.quantiles(times, n=10)[-1] / 1000:.2f} us ({len(times)} calls)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
