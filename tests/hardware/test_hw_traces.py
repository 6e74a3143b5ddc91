"""The sensor-trace library (wiring/traces/, recorded from the firmware under MicroPython) replayed
through the trace backend, as the app would receive it: every later change meets the same sequences."""
import json
from pathlib import Path

import pytest

from hardware import open_backend, read_trace
from hardware.events import (DicePressed, HandBetween, HandLost, HandSettled, LinkDown, LinkUp)
from test_hw_cli import run
from hw_helpers import Sink

TRACES = Path(__file__).resolve().parents[2] / "wiring" / "traces"
NAMES = ["bounce", "lost-hand", "reconnect", "press-during-disconnect"]


def replay(name):
    sink = Sink()
    with open_backend(f"trace:{TRACES / name}.jsonl", sink) as hw:
        assert hw.wait(10)
    return sink.events


def test_the_library_has_every_recorded_scenario():
    assert sorted(p.stem for p in TRACES.glob("*.jsonl")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_trace_replays_to_its_recorded_events_in_time_order(name):
    events = replay(name)
    assert events == read_trace(TRACES / f"{name}.jsonl")
    assert isinstance(events[0], LinkUp)
    assert [e.t for e in events] == sorted(e.t for e in events)


@pytest.mark.parametrize("name", NAMES)
def test_nothing_arrives_while_the_link_is_down_and_the_hand_is_told_again_after(name):
    events, up = replay(name), True
    for prev, e in zip(events, events[1:]):
        if isinstance(e, LinkDown):
            up = False
        elif isinstance(e, LinkUp):
            up = True
        else:
            assert up, f"{e} while the link was down"
        if isinstance(prev, LinkUp):
            assert isinstance(e, HandSettled), "a (re)connected link announces the hand first"


def test_bounce_and_spikes_are_two_presses_not_more():
    assert len([e for e in replay("bounce") if isinstance(e, DicePressed)]) == 2


def test_a_lifted_hand_is_lost_then_settles_where_it_is_put_back():
    hand = [e for e in replay("lost-hand") if not isinstance(e, LinkUp)]
    assert hand == [HandSettled(3, hand[0].t), HandBetween((3, 4), 3, hand[1].t), HandSettled(4, hand[2].t),
                    HandLost(hand[3].t), HandSettled(7, hand[4].t)]


def test_a_hand_moved_while_unplugged_is_where_it_is_after_the_reconnect():
    events = replay("reconnect")
    assert [type(e) for e in events] == [LinkUp, HandSettled, LinkDown, LinkUp, HandSettled]
    assert events[-1].hour == 5


def test_a_press_during_a_disconnect_is_delivered_once_after_the_reconnect():
    events = replay("press-during-disconnect")
    after = events[max(i for i, e in enumerate(events) if isinstance(e, LinkUp)):]
    assert [e for e in events if isinstance(e, DicePressed)] == [e for e in after if isinstance(e, DicePressed)]
    assert len([e for e in after if isinstance(e, DicePressed)]) == 1


@pytest.mark.parametrize("name", ["bounce", "press-during-disconnect"])
def test_the_monitor_command_replays_a_library_trace(name):
    r = run(["monitor", "--backend", f"trace:{TRACES / name}.jsonl", "--json"])
    assert r.returncode == 0, r.stderr
    assert [json.loads(x) for x in r.stdout.splitlines()] == [e.to_dict() for e in replay(name)]
