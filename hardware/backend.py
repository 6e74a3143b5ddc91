"""Backend base class, trace recording and `open_backend`, which picks gpio/serial/emulated/trace.

Choice mirrors gpiozero's pin factory: an explicit spec wins, else COMPANION_HW_BACKEND (the
systemd unit sets it), else a hand board on USB (the udev rule's /dev/companion-hand, or a Pico's
/dev/serial/by-id name), else GPIO on a Pi where gpiozero can drive /dev/gpiochip*, else the
emulator with a logged warning, so the app always starts on a laptop.
"""
from __future__ import annotations

import glob
import json
import logging
import os
import threading
import time
import warnings
from typing import Callable

from .exc import BackendError, GPIOUnavailable


log = logging.getLogger("hardware")

ENV_BACKEND = "COMPANION_HW_BACKEND"
# Stable names of a hand board on USB: our udev rule's, then what udev gives any Pico by itself.
SERIAL_CANDIDATES = ("/dev/companion-hand", "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_*",
                     "/dev/serial/by-id/usb-Raspberry_Pi_Pico*")
Callback = Callable[[object], None]


class Recorder:
    """Appends each event as one JSON line (flushed, so a crash keeps the trace up to it)."""

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        self._f = open(self.path, "a", encoding="utf-8")
        self._lock = threading.Lock()

    def write(self, event) -> None:
        line = json.dumps(event.to_dict(), separators=(",", ":"))
        with self._lock:
            if not self._f.closed:
                self._f.write(line + "\n")
                self._f.flush()

    def close(self) -> None:
        with self._lock:
            self._f.close()


class Backend:
    """Base class. Subclasses call `self._emit(event)`; the consumer's callback never breaks them.

    Lifecycle: construct (no events yet) -> `start()` -> events on background threads -> `close()`.
    Callbacks arrive on backend threads (the emulator: on the caller's thread); consumers must
    marshal them to their UI thread before touching widgets or the session.
    """

    name = "backend"

    def __init__(self, on_event: Callback, *, clock: Callable[[], float] = time.monotonic,
                 record: str | os.PathLike | None = None):
        self._on_event = on_event
        self.clock = clock
        self._recorder = Recorder(record) if record else None
        self._status = "idle"
        self._status_lock = threading.Lock()
        self.closed = False

    @property
    def status(self) -> str:
        """Short human status: "emulated", "gpio up", "serial up", "serial down", "reconnecting", ..."""
        with self._status_lock:
            return self._status

    def _set_status(self, s: str) -> None:
        with self._status_lock:
            self._status = s

    def _emit(self, event) -> None:
        if self._recorder is not None:
            self._recorder.write(event)
        try:
            self._on_event(event)
        except Exception:  # a consumer bug must not kill the reader or ticker thread
            log.exception("hardware event callback failed for %r", event)

    def start(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Stop threads, release pins/ports, close the trace. Idempotent."""
        if self.closed:
            return
        self.closed = True
        try:
            self._close()
        finally:
            self._set_status("closed")
            if self._recorder is not None:
                self._recorder.close()

    def _close(self) -> None:
        pass

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} status={self.status!r}>"


def gpio_available() -> tuple[bool, str]:
    """Whether gpiozero can drive GPIO here, with the reason and the fix when not (pinlib.check_gpio:
    each pin library is tried, since a module named lgpio can be an empty stub)."""
    from .pinlib import check_gpio
    check = check_gpio()
    return check.ok, check.reason


def serial_board() -> str | None:
    """The stable path of a plugged-in hand board, if there is one."""
    for pattern in SERIAL_CANDIDATES:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    return None


def resolve_spec(spec: str | None = None, env=None) -> tuple[str, bool]:
    """Return (spec, automatic). `None`/"auto" -> env var -> USB hand board -> GPIO if usable -> "emulated"."""
    env = os.environ if env is None else env
    if spec and spec != "auto":
        return spec, False
    spec = env.get(ENV_BACKEND, "").strip()
    if spec and spec != "auto":
        return spec, False
    port = serial_board()
    if port:
        return f"serial:{port}", True
    ok, why = gpio_available()
    if ok:
        return "gpio", True
    log.warning("no usable GPIO (%s); falling back to emulated hardware", why)
    return "emulated", True


BACKENDS = "gpio, serial:PORT, emulated, trace:FILE"


def spec_problem(spec: str | None, env=None) -> str | None:
    """What is wrong with the backend a user named (`--backend`, else $COMPANION_HW_BACKEND), or None. It
    opens nothing, so a typo is refused before a window opens instead of running on without hardware."""
    env = os.environ if env is None else env
    if not spec or spec == "auto":
        spec = env.get(ENV_BACKEND, "").strip()
    kind, colon, arg = (spec or "auto").partition(":")
    if kind == "auto" and not colon or kind in ("gpio", "emulated") and not colon or kind in ("serial", "trace") and arg:
        return None
    return f"unknown hardware backend {spec!r}; the backends are {BACKENDS}"


def open_backend(spec: str | None, on_event: Callback, *,
                 clock: Callable[[], float] = time.monotonic,
                 record: str | os.PathLike | None = None, automatic: bool | None = None, **options) -> Backend:
    """Build a backend (not started: call `start()` once you hold the reference).

    spec: "gpio" | "serial:PORT" | "emulated" | "trace:FILE" | "auto" | None.
    options go to the backend: gpio(pinmap=, pin_factory=, button_settle=, button_glitch=,
    button_spin=, hand_settle=), serial(baudrate=, heartbeat_timeout=, backoff=, backoff_max=),
    trace(realtime=, speed=).
    An automatic GPIO choice that fails to set up falls back to the emulator with a warning.
    automatic: `spec` was already resolved by `resolve_spec`, which said whether it chose it itself.
    """
    spec, auto = resolve_spec(spec) if automatic is None else (spec, automatic)
    kind, _, arg = spec.partition(":")
    common = dict(clock=clock, record=record)
    if kind == "emulated":
        from .emulated import EmulatedBackend
        return EmulatedBackend(on_event, **common, **options)
    if kind == "trace":
        from .emulated import TraceBackend
        if not arg:
            raise BackendError("trace backend needs a file: trace:FILE")
        return TraceBackend(arg, on_event, **common, **options)
    if kind == "serial":
        from .serial_link import SerialBackend
        if not arg:
            raise BackendError("serial backend needs a port: serial:/dev/companion-hand")
        return SerialBackend(arg, on_event, **common, **options)
    if kind == "gpio":
        try:
            with warnings.catch_warnings(record=True) as fallbacks:  # gpiozero's tries, said again on success
                warnings.simplefilter("always")
                from .gpio import GpioBackend
                backend = GpioBackend(on_event, **common, **options)
            for w in fallbacks:
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
            return backend
        except Exception as e:
            if not auto:
                ok, why = gpio_available()
                where = "" if ok else f"; {why}"
                raise GPIOUnavailable(f"no usable GPIO here: {e}{where}; or use --backend emulated or "
                                      "serial:PORT") from None
            log.warning("GPIO backend unavailable (%s); falling back to emulated hardware", e)
            from .emulated import EmulatedBackend
            return EmulatedBackend(on_event, **common)
    raise BackendError(f"unknown hardware backend {spec!r} ({BACKENDS})")
