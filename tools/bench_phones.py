"""`python -m tools.bench_phones [--pi] [--load N]`: the phones' server in figures, on loopback.

1. latency: a 4-seat Legends table with 6 phones connected (one a seat, and a second one for two seats);
   seat 1's phone sends a pick; timed from the send until the table's session holds it and every other
   phone has received its new picture (the one showing seat 1's pick). The table then takes it back
   (undo) and the phones settle before the next round. Target: p99 <= 50 ms.
   Plays are paced under the phone's rate limit (a phone sends at most 20 messages a second).
2. memory per connection: the process's RSS with N more idle sockets open, divided by N (the clients
   run in another process, so only the server's side is counted).
3. start cost: importing the server (aiohttp, segno) and binding, in a fresh process: wall time and RSS.
4. cost of a change: the same table and phones (the phones in another process), the table playing seat
   1's pick and taking it back, 200 changes back to back: the table process's CPU time per change (every
   thread: the session, the pictures, the server sending them), with the 6 phones on and with none; and
   the bytes of each message the phones receive after their first. Targets: <= 2 ms, <= 4 KB typical.

`--process` runs the server in a child process, as the app does (companion/phones/relay.py): the cost of
a change then counts the table's process and the server's apart, and memory per connection is left out.

`--pi` runs every section again under a quarter of one core (tools/bench_cpu.py; the phones stay
outside the quota: they are other devices; with `--process` the server has a quarter core of its own, as
on a Pi 4's four cores), `--load N` again with N busy processes beside it, and with them but the table's
processes weighted over them (cgroup weight, no limit: what `CPUWeight=` or `Nice=` in the table's systemd
unit would do); the figures of each profile are printed side by side. Beside the latency, the rounds'
CPU and time waiting for a CPU (every thread of the phones', table's and server's processes; schedstat):
on a shared machine the slow rounds are the ones that waited, not the ones that worked more.
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

from tools.bench_cpu import Busy, Quota, leave_quota


def _rss_kib() -> int:
    """This process's resident memory now (Linux)."""
    with open("/proc/self/status") as f:
        return int(next(line for line in f if line.startswith("VmRSS:")).split()[1])


#: the server in a child process (--process), as the app runs it
PROCESS = False


def _table(folder: str):
    from companion.journal import Journal
    from companion.phones.serve import PhoneReferee
    table = PhoneReferee(Journal(Path(folder) / "bench.sqlite"), host="127.0.0.1", port=0, link_host="127.0.0.1",
                         process=PROCESS)
    threading.Thread(target=table.owner.run, daemon=True).start()
    port = table.server.start()

    def ask(req):
        return table.owner(lambda: table.handle_line(json.dumps(req))).result(10)
    return table, port, ask


def _sched(pids: list[int]) -> tuple[float, float]:
    """Seconds so far of every thread of these processes: on a CPU, and runnable but waiting for one (the
    kernel's schedstat). A slow round with a long wait was the machine's load, not the work."""
    cpu = wait = 0
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                run, queued, _ = map(int, (task / "schedstat").read_text().split())
            except (OSError, ValueError):  # a thread that just ended
                continue
            cpu, wait = cpu + run, wait + queued
    return cpu / 1e9, wait / 1e9


def latency(rounds: int) -> tuple[list[float], list[list[float]]]:
    """Each round's seconds, and its [CPU, waiting for a CPU] seconds (the phones', table's and server's)."""
    import aiohttp
    from companion.phones.server import RATE
    from companion.phones.wire import Held
    with tempfile.TemporaryDirectory() as folder:
        table, port, ask = _table(folder)
        ask({"op": "new", "game": "legends-of-the-arena", "players": 4, "seed": 1})
        links = [p["url"].rsplit("/", 1)[1] for p in ask({"op": "phones"})["phones"]]
        base = f"http://127.0.0.1:{port}"
        pids = [os.getpid()] + ([table.server.process.pid] if PROCESS else [])
        spent: list[list[float]] = []

        async def go() -> list[float]:
            async with aiohttp.ClientSession() as client:
                seats = [1, 2, 3, 4, 2, 3]
                sockets = [await client.ws_connect(f"{base}/s/{links[s - 1]}/ws", headers={"Origin": base}) for s in seats]
                held = [Held() for _ in sockets]  # as the page, each phone keeps the action lists it was sent
                latest = [held[i].fill(json.loads((await ws.receive()).data)) for i, ws in enumerate(sockets)]

                async def until(i, test):
                    while True:
                        message = held[i].fill(json.loads((await asyncio.wait_for(sockets[i].receive(), 10)).data))
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
                    sched = _sched(pids)
                    start = time.perf_counter()
                    await sockets[0].send_str(json.dumps(pick))
                    await asyncio.gather(until(0, lambda m: m.get("id") == pick["id"]),
                                         *[until(i, lambda m: m["type"] == "state" and 1 in m["view"]["picked"])
                                           for i in range(1, 6)])
                    times.append(time.perf_counter() - start)
                    spent.append([b - a for a, b in zip(sched, _sched(pids))])
                    await asyncio.get_running_loop().run_in_executor(None, ask, {"op": "undo"})
                    await asyncio.gather(*[until(i, lambda m: m["type"] == "state" and m["view"]["picked"] == [])
                                           for i in range(6)])
                for ws in sockets:
                    await ws.close()
                return times
        try:
            return asyncio.run(go()), spent
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


