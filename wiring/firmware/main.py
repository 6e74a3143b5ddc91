"""Board Companion reference firmware for a Raspberry Pi Pico (MicroPython), protocol version 2.

Reads the dice button and 12 hall switches (all active-low with pull-ups), debounces them here (a
press counts at its first edge, confirmed 1 ms later; the hand after 50 ms stable), and
speaks wiring/PROTOCOL.md over the USB serial port: HELLO, BTN/HAND with sequence numbers, a
heartbeat every 500 ms, and resends of presses until the host ACKs them.

Copy to the Pico as main.py. All logic is in `Firmware`, which gets its pins, clock and output
injected, so the host test suite runs it on CPython with fake `machine`/`utime` modules.
"""
import sys

try:
    import utime as time
except ImportError:  # CPython without a fake utime (only for reading the code)
    import time

import machine

PROTO = "2"
FIRMWARE = "bc-pico-2.0"
BUTTON_PIN = 16                                          # GP16, button to GND
HALL_PINS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)     # GP2..GP13 = hours 1..12
BUTTON_GLITCH_MS = 1    # a press must still read low on a poll >= 1 ms after its first low poll
BUTTON_SETTLE_MS = 20   # after a press, up this long is the release (bounce before it is ignored)
HAND_SETTLE_MS = 50
HEARTBEAT_MS = 500
RESEND_MS = 1000      # an unacked press is sent again this often
MAX_UNACKED = 16      # beyond this the oldest unacked press is dropped (host away too long)
MAX_LINE = 80
SEQ_MOD = 65536


def _crc_table():
    t = []
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
        t.append(c & 0xFFFF)
    return t


CRC_TABLE = _crc_table()     # 256 entries: one lookup a byte instead of eight shift/XOR steps


def crc16(body):
    """CRC-16/CCITT-FALSE of an ASCII str (poly 0x1021, init 0xFFFF), as hardware/protocol.py."""
    c = 0xFFFF
    for ch in body:
        c = ((c << 8) & 0xFF00) ^ CRC_TABLE[(c >> 8) ^ ord(ch)]
    return c


def xor8(body):
    """Protocol 1's checksum, only to answer an old host so that it can report the mismatch."""
    c = 0
    for ch in body:
        c ^= ord(ch)
    return c


def frame(body):
    return "$%s*%04X\n" % (body, crc16(body))


def unframe(line):
    """'$BODY*hhhh' -> (BODY, 2); a valid protocol-1 '$BODY*hh' -> (BODY, 1); else (None, 0)."""
    star = line.rfind("*")
    if not line.startswith("$") or star < 0:
        return None, 0
    body, hh = line[1:star], line[star + 1:]
    if not hh or any(c not in "0123456789ABCDEF" for c in hh):
        return None, 0
    if any(c < " " or c > "~" or c in "$*" for c in body):
        return None, 0
    if len(hh) == 4 and int(hh, 16) == crc16(body):
        return body, 2
    if len(hh) == 2 and int(hh, 16) == xor8(body):
        return body, 1
    return None, 0


class Settle:
    """A reading becomes the stable value after settle_ms without change (ms ticks, wrap-safe)."""

    def __init__(self, settle_ms, value, now):
        self.settle_ms = settle_ms
        self.value = value
        self.raw = value
        self.since = now

    def update(self, raw, now):
        """Feed the current reading; True when the stable value just changed."""
        if raw != self.raw:
            self.raw = raw
            self.since = now
        if self.raw != self.value and time.ticks_diff(now, self.since) >= self.settle_ms:
            self.value = self.raw
            return True
        return False


class PressFilter:
    """Dice button: a press counts at its first low poll once a poll BUTTON_GLITCH_MS later is low
    too (polls are >= 1 ms apart, so a 200 us spike is seen at most once). The bounce after a
    press is ignored until the button has read up for BUTTON_SETTLE_MS: that is the release.
    Same rule as the host's GPIO debouncer, at the 1 ms poll's resolution."""

    def __init__(self, down, now):
        self.pressed = down        # held at boot: not a press
        self.first = None          # ms of the first low poll of a possible press
        self.up_since = None

    def update(self, down, now):
        """Feed one poll; True when a press is counted."""
        if self.pressed:
            if down:
                self.up_since = None
            elif self.up_since is None:
                self.up_since = now
            elif time.ticks_diff(now, self.up_since) >= BUTTON_SETTLE_MS:
                self.pressed = False
            return False
        if self.first is None:
            if down:
                self.first = now
            return False
        if time.ticks_diff(now, self.first) < BUTTON_GLITCH_MS:
            return False
        self.first = None
        if down:
            self.pressed, self.up_since = True, None
            return True
        return False


