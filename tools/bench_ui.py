"""`python -m tools.bench_ui`: start-up, memory, dice-to-screen latency and table frame time against Kivy's floor.

Every figure is measured in this run, in child processes started the same way (same interpreter, window
size and video driver, SDL_VIDEODRIVER=offscreen), so comparisons are fair:

1. start-up: wall time from spawning the process to its first frame drawn (glFinish after the first
   flip). The app is the real command, `companion app --quit-after-first-frame` (via `python -m ui.cli`),
   on an existing empty journal (the warm-up run creates it, as the first start on a device does once);
   the floor is a bare Kivy app showing one Label, which parses Kivy's whole style.kv as any Kivy app does
   (the app parses only the rules it uses: ui/lean_style.py). Runs alternate between the two; medians are
   reported.
   `--pi` runs the same again under a quarter of one core (tools/bench_cpu.py), the floor too.
   Bytecode: by default every module has its compiled bytecode, as a pip install leaves it (a private
   PYTHONPYCACHEPREFIX filled by the warm-up runs); `--as-is` keeps the environment's own setting (here
   PYTHONDONTWRITEBYTECODE=1 makes the project's modules compile from source at every start).
2. the first frame is complete: the pixels of the app's first frame equal those of its tenth.
3. memory: each child's own peak RSS (getrusage ru_maxrss) after a few frames.
4. dice latency: the app's real loop (App.run, 60 fps cap) with a game in progress; a DicePressed is
   delivered (a) from a background thread, as the GPIO/serial backends do, and (b) by the emulated
   backend on the UI thread, as the on-screen button does. Measured: event -> handled (session played
   the roll) -> the first frame presented after it whose roll label shows the new roll.
5. table frame time: the Time Runners table at the window size, a scripted game played by presses and
   taps (rolls with the die's tumble, cards, ends); each drawn frame timed from the start of the loop
   iteration to the end of its rasterisation (glFinish), for each multisampling setting, in rounds that
   alternate the settings (so a change of load falls on all of them); also the process's CPU time per
   frame (every thread: llvmpipe rasterises on its own), steadier than wall time on a shared machine.
   `--shots DIR` writes each setting's window and a side-by-side zoom of edges (dial, token, button, die).
6. unfinished games (`--only sessions`): start-up as in 1, on a journal holding 0 and then SESSIONS (300)
   unfinished games (two rolls into a game each, games and names varied), runs alternating; with each
   journal's peak memory (as in 3). The home screen's list makes rows only for what is on screen, so the
   target is the full journal within 1.20x of the empty one.
"""
from __future__ import annotations

import os
import sys
import time

CHILD_FRAMES = 10
MARK = "FIRST_FRAME"
APP_MARK = "companion app: first frame on screen"
MULTISAMPLES = (0, 2, 4)


# ---------------------------------------------------------------------------------------------- children
def _child_minimal(frames: int) -> None:
    """Kivy's floor: one Label, configured like the app; says when its first frame is drawn, and stops
    after `frames` frames."""
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish
    from kivy.uix.label import Label

    class Minimal(App):
        n = 0

        def build(self):
            Window.bind(on_flip=self._flip)
            Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 0)
            return Label(text="Board Companion")

        def _flip(self, *_):
            glFinish()
            self.n += 1
            if self.n == 1:
                print(f"{MARK} ({_cpu():.3f} s of CPU)", flush=True)
            if self.n == frames:
                report({})
                self.stop()
    Minimal().run()


def _child_frames(journal: str) -> None:
    """The app for CHILD_FRAMES frames: is its first frame its settled one (pixels), and its peak RSS."""
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    from ui.app import CompanionApp
    app = CompanionApp(journal, backend="emulated")
    shots: list[bytes] = []

    def flip(*_):
        glFinish()
        shots.append(_pixels())
        if len(shots) == CHILD_FRAMES:
            same = shots[0] == shots[-1]
            differ = 0 if same else sum(a != b for a, b in zip(shots[0][::4], shots[-1][::4]))
            report({"first_is_settled": same, "pixels_differing": differ})
            app.stop()
    Window.bind(on_flip=flip)
    Clock.schedule_interval(lambda _dt: Window.canvas.ask_update(), 0)  # draw every frame, changed or not
    app.run()


