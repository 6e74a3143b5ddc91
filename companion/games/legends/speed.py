"""Legends' engine speed against python-chess's `Board.push`: `python -m companion.games.legends.speed [GAMES]`.

Random 4-seat digital games (Free-for-All), every decision timed one by one: `legal_actions()` (every
seat's choices, as the phones and the computer players list them) and `apply`. The picks of a hand and the
primitives panel of a table situation are made once and listed again as copies (edits.py, primitives.py),
so listing is also timed "cold", with those made afresh every time. The anchor is python-chess's
`push` of a random legal move over random games, timed the same way in this process (python-chess is not
a dependency: `pip install chess` to get the ratios). Targets: apply below 1x a push, listing below 5x.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from .game import Legends


def legends_times(games: int, seed: int = 1, cold: bool = False) -> tuple[list[int], list[int]]:
    """Nanoseconds of each `legal_actions()` and each `apply` over `games` random games (`cold`: nothing
    listed before is kept)."""
    from .edits import _picks
    from .primitives import _panel
    rng, listing, applying = random.Random(seed), [], []
    clock = time.perf_counter_ns
    for i in range(games):
        st = Legends(4, {"mode": "ffa"}).new_state()
        for _ in range(3000):
            if st.is_over():
                break
            action = st.automatic(rng) if st.turn().kind == "chance" else None
            if action is None:
                if cold:
                    _picks.cache_clear()
                    _panel.cache_clear()
                t = clock()
                actions = st.legal_actions()
                listing.append(clock() - t)
                action = rng.choice(actions)
            t = clock()
            st.apply(action)
            applying.append(clock() - t)
    return listing, applying


def push_times(games: int, seed: int = 1) -> list[int] | None:
    """Nanoseconds of each python-chess `push` over random games (None: python-chess is not installed)."""
    try:
        import chess
    except ImportError:
        return None
    rng, out, clock = random.Random(seed), [], time.perf_counter_ns
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.fullmove_number < 80:
            move = rng.choice(list(board.legal_moves))
            t = clock()
            board.push(move)
            out.append(clock() - t)
    return out


def main(games: int = 40) -> None:
    legends_times(2, seed=99)  # warm up (other games: what is listed again is what the same game lists)
    listing, applying = legends_times(games)
    cold = statistics.median(legends_times(games, cold=True)[0]) / 1000
    push = push_times(games)
    med = {k: statistics.median(v) / 1000 for k, v in (("list", listing), ("apply", applying))}
    print(f"Legends of the Arena, 4 seats digital, {games} random games, Python {sys.version.split()[0]}")
    if push is None:
        print(f"  legal_actions(): median {med['list']:.1f} us (cold {cold:.1f} us); apply: median "
              f"{med['apply']:.1f} us (pip install chess for the python-chess ratios)")
        return
    p = statistics.median(push) / 1000
    print(f"  python-chess push: median {p:.1f} us ({len(push)} pushes)")
    print(f"  legal_actions(): median {med['list']:.1f} us = {med['list'] / p:.2f}x a push (target < 5x), "
          f"p90 {statistics.quantiles(listing, n=10)[-1] / 1000 / p:.2f}x ({len(listing)} calls); cold: median "
          f"{cold:.1f} us = {cold / p:.2f}x")
    print(f"  apply: median {med['apply']:.1f} us = {med['apply'] / p:.2f}x a push (target < 1x), "
          f"p90 {statistics.quantiles(applying, n=10)[-1] / 1000 / p:.2f}x ({len(applying)} calls)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