class Firmware:
    """Protocol and debounce logic. Call poll() often (every ~1 ms) and receive(text) with host input."""

    def __init__(self, button, halls, write, boot_id, now_ms=None):
        self.button = button
        self.halls = halls
        self.write = write
        self.boot_id = boot_id
        self.now_ms = now_ms or time.ticks_ms
        now = self.now_ms()
        self.seq = 0
        self.unacked = []          # [seq, last_sent_ms] of presses the host has not ACKed
        self.rx = ""
        self.rx_overlong = False
        self.btn = PressFilter(self.button.value() == 0, now)
        self.hand = Settle(HAND_SETTLE_MS, self.hand_mask(), now)
        self.last_tx = now
        self.hello()

    # -- output -------------------------------------------------------------------------------
    def send(self, body):
        self.write(frame(body))
        self.last_tx = self.now_ms()

    def next_seq(self):
        s = self.seq
        self.seq = (self.seq + 1) % SEQ_MOD
        return s

    def hello_body(self):
        return "HELLO,%s,%s,%s" % (PROTO, FIRMWARE, self.boot_id)

    def hello(self):
        self.send(self.hello_body())

    def send_hand(self):
        self.send("HAND,%d,%03X" % (self.next_seq(), self.hand.value))

    def hand_mask(self):
        m = 0
        for i, pin in enumerate(self.halls):
            if pin.value() == 0:       # open-drain hall output pulls low near the magnet
                m |= 1 << i
        return m

    # -- main loop step -----------------------------------------------------------------------
    def poll(self):
        now = self.now_ms()
        if self.btn.update(self.button.value() == 0, now):
            seq = self.next_seq()
            if len(self.unacked) >= MAX_UNACKED:
                self.unacked.pop(0)
            self.unacked.append([seq, now])
            self.send("BTN,%d,PRESS" % seq)
        if self.hand.update(self.hand_mask(), now):
            self.send_hand()
        for item in self.unacked:
            if time.ticks_diff(now, item[1]) >= RESEND_MS:
                item[1] = now
                self.send("BTN,%d,PRESS" % item[0])    # same seq: the host drops duplicates
        if time.ticks_diff(now, self.last_tx) >= HEARTBEAT_MS:
            self.send("HB,%d" % self.next_seq())

    # -- input from the host --------------------------------------------------------------------
    def receive(self, text):
        for ch in text:
            if ch == "\n":
                if not self.rx_overlong:
                    self.line(self.rx.strip())
                self.rx, self.rx_overlong = "", False
            elif len(self.rx) >= MAX_LINE:
                self.rx_overlong = True
            else:
                self.rx += ch

    def line(self, line):
        body, version = unframe(line)
        if version == 1:
            if body.startswith("HI,"):
                # A protocol-1 host: tell it our version in its own framing so that it can say
                # "version mismatch" instead of hearing nothing it understands.
                self.write("$%s*%02X\n" % (self.hello_body(), xor8(self.hello_body())))
            return
        if body is None:
            return
        f = body.split(",")
        if f[0] == "HI":
            # The host (re)connected: introduce ourselves, give the hand state, resend presses now.
            self.hello()
            self.send_hand()
            now = self.now_ms()
            for item in self.unacked:
                item[1] = now
                self.send("BTN,%d,PRESS" % item[0])
        elif f[0] == "ACK" and len(f) == 2:
            try:
                seq = int(f[1])
            except ValueError:
                return
            self.unacked = [u for u in self.unacked if u[0] != seq]


def run():
    """Pico entry point: USB serial on stdin/stdout, a 1 ms loop."""
    import select
    import random

    Pin = machine.Pin
    button = Pin(BUTTON_PIN, Pin.IN, Pin.PULL_UP)
    halls = [Pin(n, Pin.IN, Pin.PULL_UP) for n in HALL_PINS]

    def write(s):
        sys.stdout.write(s)

    fw = Firmware(button, halls, write, "%08X" % random.getrandbits(32))
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    while True:
        while poller.poll(0):
            fw.receive(sys.stdin.read(1))
        fw.poll()
        time.sleep_ms(1)


if sys.implementation.name == "micropython":
    run()