def _pixels() -> bytes:
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels
    w, h = Window.size
    return glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE)


def _child_latency(journal: str, samples: int) -> None:
    import threading

    from kivy.clock import Clock
    from kivy.core.window import Window

    from hardware import DicePressed
    from ui.app import CompanionApp
    from ui.games.time_runners.screen import ROLL_STEPS

    app = CompanionApp(journal, backend="emulated")
    results = {"thread": [], "ui": []}
    pending = {}
    frames = {"n": 0}

    def flip(*_):  # no glFinish of its own: the app's loop is measured as it runs (it bounds its frames)
        frames["n"] += 1
        if pending and app.table_screen.ids.roll.text != pending["before"]:
            t = time.perf_counter()
            results[pending["how"]].append({
                "event_to_handled": app.hw.handled_at - pending["t0"],
                "handled_to_frame": t - app.hw.handled_at,
                "event_to_frame": t - pending["t0"],
                "frames_between": frames["n"] - pending["frame"] - 1,
            })
            pending.clear()

    def roll(how: str) -> None:
        pending.update(before=app.table_screen.ids.roll.text, how=how, frame=frames["n"])
        pending["t0"] = time.perf_counter()
        if how == "thread":  # like the GPIO and serial backends
            threading.Thread(target=app.hw._on_event, args=(DicePressed(0.0),)).start()
        else:  # the emulator's on-screen button and keys
            app.hw.press()

    def step(_dt):
        if pending:
            return
        if len(results["thread"]) + len(results["ui"]) >= 2 * samples:
            report({"latency": results})
            app.stop()
            return
        how = "thread" if len(results["thread"]) <= len(results["ui"]) else "ui"
        if not _play_step(app, ROLL_STEPS, lambda: roll(how)):
            report({"latency": results})
            app.stop()

    Window.bind(on_flip=flip)
    Clock.schedule_interval(step, 0.1)
    app.run()


def _play_step(app, roll_steps, roll) -> bool:
    """One step of a scripted Time Runners game through the app: start it, roll by the die button when
    a turn's roll is due (`roll()`), else the roll-off, a card or `end`. False once the game is over."""
    from ui.samples import TABLE, first_card
    if app.controller is None:
        app.start_game("time-runners", 3, dict(TABLE), seed="bench")
        return True
    c = app.controller
    if c.view["phase"] == "over":
        return False
    if c.view["next"] in roll_steps and c.view["phase"] == "roll":
        roll()
    elif c.view["next"] in roll_steps:
        c.play("roll")
    else:
        card = first_card(c.session, c.view["current"])
        c.play(card if card and not c.view["cards_counted"] else "end")
    return True


def _child_frame(journal: str, rolls: int) -> None:
    """Frame time of the Time Runners table while a game is played on it (see the module docstring)."""
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    from ui.app import CompanionApp
    from ui.games.time_runners.screen import ROLL_STEPS

    app = CompanionApp(journal, backend="emulated")
    EventLoop.ensure_window()
    app._run_prepare()
    drawn = {"at": None}

    def flip(*_):
        glFinish()
        drawn["at"] = time.perf_counter()
    Window.bind(on_flip=flip)

    def frame() -> float | None:
        """One loop iteration; its time if it drew a frame."""
        drawn["at"] = None
        t0 = time.perf_counter()
        EventLoop.idle()
        return None if drawn["at"] is None else drawn["at"] - t0

    out: dict = {"all": [], "roll": [], "steady": []}
    _play_step(app, ROLL_STEPS, app.hw.press)  # start the game
    for _ in range(10):
        frame()
    for _ in range(30):  # the same picture drawn again and again
        Window.canvas.ask_update()
        out["steady"].append(frame())
    cpu0 = _cpu()
    while len(out["roll"]) < rolls:
        before = app.table_screen.ids.roll.text
        if not _play_step(app, ROLL_STEPS, app.hw.press):
            break
        for i in range(60):  # until the screen is still (a roll tumbles the die for 0.45 s)
            took = frame()
            if took is None:
                if i > 2:
                    break
                continue
            out["all"].append(took)
            if app.table_screen.ids.roll.text != before:
                out["roll"].append(took)
                before = app.table_screen.ids.roll.text
    out["cpu"] = (_cpu() - cpu0) / max(1, len(out["all"]))  # per frame, every thread (llvmpipe's too)
    app.shutdown()
    report(out)


