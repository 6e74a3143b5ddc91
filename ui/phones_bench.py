"""`python -m ui.phones_bench`: the table's frame time with phones connected, against none.

Each run is a child process of the real app (offscreen, every frame drawn, no fps cap) at a 4-seat Legends
table whose picks the table plays and takes back every 0.5 s (so the phones get pushed a new picture
twice a second). Without phones, the server runs with nobody on it; with phones, 6 phone sockets (one
a seat, two seats with a second phone) each ask for their state every 200 ms, and 20 more TCP
connections sit idle on the server's port. Each frame is timed from the start of the loop iteration to
the end of its rasterisation (glFinish). Runs alternate; figures are the pooled frames of each kind.
Target: p99 with phones at most 10 % over p99 without.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from ui.bench import Spawner, _pct, _report

_CLIENTS = """
import asyncio, json, socket, sys, aiohttp
async def main(base, tokens):
    idle = []
    for _ in range(20):
        s = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])))
        idle.append(s)
    async with aiohttp.ClientSession() as client:
        socks = [await client.ws_connect(f"{base}/s/{t}/ws", headers={"Origin": base}) for t in tokens]
        async def drain(ws):
            async for _ in ws:
                pass
        async def ask(ws):
            while True:
                await ws.send_str(json.dumps({"op": "sync"}))
                await asyncio.sleep(0.2)
        tasks = [asyncio.ensure_future(f(ws)) for ws in socks for f in (drain, ask)]
        print("open", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        for t in tasks:
            t.cancel()
asyncio.run(main(sys.argv[1], sys.argv[2:]))
"""


def _child(journal: str, frames: int, phones: bool) -> None:
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    from ui.app import CompanionApp
    app = CompanionApp(journal, backend="emulated")
    EventLoop.ensure_window()
    app._run_prepare()
    deadline = time.monotonic() + 30
    while not app.phones.running and time.monotonic() < deadline:
        EventLoop.idle()
    assert app.phones.running, app.phones.status
    assert app.start_game("legends-of-the-arena", 4, {}) is None
    clients = None
    if phones:
        base = f"http://127.0.0.1:{app.phones.port}"
        tokens = [app.phones.link(s)[0].rsplit("/", 1)[1] for s in (1, 2, 3, 4, 2, 3)]
        clients = subprocess.Popen([sys.executable, "-c", _CLIENTS, base, *tokens], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True)
        while clients.stdout.readline().strip() != "open":
            EventLoop.idle()
    drawn = {"at": None}

    def flip(*_):
        glFinish()
        drawn["at"] = time.perf_counter()
    Window.bind(on_flip=flip)
    controller, times, last_change = app.controller, [], time.monotonic()
    for _ in range(30):
        EventLoop.idle()
    while len(times) < frames:
        if time.monotonic() - last_change > 0.5:  # the table moves: a pick, then it is taken back
            last_change = time.monotonic()
            pick = next(iter(controller.actions_for(1)), None)
            if controller.view.get("picked"):
                controller.undo()
            elif pick is not None:
                controller.play(pick, 1)
        Window.canvas.ask_update()
        drawn["at"] = None
        t0 = time.perf_counter()
        EventLoop.idle()
        if drawn["at"] is not None:
            times.append(drawn["at"] - t0)
    connected = sum(app.phones.server.connected().values())
    if clients is not None:
        clients.stdin.close()
        clients.wait(30)
    app.shutdown()
    _report({"frames": times, "connected": connected})


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ui.phones_bench", description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=600, help="frames timed per run")
    p.add_argument("--rounds", type=int, default=3, help="runs of each kind, alternating")
    p.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.child:
        from ui import boot
        boot.configure(size=(800, 480), headless=True, maxfps=0)
        _child(a.child[0], int(a.child[1]), a.child[2] == "phones")
        return 0
    if a.frames < 10 or a.rounds < 1:
        p.error("--frames is at least 10 and --rounds at least 1")
    sp = Spawner("800x480", as_is=False)
    env = dict(sp.env, COMPANION_PHONES="on", COMPANION_PHONE_PORT="0")
    pooled: dict[str, list[float]] = {"none": [], "phones": []}
    connected = 0
    for _ in range(a.rounds):
        for kind in ("none", "phones"):
            with tempfile.TemporaryDirectory() as folder:
                out = sp.run(["-m", "ui.phones_bench", "--child", os.path.join(folder, "j.sqlite"), str(a.frames),
                              kind], env=env)
            pooled[kind] += out["frames"]
            connected = max(connected, out["connected"]) if kind == "phones" else connected
    p99 = {k: _pct(v, 0.99) * 1000 for k, v in pooled.items()}
    p50 = {k: _pct(v, 0.5) * 1000 for k, v in pooled.items()}
    rise = (p99["phones"] / p99["none"] - 1) * 100
    print(f"table frame time, no phones: p50 {p50['none']:.2f} ms, p99 {p99['none']:.2f} ms ({len(pooled['none'])} frames)")
    print(f"with {connected} phone sockets and 20 idle connections: p50 {p50['phones']:.2f} ms, "
          f"p99 {p99['phones']:.2f} ms ({len(pooled['phones'])} frames)")
    print(f"p99 rise: {rise:+.1f} % (target <= 10 %: {'met' if rise <= 10 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
