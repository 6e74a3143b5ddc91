"""The serial line parser and link rules, fed bytes directly (no threads, no port)."""
import random
import time

from hypothesis import given, settings, strategies as st

from hardware.events import DicePressed, HandSettled, LineError, LinkUp, LinkVersionMismatch
from hardware.link import LinkState
from hardware.protocol import (MAX_LINE, BadLine, Button, Hand, Heartbeat, Hello, LegacyFrame,
                               LineParser, crc16, decode_line, frame, frame_v1, xor8)


def kinds(items):
    return [i.kind if isinstance(i, BadLine) else type(i).__name__ for i in items]


def test_crc_is_crc16_ccitt_false_in_four_uppercase_hex_digits():
    assert crc16(b"123456789") == 0x29B1                 # the catalogued check value
    assert frame("HB,7") == b"$HB,7*%04X\n" % crc16(b"HB,7") == b"$HB,7*196D\n"
    assert decode_line(frame("HAND,3,80A")[:-1]) == Hand(3, 0x80A)
    assert decode_line(frame("HAND,3,H12")[:-1]) == Hand(3, 0x800)
    assert isinstance(decode_line(frame("HB,7")[:-1].lower()), BadLine)   # lowercase hex is refused


def test_a_version_1_frame_is_recognised_as_such_and_never_as_a_message():
    assert xor8(b"GPGLL,5300.97914,N,00259.98174,E,125926,A") == 0x28   # a published NMEA line
    assert decode_line(frame_v1("BTN,1,PRESS")[:-1]) == LegacyFrame("BTN,1,PRESS")
    assert decode_line(frame_v1("HELLO,1,bc-pico-1.0,AB")[:-1]).firmware == "bc-pico-1.0"
    assert decode_line(b"$BTN,1,PRESS*00").kind == "truncated"   # two digits, XOR wrong


def test_each_kind_of_bad_input_is_counted_not_raised():
    p = LineParser()
    good = frame("BTN,1,PRESS")
    data = (b"hello there\n"                      # garbage
            + b"$BTN,9,PRESS*7Z00\n"              # CRC digits mangled
            + b"$BTN,2,PRESS*0000\n"              # wrong CRC
            + b"$BTN,3,PRE" + good                # truncated line followed by a good one
            + b"$" + b"X" * 200 + b"\n"           # overlong
            + frame("FOO,1") + frame("BTN,x,PRESS") + frame("BTN,4,TWICE")
            + b"\r\n")
    out = p.feed(data)
    assert kinds(out) == ["garbage", "truncated", "checksum", "truncated", "Button", "overlong",
                          "unknown", "malformed", "malformed"]
    assert [i for i in out if isinstance(i, Button)] == [Button(1, "PRESS")]


def test_lines_split_across_reads_are_reassembled():
    p = LineParser()
    data = frame("HELLO,2,fw,AB") + frame("BTN,0,PRESS") + frame("HB,1")
    out = []
    for i in range(len(data)):
        out += p.feed(data[i:i + 1])
    assert out == [Hello("2", "fw", "AB"), Button(0, "PRESS"), Heartbeat(1)]


def test_an_endless_line_is_dropped_once_and_the_next_line_still_parses():
    p = LineParser()
    out = p.feed(b"$" + b"A" * 10_000) + p.feed(b"A" * 10_000 + b"\n") + p.feed(frame("HB,5"))
    assert kinds(out) == ["overlong", "Heartbeat"]
    assert len(p._buf) <= MAX_LINE + 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=40),
                          st.sampled_from([b"\n", b"$", b"*", b"\r\n", b"$BTN,1,PRESS"]),
                          st.builds(lambda s: frame(f"HB,{s}"), st.integers(0, 65535))),
                max_size=40))
def test_fuzzed_input_never_raises_and_only_whole_valid_frames_are_presses(chunks):
    data = b"".join(chunks)
    out = LineParser().feed(data)
    # "$BTN,1,PRESS" without its checksum is never a press, whatever surrounds it.
    assert [i for i in out if isinstance(i, Button)] == []
    assert all(isinstance(i, (BadLine, Heartbeat)) for i in out)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300), st.integers(0, 65535))
def test_a_good_press_after_any_noise_is_recovered_after_the_next_newline(noise, seq):
    p = LineParser()
    out = p.feed(noise) + p.feed(b"\n" + frame(f"BTN,{seq},PRESS"))
    assert out[-1] == Button(seq, "PRESS")


