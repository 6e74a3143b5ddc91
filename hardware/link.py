"""The host side of the serial protocol as a pure state machine: messages in, events and replies out.

Kept apart from the port I/O so reconnects, duplicates and sequence gaps are testable without
threads. Rules (wiring/PROTOCOL.md):
- Nothing but HELLO is acted on until a HELLO with our protocol version arrives.
- A controller speaking version 1 (XOR frames) is refused by name: its HELLO, or two of its frames
  in a row before any good line, give LinkVersionMismatch with a sentence saying what to do. On a
  link that is up, such a frame is only a damaged line (a 1-in-256 chance for any cut-off line).
- Every BTN is ACKed (even a duplicate), but delivered only once per (boot id, seq): firmware
  resends unacked presses after a reconnect, and the host drops the ones it has already seen.
- One sequence counter covers all device messages; a jump forward is a gap (lost lines), counted.
- Any valid line proves the link alive; none for `heartbeat_timeout` s means the link is down.
"""
from __future__ import annotations

import logging
from collections import OrderedDict, Counter

from .devices import ClockHand
from .events import DicePressed, LineError, LinkDown, LinkUp, LinkVersionMismatch
from .protocol import (PROTOCOL_VERSION, SEQ_MOD, Ack, BadLine, Button, Hand, Hello, Hi,
                       LegacyFrame, frame)

SEEN_PRESSES = 256   # remembered press seqs per boot; far more than firmware keeps unacked
log = logging.getLogger("hardware")
LEGACY_IN_A_ROW = 2  # version-1 frames (other than HELLO) that identify an old controller


def mismatch_message(got: str, want: str, firmware: str = "") -> str:
    """The sentence shown to whoever set the table up."""
    who = f"firmware {firmware}" if firmware else "firmware"
    if got == "1":
        return (f"The hand controller runs {who} with serial protocol 1 (XOR checksum); this app "
                f"needs protocol {want} (CRC-16). Copy wiring/firmware/main.py to the Pico again.")
    return (f"The hand controller runs {who} with serial protocol {got}; this app speaks "
            f"protocol {want}. Install matching firmware (wiring/firmware/main.py) or app.")


