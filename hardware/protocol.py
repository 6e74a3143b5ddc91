"""The serial line protocol (spec: wiring/PROTOCOL.md): framing, checksum, message parsing.

Pure: `LineParser.feed(bytes)` returns messages and errors, never raises, so it can be fed random
bytes in tests and cannot produce a press from noise (a press needs a valid frame, a valid checksum
and exact fields).
"""
from __future__ import annotations

from dataclasses import dataclass

PROTOCOL_VERSION = "1"
MAX_LINE = 80            # bytes between newlines, '$' and '*hh' included, '\r' excluded
SEQ_MOD = 1 << 16        # sequence numbers wrap at 65536
_BODY_OK = frozenset(range(0x20, 0x7F)) - {ord("$"), ord("*")}
_HEX = b"0123456789ABCDEF"


def checksum(body: bytes) -> int:
    """XOR of the body bytes (between '$' and '*'), as in NMEA 0183."""
    c = 0
    for b in body:
        c ^= b
    return c


def frame(body: str) -> bytes:
    """`$BODY*hh\\n` with hh the two uppercase hex digits of the checksum."""
    raw = body.encode("ascii")
    if any(b not in _BODY_OK for b in raw):
        raise ValueError(f"body must be printable ASCII without '$' or '*': {body!r}")
    line = b"$%s*%02X\n" % (raw, checksum(raw))
    if len(line) - 1 > MAX_LINE:
        raise ValueError(f"line longer than {MAX_LINE} bytes: {body!r}")
    return line


# Messages from the microcontroller ------------------------------------------------------------

@dataclass(frozen=True)
class Hello:
    proto: str
    firmware: str
    boot: str = ""


@dataclass(frozen=True)
class Button:
    seq: int
    action: str          # "PRESS"


@dataclass(frozen=True)
class Hand:
    seq: int
    mask: int


@dataclass(frozen=True)
class Heartbeat:
    seq: int


# Messages from the host ------------------------------------------------------------------------

@dataclass(frozen=True)
class Hi:
    proto: str


@dataclass(frozen=True)
class Ack:
    seq: int


@dataclass(frozen=True)
class BadLine:
    """A dropped line. kind: garbage | truncated | overlong | checksum | unknown | malformed."""

    kind: str
    detail: str


def _seq(s: str) -> int:
    if not (s.isdigit() and s.isascii() and len(s) <= 5) or int(s) >= SEQ_MOD:
        raise ValueError(f"bad sequence number {s!r}")
    return int(s)


def _mask(s: str) -> int:
    # Three uppercase hex digits; "H<hour>" is accepted as a shorthand for a single-hour mask.
    if len(s) == 3 and all(c in "0123456789ABCDEF" for c in s):
        return int(s, 16) & 0xFFF
    if s[:1] == "H" and s[1:].isdigit() and s[1:].isascii() and 1 <= int(s[1:]) <= 12:
        return 1 << (int(s[1:]) - 1)
    raise ValueError(f"bad hand mask {s!r}")


def decode_body(body: str):
    """Body text -> message, or BadLine("unknown"/"malformed")."""
    f = body.split(",")
    name, n = f[0], len(f)
    try:
        if name == "HELLO" and n in (3, 4) and f[1] and f[2]:
            return Hello(f[1], f[2], f[3] if n == 4 else "")
        if name == "BTN" and n == 3:
            if f[2] != "PRESS":
                raise ValueError(f"bad button action {f[2]!r}")
            return Button(_seq(f[1]), f[2])
        if name == "HAND" and n == 3:
            return Hand(_seq(f[1]), _mask(f[2]))
        if name == "HB" and n == 2:
            return Heartbeat(_seq(f[1]))
        if name == "HI" and n == 2 and f[1]:
            return Hi(f[1])
        if name == "ACK" and n == 2:
            return Ack(_seq(f[1]))
    except ValueError as e:
        return BadLine("malformed", str(e))
    if name in ("HELLO", "BTN", "HAND", "HB", "HI", "ACK"):
        return BadLine("malformed", f"wrong fields for {name}: {body!r}")
    return BadLine("unknown", f"unknown message {name[:16]!r}")


def decode_line(line: bytes):
    """One line without its newline -> message or BadLine. Never raises."""
    if line.endswith(b"\r"):
        line = line[:-1]
    if not line:
        return None
    if len(line) > MAX_LINE:
        return BadLine("overlong", f"{len(line)} bytes")
    if line[:1] != b"$":
        return BadLine("garbage", repr(line[:16]))
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 3:
        return BadLine("truncated", repr(line[-16:]))
    body, hh = line[1:star], line[star + 1:]
    if any(b not in _BODY_OK for b in body):
        return BadLine("garbage", repr(line[:16]))
    if hh[0] not in _HEX or hh[1] not in _HEX:
        return BadLine("truncated", repr(line[-16:]))
    if int(hh, 16) != checksum(body):
        return BadLine("checksum", f"{hh.decode()} != {checksum(body):02X}")
    return decode_body(body.decode("ascii"))


class LineParser:
    """Splits a byte stream into lines and decodes them, like pyserial's LineReader but pure.

    A '$' in the middle of a line starts a new frame: the part before it was a line that lost its
    end (reported "truncated"), so one damaged line never swallows the next good one.
    """

    def __init__(self):
        self._buf = bytearray()
        self._discarding = False   # inside an overlong line, dropping bytes until the newline

    def feed(self, data: bytes) -> list:
        out: list = []
        buf = self._buf
        buf += data
        start = 0
        while True:
            nl = buf.find(b"\n", start)
            if nl < 0:
                break
            line = bytes(buf[start:nl])
            start = nl + 1
            if self._discarding:
                self._discarding = False
                continue
            self._line(line, out)
        del buf[:start]
        if len(buf) > MAX_LINE + 1:   # +1 for a trailing '\r'
            # Keep memory bounded: an endless line is reported once and skipped to its newline.
            if not self._discarding:
                out.append(BadLine("overlong", f"> {MAX_LINE} bytes without newline"))
            self._discarding = True
            buf.clear()
        return out

    def _line(self, line: bytes, out: list) -> None:
        if len(line) > MAX_LINE + 1:
            out.append(BadLine("overlong", f"{len(line)} bytes"))
            return
        parts = line.split(b"$")
        if len(parts) > 1:
            if parts[0].strip(b"\r"):
                out.append(BadLine("garbage", repr(parts[0][:16])))
            for p in parts[1:-1]:
                out.append(BadLine("truncated", repr((b"$" + p)[:16])))
            line = b"$" + parts[-1]
        r = decode_line(line)
        if r is not None:
            out.append(r)
