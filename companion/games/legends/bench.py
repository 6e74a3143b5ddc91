"""Strength of the computer Legend (LA-16): `python -m companion.games.legends.bench [GAMES]`.

1v1 digital games, seats alternated, the `cpu` level against the random picker and against the
one-exchange greedy picker; prints the win rates (draws count half) and the slowest decision."""
from __future__ import annotations

import random
import sys
import time

from .game import Legends


class RandomPicker:
    """Random picks, facings and targets; a card only the table resolves (LA-4) is declared done at once,
    as the computer does (a random primitives panel would move Legends off the Edges at will)."""

    level = "random-picker"

    def choose(self, st, seat, rng, seconds):
        options = [a for a in st.legal_actions() if st.actor(a) == seat]
        done = [a for a in options if getattr(a, "prim", None) == "done"]
        return done[0] if done else rng.choice(options)


def play_out(st, players: dict, rng: random.Random, turns: int = 5000) -> float:
    """Play `st` to its end (or `turns` decisions) with a computer player a seat; the slowest `cpu` decision."""
    slowest = 0.0
    for _ in range(turns):
        if st.is_over():
            break
        t = st.turn()
        if t.kind == "chance":
            st.apply(st.automatic(rng))
            continue
        seat = t.seats[0]
        start = time.monotonic()
        st.apply(players[seat].choose(st.clone(), seat, rng, 1.0))
        if players[seat].level == "cpu":
            slowest = max(slowest, time.monotonic() - start)
    return slowest


def play(game, players: dict, seed: int) -> tuple[tuple[int, ...], float]:
    st = game.new_state()
    slowest = play_out(st, players, random.Random(seed))
    return (st.outcome().winners if st.is_over() else ()), slowest


def main(games: int = 200) -> None:
    legends = ["alysia", "fitz", "hilda", "lucius", "zephyr", "sabo", "lord-grym", "tikkit"]
    for rival in ("random", "greedy"):
        score, slowest, begun = 0.0, 0.0, time.monotonic()
        for i in range(games):
            cpu_seat = 1 + i % 2
            pair = [legends[i % 8], legends[(i + 3) % 8]]
            game = Legends(2, {"legends": pair, "values": "{}"})
            players = {cpu_seat: Legends.computer_players["cpu"](), 3 - cpu_seat: RandomPicker() if rival == "random" else Legends.computer_players[rival]()}
            winners, slow = play(game, players, i)
            score += 1.0 if winners == (cpu_seat,) else 0.5 if not winners else 0.0
            slowest = max(slowest, slow)
        print(f"cpu vs {rival}: {score / games:.1%} of {games} games (seats alternated), slowest decision "
              f"{slowest:.2f} s, {time.monotonic() - begun:.0f} s in all")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
