"""`python -m companion.phones.resends`: a phone's play resent after the table died between commit and answer.

`companion serve` (a child process on a journal file) is killed with SIGKILL right after a phone's play is
in the journal and before it is answered, at a random play of a random table; started again on the same
journal, the phone (a real WebSocket client) reconnects and resends the play with its id, as the page does.
Each resend ends as one of: `done` (the first answer, nothing played again), `twice` (it was played again),
`denied` (answered that nothing was played although it was) or `unanswered`; `ended` when the play ended the
game, whose links then open nothing (and nothing was played again). `twice`, `denied` and `unanswered` break
the promise.
The suite runs one kill a game (tests/test_phones_exactly_once.py).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp

from companion import games
from companion.journal import Journal

ROOT = Path(__file__).resolve().parents[2]
WAIT = 20.0


class Serve:
    """`companion serve` on `journal`, killing itself after the phone's play `die_after` if given."""

    def __init__(self, journal: Path, die_after: str = ""):
        self.proc = subprocess.Popen([sys.executable, "-m", "companion.phones.resends", "--child", die_after, str(journal)],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)
        self.port = json.loads(self.proc.stdout.readline())["serving"]["port"]
        self.base = f"http://127.0.0.1:{self.port}"

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def tokens(self) -> list[str]:
        return [p["url"].rsplit("/", 1)[1] for p in self.ask({"op": "phones"})["phones"]]

    def end(self) -> int:
        """Wait for it to end (it was asked to, or killed itself); its exit status (-9: SIGKILL)."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:  # it died already
            pass
        try:
            return self.proc.wait(WAIT)
        finally:
            self.proc.kill()
            self.proc.stdout.close()


async def _phone(client: aiohttp.ClientSession, serve: Serve, token: str) -> tuple[aiohttp.ClientWebSocketResponse, dict | None]:
    """A seat's phone, connected, and the state it is sent first (None: the link opens nothing now)."""
    ws = await client.ws_connect(f"{serve.base}/s/{token}/ws", headers={"Origin": serve.base})
    return ws, await _next(ws, lambda m: m["type"] == "state")


async def _next(ws: aiohttp.ClientWebSocketResponse, wanted) -> dict | None:
    """The next message `wanted` takes; None if the socket ends first (the table died)."""
    while True:
        msg = await asyncio.wait_for(ws.receive(), WAIT)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return None
        message = json.loads(msg.data)
        if wanted(message):
            return message


async def _offers(serve: Serve) -> list[tuple[str, dict]]:
    async with aiohttp.ClientSession() as client:
        seats = [(token, await _phone(client, serve, token)) for token in serve.tokens()]
        for _, (ws, _) in seats:
            await ws.close()
        return [(token, state) for token, (_, state) in seats if state is not None and state["actions"]]


async def _send(serve: Serve, token: str, play: dict[str, Any]) -> dict | None:
    """Send `play` from the seat's phone (reconnected, as the page does); its answer, None if there was none, or
    `gone` when the link opens nothing now (keys of a game that ended are forgotten)."""
    async with aiohttp.ClientSession() as client:
        try:
            ws, state = await _phone(client, serve, token)
            if state is None:
                return {"type": "gone"}
            await ws.send_str(json.dumps(play))
            answer = await _next(ws, lambda m: m.get("id") == play["id"])
            await ws.close()
            return answer
        except aiohttp.WSServerHandshakeError:
            return {"type": "gone"}
        except aiohttp.ClientConnectionResetError:
            return None


def _position(journal: Path, session_id: int) -> tuple[int, int]:
    with Journal(journal) as j:
        record = j.session(session_id)
        return record.head, record.last


def trial(work: Path, game_id: str, seed: int, plays: int, rng: random.Random) -> str:
    """A table of `game_id` whose phones play `plays` times (the table playing its own actions when no phone
    has one), the last play killing the table after its commit; then the resend. Its outcome (see above), or
    `over` if the game ended before that many plays."""
    journal = work / f"resend-{game_id}-{seed}.sqlite"
    serve = Serve(journal, die_after=f"tap-{plays}")
    try:
        session_id = serve.ask({"op": "new", "game": game_id, "players": 2, "seed": seed})["session"]
        played, answer = 0, None
        while played < plays:
            offers = asyncio.run(_offers(serve))
            if not offers:
                legal = serve.ask({"op": "legal"})["actions"]
                if not legal:
                    return "over"
                serve.ask({"op": "play", "action": rng.choice(legal)})
                continue
            token, state = rng.choice(offers)
            played += 1
            play = {"op": "play", "id": f"tap-{played}", "action": rng.choice(state["actions"])["text"],
                    "offer": state["offer"]}
            before = _position(journal, session_id)
            answer = asyncio.run(_send(serve, token, play))
            if played < plays and (answer is None or answer["type"] == "gone"):
                return "over"
    finally:
        status = serve.end()
    committed = _position(journal, session_id)
    if answer is not None or status != -signal.SIGKILL or committed == before:
        return "not-killed"  # the last play was refused: nothing was committed, and the table lives on
    serve = Serve(journal)
    try:
        answer = asyncio.run(_send(serve, token, play))
    finally:
        serve.end()
    if _position(journal, session_id) != committed:
        return "twice"
    if answer is None or answer["type"] == "gone":  # gone: the play ended the game, whose links are forgotten
        return "unanswered" if answer is None else "ended"
    return "done" if answer == {"type": "done", "id": play["id"]} else "denied"


def trials(work: Path, per_game: int, rng: random.Random) -> dict[str, Counter]:
    return {game_id: Counter(trial(work, game_id, rng.randrange(10 ** 6), rng.randint(1, 8), rng)
                             for _ in range(per_game)) for game_id in sorted(games.REGISTRY)}


def _child(die_after: str, journal: str) -> int:
    """`companion serve` whose hub kills the process once the play `die_after` returns from the table."""
    from companion import cli
    from companion.phones.hub import Hub
    play = Hub.play

    def play_then_die(hub: Hub, key, message):
        answer = play(hub, key, message)  # the transaction is committed once it returns
        if die_after and message["id"] == die_after and answer["type"] == "done":
            os.kill(os.getpid(), signal.SIGKILL)
        return answer
    Hub.play = play_then_die
    return cli.main(["serve", "--host", "127.0.0.1", "--port", "0", "--journal", journal])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.phones.resends", description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=15, help="kills per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(*args.child)
    with tempfile.TemporaryDirectory() as tmp:
        for game_id, counts in trials(Path(tmp), args.kills, random.Random(args.seed)).items():
            print(f"{game_id:<22} " + ", ".join(f"{k} {counts.get(k, 0)}" for k in
                                                 ("done", "ended", "twice", "denied", "unanswered", "not-killed", "over")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
