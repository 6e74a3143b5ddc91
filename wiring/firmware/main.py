"""Board Companion reference firmware for a Raspberry Pi Pico (MicroPython), protocol version 2.

Reads the dice button and 12 hall switches (all active-low with pull-ups), debounces them here by
the clock (a press is the button down at every poll for 4 ms of ticks_ms; the hand after 50 ms
stable), and speaks wiring/PROTOCOL.md over the USB serial port: HELLO, BTN/HAND with sequence
numbers, a heartbeat every 500 ms, and resends of presses until the host ACKs them.

Any byte from the host keeps it running: input is read as raw bytes, and a line that is not a valid
frame (undecodable bytes included) is dropped. Byte 0x03 is data too, not Ctrl-C
(`micropython.kbd_intr(-1)`), so noise on the USB line cannot stop the loop.

Getting the REPL back (to copy a new main.py with mpremote or Thonny): hold the dice button while
the Pico starts (plug it in or reset it) and keep it down for half a second; main.py then returns at
once and Ctrl-C works as usual. Reflashing MicroPython itself (BOOTSEL) needs no REPL.

Copy to the Pico as main.py. All logic is in `Firmware`, which gets its pins, clock and output
injected. The host test suite runs this file unchanged under real MicroPython (its WebAssembly
port, with a virtual board: tests/hardware/micropython/) and, faster, on CPython with fakes.
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
BUTTON_GLITCH_MS = 4    # a press reads low at every poll from its first low one until 4 ticks later
BOOT_HOLD_MS = 500      # the button held this long at start-up leaves the REPL to the user
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


def crc16(data):
    """CRC-16/CCITT-FALSE of bytes or an ASCII str (poly 0x1021, init 0xFFFF), as hardware/protocol.py."""
    if isinstance(data, str):
        data = data.encode()
    c = 0xFFFF
    for b in data:
        c = ((c << 8) & 0xFF00) ^ CRC_TABLE[(c >> 8) ^ b]
    return c


def xor8(data):
    """Protocol 1's checksum, only to answer an old host so that it can report the mismatch."""
    if isinstance(data, str):
        data = data.encode()
    c = 0
    for b in data:
        c ^= b
    return c


def frame(body):
    """The line for an ASCII str body: '$BODY*hhhh\\n'."""
    return "$%s*%04X\n" % (body, crc16(body))


def _is_hex(data):
    for b in data:
        if not (48 <= b <= 57 or 65 <= b <= 70):      # 0-9, A-F
            return False
    return len(data) > 0


def unframe(line):
    """b'$BODY*hhhh' -> ('BODY', 2); a valid protocol-1 b'$BODY*hh' -> ('BODY', 1); anything else,
    a byte outside printable ASCII included, -> (None, 0). Never raises. (A str is encoded first.)"""
    if isinstance(line, str):
        line = line.encode()
    star = line.rfind(b"*")
    if line[:1] != b"$" or star < 0:
        return None, 0
    body, hh = line[1:star], line[star + 1:]
    if not _is_hex(hh):
        return None, 0
    for b in body:
        if b < 32 or b > 126 or b == 36 or b == 42:    # printable ASCII except '$' and '*'
            return None, 0
    value = int(hh.decode(), 16)
    if len(hh) == 4 and value == crc16(body):
        return body.decode(), 2
    if len(hh) == 2 and value == xor8(body):
        return body.decode(), 1
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
    """Dice button, measured in time, not in polls: a press is the button reading down at every
    poll from its first down poll until one BUTTON_GLITCH_MS ticks later (over 3 ms). Low readings
    that all fit in 3 ms, such as two 1 ms spikes 2 ms apart, are never a press, however long a
    pass of the loop takes: a slow loop only sees fewer polls, it cannot join two spikes. The
    bounce after a press is ignored until the button has read up for BUTTON_SETTLE_MS: that is
    the release. (The host's GPIO debouncer has edges to watch and needs only 0.5 ms.)"""

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
        if not down:
            self.first = None          # up at any poll: whatever was down was not a press
            return False
        if self.first is None:
            self.first = now
        if time.ticks_diff(now, self.first) < BUTTON_GLITCH_MS:
            return False
        self.first = None
        self.pressed, self.up_since = True, None
        return True


class Firmware:
    """Protocol and debounce logic. Call poll() often (every ~1 ms) and receive(data) with host input."""

    def __init__(self, button, halls, write, boot_id, now_ms=None):
        self.button = button
        self.halls = halls
        self.write = write
        self.boot_id = boot_id
        self.now_ms = now_ms or time.ticks_ms
        now = self.now_ms()
        self.seq = 0
        self.unacked = []          # [seq, last_sent_ms] of presses the host has not ACKed
        self.rx = bytearray()
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
    def receive(self, data):
        """Bytes from the host (a str is encoded first). Any byte is accepted: a line that is not a
        valid frame, bytes that are not UTF-8 included, is dropped and the next line is read."""
        if isinstance(data, str):
            data = data.encode()
        for b in data:
            if b == 10:                # newline
                if not self.rx_overlong:
                    self.line(bytes(self.rx).strip())
                self.rx, self.rx_overlong = bytearray(), False
            elif len(self.rx) >= MAX_LINE:
                self.rx_overlong = True
            else:
                self.rx.append(b)

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


def held_at_boot(button):
    """True if the button stays down for BOOT_HOLD_MS from start-up (a glitch is not a hold)."""
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < BOOT_HOLD_MS:
        if button.value() != 0:
            return False
        time.sleep_ms(10)
    return True


def run():
    """Pico entry point: USB serial on stdin/stdout, a 1 ms loop. Returns at once, leaving the
    REPL, if the dice button is held while the Pico starts."""
    import micropython
    import select
    import random

    Pin = machine.Pin
    button = Pin(BUTTON_PIN, Pin.IN, Pin.PULL_UP)
    if button.value() == 0 and held_at_boot(button):
        print("dice button held at start-up: main loop not started, the REPL is yours")
        return
    halls = [Pin(n, Pin.IN, Pin.PULL_UP) for n in HALL_PINS]
    micropython.kbd_intr(-1)           # 0x03 from the host is a byte like any other, not Ctrl-C
    stdin = getattr(sys.stdin, "buffer", sys.stdin)     # raw bytes: no UnicodeError on 0x80

    def write(s):
        sys.stdout.write(s)

    fw = Firmware(button, halls, write, "%08X" % random.getrandbits(32))
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    while True:
        while poller.poll(0):
            fw.receive(stdin.read(1))
        fw.poll()
        time.sleep_ms(1)


if __name__ == "__main__" and sys.implementation.name == "micropython":
    run()        # as main.py on the Pico; `import main` (tests, tools) only defines