_DRAIN = """
import asyncio, json, sys, aiohttp
async def main(base, tokens):
    sizes = [[] for _ in tokens]
    async with aiohttp.ClientSession() as client:
        socks = [await client.ws_connect(f"{base}/s/{t}/ws", headers={"Origin": base}) for t in tokens]
        async def drain(i, ws):
            async for msg in ws:
                sizes[i].append(len(msg.data.encode()))
        tasks = [asyncio.ensure_future(drain(i, ws)) for i, ws in enumerate(socks)]
        while not all(sizes):
            await asyncio.sleep(0.05)
        print("open", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        await asyncio.sleep(0.5)  # the last messages sent arrive
        print(json.dumps(sizes), flush=True)
        for t in tasks:
            t.cancel()
asyncio.run(main(sys.argv[1], sys.argv[2:]))
"""


def change_cost(changes: int) -> dict:
    """CPU ms per change of the table process with 6 phones on and with none; the phones' message sizes."""
    out: dict = {}
    with tempfile.TemporaryDirectory() as folder:
        table, port, ask = _table(folder)
        ask({"op": "new", "game": "legends-of-the-arena", "players": 4, "seed": 1})
        links = [p["url"].rsplit("/", 1)[1] for p in ask({"op": "phones"})["phones"]]
        session = table.referee.session
        pick = next(str(a) for a in session.legal_actions() if session.state.actor(a) == 1)

        def run() -> float:
            def go():
                for n in range(changes):
                    session.play(pick, 1) if n % 2 == 0 else session.undo()
            table.owner(go).result(120)  # warm
            time.sleep(0.3)
            cpu, server = time.process_time(), _server_cpu(table.server)
            table.owner(go).result(120)
            time.sleep(0.3)  # the server thread sends the last pictures
            out["server"] = (_server_cpu(table.server) - server) / changes * 1000  # the last run: with phones
            return (time.process_time() - cpu) / changes * 1000
        try:
            out["none"] = run()
            phones = subprocess.Popen([sys.executable, "-c", _DRAIN, f"http://127.0.0.1:{port}",
                                       *[links[s - 1] for s in (1, 2, 3, 4, 2, 3)]],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, preexec_fn=leave_quota)
            assert phones.stdout.readline().strip() == "open"
            out["phones"] = run()
            phones.stdin.write("\n")
            phones.stdin.flush()
            sizes = json.loads(phones.stdout.readline())
            phones.wait(30)
            out["later"] = sorted(x for seat in sizes for x in seat[1:])
            out["first"] = max(seat[0] for seat in sizes)
        finally:
            table.server.stop()
            table.owner.stop()
    return out


def _server_cpu(server) -> float:
    """CPU seconds of the server's own process so far (0 when it runs in the table's)."""
    process = getattr(server, "process", None)
    if process is None:
        return 0.0
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(a) -> dict:
    """Every section's figures in this process (a profile's child)."""
    times, spent = latency(a.rounds)
    got = {"latency": [x * 1000 for x in times], "spent": [[x * 1000 for x in s] for s in spent],
           "cost": change_cost(a.changes)}
    if a.memory and not PROCESS:
        got["memory"] = memory(a.connections)
    got["start"] = start_cost(a.runs)
    return got