class LinkState:
    """Feed it `connected`, `handle(msg, t)`, `check(t)`, `disconnected`; it returns what to do."""

    def __init__(self, *, port: str = "", heartbeat_timeout: float = 1.5,
                 want: str = PROTOCOL_VERSION):
        self.port = port
        self.heartbeat_timeout = heartbeat_timeout
        self.want = want
        self.state = "connecting"      # connecting | waiting | up | mismatch | down
        self.errors: Counter = Counter()
        self.boot: str | None = None
        self._seen: OrderedDict = OrderedDict()
        self._next_seq: int | None = None
        self._legacy_run = 0           # version-1 frames in a row while not up
        self._last_rx = 0.0
        self._events: list = []
        self.hand = ClockHand(settle=0.0, clock=lambda: 0.0, on_event=self._events.append)

    # -- transitions ------------------------------------------------------------------------------
    def connected(self, t: float) -> list[bytes]:
        """The port opened: ask the device to introduce itself. Returns bytes to send."""
        self.state = "waiting"
        self._last_rx = t
        self._next_seq = None
        self._legacy_run = 0
        return [frame(f"HI,{self.want}")]

    def disconnected(self, reason: str, t: float) -> list:
        """The port failed or closed. A LinkDown on the first failure after being up or connecting."""
        was = self.state
        self.state = "down"
        # Announce the hand afresh after the link returns; the consumer may have shown "unknown".
        self.hand.reset()
        return [] if was == "down" else [LinkDown(reason, t)]

    def check(self, t: float) -> bool:
        """True when nothing valid has arrived for heartbeat_timeout s (caller then reconnects)."""
        return self.state in ("waiting", "up", "mismatch") and t - self._last_rx > self.heartbeat_timeout

    # -- messages ---------------------------------------------------------------------------------
    def handle(self, msg, t: float) -> tuple[list, list[bytes]]:
        """One parsed item -> (events, bytes to send back)."""
        if isinstance(msg, LegacyFrame):
            return self._legacy(msg, t), []
        if isinstance(msg, BadLine):
            return [self._error(msg.kind, msg.detail, t)], []
        self._last_rx = t
        self._legacy_run = 0
        if isinstance(msg, Hello):
            return self._hello(msg, t), []
        if isinstance(msg, (Hi, Ack)):
            return [self._error("unexpected", f"host message {type(msg).__name__} from device", t)], []
        if self.state != "up":
            # Before a good HELLO: not acked, so unacked presses will be resent after the HELLO.
            return [], []
        events, stale = self._sequence(msg, t)
        if stale:
            return events, []
        replies: list[bytes] = []
        if isinstance(msg, Button):
            replies.append(frame(f"ACK,{msg.seq}"))
            if msg.seq in self._seen:
                self._seen.move_to_end(msg.seq)
            else:
                self._seen[msg.seq] = True
                if len(self._seen) > SEEN_PRESSES:
                    self._seen.popitem(last=False)
                events.append(DicePressed(t, "serial"))
        elif isinstance(msg, Hand):
            self._events.clear()
            self.hand.feed(msg.mask, t)
            events.extend(self._events)
        return events, replies

    def _legacy(self, msg: LegacyFrame, t: float) -> list:
        """A version-1 frame: an old controller, unless the link is up (then a damaged line)."""
        if self.state == "up":
            return [self._error("legacy", f"version-1 frame on a version-{self.want} link", t)]
        self._last_rx = t              # an old controller is alive: refuse it, do not reconnect
        self._legacy_run += 1
        out = [self._error("legacy", f"version-1 frame {msg.body[:16]!r}", t)]
        if msg.firmware or self._legacy_run >= LEGACY_IN_A_ROW:
            out += self._mismatch(msg.proto, msg.firmware, t)
        return out

    def _mismatch(self, got: str, firmware: str, t: float) -> list:
        was, self.state = self.state, "mismatch"
        if was == "mismatch":
            return []
        text = mismatch_message(got, self.want, firmware)
        log.warning("%s (port %s)", text, self.port or "?")
        return [LinkVersionMismatch(got, self.want, t, text)]

    def _hello(self, msg: Hello, t: float) -> list:
        if msg.proto != self.want:
            return self._mismatch(msg.proto, msg.firmware, t)
        if msg.boot != self.boot:
            # A new boot restarts sequence numbers: old press seqs mean nothing any more.
            self._seen.clear()
            self.boot = msg.boot
        self._next_seq = None
        was, self.state = self.state, "up"
        if was == "up":
            return []
        detail = f"{msg.firmware} proto {msg.proto} boot {msg.boot or '?'} on {self.port}".strip()
        return [LinkUp("serial", detail, t)]

    def _sequence(self, msg, t: float) -> tuple[list, bool]:
        """Gap accounting; returns (errors, stale). A stale HAND/HB (older than seen) is dropped."""
        seq = msg.seq
        expected, out = self._next_seq, []
        if expected is not None and seq != expected:
            ahead = (seq - expected) % SEQ_MOD
            if ahead < SEQ_MOD // 2:
                out.append(self._error("seq_gap", f"expected {expected}, got {seq}", t))
            elif isinstance(msg, Button):
                return out, False     # a resent press keeps its old seq; _seen decides
            else:
                out.append(self._error("seq_old", f"expected {expected}, got {seq}", t))
                return out, True
        self._next_seq = (seq + 1) % SEQ_MOD
        return out, False

    def _error(self, kind: str, detail: str, t: float) -> LineError:
        self.errors[kind] += 1
        return LineError(kind, detail, self.errors[kind], t)
