"""Debounce and hand decoding with a fake clock: what a player would notice at the table."""
from hypothesis import given, strategies as st

from hardware.debounce import GLITCH, ButtonDebouncer, HandDecoder, classify_mask, hour_bit
from hardware.events import DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled


def bounce(deb, t, n, step=0.0007):
    """n alternating edges starting with 'down', ending down when n is odd."""
    out = []
    for i in range(n):
        out += deb.feed(t + i * step, i % 2 == 0)
    return out, t + (n - 1) * step


def test_the_glitch_window_is_half_a_millisecond():
    assert GLITCH == 0.0005 and ButtonDebouncer().glitch == GLITCH


def test_a_press_counts_at_its_first_edge_once_the_glitch_sample_confirms_it():
    d = ButtonDebouncer(0.020)
    assert d.feed(1.0, True) == [] and d.deadline == 1.0 + GLITCH
    assert d.tick(1.0 + GLITCH / 2) == []
    assert d.tick(1.0 + GLITCH) == [DicePressed(1.0 + GLITCH, "button")]   # not 20 ms later


def test_a_30_edge_bounce_storm_is_exactly_one_press_counted_at_the_first_edge():
    d = ButtonDebouncer(0.020)
    events = []
    for i in range(15):                  # 30 edges in 3 ms: closed 150 us, open 50 us, ...
        events += d.feed(1.0 + i * 0.0002, True) + d.feed(1.0 + i * 0.0002 + 0.00015, False)
    events += d.feed(1.003, True)        # and then closed for good
    assert events == [DicePressed(1.0 + GLITCH, "button")]
    assert d.tick(1.5) == []             # held down: still one press
    ev, last = bounce(d, 2.0, 31)        # more bounce while held: ignored
    assert ev == [] and d.tick(3.0) == []


def test_a_200_us_spike_on_the_pin_is_not_a_roll():
    d = ButtonDebouncer(0.020)
    assert d.feed(5.0, True) == [] and d.feed(5.0002, False) == []
    assert d.tick(6.0) == [] and not d.is_pressed and d.glitches == 1
    assert d.feed(7.0, True) == [] and d.tick(7.0 + GLITCH) == [DicePressed(7.0 + GLITCH, "button")]


def test_a_pulse_just_shorter_than_the_glitch_window_is_no_press_and_one_as_long_is():
    short = ButtonDebouncer(0.020)
    short.feed(0.0, True)
    short.feed(GLITCH * 0.99, False)
    assert short.tick(1.0) == [] and short.glitches == 1
    long = ButtonDebouncer(0.020)
    long.feed(0.0, True)
    assert long.feed(GLITCH, False) == []           # up exactly at the sample: that is the sample
    long2 = ButtonDebouncer(0.020)
    long2.feed(0.0, True)
    assert long2.feed(GLITCH * 1.01, False) == [DicePressed(GLITCH, "button")]


def test_bounce_inside_the_glitch_window_does_not_delay_the_press():
    d = ButtonDebouncer(0.020)
    for t, level in ((0.0, True), (0.0001, False), (0.00015, True), (0.0003, False), (0.0004, True)):
        assert d.feed(t, level) == []
    assert d.tick(0.01) == [DicePressed(GLITCH, "button")]


def test_release_is_debounced_too_and_reports_how_long_it_was_held():
    d = ButtonDebouncer(0.020)
    d.feed(0.0, True)
    d.tick(0.020)
    ev, last = bounce(d, 0.5, 10)           # release bounces (ends up = False on even count)
    assert ev == []
    [held] = d.tick(last + 0.020)
    assert isinstance(held, DiceHeld) and abs(held.duration - last) < 1e-6


def test_a_new_press_needs_a_settled_release_first():
    d = ButtonDebouncer(0.020)
    d.feed(0.0, True)
    d.tick(0.001)
    d.feed(0.100, False)                     # up for 10 ms only: still bounce, not a release
    assert d.feed(0.110, True) == [] and d.tick(0.2) == []
    d.feed(0.300, False)
    assert [type(e) for e in d.feed(0.330, True)] == [DiceHeld]
    assert d.tick(0.330 + GLITCH) == [DicePressed(0.330 + GLITCH, "button")]


def test_a_stable_press_is_accepted_even_if_the_next_edge_comes_before_any_tick():
    d = ButtonDebouncer(0.020)
    d.feed(0.0, True)
    assert d.feed(0.100, False) == [DicePressed(GLITCH, "button")]


