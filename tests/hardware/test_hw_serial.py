"""Serial backend over a real pseudo-terminal, a scripted controller on the master end.

The port path is a symlink in tmp_path re-pointed on replug, as /dev/serial/by-id/... would be.
"""
import pytest

from hardware import open_backend
from hardware.events import (DicePressed, HandSettled, LineError, LinkDown, LinkUp,
                             LinkVersionMismatch)
from hw_helpers import PtyDevice, Sink

FAST = dict(heartbeat_timeout=0.6, backoff=0.02, backoff_max=0.2)


@pytest.fixture
def rig(tmp_path):
    link = str(tmp_path / "companion-hand")
    dev = PtyDevice(link)
    sink = Sink()
    hw = open_backend(f"serial:{link}", sink, **FAST)
    try:
        yield dev, hw, sink
    finally:
        hw.close()
        dev.close()


def test_a_press_on_the_controller_arrives_once_and_is_acked(rig):
    dev, hw, sink = rig
    dev.set_mask(1 << 4)
    hw.start()
    [up] = sink.wait_for(LinkUp)
    assert "scripted-1" in up.detail and hw.status == "serial up"
    assert sink.wait_for(HandSettled)[0].hour == 5
    dev.press()
    dev.wait_acked()
    assert len(sink.of(DicePressed)) == 1


def test_unplug_and_replug_loses_no_press_and_doubles_none(rig):
    dev, hw, sink = rig
    hw.start()
    sink.wait_for(LinkUp)
    dev.press()
    dev.wait_acked()
    dev.deaf = True                  # the next ACK is lost as the cable comes out
    dev.press()
    sink.wait_for(DicePressed, 2)
    dev.unplug()
    sink.wait_for(LinkDown)
    dev.press()                      # pressed while unplugged: kept in the controller
    dev.deaf = False
    dev.replug()
    sink.wait_for(LinkUp, 2)
    dev.wait_acked()                 # both unacked presses were resent and acked
    sink.wait_for(DicePressed, 3)
    assert hw.status == "serial up"
    # Let any late duplicate show itself: one more heartbeat-acked round trip.
    dev.press()
    dev.wait_acked()
    assert len(sink.of(DicePressed)) == 4


def test_a_port_that_is_not_there_yet_is_retried_with_back_off(rig, tmp_path):
    dev, hw, sink = rig
    dev.unplug()                     # symlink points nowhere
    hw.start()
    [down] = sink.wait_for(LinkDown)
    assert "cannot open" in down.reason
    dev.replug()
    sink.wait_for(LinkUp)
    assert len(sink.of(LinkDown)) == 1   # one announcement, not one per retry


def test_a_silent_controller_is_declared_down_and_reconnected(rig):
    dev, hw, sink = rig
    hw.start()
    sink.wait_for(LinkUp)
    dev.silent = True
    [down] = sink.wait_for(LinkDown)
    assert "heartbeat" in down.reason
    his = dev.his
    dev.silent = False
    dev.wait_hi(his + 1)             # the host reopened the port and asked again
    sink.wait_for(LinkUp, 2)


def test_line_noise_is_counted_and_never_becomes_a_press(rig):
    dev, hw, sink = rig
    hw.start()
    sink.wait_for(LinkUp)
    dev.write(b"\x00\xff garbage\n$BTN,77,PRESS*0000\n$BTN,78,PR" + b"Z" * 300 + b"\n")
    errors = sink.wait_for(LineError, 3)
    assert {e.kind for e in errors} >= {"garbage", "checksum", "overlong"}
    dev.press()
    dev.wait_acked()
    assert len(sink.of(DicePressed)) == 1
    assert hw.errors["checksum"] == 1


def test_a_controller_with_another_protocol_version_is_refused(tmp_path):
    link = str(tmp_path / "hand")
    dev = PtyDevice(link, proto="3")
    sink = Sink()
    try:
        with open_backend(f"serial:{link}", sink, **FAST) as hw:
            [bad] = sink.wait_for(LinkVersionMismatch)
            assert (bad.got, bad.want) == ("3", "2")
            dev.press()
            dev.write(b"junk after the press\n")   # once this is counted the press was seen
            sink.wait_for(LineError)
            assert sink.of(DicePressed) == [] and sink.of(LinkUp) == []
            assert hw.status == "serial version mismatch"
    finally:
        dev.close()


def test_an_old_protocol_1_controller_is_refused_by_name_and_not_reconnected_forever(tmp_path):
    link = str(tmp_path / "hand")
    dev = PtyDevice(link, proto="1", legacy=True)   # XOR frames; ignores our CRC-framed HI
    sink = Sink()
    try:
        with open_backend(f"serial:{link}", sink, **FAST) as hw:
            [bad] = sink.wait_for(LinkVersionMismatch)
            assert (bad.got, bad.want) == ("1", "2") and "CRC" in bad.detail
            dev.press()
            dev.write(b"junk after the press\n")
            sink.wait_for(LineError, 3)              # two legacy heartbeats, then the junk
            assert sink.of(DicePressed) == [] and sink.of(LinkDown) == []
            assert hw.status == "serial version mismatch"
    finally:
        dev.close()


def test_trace_of_a_serial_session_is_recorded(rig, tmp_path):
    from hardware.emulated import read_trace
    dev, hw, sink = rig
    hw.close()
    trace = tmp_path / "serial.jsonl"
    sink2 = Sink()
    with open_backend(f"serial:{dev.link}", sink2, record=trace, **FAST):
        sink2.wait_for(LinkUp)
        dev.press()
        sink2.wait_for(DicePressed)
    assert read_trace(trace) == sink2.events
