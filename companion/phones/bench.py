"""`python -m companion.phones.bench`: the phones' server in figures, on loopback.

1. latency: a 4-seat Legends table with 6 phones connected (one a seat, and a second one for two seats);
   seat 1's phone sends a pick; timed from the send until the table's session holds it and every other
   phone has received its new picture (the one showing seat 1's pick). The table then takes it back
   (undo) and the phones settle before the next round. Target: p99 <= 50 ms.
   Plays are paced under the phone's rate limit (a phone sends at most 20 messages a second).
2. memory per connection: the process's RSS with N more idle sockets open, divided by N (the clients
   run in another process, so only the server's side is counted).
3. start cost: importing the server (aiohttp, segno) and binding, in a fresh process: wall time and RSS.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def _rss_kib() -> int:
    """This process's resident memory now (Linux)."""
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmRSS:")).split()[1])


def _table(folder: str):
    from companion.journal import Journal
    from companion.phones.serve import PhoneReferee
    table = PhoneReferee(Journal(Path(folder) / "bench.sqlite"), host="127.0.0.1", port=0, link_host="127.0.0.1")
    threading.Thread(target=table.owner.run, daemon=True).start()
    port = table.server.start()

    def ask(req):
        return table.owner(lambda: table.handle_line(json.dumps(req))).result(10)
    return table, port, ask


def latency(rounds: int) -> list[float]:
    import aiohttp
    from companion.phones.server import RATE
    with tempfile.TemporaryDirectory() as folder:
        table, port, ask = _table(folder)
        ask({"op": "new", "game": "legends-of-the-arena", "players": 4, "seed": 1})
        links = [p["url"].rsplit("/", 1)[1] for p in ask({"op": "phones"})["phones"]]
        base = f"http://127.0.0.1:{port}"

        async def go() -> list[float]:
            async with aiohttp.ClientSession() as client:
                seats = [1, 2, 3, 4, 2, 3]
                sockets = [await client.ws_connect(f"{base}/s/{links[s - 1]}/ws", headers={"Origin": base}) for s in seats]
                latest = [json.loads((await ws.receive()).data) for ws in sockets]

                async def until(i, test):
                    while True:
                        message = json.loads((await asyncio.wait_for(sockets[i].receive(), 10)).data)
                        if message["type"] == "state":
                            latest[i] = message
                        if test(message):
                            return

                times = []
                pace = 1.5 / RATE  # a phone may send RATE messages a second: stay well under it
                for n in range(rounds):
                    await asyncio.sleep(pace)
                    state = latest[0]
                    pick = {"op": "play", "id": f"b{n}", "action": state["actions"][n % 20]["text"], "offer": state["offer"]}
                    start = time.perf_counter()
                    await sockets[0].send_str(json.dumps(pick))
                    await asyncio.gather(until(0, lambda m: m.get("id") == pick["id"]),
                                         *[until(i, lambda m: m["type"] == "state" and 1 in m["view"]["picked"])
                                           for i in range(1, 6)])
                    times.append(time.perf_counter() - start)
                    await asyncio.get_running_loop().run_in_executor(None, ask, {"op": "undo"})
                    await asyncio.gather(*[until(i, lambda m: m["type"] == "state" and m["view"]["picked"] == [])
                                           for i in range(6)])
                for ws in sockets:
                    await ws.close()
                return times
        try:
            return asyncio.run(go())
        finally:
            table.server.stop()
            table.owner.stop()


_CLIENTS = """
import asyncio, sys, aiohttp
async def main(base, token, n):
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as client:  # no 100-socket cap
        sockets = [await client.ws_connect(f"{base}/s/{token}/ws", headers={"Origin": base}) for _ in range(n)]
        for ws in sockets:
            await ws.receive()
        print("open", flush=True)
        sys.stdin.readline()
asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def memory(connections: int) -> float:
    """KiB of the server's RSS per idle connection."""
    with tempfile.TemporaryDirectory() as folder:
        table, port, ask = _table(folder)
        table.server.max_connections = connections + 8
        table.server.max_http = table.server.per_address = connections + 8  # all from this one address
        import companion.phones.server as server_module
        server_module.PER_SEAT = connections + 8  # this bench opens many sockets for one seat
        ask({"op": "new", "game": "legends-of-the-arena", "players": 2, "seed": 1})
        token = ask({"op": "phones"})["phones"][0]["url"].rsplit("/", 1)[1]
        before = _rss_kib()
        proc = subprocess.Popen([sys.executable, "-c", _CLIENTS, f"http://127.0.0.1:{port}", token, str(connections)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout.readline().strip() == "open"
            time.sleep(0.5)
            after = _rss_kib()
        finally:
            proc.stdin.close()
            proc.wait(30)
            table.server.stop()
            table.owner.stop()
        return (after - before) / connections


#: a child's own peak RSS (VmHWM: a new address space's; getrusage's ru_maxrss would start from the parent's size)
_HWM = "int(next(l for l in open('/proc/self/status') if l.startswith('VmHWM:')).split()[1])"

_START = """
import time
t = time.perf_counter()
from companion.phones.hub import Hub
from companion.phones.server import PhoneServer
from companion.phones.tokens import SeatTokens
from concurrent.futures import Future
def owner(fn):
    f = Future(); f.set_result(fn()); return f
server = PhoneServer(Hub(SeatTokens()), owner, host="127.0.0.1", port=0)
server.start()
took = time.perf_counter() - t
print(took, HWM)
server.stop()
""".replace("HWM", _HWM)

_BARE = f"print({_HWM})"


def start_cost(runs: int) -> tuple[float, int]:
    """Median seconds to import and start the server in a fresh process, and the RSS it adds (KiB)."""
    took, grew = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _START], capture_output=True, text=True, check=True).stdout.split()
        bare = int(subprocess.run([sys.executable, "-c", _BARE], capture_output=True, text=True, check=True).stdout)
        took.append(float(out[0]))
        grew.append(int(out[1]) - bare)
    return sorted(took)[len(took) // 2], sorted(grew)[len(grew) // 2]


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m companion.phones.bench", description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=300, help="picks timed (default 300)")
    p.add_argument("--connections", type=int, default=200, help="idle sockets for the memory figure")
    p.add_argument("--runs", type=int, default=5, help="fresh processes for the start cost")
    a = p.parse_args(argv)
    if min(a.rounds, a.connections, a.runs) < 1:
        p.error("every count is a whole number of at least 1")
    times = latency(a.rounds)
    p50, p99 = _pct(times, 0.5) * 1000, _pct(times, 0.99) * 1000
    print(f"phone action -> every other phone's new picture and the table's state, 6 phones, {a.rounds} picks: "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(times) * 1000:.2f} ms "
          f"(target p99 <= 50 ms: {'met' if p99 <= 50 else 'NOT met'})")
    per = memory(a.connections)
    print(f"memory per idle connection: {per:.1f} KiB (server RSS with {a.connections} more sockets)")
    took, grew = start_cost(a.runs)
    print(f"server start (import aiohttp and segno, bind), fresh process, median of {a.runs}: {took * 1000:.0f} ms, "
          f"+{grew / 1024:.1f} MiB RSS over a bare interpreter")
    return 0


if __name__ == "__main__":
    sys.exit(main())
