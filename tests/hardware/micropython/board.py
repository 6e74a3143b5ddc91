"""A virtual Pico for wiring/firmware/main.py under real MicroPython (run by pico.mjs before main.py).

Puts fakes of `machine` (Pin), `utime` and `select` in sys.modules, where MicroPython's import looks
first (a file on sys.path cannot shadow its built-in `utime`). The clock is virtual: the firmware's
own `sleep_ms` moves it, so its real `run()` loop runs unchanged and a run is the same every time.
`ticks_ms` wraps at 2**30 ms like the rp2 port's, and starts `start_ticks` before the wrap.

The scenario (JSON from the test) has `end_ms`, optional `loop_us` (what one pass of the loop costs
besides its sleep: a slower loop), `start_ticks`, `seed` (the firmware's boot id), and `steps`, each
at `t` ms after boot: {"pin": n, "level": 0|1}, {"rx": hex} (bytes from the host, as if on the USB
line) or {"usb": "U"|"R"} (pull the cable / plug it back). At `end_ms` sleep_ms raises SystemExit.
"""
import json
import random
import sys

import host
import micropython

SC = json.loads(host.scenario())
PERIOD = 1 << 30
HALF = PERIOD // 2
START = SC.get("start_ticks", PERIOD - 1000) & (PERIOD - 1)
LOOP_US = SC.get("loop_us", 0)
END_US = int(SC["end_ms"] * 1000)
STEPS = sorted(SC.get("steps", []), key=lambda s: s["t"])


class Board:
    us = 0          # virtual microseconds since boot
    next = 0        # index of the next step
    levels = {}     # pin -> level; unset pins read 1 (pulled up)


def apply():
    while Board.next < len(STEPS) and STEPS[Board.next]["t"] * 1000 <= Board.us:
        s = STEPS[Board.next]
        Board.next += 1
        if "pin" in s:
            Board.levels[s["pin"]] = s["level"]
        elif "rx" in s:
            host.inject(s["rx"])
        elif "usb" in s:
            host.usb(s["usb"])


class Namespace:
    pass


utime = Namespace()
utime.ticks_ms = lambda: (START + Board.us // 1000) & (PERIOD - 1)
utime.ticks_diff = lambda a, b: ((a - b + HALF) & (PERIOD - 1)) - HALF
utime.ticks_add = lambda a, d: (a + d) & (PERIOD - 1)


def sleep_ms(ms):
    Board.us += int(ms * 1000) + LOOP_US
    apply()
    host.sleep(Board.us / 1000)
    if Board.us >= END_US:
        raise SystemExit


utime.sleep_ms = sleep_ms


class Pin:
    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 1, 2

    def __init__(self, n, mode=-1, pull=-1):
        self.n = n

    def value(self):
        return Board.levels.get(self.n, 1)


machine = Namespace()
machine.Pin = Pin


class Poll:
    def register(self, obj, mask=1):
        self.obj = obj

    def poll(self, timeout=-1):
        return [(self.obj, 1)] if host.pump() else []


select = Namespace()
select.POLLIN = 1
select.poll = Poll

sys.modules["machine"] = machine
sys.modules["utime"] = utime
sys.modules["select"] = select
random.seed(SC.get("seed", 1))
apply()                      # the levels at power-up
micropython.kbd_intr(3)      # as the Pico's pyexec does before it runs main.py
