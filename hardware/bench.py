"""Latency benchmark: `python -m hardware.bench [--n N]`.

Measures what the player feels beyond the deliberate settle time:
- GPIO (gpiozero MockFactory): from the moment the settle time expires (last edge + settle, the
  timestamp the event carries) to our callback, i.e. the ticker's wake-up delay plus delivery;
  and, with settle 0, from the mock pin edge to the callback (pure decode/dispatch cost).
- Serial (real pty pair): from writing a BTN line into the master to the callback.
MockPin delivers edges synchronously, so a real Pi adds lgpio's edge thread latency on top.
"""
from __future__ import annotations

import argparse
import os
import platform
import select
import sys
import threading
import time

from .events import DiceHeld, DicePressed, HandSettled, LinkUp
from .protocol import PROTOCOL_VERSION, Hi, LineParser, frame

TARGET_MS = 2.0


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def report(name: str, samples: list[float]) -> float:
    ms = [s * 1000 for s in samples]
    p99 = pct(ms, 99)
    print(f"  {name:<58} n={len(ms):<5} p50 {pct(ms, 50):7.3f} ms   p99 {p99:7.3f} ms   "
          f"max {max(ms):7.3f} ms")
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
                raise TimeoutError(f"no {cls.__name__}")
            i = next(i for i, (_, e) in enumerate(self.got) if isinstance(e, cls))
            return self.got.pop(i)


def bench_gpio(n: int, n_hand: int, clock) -> list[float]:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    from .gpio import GpioBackend
    from .pinmap import DEFAULT_PINMAP as PM

    old = Device.pin_factory
    Device.pin_factory = f = MockFactory()
    p99s = []
    try:
        for settle in (0.020, 0.0):
            w = _Waiter(clock)
            hw = GpioBackend(w, clock=clock, button_settle=settle, hand_settle=0.050)
            hw.start()
            w.next(LinkUp)
            pin, press, release = f.pin(PM.button), [], []
            for _ in range(n if settle else 10 * n):
                t_edge = clock()
                pin.drive_low()
                t_cb, e = w.next(DicePressed)
                press.append(t_cb - (e.t if settle else t_edge))
                pin.drive_high()
                t_cb, e = w.next(DiceHeld)
                release.append(t_cb - e.t)
            if settle:
                p99s.append(report(f"button press, settle {settle * 1000:.0f} ms: expiry -> callback", press))
                p99s.append(report(f"button release, settle {settle * 1000:.0f} ms: expiry -> callback", release))
                hand = []
                for i in range(n_hand):
                    hall = f.pin(PM.hall[i % 12])
                    hall.drive_low()
                    t_cb, e = w.next(HandSettled)
                    hand.append(t_cb - e.t)
                    hall.drive_high()
                p99s.append(report("hand, settle 50 ms: expiry -> callback", hand))
            else:
                p99s.append(report("button press, settle 0: mock pin edge -> callback", press))
            hw.close()
    finally:
        f.reset()
        Device.pin_factory = old
    return p99s


def bench_serial(n: int, clock) -> list[float]:
    from .serial_link import SerialBackend

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
        return [report("serial BTN line written to pty master -> callback", samples)]
    finally:
        hw.close()
        stop.set()
        peer_thread.join(2)
        os.close(master)
        os.close(slave)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hardware.bench", description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=200, help="samples per settled measurement")
    args = ap.parse_args(argv)
    clock = time.monotonic
    print(f"Board Companion hardware latency  (Python {platform.python_version()}, "
          f"{platform.system()} {platform.machine()}, clock=time.monotonic)")
    print("GPIO via gpiozero MockFactory (latency beyond the settle time):")
    p99s = bench_gpio(args.n, max(12, args.n // 4), clock)
    print("Serial over a pty pair:")
    p99s += bench_serial(5 * args.n, clock)
    worst = max(p99s)
    verdict = "PASS" if worst < TARGET_MS else "FAIL"
    print(f"worst p99 {worst:.3f} ms vs target {TARGET_MS:.1f} ms (+ settle): {verdict}")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
