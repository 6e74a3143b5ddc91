"""The dice press is decided on the edge's own thread: spin to the glitch sample, read the pin.

Deterministic: the clocks here are fakes that move a fixed step each time they are read, so a spin
ends after a known number of reads; nothing depends on how fast this machine is."""
from hardware import open_backend
from hardware.debounce import GLITCH
from hardware.devices import DiceButton
from hardware.events import DicePressed, LinkUp
from hardware.pinmap import DEFAULT_PINMAP as PM
from hw_helpers import Sink, mock_factory  # noqa: F401  (fixture)


class SteppingClock:
    """Reads t, then moves on by `step`. `at(t, fn)` runs fn once when the clock first passes t."""

    def __init__(self, t: float = 100.0, step: float = 0.00002):
        self.t, self.step, self._alarms = t, step, []

    def at(self, t, fn):
        self._alarms.append((t, fn))

    def __call__(self) -> float:
        now = self.t
        self.t += self.step
        due = [a for a in self._alarms if a[0] <= now]
        self._alarms = [a for a in self._alarms if a[0] > now]
        for _, fn in due:
            fn()
        return now


def button(clock, low_until):
    """A DiceButton whose pin reads low (pressed) until `low_until[0]` on the fake clock."""
    return DiceButton(clock=clock, sampler=lambda: clock.t < low_until[0], spin=0.05)


def test_a_200_us_spike_is_refused_on_the_edge_thread_without_any_tick():
    c = SteppingClock()
    low_until = [c.t + 0.0002]
    b = button(c, low_until)
    assert b.feed(True) == []                # the spin read the pin at +0.5 ms: up again
    assert b.glitches == 1 and not b.is_pressed and b.deadline is None


def test_a_real_press_is_delivered_by_the_edge_call_itself_at_the_sample_time():
    c = SteppingClock()
    b = button(c, [c.t + 10.0])
    t0 = c.t                                 # the edge is stamped with the next reading
    [press] = b.feed(True)                   # no ticker involved: the edge's own call delivers it
    assert press == DicePressed(t0 + GLITCH, "button") and b.is_pressed


def test_a_clock_that_does_not_move_cannot_hang_the_edge_thread():
    b = DiceButton(clock=lambda: 5.0, sampler=lambda: True, spin=0.001)
    assert b.feed(True) == []                # gave up spinning after 1 ms of real time
    assert b.tick(5.0 + GLITCH) == [DicePressed(5.0 + GLITCH, "button")]   # the ticker decides


def test_a_200_us_spike_on_a_mock_gpio_pin_is_not_a_roll_and_a_press_is(mock_factory):
    c = SteppingClock()
    sink = Sink()
    with open_backend("gpio", sink, clock=c) as hw:
        sink.wait_for(LinkUp)
        pin = mock_factory.pin(PM.button)
        c.at(c.t + 0.0002, pin.drive_high)   # the spike ends 200 us into the spin
        pin.drive_low()
        assert hw.button.glitches == 1 and not hw.button.is_pressed
        pin.drive_low()                      # a press: nothing lifts it
        assert len(sink.of(DicePressed)) == 1     # delivered inside drive_low, on this thread
        assert sink.of(DicePressed)[0].source == "button"