def _cpu() -> float:
    import resource
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _child_shot(journal: str, folder: str) -> None:
    """The Time Runners table as shown (a roll-off just played), written to `folder`/table-msaaN.png, and
    where on it the edges to compare are. Under X (DISPLAY set) the picture is the screen's (xwd): the
    offscreen driver's read-back shows no multisampling at all, though it pays for it."""
    from kivy.base import EventLoop
    from kivy.config import Config

    from ui.app import CompanionApp
    from ui.games.time_runners.screen import ROLL_STEPS
    app = CompanionApp(journal, backend="emulated")
    EventLoop.ensure_window()
    app._run_prepare()
    for _ in range(7):
        _play_step(app, ROLL_STEPS, app.hw.press)  # the roll-off and a first turn
    for _ in range(60):  # let the die stop
        EventLoop.idle()
    w, h, rgba = _capture()
    n = Config.getint("graphics", "multisamples")
    _write_png(os.path.join(folder, f"table-msaa{n}.png"), w, h, rgba)
    face, die = app.table_screen.ids.face, app.table_screen.ids.die
    button = next(b for b in app.table_screen.walk() if getattr(b, "text", "") == "Undo")

    def top_left(widget, x, y, ch=48):  # a crop whose bottom-left is (x, y) in `widget`'s coordinates
        wx, wy = widget.to_window(x, y)
        return [int(wx), int(h - wy - ch)]
    token = face.runner_centers()[0]
    source = "xwd" if os.environ.get("DISPLAY") else "glReadPixels"
    report({"shot": {"size": [w, h], "source": source, "crops": [
        top_left(face, face.center_x - face.radius - 20, face.center_y + face.radius * 0.45),  # the dial's rim
        top_left(face, token[0] - 32, token[1] - 24),  # a runner
        top_left(button, button.x - 8, button.top - 40),  # a button's corner
        top_left(die, die.center_x - min(die.size) / 2 - 8, die.center_y - 8),  # the die
    ]}})
    app.shutdown()


def _capture() -> tuple[int, int, bytes]:
    """The window's pixels, rows top first, RGBA: as X shows them (xwd) under a display, else read back."""
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish
    Window.canvas.ask_update()
    EventLoop.idle()
    glFinish()
    w, h = Window.size
    if os.environ.get("DISPLAY"):
        import struct
        import subprocess
        time.sleep(0.2)  # let the X server show the last frame
        data = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
        f = struct.unpack(">25I", data[:100])  # XWD header: 25 big-endian words
        rh, bpl = f[5], f[12]
        px = memoryview(data)[f[0] + f[19] * 12:]  # after the header and the colour map
        x0, y0 = max(0, int(Window.left)), max(0, int(Window.top))
        out = bytearray()
        for y in range(y0, min(rh, y0 + h)):
            row = px[y * bpl + x0 * 4:y * bpl + (x0 + w) * 4]
            for x in range(0, len(row), 4):  # B G R X
                out += bytes((row[x + 2], row[x + 1], row[x], 255))
        return w, len(out) // (4 * w), bytes(out)
    raw = _pixels()
    stride = w * 4
    return w, h, b"".join(raw[y * stride:(y + 1) * stride] for y in range(h - 1, -1, -1))


