"""The referee plays one game of each game to its end, through `companion referee` as a front end would:
seat 1 is the game's greedy computer player where it has one, every other move a seeded random pick of
`legal`'s actions. Greedy looks one turn ahead and reads no clock, so a seed gives the same game every
run; against it Block Arena ends (a meeple reaches its goal row), which a random game there need not.

    python3 playout.py [--seed N] [--max-actions N] [--] COMPANION...

Prints a PASS or FAIL line per game, with its actions and seconds (systemd/vm-check.sh --arm64 runs it in
the VM). It drives the installed app and imports none of it: only the tests' referee client.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: the tests' referee client
from tests.referee_client import RefereeProcess  # noqa: E402


def play(referee: RefereeProcess, game: dict, rng: random.Random, max_actions: int) -> tuple[bool, str]:
    seats = game["min_players"]
    started = referee.send(op="new", game=game["id"], players=seats, seed=rng.randrange(10**6))
    if not started["ok"]:
        return False, f"new: {started['error']}"
    greedy = "greedy" in game["computer_players"]
    for played in range(max_actions):
        state = referee.send(op="state")
        if state["turn"]["kind"] == "over":
            return True, f"{played} actions, outcome {state['outcome']}"
        action = None
        if greedy and state["turn"]["kind"] == "seat" and 1 in state["turn"]["seats"]:
            hint = referee.send(op="hint", level="greedy", seconds=1, player=1)
            action = hint.get("action") if hint["ok"] else None
        if action is None:
            legal = referee.send(op="legal")["actions"]
            if not legal:
                return False, f"no legal action after {played} actions, turn {state['turn']}"
            action = rng.choice(legal)
        reply = referee.send(op="play", action=action)
        if not reply["ok"]:
            return False, f"{action!r}, one of legal's, was refused: {reply['error']}"
    return False, f"not over after {max_actions} actions"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("companion", nargs="+", help="the installed app's `companion` command (with its arguments)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--max-actions", type=int, default=3000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    referee = RefereeProcess(command=args.companion)
    ok = True
    try:
        for game in referee.send(op="games")["games"]:
            started = time.monotonic()
            passed, detail = play(referee, game, rng, args.max_actions)
            ok &= passed
            print(f"{'PASS' if passed else 'FAIL'} game-{game['id']}: {detail}, {time.monotonic() - started:.1f} s",
                  flush=True)
    finally:
        referee.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
