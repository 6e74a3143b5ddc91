"""The reference firmware under real MicroPython (WebAssembly port, Node), unmodified, on a virtual
Pico whose clock crosses the ticks_ms wrap, talking to the real SerialBackend over a pty.

The four recorded scenarios are the sensor-trace library (wiring/traces/): each run is compared
with its trace, so a change in the firmware or the host that changes what a player sees fails here.
Re-record them with COMPANION_RECORD_TRACES=1 after a deliberate change (and say why in the commit).
"""
import binascii
import json
import os
from itertools import combinations
from pathlib import Path

import pytest

from hardware.protocol import BadLine, Heartbeat, LegacyFrame, LineParser, decode_line, frame, frame_v1
from pico_run import (BOARD, FIRMWARE, HERE, NPM_PACKAGE, PORT_NAME, micropython_version, port_free,
                      run_node, run_pico, shape)
from test_hw_firmware import FakeBoard, load_firmware

TRACES = Path(__file__).resolve().parents[2] / "wiring" / "traces"
BUTTON = 16
HALL = list(range(2, 14))        # GP2..GP13 = hours 1..12, as in main.py


def hand(t, *hours):
    """Steps putting the magnet over `hours` at t (no hour: the hand is lifted off)."""
    return [{"t": t, "pin": HALL[h - 1], "level": 0 if h in hours else 1} for h in range(1, 13)]


def button(t, level):
    return [{"t": t, "pin": BUTTON, "level": level}]


def bouncy_press(t, hold):
    """A press with 6 ms of contact bounce at each end."""
    steps = []
    for i in range(12):
        steps += button(t + i * 0.5, i % 2 == 0 and 0 or 1)
    steps += button(t + 6, 0)
    for i in range(12):
        steps += button(t + hold + i * 0.5, i % 2)
    return steps + button(t + hold + 6, 1)


def link_up():
    return {"type": "LinkUp", "backend": "serial", "detail": f"bc-pico-2.0 proto 2 boot 001E8D44 on {PORT_NAME}"}


def settled(hour):
    return {"type": "HandSettled", "hour": hour}


PRESS = {"type": "DicePressed", "source": "serial"}
DOWN = {"type": "LinkDown"}

# Virtual ms after boot; ticks_ms wraps 1000 ms after boot. The "bounce" loop takes 1.7 ms a pass.
# Its spikes: two 1 ms spikes 2 ms apart, placed so that two consecutive polls (at 999.6 and
# 1001.3 ms) each see one of them: the old poll-counting filter took them for a press.
SCENARIOS = {
    "bounce": dict(loop_us=700, end_ms=2000, steps=[
        *hand(0, 3), *bouncy_press(300, 120),
        *button(999.1, 0), *button(1000.1, 1), *button(1001.1, 0), *button(1002.1, 1),
        *bouncy_press(1500, 100)],
        expect=[link_up(), settled(3), PRESS, PRESS]),
    "lost-hand": dict(end_ms=3000, steps=[
        *hand(0, 3), *hand(200, 3, 4), *hand(300, 4), *hand(500, 4, 5), *hand(520, 4), *hand(700),
        *hand(1100, 7), *hand(1110), *hand(1120, 7), *hand(1125), *hand(1130, 7)],
        expect=[link_up(), settled(3), {"type": "HandBetween", "hours": [3, 4], "last_hour": 3},
                settled(4), {"type": "HandLost"}, settled(7)]),
    "reconnect": dict(end_ms=3000, steps=[
        *hand(0, 3), {"t": 400, "usb": "U"}, *hand(1000, 5), {"t": 1400, "usb": "R"}],
        expect=[link_up(), settled(3), DOWN, link_up(), settled(5)]),
    "press-during-disconnect": dict(end_ms=3600, steps=[
        *hand(0, 3), {"t": 400, "usb": "U"}, *bouncy_press(800, 100), {"t": 1600, "usb": "R"}],
        expect=[link_up(), settled(3), DOWN, link_up(), settled(3), PRESS]),
}
SPEED = 2        # virtual ms per real ms: the host's replies arrive in good time, the run is short


def scenario(name, **extra):
    sc = {k: v for k, v in SCENARIOS[name].items() if k != "expect"}
    return {"speed": SPEED, **sc, **extra}


def normalized_trace(path: Path) -> str:
    """A recorded trace with times from its first event, scaled back to the Pico's clock (the run
    went SPEED times faster than real time), and the test's pty named as on a Pi."""
    events = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    t0 = events[0]["t"] if events else 0.0
    out = []
    for e in events:
        e["t"] = round((e["t"] - t0) * SPEED, 3)
        for k in ("detail", "reason"):
            if k in e:
                e[k] = port_free(e[k])
        out.append(json.dumps(e, separators=(",", ":")))
    return "\n".join(out) + "\n"


def test_the_pinned_micropython_is_the_one_that_runs(tmp_path):
    proc = run_node({"end_ms": 0}, [BOARD, HERE / "version.py"], tmp_path)
    out, err = proc.communicate(timeout=60)
    assert out.splitlines()[0] == micropython_version() == NPM_PACKAGE.rsplit("@", 1)[1], err


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_firmware_under_micropython_gives_the_host_exactly_the_recorded_events(name, tmp_path):
    recorded = tmp_path / "trace.jsonl"
    run = run_pico(scenario(name), tmp_path, record=recorded)
    assert run.status == {"status": "end", "interrupt_char": -1}, run.stderr
    assert shape(run.events) == SCENARIOS[name]["expect"]
    trace = TRACES / f"{name}.jsonl"
    if os.environ.get("COMPANION_RECORD_TRACES"):
        trace.write_text(normalized_trace(recorded))
    stored = [json.loads(line) for line in trace.read_text().splitlines()]
    assert shape(stored) == shape(run.events), f"{trace.name} differs: re-record it if that was meant"


