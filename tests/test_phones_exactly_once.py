"""A phone's play is played exactly once, even across a crash: `companion serve` killed (SIGKILL) after the play
was committed and before it was answered, then started again on the same journal; the phone (a real WebSocket
client) resends the play with its id, as the page does, and gets the first answer, "done", with nothing played
again. Before play ids were kept in the journal, the resend was played a second time, or answered "Nothing was
played" although it had been. In all four games."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from companion import games
from companion.core import Refusal
from companion.journal import Journal
from companion.phones.hub import Hub
from companion.phones.tokens import SeatTokens
from companion.session import Session
from phone_helpers import Phone, run

ROOT = Path(__file__).resolve().parents[1]


def serve(journal: Path, die_after: str | None = None) -> tuple[subprocess.Popen, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DIE_AFTER": die_after or ""}
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "serve_dies_after_commit.py"), "serve", "--host",
                             "127.0.0.1", "--port", "0", "--journal", str(journal)], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    return proc, json.loads(proc.stdout.readline())["serving"]["port"]


def ask(proc: subprocess.Popen, request: dict) -> dict:
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def head(journal: Path) -> tuple[int, int]:
    with Journal(journal) as j:
        record = j.sessions()[0]
        return record.head, record.last


async def phone_state(port: int, token: str, client: aiohttp.ClientSession) -> tuple[Phone, dict]:
    base = f"http://127.0.0.1:{port}"
    phone = Phone(await client.ws_connect(f"{base}/s/{token}/ws", headers={"Origin": base}))
    return phone, await phone.next("state")


def a_phones_play(proc: subprocess.Popen, port: int) -> tuple[str, dict]:
    """A seat's token and the play its phone sends: the table plays its own actions until some phone has one."""
    for _ in range(20):
        tokens = [p["url"].rsplit("/", 1)[1] for p in ask(proc, {"op": "phones"})["phones"]]

        async def offers():
            async with aiohttp.ClientSession() as client:
                return [(await phone_state(port, token, client))[1] for token in tokens]
        for token, state in zip(tokens, run(offers())):
            if state["actions"]:
                return token, {"op": "play", "id": "tap-1", "action": state["actions"][0]["text"], "offer": state["offer"]}
        assert ask(proc, {"op": "play", "action": ask(proc, {"op": "legal"})["actions"][0]})["ok"]
    raise AssertionError("no phone was offered an action")


@pytest.mark.parametrize("game_id", sorted(games.REGISTRY))
def test_a_play_committed_before_a_crash_is_answered_done_when_resent_and_never_played_twice(tmp_path, game_id):
    journal = tmp_path / "j.sqlite"
    proc, port = serve(journal, die_after="tap-1")
    try:
        assert ask(proc, {"op": "new", "game": game_id, "players": 2, "seed": 3})["ok"]
        token, play = a_phones_play(proc, port)
        before = head(journal)

        async def tap():
            async with aiohttp.ClientSession() as client:
                phone, _ = await phone_state(port, token, client)
                await phone.send(play)
                with pytest.raises(ConnectionError):  # the table died before it answered
                    await phone.next(where=lambda m: m.get("id") == play["id"])
        run(tap())
        assert proc.wait(20) == -9
    finally:
        proc.kill()
    played = head(journal)
    assert played[0] > before[0]  # it was committed

    proc, port = serve(journal)
    try:
        async def resend():
            async with aiohttp.ClientSession() as client:
                phone, _ = await phone_state(port, token, client)  # the page reconnects, then resends
                await phone.send(play)
                return await phone.next(where=lambda m: m.get("id") == play["id"])
        assert run(resend()) == {"type": "done", "id": "tap-1"}
        assert head(journal) == played  # nothing played again
    finally:
        proc.stdin.close()
        proc.wait(20)


def test_the_apps_own_play_path_keeps_a_plays_id_with_what_it_played_too(tmp_path):
    """The app hands a phone's play to its controller (a `play(text, seat)` of its own), not to the session:
    the id is kept all the same, so the app started again answers the resend "done" and plays nothing."""
    path, keys = tmp_path / "j.sqlite", tmp_path / "phone-keys.json"

    def table(journal: Journal) -> tuple[Hub, Session]:
        session = Session.latest_unfinished(journal) or Session.start(journal, "block-arena", 2, seed=1)
        hub = Hub(SeatTokens(keys))

        def controller_play(text: str, seat: int):  # as ui/controller.py's: the session's play, its refusal returned
            try:
                session.play(text, seat)
            except Refusal as refusal:
                return refusal
        hub.attach(session, play=controller_play)
        return hub, session

    with Journal(path) as journal:
        hub, session = table(journal)
        state = json.loads(hub.sync(hub.key(1)))
        play = {"op": "play", "id": "tap-1", "action": state["actions"][0]["text"], "offer": state["offer"]}
        assert hub.play(hub.key(1), play)["type"] == "done" and session.head == 1
    with Journal(path) as journal:  # started again: nothing of the first run's memory is left
        hub, session = table(journal)
        assert hub.play(hub.key(1), play) == {"type": "done", "id": "tap-1"}
        assert session.head == 1 and journal.last_seq(session.id) == 1
