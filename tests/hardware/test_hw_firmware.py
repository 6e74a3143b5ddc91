"""The reference MicroPython firmware, run on CPython with fake `machine` and `utime` modules,
alone and then talking to the real serial backend over a pseudo-terminal."""
import importlib.util
import os
import select
import sys
import threading
import time
import types
from pathlib import Path

import pytest

from hardware import open_backend
from hardware.events import DicePressed, HandSettled, LinkUp
from hardware.protocol import Button, Hand, Heartbeat, Hello, LineParser, frame
from hw_helpers import Sink

FIRMWARE = Path(__file__).resolve().parents[2] / "wiring" / "firmware" / "main.py"


class FakeBoard:
    """Pin levels (1 = pulled up, 0 = pulled low by the switch) and a millisecond clock."""

    def __init__(self, real_time=False):
        self.levels: dict[int, int] = {}
        self.ms = 0
        self.real_time = real_time
        self._t0 = time.monotonic()

    def ticks_ms(self):
        return int((time.monotonic() - self._t0) * 1000) if self.real_time else self.ms

    def modules(self):
        board = self

        class Pin:
            IN, OUT, PULL_UP = 0, 1, 2

            def __init__(self, n, mode=None, pull=None):
                self.n = n

            def value(self):
                return board.levels.get(self.n, 1)

        machine = types.ModuleType("machine")
        machine.Pin = Pin
        utime = types.ModuleType("utime")
        utime.ticks_ms = self.ticks_ms
        utime.ticks_diff = lambda a, b: a - b
        utime.ticks_add = lambda a, b: a + b
        utime.sleep_ms = lambda ms: time.sleep(ms / 1000)
        return {"machine": machine, "utime": utime}


def load_firmware(board, monkeypatch):
    for name, mod in board.modules().items():
        monkeypatch.setitem(sys.modules, name, mod)
    spec = importlib.util.spec_from_file_location("bc_firmware", FIRMWARE)
    fw_mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fw_mod)        # must not start the Pico main loop on CPython
    return fw_mod


def make(board, monkeypatch, write):
    m = load_firmware(board, monkeypatch)
    Pin = sys.modules["machine"].Pin
    fw = m.Firmware(Pin(m.BUTTON_PIN), [Pin(n) for n in m.HALL_PINS], write, "CAFE0001")
    return m, fw


@pytest.fixture
def bench(monkeypatch):
    board = FakeBoard()
    out = []
    m, fw = make(board, monkeypatch, out.append)
    parser = LineParser()

    def sent():
        msgs = parser.feed("".join(out).encode())
        out.clear()
        return msgs

    def run_ms(n):
        for _ in range(n):
            board.ms += 1
            fw.poll()
    return board, m, fw, sent, run_ms


def test_firmware_introduces_itself_on_boot(bench):
    board, m, fw, sent, run_ms = bench
    assert m.PROTO == "2"
    assert sent() == [Hello(m.PROTO, m.FIRMWARE, "CAFE0001")]


def test_firmware_turns_a_bounce_storm_into_one_press_and_resends_it_until_acked(bench):
    board, m, fw, sent, run_ms = bench
    sent()
    for i in range(30):                       # 30 edges, one per millisecond
        board.levels[m.BUTTON_PIN] = i % 2
        run_ms(1)
    board.levels[m.BUTTON_PIN] = 0
    run_ms(m.BUTTON_SETTLE_MS + 1)
    presses = [x for x in sent() if isinstance(x, Button)]
    assert presses == [Button(presses[0].seq, "PRESS")]
    run_ms(m.RESEND_MS)
    assert Button(presses[0].seq, "PRESS") in sent()          # no ACK yet: sent again, same seq
    fw.receive(frame(f"ACK,{presses[0].seq}").decode())
    run_ms(3 * m.RESEND_MS)
    assert [x for x in sent() if isinstance(x, Button)] == []


def test_firmware_reports_a_settled_hand_mask_and_beats_when_idle(bench):
    board, m, fw, sent, run_ms = bench
    sent()
    board.levels[m.HALL_PINS[2]] = 0          # hour 3 sees the magnet
    run_ms(m.HAND_SETTLE_MS - 5)
    assert [x for x in sent() if isinstance(x, Hand)] == []
    run_ms(10)
    assert [x.mask for x in sent() if isinstance(x, Hand)] == [0b100]
    run_ms(m.HEARTBEAT_MS + 1)
    assert any(isinstance(x, Heartbeat) for x in sent())


def test_firmware_answers_hi_with_hello_hand_and_pending_presses(bench):
    board, m, fw, sent, run_ms = bench
    board.levels[m.BUTTON_PIN] = 0
    run_ms(30)
    sent()
    fw.receive("garbage\n$HI,2*0000\n$HI,2*B93\n")   # bad CRC, lost digit: ignored
    assert sent() == []
    fw.receive(frame("HI,1").decode())
    msgs = sent()
    assert [type(x) for x in msgs] == [Hello, Hand, Button]
    seqs = [x.seq for x in msgs if not isinstance(x, Hello)]
    assert seqs[0] > seqs[1]                  # the press keeps its original (older) seq


