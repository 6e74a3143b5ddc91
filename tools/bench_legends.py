"""Strength of the computer Legend (LA-16): `python -m tools.bench_legends [--games N] ...`.

1v1 digital games, the eight Legends in turn, the `cpu` level as seat 1 and as seat 2 separately against
the random picker, the older greedy picker and the one-exchange heuristic picker (`heuristic.py`); each
line prints the games won, drawn and lost, the score (a draw counts half) with its 95 % Wilson interval,
the slowest `cpu` decision and how many went over the budget. `--six` plays a 2v2v2 table of six `cpu`
seats to its end. The bench stands in for the table: a card only the table resolves (LA-4) it declares
done at once, for every player alike (it cannot read the printed text either). `--pi` runs under a
quarter of one core (`tools/bench_cpu.py`). The machine's load average is printed with the figures. `--losses F`
saves the last sequence starts of each game not won, exact positions for `python -m tools.risk_legends measure|floor`
(a game at the CPU clock does not replay the same, so its trace alone cannot be measured again). `--trace`
prints each game not won, event by event, with the board at every pick; `--foe LEGEND` keeps the games where the
rival plays that Legend; `--player heuristic` seats the heuristic picker where the cpu sat: the par of the same
games.

Session 16 (1e77da1's search on a fresh machine; `--clock cpu --seconds 1 --rivals heuristic --seats N --games 120`,
then `--games 240 --first 120`, two at a time beside quarter-core runs, load 1.5-2.9): games 0-359 **won 328 of 360
as seat 1 (91 %, 95 % 88-94 %) and 340 of 360 as seat 2 (94 %, 92-96 %)**, slowest decision 0.70 s CPU of 23,010.
By the cpu's Legend, seat 1; seat 2, 45 games each: Alysia 38; 40, Fitz 42; 44, Hilda 43; 44, Lucius 43; 42, Zephyr
37; 39, Sabo 37; 43, Lord Grym 43; 44, Tikkit 45; 44: every Legend 80 % or more on the point estimates as either seat
(the lowest, 37 of 45, is 82 %, 95 % 69-91 %). The par (`--player heuristic`, the same games): 172 and 175 won of
360 (18 drawn each), by Legend Alysia 5; 8, Fitz 31; 30, Hilda 33; 32, Lucius 30; 31, Zephyr 9; 4, Sabo 6; 9, Lord
Grym 29; 31, Tikkit 29; 30: the punchers (who strike only in the foe's space) are the bench's weak Legends, won
9-20 % of the time by the heuristic itself, which the cpu turns into 82-96 %.
On a quarter core (`--pi --seconds 1 --rivals heuristic --seats N --games 120 --first 0|120|240`, the wall clock,
four runs at once, load 1.3-2.9): the same games won 327 of 360 as seat 1 (91 %, 0.3 points below 1 s) and 332 of
360 as seat 2 (92 %, 2.2 points below; 95 % of such a difference: some +-4 points); slowest decision 1.07 s wall
(0.27 s of CPU: a pause of the machine's), none else over 0.93 s, of 23,888; every Legend 37 of 45 or more as
either seat: the same strength within 5 points on the point estimates.
Against random (`--clock cpu --seconds 1 --rivals random --seats N --games 50 --first K`, chunks, load 2-4, sessions
15-16's search): seat 1 games 250-699 won 446, drew 1, lost 3 of 450 (99.2 %, 95 % 97.9-99.7 %), seat 2 games
500-999 won 497 of 500 (99.4 %, 98.3-99.8 %); slowest decision 0.83 s CPU. The games not won: tired punchers
beside an Edge. Every figure before, session by session: `companion/games/legends/SEARCH.md`.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import time

from companion.events import Names
from companion.games.legends.computer import LegendsComputer, table_step
from companion.games.legends.game import Legends
from companion.games.legends.heuristic import HeuristicPicker

TABLE_CARDS = ("Cards only the table resolves (LA-4: every Special and Ultimate; Tikkit's Edits the engine resolves) "
               "the bench declares done, with no effect, for every player alike (the heuristic counts them 0, random "
               "picks them as any card, the cpu never while it holds basics): Specials are not benched.")
LOSS_STARTS = 3  # sequence starts kept of a game not won (`--losses`)
LEGENDS = ("alysia", "fitz", "hilda", "lucius", "zephyr", "sabo", "lord-grym", "tikkit")


class RandomPicker:
    """Random picks, facings and targets (a card only the table resolves is the bench's to declare done)."""

    level = "random-picker"

    def choose(self, st, seat, rng, seconds):
        return rng.choice([a for a in st.legal_actions() if st.actor(a) == seat])


def rivals() -> dict:
    return {"random": RandomPicker, "greedy": Legends.computer_players["greedy"], "heuristic": HeuristicPicker}


def table_done(st, seat: int):
    """The bench as the table: a step of a card the engine cannot read is declared done (the card's
    Strike target, the first one)."""
    if table_step(st, seat) is None:
        return None
    options = [a for a in st.legal_actions() if st.actor(a) == seat]
    return next((a for a in options if getattr(a, "prim", None) == "done"), options[0])


def table_turn(st, rng: random.Random, choose) -> list:
    """One decision of the game, played: chance by `rng`, a card only the table resolves declared done, else
    `choose(seat)`'s action. Returns its events."""
    t = st.turn()
    if t.kind == "chance":
        return st.apply(st.automatic(rng))
    seat = t.seats[0]
    action = table_done(st, seat)
    return st.apply(action if action is not None else choose(seat))


def sequence_start(st) -> bool:
    """Every seat still to pick its cards of a new sequence (not Quick Fix's fourth card)."""
    return st.phase == "pick" and st.ask is None and not st.history and not st.picks


def play_out(st, players: dict, rng: random.Random, turns: int = 5000, seconds: float = 1.0,
             log: list[str] | None = None, starts: list[dict] | None = None) -> list[float]:
    """Play `st` to its end (or `turns` decisions) with a player a seat; the `cpu` decisions' times, each
    (seconds on the cpu's clock, CPU seconds this process spent). `log`: gets each event's sentence; `starts`:
    the state (JSON) at each sequence's start."""
    times = []
    names = Names([st.legend(s).name for s in st.seats], st.game)

    def choose(seat: int):
        clock = getattr(players[seat], "clock", time.monotonic)  # the cpu's decisions timed on its own clock
        start, spent = clock(), time.process_time()
        if log is not None and st.phase == "pick":
            log.append(f"[{players[seat].level} seat {seat} picks; " + board(st) + "]")
        action = players[seat].choose(st.clone(), seat, rng, seconds)
        if players[seat].level == "cpu":
            times.append((clock() - start, time.process_time() - spent))
        return action

    for _ in range(turns):
        if st.is_over():
            break
        if starts is not None and sequence_start(st):
            starts.append(st.to_dict())
        events = table_turn(st, rng, choose)
        if log is not None:
            log.extend(e.sentence(names) for e in events)
    return times


def pair_of(i: int, cpu_seat: int) -> list[str]:
    """Game i's Legends, seat 1's first: the cpu's the eight in turn, its foe every other one in turn (never itself)."""
    pair = [LEGENDS[i % 8], LEGENDS[(i + 1 + (i // 8 + 2) % 7) % 8]]
    return pair[::-1] if cpu_seat == 2 else pair


def board(st) -> str:
    """Each Legend's space, facing and Fatigue, and who holds the Initiative (the bench's trace)."""
    return "; ".join(f"{st.legend(s).name} on {st.fig(s).space} facing {st.fig(s).facing}, Fatigue {st.fig(s).fatigue}"
                     for s in st.seats) + f"; Initiative: seat {st.initiative}"


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate `score / n`."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def cpu_player(clock: str):
    """The `cpu` level, its budget read on the wall clock (as played) or on this process's CPU time."""
    return LegendsComputer(clock=time.process_time if clock == "cpu" else time.monotonic)


def match(rival: str, cpu_seat: int, games: int, seconds: float, first: int = 0, clock: str = "wall",
          trace: bool = False, losses: list[dict] | None = None, foe: str | None = None, player: str = "cpu") -> None:
    """`losses`: gets the last LOSS_STARTS sequence starts of each game not won (`tools.risk_legends`' rows).
    `foe`: only the games among those numbers where the rival plays that Legend. `player`: who sits in the cpu's
    seat (`heuristic`: the par of those games, what the heuristic picker itself scores there)."""
    numbers = [i for i in range(first, first + games) if foe is None or pair_of(i, cpu_seat)[2 - cpu_seat] == foe]
    games = len(numbers)
    if not games:
        print(f"{player} as seat {cpu_seat} vs {rival}: no game of those numbered plays {foe}", flush=True)
        return
    won = drawn = lost = 0
    times: list[tuple[float, float]] = []
    unwon = []  # the games not won, by number (to replay one)
    mine: dict[str, list[int]] = {}  # the cpu's Legend -> [won, games]
    begun = time.monotonic()
    for i in numbers:
        pair = pair_of(i, cpu_seat)
        game = Legends(2, {"legends": pair, "values": "{}"})
        measured = cpu_player(clock) if player == "cpu" else rivals()[player]()
        players = {cpu_seat: measured, 3 - cpu_seat: rivals()[rival]()}
        st = game.new_state()
        log: list[str] = []
        starts: list[dict] | None = [] if losses is not None else None
        times += play_out(st, players, random.Random(f"{rival}:{cpu_seat}:{i}"), seconds=seconds, log=log, starts=starts)
        winners = st.outcome().winners if st.is_over() else ()
        won, drawn, lost = won + (winners == (cpu_seat,)), drawn + (not winners), lost + (bool(winners) and cpu_seat not in winners)
        if winners != (cpu_seat,):
            unwon.append(i)
            if losses is not None:
                last = starts[-LOSS_STARTS:]
                losses += [{"game": i, "seat": cpu_seat, "pair": pair, "state": state, "ko": k == len(last) - 1,
                            "lost": bool(winners)} for k, state in enumerate(last)]
            if trace:
                print(f"-- game {i} not won ({pair[0]} v {pair[1]}, cpu seat {cpu_seat}):\n  " + "\n  ".join(log), flush=True)
        tally = mine.setdefault(pair[cpu_seat - 1], [0, 0])
        tally[0], tally[1] = tally[0] + (winners == (cpu_seat,)), tally[1] + 1
    score = won + drawn / 2
    low, high = wilson(score, games)
    print(f"{player} as seat {cpu_seat} vs {rival}{' playing ' + foe if foe else ''}: won {won}, drawn {drawn}, "
          f"lost {lost} of {games} = "
          f"{score / games:.0%} (95 % {low:.0%}-{high:.0%}); {timing(times, seconds, clock)}; "
          f"{time.monotonic() - begun:.0f} s; load {load()}"
          + (f"; not won: games {', '.join(map(str, unwon))}" if unwon else ""), flush=True)
    print(f"  won by the {player}'s Legend: " + ", ".join(f"{k} {w}/{n}" for k, (w, n) in mine.items()), flush=True)


def six(seconds: float, seed: int = 1, clock: str = "wall") -> None:
    """A 2v2v2 table of six `cpu` seats played to its end."""
    game = Legends(6, {"mode": "2v2v2", "legends": list(LEGENDS[:6]), "values": "{}"})
    st = game.new_state()
    players = {s: cpu_player(clock) for s in game.seats}
    begun = time.monotonic()
    times = play_out(st, players, random.Random(seed), seconds=seconds)
    print(f"2v2v2, six cpu seats: {'over, won by seats ' + str(st.outcome().winners) if st.is_over() else 'NOT over'}; "
          f"{timing(times, seconds, clock)}; {time.monotonic() - begun:.0f} s; load {load()}", flush=True)


def timing(times: list[tuple[float, float]], seconds: float, clock: str) -> str:
    """The decisions, the slowest, and those over the budget with the most CPU one of them had: a decision
    over its budget with little CPU was a process the machine did not run, not a search that overran."""
    over = [cpu for t, cpu in times if t > seconds]
    return (f"{len(times)} decisions, slowest {max((t for t, _ in times), default=0):.2f} s ({clock} clock), "
            f"over {seconds:g} s: {len(over)}" + (f" (the most CPU one had: {max(over):.2f} s)" if over else ""))


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per rival and seat (default 40; 0: none)")
    ap.add_argument("--seconds", type=float, default=1.0, help="the cpu's budget a decision (default 1)")
    ap.add_argument("--rivals", default="random,greedy,heuristic", help="comma-separated: random, greedy, heuristic")
    ap.add_argument("--seats", default="1,2", help="the cpu's seats to measure (default 1,2)")
    ap.add_argument("--first", type=int, default=0, help="the first game's number (to split a run)")
    ap.add_argument("--foe", choices=LEGENDS,
                    help="only the games (of those numbered) where the rival plays this Legend")
    ap.add_argument("--player", choices=("cpu", "heuristic", "greedy", "random"), default="cpu",
                    help="who sits in the measured seat (default cpu; heuristic: the par of the same games)")
    ap.add_argument("--trace", action="store_true", help="print each game not won, event by event")
    ap.add_argument("--losses", help="save the last sequence starts of each game not won to this JSON file "
                                     "(positions for `python -m tools.risk_legends measure|floor`)")
    ap.add_argument("--six", action="store_true", help="also play a 2v2v2 table of six cpu seats")
    ap.add_argument("--pi", action="store_true", help="run under a quarter of one core (cgroup CPU quota)")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="the clock the cpu's budget is read on: wall (as played) or this process's CPU time "
                         "(strength that does not depend on the machine's load; 'over' then counts CPU seconds)")
    args = ap.parse_args(argv)
    if args.losses and not os.path.isdir(os.path.dirname(os.path.abspath(args.losses))):
        ap.error(f"--losses {args.losses}: no such folder (checked before the games, not after them)")
    print(TABLE_CARDS, flush=True)
    if args.pi:
        from tools.bench_cpu import quarter_core
        print(quarter_core(), flush=True)
    losses: list[dict] | None = [] if args.losses else None
    for rival in args.rivals.split(",") if args.games else ():
        for seat in map(int, args.seats.split(",")):
            match(rival, seat, args.games, args.seconds, args.first, args.clock, args.trace, losses, args.foe,
                  args.player)
    if args.losses:
        with open(args.losses, "w") as f:
            json.dump(losses, f)
        print(f"{len(losses)} positions of games not won to {args.losses}", flush=True)
    if args.six:
        six(args.seconds, clock=args.clock)


if __name__ == "__main__":
    main()
