"""A real phone beside the offscreen app: aiohttp's WebSocket client on a loop of its own thread, so the
test's thread can go on drawing Kivy frames (the app's UI thread answers the phones)."""
from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import Future
from typing import Any, Callable

import aiohttp

from companion.phones.wire import Held


class Phones:
    def __init__(self):
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="test-phones", daemon=True).start()
        self.client: aiohttp.ClientSession | None = None

    def submit(self, coro) -> Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def close(self) -> None:
        if self.client is not None:
            self.submit(self.client.close()).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)

    async def _client(self) -> aiohttp.ClientSession:
        if self.client is None:
            self.client = aiohttp.ClientSession()
        return self.client

    def open(self, url: str) -> Future:
        """A socket for the seat whose link `url` is (the address as the app gives it, reached on loopback)."""
        async def go():
            client = await self._client()
            port = url.split("/")[2].split(":")[1]
            base = f"http://127.0.0.1:{port}"
            token = url.rsplit("/", 1)[1]
            return Socket(await client.ws_connect(f"{base}/s/{token}/ws", headers={"Origin": base}))
        return self.submit(go())


class Socket:
    def __init__(self, ws):
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self.held = Held()  # a state comes without the action list the phone holds

    async def next(self, kind: str | None = None, where: Callable[[dict], bool] = lambda m: True) -> dict:
        while True:
            msg = await asyncio.wait_for(self.ws.receive(), 20)
            if msg.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"socket ended: {msg.type}")
            message = self.held.fill(json.loads(msg.data))
            self.seen.append(message)
            if (kind is None or message["type"] == kind) and where(message):
                return message

    async def play(self, state: dict, text: str, id: str) -> dict:
        await self.ws.send_str(json.dumps({"op": "play", "id": id, "action": text, "offer": state["offer"]}))
        return await self.next(where=lambda m: m["type"] in ("done", "refused") and m.get("id") == id)
