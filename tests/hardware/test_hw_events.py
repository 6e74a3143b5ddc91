"""Events are small values with a JSON form that round-trips (trace files rely on it)."""
import json

import pytest

from hardware.events import (DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled,
                             LineError, LinkDown, LinkUp, LinkVersionMismatch, event_from_dict)

ALL = [DicePressed(1.5, "button"), DiceHeld(2.0, 0.3), HandSettled(12, 3.0),
       HandBetween((12, 1), 12, 3.1), HandBetween((3, 4), None, 3.2), HandLost(4.0),
       HandFault(0x005, 4.5), LinkUp("serial", "bc-pico-1.0", 5.0), LinkDown("unplugged", 6.0),
       LinkVersionMismatch("2", "1", 7.0), LineError("checksum", "00 != 15", 3, 8.0)]


@pytest.mark.parametrize("event", ALL, ids=lambda e: type(e).__name__)
def test_every_event_round_trips_through_json(event):
    d = json.loads(json.dumps(event.to_dict()))
    assert d["type"] == type(event).__name__
    assert event_from_dict(d) == event
    assert type(event).from_dict(d) == event


def test_events_are_immutable():
    with pytest.raises(Exception):
        DicePressed(1.0).t = 2.0


def test_a_bad_trace_record_says_what_is_wrong():
    with pytest.raises(ValueError, match="not an event"):
        event_from_dict({"type": "Nope"})
    with pytest.raises(ValueError, match="HandSettled"):
        event_from_dict({"type": "HandSettled"})
    with pytest.raises(ValueError, match="expected DicePressed"):
        DicePressed.from_dict(HandLost(1.0).to_dict())