def report(extra: dict) -> None:
    import json
    import resource
    extra["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print("RESULT " + json.dumps(extra), flush=True)


def child(argv) -> int:
    kind, opts = argv[0], dict(zip(argv[1::2], argv[2::2]))  # no argparse: the floor imports nothing extra
    from ui import boot
    ms = opts.get("--multisamples")
    size = tuple(int(n) for n in opts.get("--size", "800x480").split("x"))  # not boot.parse_size: the floor
    boot.configure(size=size, headless=kind not in ("minimal", "shot"),  # imports nothing of ours but boot
                   maxfps=0 if kind == "frame" else None, multisamples=None if ms is None else int(ms),
                   lean=kind != "minimal")  # the floor is a bare Kivy app: Kivy's whole style.kv
    os.environ["KIVY_NO_CONSOLELOG"] = "1"
    if kind == "minimal":
        _child_minimal(int(opts.get("--frames", 1)))
    elif kind == "frames":
        _child_frames(opts["--journal"])
    elif kind == "latency":
        _child_latency(opts["--journal"], int(opts.get("--samples", 10)))
    elif kind == "shot":
        _child_shot(opts["--journal"], opts["--shots"])
    else:
        _child_frame(opts["--journal"], int(opts.get("--rolls", 20)))
    return 0


# ---------------------------------------------------------------------------------------------- parent
class Spawner:
    def __init__(self, size: str, as_is: bool):
        import tempfile
        self.size = size
        self.tmp = tempfile.mkdtemp(prefix="companion-bench-")
        self.journal = os.path.join(self.tmp, "journal.sqlite")  # one existing journal, as on a device
        self.env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_NO_CONSOLELOG="1", KIVY_NO_ARGS="1",
                        KIVY_HOME=os.path.join(self.tmp, "kivy"), COMPANION_HW_BACKEND="emulated")
        self.env.pop("NOTIFY_SOCKET", None)
        if not as_is:  # every module with its bytecode, as installed (kept apart from the source tree)
            self.env.pop("PYTHONDONTWRITEBYTECODE", None)
            self.env["PYTHONPYCACHEPREFIX"] = os.path.join(self.tmp, "pycache")

    def run(self, cmd: list[str], mark: str | None = None, env: dict | None = None, preexec=None) -> dict:
        """`preexec`: run in the child before it starts (a CPU quota's `enter`)."""
        import json
        import subprocess
        import tempfile
        errors = tempfile.TemporaryFile(mode="w+")
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *cmd], stdout=subprocess.PIPE, stderr=errors, text=True,
                                env=env or self.env, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                preexec_fn=preexec)
        out: dict = {}
        for line in proc.stdout:
            if mark and line.startswith(mark) and "first_frame" not in out:
                out["first_frame"] = time.perf_counter() - t0
                if "s of CPU)" in line:
                    out["cpu"] = float(line.rsplit("(", 1)[1].split()[0])
            elif line.startswith("RESULT "):
                out.update(json.loads(line[7:]))
        proc.wait(timeout=300)
        errors.seek(0)
        err = errors.read()
        if proc.returncode != 0 or (mark and "first_frame" not in out):
            raise RuntimeError(f"benchmark child {cmd[1:3]} failed (exit {proc.returncode}): {err[-800:]}")
        return out

    def child(self, kind: str, *opts: str, env: dict | None = None) -> dict:
        return self.run(["-m", "tools.bench_ui", "--child", kind, "--size", self.size, "--journal", self.journal, *opts],
                        env=env)

    def first_frame(self, kind: str, journal: str | None = None, preexec=None) -> dict:
        """{"first_frame": wall seconds from spawn, "cpu": the child's CPU seconds by then (if it says)}"""
        if kind == "minimal":
            return self.run(["-m", "tools.bench_ui", "--child", "minimal", "--size", self.size], MARK, preexec=preexec)
        return self.run(["-m", "ui.cli", "app", "--quit-after-first-frame", "--backend", "emulated",
                         "--size", self.size, "--journal", journal or self.journal], APP_MARK, preexec=preexec)


def ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def main(argv=None) -> int:
    import argparse
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    p = argparse.ArgumentParser(prog="python -m tools.bench_ui", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7, help="start-up runs of each (median reported)")
    p.add_argument("--size", default="800x480")
    p.add_argument("--samples", type=int, default=10, help="dice presses per delivery path")
    p.add_argument("--rolls", type=int, default=21, help="rolls played on the table per multisampling setting "
                   "(every frame on the way is timed)")
    p.add_argument("--rounds", type=int, default=3, help="frame-time rounds, alternating the settings (load changes)")
    p.add_argument("--shots", default=None, metavar="DIR", help="write the table per multisampling setting and "
                   "a side-by-side zoom of its edges (msaa-edges.png) to DIR")
    p.add_argument("--as-is", action="store_true", help="keep the environment's bytecode setting (see above)")
    p.add_argument("--only", default="startup,memory,latency,frame", help="sections to run, comma-separated "
                   "(also: sessions, the first frame with 0 and --sessions unfinished games)")
    p.add_argument("--sessions", type=int, default=300, help="unfinished games in the full journal (section sessions)")
    p.add_argument("--pi", action="store_true", help="start-up again under a quarter of one core (a Pi 4's: "
                   "tools/bench_cpu.py), beside the full-speed figures")
    a = p.parse_args(argv)
    sp = Spawner(a.size, a.as_is)
    try:
        _sections(a, sp, set(a.only.split(",")))
    finally:
        import shutil
        shutil.rmtree(sp.tmp, ignore_errors=True)
    return 0


