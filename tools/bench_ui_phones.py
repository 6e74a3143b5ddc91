"""`python -m tools.bench_ui_phones`: the table's frame time with phones connected, against none.

Each run is a child process of the real app (offscreen, every frame drawn, no fps cap) at a 4-seat Legends
table whose picks the table plays and takes back every 0.5 s (so the phones get pushed a new picture
twice a second). Without phones, the server runs with nobody on it; with phones, 6 phone sockets (one
a seat, two seats with a second phone) each ask for their state every 200 ms, and 20 more TCP
connections sit idle on the server's port. Each frame is timed from the start of the loop iteration to
the end of its rasterisation (glFinish). Runs alternate; figures are the pooled frames of each kind.
Target: p99 with phones at most 10 % over p99 without.

`--startup`: the first seconds instead. The real app (App.run, its 60 fps cap, a redraw asked every frame
as an animated screen would) from spawn to STARTUP_SECONDS after its first frame, phones off against on,
runs alternating: the gaps between frames (over 100 ms: a stutter a player sees) and, with phones on, the
time from the first frame until the phones' server answers (joinable: asked by the bench every 10 ms, as a
phone would, outside the app and its quota). `--pi` adds the same with a
quarter of one core for each process (tools/bench_cpu.py `Quota(each=True)`), side by side: the app and
the phone server it starts each in a cgroup of their own. That is the Pi's case: a Pi 4 has four cores of
about a quarter of one of this machine's each, and the phone server is a process of its own, so its start
(importing aiohttp) runs on another core than the UI's; one quarter core for both (`--pi-shared`, the
profile before) would make the UI pay for it, which no Pi does. (The bench moves the server into its group
within a few ms of its start, `Quota.watch`: its first milliseconds still run on the app's quota.) Targets:
no more stutter with phones on than off; joinable within 3 s under the quota, 1 s at full speed.
`--verbose` says when each run's stutters were and when the app had its phone server running.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tools.bench_cpu import Quota
from tools.bench_ui import Spawner, pct, report

STARTUP_SECONDS = 10.0
STUTTER = 0.100  # seconds between two frames that a player sees as a stutter

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
    report({"frames": times, "connected": connected})


def _cpu_group(pid: int) -> str:
    """The process's cgroup for the cpu controller (v1), or its v2 group."""
    lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    return next((x.split(":", 2)[2] for x in lines if "cpu" in x.split(":")[1].split(",")),
                next(x.split(":", 2)[2] for x in lines if x.startswith("0::")))


