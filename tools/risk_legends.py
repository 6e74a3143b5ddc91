"""A low-variance measure of the computer Legend's risk against the random picker (issue 30):
`python -m tools.risk_legends collect|measure|floor ...`.

A loss to the random picker is rare (2 of 100 games), so games cannot tell two search variants apart in
the time there is. This measures each pick instead. `collect` plays the bench's games (`bench_legends`'s
pairs and seeds, cpu vs random) and saves every position where a sequence starts (the picks to make, as
JSON the engine restores), with whether the cpu was Knocked Out in that sequence and whether it lost the
game. `measure` lets the cpu (its budget on the CPU clock, a fixed seed a position) pick in each saved
position and plays the sequence out `--rollouts` times against a uniformly random foe (random pick, random
answers to every choice, as the bench's RandomPicker; the cpu's own later answers are the heuristic's):
the share of rollouts where the cpu is Knocked Out is that pick's risk. It prints the sum over positions
divided by the games (Knock Outs suffered a game, expected) and the Knock Outs given, each with a 95 %
interval over positions; `--save` keeps each position's figures and `--against` a saved run prints the
paired difference (the same positions, so the positions' own spread cancels). `--set NAME=VALUE` sets a
constant of `search.py` (a variant) before measuring. `floor --against RUN` takes each position where RUN's pick
had any risk and measures every readable pick the cpu had there (`--rollouts` each against the random foe): the
safest one's risk, re-measured on fresh rollouts, is what a pick-by-pick safest choice would have suffered.

Measured (2-core machine shared with other work): `collect --seats 1|2 --games 120` (two runs at once, 550 s,
load 4.9) saved 1305 and 1304 positions; the cpu (search as before issue 30's change, FOE_EDGE_TURN 0) did not
win 6 and 7 of those 120 games a seat. `measure --positions P --only "game < 60" --rollouts 100` (about 80 s
CPU a seat): Knock Outs suffered a game 0.0362 (95 % +-0.0128) as seat 1, 0.0547 (+-0.0168) as seat 2, given
0.92 and 0.85 (load 4.5). The measure points at the real losses: the positions where the cpu was Knocked Out
in play had a mean risk of 0.080 (seat 1, 3 positions) and 0.040 (seat 2, 5), the others 0.002 and 0.005; the
30 riskiest positions of some 640 hold 87 % and 71 % of the sum (a tired Legend sharing a space by the Edge,
Punching or Diving there). Run again unchanged (A/A, load 6): paired +0.0002 +-0.0054 and -0.0003 +-0.0020,
about 115 of 640 picks changed by the clock's noise. The variants' figures: `companion/games/legends/SEARCH.md`.
`--rival heuristic` (collect and measure) plays against the heuristic picker instead, and the measure adds each
position's value (the search's `evaluate` of the sequence's end for the cpu; a game over is +-1000). It does not tell
the quarter core's budget from the product's (session 16): 994 positions of games 0-39 a seat (`collect --rival
heuristic --games 40 --seconds 0.25`), `measure --rival heuristic --rollouts 20`: 1 s against 0.25 s, +8.9 +-7.6
value a position as seat 1, +3.1 +-8.4 as seat 2 (Knock Outs suffered a game -0.066 +-0.071, +0.026 +-0.044); 0.25 s
against itself (A/A) +2.4 +-10.1 and -0.5 +-6.7, with 86 and 88 of some 500 picks changed by the clock alone. The
whole measure spent 150 s of CPU a seat at 1 s and 85-90 s at 0.25 s (most decisions at 1 s end at MAX_GUESSES).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time

from companion.games.legends import search
from companion.games.legends.actions import Pick
from companion.games.legends.game import Legends
from companion.games.legends.heuristic import HeuristicPicker, answer, own_options, pick_value
from tools.bench_legends import RandomPicker, cpu_player, load, pair_of, sequence_start, table_turn

RIVALS = {"random": RandomPicker, "heuristic": HeuristicPicker}  # the foe a measure plays against


def game_of(pair: list[str]) -> Legends:
    return Legends(2, {"legends": list(pair), "values": "{}"})


def collect(seats: list[int], games: int, first: int, seconds: float, out: str, rival: str = "random") -> None:
    rows = []
    begun = time.monotonic()
    for cpu_seat in seats:
        for i in range(first, first + games):
            pair = pair_of(i, cpu_seat)
            st = game_of(pair).new_state()
            players = {cpu_seat: cpu_player("cpu"), 3 - cpu_seat: RIVALS[rival]()}
            rng = random.Random(f"{rival}:{cpu_seat}:{i}")
            mine = []
            for _ in range(5000):
                if st.is_over():
                    break
                if sequence_start(st):
                    mine.append({"game": i, "seat": cpu_seat, "pair": pair, "state": st.to_dict(),
                                 "received": st.received[cpu_seat - 1]})
                table_turn(st, rng, lambda seat: players[seat].choose(st.clone(), seat, rng, seconds))
            lost = st.is_over() and st.outcome().winners != (cpu_seat,)
            for k, row in enumerate(mine):
                after = mine[k + 1]["received"] if k + 1 < len(mine) else st.received[cpu_seat - 1]
                row["ko"], row["lost"] = after > row.pop("received"), lost
            rows += mine
            print(f"seat {cpu_seat} game {i}: {len(mine)} positions, {'lost' if lost else 'not lost'}", flush=True)
    with open(out, "w") as f:
        json.dump(rows, f)
    print(f"{len(rows)} positions to {out}; {time.monotonic() - begun:.0f} s; load {load()}")


def cpu_pick(st, seat: int, rng: random.Random):
    """The cpu's own answers inside a measured sequence: the heuristic's (a search each would cost 1000 times)."""
    options = [a for a in st.legal_actions() if st.actor(a) == seat]
    if isinstance(options[0], Pick):
        return max(options, key=lambda a: (pick_value(st, seat, a.cards), str(a)))
    return answer(st, seat, options)


def play_sequence(start, cpu_seat: int, pick, rng: random.Random, rival: str = "random") -> tuple[int, int, float]:
    """From a sequence's start, the cpu's `pick` against the rival (a random foe by default) to the sequence's end:
    (Knock Outs the cpu suffered, Knock Outs it gave, the search's `evaluate` of the end for the cpu); a game lost
    counts one suffered."""
    st = start.clone()
    sequence = st.sequence
    foe = RIVALS[rival]()

    def choose(seat: int):
        if seat != cpu_seat:
            return foe.choose(st, seat, rng, 0.0)
        if st.phase == "pick" and cpu_seat not in st.picks:
            return pick
        return cpu_pick(st, seat, rng)

    for _ in range(2000):
        if st.is_over() or st.sequence != sequence:
            break
        table_turn(st, rng, choose)
    suffered = st.received[cpu_seat - 1] - start.received[cpu_seat - 1]
    given = st.received[2 - cpu_seat] - start.received[2 - cpu_seat]  # 1v1: the foe's
    if st.is_over() and st.outcome().winners != (cpu_seat,) and not suffered:
        suffered = 1
    return suffered, given, search.evaluate(st, cpu_seat)


def to_pick(start, cpu_seat: int, rng: random.Random, rival: str = "random"):
    """The position when the cpu picks (as seat 2 after the rival's pick it cannot see)."""
    st = start.clone()
    while st.turn().seats[0] != cpu_seat:
        st.apply(RIVALS[rival]().choose(st, st.turn().seats[0], rng, 0.0))
    return st


def decide(start, cpu_seat: int, seconds: float, seed: str, rival: str = "random"):
    """The cpu's pick at a sequence's start."""
    rng = random.Random(seed)
    return cpu_player("cpu").choose(to_pick(start, cpu_seat, rng, rival), cpu_seat, rng, seconds)


def risk_of(start, cpu_seat: int, pick, rollouts: int, seed: str, rival: str = "random") -> tuple[float, float, float]:
    """(Knock Outs suffered, given, the end's value) a rollout with `pick` against the rival."""
    rng = random.Random(seed)
    ko = given = value = 0
    for _ in range(rollouts):
        s, g, v = play_sequence(start, cpu_seat, pick, rng, rival)
        ko, given, value = ko + s, given + g, value + v
    return ko / rollouts, given / rollouts, value / rollouts


def safest(start, cpu_seat: int, rollouts: int, seed: str) -> tuple[object, float, float]:
    """The cpu's readable pick least often Knocked Out against the random foe (then the one giving most), and its
    risk and gain re-measured on fresh rollouts (the least of many noisy figures is biased low)."""
    st = to_pick(start, cpu_seat, random.Random(seed))
    scored = [(risk_of(start, cpu_seat, a, rollouts, seed)[:2], str(a), a)
              for a in search.readable(st, cpu_seat, own_options(st, cpu_seat))]
    (_, _), _, pick = min(scored, key=lambda t: (t[0][0], -t[0][1], t[1]))
    return (pick, *risk_of(start, cpu_seat, pick, rollouts, "fresh:" + seed)[:2])


def interval(values: list[float]) -> tuple[float, float]:
    """The sum of `values` and the half-width of its 95 % interval (positions independent)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(1, n - 1)
    return sum(values), 1.96 * math.sqrt(var * n)


def measure(path: str, rollouts: int, seconds: float, save: str | None, against: str | None,
            only: str | None, rival: str = "random") -> None:
    rows = json.load(open(path))
    if only:
        rows = [r for r in rows if eval(only, {}, dict(r))]
    if not rows:
        raise SystemExit(f"risk_legends: no positions to measure in {path}" + (f" with {only!r}" if only else ""))
    begun, spent = time.monotonic(), time.process_time()
    results = []
    for k, r in enumerate(rows):
        start = game_of(r["pair"]).state_from_dict(r["state"])
        pick = decide(start, r["seat"], seconds, f"{r['game']}:{r['seat']}:{k}", rival)
        risk, gain, value = risk_of(start, r["seat"], pick, rollouts,
                                    f"mc:{r['game']}:{r['seat']}:{r['state']['sequence']}", rival)
        results.append({"game": r["game"], "seat": r["seat"], "sequence": r["state"]["sequence"], "pick": str(pick),
                        "risk": risk, "gain": gain, "value": value, "ko": r["ko"], "lost": r["lost"]})
    games = len({(r["game"], r["seat"]) for r in rows})
    risk, risk_h = interval([x["risk"] for x in results])
    gain, gain_h = interval([x["gain"] for x in results])
    value, value_h = interval([x["value"] for x in results])
    print(f"{len(results)} positions of {games} games, {rollouts} rollouts each against {rival}: Knock Outs suffered "
          f"a game {risk / games:.4f} (95 % +-{risk_h / games:.4f}), given {gain / games:.4f} (+-{gain_h / games:.4f}), "
          f"value a position {value / len(results):.1f} (+-{value_h / len(results):.1f}); "
          f"{time.monotonic() - begun:.0f} s, {time.process_time() - spent:.0f} s CPU; load {load()}", flush=True)
    for label, picked in (("positions where it was Knocked Out in play", [x for x in results if x["ko"]]),
                          ("positions of games it lost", [x for x in results if x["lost"]]),
                          ("other positions", [x for x in results if not x["ko"] and not x["lost"]])):
        if picked:
            print(f"  {label}: {len(picked)}, mean risk {sum(x['risk'] for x in picked) / len(picked):.3f}", flush=True)
    if save:
        with open(save, "w") as f:
            json.dump(results, f)
    if against:
        base = {(x["game"], x["seat"], x["sequence"]): x for x in json.load(open(against))}
        diffs = [(x["risk"] - base[k]["risk"], x["gain"] - base[k]["gain"], x["value"] - base[k].get("value", math.nan))
                 for x in results if (k := (x["game"], x["seat"], x["sequence"])) in base]
        d_risk, h_risk = interval([d for d, _, _ in diffs])
        d_gain, h_gain = interval([g for _, g, _ in diffs])
        d_value, h_value = interval([v for _, _, v in diffs])
        changed = sum(1 for x in results if (k := (x["game"], x["seat"], x["sequence"])) in base and base[k]["pick"] != x["pick"])
        print(f"  against {against} ({len(diffs)} positions, {changed} picks changed): suffered a game "
              f"{d_risk / games:+.4f} (95 % +-{h_risk / games:.4f}), given {d_gain / games:+.4f} (+-{h_gain / games:.4f}), "
              f"value a position {d_value / len(diffs):+.1f} (+-{h_value / len(diffs):.1f})", flush=True)


def floor(path: str, rollouts: int, against: str) -> None:
    """For each position where the cpu's pick in a saved run (`against`) had any risk: the safest readable pick
    there. The sum says how much of the risk a pick-by-pick choice could avoid (not all of it: a safest pick may
    give fewer Knock Outs, and a longer game meets more risk)."""
    rows = {(r["game"], r["seat"], r["state"]["sequence"]): r for r in json.load(open(path))}
    run = json.load(open(against))
    games = len({(x["game"], x["seat"]) for x in run})
    if not games:
        raise SystemExit(f"risk_legends: no positions in {against}")
    begun, spent = time.monotonic(), time.process_time()
    risky = [x for x in run if x["risk"] > 0]
    found = []
    for x in risky:
        r = rows[(x["game"], x["seat"], x["sequence"])]
        start = game_of(r["pair"]).state_from_dict(r["state"])
        pick, risk, gain = safest(start, r["seat"], rollouts, f"floor:{x['game']}:{x['seat']}:{x['sequence']}")
        found.append((x["risk"] - risk, x, str(pick), risk, gain))
    for gap, x, pick, risk, gain in sorted(found, key=lambda t: -t[0])[:15]:
        print(f"  game {x['game']} sequence {x['sequence']}: {x['pick']} risk {x['risk']:.2f} given {x['gain']:.2f}; "
              f"safest {pick} risk {risk:.2f} given {gain:.2f}", flush=True)
    print(f"{len(risky)} of {len(run)} positions had risk, {games} games: Knock Outs suffered a game "
          f"{sum(x['risk'] for x in run) / games:.4f} as picked, {sum(t[3] for t in found) / games:.4f} with the safest "
          f"picks there (given there {sum(t[1]['gain'] for t in found) / games:.4f} as picked, "
          f"{sum(t[4] for t in found) / games:.4f} safest); {time.monotonic() - begun:.0f} s, "
          f"{time.process_time() - spent:.0f} s CPU; load {load()}", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("collect", "measure", "floor"))
    ap.add_argument("--positions", default="/tmp/legends_positions.json")
    ap.add_argument("--seats", default="1,2")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0.1, help="the cpu's CPU seconds a decision")
    ap.add_argument("--rollouts", type=int, default=200)
    ap.add_argument("--save", help="measure: keep each position's figures in this JSON file")
    ap.add_argument("--against", help="measure: a saved run to compare with, position by position; floor: the run")
    ap.add_argument("--only", help="measure: a Python condition on a position's fields (game, seat, ko, lost)")
    ap.add_argument("--rival", choices=tuple(RIVALS), default="random",
                    help="collect: the cpu's foe; measure: the foe each sequence is played out against")
    ap.add_argument("--set", action="append", default=[], help="measure: NAME=VALUE, a constant of search.py")
    args = ap.parse_args(argv)
    for item in args.set:
        name, _, value = item.partition("=")
        if not value or not name.isupper() or not hasattr(search, name):
            ap.error(f"--set {item}: not NAME=VALUE of a constant in companion/games/legends/search.py")
        setattr(search, name, type(getattr(search, name))(float(value)) if not isinstance(getattr(search, name), bool)
                else value.lower() in ("1", "true"))
    if args.mode == "collect":
        collect([int(s) for s in args.seats.split(",")], args.games, args.first, args.seconds, args.positions, args.rival)
    elif args.mode == "floor":
        if not args.against:
            ap.error("floor: --against a saved measure run (its picks' risks) is needed")
        floor(args.positions, args.rollouts, args.against)
    else:
        measure(args.positions, args.rollouts, args.seconds, args.save, args.against, args.only, args.rival)


if __name__ == "__main__":
    main()