def _sections(a, sp: Spawner, only: set[str]) -> None:
    import statistics
    bytecode = "as the environment says" if a.as_is else "cached for every module (as installed)"
    print(f"Board Companion UI benchmark  (python {sys.version.split()[0]}, window {a.size}, "
          f"SDL_VIDEODRIVER=offscreen, {os.cpu_count()} CPUs, bytecode {bytecode})")
    print("load average at start: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
          + "  (other processes share the CPUs)")
    if "startup" in only:
        sp.first_frame("minimal")  # warm the disk cache (and the bytecode) for both; the app makes its journal
        sp.first_frame("app")
        _print_startup(sp, a, "1. Start-up: spawn -> first frame drawn", None)
        if a.pi:
            from tools.bench_cpu import Quota
            quota = Quota()
            try:
                if quota.ok:
                    _print_startup(sp, a, f"1b. The same on a Pi's CPU ({quota.how})", quota.enter)
                else:
                    print(f"\n1b. --pi: {quota.how}")
            finally:
                quota.close()
    if "memory" in only:
        floor = sp.run(["-m", "tools.bench_ui", "--child", "minimal", "--size", a.size, "--frames", str(CHILD_FRAMES)],
                       MARK)
        app = sp.child("frames")
        same = app["first_is_settled"]
        print(f"\n2. The first frame is complete: pixels of frame 1 {'equal' if same else 'differ from'} frame "
              f"{CHILD_FRAMES}" + ("" if same else f" ({app['pixels_differing']} pixels)"))
        print(f"\n3. Peak memory (max RSS of each child after {CHILD_FRAMES} frames)")
        print(f"   minimal Kivy app                 {floor['maxrss_kb'] / 1024:7.1f} MB")
        print(f"   Board Companion (home screen)    {app['maxrss_kb'] / 1024:7.1f} MB   "
              f"= +{(app['maxrss_kb'] - floor['maxrss_kb']) / 1024:.1f} MB above the floor (target < 60 MB)")
    if "latency" in only:
        _print_latency(sp.child("latency", "--samples", str(a.samples))["latency"])
    if "frame" in only:
        _print_frames(sp, a)
    if "sessions" in only:
        _print_sessions(sp, a)
    print("\nload average at the end: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


def _print_startup(sp: Spawner, a, title: str, preexec) -> None:
    """First frame of a bare Kivy app and of ours, alternating (`preexec`: a CPU quota's `enter`)."""
    import statistics
    got: dict[str, list[dict]] = {"minimal": [], "app": []}
    for _ in range(a.runs):
        for kind in got:
            got[kind].append(sp.first_frame(kind, preexec=preexec))
    runs = {k: [r["first_frame"] for r in v] for k, v in got.items()}
    cpu = {k: [r["cpu"] for r in v if "cpu" in r] for k, v in got.items()}
    first = {k: statistics.median(v) for k, v in runs.items()}
    print(f"\n{title} (median of {a.runs}, alternating)")
    print(f"   minimal Kivy app (one Label)              {ms(first['minimal'])}   "
          f"(min {ms(min(runs['minimal'])).strip()}, max {ms(max(runs['minimal'])).strip()})")
    print(f"   companion app --quit-after-first-frame    {ms(first['app'])}   "
          f"(min {ms(min(runs['app'])).strip()}, max {ms(max(runs['app'])).strip()})")
    print(f"   ratio of medians {first['app'] / first['minimal']:.2f}x  (target <= 1.20x); "
          f"run by run {', '.join(f'{x / y:.2f}' for x, y in zip(runs['app'], runs['minimal']))}")
    if cpu["app"] and cpu["minimal"]:  # steadier than wall time when other processes share the CPUs
        c = {k: statistics.median(v) for k, v in cpu.items()}
        print(f"   CPU time to the first frame (every thread): {ms(c['minimal']).strip()} and "
              f"{ms(c['app']).strip()}, ratio {c['app'] / c['minimal']:.2f}x")


def _unfinished_journal(path: str, n: int) -> None:
    """A journal holding `n` unfinished games, two rolls into each (a year of games left on the table)."""
    from companion.journal import Journal
    from companion.session import Session
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
    with Journal(path) as journal:
        for i in range(n):
            players = 2 + i % 3
            s = Session.start(journal, "time-runners", players, seed=i,
                              table={"names": [names[(i + k) % 6] for k in range(players)]})
            s.play("roll")
            s.play("roll")


def _print_sessions(sp: Spawner, a) -> None:
    import statistics
    journals = {0: os.path.join(sp.tmp, "empty.sqlite"), a.sessions: os.path.join(sp.tmp, "full.sqlite")}
    made = time.perf_counter()
    for n, path in journals.items():
        _unfinished_journal(path, n)
    made = time.perf_counter() - made
    for path in journals.values():  # warm the disk cache and the bytecode
        sp.first_frame("app", path)
    got: dict[int, list[dict]] = {n: [] for n in journals}
    for _ in range(a.runs):
        for n, path in journals.items():
            got[n].append(sp.first_frame("app", path))
    wall = {n: statistics.median(r["first_frame"] for r in v) for n, v in got.items()}
    cpu = {n: statistics.median(r["cpu"] for r in v) for n, v in got.items() if all("cpu" in r for r in v)}
    rss = {n: sp.child("frames", "--journal", path)["maxrss_kb"] / 1024 for n, path in journals.items()}
    empty, full = 0, a.sessions
    print(f"\n6. Unfinished games: spawn -> first frame (median of {a.runs}, alternating; journals made in "
          f"{made:.1f} s)")
    for n in journals:
        runs = [r["first_frame"] for r in got[n]]
        print(f"   {n:4d} unfinished games   {ms(wall[n])}   (min {ms(min(runs)).strip()}, max "
              f"{ms(max(runs)).strip()})" + (f"   CPU {ms(cpu[n]).strip()}" if n in cpu else "")
              + f"   peak RSS {rss[n]:.1f} MB")
    print(f"   ratio {wall[full] / wall[empty]:.2f}x  (target <= 1.20x)"
          + (f"; CPU time ratio {cpu[full] / cpu[empty]:.2f}x" if len(cpu) == 2 else "")
          + f"; memory +{rss[full] - rss[empty]:.1f} MB")


def _print_latency(lat: dict) -> None:
    import statistics
    print("\n4. Dice press -> frame showing the roll (App.run loop, 60 fps cap, game in progress)")
    for how, title in (("thread", "DicePressed from a backend thread (GPIO/serial path)"),
                       ("ui", "emulated backend press on the UI thread (on-screen button)")):
        rows = lat[how]
        if not rows:
            continue
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        worst = {k: max(r[k] for r in rows) for k in rows[0]}
        print(f"   {title}, {len(rows)} presses:")
        print(f"     event -> handled (roll journaled)   median {ms(med['event_to_handled'])}   max {ms(worst['event_to_handled'])}")
        print(f"     handled -> frame presented          median {ms(med['handled_to_frame'])}   max {ms(worst['handled_to_frame'])}")
        print(f"     event -> frame presented            median {ms(med['event_to_frame'])}   max {ms(worst['event_to_frame'])}")
        print(f"     frames drawn in between             max {int(worst['frames_between'])}  (0 = the roll is in the very next frame)")


def _print_frames(sp: Spawner, a) -> None:
    import statistics
    rounds = max(1, a.rounds)
    print(f"\n5. Time Runners table frame time at {a.size} (loop iteration -> frame rasterised; target <= 16.7 ms)"
          f"\n   {a.rolls} rolls per setting, in {rounds} rounds alternating between the settings")
    got: dict[int, dict[str, list]] = {n: {"all": [], "roll": [], "steady": [], "cpu": []} for n in MULTISAMPLES}
    for _ in range(rounds):
        for n in MULTISAMPLES:
            r = sp.child("frame", "--rolls", str(-(-a.rolls // rounds)), "--multisamples", str(n))
            for key in ("all", "roll", "steady"):
                got[n][key] += [x for x in r[key] if x is not None]
            got[n]["cpu"].append(r["cpu"])
    for n in MULTISAMPLES:
        print(f"   multisamples={n}:  CPU per frame (all threads) {ms(statistics.median(got[n]['cpu'])).strip()}")
        for key, title in (("all", "every frame of a played game"), ("roll", "the frame showing a roll"),
                           ("steady", "the same picture redrawn")):
            xs = got[n][key]
            print(f"     {title:30s} {len(xs):4d} frames  median {ms(statistics.median(xs))}  "
                  f"p90 {ms(pct(xs, 0.9))}  max {ms(max(xs))}")
    if a.shots:
        os.makedirs(a.shots, exist_ok=True)
        shots = {}
        for n in MULTISAMPLES:
            env = dict(sp.env)
            if os.environ.get("DISPLAY"):
                env["SDL_VIDEODRIVER"] = "x11"
            shots[n] = sp.child("shot", "--shots", a.shots, "--multisamples", str(n), env=env)["shot"]
        _edges(a.shots, shots)
        how = shots[MULTISAMPLES[0]]["source"]
        print(f"\n   wrote {a.shots}/table-msaaN.png and {a.shots}/msaa-edges.png (rows: dial rim, runner, button, "
              f"die; columns: multisamples {', '.join(map(str, MULTISAMPLES))}; 4x zoom; pictures by {how}"
              + ("" if how == "xwd" else ": without an X display the read-back shows no multisampling") + ")")
    print(f"\n   one 60 Hz frame = {ms(1 / 60)}; on this machine frames are rasterised in software (Mesa llvmpipe).")


# ---------------------------------------------------------------------------------------------- pictures
def _write_png(path: str, w: int, h: int, rgba: bytes) -> None:
    """RGBA rows, top first, as an 8-bit PNG (no imaging library needed)."""
    import struct
    import zlib
    stride = w * 4
    raw = b"".join(b"\x00" + rgba[y * stride:(y + 1) * stride] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def _read_png(path: str) -> tuple[int, int, bytes]:
    """Our own PNGs back (8-bit RGBA, no filters)."""
    import struct
    import zlib
    data, pos, idat = open(path, "rb").read(), 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IHDR":
            w, h = struct.unpack(">II", data[pos + 8:pos + 16])
        elif kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    return w, h, b"".join(raw[y * (w * 4 + 1) + 1:(y + 1) * (w * 4 + 1)] for y in range(h))


def _edges(folder: str, shots: dict, cw: int = 64, ch: int = 48, zoom: int = 4, gap: int = 8) -> None:
    """One tile per (crop, setting), `zoom` times enlarged: crops down, settings across."""
    crops = next(iter(shots.values()))["crops"]
    tw, th = cw * zoom, ch * zoom
    W, H = len(shots) * (tw + gap) - gap, len(crops) * (th + gap) - gap
    out = bytearray(b"\x30\x30\x30\xff" * (W * H))
    for col, n in enumerate(shots):
        w, h, raw = _read_png(os.path.join(folder, f"table-msaa{n}.png"))
        for row, (x0, y0) in enumerate(crops):
            for ty in range(th):
                sy = min(h - 1, max(0, y0 + ty // zoom))
                for tx in range(tw):
                    sx = min(w - 1, max(0, x0 + tx // zoom))
                    o = ((row * (th + gap) + ty) * W + col * (tw + gap) + tx) * 4
                    i = (sy * w + sx) * 4
                    out[o:o + 4] = raw[i:i + 4]
    _write_png(os.path.join(folder, "msaa-edges.png"), W, H, bytes(out))


if __name__ == "__main__":
    sys.exit(main())