def test_one_million_random_bytes_give_zero_phantom_presses_quickly():
    rng = random.Random(1234)
    data = rng.randbytes(1_000_000)
    link = LinkState(port="fuzz")
    link.connected(0.0)
    link.handle(Hello("2", "fw", "B"), 0.0)       # link up: a phantom press would be delivered
    p = LineParser()
    start = time.perf_counter()
    events = []
    for i in range(0, len(data), 4096):
        for item in p.feed(data[i:i + 4096]):
            events += link.handle(item, 0.0)[0]
    elapsed = time.perf_counter() - start
    assert [e for e in events if isinstance(e, DicePressed)] == []
    assert sum(link.errors.values()) > 1000        # the noise was seen and counted
    assert elapsed < 10, elapsed


def _up(link, boot="B1"):
    link.connected(0.0)
    return link.handle(Hello("2", "fw", boot), 0.0)[0]


def test_a_resent_press_is_acked_again_but_delivered_once():
    link = LinkState()
    assert isinstance(_up(link)[0], LinkUp)
    ev1, rep1 = link.handle(Button(5, "PRESS"), 1.0)
    ev2, rep2 = link.handle(Button(5, "PRESS"), 2.0)
    assert [type(e) for e in ev1] == [DicePressed] and ev2 == []
    assert rep1 == rep2 == [frame("ACK,5")]


def test_after_a_reboot_the_same_sequence_number_is_a_new_press():
    link = LinkState()
    _up(link, "B1")
    link.handle(Button(0, "PRESS"), 1.0)
    link.disconnected("unplugged", 2.0)
    _up(link, "B2")                                  # new boot id: counters restarted
    ev, _ = link.handle(Button(0, "PRESS"), 3.0)
    assert [type(e) for e in ev] == [DicePressed]


def test_a_sequence_gap_is_reported_and_nothing_is_invented():
    link = LinkState()
    _up(link)
    link.handle(Heartbeat(1), 0.1)
    ev, _ = link.handle(Heartbeat(4), 0.2)
    assert ev == [LineError("seq_gap", "expected 2, got 4", 1, 0.2)]


def test_presses_before_hello_or_from_a_wrong_version_are_ignored():
    link = LinkState()
    link.connected(0.0)
    assert link.handle(Button(1, "PRESS"), 0.1) == ([], [])      # not acked: will be resent
    [ev], _ = link.handle(Hello("3", "fw", "B"), 0.2)
    assert (ev.got, ev.want, ev.t) == ("3", "2", 0.2) and "protocol 3" in ev.detail
    assert link.handle(Button(2, "PRESS"), 0.3) == ([], [])
    ev, _ = link.handle(Hello("2", "fw", "B"), 0.4)
    assert isinstance(ev[0], LinkUp)


def test_an_old_version_1_controller_is_refused_with_a_sentence_saying_what_to_do():
    link = LinkState(port="/dev/companion-hand")
    link.connected(0.0)
    p = LineParser()
    events = []
    for line in (frame_v1("HELLO,1,bc-pico-1.0,CAFE"), frame_v1("BTN,4,PRESS")):
        for item in p.feed(line):
            events += link.handle(item, 0.1)[0]
    [bad] = [e for e in events if isinstance(e, LinkVersionMismatch)]
    assert (bad.got, bad.want) == ("1", "2")
    assert "bc-pico-1.0" in bad.detail and "protocol 1" in bad.detail and "wiring/firmware" in bad.detail
    assert not [e for e in events if isinstance(e, DicePressed)] and link.state == "mismatch"
    assert not link.check(1.0)                 # it is alive (no reconnect loop), just refused


def test_version_1_heartbeats_alone_identify_an_old_controller_after_two_in_a_row():
    link = LinkState()
    link.connected(0.0)
    [e1], _ = link.handle(LegacyFrame("HB,7"), 0.5)
    assert e1.kind == "legacy" and link.state == "waiting"
    ev, _ = link.handle(LegacyFrame("HB,8"), 1.0)
    assert [type(e) for e in ev] == [LineError, LinkVersionMismatch]


def test_on_an_up_link_a_version_1_looking_line_is_just_a_damaged_line():
    link = LinkState()
    _up(link)
    for t in (1.0, 2.0, 3.0):
        [e], _ = link.handle(LegacyFrame("HB,1"), t)
        assert e.kind == "legacy"
    assert link.state == "up"


def test_hand_messages_are_decoded_like_gpio_masks():
    link = LinkState()
    _up(link)
    ev, _ = link.handle(Hand(1, 1 << 8), 1.0)
    assert ev == [HandSettled(9, 1.0)]


def test_silence_beyond_the_heartbeat_timeout_means_link_down():
    link = LinkState(heartbeat_timeout=1.5)
    _up(link)
    link.handle(Heartbeat(0), 1.0)
    assert not link.check(2.4)
    assert link.check(2.6)
