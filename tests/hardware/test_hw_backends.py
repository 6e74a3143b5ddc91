"""Emulated backend, trace record/replay and automatic backend choice."""
import logging

import pytest

from hardware import open_backend, read_trace, resolve_spec
from hardware.emulated import EmulatedBackend, TraceBackend
from hardware.events import (DiceHeld, DicePressed, HandBetween, HandFault, HandLost, HandSettled,
                             LinkUp)
from hw_helpers import Sink, mock_factory  # noqa: F401  (fixture)


def play(hw):
    hw.press()
    hw.set_hand(3)
    hw.set_mask(0b1100)
    hw.set_mask(0b101)
    hw.lose_hand()
    hw.set_hand(12)
    hw.press(0.25)


def test_the_emulator_gives_the_same_events_a_player_would_get_from_real_hardware():
    sink = Sink()
    hw = open_backend("emulated", sink)
    hw.start()
    play(hw)
    hw.close()
    assert [type(e) for e in sink.events] == [LinkUp, DicePressed, DiceHeld, HandSettled,
                                              HandBetween, HandFault, HandLost, HandSettled,
                                              DicePressed, DiceHeld]
    assert sink.of(HandBetween)[0].hours == (3, 4) and sink.of(HandBetween)[0].last_hour == 3
    assert sink.of(DiceHeld)[-1].duration == pytest.approx(0.25)
    assert hw.status == "closed"


def test_the_emulator_refuses_an_impossible_hour():
    with open_backend("emulated", Sink()) as hw:
        assert hw.status == "emulated"
        with pytest.raises(ValueError):
            hw.set_hand(13)


def test_a_recorded_trace_replays_to_the_same_events(tmp_path):
    trace = tmp_path / "game.jsonl"
    live = Sink()
    with open_backend("emulated", live, record=trace) as hw:
        play(hw)
    assert read_trace(trace) == live.events
    replayed = Sink()
    with open_backend(f"trace:{trace}", replayed) as rp:
        assert rp.wait(10)
        assert rp.status == "trace done"
    assert replayed.events == live.events


def test_realtime_replay_keeps_the_recorded_pace(tmp_path):
    trace = tmp_path / "t.jsonl"
    trace.write_text('{"type":"DicePressed","t":10.0,"source":"x"}\n'
                     '{"type":"DicePressed","t":10.2,"source":"x"}\n')
    sink = Sink()
    import time
    start = time.monotonic()
    with TraceBackend(trace, sink, realtime=True) as rp:
        assert rp.wait(10)
    assert time.monotonic() - start >= 0.19
    assert len(sink.events) == 2


def test_a_corrupt_trace_is_refused_with_its_line_number(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"HandLost","t":1}\n{"type":"Bogus"}\n')
    with pytest.raises(ValueError, match="bad.jsonl:2"):
        open_backend(f"trace:{bad}", Sink())


def test_the_environment_variable_picks_the_backend(monkeypatch):
    monkeypatch.setenv("COMPANION_HW_BACKEND", "serial:/dev/companion-hand")
    assert resolve_spec(None) == ("serial:/dev/companion-hand", False)
    assert resolve_spec("emulated") == ("emulated", False)


def test_a_plugged_in_hand_board_is_chosen_before_gpio(monkeypatch):
    monkeypatch.delenv("COMPANION_HW_BACKEND", raising=False)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    present = {"/dev/companion-hand"}
    monkeypatch.setattr("hardware.backend.glob.glob", lambda pattern: [pattern] if pattern in present else [])
    assert resolve_spec("auto") == ("serial:/dev/companion-hand", True)
    present.clear()
    assert resolve_spec("auto") == ("gpio", True)


def test_without_gpio_the_app_falls_back_to_the_emulator_with_a_warning(monkeypatch, caplog):
    monkeypatch.delenv("COMPANION_HW_BACKEND", raising=False)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr("hardware.backend.glob.glob", lambda pattern: [])
    with caplog.at_level(logging.WARNING, logger="hardware"):
        hw = open_backend(None, Sink())
    assert isinstance(hw, EmulatedBackend)
    assert "falling back to emulated" in caplog.text


def test_with_a_gpio_pin_factory_the_automatic_choice_is_gpio(monkeypatch, mock_factory):
    monkeypatch.delenv("COMPANION_HW_BACKEND", raising=False)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    hw = open_backend(None, Sink())
    try:
        assert hw.name == "gpio"
    finally:
        hw.close()


def test_an_unknown_backend_is_refused():
    with pytest.raises(ValueError, match="unknown hardware backend"):
        open_backend("bluetooth", Sink())
