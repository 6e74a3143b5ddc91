"""The hardware layer raises only its own errors (hardware/exc.py), each also the builtin it replaced,
so `except HardwareError` catches the layer's errors and old `except ValueError` callers still work."""
import ast
import inspect
from pathlib import Path

import pytest

from hardware import exc, open_backend
from hardware.debounce import ButtonDebouncer, hour_bit
from hardware.emulated import EmulatedBackend, read_trace
from hardware.events import event_from_dict
from hardware.pinmap import PinMap, load_pinmap
from hardware.protocol import frame
from hw_helpers import Sink

PKG = Path(__file__).resolve().parents[2] / "hardware"
BUILTINS = {"ValueError", "OSError", "RuntimeError", "TimeoutError", "IOError", "Exception",
            "KeyError", "TypeError"}
ERRORS = [c for _, c in inspect.getmembers(exc, inspect.isclass) if issubclass(c, exc.HardwareError)]


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_each_hardware_error_has_a_one_line_docstring_and_a_builtin_base(cls):
    doc = (cls.__doc__ or "").strip()
    assert doc and "\n" not in doc, f"{cls.__name__} needs a one-line docstring"
    if cls is not exc.HardwareError:
        assert any(b in cls.__mro__ for b in (ValueError, OSError, RuntimeError, TimeoutError)), cls


@pytest.mark.parametrize("path", sorted(PKG.glob("*.py")), ids=lambda p: p.name)
def test_hardware_modules_raise_no_bare_builtin_error(path):
    bare = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name) and target.id in BUILTINS:
                bare.append(f"line {node.lineno}: raise {target.id}")
    assert not bare, f"{path.name}: use hardware.exc instead: {bare}"


@pytest.mark.parametrize("make, cls, builtin", [
    (lambda: open_backend("bogus", Sink()), exc.BackendError, ValueError),
    (lambda: open_backend("serial:", Sink()), exc.BackendError, ValueError),
    (lambda: open_backend("trace:", Sink()), exc.BackendError, ValueError),
    (lambda: EmulatedBackend(Sink()).press(), exc.BackendNotStarted, RuntimeError),
    (lambda: PinMap(4, (5,)), exc.PinMapError, ValueError),
    (lambda: load_pinmap("/nonexistent/pins.json"), exc.PinMapError, ValueError),
    (lambda: load_pinmap({"button": "x", "hall": []}), exc.PinMapError, ValueError),
    (lambda: hour_bit(13), exc.BadReading, ValueError),
    (lambda: ButtonDebouncer(-1), exc.BadSetting, ValueError),
    (lambda: event_from_dict({"type": "Nope"}), exc.EventError, ValueError),
    (lambda: frame("A*B"), exc.FrameError, ValueError),
], ids=["unknown-backend", "serial-without-port", "trace-without-file", "emulator-not-started",
        "pin-map-short", "pin-map-missing-file", "pin-map-not-a-number", "hour-13", "negative-settle",
        "not-an-event", "star-in-body"])
def test_each_refusal_is_a_hardware_error_and_its_old_builtin(make, cls, builtin):
    with pytest.raises(cls) as info:
        make()
    assert isinstance(info.value, exc.HardwareError) and isinstance(info.value, builtin)


def test_a_bad_trace_line_is_a_trace_error_naming_the_line(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "HandLost", "t": 1.0}\n{"type": "Nope"}\n')
    with pytest.raises(exc.TraceError, match="bad.jsonl:2"):
        read_trace(bad)


def test_gpio_asked_for_where_there_is_none_is_an_os_error(monkeypatch):
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr("hardware.backend.glob.glob", lambda pattern: [])
    with pytest.raises(exc.GPIOUnavailable) as info:
        open_backend("gpio", Sink(), pin_factory=object())
    assert isinstance(info.value, OSError) and "emulated" in str(info.value)
