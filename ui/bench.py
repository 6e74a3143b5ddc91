"""`python -m ui.bench`: start-up time, memory and dice-to-screen latency of the app against Kivy's floor.

Every figure is measured in this run, in child processes started the same way (same interpreter,
same window size, same video driver), so the comparison is fair:

1. start-up: wall time from spawning the process to its first rendered frame (Window on_flip, after
   glFinish so the frame is drawn, not just issued);
   the floor is a minimal Kivy app that only shows a Label.
2. memory: each child's own peak RSS (getrusage(RUSAGE_SELF).ru_maxrss) after a few frames.
3. dice latency: the app's real loop (App.run, 60 fps cap) with a game in progress; a DicePressed is
   delivered (a) from a background thread, as the GPIO/serial backends do, and (b) by the emulated
   backend on the UI thread, as the on-screen button does. Measured: event -> handled (session played
   the roll) -> the first frame presented after it whose roll label shows the new roll; and how many
   frames were drawn in between (0 means the roll is in the very next frame).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time


CHILD_FRAMES = 10


# ---------------------------------------------------------------------------------------------- children
def _child_minimal(size) -> None:
    from kivy.app import App
    from kivy.core.window import Window
    from kivy.uix.label import Label

    class Minimal(App):
        def build(self):
            Window.bind(on_flip=self._flip)
            self.n = 0
            return Label(text="Board Companion")

        def _flip(self, *_):
            _drawn()
            self.n += 1
            if self.n == 1:
                print("FIRST_FRAME", flush=True)
                _finish_after_frames(self)
    Minimal().run()


def _child_app(journal: str) -> None:
    from kivy.core.window import Window

    from ui.app import CompanionApp
    app = CompanionApp(journal, backend="emulated")
    state = {"n": 0}

    def flip(*_):
        _drawn()
        state["n"] += 1
        if state["n"] == 1:
            print("FIRST_FRAME", flush=True)
            _finish_after_frames(app)
    Window.bind(on_flip=flip)
    app.run()


def _drawn() -> None:
    """Wait until the frame is really drawn. Offscreen, Window.flip() swaps an EGL pbuffer, which neither
    waits nor flushes: on_flip only means the frame's commands were issued, and Mesa may still be
    rasterising it (and earlier ones). Same call in every child, so the comparison stays fair."""
    from kivy.graphics.opengl import glFinish
    glFinish()


def _finish_after_frames(app) -> None:
    """Run CHILD_FRAMES more frames of the loop, then report and stop."""
    from kivy.clock import Clock
    count = {"n": 0}

    def tick(_dt):
        count["n"] += 1
        if count["n"] >= CHILD_FRAMES:
            _report({})
            app.stop()
            return False
    Clock.schedule_interval(tick, 0)


def _child_latency(journal: str, samples: int) -> None:
    from kivy.clock import Clock
    from kivy.core.window import Window

    from hardware import DicePressed
    from ui.app import CompanionApp
    from ui.sample import first_card
    from ui.screens.time_runners import ROLL_STEPS

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

    def step(_dt):
        if pending:
            return
        if app.controller is None:
            app.start_game("time-runners", 3, {"names": ["Red", "Blue", "Green"], "colors": ["red", "blue", "green"]},
                           seed="bench")
            return
        c = app.controller
        if len(results["thread"]) + len(results["ui"]) >= 2 * samples or c.view["phase"] == "over":
            _report({"latency": results})
            app.stop()
            return
        if c.view["next"] in ROLL_STEPS and c.view["phase"] == "roll":
            how = "thread" if len(results["thread"]) <= len(results["ui"]) else "ui"
            pending.update(before=app.table_screen.ids.roll.text, how=how, frame=frames["n"])
            pending["t0"] = time.perf_counter()
            if how == "thread":  # like the GPIO and serial backends
                threading.Thread(target=app.hw._on_event, args=(DicePressed(0.0),)).start()
            else:  # the emulator's on-screen button and keys
                app.hw.press()
        elif c.view["next"] in ROLL_STEPS:  # the roll-off
            c.play("roll")
        else:
            card = first_card(c.session, c.view["current"])
            if card and not c.view["cards_counted"]:
                c.play(card)
            else:
                c.play("end")

    Window.bind(on_flip=flip)
    Clock.schedule_interval(step, 0.1)
    app.run()


def _report(extra: dict) -> None:
    extra["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print("RESULT " + json.dumps(extra), flush=True)


def child(argv) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("kind", choices=["minimal", "app", "latency"])
    p.add_argument("--size", default="800x480")
    p.add_argument("--journal", default=None)
    p.add_argument("--samples", type=int, default=10)
    a = p.parse_args(argv)
    from ui import boot
    size = boot.parse_size(a.size)
    boot.configure(size=size, headless=True)
    os.environ["KIVY_NO_CONSOLELOG"] = "1"
    if a.kind == "minimal":
        _child_minimal(size)
    elif a.kind == "app":
        _child_app(a.journal)
    else:
        _child_latency(a.journal, a.samples)
    return 0


# ---------------------------------------------------------------------------------------------- parent
def _spawn(kind: str, size: str, tmp: str, samples: int = 10) -> dict:
    journal = os.path.join(tmp, f"{kind}-{time.monotonic_ns()}.sqlite")
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", KIVY_NO_CONSOLELOG="1", KIVY_NO_ARGS="1",
               KIVY_HOME=os.path.join(tmp, "kivy"))
    env.pop("NOTIFY_SOCKET", None)
    cmd = [sys.executable, "-m", "ui.bench", "--child", kind, "--size", size, "--journal", journal,
           "--samples", str(samples)]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
                            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out: dict = {}
    for line in proc.stdout:
        if line.startswith("FIRST_FRAME") and "first_frame" not in out:
            out["first_frame"] = time.perf_counter() - t0
        elif line.startswith("RESULT "):
            out.update(json.loads(line[7:]))
    proc.wait(timeout=120)
    if "maxrss_kb" not in out:
        raise RuntimeError(f"benchmark child {kind} failed (exit {proc.returncode})")
    return out


def _ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return child(argv[1:])
    p = argparse.ArgumentParser(prog="python -m ui.bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3, help="start-up runs of each (median reported)")
    p.add_argument("--size", default="800x480")
    p.add_argument("--samples", type=int, default=10, help="dice presses per delivery path")
    a = p.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="companion-bench-")
    print(f"Board Companion UI benchmark  (python {sys.version.split()[0]}, window {a.size}, "
          f"SDL_VIDEODRIVER=offscreen, {os.cpu_count()} CPUs)")
    runs = {"minimal": [], "app": []}
    _spawn("minimal", a.size, tmp)  # warm the disk cache for both
    _spawn("app", a.size, tmp)
    for _ in range(a.runs):
        for kind in ("minimal", "app"):
            runs[kind].append(_spawn(kind, a.size, tmp))
    first = {k: statistics.median(r["first_frame"] for r in v) for k, v in runs.items()}
    rss = {k: max(r["maxrss_kb"] for r in v) / 1024 for k, v in runs.items()}
    print(f"\n1. Start-up: spawn -> first rendered frame (median of {a.runs})")
    print(f"   minimal Kivy app (one Label)     {_ms(first['minimal'])}")
    print(f"   Board Companion (home screen)    {_ms(first['app'])}   = {first['app'] / first['minimal']:.2f}x the floor (target < 1.30x)")
    print("\n2. Peak memory (max RSS of each child, after 10 frames)")
    print(f"   minimal Kivy app                 {rss['minimal']:7.1f} MB")
    print(f"   Board Companion                  {rss['app']:7.1f} MB   = +{rss['app'] - rss['minimal']:.1f} MB above the floor (target < 60 MB)")
    lat = _spawn("latency", a.size, tmp, a.samples)["latency"]
    print("\n3. Dice press -> frame showing the roll (App.run loop, 60 fps cap, game in progress)")
    for how, title in (("thread", "DicePressed from a backend thread (GPIO/serial path)"),
                       ("ui", "emulated backend press on the UI thread (on-screen button)")):
        rows = lat[how]
        if not rows:
            continue
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        worst = {k: max(r[k] for r in rows) for k in rows[0]}
        print(f"   {title}, {len(rows)} presses:")
        print(f"     event -> handled (roll journaled)   median {_ms(med['event_to_handled'])}   max {_ms(worst['event_to_handled'])}")
        print(f"     handled -> frame presented          median {_ms(med['handled_to_frame'])}   max {_ms(worst['handled_to_frame'])}")
        print(f"     event -> frame presented            median {_ms(med['event_to_frame'])}   max {_ms(worst['event_to_frame'])}")
        print(f"     frames drawn in between             max {int(worst['frames_between'])}  (0 = the roll is in the very next frame)")
    print(f"\n   one 60 Hz frame = {_ms(1 / 60)}; on this machine frames are rasterised in software (Mesa llvmpipe).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
