"""A real phone table for tests: `companion serve`'s pieces in this process (a real journal file, the
owner thread, the aiohttp server on 127.0.0.1) and real WebSocket clients (aiohttp's)."""
from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any, Callable

import aiohttp
import pytest

from companion.journal import Journal
from companion.phones.serve import PhoneReferee
from companion.phones.wire import Held

WAIT = 10.0
LEGENDS = "legends-of-the-arena"


class PhoneTable:
    """A table with phones: `request` speaks the referee protocol on the owner thread, as stdin does."""

    def __init__(self, path: Path, game: str | None = None, players: int = 2, seed: Any = 1,
                 options: dict | None = None, **server):
        self.journal = Journal(path)
        self.table = PhoneReferee(self.journal, host="127.0.0.1", port=0, link_host="127.0.0.1")
        for name, value in server.items():
            setattr(self.table.server, name, value)
        threading.Thread(target=self.table.owner.run, name="owner", daemon=True).start()
        self.port = self.table.server.start()
        self.base = f"http://127.0.0.1:{self.port}"
        if game is not None:
            self.request({"op": "new", "game": game, "players": players, "seed": seed, "options": options or {}})

    def request(self, req: dict[str, Any]) -> dict[str, Any]:
        reply = self.table.owner(lambda: self.table.handle_line(json.dumps(req))).result(WAIT)
        return reply

    def ok(self, req: dict[str, Any]) -> dict[str, Any]:
        reply = self.request(req)
        assert reply["ok"], reply
        return reply

    def links(self) -> list[dict[str, Any]]:
        return self.ok({"op": "phones"})["phones"]

    def url(self, seat: int) -> str:
        return self.links()[seat - 1]["url"]

    def token(self, seat: int) -> str:
        return self.url(seat).rsplit("/", 1)[1]

    def close(self) -> None:
        self.table.server.stop()
        self.table.owner.stop()
        self.journal.close()


class Phone:
    """One phone's socket: `next(kind)` waits for the next message of that type (a state with its list)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse):
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.held = Held()  # a state comes without the action list the phone holds

    async def next(self, kind: str | None = None, where: Callable[[dict], bool] = lambda m: True) -> dict[str, Any]:
        while True:
            msg = await asyncio.wait_for(self.ws.receive(), WAIT)
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"socket ended: {msg.type} {msg.data} {msg.extra}")
            self.raw.append(msg.data)
            message = self.held.fill(json.loads(msg.data))
            self.seen.append(message)
            if (kind is None or message["type"] == kind) and where(message):
                return message

    async def send(self, message: Any) -> None:
        await self.ws.send_str(message if isinstance(message, str) else json.dumps(message))

    async def play(self, state: dict[str, Any], text: str, id: str = "a1") -> dict[str, Any]:
        await self.send({"op": "play", "id": id, "action": text, "offer": state["offer"]})
        return await self.next(where=lambda m: m["type"] in ("done", "refused") and m.get("id") == id)


async def open_phone(client: aiohttp.ClientSession, table: PhoneTable, seat: int | None = None, *,
                     token: str | None = None, origin: str | None = "same") -> Phone:
    token = token if token is not None else table.token(seat)
    headers = {} if origin is None else {"Origin": table.base if origin == "same" else origin}
    ws = await client.ws_connect(f"{table.base}/s/{token}/ws", headers=headers)
    return Phone(ws)


def run(coro):
    return asyncio.run(coro)


@pytest.fixture
def legends4(tmp_path):
    """A four-seat Legends table (Free-for-All, digital picks) with the phones' server on loopback."""
    table = PhoneTable(tmp_path / "j.sqlite", LEGENDS, 4, seed=5, options={"mode": "ffa"})
    yield table
    table.close()
