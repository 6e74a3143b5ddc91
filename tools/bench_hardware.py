"""Latency benchmark: `python -m tools.bench_hardware [--n 1000] [--load 2]`.

What a player feels, measured on this machine's monotonic clock:
- Dice press (gpiozero MockFactory, the real GPIO backend and its defaults): from the moment the
  pin goes down to our press callback. This includes the deliberate 0.5 ms glitch sample, which
  the edge's own thread spins through; the target is p99 <= 1 ms, over at least 1,000 presses.
  MockPin delivers edges synchronously; on a Pi, lgpio's edge thread adds its own wake-up first.
- Clock hand: from the moment its 50 ms settle expires to the callback (a timer thread wakes).
- Serial: from writing a BTN line into a pty master to the callback.
`--load N` runs N busy-loop processes beside the benchmark (they are stopped at the end), to see
what a busy machine does to the figures.
"""
from __future__ import annotations

import argparse
import os
import platform
import select
import subprocess
import sys
import threading
import time

from hardware.exc import EventTimeout
from hardware.events import DiceHeld, DicePressed, HandSettled, LinkUp
from hardware.protocol import PROTOCOL_VERSION, Hi, LineParser, frame

TARGET_PRESS_MS = 1.0


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def report(name: str, samples: list[float]) -> float:
    ms = [s * 1000 for s in samples]
    p99 = pct(ms, 99)
    print(f"  {name:<52} n={len(ms):<5} p50 {pct(ms, 50):7.3f} ms   p99 {p99:7.3f} ms   "
          f"max {max(ms):7.3f} ms", flush=True)
    return p99


class _Waiter:
    """Callback that timestamps events and lets the bench wait for each one."""

    def __init__(self, clock):
        self.clock, self.cond, self.got = clock, threading.Condition(), []

    def __call__(self, e) -> None:
        now = self.clock()
        with self.cond:
            self.got.append((now, e))
            self.cond.notify_all()

    def next(self, cls, timeout=5.0):
        with self.cond:
            ok = self.cond.wait_for(lambda: any(isinstance(e, cls) for _, e in self.got), timeout)
            if not ok:
                raise EventTimeout(f"no {cls.__name__}")
            i = next(i for i, (_, e) in enumerate(self.got) if isinstance(e, cls))
            return self.got.pop(i)


def bench_gpio(n: int, n_hand: int, clock) -> float:
    """Returns the press p99 in ms (edge -> callback)."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    from hardware.gpio import GpioBackend
    from hardware.pinmap import DEFAULT_PINMAP as PM

    old = Device.pin_factory
    Device.pin_factory = f = MockFactory()
    try:
        w = _Waiter(clock)
        hw = GpioBackend(w, clock=clock)
        hw.start()
        w.next(LinkUp)
        pin, edge, decided, release = f.pin(PM.button), [], [], []
        for _ in range(n):
            t_edge = clock()
            pin.drive_low()
            t_cb, e = w.next(DicePressed)
            edge.append(t_cb - t_edge)
            decided.append(t_cb - e.t)
            pin.drive_high()
            t_cb, e = w.next(DiceHeld)
            release.append(t_cb - e.t)
        g = hw.button._core.glitch * 1000
        p99 = report(f"dice press: pin edge -> callback ({g:.1f} ms sample incl.)", edge)
        report("dice press: glitch sample due -> callback", decided)
        report("dice release: 20 ms settle expires -> callback", release)
        hand = []
        for i in range(n_hand):
            hall = f.pin(PM.hall[i % 12])
            hall.drive_low()
            t_cb, e = w.next(HandSettled)
            hand.append(t_cb - e.t)
            hall.drive_high()
        report("clock hand: 50 ms settle expires -> callback", hand)
        hw.close()
    finally:
        f.reset()
        Device.pin_factory = old
    return p99


def bench_serial(n: int, clock) -> None:
    from hardware.serial_link import SerialBackend

    master, slave = os.openpty()
    stop = threading.Event()
    lock = threading.Lock()
    seq = [0]     # one counter for all device messages, as the protocol requires

    def send(body_fmt: str) -> float:
        with lock:
            t = clock()
            os.write(master, frame(body_fmt.format(seq[0])))
            seq[0] += 1
            return t

    def peer():   # a minimal controller: answers HI, beats every 200 ms
        parser, last = LineParser(), 0.0
        while not stop.is_set():
            if select.select([master], [], [], 0.01)[0]:
                for m in parser.feed(os.read(master, 1024)):
                    if isinstance(m, Hi):
                        with lock:
                            os.write(master, frame(f"HELLO,{PROTOCOL_VERSION},bench,0"))
            if time.monotonic() - last > 0.2:
                last = time.monotonic()
                send("HB,{}")

    peer_thread = threading.Thread(target=peer, daemon=True)
    peer_thread.start()
    w = _Waiter(clock)
    hw = SerialBackend(os.ttyname(slave), w, clock=clock)
    hw.start()
    try:
        w.next(LinkUp)
        samples = []
        for _ in range(n):
            t_write = send("BTN,{},PRESS")
            t_cb, _ = w.next(DicePressed)
            samples.append(t_cb - t_write)
        assert not hw.errors, hw.errors
        report("serial: BTN line written to pty master -> callback", samples)
    finally:
        hw.close()
        stop.set()
        peer_thread.join(2)
        os.close(master)
        os.close(slave)


def start_load(n: int) -> list[subprocess.Popen]:
    """n busy-loop processes, like other programs hogging the CPUs."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def stop_load(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        p.kill()
    for p in procs:
        p.wait()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench_hardware", description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000, help="dice presses (at least 1000 for a p99)")
    ap.add_argument("--hand", type=int, default=100, help="clock hand readings")
    ap.add_argument("--serial", type=int, default=1000, help="serial presses")
    ap.add_argument("--load", type=int, default=0, metavar="N", help="busy-loop processes beside it")
    args = ap.parse_args(argv)
    clock = time.monotonic
    print(f"Board Companion hardware latency  (Python {platform.python_version()}, "
          f"{platform.system()} {platform.release()} {platform.machine()}, {os.cpu_count()} CPUs, "
          f"clock=time.monotonic)")
    load = start_load(args.load)
    try:
        if load:
            time.sleep(0.5)   # let the hogs reach full speed
            print(f"load: {len(load)} busy-loop processes, pids {' '.join(str(p.pid) for p in load)}")
        else:
            print("load: none (use --load 2 for two busy processes)")
        print("GPIO via gpiozero MockFactory, default settings (glitch 0.5 ms, settle 20/50 ms):")
        p99 = bench_gpio(args.n, args.hand, clock)
        print("Serial over a pty pair:")
        bench_serial(args.serial, clock)
    finally:
        stop_load(load)
    ok = p99 <= TARGET_PRESS_MS and args.n >= 1000
    verdict = "PASS" if ok else ("FAIL" if args.n >= 1000 else "too few presses for a p99")
    print(f"dice press edge -> callback p99 {p99:.3f} ms vs target {TARGET_PRESS_MS:.1f} ms: {verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
