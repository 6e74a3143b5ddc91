"""Serial integrity, exhaustively: every 1- and 2-bit error and every adjacent swap of a valid line
is refused, by the host parser and by the firmware. (Version 1's XOR let about a quarter of
adjacent swaps through as a different valid message.)"""
import itertools

import pytest

from hardware.protocol import MAX_LINE, BadLine, Button, LineParser, crc16, frame, xor8
from test_hw_firmware import FakeBoard, load_firmware

# Short and long, every message type, digits and letters in the CRC, and a line of maximum length.
DEVICE_LINES = ["HB,0", "BTN,65535,PRESS", "HAND,1234,80A", "HAND,7,H12",
                "HELLO,2,bc-pico-2.0,3F2A9C01",
                "HELLO,2," + "f" * (MAX_LINE - len("$HELLO,2,*hhhh") - 9) + ",CAFE0001"]
HOST_LINES = ["HI,2", "ACK,65535", "ACK,7"]
NEXT = frame("BTN,4242,PRESS")      # the line after the damaged one must still come through


def single_bit_errors(line: bytes):
    for i in range(len(line) * 8):
        b = bytearray(line)
        b[i // 8] ^= 1 << (i % 8)
        yield bytes(b)


def double_bit_errors(line: bytes):
    for i, j in itertools.combinations(range(len(line) * 8), 2):
        b = bytearray(line)
        b[i // 8] ^= 1 << (i % 8)
        b[j // 8] ^= 1 << (j % 8)
        yield bytes(b)


def adjacent_swaps(line: bytes):
    for i in range(len(line) - 1):
        if line[i] != line[i + 1]:
            b = bytearray(line)
            b[i], b[i + 1] = b[i + 1], b[i]
            yield bytes(b)


def damaged(line: bytes):
    yield from single_bit_errors(line)
    yield from double_bit_errors(line)
    yield from adjacent_swaps(line)


def test_the_representative_lines_are_valid_and_the_longest_is_at_the_limit():
    for body in DEVICE_LINES:
        out = LineParser().feed(frame(body))
        assert len(out) == 1 and not isinstance(out[0], BadLine), body
    assert len(frame(DEVICE_LINES[-1])) - 1 == MAX_LINE


@pytest.mark.parametrize("body", DEVICE_LINES)
def test_host_refuses_every_single_and_double_bit_error_and_adjacent_swap(body):
    line = frame(body)
    n = 0
    for bad in damaged(line):
        out = LineParser().feed(bad + NEXT)
        assert out and out[-1] == Button(4242, "PRESS"), (bad, out)
        assert all(isinstance(x, BadLine) for x in out[:-1]), (bad, out)
        n += 1
    bits = len(line) * 8
    assert n >= bits + bits * (bits - 1) // 2


@pytest.mark.parametrize("body", HOST_LINES)
def test_firmware_refuses_every_single_and_double_bit_error_and_adjacent_swap(body, monkeypatch):
    m = load_firmware(FakeBoard(), monkeypatch)
    line = frame(body).decode()
    assert m.unframe(line.rstrip("\n")) == (body, 2)
    for bad in damaged(frame(body)):
        text = bad.decode("latin-1")
        for part in text.split("\n"):
            assert m.unframe(part.rstrip("\r"))[0] is None, bad


def test_firmware_and_host_compute_the_same_crc(monkeypatch):
    m = load_firmware(FakeBoard(), monkeypatch)
    assert m.crc16("123456789") == crc16(b"123456789") == 0x29B1
    for n in range(0, 75):
        body = "".join(chr(0x20 + (i * 37 + n) % 95) for i in range(n)).replace("$", "#").replace("*", "+")
        assert m.crc16(body) == crc16(body.encode()), body
        assert m.frame(body).encode() == frame(body)


def test_why_the_xor_had_to_go_a_swapped_hand_reading_kept_its_checksum():
    a, b = b"HAND,12,020", b"HAND,12,002"      # hour 6 and hour 2: one adjacent swap apart
    assert xor8(a) == xor8(b)
    assert crc16(a) != crc16(b)


@pytest.mark.parametrize("chunk", [1, 7, 64])
def test_a_long_line_that_lost_its_newline_does_not_swallow_the_next_whatever_the_read_size(chunk):
    line = frame(DEVICE_LINES[-1])
    for bad in single_bit_errors(line):
        data, p, out = bad + NEXT, LineParser(), []
        for i in range(0, len(data), chunk):
            out += p.feed(data[i:i + chunk])
        assert out[-1] == Button(4242, "PRESS") and all(isinstance(x, BadLine) for x in out[:-1]), bad
