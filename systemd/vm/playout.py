"""The referee plays one game of each game to its end, through `companion referee` as a front end would:
the seat's computer player where the game has one, else a seeded random pick of `legal`'s actions.

    python3 playout.py COMPANION [--seed N] [--max-actions N]

Prints a PASS or FAIL line per game, with its actions and seconds (systemd/vm-check.sh --arm64 runs it in
the VM). Standard library only: it drives the installed app, it imports none of it.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time


class Referee:
    def __init__(self, companion: str):
        self.proc = subprocess.Popen([companion, "referee"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def ask(self, **request) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if not reply:
            raise RuntimeError(f"the referee stopped after {request}")
        return json.loads(reply)

    def close(self) -> None:
        self.ask(op="quit") if self.proc.poll() is None else None
        self.proc.wait(30)


def play(referee: Referee, game: dict, rng: random.Random, max_actions: int) -> tuple[bool, str]:
    seats = game["min_players"] if game["id"] != "legends-of-the-arena" else 2
    started = referee.ask(op="new", game=game["id"], players=seats, seed=rng.randrange(10**6))
    if not started["ok"]:
        return False, f"new: {started['error']}"
    computer = game["computer_players"][-1] if game["computer_players"] else None
    for played in range(max_actions):
        state = referee.ask(op="state")
        if state["turn"]["kind"] == "over":
            return True, f"{played} actions, outcome {state['outcome']}"
        action = None
        if computer and state["turn"]["kind"] == "seat":
            hint = referee.ask(op="hint", level=computer, seconds=0.2)
            action = hint.get("action") if hint["ok"] else None
        if action is None:
            legal = referee.ask(op="legal")["actions"]
            if not legal:
                return False, f"no legal action after {played} actions, turn {state['turn']}"
            action = rng.choice(legal)
        reply = referee.ask(op="play", action=action)
        if not reply["ok"]:
            return False, f"{action!r}, one of legal's, was refused: {reply['error']}"
    return False, f"not over after {max_actions} actions"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("companion", help="the installed app's `companion` command")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--max-actions", type=int, default=3000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    referee = Referee(args.companion)
    ok = True
    try:
        for game in referee.ask(op="games")["games"]:
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