def _child_startup(journal: str) -> None:
    """The app's first STARTUP_SECONDS: every flip's time (time.monotonic, the same clock in every process),
    the cgroups of the app and of its phone server, and when the phone server was started and running."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    from ui.app import CompanionApp
    app = CompanionApp(journal, backend="emulated")
    flips: list[float] = []
    out: dict = {}

    def flip(*_):
        flips.append(time.monotonic())
        if len(flips) == 1:
            Clock.schedule_once(stop, STARTUP_SECONDS)

    def stop(_dt):
        if app.phones is not None and app.phones.server is not None:
            out["groups"] = [_cpu_group(pid) for pid in (os.getpid(), app.phones.server.process.pid)]
        app.stop()

    def running(*_):
        out.setdefault("running", time.monotonic())
    Window.bind(on_flip=flip)
    Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 0)  # an animated screen: a frame every tick
    app.bind(on_start=lambda *_: app.phones is not None and app.phones.bind(running=running))
    app.run()
    out["flips"] = [t for t in flips if t - flips[0] <= STARTUP_SECONDS]
    report(out)


class Probe:
    """A phone, outside the app and its quota: asks the app's phone port for the page every 10 ms until it
    answers, and says when (time.monotonic)."""

    def __init__(self):
        with socket.socket() as s:  # a free port for the app's phone server
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.answered: float | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import urllib.request
        while not self._done.is_set():
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1).read()
                self.answered = time.monotonic()
                return
            except OSError:
                time.sleep(0.01)

    def close(self) -> None:
        self._done.set()
        self._thread.join()


def startup(sp: Spawner, rounds: int, pi: bool, shared: bool, verbose: bool) -> None:
    profiles: list[tuple[str, Quota | None]] = [("full speed", None)]
    quotas = [(name, Quota(f"companion-bench-{os.getpid()}-{n}", each=each))
              for n, (name, each, wanted) in enumerate([("Pi (1/4 core each)", True, pi),
                                                        ("1/4 core for both", False, shared)]) if wanted]
    for name, quota in quotas:
        print(f"{name}: {quota.how}")
        if quota.ok:
            profiles.append((name, quota))
            quota.watch()
    try:
        got = {(name, kind): [] for name, _ in profiles for kind in ("off", "on")}
        for _ in range(rounds):
            for name, q in profiles:
                for kind in ("off", "on"):
                    probe = Probe()
                    env = dict(sp.env, COMPANION_PHONES=kind, COMPANION_PHONE_PORT=str(probe.port),
                               **(q.env(sp.env) if q else {}))
                    with tempfile.TemporaryDirectory() as folder:
                        try:
                            run = sp.run(["-m", "tools.bench_ui_phones", "--child", os.path.join(folder, "j.sqlite"),
                                          "0", "startup"], env=env, preexec=q.enter if q else None)
                        finally:
                            probe.close()
                    first = run["flips"][0]
                    run["gaps"] = [b - a for a, b in zip(run["flips"], run["flips"][1:])]
                    run["stutters"] = [round(b - first, 2) for a, b in zip(run["flips"], run["flips"][1:])
                                       if b - a > STUTTER]
                    if probe.answered is not None and probe.answered - first <= STARTUP_SECONDS:
                        run["joinable"] = probe.answered - first
                    if "running" in run:
                        run["running"] -= first
                    got[name, kind].append(run)
    finally:
        for _, quota in quotas:
            quota.close()
    print(f"\nThe first {STARTUP_SECONDS:.0f} s after the first frame, every frame asked for (60 fps cap), "
          f"{rounds} runs of each, alternating; load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for name, q in profiles:
        print(f"  {name}:")
        for kind in ("off", "on"):
            runs = got[name, kind]
            gaps = [g for r in runs for g in r["gaps"]]
            over = [sum(g > STUTTER for g in r["gaps"]) for r in runs]
            if verbose:
                print(f"    phones {kind}, each run: stutters ends at (s after the first frame) "
                      + "; ".join(", ".join(map(str, r["stutters"])) or "-" for r in runs)
                      + ("; server running at " + ", ".join(f"{r['running']:.2f}" for r in runs if "running" in r)
                         if kind == "on" else ""))
            line = (f"    phones {kind:3s}: frames {len(gaps) / len(runs):5.0f} a run, gaps over "
                    f"{STUTTER * 1000:.0f} ms {sum(over) / len(runs):4.1f} a run (runs: {', '.join(map(str, over))}), "
                    f"longest {max(gaps) * 1000:5.0f} ms, p99 {pct(gaps, 0.99) * 1000:5.1f} ms")
            if kind == "on":
                joined = sorted(r.get("joinable", float("inf")) for r in runs)
                line += (f"; joinable {joined[len(joined) // 2]:.2f} s after the first frame (median; "
                         f"runs {', '.join(f'{j:.2f}' for j in joined)})")
                apart = [len(set(r["groups"])) == 2 for r in runs if "groups" in r]
                line += f"; the phone server in a cgroup of its own in {sum(apart)} of {len(apart)} runs" if q else ""
            print(line)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.bench_ui_phones", description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=600, help="frames timed per run")
    p.add_argument("--rounds", type=int, default=3, help="runs of each kind, alternating")
    p.add_argument("--startup", action="store_true", help="the first seconds: stutter and time to joinable")
    p.add_argument("--pi", action="store_true", help="with --startup: also with a quarter of one core for each process")
    p.add_argument("--verbose", action="store_true", help="with --startup: when each run's stutters were")
    p.add_argument("--pi-shared", action="store_true", help="with --startup: also with one quarter core for both")
    p.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.child:
        from ui import boot
        if a.child[2] == "startup":
            boot.configure(size=(800, 480), headless=True)
            _child_startup(a.child[0])
            return 0
        boot.configure(size=(800, 480), headless=True, maxfps=0)
        _child(a.child[0], int(a.child[1]), a.child[2] == "phones")
        return 0
    if a.frames < 10 or a.rounds < 1:
        p.error("--frames is at least 10 and --rounds at least 1")
    sp = Spawner("800x480", as_is=False)
    if a.startup:
        sp.run(["-m", "tools.bench_ui", "--child", "minimal", "--size", "800x480"], "FIRST_FRAME")  # the bytecode, warm
        startup(sp, a.rounds, a.pi, a.pi_shared, a.verbose)
        return 0
    env = dict(sp.env, COMPANION_PHONES="on", COMPANION_PHONE_PORT="0")
    pooled: dict[str, list[float]] = {"none": [], "phones": []}
    connected = 0
    for _ in range(a.rounds):
        for kind in ("none", "phones"):
            with tempfile.TemporaryDirectory() as folder:
                out = sp.run(["-m", "tools.bench_ui_phones", "--child", os.path.join(folder, "j.sqlite"), str(a.frames),
                              kind], env=env)
            pooled[kind] += out["frames"]
            connected = max(connected, out["connected"]) if kind == "phones" else connected
    p99 = {k: pct(v, 0.99) * 1000 for k, v in pooled.items()}
    p50 = {k: pct(v, 0.5) * 1000 for k, v in pooled.items()}
    rise = (p99["phones"] / p99["none"] - 1) * 100
    print(f"table frame time, no phones: p50 {p50['none']:.2f} ms, p99 {p99['none']:.2f} ms ({len(pooled['none'])} frames)")
    print(f"with {connected} phone sockets and 20 idle connections: p50 {p50['phones']:.2f} ms, "
          f"p99 {p99['phones']:.2f} ms ({len(pooled['phones'])} frames)")
    print(f"p99 rise: {rise:+.1f} % (target <= 10 %: {'met' if rise <= 10 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