def test_firmware_drives_the_serial_backend_over_a_real_pty(monkeypatch, tmp_path):
    board = FakeBoard(real_time=True)
    master, slave = os.openpty()
    port = tmp_path / "companion-hand"
    port.symlink_to(os.ttyname(slave))
    m, fw = make(board, monkeypatch, lambda s: os.write(master, s.encode()))
    stop = threading.Event()

    def pico():                               # the firmware's 1 ms loop, with the pty as USB
        while not stop.is_set():
            if select.select([master], [], [], 0.001)[0]:
                try:
                    fw.receive(os.read(master, 256).decode("ascii", "replace"))
                except OSError:
                    pass
            fw.poll()

    thread = threading.Thread(target=pico, daemon=True)
    thread.start()
    sink = Sink()
    try:
        with open_backend(f"serial:{port}", sink, heartbeat_timeout=1.5) as hw:
            [up] = sink.wait_for(LinkUp)
            assert m.FIRMWARE in up.detail and "CAFE0001" in up.detail
            for i in range(30):               # bounce, then hold for the settle time
                board.levels[m.BUTTON_PIN] = i % 2
                time.sleep(0.0005)
            board.levels[m.BUTTON_PIN] = 0
            sink.wait_for(DicePressed)
            board.levels[m.BUTTON_PIN] = 1
            board.levels[m.HALL_PINS[10]] = 0
            assert sink.wait_for(HandSettled)[-1].hour == 11
            deadline = time.monotonic() + 5
            while fw.unacked and time.monotonic() < deadline:
                time.sleep(0.01)
            assert fw.unacked == [] and len(sink.of(DicePressed)) == 1
            assert hw.status == "serial up"
    finally:
        stop.set()
        thread.join(2)
        os.close(master)
        os.close(slave)


def test_firmware_tells_a_protocol_1_host_its_version_in_protocol_1_framing(bench):
    from hardware.protocol import LegacyFrame, frame_v1
    board, m, fw, sent, run_ms = bench
    sent()
    fw.receive(frame_v1("HI,1").decode())          # an old host: XOR-framed HI
    [hello] = sent()
    assert hello == LegacyFrame(f"HELLO,2,{m.FIRMWARE},CAFE0001")   # the old host reads "2"
    fw.receive(frame_v1("ACK,0").decode())         # anything else in the old framing: ignored
    assert sent() == []


def test_firmware_sends_a_press_once_the_glitch_time_has_passed_not_after_a_settle(bench):
    board, m, fw, sent, run_ms = bench
    sent()
    board.levels[m.BUTTON_PIN] = 0
    run_ms(m.BUTTON_GLITCH_MS + 1)           # first low poll, then the confirming one
    assert [x for x in sent() if isinstance(x, Button)] != []   # not after a 20 ms settle


def test_firmware_a_spike_seen_by_one_poll_is_not_a_press(bench):
    board, m, fw, sent, run_ms = bench
    sent()
    board.levels[m.BUTTON_PIN] = 0           # low at exactly one 1 ms poll: shorter than 1 ms
    run_ms(1)
    board.levels[m.BUTTON_PIN] = 1
    run_ms(100)
    assert [x for x in sent() if isinstance(x, Button)] == []
    assert not fw.btn.pressed


def test_firmware_ignores_bounce_after_a_press_until_a_settled_release(bench):
    board, m, fw, sent, run_ms = bench
    sent()
    board.levels[m.BUTTON_PIN] = 0
    run_ms(5)
    for i in range(10):                      # release bounce and a shaky hold: 1 ms up, 1 ms down
        board.levels[m.BUTTON_PIN] = 1 - i % 2
        run_ms(1)
    board.levels[m.BUTTON_PIN] = 1
    run_ms(m.BUTTON_SETTLE_MS + 2)
    board.levels[m.BUTTON_PIN] = 0           # a second, real press
    run_ms(5)
    assert len([x for x in sent() if isinstance(x, Button)]) == 2


def test_firmware_drops_lines_that_are_not_utf8_and_answers_the_next_one(bench):
    board, m, fw, sent, run_ms = bench
    sent()
    fw.receive(b"\x80\xff\n$HI,2*\xe2\x82\n\x03\xc3")      # bytes only: no text decoding to fail
    assert sent() == []
    fw.receive(b"\n" + frame("HI,2"))
    assert [type(x) for x in sent()] == [Hello, Hand]


def test_firmware_two_1ms_spikes_2ms_apart_are_not_a_press_even_on_a_slow_loop(monkeypatch):
    board, out = FakeBoard(), []
    m, fw = make(board, monkeypatch, out.append)
    # Polls 1.7 ms apart, at 999.6 and 1001.3 ms: each sees one spike, and nothing in between.
    spikes = [(999_100, 1000_100), (1001_100, 1002_100), (1500_000, 1600_000)]   # then a real press
    for k in range(1, 1200):
        us = k * 1700
        board.ms = us // 1000
        board.levels[m.BUTTON_PIN] = 0 if any(a <= us < b for a, b in spikes) else 1
        fw.poll()
    presses = [x for x in LineParser().feed("".join(out).encode()) if isinstance(x, Button)]
    assert len(presses) == 1                  # the real press, not the spikes