@given(st.lists(st.tuples(st.floats(0.0, 0.003), st.booleans()), max_size=60),
       st.lists(st.floats(0.0, 0.003), max_size=60))
def test_events_depend_on_the_edge_times_only_not_on_when_tick_runs(edges, tick_gaps):
    ticked, lazy = ButtonDebouncer(0.020), ButtonDebouncer(0.020)
    t, a, b = 0.0, [], []
    for i, (dt, level) in enumerate(edges):
        t += dt
        tick_at = t - tick_gaps[i] * 0.5 if i < len(tick_gaps) else t
        if tick_at < t:  # a tick at the very instant of an edge is that edge's own resolution
            a += ticked.tick(tick_at)
        a += ticked.feed(t, level)
        b += lazy.feed(t, level)
    assert a + ticked.tick(t + 1) == b + lazy.tick(t + 1)


def test_hand_settles_only_after_being_still_for_the_settle_time():
    h = HandDecoder(0.050)
    assert h.feed(0.0, hour_bit(3)) == []
    assert h.deadline == 0.050
    assert h.tick(0.049) == []
    assert h.tick(0.050) == [HandSettled(3, 0.050)]
    assert h.tick(1.0) == [] and h.deadline is None


def test_a_hand_sweeping_past_sensors_only_reports_where_it_stops():
    h = HandDecoder(0.050)
    t = 0.0
    for hour in (1, 2, 3, 4, 5):
        assert h.feed(t, hour_bit(hour)) == []
        t += 0.010
    assert h.tick(t + 0.1) == [HandSettled(5, t - 0.010 + 0.050)]


def test_between_two_adjacent_hours_keeps_the_last_stable_hour():
    h = HandDecoder(0.0)
    assert h.feed(0, hour_bit(4)) == [HandSettled(4, 0)]
    assert h.feed(1, hour_bit(4) | hour_bit(5)) == [HandBetween((4, 5), 4, 1)]
    assert h.last_hour == 4
    assert h.feed(2, hour_bit(12) | hour_bit(1)) == [HandBetween((12, 1), 4, 2)]


def test_non_adjacent_bits_are_a_fault_and_no_bits_is_lost():
    h = HandDecoder(0.0)
    h.feed(0, hour_bit(6))
    assert h.feed(1, hour_bit(2) | hour_bit(6)) == [HandFault(hour_bit(2) | hour_bit(6), 1)]
    assert h.feed(2, 0) == [HandLost(2)]
    assert h.feed(3, 0b111) == [HandFault(0b111, 3)]
    assert h.last_hour == 6


def test_the_same_reading_is_not_announced_twice():
    h = HandDecoder(0.0)
    assert len(h.feed(0, hour_bit(9))) == 1
    assert h.feed(1, hour_bit(9)) == []


@given(st.integers(0, 0xFFF))
def test_every_mask_decodes_to_exactly_one_reading(mask):
    what, arg = classify_mask(mask)
    n = bin(mask).count("1")
    if n == 0:
        assert what == "lost"
    elif n == 1:
        assert what == "hour" and hour_bit(arg) == mask
    elif what == "between":
        a, b = arg
        assert n == 2 and b % 12 == (a + 1) % 12 and hour_bit(a) | hour_bit(b) == mask
    else:
        assert what == "fault" and arg == mask


@given(st.lists(st.tuples(st.floats(0.0, 0.05), st.booleans()), max_size=60))
def test_random_edges_never_give_two_presses_without_a_release(edges):
    d = ButtonDebouncer(0.020)
    t, out = 0.0, []
    for dt, level in edges:
        t += dt
        out += d.feed(t, level)
        out += d.tick(t)
    out += d.tick(t + 1)
    kinds = [type(e) for e in out]
    assert all(a is not b for a, b in zip(kinds, kinds[1:]))   # press/release alternate
    assert not kinds or kinds[0] is DicePressed


def test_a_press_whose_contact_is_open_at_the_sample_is_late_not_lost():
    d = ButtonDebouncer(0.020)
    d.feed(0.0, True)
    d.feed(0.0004, False)                    # bounced open across the sample at 0.5 ms
    d.feed(0.0007, True)                     # closed again for good
    assert d.tick(0.01) == [DicePressed(0.0007 + GLITCH, "button")] and d.glitches == 1
