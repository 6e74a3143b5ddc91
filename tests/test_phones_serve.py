"""`companion serve`, as a real subprocess: the referee protocol on stdin/stdout and the phones' server."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp

from phone_helpers import Phone, run

ROOT = Path(__file__).resolve().parents[1]


def serve(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)


def ask(proc: subprocess.Popen, request: dict) -> dict:
    proc.stdin.write(json.dumps(request) + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def test_serve_plays_a_phones_action_through_the_referee_and_keeps_it_in_the_journal(tmp_path):
    journal = tmp_path / "j.sqlite"
    proc = serve("--port", "0", "--journal", str(journal))
    try:
        port = json.loads(proc.stdout.readline())["serving"]["port"]
        assert ask(proc, {"op": "new", "game": "block-arena", "players": 2, "seed": 4})["ok"]
        links = ask(proc, {"op": "phones"})["phones"]
        assert [p["seat"] for p in links] == [1, 2] and all(p["connected"] == 0 for p in links)
        token = links[0]["url"].rsplit("/", 1)[1]

        async def go():
            async with aiohttp.ClientSession() as client:
                base = f"http://127.0.0.1:{port}"
                phone = Phone(await client.ws_connect(f"{base}/s/{token}/ws", headers={"Origin": base}))
                state = await phone.next("state")
                assert ask(proc, {"op": "phones"})["phones"][0]["connected"] == 1
                assert (await phone.play(state, state["actions"][0]["text"]))["type"] == "done"
                return state["actions"][0]["text"]
        played = run(go())
        proc.stdin.close()
        assert proc.wait(20) == 0
    finally:
        proc.kill()
    out = subprocess.run([sys.executable, "-m", "companion", "export", "1", "-", "--journal", str(journal)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert played in out.stdout and token not in out.stdout


def test_serve_says_in_one_line_when_the_port_is_taken_and_exits_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        proc = serve("--port", str(taken.getsockname()[1]))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "port-taken" in err and len(err.strip().splitlines()) == 1


def test_serve_gives_a_seat_a_new_link_and_the_old_one_stops(tmp_path):
    proc = serve("--port", "0")
    try:
        port = json.loads(proc.stdout.readline())["serving"]["port"]
        ask(proc, {"op": "new", "game": "legends-of-the-arena", "players": 2})
        old = ask(proc, {"op": "phones"})["phones"][1]
        new = ask(proc, {"op": "phone-renew", "seat": 2})["phone"]
        assert new["url"] != old["url"] and new["code"] != old["code"]
        assert ask(proc, {"op": "phone-renew", "seat": 9})["error"]["code"] == "bad-seat"

        async def status(url):
            async with aiohttp.ClientSession() as client:
                async with client.get(url.replace(url.split("/")[2], f"127.0.0.1:{port}")) as answer:
                    return answer.status
        assert run(status(old["url"])) == 403 and run(status(new["url"])) == 200
    finally:
        proc.stdin.close()
        proc.wait(20)
