"""The serial line protocol (spec: wiring/PROTOCOL.md): framing, CRC, message parsing.

Pure: `LineParser.feed(bytes)` returns messages and errors, never raises, so it can be fed random
bytes in tests and cannot produce a press from noise (a press needs a valid frame, a valid CRC
and exact fields).

Version 2 frames end in `*hhhh`, a CRC-16/CCITT of the body. Version 1 used an NMEA-style XOR
(`*hh`), which cannot see two swapped bytes; a well-formed version-1 frame is still recognised
(as `LegacyFrame`) so that an old firmware is refused by name instead of looking like noise.
"""
from __future__ import annotations

import binascii
from dataclasses import dataclass

from .exc import BadField, FrameError

PROTOCOL_VERSION = "2"
LEGACY_VERSION = "1"
MAX_LINE = 80            # bytes between newlines, '$' and '*hhhh' included, '\r' excluded
SEQ_MOD = 1 << 16        # sequence numbers wrap at 65536
CRC_DIGITS = 4
_BODY_OK = frozenset(range(0x20, 0x7F)) - {ord("$"), ord("*")}
_HEX = b"0123456789ABCDEF"


def crc16(body: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR; check 0x29B1).

    Its generator is (x+1) times a primitive degree-15 polynomial, so on any line we allow it
    catches every error of 1, 2 or 3 bits, every odd number of bit errors and every burst of up to
    16 bits, which includes any two swapped adjacent bytes. `binascii.crc_hqx` is this CRC in C.
    """
    return binascii.crc_hqx(body, 0xFFFF)


def xor8(body: bytes) -> int:
    """Version 1's checksum: XOR of the body bytes, as in NMEA 0183. Only to recognise old firmware."""
    c = 0
    for b in body:
        c ^= b
    return c


def _check_body(body: str) -> bytes:
    raw = body.encode("ascii")
    if any(b not in _BODY_OK for b in raw):
        raise FrameError(f"body must be printable ASCII without '$' or '*': {body!r}")
    return raw


def frame(body: str) -> bytes:
    """`$BODY*hhhh\\n` with hhhh the four uppercase hex digits of `crc16(BODY)`."""
    raw = _check_body(body)
    line = b"$%s*%04X\n" % (raw, crc16(raw))
    if len(line) - 1 > MAX_LINE:
        raise FrameError(f"line longer than {MAX_LINE} bytes: {body!r}")
    return line


def frame_v1(body: str) -> bytes:
    """A version-1 line `$BODY*hh\\n` (XOR checksum): what an old firmware sends. For tests and tools."""
    return b"$%s*%02X\n" % (_check_body(body), xor8(body.encode("ascii")))


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
class LegacyFrame:
    """A well-formed version-1 line (`*hh` XOR checksum). Its content is not trusted or used,
    except that a HELLO names the old firmware in the refusal."""

    body: str
    proto: str = LEGACY_VERSION

    @property
    def firmware(self) -> str:
        f = self.body.split(",")
        return f[2] if f[0] == "HELLO" and len(f) >= 3 else ""


@dataclass(frozen=True)
class BadLine:
    """A dropped line. kind: garbage | truncated | overlong | checksum | unknown | malformed."""

    kind: str
    detail: str


def _seq(s: str) -> int:
    if not (s.isdigit() and s.isascii() and len(s) <= 5) or int(s) >= SEQ_MOD:
        raise BadField(f"bad sequence number {s!r}")
    return int(s)


def _mask(s: str) -> int:
    # Three uppercase hex digits; "H<hour>" is accepted as a shorthand for a single-hour mask.
    if len(s) == 3 and all(c in "0123456789ABCDEF" for c in s):
        return int(s, 16) & 0xFFF
    if s[:1] == "H" and s[1:].isdigit() and s[1:].isascii() and 1 <= int(s[1:]) <= 12:
        return 1 << (int(s[1:]) - 1)
    raise BadField(f"bad hand mask {s!r}")


def decode_body(body: str):
    """Body text -> message, or BadLine("unknown"/"malformed")."""
    f = body.split(",")
    name, n = f[0], len(f)
    try:
        if name == "HELLO" and n in (3, 4) and f[1] and f[2]:
            return Hello(f[1], f[2], f[3] if n == 4 else "")
        if name == "BTN" and n == 3:
            if f[2] != "PRESS":
                raise BadField(f"bad button action {f[2]!r}")
            return Button(_seq(f[1]), f[2])
        if name == "HAND" and n == 3:
            return Hand(_seq(f[1]), _mask(f[2]))
        if name == "HB" and n == 2:
            return Heartbeat(_seq(f[1]))
        if name == "HI" and n == 2 and f[1]:
            return Hi(f[1])
        if name == "ACK" and n == 2:
            return Ack(_seq(f[1]))
    except ValueError as e:          # BadField, or any other ValueError: a bad line, never a crash
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
    digits = len(line) - star - 1
    if star < 0 or digits not in (CRC_DIGITS, 2):
        return BadLine("truncated", repr(line[-16:]))
    body, hh = line[1:star], line[star + 1:]
    if any(b not in _BODY_OK for b in body):
        return BadLine("garbage", repr(line[:16]))
    if any(c not in _HEX for c in hh):
        return BadLine("truncated", repr(line[-16:]))
    if digits == 2:
        # Two digits: a version-1 frame if its XOR matches, else a version-2 frame that lost digits.
        if int(hh, 16) == xor8(body):
            return LegacyFrame(body.decode("ascii"))
        return BadLine("truncated", repr(line[-16:]))
    if int(hh, 16) != crc16(body):
        return BadLine("checksum", f"{hh.decode()} != {crc16(body):04X}")
    return decode_body(body.decode("ascii"))


class LineParser:
    """Splits a byte stream into lines and decodes them, like pyserial's LineReader but pure.

    A '$' always starts a new frame: whatever came before it on the line was a frame that lost its
    end (reported "truncated") or noise, so one damaged line, even one whose newline was hit and
    which now runs into the next line past the length limit, never swallows the next good one.
    """

    def __init__(self):
        self._buf = bytearray()
        self._discarding = False   # inside an overlong frame, dropping bytes until a '$' or newline

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
                d = line.find(b"$")      # the overlong frame's tail ends where a new frame starts
                if d < 0:
                    continue
                line = line[d:]
            self._line(line, out)
        del buf[:start]
        if len(buf) > MAX_LINE + 1:      # +1 for a trailing '\r'
            # Keep memory bounded. A frame that started inside the overflow is kept; the rest is
            # reported once and skipped.
            d = buf.rfind(b"$")
            if d > 0 and len(buf) - d <= MAX_LINE + 1:
                if not self._discarding:
                    self._line(bytes(buf[:d]), out)
                del buf[:d]
            else:
                if not self._discarding:
                    out.append(BadLine("overlong", f"> {MAX_LINE} bytes without newline"))
                buf.clear()
                self._discarding = True
                return out
            self._discarding = False
        return out

    def _line(self, line: bytes, out: list) -> None:
        parts = line.split(b"$")
        if len(parts) > 1:
            if parts[0].strip(b"\r"):
                out.append(BadLine("garbage", repr(parts[0][:16])))
            for p in parts[1:-1]:
                kind = "overlong" if len(p) + 1 > MAX_LINE + 1 else "truncated"
                out.append(BadLine(kind, repr((b"$" + p)[:16])))
            line = b"$" + parts[-1]
        if len(line) > MAX_LINE + 1:
            out.append(BadLine("overlong", f"{len(line)} bytes"))
            return
        r = decode_line(line)
        if r is not None:
            out.append(r)