def test_firmware_under_micropython_beats_across_the_ticks_wrap(tmp_path):
    run = run_pico(scenario("lost-hand"), tmp_path)
    beats = [m.seq for m in LineParser().feed(run.output) if isinstance(m, Heartbeat)]
    # 3000 ms with the hand idle from 1180 ms on: a beat every 500 ms idle, the wrap at 1000 ms
    # included; none of the firmware's lines is damaged.
    assert len(beats) >= 3
    assert not [m for m in LineParser().feed(run.output) if isinstance(m, BadLine)]


def test_firmware_under_micropython_keeps_running_after_bytes_that_are_not_utf8(tmp_path):
    junk = b"\x80\xff\n$HI,2*\xe2\x82\n\xc3\n\xff" * 3 + b"\n"
    run = run_pico({"speed": SPEED, "end_ms": 1200, "steps": [
        *hand(0, 3), {"t": 200, "rx": junk.hex()}, *bouncy_press(400, 80)]}, tmp_path)
    assert run.status["status"] == "end", run.status      # not UnicodeError
    assert shape(run.events) == [link_up(), settled(3), PRESS]


def test_firmware_under_micropython_ignores_ctrl_c_from_the_host(tmp_path):
    ctrl_c = b"\x03"
    run = run_pico({"speed": SPEED, "end_ms": 1200, "steps": [
        *hand(0, 3), {"t": 200, "rx": ctrl_c.hex()}, {"t": 210, "rx": (b"\x03\x03" + frame("HI,2")).hex()},
        *bouncy_press(400, 80)]}, tmp_path)
    assert run.status == {"status": "end", "interrupt_char": -1}, run.status   # not KeyboardInterrupt
    assert shape(run.events) == [link_up(), settled(3), PRESS]


def test_firmware_under_micropython_leaves_the_repl_when_the_button_is_held_at_start(tmp_path):
    run = run_pico({"speed": 0, "end_ms": 2000, "steps": button(0, 0)}, tmp_path, quiet=0.1)
    assert run.status == {"status": "returned", "interrupt_char": 3}   # Ctrl-C works again
    assert b"REPL" in run.output and b"$HELLO" not in run.output


def test_firmware_under_micropython_a_button_glitch_at_start_is_not_the_repl_request(tmp_path):
    run = run_pico({"speed": SPEED, "end_ms": 600, "steps": [*hand(0, 3), *button(0, 0), *button(30, 1)]},
                   tmp_path)
    assert run.status["status"] == "end"
    assert shape(run.events) == [link_up(), settled(3)]


# -- differential: the firmware's framing and CRC on both interpreters against the host's --------

SAMPLES = [frame(b) for b in ("HI,2", "ACK,0", "ACK,65535", "HELLO,2,bc-pico-2.0,CAFE0001",
                              "BTN,17,PRESS", "HAND,3,00C", "HB,1234")]
SAMPLES += [frame_v1("HI,1"), frame_v1("HELLO,1,bc-pico-1.0")]


def mutations(line: bytes):
    """The line, each single-bit flip of it and each swap of two different bytes."""
    yield line
    for i in range(len(line)):
        for bit in range(8):
            m = bytearray(line)
            m[i] ^= 1 << bit
            yield bytes(m)
    for i, j in combinations(range(len(line)), 2):
        if line[i] != line[j]:
            m = bytearray(line)
            m[i], m[j] = m[j], m[i]
            yield bytes(m)


def host_version(line: bytes) -> int:
    """What the host's parser makes of a line: 2 a valid frame, 1 a version-1 frame, 0 refused."""
    r = decode_line(line)
    if isinstance(r, LegacyFrame):
        return 1
    if r is None or isinstance(r, BadLine) and r.kind not in ("unknown", "malformed"):
        return 0
    return 2


def test_firmware_framing_and_crc_agree_with_the_host_on_both_interpreters(tmp_path, monkeypatch):
    lines = [m for s in SAMPLES for m in mutations(s.rstrip(b"\n"))]
    bodies = ["HI,2", "HELLO,2,bc-pico-2.0,CAFE0001", "BTN,65535,PRESS", "HAND,0,FFF", ""]
    (tmp_path / "in").mkdir()
    proc = run_node({"end_ms": 0, "lines": [x.hex() for x in lines], "bodies": bodies},
                    [BOARD, f"lib:{FIRMWARE}", HERE / "framing.py"], tmp_path / "in")
    out, err = proc.communicate(timeout=120)
    result, status = out.strip().splitlines()
    assert json.loads(status)["status"] == "returned", err
    *micro, micro_frames = json.loads(result)

    cpy = load_firmware(FakeBoard(), monkeypatch)
    for line, (m_version, m_body, m_crc) in zip(lines, micro, strict=True):
        c_body, c_version = cpy.unframe(line)
        assert (m_version, m_body) == (c_version, c_body), line           # MicroPython == CPython
        assert m_version == host_version(line), line                      # firmware == host parser
        assert m_crc == cpy.crc16(line) == binascii.crc_hqx(line, 0xFFFF), line
    assert micro_frames == [cpy.frame(b) for b in bodies] == [frame(b).decode() for b in bodies]
    originals = {s.rstrip(b"\n") for s in SAMPLES if s != frame_v1("HI,1") and not s.startswith(b"$HELLO,1")}
    accepted_v2 = [x for x, (v, _, _) in zip(lines, micro) if v == 2]
    assert set(accepted_v2) == originals          # the CRC catches every flip and swap of them