def profiles(a) -> list[tuple[str, Quota | None, int]]:
    out = [("full speed", None, 0)]
    if a.load:
        out.append((f"full speed, {a.load} busy", None, a.load))
        favoured = Quota(f"companion-bench-{os.getpid()}-favoured", each=a.process, share=None)
        if favoured.ok:  # the table's processes weighted over the busy ones, as a service's CPUWeight= does
            out.append((f"{a.load} busy, favoured", favoured, a.load))
    if a.pi:
        quota = Quota(each=a.process)  # with --process, the server's own quarter core, as on a Pi's four cores
        if not quota.ok:
            print(f"--pi: {quota.how}; the Pi profile is left out", flush=True)
        else:
            out.append(("Pi (1/4 core)", quota, 0))
            if a.load:
                out.append((f"Pi, {a.load} busy", quota, a.load))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_phones", description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=300, help="picks timed (default 300)")
    p.add_argument("--changes", type=int, default=200, help="table changes for the cost of a change")
    p.add_argument("--connections", type=int, default=200, help="idle sockets for the memory figure")
    p.add_argument("--runs", type=int, default=5, help="fresh processes for the start cost")
    p.add_argument("--pi", action="store_true", help="also under a quarter of one core (a Pi 4's), side by side")
    p.add_argument("--load", type=int, default=0, metavar="N", help="also with N busy processes beside it")
    p.add_argument("--process", action="store_true", help="the server in a child process, as the app runs it")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if min(a.rounds, a.connections, a.runs, a.changes) < 1 or a.load < 0:
        p.error("every count is a whole number of at least 1 (--load at least 0)")
    global PROCESS
    PROCESS = a.process
    if a.child:
        print("RESULT " + json.dumps(measure(a)), flush=True)
        return 0
    print(f"phones bench: python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()) + " at start (other processes share the CPUs); the server "
          + ("in a child process" if a.process else "in the table's process"))
    results, runs = {}, profiles(a)
    try:
        for name, quota, busy in runs:
            args = [sys.executable, "-m", "tools.bench_phones", "--child", "--rounds", str(a.rounds), "--changes",
                    str(a.changes), "--connections", str(a.connections), "--runs", str(a.runs)]
            if a.process:
                args.append("--process")
            if not results:
                args.append("--memory")  # memory per connection: once, at full speed
            env = dict(os.environ, **(quota.env() if quota else {}))
            with Busy(busy):
                proc = subprocess.run(args, capture_output=True, text=True, env=env,
                                      preexec_fn=quota.enter if quota else None)
            line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
            if proc.returncode != 0 or line is None:
                raise SystemExit(f"the {name} run failed: {proc.stderr[-1500:]}")
            results[name] = json.loads(line[7:])
            if quota:
                print(f"{name}: {quota.how}")
    finally:
        for quota in {id(q): q for _, q, _ in runs if q}.values():
            quota.close()
    report(results)
    return 0


def _tail(r: dict, low: float, high: float = 1.0) -> str:
    """The rounds from quantile `low` to `high` of latency: their mean CPU and wait for a CPU (every thread of
    the phones', table's and server's processes, added up: threads that wait at once count each)."""
    ranked = sorted(zip(r["latency"], r["spent"]))
    rounds = ranked[int(low * (len(ranked) - 1)):max(int(low * (len(ranked) - 1)) + 1, int(high * len(ranked)))]
    cpu, wait = (sum(s[i] for _, s in rounds) / len(rounds) for i in (0, 1))
    return f"{cpu:.1f} / {wait:.1f} ms"


def report(results: dict[str, dict]) -> None:
    """Each figure a row, each profile a column."""
    names = list(results)
    rows: list[tuple[str, list[str]]] = []

    def row(title: str, fn) -> None:
        rows.append((title, [fn(results[n]) for n in names]))
    row("phone action -> every phone's new picture, p50", lambda r: f"{_pct(r['latency'], 0.5):.2f} ms")
    row("  p99 (target <= 50 ms)", lambda r: f"{_pct(r['latency'], 0.99):.2f} ms")
    row("  max", lambda r: f"{max(r['latency']):.2f} ms")
    row("  slowest 1 %: CPU / waiting for a CPU", lambda r: _tail(r, 0.99))
    row("  median round: CPU / waiting for a CPU", lambda r: _tail(r, 0.5, 0.5))
    row("table CPU per change, 6 phones (target <= 2 ms)", lambda r: f"{r['cost']['phones']:.2f} ms")
    row("  with no phone on", lambda r: f"{r['cost']['none']:.2f} ms")
    row("server process CPU per change, 6 phones", lambda r: f"{r['cost'].get('server', 0):.2f} ms")
    row("first message per phone, largest", lambda r: f"{r['cost']['first'] / 1024:.1f} KB")
    row("later messages p50 (target <= 4 KB typical)", lambda r: f"{_pct(r['cost']['later'], 0.5) / 1024:.1f} KB")
    row("  p90", lambda r: f"{_pct(r['cost']['later'], 0.9) / 1024:.1f} KB")
    row("  max", lambda r: f"{max(r['cost']['later']) / 1024:.1f} KB")
    row("server start (import aiohttp, segno; bind), median", lambda r: f"{r['start'][0] * 1000:.0f} ms")
    row("  RSS over a bare interpreter", lambda r: f"+{r['start'][1] / 1024:.1f} MiB")
    row("memory per idle connection", lambda r: f"{r['memory']:.1f} KiB" if "memory" in r else "-")
    width = max(len(t) for t, _ in rows) + 2
    cols = [max(len(n), 10, *(len(cells[i]) for _, cells in rows)) + 2 for i, n in enumerate(names)]
    print("".ljust(width) + "".join(n.rjust(c) for n, c in zip(names, cols)))
    for title, cells in rows:
        print(title.ljust(width) + "".join(v.rjust(c) for v, c in zip(cells, cols)))
    print("(6 phones: one a seat of a 4-seat Legends table, a second one for seats 2 and 3; picks paced under the "
          "phone rate limit; CPU time is every thread of the table's process)")

if __name__ == "__main__":
    sys.exit(main())
