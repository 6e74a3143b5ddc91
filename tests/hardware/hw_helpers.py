"""Shared helpers for the hardware tests: an event sink to wait on, a MockFactory fixture, and a
scripted microcontroller on the master end of a real pseudo-terminal."""
from __future__ import annotations

import os
import select
import threading
import time

import pytest

from hardware.protocol import LineParser, Ack, Hi, frame, frame_v1

TIMEOUT = 10.0   # generous: waits end as soon as the event arrives


class Sink:
    """Callable collecting events; tests wait on it instead of sleeping."""

    def __init__(self):
        self.events: list = []
        self._cond = threading.Condition()

    def __call__(self, e) -> None:
        with self._cond:
            self.events.append(e)
            self._cond.notify_all()

    def of(self, cls) -> list:
        with self._cond:
            return [e for e in self.events if isinstance(e, cls)]

    def wait_for(self, cls, n: int = 1, timeout: float = TIMEOUT) -> list:
        with self._cond:
            ok = self._cond.wait_for(lambda: len([e for e in self.events if isinstance(e, cls)]) >= n,
                                     timeout)
        assert ok, f"timed out waiting for {n} x {cls.__name__}; got {self.events}"
        return self.of(cls)


@pytest.fixture
def mock_factory():
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    old = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = old


class PtyDevice:
    """A scripted hand controller speaking the protocol on the master side of a pty.

    Its state (sequence counter, unacked presses, boot id) survives `unplug()`/`replug()`, like a
    device whose cable was pulled, while the pty (the "USB port") is destroyed and recreated.
    `link` is a symlink re-pointed on replug, like /dev/serial/by-id/... .
    """

    def __init__(self, link: str, *, boot: str = "B00T", proto: str = "2", heartbeat: float = 0.1,
                 legacy: bool = False):
        self.link, self.boot, self.proto, self.heartbeat = link, boot, proto, heartbeat
        self.frame = frame_v1 if legacy else frame     # legacy: a protocol-1 controller (XOR)
        self.seq = 0
        self.unacked: dict[int, bytes] = {}
        self.mask = 0
        self.deaf = False          # drop incoming ACKs (an ACK lost in the unplug)
        self.silent = False        # stop heartbeats
        self.his = 0
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self.master = self.slave = None
        self._threads: list = []
        self.replug()

    # -- transport ----------------------------------------------------------------------------
    def replug(self) -> None:
        self.master, self.slave = os.openpty()
        tmp = self.link + ".new"
        os.symlink(os.ttyname(self.slave), tmp)
        os.replace(tmp, self.link)       # atomic re-point, like udev updating by-id
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._reader, args=(self.master, self._stop), daemon=True),
                         threading.Thread(target=self._beater, args=(self._stop,), daemon=True)]
        for t in self._threads:
            t.start()

    def unplug(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(2)
        os.close(self.master)
        os.close(self.slave)
        self.master = None

    def close(self) -> None:
        if self.master is not None:
            self.unplug()

    def write(self, data: bytes) -> None:
        with self._lock:
            if self.master is not None:
                os.write(self.master, data)

    def send(self, body: str) -> None:
        self.write(self.frame(body))

    def _next(self) -> int:
        s, self.seq = self.seq, (self.seq + 1) % 65536
        return s

    # -- device actions -------------------------------------------------------------------------
    def press(self) -> int:
        with self._lock:
            seq = self._next()
            line = self.frame(f"BTN,{seq},PRESS")
            self.unacked[seq] = line
            if self.master is not None:
                os.write(self.master, line)
        return seq

    def set_mask(self, mask: int) -> None:
        with self._lock:
            self.mask = mask
            if self.master is not None:
                os.write(self.master, self.frame(f"HAND,{self._next()},{mask:03X}"))

    def wait_acked(self, timeout: float = TIMEOUT) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: not self.unacked, timeout), self.unacked

    def wait_hi(self, n: int, timeout: float = TIMEOUT) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: self.his >= n, timeout), self.his

    # -- threads ----------------------------------------------------------------------------------
    def _reader(self, master: int, stop: threading.Event) -> None:
        parser = LineParser()
        while not stop.is_set():
            r, _, _ = select.select([master], [], [], 0.02)
            if not r:
                continue
            try:
                data = os.read(master, 1024)
            except OSError:
                time.sleep(0.01)
                continue
            for msg in parser.feed(data):
                self._handle(msg)

    def _handle(self, msg) -> None:
        with self._changed:
            if isinstance(msg, Hi) and self.frame is frame_v1:
                pass                     # a protocol-1 firmware cannot read a CRC-framed HI
            elif isinstance(msg, Hi):
                self.his += 1
                out = [self.frame(f"HELLO,{self.proto},scripted-1,{self.boot}"),
                       self.frame(f"HAND,{self._next()},{self.mask:03X}"), *self.unacked.values()]
                os.write(self.master, b"".join(out))
            elif isinstance(msg, Ack) and not self.deaf:
                self.unacked.pop(msg.seq, None)
            self._changed.notify_all()

    def _beater(self, stop: threading.Event) -> None:
        while not stop.wait(self.heartbeat):
            if not self.silent:
                with self._lock:
                    os.write(self.master, self.frame(f"HB,{self._next()}"))
